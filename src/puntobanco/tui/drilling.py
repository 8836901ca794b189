"""The trainer's question screen: one question of a drill at a time, timed, answered
by a key or a typed answer, checked by the drill and explained at once.

The screen shows what the question shows and turns keys and typed text into the
answers the drill reads (``"draw"``, ``"banco"``, cents for an amount); whether
an answer is right, and why, is the drill's to say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol, runtime_checkable

from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from puntobanco.cards import Card
from puntobanco.coup import Outcome, Side
from puntobanco.explain import announce, bet_name, outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.learn import Drill, Question, Result, typed_cents
from puntobanco.learn.count import Count
from puntobanco.learn.hands import Call, ThirdCard, Totals, Winner
from puntobanco.learn.pay import Dealer, Payout, Placed
from puntobanco.learn.question import number
from puntobanco.learn.shown import cards_text, money, signed_number
from puntobanco.paytable import box_from_key
from puntobanco.tui.base import GameScreen, panel
from puntobanco.tui.render import coloured, fit

#: Keys that answer a third-card question and a winner question (the game's keys
#: for the boxes: T, E and I are all Égalité).
DRAW_KEYS: Final = {"1": "draw", "2": "stand"}
WINNER_KEYS: Final = {"p": "punto", "b": "banco", "t": "egalite", "e": "egalite", "i": "egalite"}
#: A dealer's layout of more bets than this takes two columns, each this wide.
ONE_COLUMN: Final = 5
COLUMN: Final = 37


@dataclass(frozen=True, slots=True)
class Answered:
    """One question of a round as the learner answered it: the drill's verdict,
    the answer as the learner gave it ("" when the time ran out), the seconds it
    took, and for a dealer's round how many bets were paid right."""

    result: Result
    given: str
    seconds: float
    bets_right: int = 0


@runtime_checkable
class Trainer(Protocol):
    """What the trainer's screens ask of their app (``tui.learn.LearnApp``)."""

    lang: Lang


class LearnScreen(GameScreen):
    """A screen of the trainer: the game's screens' keys, words and messages,
    in the trainer's language."""

    @property
    def lang(self) -> Lang:
        app = self.app
        assert isinstance(app, Trainer), "the trainer's screens run inside LearnApp"
        return app.lang


class QuestionScreen(LearnScreen):
    """The questions of ``drill`` one by one, each within ``seconds`` (None: no
    limit, per bet for a dealer's round); ``done`` receives the round once the
    last question is answered; ``clock`` gives the time in seconds."""

    def __init__(
        self,
        drill: Drill,
        *,
        seconds: int | None,
        clock: Callable[[], float],
        done: Callable[[list[Answered]], None],
    ) -> None:
        super().__init__()
        self.drill = drill
        self.seconds = seconds
        self.clock = clock
        self.done = done
        self.answered: list[Answered] = []
        self.index = 0
        self.started = 0.0
        self.waiting = False  # the verdict is shown; Enter goes on
        self.bet_answers: list[str] = []  # a dealer's round: the nets given so far, in cents
        self.bet_texts: list[str] = []

    @property
    def question(self) -> Question:
        """The question on screen."""
        return self.drill.questions[self.index]

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        yield panel("question")
        yield Input(id="answer")
        with VerticalScroll(id="feedback"):
            yield Static("", id="feedback_text", markup=False)
        yield from self.footer()

    def on_mount(self) -> None:
        self.show_question()
        self.set_interval(0.5, self.tick)

    # -- showing ----------------------------------------------------------------

    def typed(self) -> bool:
        """Whether the question on screen is answered by typing."""
        return not isinstance(self.question, ThirdCard | Winner)

    def limit(self) -> float | None:
        """The seconds this question has (a dealer's round: per bet)."""
        if self.seconds is None:
            return None
        q = self.question
        return self.seconds * (len(q.bets) if isinstance(q, Dealer) else 1)

    def show_question(self) -> None:
        """Put the current question on screen and start its time."""
        self.waiting = False
        self.bet_answers, self.bet_texts = [], []
        self.started = self.clock()
        self.query_one("#feedback", VerticalScroll).display = False
        field = self.query_one("#answer", Input)
        field.display = self.typed()
        field.value = ""
        if self.typed():
            field.focus()
        else:
            self.set_focus(None)
        self.say("")
        self.redraw()

    def redraw(self) -> None:
        """The title, the question, its prompt and its keys."""
        q = self.question
        score = sum(a.result.correct for a in self.answered)
        self.set_text(
            "title",
            self.tr(
                "learn.tui.title",
                drill=self.tr(f"learn.name.{self.drill.kind.replace('-', '_')}"),
                n=self.index + 1,
                count=len(self.drill.questions),
                score=score,
                seed=self.drill.seed,
            ),
        )
        box = self.query_one("#question", Static)
        wrong = None
        if self.waiting and isinstance(q, Dealer):
            wrong = set(q.wrong_bets(self.answered[-1].result.given))
        lines = question_lines(q, self.lang, self.bet_texts, wrong)
        box.update(coloured("\n".join(lines), self.lang))
        self.set_text("prompt", self.prompt_text())
        self.show_time()
        self.refresh_all()

    def prompt_text(self) -> str:
        """What the learner is asked now."""
        q = self.question
        if self.waiting:
            last = self.index + 1 == len(self.drill.questions)
            return self.tr("learn.tui.prompt.review" if last else "learn.tui.prompt.next")
        if isinstance(q, Dealer):
            bet = q.bets[len(self.bet_answers)]
            return self.tr(
                "learn.tui.prompt.bet",
                i=len(self.bet_answers) + 1,
                n=len(q.bets),
                bet=q.bet_words(bet, self.lang),
            )
        if isinstance(q, Payout):  # its paytable is on screen, above the coup
            box = bet_name(box_from_key(q.box), self.lang)
            return self.tr("learn.tui.prompt.payout", stake=money(q.stake, self.lang), box=box)
        return q.prompt(self.lang)

    def hints(self) -> str:
        if self.waiting:
            return self.tr("learn.tui.keys.next")
        q = self.question
        if isinstance(q, ThirdCard):
            draw, stand = (self.tr(f"learn.answer.{a}") for a in ("draw", "stand"))
            return self.tr("learn.tui.keys.third_card", draw=draw, stand=stand)
        if isinstance(q, Winner):
            return self.tr("learn.tui.keys.winner")
        if isinstance(q, Call):
            return self.tr("learn.tui.keys.call")
        if isinstance(q, Payout | Dealer):
            return self.tr("learn.tui.keys.amount")
        return self.tr("learn.tui.keys.number")

    def show_time(self) -> None:
        """The seconds left, under the question."""
        limit = self.limit()
        box = self.query_one("#question", Static)
        if limit is None or self.waiting:
            box.border_subtitle = ""
            return
        left = max(0, int(limit - (self.clock() - self.started) + 0.999))
        box.border_subtitle = self.tr("learn.tui.left", s=left)

    # -- time ---------------------------------------------------------------------

    def tick(self) -> None:
        """Count the seconds down; at zero the question is lost."""
        if self.waiting:
            return
        limit = self.limit()
        if limit is not None and self.clock() - self.started >= limit:
            self.time_up()
        else:
            self.show_time()

    def time_up(self) -> None:
        """The time ran out: the question is wrong, with its answer and why."""
        if not self.waiting:
            self.record(None, "")

    # -- answering --------------------------------------------------------------

    def keys(self) -> dict[str, str]:
        if self.waiting:
            return {"enter": "next", "space": "next", "escape": "menu", "up": "up", "down": "down"}
        q = self.question
        keys = {"escape": "menu"}
        if isinstance(q, ThirdCard):
            keys |= {k: f"answer:{v}" for k, v in DRAW_KEYS.items()}
        elif isinstance(q, Winner):
            keys |= {k: f"answer:{v}" for k, v in WINNER_KEYS.items()}
        return keys

    def act(self, action: str) -> None:
        if action == "menu":
            self.app.pop_screen()
        elif action == "next":
            self.next_question()
        elif action in ("up", "down"):
            feedback = self.query_one("#feedback", VerticalScroll)
            feedback.scroll_up() if action == "up" else feedback.scroll_down()
        elif action.startswith("answer:"):
            value = action.split(":", 1)[1]
            q = self.question
            shown = (
                self.tr(f"learn.answer.{value}")
                if isinstance(q, ThirdCard)
                else outcome_name(Outcome(value), self.lang)
            )
            self.record(value, shown)

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and isinstance(self.focused, Input):
            event.stop()
            self.act("menu")
            return
        super().on_key(event)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        q = self.question
        if isinstance(q, Call):
            self.record(text, text)
            return
        if isinstance(q, Payout | Dealer):
            cents = typed_cents(text)
            if cents is None:
                self.say("! " + self.tr("learn.tui.not_amount", text=text))
                return
            if isinstance(q, Dealer):
                self.pay_bet(q, cents, text)
                return
            self.record(cents, text)
            return
        if number(text) is None or (number(text) or 0).denominator != 1:
            self.say("! " + self.tr("learn.tui.not_number", text=text))
            return
        self.record(text, text)

    def pay_bet(self, q: Dealer, cents: str, text: str) -> None:
        """One bet of a dealer's round paid; the round is graded after the last."""
        self.bet_answers.append(cents)
        self.bet_texts.append(text)
        self.say("")
        if len(self.bet_answers) < len(q.bets):
            self.redraw()
            return
        self.record(list(self.bet_answers), "; ".join(self.bet_texts))

    def record(self, answer: object, given: str) -> None:
        """Grade ``answer`` and show the verdict with its why."""
        q = self.question
        seconds = self.clock() - self.started
        result = Result(q, answer, answer is not None and q.check(answer))
        right = q.right(answer) if isinstance(q, Dealer) else int(result.correct)
        self.answered.append(Answered(result, given, seconds, right))
        self.waiting = True
        field = self.query_one("#answer", Input)
        field.display = False
        self.set_focus(None)
        self.query_one("#feedback", VerticalScroll).display = True
        text = coloured(verdict(result, given, self.lang), self.lang)
        self.query_one("#feedback_text", Static).update(text)
        self.say("")
        self.redraw()

    def next_question(self) -> None:
        """The next question, or the round's review after the last."""
        if self.index + 1 < len(self.drill.questions):
            self.index += 1
            self.show_question()
        else:
            self.done(self.answered)


def verdict(result: Result, given: str, lang: Lang) -> str:
    """Right or wrong, the right answer, and why (a dealer's round: the bets paid
    right, and why each bet paid wrong nets what it does)."""
    q = result.question
    if isinstance(q, Dealer):
        wrong = q.wrong_bets(result.given)
        head = t(
            "learn.tui.bets_right",
            lang,
            mark="✓" if result.correct else "✗",
            right=len(q.bets) - len(wrong),
            n=len(q.bets),
        )
        lines = [head]
        lines += [
            t("learn.tui.bet_why", lang, bet=bet_line(q.bets[i], lang), why=q.bet_why(i, lang))
            for i in wrong
        ]
        return "\n".join(lines)
    answer = q.shown(lang)
    if result.correct:
        head = t("learn.tui.right", lang, answer=answer)
    elif not given:
        head = t("learn.tui.timeout", lang, answer=answer)
    else:
        head = t("learn.tui.wrong", lang, given=given, answer=answer)
    return f"{head}\n{q.why(lang)}"


def hand_line(side: Side, cards: tuple[Card, ...], lang: Lang, extra: str = "") -> str:
    """``Punto   4♥ 9♣`` and what follows."""
    line = f"{outcome_name(side, lang):<8}{cards_text(cards, lang)}"
    return f"{line}   {extra}" if extra else line


def question_lines(
    q: Question, lang: Lang, given: list[str], wrong: set[int] | None = None
) -> list[str]:
    """What a question shows, line by line (``given``: a dealer's nets as typed so
    far; ``wrong``, once graded: the bets paid wrong)."""
    if isinstance(q, ThirdCard):
        third = q.punto_third
        extra = t("learn.tui.third", lang, card=cards_text([third], lang)) if third else ""
        return [
            hand_line(Side.PUNTO, q.coup.punto.cards[:2], lang, extra),
            hand_line(Side.BANCO, q.coup.banco.cards[:2], lang),
        ]
    if isinstance(q, Totals):
        return [hand_line(q.hand, q.cards, lang)]
    if isinstance(q, Winner):
        return [t("learn.tui.in_order", lang), "  " + cards_text(q.coup.cards, lang)]
    if isinstance(q, Call):
        return [
            hand_line(Side.PUNTO, q.coup.punto.cards, lang),
            hand_line(Side.BANCO, q.coup.banco.cards, lang),
        ]
    if isinstance(q, Count):
        lines = [t("learn.tui.run", lang), "  " + cards_text(q.cards, lang)]
        if q.cards_left is not None:
            lines.append(
                t("learn.tui.run_true", lang, start=signed_number(q.before), left=q.cards_left)
            )
        return lines
    assert isinstance(q, Payout | Dealer), q
    coup = q.coup
    lines = [
        t(f"paytable.{q.paytable}", lang),
        hand_line(Side.PUNTO, coup.punto.cards, lang, f"({coup.punto.total})"),
        hand_line(Side.BANCO, coup.banco.cards, lang, f"({coup.banco.total})"),
        announce(coup, lang),
    ]
    if isinstance(q, Payout):
        return lines
    return [*lines, *layout_lines(q, lang, given, wrong)]


def layout_lines(q: Dealer, lang: Lang, given: list[str], wrong: set[int] | None) -> list[str]:
    """The bets of a dealer's layout: the one to pay marked, those paid with the net
    given, and once graded (``wrong``: the bets paid wrong) a tick, or a cross and
    the right net."""
    one_column = len(q.bets) <= ONE_COLUMN
    cells = []
    for i, (bet, net) in enumerate(zip(q.bets, q.nets, strict=True)):
        mark = "▶ " if i == len(given) and wrong is None else "  "
        paid = f" → {given[i]}" if i < len(given) else ""
        if wrong is not None:
            paid += f" ✗ {money(net, lang, sign=True)}" if i in wrong else " ✓"
        shown = q.bet_words(bet, lang) if one_column else bet_line(bet, lang)
        cells.append(f"{mark}{shown}{paid}")
    if one_column:
        return cells
    half = (len(cells) + 1) // 2
    left, right = cells[:half], cells[half:]
    return [fit(a, COLUMN) + " " + fit(b, COLUMN) for a, b in zip(left, [*right, ""], strict=False)]


def bet_line(bet: Placed, lang: Lang) -> str:
    """``12. Banco 25.00``: a seat, a box, a stake."""
    return f"{bet.seat:>2}. {bet_name(box_from_key(bet.box), lang)} {money(bet.stake, lang)}"
