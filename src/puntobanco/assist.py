"""The dealer's assistant: a coup fed one card at a time, for physical cards.

The host types each card as it leaves the shoe; the assistant says what the
next card is for (``expected``), refuses a card the shoe cannot hold any more,
can take the last card back, and at the end of the coup every participant's
prediction is settled (seed 004: a notional stake of 20 points, +20 / +19 /
+160, -20, Punto and Banco refunded on a tie). A whole 10-deal session runs
this way.

``Assistant`` is a client of the table engine: an ``assist`` table, whose cards
come from the host (``PlaceCard``, ``UndoCard``). The phases, the settlement
and the log are the engine's; the assistant keeps none of its own, and the
engine decides which card the shoe can still give (``error.assist.no_more``).
Beside it: ``ShoeCount``, a copy of the shoe's count to show, and
``check_names``, which refuses a list of participants before a table is opened.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from puntobanco.cards import Card
from puntobanco.coup import Coup, Expect, Outcome, decisions, expected, resolve
from puntobanco.engine import (
    Bet,
    CloseBets,
    Command,
    Engine,
    NextCoup,
    Phase,
    PlaceCard,
    UndoCard,
    Withdraw,
)
from puntobanco.errors import (
    IllegalActionError,
    UnknownPlayerError,
)
from puntobanco.paytable import STANDARD, Amount, Paytable
from puntobanco.shoe import SESSION_DECKS, check_decks
from puntobanco.table.config import SESSION_DEALS, SESSION_STAKE, TableConfig
from puntobanco.table.history import CoupRecord
from puntobanco.table.standings import Standing, ranking
from puntobanco.table.state import TableState
from puntobanco.table.values import session_prediction

__all__ = [
    "MAX_PARTICIPANTS",
    "MIN_PARTICIPANTS",
    "SESSION_DEALS",
    "SESSION_STAKE",
    "Assistant",
    "DealResult",
    "Expect",
    "ShoeCount",
    "Standing",
    "check_names",
    "decisions",
    "expected",
    "ranking",
]

MIN_PARTICIPANTS: Final = 2  # seed 004: "deux à huit participants"
MAX_PARTICIPANTS: Final = 8


class ShoeCount:
    """How many of each card a shoe of ``decks`` decks still holds once ``out``
    have left it: a copy to show. Whether a card can come is the engine's to say
    (``Assistant.can_card``)."""

    def __init__(self, decks: int = SESSION_DECKS, out: Iterable[Card] = ()) -> None:
        self.decks = check_decks(decks)
        self._out: Counter[Card] = Counter(out)

    @classmethod
    def of(cls, decks: int, out: Iterable[Card]) -> ShoeCount:
        """The count of a shoe of ``decks`` decks once ``out`` have left it."""
        return cls(decks, out)

    @property
    def size(self) -> int:
        """Cards in the full shoe."""
        return 52 * self.decks

    @property
    def remaining(self) -> int:
        """Cards not yet dealt."""
        return self.size - self._out.total()

    def left(self, card: Card) -> int:
        """How many copies of ``card`` are still in the shoe."""
        return self.decks - self._out[card]


@dataclass(frozen=True, slots=True)
class DealResult:
    """One settled deal: the coup, each prediction and what it earned."""

    number: int
    coup: Coup
    predictions: Mapping[str, Outcome]
    nets: Mapping[str, Amount]


def check_names(names: Iterable[str]) -> tuple[str, ...]:
    """2 to 8 distinct, non-empty names; ``IllegalActionError`` otherwise."""
    cleaned = tuple(n.strip() for n in names)
    if any(not n for n in cleaned):
        raise IllegalActionError("error.assist.empty_name")
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            raise IllegalActionError("error.assist.same_name", name=name)
        seen.add(name.casefold())
    if not MIN_PARTICIPANTS <= len(cleaned) <= MAX_PARTICIPANTS:
        raise IllegalActionError(
            "error.assist.participants",
            count=len(cleaned),
            low=MIN_PARTICIPANTS,
            high=MAX_PARTICIPANTS,
        )
    return cleaned


class Assistant:
    """A 10-deal session (seed 004) dealt one card at a time: an ``assist`` table
    of the engine (``engine``, default a new one in memory, as ``table``).

    ``reshuffle_every_coup=True`` is seed 004's procedure (all cards back in
    the shoe after each deal); by default the shoe is dealt on through the
    session, so that the shoe's count refuses a card that cannot be there.
    Every call is a command to the engine: a refused one raises its named
    error and changes nothing.
    """

    def __init__(
        self,
        names: Iterable[str],
        *,
        decks: int = SESSION_DECKS,
        deals: int = SESSION_DEALS,
        stake: int = SESSION_STAKE,
        paytable: Paytable = STANDARD,
        reshuffle_every_coup: bool = False,
        engine: Engine | None = None,
        table: str = "assist",
    ) -> None:
        players = check_names(names)
        config = TableConfig.assist(
            deals=deals,
            stake=stake,
            decks=check_decks(decks),
            paytable=paytable.name,
            reshuffle=reshuffle_every_coup,
        )
        self.engine = engine if engine is not None else Engine()
        self.table = table
        self.engine.open(table, "assist", settings=config, players=players)

    @classmethod
    def resume(cls, engine: Engine, table: str = "assist") -> Assistant:
        """The assisted session ``table`` that ``engine``'s store holds."""
        engine.resume(table)
        self = cls.__new__(cls)
        self.engine, self.table = engine, table
        return self

    def _do(self, command: Command) -> None:
        """Send ``command``; a name nobody at the table has is the assistant's refusal."""
        try:
            self.engine.do(self.table, command)
        except UnknownPlayerError as error:
            raise IllegalActionError(
                "error.assist.unknown_name", name=error.params["name"]
            ) from None

    # -- where things stand ------------------------------------------------

    @property
    def state(self) -> TableState:
        """The table's state."""
        return self.engine.state(self.table)

    @property
    def phase(self) -> Phase:
        """The table's phase: bets open (predictions), closed (cards come one by
        one), settled (until the next deal), ended."""
        return self.state.phase

    @property
    def names(self) -> tuple[str, ...]:
        """The participants, in seat order."""
        return tuple(p.name for p in self.state.seated)

    @property
    def deals(self) -> int:
        """Deals in the session."""
        deals = self.state.config.deals
        return SESSION_DEALS if deals is None else deals

    @property
    def stake(self) -> Amount:
        """The notional stake of every prediction."""
        return self.state.config.stake

    @property
    def paytable(self) -> Paytable:
        """What each prediction pays."""
        return self.state.config.paytable_data

    @property
    def reshuffle_every_coup(self) -> bool:
        """True when every card goes back in the shoe after each deal (seed 004)."""
        return self.state.config.shoe_config.reshuffle_every_coup

    @property
    def shoe(self) -> ShoeCount:
        """The shoe's count as it stands (a copy: the table's shoe is the engine's)."""
        state = self.state
        return ShoeCount.of(state.config.decks, state.shoe.out if state.shoe else ())

    @property
    def deal_number(self) -> int:
        """The deal in progress (or just settled), from 1."""
        return self.state.coup

    @property
    def finished(self) -> bool:
        """True once the last deal is settled."""
        return self.state.completed >= self.deals

    @property
    def cards(self) -> list[Card]:
        """The cards of the deal in progress (or just settled), in dealing order."""
        return list(self.state.placed)

    @property
    def expecting(self) -> Expect:
        """What the next card is for (``OVER`` outside of a deal)."""
        state = self.state
        return expected(state.placed) if state.phase is Phase.BETS_CLOSED else Expect.OVER

    @property
    def predictions(self) -> dict[str, Outcome]:
        """This deal's predictions so far (the settled deal's, until the next one)."""
        state = self.state
        if state.phase in (Phase.SETTLED, Phase.ENDED):
            bets = state.last.bets if state.last is not None else {}
            found = {name: session_prediction(b) for name, b in bets.items()}
        else:
            found = {p.name: session_prediction(p.bets) for p in state.seated}
        return {name: box for name, box in found.items() if box is not None}

    @property
    def waiting(self) -> tuple[str, ...]:
        """Participants who have not predicted this deal yet."""
        state = self.state
        if state.phase is not Phase.BETS_OPEN:
            return ()
        return tuple(p.name for p in state.seated if not p.bets)

    @property
    def scores(self) -> dict[str, Amount]:
        """Each participant's total so far (negative scores allowed, seed 004)."""
        return self.state.balances

    @property
    def results(self) -> list[DealResult]:
        """Every settled deal, oldest first (a deal whose last card was taken back
        is not settled any more)."""
        return [_result(record) for record in self.engine.history(self.table)]

    @property
    def last(self) -> DealResult | None:
        """The last settled deal."""
        results = self.results
        return results[-1] if results else None

    def standings(self) -> tuple[Standing, ...]:
        """The ranking by score, with shared wins."""
        return ranking(self.scores)

    @property
    def winners(self) -> tuple[str, ...]:
        """The leaders (several share the win when their scores are equal)."""
        return tuple(s.name for s in self.standings() if s.winner)

    # -- predictions -------------------------------------------------------

    def verify_predict(self, name: str, box: Outcome | str) -> Outcome:
        """The box, or raise: unknown name, unknown box, or bets closed."""
        command = Bet(name, box)
        try:
            self.engine.verify(self.table, command)
        except UnknownPlayerError:
            raise IllegalActionError("error.assist.unknown_name", name=name) from None
        return _outcome(command)

    def predict(self, name: str, box: Outcome | str) -> Outcome:
        """Note (or change) ``name``'s prediction for this deal."""
        command = Bet(name, box)
        self._do(command)
        return _outcome(command)

    def withdraw(self, name: str) -> None:
        """Take back ``name``'s prediction before bets close."""
        self._do(Withdraw(name))

    def close_bets(self) -> None:
        """No more predictions: the deal may begin. Everyone must have predicted."""
        self._do(CloseBets())

    # -- cards -------------------------------------------------------------

    def verify_card(self, card: Card | str) -> Card:
        """The card, or raise: mistyped, none left in the shoe, or no card expected."""
        command = PlaceCard(card)
        self.engine.verify(self.table, command)
        return command.card

    def add_card(self, card: Card | str) -> Expect:
        """Take the next card out of the shoe; returns what the card after it is for.

        When the coup is over it is settled at once (``last``, ``scores``).
        """
        self._do(PlaceCard(card))
        return self.expecting

    def undo(self) -> Card:
        """Take the last card back, even once the coup is settled (until the next deal)."""
        placed = self.state.placed
        self._do(UndoCard())
        return placed[-1]

    def next_deal(self) -> None:
        """Start the next deal: predictions open again."""
        if self.finished:
            raise IllegalActionError("error.assist.finished")
        self._do(NextCoup())

    def finish(self) -> None:
        """After the last deal: the session closes, its winners named in the log."""
        if self.finished and self.phase is Phase.SETTLED:
            self._do(NextCoup())


def _outcome(bet: Bet) -> Outcome:
    """The box of a session's prediction (the table refuses any other)."""
    assert isinstance(bet.box, Outcome)
    return bet.box


def _result(record: CoupRecord) -> DealResult:
    """A settled coup of the table as a deal of the session."""
    nets: dict[str, Amount] = {}
    for line in record.settlements:
        nets[line.player] = nets.get(line.player, 0) + line.amount
    predictions = {b.player: b.box for b in record.bets if isinstance(b.box, Outcome)}
    return DealResult(record.coup, resolve(record.cards), predictions, nets)
