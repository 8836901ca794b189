"""``puntobanco learn``: the terminal trainer over the drills of ``puntobanco.learn``.

A menu of the drills and the round's settings; rounds of timed questions
(``tui.drilling``); after each round its score, its speed, the cells to work on
and a review of every mistake with why. Each round is a drill of one seed:
the next round takes the next seed, and a round can be played again.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from typing import ClassVar, Final, TypeVar

from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from puntobanco.counts import SYSTEMS
from puntobanco.explain import bet_name
from puntobanco.i18n import Lang, t
from puntobanco.i18n.numbers import number
from puntobanco.learn import KINDS, Drill, Settings, make_drill, score, weak_cells
from puntobanco.learn.pay import Dealer
from puntobanco.paytable import PAYTABLES
from puntobanco.rng import MAX_SEED
from puntobanco.shoe import SESSION_DECKS
from puntobanco.tui.base import panel
from puntobanco.tui.drilling import Answered, LearnScreen, QuestionScreen, verdict
from puntobanco.tui.render import coloured

CSS: Final = """
Screen { layout: vertical; }
#title { height: 1; text-style: bold; }
#menu { height: 1fr; border: round $primary; padding: 0 1; }
#question { height: auto; min-height: 5; max-height: 14; border: round $primary; padding: 0 1; }
#answer { height: 3; margin: 0 1; }
#feedback { height: auto; max-height: 10; border: round $primary; padding: 0 1; }
#review_text { padding: 0 1; }
#footer { dock: bottom; height: 3; }
#prompt { height: 1; text-style: bold; }
#message { height: 1; }
#hints { height: 1; }
"""

#: The settings the menu cycles through, the first of each the default.
QUESTIONS: Final = (10, 20, 5)
SECONDS: Final[tuple[int | None, ...]] = (20, 30, 60, 10, None)
#: A seed drawn when none is given: short enough to type again (``--seed``).
NEW_SEEDS: Final = 1_000_000
T = TypeVar("T")


def cycle(values: Sequence[T], current: T) -> T:
    """The value after ``current`` in ``values`` (the first after the last)."""
    index = values.index(current) if current in values else -1
    return values[(index + 1) % len(values)]


class LearnApp(App[None]):
    """The trainer. ``seed`` is the first round's (None: drawn); ``clock`` gives
    seconds (tests pass their own)."""

    CSS: ClassVar[str] = CSS
    ENABLE_COMMAND_PALETTE: ClassVar[bool] = False

    def __init__(
        self,
        *,
        lang: Lang,
        seed: int | None = None,
        decks: int = SESSION_DECKS,
        paytable: str | None = None,
        system: str = "dragon7",
        true_count: bool = False,
        questions: int = QUESTIONS[0],
        seconds: int | None = SECONDS[0],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.lang: Lang = lang
        self.seed = secrets.randbelow(NEW_SEEDS) if seed is None else seed
        self.settings = Settings(
            decks=decks, paytable=paytable, system=system, true_count=true_count
        )
        self.questions = questions
        self.seconds = seconds
        self.clock = clock
        self.title = t("learn.tui.app_title", lang)

    def on_mount(self) -> None:
        self.push_screen(MenuScreen())

    def start(self, kind: str, seed: int) -> None:
        """A round of ``kind`` from ``seed``, in place of the screen on top of the menu."""
        drill = make_drill(kind, seed=seed, count=self.questions, settings=self.settings)
        self.seed = (seed + 1) % (MAX_SEED + 1)  # the next round's

        def done(answered: list[Answered]) -> None:
            self.switch_screen(ReviewScreen(drill, answered))

        screen = QuestionScreen(drill, seconds=self.seconds, clock=self.clock, done=done)
        if isinstance(self.screen, MenuScreen):
            self.push_screen(screen)
        else:
            self.switch_screen(screen)


class MenuScreen(LearnScreen):
    """The drills, and the settings of the next round."""

    @property
    def trainer(self) -> LearnApp:
        """The app, typed."""
        app = self.app
        assert isinstance(app, LearnApp)
        return app

    def compose(self) -> ComposeResult:
        yield Static(self.tr("learn.tui.app_title"), id="title", markup=False)
        yield panel("menu")
        yield from self.footer()

    def on_mount(self) -> None:
        self.refresh_all()

    def on_screen_resume(self) -> None:
        self.refresh_all()

    def refresh_all(self) -> None:
        super().refresh_all()
        app = self.trainer
        lines = [
            f"[{i}] {self.tr('learn.kind.' + kind.replace('-', '_'))}"
            for i, kind in enumerate(KINDS, 1)
        ]
        seconds = (
            self.tr("learn.tui.menu.seconds", s=app.seconds)
            if app.seconds is not None
            else self.tr("learn.tui.menu.untimed")
        )
        settings = app.settings
        paytable = (
            self.tr("learn.tui.menu.each")
            if settings.paytable is None
            else self.tr(f"paytable.{settings.paytable}")
        )
        system = bet_name(SYSTEMS[settings.system].bet, self.lang)
        ask = self.tr("learn.tui.menu.true" if settings.true_count else "learn.tui.menu.running")
        lines += [
            "",
            self.tr("learn.tui.menu.round", n=app.questions, time=seconds),
            self.tr("learn.tui.menu.paytable", paytable=paytable),
            self.tr("learn.tui.menu.count", system=system, ask=ask),
            self.tr("learn.tui.menu.seed", seed=app.seed),
        ]
        self.query_one("#menu", Static).update(coloured("\n".join(lines), self.lang))
        self.set_text("prompt", self.tr("learn.tui.prompt.menu", high=len(KINDS)))

    def keys(self) -> dict[str, str]:
        drills = {str(i): f"drill:{kind}" for i, kind in enumerate(KINDS, 1)}
        settings = {"n": "questions", "s": "seconds", "p": "paytable", "c": "count"}
        return drills | settings | {"q": "quit", "escape": "quit"}

    def hints(self) -> str:
        return self.tr("learn.tui.keys.menu", high=len(KINDS))

    def act(self, action: str) -> None:
        app = self.trainer
        settings = app.settings
        if action == "quit":
            app.exit()
            return
        if action.startswith("drill:"):
            app.start(action.split(":", 1)[1], app.seed)
            return
        if action == "questions":
            app.questions = cycle(QUESTIONS, app.questions)
        elif action == "seconds":
            app.seconds = cycle(SECONDS, app.seconds)
        elif action == "paytable":
            tables: list[str | None] = [None, *sorted(PAYTABLES)]
            app.settings = Settings(
                decks=settings.decks,
                paytable=cycle(tables, settings.paytable),
                system=settings.system,
                true_count=settings.true_count,
            )
        else:
            counts = [(name, ask) for name in sorted(SYSTEMS) for ask in (False, True)]
            system, true_count = cycle(counts, (settings.system, settings.true_count))
            app.settings = Settings(
                decks=settings.decks,
                paytable=settings.paytable,
                system=system,
                true_count=true_count,
            )
        self.refresh_all()


class ReviewScreen(LearnScreen):
    """A round's score and speed, the cells to work on, and each mistake with why."""

    def __init__(self, drill: Drill, answered: list[Answered]) -> None:
        super().__init__()
        self.drill = drill
        self.answered = answered

    def compose(self) -> ComposeResult:
        name = self.tr(f"learn.name.{self.drill.kind.replace('-', '_')}")
        title = self.tr("learn.tui.review.title", drill=name, seed=self.drill.seed)
        yield Static(title, id="title", markup=False)
        with VerticalScroll():
            yield Static("", id="review_text", markup=False)
        yield from self.footer()

    def on_mount(self) -> None:
        text = "\n".join(review_lines(self.drill, self.answered, self.lang))
        self.query_one("#review_text", Static).update(coloured(text, self.lang))
        self.set_text("prompt", self.tr("learn.tui.prompt.round_over"))
        self.refresh_all()

    def keys(self) -> dict[str, str]:
        return {
            "enter": "new",
            "r": "again",
            "m": "menu",
            "escape": "menu",
            "q": "quit",
            "up": "up",
            "down": "down",
        }

    def hints(self) -> str:
        return self.tr("learn.tui.keys.review")

    def act(self, action: str) -> None:
        app = self.app
        assert isinstance(app, LearnApp)
        if action == "new":
            app.start(self.drill.kind, app.seed)
        elif action == "again":
            app.start(self.drill.kind, self.drill.seed)
        elif action == "menu":
            app.pop_screen()
        elif action == "quit":
            app.exit()
        elif action == "up":
            self.query_one(VerticalScroll).scroll_up()
        else:
            self.query_one(VerticalScroll).scroll_down()


def review_lines(drill: Drill, answered: list[Answered], lang: Lang) -> list[str]:
    """The review of a round, line by line."""
    results = [a.result for a in answered]
    total = score(results)
    seconds = sum(a.seconds for a in answered)
    per = seconds / max(1, len(answered))
    lines = [
        t(
            "learn.tui.review.score",
            lang,
            correct=total.correct,
            count=total.questions,
            percent=total.percent,
            seconds=number(seconds, lang),
            per=number(per, lang, 1),
        )
    ]
    rounds = [a.result.question for a in answered]
    bets = sum(len(q.bets) for q in rounds if isinstance(q, Dealer))
    if bets:
        right = sum(a.bets_right for a in answered)
        lines.append(
            t(
                "learn.tui.review.bets",
                lang,
                right=right,
                count=bets,
                per=number(seconds / bets, lang, 1),
            )
        )
    weak = weak_cells(results)
    if weak:
        lines += ["", t("learn.tui.review.weak", lang)]
        lines += [
            "  " + t("learn.tui.review.cell", lang, cell=q.cell_words(lang), wrong=w, asked=n)
            for q, w, n in weak
        ]
    mistakes = [a for a in answered if not a.result.correct]
    lines += ["", t("learn.tui.review.mistakes" if mistakes else "learn.tui.review.perfect", lang)]
    for a in mistakes:
        q = a.result.question
        lines += ["", f"{q.id}. {q.text(lang)}", verdict(a.result, a.given, lang)]
    return lines
