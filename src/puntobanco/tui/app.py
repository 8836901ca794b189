"""The Textual app: the opening screen, names, the game screens, roads, ranking."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from itertools import zip_longest
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

from puntobanco.assist import MAX_PARTICIPANTS, MIN_PARTICIPANTS, check_names
from puntobanco.coup import Coup
from puntobanco.engine import Engine
from puntobanco.errors import IllegalActionError, PuntoBancoError
from puntobanco.explain import outcome_name
from puntobanco.games import CasinoTable, Game, Session, open_game
from puntobanco.i18n import Lang, t
from puntobanco.paytable import Amount
from puntobanco.roads import build_roads, render_roads
from puntobanco.store import open_store
from puntobanco.table.names import check_name
from puntobanco.table.standings import ranking
from puntobanco.tui.base import GameScreen, panel
from puntobanco.tui.games import (
    MAX_BOTS,
    AssistGame,
    Reveal,
    SessionView,
    TableCasino,
    TableSession,
)
from puntobanco.tui.help import TextScreen
from puntobanco.tui.render import signed

#: Tables that ``play`` opens are named ``play-<format>-<time>`` in the store.
TABLE_PREFIX = "play-"

CSS = """
Screen { layout: vertical; }
#title { height: 1; text-style: bold; }
#top { height: 9; }
CasinoScreen #top { height: 10; }
#bottom { height: 8; }
.left { width: 38; height: 100%; border: round $primary; padding: 0 1; }
.right { width: 1fr; height: 100%; border: round $primary; padding: 0 0 0 1; }
#footer { dock: bottom; height: 5; }
#prompt { height: 1; text-style: bold; }
#message { height: 2; }
#hints { height: 2; }
#card { height: 1; border: none; padding: 0 1; }
#banner { height: auto; padding: 1 0 1 10; }
#menu { height: auto; padding: 0 2; }
#names_box { height: auto; padding: 0 4; }
#name { width: 40; margin: 0 4; }
#ranking { height: auto; padding: 1 2; }
#roads_text { padding: 0 1; }
"""

BANNER = """\
 ____              _          ____
|  _ \\ _   _ _ __ | |_ ___   | __ )  __ _ _ __   ___ ___
| |_) | | | | '_ \\| __/ _ \\  |  _ \\ / _` | '_ \\ / __/ _ \\
|  __/| |_| | | | | || (_) | | |_) | (_| | | | | (_| (_) |
|_|    \\__,_|_| |_|\\__\\___/  |____/ \\__,_|_| |_|\\___\\___/"""


class PuntoBancoApp(App[None]):
    """``puntobanco play`` / ``puntobanco assist``.

    ``db`` is the event store's file (None: the games are not kept); every
    game, assisted sessions included, is a table there.
    """

    CSS: ClassVar[str] = CSS
    ENABLE_COMMAND_PALETTE: ClassVar[bool] = False

    def __init__(
        self,
        *,
        lang: Lang,
        seed: int | None = None,
        db: Path | None = None,
        resume: bool = False,
        assist: bool = False,
        decks: int = 8,
        reshuffle: bool = False,
        card_delay: float = 0.6,
        engine: Engine | None = None,
        paytable: str = "standard",
        side_bets: Sequence[str] = (),
    ) -> None:
        super().__init__()
        #: An engine shared with other front-ends (a web table, a script): new
        #: tables open there, and the screen is redrawn after each of their commits.
        self.engine = engine
        self._unsubscribe: Callable[[], None] | None = None
        self.lang: Lang = lang
        self.seed = seed
        self.db = db
        self.resume = resume
        self.assist = assist
        self.decks = decks
        self.reshuffle = reshuffle
        self.card_delay = card_delay
        #: The paytable of new casino and croupier tables, and their side bets.
        self.paytable = paytable
        self.side_bets = tuple(side_bets)
        self.game: SessionView | TableCasino | None = None
        self.title = t("tui.app_title", lang)

    def on_mount(self) -> None:
        if self.resume:
            game = self.find_unfinished()
            if game is not None:
                self.start(game, new=False)
                return
            if self.assist:
                self.push_screen(NamesScreen(notice=t("tui.nothing_to_resume", self.lang)))
            else:
                self.push_screen(TitleScreen(notice=t("tui.nothing_to_resume", self.lang)))
            return
        if self.assist:
            self.push_screen(NamesScreen())
        else:
            self.push_screen(TitleScreen())

    def on_unmount(self) -> None:
        """Release the table's store."""
        game = self.game
        if isinstance(game, TableSession):
            game.session.close()
        elif isinstance(game, TableCasino):
            game.table.close()
        elif isinstance(game, AssistGame):
            game.close()

    # -- games ---------------------------------------------------------------

    def find_unfinished(self) -> SessionView | TableCasino | None:
        """The last game left before its end, from the store (assisted sessions
        with ``assist``, the others without)."""
        if self.db is None or not self.db.exists():
            return None
        engine = Engine(self.db)
        try:
            prefix = f"{TABLE_PREFIX}assist-"
            found = [
                info.table
                for info in engine.unfinished()
                if info.table.startswith(TABLE_PREFIX)
                and (info.table.startswith(prefix) == self.assist)
            ]
        except BaseException:
            engine.shutdown()
            raise
        if self.assist:
            if not found:
                engine.shutdown()
                return None
            return AssistGame(engine, found[-1])
        engine.shutdown()
        for name in reversed(found):
            game = open_game(name, db=self.db)
            if game.finished:
                game.close()
                continue
            if isinstance(game, Session):
                return TableSession(game)
            assert isinstance(game, CasinoTable)
            person = min(game.players, key=lambda p: p.seat).name
            return TableCasino(game, person)
        return None

    def new_table(self, mode: str, seed: int | None = None) -> str:
        """A name for a new table in the store: ``play-session-20261202-101500``,
        or ``play-session-seed-7`` for a seeded game: a table's shoes are derived
        from its seed and its name, so the same seed replays the same game."""
        when = f"seed-{seed}" if seed is not None else time.strftime("%Y%m%d-%H%M%S")
        name = f"{TABLE_PREFIX}{mode}-{when}"
        if self.engine is not None:
            taken = set(self.engine.store.tables())
        elif self.db is None:
            return name
        else:
            with closing(open_store(self.db)) as store:
                taken = set(store.tables())
        unique, n = name, 1
        while unique in taken:
            n += 1
            unique = f"{name}-{n}"
        return unique

    def new_session(self, names: Sequence[str]) -> SessionView:
        """A new session: with the table's shoes, or the host's cards (``assist``)."""
        if self.assist:
            return AssistGame.open(
                names,
                decks=self.decks,
                reshuffle=self.reshuffle,
                db=self.db,
                table=self.new_table("assist"),
            )
        db = self.engine if self.engine is not None else self.db
        seed = self.seed  # None: provably fair, the seats contribute from secrets
        session = Session(names, seed=seed, db=db, table=self.new_table("session", seed))
        return TableSession(session)

    def new_casino(self, person: str, *, bots: int, croupier: bool) -> TableCasino:
        """A new casino table (or the virtual croupier's)."""
        mode = "croupier" if croupier else "casino"
        seed = self.seed  # None: provably fair shoes, as in new_session
        return TableCasino.open(
            person,
            bots=bots,
            croupier=croupier,
            seed=seed,
            db=self.engine if self.engine is not None else self.db,
            table=self.new_table(mode, seed),
            paytable=self.paytable,
            side_bets=self.side_bets,
        )

    def start(self, game: SessionView | TableCasino, *, new: bool = True) -> None:
        """Show ``game``'s screen."""
        from puntobanco.tui.casino import CasinoScreen
        from puntobanco.tui.session import SessionScreen

        self.game = game
        table = game.api_table
        if table is not None and table.shoe_waits():
            self._await_shoe(game, table, new=new)
            return
        if isinstance(game, TableCasino):
            game.lang = self.lang  # its money in the player's language
        self.save(finished=False)
        self._follow(game)
        screen: GameScreen
        if isinstance(game, TableCasino):
            screen = CasinoScreen(game)
        elif game.showing is Reveal.RANKING:
            screen = RankingScreen(game.scores, coups=game.results)
        else:
            screen = SessionScreen(game)
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def _await_shoe(self, game: SessionView | TableCasino, table: Game, *, new: bool) -> None:
        """Show ``game`` once its shoe is shuffled (a game reopened between its
        seats' commitments and their reveals waits out the reveal time)."""
        self.notify(t("tui.shuffling", self.lang))

        def tick() -> None:
            if table.tick_shoe():
                timer.stop()
                self.start(game, new=new)

        timer = self.set_interval(0.25, tick)

    def _follow(self, game: SessionView | TableCasino) -> None:
        """Redraw the screen after each commit to the game's table by anyone."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if isinstance(game, TableCasino):
            engine, table = game.table.engine, game.table.name
        elif isinstance(game, TableSession):
            engine, table = game.session.engine, game.session.name
        elif isinstance(game, AssistGame):
            engine, table = game.engine, game.table
        else:
            return

        def redraw(_committed: object) -> None:
            screen = self.screen
            if isinstance(screen, GameScreen) and screen.is_mounted:
                screen.refresh_all()

        def on_commit(committed: object) -> None:
            try:
                self.call_from_thread(redraw, committed)
            except RuntimeError:  # the app's own thread: once the screen has acted
                self.call_later(redraw, committed)

        self._unsubscribe = engine.subscribe(table, on_commit)

    def save(self, *, finished: bool) -> None:
        """Every table keeps itself; an assisted session that is ``finished`` closes."""
        game = self.game
        if finished and isinstance(game, AssistGame):
            game.finish()

    def action_help_quit(self) -> None:
        """Ctrl+C: Textual's own hint, in the player's language."""
        self.notify(self.tr_ctrl_c(), title=t("tui.ctrl_c.title", self.lang))

    def tr_ctrl_c(self) -> str:
        """The Ctrl+C hint."""
        return t("tui.ctrl_c", self.lang)

    def show_roads(self, coups: Sequence[Coup]) -> None:
        """The five roads of the current shoe, full size."""
        text = "\n".join(render_roads(build_roads(coups), self.lang))
        back = ("escape", "r", "q", "enter")
        self.push_screen(TextScreen("tui.title.roads", text, "tui.keys.roads", back, "roads_text"))

    def show_ranking(
        self,
        scores: Mapping[str, Amount],
        *,
        money: Callable[[Amount], str] | None = None,
        coups: Sequence[tuple[int, Coup]] = (),
    ) -> None:
        """The final ranking, with shared wins, and the last coups."""
        self.switch_screen(RankingScreen(scores, money=money, coups=coups))


class TitleScreen(GameScreen):
    """Names the game, Punto and Banco, whatever the language; chooses the format."""

    def __init__(self, notice: str = "") -> None:
        super().__init__()
        self.notice = notice

    def compose(self) -> ComposeResult:
        yield Static(BANNER, id="banner", markup=False)
        yield Static("", id="menu", markup=False)
        yield from self.footer()

    def on_mount(self) -> None:
        menu = [
            self.tr("tui.subtitle"),
            "",
            self.tr("tui.menu.session", low=MIN_PARTICIPANTS, high=MAX_PARTICIPANTS),
            self.tr("tui.menu.casino"),
            self.tr("tui.menu.croupier"),
            self.tr("tui.menu.quit"),
        ]
        self.set_text("menu", "\n".join(menu))
        self.set_text("prompt", self.tr("tui.prompt.choose"))
        self.say(self.notice)
        self.refresh_all()

    def keys(self) -> dict[str, str]:
        return {"1": "session", "2": "casino", "3": "croupier", "q": "quit", "escape": "quit"}

    def hints(self) -> str:
        return self.tr("tui.keys.title")

    def act(self, action: str) -> None:
        if action == "quit":
            self.app.exit()
        elif action == "session":
            self.app.push_screen(NamesScreen())
        else:
            self.app.push_screen(CasinoSetupScreen(croupier=action == "croupier"))


class NamesScreen(GameScreen):
    """Participants' names first: one per line, an empty line starts."""

    def __init__(self, notice: str = "") -> None:
        super().__init__()
        self.names: list[str] = []
        self.notice = notice

    def compose(self) -> ComposeResult:
        yield Static(self.tr("tui.title.names"), id="title", markup=False)
        yield Static("", id="names_box", markup=False)
        yield Input(placeholder=self.tr("tui.names.placeholder"), id="name")
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        self.say(self.notice)
        self.refresh_all()

    def refresh_all(self) -> None:
        super().refresh_all()
        lines = [f"{i}. {name}" for i, name in enumerate(self.names, 1)]
        self.set_text("names_box", "\n".join(lines) or self.tr("tui.names.none"))
        n = len(self.names) + 1
        key = "tui.prompt.name_more" if len(self.names) >= MIN_PARTICIPANTS else "tui.prompt.name"
        self.set_text("prompt", self.tr(key, n=n, low=MIN_PARTICIPANTS, high=MAX_PARTICIPANTS))

    def hints(self) -> str:
        return self.tr("tui.keys.names")

    def on_key(self, event: object) -> None:
        from textual import events

        assert isinstance(event, events.Key)
        if event.key == "escape":
            event.stop()
            if self.game_app.assist:  # the first screen: nothing to go back to
                self.app.exit()
            else:
                self.app.pop_screen()
            return
        field = self.query_one("#name", Input)
        if event.key == "backspace" and not field.value and self.names:
            event.stop()
            event.prevent_default()
            self.say(self.tr("tui.names.removed", name=self.names.pop()))
            self.refresh_all()
            return
        super().on_key(event)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        event.input.value = ""
        app = self.game_app
        try:
            if not name:
                app.start(app.new_session(check_names(self.names)))
                return
            name = check_name(name)  # the tables' rule: 1 to 24 printable characters
            check_names([*self.names, name, *(["?"] if not self.names else [])])
        except PuntoBancoError as error:
            if name and isinstance(error, IllegalActionError) and "participants" in error.key:
                self.refuse(IllegalActionError("tui.error.too_many", high=MAX_PARTICIPANTS))
            else:
                self.refuse(error)
            return
        self.names.append(name)
        self.say(self.tr("tui.names.added", name=name))
        self.refresh_all()


class CasinoSetupScreen(GameScreen):
    """The person's name, then how many computer-played seats."""

    def __init__(self, *, croupier: bool) -> None:
        super().__init__()
        self.croupier = croupier
        self.player = ""

    def compose(self) -> ComposeResult:
        mode = self.tr("tui.mode.croupier" if self.croupier else "tui.mode.casino")
        yield Static(self.tr("tui.title.setup", mode=mode), id="title", markup=False)
        yield Static(self.tr("tui.casino.rules"), id="names_box", markup=False)
        yield Input(value=self.tr("tui.you"), id="name")
        yield from self.footer()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        self.set_text("prompt", self.tr("tui.prompt.your_name"))
        self.refresh_all()

    def hints(self) -> str:
        return self.tr("tui.keys.your_name" if not self.player else "tui.keys.bots")

    def keys(self) -> dict[str, str]:
        if not self.player:
            return {"escape": "back"}
        return {str(n): f"bots:{n}" for n in range(MAX_BOTS + 1)} | {"escape": "back"}

    def on_key(self, event: object) -> None:
        from textual import events

        assert isinstance(event, events.Key)
        if event.key == "escape":
            event.stop()
            self.app.pop_screen()
            return
        super().on_key(event)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.refuse(IllegalActionError("error.assist.empty_name"))
            return
        self.player = name[:12]
        event.input.display = False
        self.set_focus(None)
        self.set_text("prompt", self.tr("tui.prompt.bots", high=MAX_BOTS))
        self.say("")
        self.refresh_all()

    def act(self, action: str) -> None:
        if action == "back":
            self.app.pop_screen()
            return
        bots = int(action.split(":")[1])
        app = self.game_app
        app.start(app.new_casino(self.player, bots=bots, croupier=self.croupier))


class RankingScreen(GameScreen):
    """The final ranking: equal leaders share the win (seed 004)."""

    def __init__(
        self,
        scores: Mapping[str, Amount],
        *,
        money: Callable[[Amount], str] | None = None,
        coups: Sequence[tuple[int, Coup]] = (),
    ) -> None:
        super().__init__()
        self.scores = dict(scores)
        self.money = money
        self.coups = list(coups)[-10:]

    def compose(self) -> ComposeResult:
        yield Static(self.tr("tui.title.ranking"), id="title", markup=False)
        yield panel("ranking")
        yield from self.footer()

    def won(self, standing: Any) -> bool:
        """A leader wins, but nobody wins with an empty bankroll."""
        return bool(standing.winner) and (self.money is None or standing.score > 0)

    def on_mount(self) -> None:
        standings = ranking(self.scores)
        lines = []
        for s in standings:
            mark = self.tr("tui.ranking.winner") if self.won(s) else ""
            score = self.money(s.score) if self.money else signed(s.score, self.lang)
            lines.append(f"{s.rank:>2}. {s.name:<14} {score:>10}  {mark}")
        winners = [s.name for s in standings if self.won(s)]
        lines.append("")
        if not winners:
            lines.append(self.tr("tui.ranking.none"))
        elif len(winners) > 1:
            lines.append(self.tr("tui.ranking.shared", names=", ".join(winners)))
        else:
            lines.append(self.tr("tui.ranking.single", name=winners[0]))
        if self.coups:
            lines += ["", self.tr("tui.ranking.deals")]
            cells = [
                f"{n:>2}. {outcome_name(c.outcome, self.lang):<8} "
                + self.tr("tui.ranking.points", banco=c.banco.total, punto=c.punto.total)
                for n, c in self.coups
            ]
            half = (len(cells) + 1) // 2
            for left, right in zip_longest(cells[:half], cells[half:], fillvalue=""):
                lines.append(f"{left:<34}{right}")
        self.set_text("ranking", "\n".join(lines))
        self.set_text("prompt", self.tr("tui.prompt.ranking"))
        self.refresh_all()

    def keys(self) -> dict[str, str]:
        return {"q": "quit", "escape": "quit", "enter": "quit", "n": "new"}

    def hints(self) -> str:
        return self.tr("tui.keys.end")

    def act(self, action: str) -> None:
        if action == "quit":
            self.app.exit()
        else:
            self.app.switch_screen(TitleScreen())
