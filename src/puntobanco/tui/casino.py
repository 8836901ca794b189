"""The casino table and the virtual croupier: bankrolls, chips, the coup card by card."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Static

from puntobanco.coup import Coup, Outcome
from puntobanco.errors import IllegalActionError
from puntobanco.explain import bet_name, outcome_name
from puntobanco.i18n import Lang
from puntobanco.paytable import Box, box_from_key
from puntobanco.table.describe import describe
from puntobanco.table.events import Event, PuntoCardsHanded, ShoeHolderChanged
from puntobanco.tui.base import panel
from puntobanco.tui.games import BANKROLL, CHIPS, TableCasino
from puntobanco.tui.help import HELP_KEYS, TableScreen
from puntobanco.tui.render import (
    coup_lines,
    fit,
    history_line,
    road_lines,
    roads_title,
)

BOX_KEYS = {"p": "punto", "b": "banco", "t": "egalite", "e": "egalite", "i": "egalite"}


def box_mark(box: Box, lang: Lang | None) -> str:
    """A box in a seat's line: its name's initial (``B``), a side bet's initials
    (``PP`` for the Punto pair, ``DBB`` for the Dragon Bonus on Banco, ``D7``)."""
    if isinstance(box, Outcome):
        return outcome_name(box, lang)[0]
    return "".join(part[0] for part in box.split("_")).upper()


class CasinoScreen(TableScreen):
    """Seats and bankrolls, the coup, the shoe's roads and its coups."""

    def __init__(self, game: TableCasino) -> None:
        super().__init__()
        self.game = game
        self.croupier = game.croupier
        self.chip = 1  # index in CHIPS: 10.00
        self.revealing: Coup | None = None
        self.shown = 0
        self.done: Coup | None = None
        self.history: list[tuple[int, Coup]] = []
        self.timer: Timer | None = None
        self.clock: Timer | None = None
        self.left_before = 0  # the shoe's count before the coup being turned over
        self.commitment: str | None = None
        self.leaving = False  # Q pressed once: a second Q leaves the table

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
        self.shoe_number = self.game.table.shoe_number
        self.commitment = self.game.commitment  # the shoe on screen's, with its number
        self.left_before = self.game.table.cards_left
        self.history = list(enumerate(self.game.table.coups, 1))
        if not self.history:  # a shoe just shuffled; resumed mid-shoe, it is no news
            self.announce_burn("tui.casino.burn")
        if self.croupier:
            self.clock = self.set_interval(0.5, self.croupier_clock)
            coup = self.game.tick()  # the croupier's countdown starts (or it deals)
            if coup is not None:
                self.start_reveal(coup)
                return
        self.refresh_all()

    def announce_burn(self, key: str, *then: str) -> None:
        """The new shoe's burn on the message line, followed by ``then``."""
        burn = self.game.burn
        if burn is not None:
            self.say(
                " ".join(
                    [self.tr(key, card=burn.turned.shown(self.lang), n=len(burn.burned)), *then]
                )
            )

    def sentence(self, kind: type[Event]) -> list[str]:
        """The coup's event of ``kind`` in words, if it has one (seed 002: who received
        Punto's cards in the coup just dealt, the shoe passing to the next player after it)."""
        event = self.game.coup_event(kind)
        return [] if event is None else [describe(event, self.game.table.config, self.lang)]

    # -- keys ----------------------------------------------------------------

    def keys(self) -> dict[str, str]:
        keys = {"r": "roads", **HELP_KEYS}
        if self.revealing is not None:
            if not self.croupier:
                keys.update({"enter": "card", "space": "card", "a": "all"})
            return keys
        keys.update({k: f"bet:{box}" for k, box in BOX_KEYS.items()})
        keys.update({key: f"bet:{box}" for key, box in self.side_keys().items()})
        keys.update(
            {
                "plus": "up",
                "equals_sign": "up",
                "minus": "down",
                "x": "clear",
                "enter": "deal",
                "space": "deal",
                "q": "leave",
            }
        )
        if self.broke():
            keys["dollar_sign"] = "rebuy"
        return keys

    def side_keys(self) -> dict[str, str]:
        """The keys of the side bets the table offers: 1, 2... in the table's order."""
        offered = self.game.table.config.offered_side_bets
        return {str(n): box for n, box in enumerate(offered[:9], 1)}

    def side_lines(self) -> list[str]:
        """One line per side bet: its key, its name and its limits."""
        config = self.game.table.config
        lines = []
        for key, box in self.side_keys().items():
            low, high = config.limits(box)
            name = bet_name(box, self.lang)
            lines.append(f"[{key}] {name}  {self.game.money(low)}-{self.game.money(high)}")
        return lines

    def broke(self) -> bool:
        """The person has nothing left to bet (a rebuy is offered)."""
        game = self.game
        return not self.croupier and game.table.balances.get(game.person) == 0

    def hints(self) -> str:
        if self.revealing is not None:
            key = "tui.keys.croupier_dealing" if self.croupier else "tui.keys.deal"
            return self.tr(key) + "\n" + self.tr("tui.keys.roads_only")
        return self.tr("tui.keys.croupier" if self.croupier else "tui.keys.casino")

    def act(self, action: str) -> None:
        name, _, arg = action.partition(":")
        game = self.game
        if name == "leave" and not self.leaving:
            self.leaving = True  # leaving ends the game: ask first
            self.say(self.tr("tui.confirm.leave"))
            return
        self.leaving = False
        if name == "help":
            self.help()
            return
        if name == "rebuy":
            game.table.rebuy(game.person, BANKROLL)
            self.say(self.tr("tui.casino.rebought", amount=game.money(BANKROLL)))
            self.refresh_all()
            return
        if name == "roads":
            self.game_app.show_roads([coup for _, coup in self.shown_history()])
            return
        if name in ("bet", "clear"):
            self.done = None  # the layout shows the coming coup's bets again
        if name == "bet":
            amount = CHIPS[self.chip]
            game.bet(box_from_key(arg), amount)
            box = bet_name(box_from_key(arg), self.lang)
            self.say(self.tr("tui.casino.bet", amount=game.money(amount), box=box))
        elif name in ("up", "down"):
            step = 1 if name == "up" else -1
            self.chip = max(0, min(len(CHIPS) - 1, self.chip + step))
            self.say(self.tr("tui.casino.chip", amount=game.money(CHIPS[self.chip])))
        elif name == "clear":
            game.clear()
            self.say(self.tr("tui.casino.cleared"))
        elif name == "deal":
            if self.croupier:
                if not game.table.bets(game.person):
                    raise IllegalActionError("tui.error.bet_first")
                if game.person not in game.table.state.readied:
                    game.ready()  # the others (the bots) are once they have bet
                coup = game.tick()
                if coup is not None:
                    self.start_reveal(coup)
                return
            self.start_reveal(game.deal())
            return
        elif name == "card":
            self.reveal(1)
            return
        elif name == "all":
            self.reveal(6)
            return
        elif name == "leave":
            balances = game.leave()
            self.game_app.show_ranking(balances, money=game.money, coups=self.history)
            return
        self.refresh_all()

    def croupier_clock(self) -> None:
        """Every half second: the countdown, and the croupier's deal when it runs out."""
        if self.revealing is not None:
            return
        left = self.game.countdown()
        if left is not None and left <= 0:
            coup = self.game.tick()
            if coup is not None:
                self.start_reveal(coup)
                return
        self.set_text("prompt", self.prompt())

    def start_reveal(self, coup: Coup) -> None:
        """The coup is dealt and settled: show it card by card."""
        self.revealing = coup
        self.shown = 0
        self.done = None
        self.say(" ".join([self.tr("tui.casino.no_more_bets"), *self.sentence(PuntoCardsHanded)]))
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
        self.shown = min(len(coup.cards), self.shown + n)
        if self.shown >= len(coup.cards):
            if self.timer is not None:
                self.timer.stop()
                self.timer = None
            self.revealing = None
            self.done = coup
            self.history.append((self.game.last_number, coup))
            table = self.game.table
            passed = self.sentence(ShoeHolderChanged)
            if table.shoe_number != self.shoe_number:
                self.shoe_number = table.shoe_number
                self.commitment = self.game.commitment
                self.history = []
                self.announce_burn("tui.casino.new_shoe", *passed)
            else:
                self.say(" ".join([*self.sentence(PuntoCardsHanded), *passed]))
            if self.broke():  # told at once, with the way back in
                zero = self.game.money(0)
                amount = self.game.money(BANKROLL)
                who = self.game.person
                self.say(self.tr("tui.casino.broke", name=who, zero=zero, amount=amount))
            if self.croupier:
                self.game.tick()  # the next countdown starts
        self.refresh_all()

    # -- drawing -------------------------------------------------------------

    def shown_history(self) -> list[tuple[int, Coup]]:
        """The shoe's coups already shown (not the one being turned over)."""
        return self.history

    def cards_left(self) -> int:
        """The shoe's count as the players see it: it drops card by card as they are
        turned, not by the whole coup at once (that would tell whether a third card comes)."""
        if self.revealing is None:
            self.left_before = self.game.table.cards_left
            return self.left_before
        return self.left_before - self.shown

    def refresh_all(self) -> None:
        super().refresh_all()
        game = self.game
        table = game.table
        mode = self.tr("tui.mode.croupier" if self.croupier else "tui.mode.casino")
        title = self.tr(
            "tui.title.casino",
            mode=mode,
            shoe=self.shoe_number,
            n=game.last_number if self.revealing is not None else table.coup_number,
            left=self.cards_left(),
        )
        if game.seed is not None:
            title += "  " + self.tr("tui.seed", seed=game.seed)
        self.set_text("title", title)
        self.show_commitment(game.seed, self.commitment)
        api = game.api_table
        self.show_shoe_check(None if api is None else api.events, game.seed)
        self.set_text("scores", "\n".join(self.seat_lines()))
        if self.revealing is not None:
            cards = self.revealing.cards[: self.shown]
            self.paint("coup", "\n".join(coup_lines(cards, self.lang)))
        elif self.done is not None:
            self.paint("coup", "\n".join(coup_lines(self.done.cards, self.lang)))
        else:
            self.paint("coup", "\n".join([self.tr("tui.casino.place_bets"), *self.side_lines()]))
        coups = [coup for _, coup in self.history]
        self.paint("roads", "\n".join(road_lines(coups, self.lang)))
        history = [history_line(n, coup, self.lang) for n, coup in self.history]
        self.set_text("history", "\n".join(history[-6:]) or self.tr("tui.history.empty"))
        self.set_text("prompt", self.prompt())

    def seat_lines(self) -> list[str]:
        game = self.game
        lines = []
        moment = "before" if self.revealing else "after" if self.done else "now"
        holder = game.holder(moment)
        holder_mark = self.tr("tui.seats.holder_mark")
        rows = []
        for seat in game.seats(moment):
            on = " ".join(
                f"{box_mark(box, self.lang)}{game.money(a, short=True)}"
                for box, a in seat.bets.items()
            )
            net = ("+" if seat.net and seat.net > 0 else "") + game.money(seat.net or 0)
            mark = "*" if seat.style is None else " "
            mark += holder_mark if seat.name == holder else " "
            rows.append(
                (mark + fit(seat.name, 8), game.money(seat.balance), on, net if seat.net else "")
            )
        # Each column as wide as its widest entry: a seat stays on one line of an
        # 80-column terminal's panel (a bankroll of 1,000.00 and a net of +19.00).
        seat_title, bankroll, bets = self.tr("tui.seats.header").split()
        titles = (f"  {seat_title}", bankroll, "", "")  # the bets title may overhang
        widths = [max(len(row[i]) for row in (*rows, titles)) for i in range(4)]
        lines.append(f"{titles[0]:<{widths[0]}} {bankroll:>{widths[1]}} {bets}")
        for name, balance, on, net in rows:
            line = f"{name} {balance:>{widths[1]}} {on:<{widths[2]}} {net:>{widths[3]}}"
            lines.append(line.rstrip())
        legend = [self.tr("tui.seats.legend")]
        if holder is not None:
            legend.append(self.tr("tui.seats.holder_legend", mark=holder_mark))
        legend += [
            self.tr("tui.seats.bot_style", name=s.name, style=self.tr("tui.style." + s.style))
            for s in game.seats()
            if s.style is not None
        ]
        lines.append(self.tr("tui.seats.legend_separator").join(legend))
        return lines

    def prompt(self) -> str:
        if self.revealing is not None:
            return self.tr("tui.casino.dealing")
        amount = self.game.money(CHIPS[self.chip])
        if self.croupier:
            left = self.game.countdown()
            seconds = int(left + 0.999) if left is not None else 0
            return self.tr("tui.croupier.prompt", amount=amount, seconds=seconds)
        return self.tr("tui.casino.prompt", amount=amount)
