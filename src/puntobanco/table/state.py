"""A table's state as a fold over its events, and the one phase transition table.

``apply(state, event)`` is pure: it never draws a card, reads a clock or
checks a rule; the actions (``machine.Table``) decide and the events record
the decision. ``replay(events)`` rebuilds a table from its log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Any, Final

from puntobanco.cards import Card
from puntobanco.coup import Coup, Outcome, resolve
from puntobanco.paytable import Amount
from puntobanco.table.config import Format, TableConfig
from puntobanco.table.events import (
    BetCollected,
    BetPaid,
    BetPlaced,
    BetReturned,
    BetsClosed,
    BetsOpened,
    BetWithdrawn,
    CoupAnnounced,
    CoupDealt,
    CoupSettled,
    Event,
    PlayerLeft,
    PlayerSeated,
    PuntoCardsHanded,
    ShoeBurned,
    ShoeFinished,
    ShoeHolderChanged,
    ShoeShuffled,
    TableClosed,
    TableOpened,
)
from puntobanco.table.names import name_key


class Phase(Enum):
    """Where a coup stands: bets open -> closed -> dealt -> settled -> next coup or end."""

    BETS_OPEN = "bets_open"
    BETS_CLOSED = "bets_closed"
    DEALT = "dealt"
    SETTLED = "settled"
    ENDED = "ended"


BO, BC, DE, SE, EN = Phase.BETS_OPEN, Phase.BETS_CLOSED, Phase.DEALT, Phase.SETTLED, Phase.ENDED
#: The one transition table: in each phase, the actions allowed and the phase
#: each leads to. Any action missing from a phase's row is illegal there.
TRANSITIONS: Final[Mapping[Phase, Mapping[str, Phase]]] = {
    BO: {
        "sit": BO,
        "leave": BO,
        "bet": BO,
        "withdraw": BO,
        "close_bets": BC,
        "close_table": EN,
    },
    BC: {"deal": DE},
    DE: {"settle": SE},
    SE: {"next_coup": BO, "close_table": EN},
    EN: {},
}
del BO, BC, DE, SE, EN

#: The events that move a table from one phase to another, with their action.
PHASE_EVENTS: Final[Mapping[type[Event], str]] = {
    BetsClosed: "close_bets",
    CoupDealt: "deal",
    CoupSettled: "settle",
    BetsOpened: "next_coup",
    TableClosed: "close_table",
}


@dataclass(frozen=True, slots=True)
class Player:
    """A seated player: balance (bankroll in minor units, or a session's
    score) and the stakes on each box for the coup in play."""

    name: str
    seat: int
    balance: Amount
    bets: Mapping[Outcome, Amount] = field(default_factory=dict)

    def stake(self, box: Outcome) -> Amount:
        """What the player has on ``box`` (0 when nothing)."""
        return self.bets.get(box, 0)

    @property
    def staked(self) -> Amount:
        """Everything the player has on the table."""
        return sum(self.bets.values(), 0)

    @property
    def available(self) -> Amount:
        """Balance not already on the table."""
        return self.balance - self.staked


@dataclass(frozen=True, slots=True)
class ShoeState:
    """The shoe in use: its order, how many cards are out, whether its last coup is played."""

    number: int
    order: tuple[Card, ...]
    cut_card: int | None
    position: int = 0
    finished: bool = False

    @property
    def remaining(self) -> int:
        """Cards still in the shoe."""
        return len(self.order) - self.position


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything about a table that its events determine.

    ``coup`` is the number (1-based) of the coup in play, or of the next one
    while bets are open. ``house`` is the house's result in the table's unit
    (stakes collected less wins paid) and ``kept`` the fractions of a minor
    unit it kept by rounding Banco's 19/20 down. ``brought`` and ``taken`` are
    the bankrolls players sat down with and left with: at every moment
    ``brought == taken + sum(balances) + house``.
    """

    table: str
    config: TableConfig
    phase: Phase = Phase.BETS_OPEN
    players: Mapping[str, Player] = field(default_factory=dict)
    coup: int = 1
    shoe: ShoeState | None = None
    holder: str | None = None
    punto_hand: str | None = None
    current: Coup | None = None
    shoe_coups: tuple[Coup, ...] = ()
    house: Amount = 0
    kept: Fraction = Fraction(0)
    brought: Amount = 0
    taken: Amount = 0
    winners: tuple[str, ...] = ()
    events: int = 0

    @property
    def format(self) -> Format:
        """The table's format."""
        return self.config.format

    @property
    def seated(self) -> tuple[Player, ...]:
        """Players in seat order."""
        return tuple(sorted(self.players.values(), key=lambda p: p.seat))

    @property
    def balances(self) -> dict[str, Amount]:
        """Each player's balance (score in a session), in seat order."""
        return {p.name: p.balance for p in self.seated}

    @property
    def completed(self) -> int:
        """Coups fully settled so far."""
        return self.coup if self.phase in (Phase.SETTLED, Phase.ENDED) else self.coup - 1

    def find(self, name: str) -> Player | None:
        """The seated player called ``name``, ignoring case and surrounding spaces."""
        exact = self.players.get(name)
        if exact is not None:
            return exact
        key = name_key(name)
        for player in self.players.values():
            if name_key(player.name) == key:
                return player
        return None


Changes = dict[str, Any]


def _with_player(state: TableState, player: Player) -> Changes:
    players = dict(state.players)
    players[player.name] = player
    return {"players": players}


def _without_bet(player: Player, box: Outcome) -> Player:
    bets = dict(player.bets)
    del bets[box]
    return replace(player, bets=bets)


def _opened(state: TableState, e: TableOpened) -> Changes:
    raise AssertionError("a table opens only once")


def _seated(state: TableState, e: PlayerSeated) -> Changes:
    changes = _with_player(state, Player(e.name, e.seat, e.bankroll))
    changes["brought"] = state.brought + e.bankroll
    return changes


def _left(state: TableState, e: PlayerLeft) -> Changes:
    players = dict(state.players)
    del players[e.name]
    return {"players": players, "taken": state.taken + e.bankroll}


def _bet(state: TableState, e: BetPlaced) -> Changes:
    player = state.players[e.name]
    if state.format is Format.SESSION:
        bets: dict[Outcome, Amount] = {e.box: e.stake}
    else:
        bets = dict(player.bets)
        bets[e.box] = bets.get(e.box, 0) + e.stake
    return _with_player(state, replace(player, bets=bets))


def _withdrawn(state: TableState, e: BetWithdrawn) -> Changes:
    return _with_player(state, _without_bet(state.players[e.name], e.box))


def _closed(state: TableState, e: BetsClosed) -> Changes:
    assert e.coup == state.coup
    return {}


def _shuffled(state: TableState, e: ShoeShuffled) -> Changes:
    return {"shoe": ShoeState(e.shoe, e.order, e.cut_card), "shoe_coups": ()}


def _burned(state: TableState, e: ShoeBurned) -> Changes:
    assert state.shoe is not None
    return {"shoe": replace(state.shoe, position=state.shoe.position + 1 + len(e.burned))}


def _handed(state: TableState, e: PuntoCardsHanded) -> Changes:
    return {"punto_hand": e.name}


def _dealt(state: TableState, e: CoupDealt) -> Changes:
    assert state.shoe is not None and e.coup == state.coup
    start = state.shoe.position
    assert e.cards == state.shoe.order[start : start + len(e.cards)], "cards not from the shoe"
    coup = resolve(e.cards)
    shoe = replace(state.shoe, position=start + len(e.cards), finished=e.last_of_shoe)
    return {"shoe": shoe, "current": coup, "shoe_coups": (*state.shoe_coups, coup)}


def _announced(state: TableState, e: CoupAnnounced) -> Changes:
    assert state.current is not None and state.current.outcome is e.winner
    return {}


def _collected(state: TableState, e: BetCollected) -> Changes:
    player = state.players[e.name]
    player = replace(_without_bet(player, e.box), balance=player.balance - e.stake)
    changes = _with_player(state, player)
    changes["house"] = state.house + e.stake
    return changes


def _returned(state: TableState, e: BetReturned) -> Changes:
    return _with_player(state, _without_bet(state.players[e.name], e.box))


def _paid(state: TableState, e: BetPaid) -> Changes:
    player = state.players[e.name]
    player = replace(_without_bet(player, e.box), balance=player.balance + e.win)
    changes = _with_player(state, player)
    changes["house"] = state.house - e.win
    changes["kept"] = state.kept + e.kept
    return changes


def _settled(state: TableState, e: CoupSettled) -> Changes:
    assert all(not p.bets for p in state.players.values()), "a bet left unsettled"
    return {}


def _holder(state: TableState, e: ShoeHolderChanged) -> Changes:
    return {"holder": e.name}


def _finished(state: TableState, e: ShoeFinished) -> Changes:
    return {}


def _opened_bets(state: TableState, e: BetsOpened) -> Changes:
    return {"coup": e.coup, "current": None, "punto_hand": None}


def _table_closed(state: TableState, e: TableClosed) -> Changes:
    return {"winners": e.winners}


_APPLY: Final[dict[type[Any], Callable[[TableState, Any], Changes]]] = {
    TableOpened: _opened,
    PlayerSeated: _seated,
    PlayerLeft: _left,
    BetPlaced: _bet,
    BetWithdrawn: _withdrawn,
    BetsClosed: _closed,
    ShoeShuffled: _shuffled,
    ShoeBurned: _burned,
    PuntoCardsHanded: _handed,
    CoupDealt: _dealt,
    CoupAnnounced: _announced,
    BetCollected: _collected,
    BetReturned: _returned,
    BetPaid: _paid,
    CoupSettled: _settled,
    ShoeHolderChanged: _holder,
    ShoeFinished: _finished,
    BetsOpened: _opened_bets,
    TableClosed: _table_closed,
}


def initial(event: TableOpened) -> TableState:
    """The state of a table that has just opened."""
    return TableState(event.table, event.config, events=1)


def apply(state: TableState, event: Event) -> TableState:
    """The state after ``event``. Pure; a log that breaks the phase table fails an assert."""
    kind = type(event)
    phase = state.phase
    action = PHASE_EVENTS.get(kind)
    if action is not None:
        assert action in TRANSITIONS[phase], f"{kind.__name__} in phase {phase.value}"
        phase = TRANSITIONS[phase][action]
    changes = _APPLY[kind](state, event)
    return replace(state, phase=phase, events=state.events + 1, **changes)


def replay(events: Iterable[Event]) -> TableState:
    """Fold a whole log, from its ``TableOpened``, into the table's state."""
    it = iter(events)
    first = next(it, None)
    assert isinstance(first, TableOpened), "a log starts with TableOpened"
    state = initial(first)
    for event in it:
        state = apply(state, event)
    return state
