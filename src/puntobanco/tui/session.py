"""The 10-deal session on one screen: predictions hidden in turn, then the deal
card by card; with physical cards (``assist``) the host types each card."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Static

from puntobanco.coup import expected
from puntobanco.errors import InvalidCardError, PuntoBancoError
from puntobanco.explain import expect_sentence, outcome_name
from puntobanco.tui.base import panel
from puntobanco.tui.games import Reveal, SessionView
from puntobanco.tui.help import HELP_KEYS, TableScreen
from puntobanco.tui.render import (
    coup_lines,
    fit,
    history_line,
    road_lines,
    roads_title,
    signed,
)

#: Keys for a prediction; ``Outcome.parse`` also reads e (Égalité) and i (Igualdad).
BOX_KEYS = {"p": "punto", "b": "banco", "t": "egalite", "e": "egalite", "i": "egalite"}


class CardInput(Input):
    """The host's card field: Backspace on an empty field takes the last card back."""

    def on_key(self, event: events.Key) -> None:
        """Catch Backspace on an empty field before the field's own binding, and Escape."""
        if event.key == "escape":
            event.stop()
            screen = self.screen
            if isinstance(screen, SessionScreen):
                screen.act("quit")
            return
        if event.key == "backspace" and not self.value:
            event.stop()
            event.prevent_default()
            screen = self.screen
            if isinstance(screen, SessionScreen):
                screen.undo()


class SessionScreen(TableScreen):
    """Scores and predictions, the coup, the roads and the history; 80x24."""

    def __init__(self, game: SessionView) -> None:
        super().__init__()
        self.game = game
        self.physical = game.physical
        self.order: list[str] = []  # who predicted, in order, for Backspace
        self.quitting = False  # Q pressed once: a second Q saves and quits

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        with Horizontal(id="top"):
            yield panel("scores", self.tr("tui.panel.scores"), "left")
            yield panel("coup", self.tr("tui.panel.coup"), "right")
        with Horizontal(id="bottom"):
            yield panel("roads", roads_title(self.lang), "left")
            yield panel("history", self.tr("tui.panel.history"), "right")
        if self.physical:
            field = CardInput(placeholder=self.tr("tui.assist.placeholder"), id="card")
            field.display = False
            yield field
        yield from self.footer()

    def on_mount(self) -> None:
        rows = len(self.game.scores) + 1  # a line per participant and the header
        if rows > 7:  # more than the layout's 7 lines: the top grows, every name stays
            self.query_one("#top").styles.height = rows + 2
            if self.physical:  # the card field takes a line: the bottom gives it
                self.query_one("#bottom").styles.height = 7
        self.after_change()

    # -- keys ----------------------------------------------------------------

    def current(self) -> str | None:
        """The participant whose prediction is asked now."""
        waiting = self.game.waiting
        return waiting[0] if waiting and self.game.showing is Reveal.PREDICTIONS else None

    def keys(self) -> dict[str, str]:
        showing = self.game.showing
        keys = {"q": "quit", "r": "roads", **HELP_KEYS}
        if showing is Reveal.PREDICTIONS:
            keys.update({k: f"predict:{box}" for k, box in BOX_KEYS.items()})
            if self.game.predictions:
                keys["backspace"] = "unpredict"
        elif showing is Reveal.CARDS and not self.physical:
            keys.update({"enter": "card", "space": "card", "a": "all"})
        elif showing is Reveal.RESULT:
            keys.update({"enter": "next", "space": "next"})
            if self.physical:
                keys["backspace"] = "undo"
        elif showing is Reveal.RANKING:
            keys.update({"enter": "ranking", "space": "ranking"})
            if self.physical:
                keys["backspace"] = "undo"
        return keys

    def hints(self) -> str:
        showing = self.game.showing
        parts = []
        if showing is Reveal.PREDICTIONS:
            parts.append(self.tr("tui.keys.predict"))
        elif showing is Reveal.CARDS:
            parts.append(self.tr("tui.keys.type_card" if self.physical else "tui.keys.deal"))
        elif showing is Reveal.RESULT:
            parts.append(self.tr("tui.keys.next"))
        else:
            parts.append(self.tr("tui.keys.ranking"))
        if self.physical and showing is not Reveal.PREDICTIONS:
            parts.append(self.tr("tui.keys.undo"))
        typing = self.physical and showing is Reveal.CARDS
        return "  ".join(parts) + "\n" + self.tr("tui.keys.typing" if typing else "tui.keys.common")

    def act(self, action: str) -> None:
        name, _, arg = action.partition(":")
        if name == "quit" and not self.quitting:
            self.quitting = True  # stopping ends the screen: ask first
            self.say(self.tr("tui.confirm.quit"))
            return
        self.quitting = False
        if name == "quit":
            self.game_app.save(finished=False)
            self.app.exit()
            return
        if name == "help":
            self.help()
            return
        if name == "roads":
            self.game_app.show_roads([coup for _, coup in self.game.results])
            return
        if name == "predict":
            who = self.current()
            assert who is not None
            self.game.predict(who, arg)
            self.order.append(who)
            if self.game.showing is Reveal.CARDS:
                self.say(self.tr("tui.bets_closed"))
            else:
                self.say(self.tr("tui.noted", name=who))
        elif name == "unpredict":
            # take back the last prediction of this deal (before bets close)
            known = [n for n in self.order if n in self.game.predictions]
            last = (known or list(self.game.predictions))[-1]
            self.game.withdraw(last)
            self.say(self.tr("tui.unnoted", name=last))
        elif name == "card":
            self.game.next_card()
            self.say("")
        elif name == "all":
            while self.game.showing is Reveal.CARDS:
                self.game.next_card()
            self.say("")
        elif name == "next":
            self.game.next_deal()
            self.order = []
            self.say("")
        elif name == "undo":
            self.undo()
            return
        elif name == "ranking":
            self.game_app.save(finished=True)
            self.game_app.show_ranking(self.game.scores, coups=self.game.results)
            return
        self.game_app.save(finished=False)
        self.after_change()

    def undo(self) -> None:
        """Take the last card back (physical cards only)."""
        try:
            self.game.undo()
            self.game_app.save(finished=False)
        except PuntoBancoError as error:
            self.refuse(error)
            return
        self.say(self.tr("tui.assist.undone"))
        self.after_change()

    def after_change(self) -> None:
        """Redraw, and move the focus to the card field when cards are expected."""
        self.refresh_all()
        if self.physical:
            field = self.query_one("#card", CardInput)
            dealing = self.game.showing is Reveal.CARDS
            field.display = dealing
            if dealing:
                field.focus()
            else:
                self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed card: taken, or refused with the reason."""
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        try:
            self.game.next_card(text)
            self.game_app.save(finished=False)
        except PuntoBancoError as error:
            if error.key == "error.card.invalid":  # the short form fits the message line
                error = InvalidCardError("tui.error.card", text=text)
            self.refuse(error)
            return
        self.say("")
        self.after_change()

    # -- drawing -------------------------------------------------------------

    def refresh_all(self) -> None:
        super().refresh_all()
        a = self.game
        mode = self.tr("tui.mode.assist" if self.physical else "tui.mode.session")
        title = self.tr("tui.title.session", mode=mode, n=a.deal_number, deals=a.deals)
        if self.game.seed is not None:
            title += "  " + self.tr("tui.seed", seed=self.game.seed)
        self.set_text("title", title)
        self.show_commitment(self.game.seed, self.game.commitment)
        api = self.game.api_table
        self.show_shoe_check(None if api is None else api.events, self.game.seed)
        self.set_text("scores", "\n".join(self.score_lines()))
        self.paint("coup", "\n".join(self.coup_text()))
        coups = [coup for _, coup in a.results]
        self.paint("roads", "\n".join(road_lines(coups, self.lang)))
        shown = self.query_one("#history").content_size.height or 6
        history = [history_line(n, coup, self.lang) for n, coup in a.results][-shown:]
        self.set_text("history", "\n".join(history) or self.tr("tui.history.empty"))
        self.set_text("prompt", self.prompt())

    def score_lines(self) -> list[str]:
        a = self.game
        lines = [self.tr("tui.scores.header")]
        nets = a.nets
        for name, score in a.scores.items():
            box = a.predictions.get(name)
            if a.showing is Reveal.PREDICTIONS:
                mark = self.tr("tui.hidden") if box is not None else "…"
                if name == self.current():
                    mark = "▶ " + self.tr("tui.your_turn")
            else:
                mark = outcome_name(box, self.lang) if box is not None else "-"
            net = signed(nets[name], self.lang) if name in nets else ""
            lines.append(f"{fit(name, 10)} {signed(score, self.lang):>6}  {mark:<9}{net:>5}")
        return lines

    def coup_text(self) -> list[str]:
        a = self.game
        if a.showing is Reveal.PREDICTIONS:
            return [self.tr("tui.predictions_open"), "", self.tr("tui.stake_rules")]
        return coup_lines(a.cards, self.lang)

    def prompt(self) -> str:
        a = self.game
        who = self.current()
        if who is not None:
            return self.tr("tui.prompt.predict", name=who)
        if a.showing is Reveal.CARDS:
            nxt = expected(a.cards)
            key = "tui.prompt.type_card" if self.physical else "tui.prompt.deal"
            return self.tr(key, what=expect_sentence(nxt, self.lang))
        if a.showing is Reveal.RANKING:
            return self.tr("tui.prompt.finished")
        return self.tr("tui.prompt.settled")
