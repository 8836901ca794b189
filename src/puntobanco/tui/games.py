"""The games the terminal plays, driven by recorded actions (no Textual here).

Every change a player makes goes through ``apply(action)``; the actions are
kept, so a game is saved as its settings plus its actions and resumed by
replaying them (the shoes are seeded, so the same cards come out again).

* ``SessionGame``: seed 004's 10-deal session, 2 to 8 participants, each
  deal from a freshly shuffled eight-deck shoe, fed card by card to the
  dealer's assistant (``puntobanco.assist``), which settles it.
* ``CasinoGame``: a casino table (six decks, burn, cut card 16 from the end)
  with the person's seat, optional computer seats with simple betting styles,
  and bankrolls; ``croupier=True`` is the online table of seed 002, where the
  virtual croupier deals by itself once bets are closed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from puntobanco.assist import Assistant, Phase
from puntobanco.cards import Card
from puntobanco.coup import Coup, Outcome
from puntobanco.errors import IllegalActionError, InvalidBetError
from puntobanco.paytable import STANDARD, Amount, Bet, Settlement, settle
from puntobanco.rng import derive_seed
from puntobanco.shoe import CASINO, Shoe

Action = list[object]  # JSON-ready: ["predict", "Ana", "banco"], ["card"], ...


class SessionGame:
    """Seed 004's session: predictions, then a deal card by card, ten times."""

    mode: Final = "session"

    def __init__(self, names: Sequence[str], *, seed: int) -> None:
        self.seed = seed
        self.assistant = Assistant(names, reshuffle_every_coup=True)
        self.actions: list[Action] = []
        self._shoe = self._new_shoe()

    def _new_shoe(self) -> Shoe:
        # seed 004: all the cards gathered and reshuffled before every deal
        return Shoe(8, seed=derive_seed(self.seed, self.assistant.deal_number))

    @property
    def names(self) -> tuple[str, ...]:
        """The participants, in seating order."""
        return self.assistant.names

    def settings(self) -> dict[str, object]:
        """What is needed, with the actions, to build this game again."""
        return {"mode": self.mode, "seed": self.seed, "names": list(self.names)}

    def apply(self, action: Action) -> None:
        """Carry out one action (and record it); raises ``PuntoBancoError`` on a refused one."""
        kind = action[0]
        a = self.assistant
        if kind == "predict":
            a.predict(str(action[1]), str(action[2]))
            if not a.waiting:
                a.close_bets()
        elif kind == "withdraw":
            a.withdraw(str(action[1]))
        elif kind == "card":
            if a.phase is not Phase.DEALING:
                raise IllegalActionError("error.assist.over")
            a.add_card(self._shoe.draw())
        elif kind == "next":
            a.next_deal()
            self._shoe = self._new_shoe()
        else:
            raise IllegalActionError("tui.error.action", action=kind)
        self.actions.append(list(action))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the deal in progress, in dealing order."""
        return tuple(self.assistant.cards)


class AssistGame(SessionGame):
    """The dealer's assistant: the same session, with physical cards typed by the host."""

    mode: Final = "assist"  # type: ignore[misc]

    def __init__(self, names: Sequence[str], *, decks: int = 8, reshuffle: bool = False) -> None:
        self.seed = 0
        self.decks = decks
        self.reshuffle = reshuffle
        self.assistant = Assistant(names, decks=decks, reshuffle_every_coup=reshuffle)
        self.actions = []

    def settings(self) -> dict[str, object]:
        """What is needed, with the actions, to build this game again."""
        return {
            "mode": self.mode,
            "names": list(self.names),
            "decks": self.decks,
            "reshuffle": self.reshuffle,
        }

    def apply(self, action: Action) -> None:
        """``["card", "4h"]`` takes a typed card, ``["undo"]`` takes the last one back."""
        kind = action[0]
        a = self.assistant
        if kind == "card":
            a.add_card(str(action[1]))
        elif kind == "undo":
            a.undo()
        elif kind == "next":
            a.next_deal()
        elif kind == "predict":
            a.predict(str(action[1]), str(action[2]))
            if not a.waiting:
                a.close_bets()
        elif kind == "withdraw":
            a.withdraw(str(action[1]))
        else:
            raise IllegalActionError("tui.error.action", action=kind)
        self.actions.append(list(action))


#: Computer seats' betting styles (issue 5: "simple betting styles").
STYLES: Final = ("banco", "follow", "contrary")
BOT_NAMES: Final = ("Ada", "Boris", "Carmen")


@dataclass(slots=True)
class Seat:
    """One seat: a name, a bankroll, the bets on the layout, a style for a computer."""

    name: str
    bankroll: Amount
    style: str | None = None  # None: a person
    bets: dict[Outcome, Amount] = field(default_factory=dict)
    last_net: Amount = 0


@dataclass(frozen=True, slots=True)
class CasinoCoup:
    """One dealt coup at a casino table and what it did to each seat."""

    number: int
    coup: Coup
    settlements: dict[str, tuple[Settlement, ...]]


class CasinoGame:
    """A casino table (seeds 000-002) with one person and up to three computer seats.

    Amounts are whole units (no cents): minimum 10, maximum 1,000 on Punto
    and Banco, 5 to 100 on Égalité; every seat starts with 1,000.
    """

    minimum: Final = 10
    maximum: Final = 1000
    tie_minimum: Final = 5
    tie_maximum: Final = 100
    bankroll: Final = 1000

    def __init__(self, name: str, *, seed: int, bots: int = 0, croupier: bool = False) -> None:
        if not 0 <= bots <= len(BOT_NAMES):
            raise IllegalActionError("tui.error.bots", high=len(BOT_NAMES))
        self.mode = "croupier" if croupier else "casino"
        self.seed = seed
        self.player = name.strip() or "?"
        self.seats = [Seat(self.player, self.bankroll)]
        for i in range(bots):
            self.seats.append(Seat(BOT_NAMES[i], self.bankroll, STYLES[i]))
        self.history: list[CasinoCoup] = []  # the current shoe's coups
        self.shoes = 0
        self.actions: list[Action] = []
        self.bots = bots
        self._new_shoe()

    def settings(self) -> dict[str, object]:
        """What is needed, with the actions, to build this game again."""
        return {"mode": self.mode, "seed": self.seed, "name": self.player, "bots": self.bots}

    def _new_shoe(self) -> None:
        self.shoe = Shoe.from_config(CASINO, seed=derive_seed(self.seed, self.shoes))
        self.burn = self.shoe.burn()  # seeds 000/001: the first card turned, that many burned
        self.shoes += 1
        self.history = []
        self.coups_in_shoe = 0

    @property
    def seat(self) -> Seat:
        """The person's seat."""
        return self.seats[0]

    @property
    def balances(self) -> dict[str, Amount]:
        """Each seat's bankroll, bets on the layout not counted."""
        return {s.name: s.bankroll for s in self.seats}

    def verify_bet(self, box: Outcome, amount: Amount) -> None:
        """Raise ``InvalidBetError`` unless ``amount`` more on ``box`` keeps within limits."""
        seat = self.seat
        low, high = (
            (self.tie_minimum, self.tie_maximum)
            if box is Outcome.EGALITE
            else (self.minimum, self.maximum)
        )
        if amount <= 0:
            raise InvalidBetError("error.bet.stake", stake=amount)
        new = seat.bets.get(box, 0) + amount
        if not low <= new <= high:
            raise InvalidBetError("tui.error.limits", amount=new, low=low, high=high)
        if sum(seat.bets.values()) + amount > seat.bankroll:
            raise InvalidBetError("tui.error.bankroll", bankroll=seat.bankroll)
        # seeds 000/001: Égalité may go with Punto or Banco, but not both of those
        other = {Outcome.PUNTO: Outcome.BANCO, Outcome.BANCO: Outcome.PUNTO}.get(box)
        if other is not None and other in seat.bets:
            raise InvalidBetError("tui.error.both_sides")

    def apply(self, action: Action) -> CasinoCoup | None:
        """Carry out one action (and record it); ``deal`` returns the coup it dealt."""
        kind = action[0]
        result: CasinoCoup | None = None
        if kind == "bet":
            box = Outcome(str(action[1]))
            amount = action[2]
            assert isinstance(amount, int)
            self.verify_bet(box, amount)
            self.seat.bets[box] = self.seat.bets.get(box, 0) + amount
        elif kind == "clear":
            self.seat.bets.clear()
        elif kind == "deal":
            result = self._deal()
        elif kind == "shoe":
            if not self.shoe.finished:
                raise IllegalActionError("tui.error.shoe_not_over")
            self._new_shoe()
        else:
            raise IllegalActionError("tui.error.action", action=kind)
        self.actions.append(list(action))
        return result

    def _bot_bets(self, seat: Seat) -> dict[Outcome, Amount]:
        last = next((c.coup.outcome for c in reversed(self.history)), None)
        decided = next(
            (
                c.coup.outcome
                for c in reversed(self.history)
                if c.coup.outcome is not Outcome.EGALITE
            ),
            None,
        )
        if seat.style == "banco":
            box = Outcome.BANCO
        elif seat.style == "follow":
            box = decided or Outcome.BANCO
        else:  # contrary: against the last decided winner, and a small tie after a tie
            box = Outcome.PUNTO if decided is Outcome.BANCO else Outcome.BANCO
        bets: dict[Outcome, Amount] = {}
        if seat.bankroll >= self.minimum:
            bets[box] = self.minimum
        if seat.style == "contrary" and last is Outcome.EGALITE:
            if seat.bankroll >= self.minimum + self.tie_minimum:
                bets[Outcome.EGALITE] = self.tie_minimum
        return bets

    def _deal(self) -> CasinoCoup:
        if self.shoe.finished:
            raise IllegalActionError("error.shoe.finished")
        for seat in self.seats[1:]:
            seat.bets = self._bot_bets(seat)
        coup = self.shoe.deal_coup()
        settlements: dict[str, tuple[Settlement, ...]] = {}
        for seat in self.seats:
            bets = [Bet(box, amount) for box, amount in seat.bets.items()]
            results = settle(bets, coup.outcome, STANDARD)
            settlements[seat.name] = results
            net = sum((s.net for s in results), Fraction(0))
            seat.last_net = net.numerator if net.denominator == 1 else net
            bank = Fraction(seat.bankroll) + net
            seat.bankroll = bank.numerator if bank.denominator == 1 else bank
            seat.bets = {}
        self.coups_in_shoe += 1
        played = CasinoCoup(self.coups_in_shoe, coup, settlements)
        self.history.append(played)
        return played
