"""The casino table and the virtual croupier: bankrolls, chips, the coup card by card."""

from __future__ import annotations

from fractions import Fraction

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Static

from puntobanco.coup import Outcome
from puntobanco.explain import outcome_name
from puntobanco.paytable import Amount, format_amount
from puntobanco.tui.base import GameScreen, panel
from puntobanco.tui.games import CasinoCoup, CasinoGame
from puntobanco.tui.render import coup_lines, history_line, road_lines, roads_title, signed

CHIPS = (5, 10, 20, 50, 100, 500)
BOX_KEYS = {"p": "punto", "b": "banco", "t": "egalite", "e": "egalite", "i": "egalite"}


class CasinoScreen(GameScreen):
    """Seats and bankrolls, the coup, the shoe's roads and its coups."""

    def __init__(self, game: CasinoGame) -> None:
        super().__init__()
        self.game = game
        self.croupier = game.mode == "croupier"
        self.chip = 1  # index in CHIPS: 10
        self.revealing: CasinoCoup | None = None
        self.shown = 0
        self.before: dict[str, Amount] = {}
        self.done: CasinoCoup | None = None
        self.timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="title", markup=False)
        with Horizontal(id="top"):
            yield panel("scores", self.tr("tui.panel.seats"), "left")
            yield panel("coup", self.tr("tui.panel.coup"), "right")
        with Horizontal(id="bottom"):
            yield panel("roads", roads_title(self.lang), "left")
            yield panel("history", self.tr("tui.panel.shoe_history"), "right")
        yield from self.footer()

    def on_mount(self) -> None:
        if self.game.shoes == 1 and not self.game.actions:
            burn = self.game.burn
            self.say(self.tr("tui.casino.burn", card=burn.turned.pretty, n=len(burn.burned)))
        self.refresh_all()

    # -- keys ----------------------------------------------------------------

    @property
    def betting(self) -> bool:
        return self.revealing is None

    def keys(self) -> dict[str, str]:
        keys = {"r": "roads"}
        if self.revealing is not None:
            if not self.croupier:
                keys.update({"enter": "card", "space": "card", "a": "all"})
            return keys
        keys.update({k: f"bet:{box}" for k, box in BOX_KEYS.items()})
        keys.update(
            {
                "plus": "up",
                "+": "up",
                "equals_sign": "up",
                "minus": "down",
                "-": "down",
                "x": "clear",
                "enter": "deal",
                "space": "deal",
                "q": "leave",
            }
        )
        return keys

    def hints(self) -> str:
        if self.revealing is not None:
            key = "tui.keys.croupier_dealing" if self.croupier else "tui.keys.deal"
            return self.tr(key) + "\n" + self.tr("tui.keys.roads_only")
        return self.tr("tui.keys.casino")

    def act(self, action: str) -> None:
        name, _, arg = action.partition(":")
        game = self.game
        if name == "roads":
            self.game_app.show_roads([c.coup for c in game.history])
            return
        if name == "bet":
            amount = CHIPS[self.chip]
            game.apply(["bet", arg, amount])
            self.game_app.save(finished=False)
            box = outcome_name(Outcome(arg), self.lang)
            self.say(self.tr("tui.casino.bet", amount=amount, box=box))
        elif name in ("up", "down"):
            step = 1 if name == "up" else -1
            self.chip = max(0, min(len(CHIPS) - 1, self.chip + step))
            self.say(self.tr("tui.casino.chip", amount=CHIPS[self.chip]))
        elif name == "clear":
            game.apply(["clear"])
            self.say(self.tr("tui.casino.cleared"))
        elif name == "deal":
            self.deal()
            return
        elif name == "card":
            self.reveal(1)
            return
        elif name == "all":
            self.reveal(6)
            return
        elif name == "leave":
            self.game_app.save(finished=True)
            self.game_app.show_ranking(game.balances, money=True)
            return
        self.refresh_all()

    def deal(self) -> None:
        """Bets closed: deal the coup, then show it card by card."""
        game = self.game
        if game.shoe.finished:
            game.apply(["shoe"])
            burn = game.burn
            self.say(self.tr("tui.casino.new_shoe", card=burn.turned.pretty, n=len(burn.burned)))
            self.game_app.save(finished=False)
            self.refresh_all()
            return
        self.before = {s.name: s.bankroll for s in game.seats}
        self.bets_before = {s.name: dict(s.bets) for s in game.seats}
        coup = game.apply(["deal"])
        assert coup is not None
        self.game_app.save(finished=False)
        self.revealing = coup
        self.bets_before = {n: dict(coup_bets(coup, n)) for n in coup.settlements}
        self.shown = 0
        self.done = None
        self.say(self.tr("tui.casino.no_more_bets"))
        if self.croupier:
            delay = self.game_app.card_delay
            if delay <= 0:
                self.reveal(6)
                return
            self.timer = self.set_interval(delay, lambda: self.reveal(1))
        self.refresh_all()

    def reveal(self, n: int) -> None:
        """Turn ``n`` more cards of the coup (the whole coup's worth at most)."""
        coup = self.revealing
        if coup is None:
            return
        self.shown = min(len(coup.coup.cards), self.shown + n)
        if self.shown >= len(coup.coup.cards):
            if self.timer is not None:
                self.timer.stop()
                self.timer = None
            self.revealing = None
            self.done = coup
            if self.game.shoe.finished:
                self.say(self.tr("tui.casino.last_coup"))
            else:
                self.say("")
        self.refresh_all()

    # -- drawing -------------------------------------------------------------

    def refresh_all(self) -> None:
        super().refresh_all()
        game = self.game
        mode = self.tr("tui.mode.croupier" if self.croupier else "tui.mode.casino")
        title = self.tr(
            "tui.title.casino",
            mode=mode,
            shoe=game.shoes,
            n=game.coups_in_shoe,
            left=game.shoe.remaining,
        )
        self.set_text("title", title + "  " + self.tr("tui.seed", seed=game.seed))
        self.set_text("scores", "\n".join(self.seat_lines()))
        if self.revealing is not None:
            cards = self.revealing.coup.cards[: self.shown]
            self.set_text("coup", "\n".join(coup_lines(cards, self.lang)))
        elif self.done is not None:
            self.set_text("coup", "\n".join(coup_lines(self.done.coup.cards, self.lang)))
        else:
            self.set_text("coup", self.tr("tui.casino.place_bets"))
        coups = [c.coup for c in game.history if c is not self.revealing]
        self.set_text("roads", "\n".join(road_lines(coups, self.lang)))
        history = [history_line(c.number, c.coup, self.lang) for c in game.history]
        if self.revealing is not None:
            history = history[:-1]
        self.set_text("history", "\n".join(history[-7:]) or self.tr("tui.history.empty"))
        self.set_text("prompt", self.prompt())

    def seat_lines(self) -> list[str]:
        lines = [self.tr("tui.seats.header")]
        for seat in self.game.seats:
            if self.revealing is not None:
                bank = self.before[seat.name]
                bets = self.bets_before.get(seat.name, {})
                net = ""
            else:
                bank = seat.bankroll
                bets = seat.bets
                net = signed(seat.last_net) if self.done is not None else ""
            on = " ".join(
                f"{outcome_name(box, self.lang)[0]}{format_amount(a)}" for box, a in bets.items()
            )
            style = f"({self.tr('tui.style.' + seat.style)})" if seat.style else ""
            lines.append(f"{seat.name[:8]:<8} {format_amount(bank):>7} {on:<10}{net:>6}")
            if style:
                lines[-1] = f"{lines[-1]} {style}"[:34]
        return lines

    def prompt(self) -> str:
        if self.revealing is not None:
            return self.tr("tui.casino.dealing")
        return self.tr("tui.casino.prompt", amount=CHIPS[self.chip])


def coup_bets(coup: CasinoCoup, name: str) -> dict[Outcome, Amount]:
    """The bets a seat had on the layout for ``coup``."""
    bets: dict[Outcome, Amount] = {}
    for s in coup.settlements[name]:
        stake = s.bet.stake
        bets[s.bet.box] = stake if isinstance(stake, int) else Fraction(stake)
    return bets
