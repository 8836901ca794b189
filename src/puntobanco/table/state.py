"""A table's state as a fold over its events, and the one phase transition table.

``apply(state, event)`` is pure: it never draws a card, reads a clock or
checks a rule; the actions (``machine.Table``) decide and the events record
the decision. ``replay(events)`` rebuilds a table from its log.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, TypeVar

import puntobanco.fair.gathering as gathering
import puntobanco.table.lesson as lessons
import puntobanco.table.turning as turning
from puntobanco.cards import Card
from puntobanco.coup import Coup, resolve
from puntobanco.enums import IdentityEnum
from puntobanco.errors import bad_event
from puntobanco.paytable import Amount, Box
from puntobanco.table.config import Format, TableConfig
from puntobanco.table.events import (
    BetCollected,
    BetPaid,
    BetPlaced,
    BetReturned,
    BetsClosed,
    BetsOpened,
    BetWithdrawn,
    CardPlaced,
    CardUndone,
    CoupAnnounced,
    CoupDealt,
    CoupRetracted,
    CoupSettled,
    Event,
    JoinAsked,
    JoinRefused,
    JoinsSet,
    NextShoeCommitted,
    NextShoeHidden,
    PlayerLeft,
    PlayerReady,
    PlayerRebought,
    PlayerRemoved,
    PlayerRenamed,
    PlayerSeated,
    PlayersSkipped,
    PredictionTimeSet,
    RebuyAsked,
    RebuyRefused,
    RematchOpened,
    SeedContributed,
    ShoeBurned,
    ShoeFinished,
    ShoeHolderChanged,
    ShoeRevealed,
    ShoeShuffled,
    TableClosed,
    TableOpened,
    TablePaused,
    TableResumed,
)
from puntobanco.table.names import name_key

_R = TypeVar("_R")
#: Each record class's fields, where ``replace`` may copy them plainly (None: it may not).
_PLAIN: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}


def replace(record: _R, /, **changes: Any) -> _R:
    """``dataclasses.replace`` at about half its cost, for a record whose fields are
    all set by its ``__init__`` with no ``__post_init__`` (checked once a class;
    any other goes to ``dataclasses.replace``). Each event applied copies the
    state's 36 fields, and the views try the player's tools on a copy after
    every bet."""
    cls = type(record)
    if cls not in _PLAIN:
        _PLAIN[cls] = _plain_fields(cls)
    plain = _PLAIN[cls]
    if plain is None:
        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    names, known = plain
    if not known.issuperset(changes):
        return dataclasses.replace(record, **changes)  # type: ignore[type-var]  # its TypeError
    made = object.__new__(cls)
    put = object.__setattr__
    for name in names:
        put(made, name, getattr(record, name))
    for name, value in changes.items():
        put(made, name, value)
    return made


def _plain_fields(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        return None
    found = dataclasses.fields(cls)
    if any(not f.init for f in found) or len(found) != len(cls.__dataclass_fields__):
        return None  # an init-only or class variable, or a field set otherwise
    names = tuple(f.name for f in found)
    return names, frozenset(names)


class Phase(IdentityEnum):
    """Where a coup stands: bets open -> closed -> dealt -> settled -> next coup or end."""

    BETS_OPEN = "bets_open"
    BETS_CLOSED = "bets_closed"
    DEALT = "dealt"
    SETTLED = "settled"
    ENDED = "ended"
    SHUFFLING = gathering.SHUFFLING  # the next shoe gathers its players' contributions
    LESSON = lessons.LESSON  # a lesson puts questions, not coups


BO, BC, DE, SE, EN = Phase.BETS_OPEN, Phase.BETS_CLOSED, Phase.DEALT, Phase.SETTLED, Phase.ENDED
#: The one transition table: in each phase, the actions allowed and the phase
#: each leads to. Any action missing from a phase's row is illegal there.
TRANSITIONS: Final[Mapping[Phase, Mapping[str, Phase]]] = gathering.with_rows({
    BO: {
        "sit": BO,
        "leave": BO,
        "bet": BO,
        "withdraw": BO,
        "rebuy": BO,
        "contribute": BO,
        "close_bets": BC,
        "close_table": EN,
    },
    BC: {"deal": DE, "place_card": BC, "undo_card": BC, "contribute": BC},
    DE: {"settle": SE, "contribute": DE},
    SE: {"next_coup": BO, "close_table": EN, "undo_card": BC, "contribute": SE},
    EN: {"rematch": EN},
}, Phase, turning.ROWS, lessons.ROWS)  # fmt: skip
del BO, BC, DE, SE, EN

#: The events that move a table from one phase to another, with their action.
PHASE_EVENTS: Final[Mapping[type[Event], str]] = {
    BetsClosed: "close_bets",
    CoupDealt: "deal",
    CoupSettled: "settle",
    BetsOpened: "next_coup",
    TableClosed: "close_table",
    CoupRetracted: "undo_card",
    **gathering.PHASE_EVENTS,
    **lessons.PHASE_EVENTS,
}


@dataclass(frozen=True, slots=True)
class Player:
    """A seated player: balance (bankroll in minor units, or a session's
    score) and the stakes on each box for the coup in play."""

    name: str
    seat: int
    balance: Amount
    bets: Mapping[Box, Amount] = field(default_factory=dict)
    #: The number of the event that seated them: a seating's identity, which a
    #: credential is bound to (a later seating under the same name is another).
    seating: int = 0
    #: The bankroll they sat down with: what a rebuy brings them back up to.
    sat_with: Amount = 0
    #: The chips put down on the coup in play, in order (box, stake): what
    #: ``undo_bet`` takes back, the last first (a session's prediction: none).
    chips: tuple[tuple[Box, Amount], ...] = ()
    #: Their bets on the last coup they played: what ``rebet`` puts down again.
    last_bets: tuple[tuple[Box, Amount], ...] = ()
    #: The operator's own seat (``PlayerSeated.house``): its contributions are the
    #: operator's, not a player's.
    house: bool = False

    def stake(self, box: Box) -> Amount:
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
    """The shoe in use: its order, how many cards are out, whether its last coup is played.

    A shoe of physical cards has no order (``order == ()``); ``out`` lists
    the cards the host has placed from it, so that a card the shoe cannot
    hold any more is refused. A shoe of the provably fair scheme keeps what
    everyone may see of it: ``commitment`` (SHA-256 of its server seed) and
    ``client_seed``; its nonce is its ``number``.
    """

    number: int
    order: tuple[Card, ...]
    cut_card: int | None
    size: int
    position: int = 0
    finished: bool = False
    out: tuple[Card, ...] = ()
    commitment: str | None = None
    client_seed: str | None = None
    server_seed: str | None = None  # private, like the order, until revealed
    revealed: bool = False
    #: Coups dealt from it: a table that reshuffles every coup keeps its coups
    #: across shoes, so only this says which shoe the last coup came from.
    coups: int = 0
    #: A fair shoe whose server seed is secret (``fair.secret_seed``): drawn from the
    #: OS's secure source at a table without a public seed.
    secret: bool = False
    #: Where its server seed came from (``ShoeShuffled.source``).
    source: str | None = None
    #: Who gave the values in its client seed, in order, and the operator's own
    #: seats among them.
    contributors: tuple[str, ...] = ()
    house: tuple[str, ...] = ()

    @property
    def remaining(self) -> int:
        """Cards still in the shoe."""
        return self.size - self.position

    @property
    def server_only(self) -> bool:
        """A secret shoe no seat but the operator's contributed to (``fair.server_only``)."""
        import puntobanco.fair as fair

        return fair.server_only(self.secret, self.contributors, self.house)


@dataclass(frozen=True, slots=True)
class NextShoe:
    """The shoe after the current one, committed in advance (the fair scheme).

    ``commitment`` is public from the moment it is drawn; ``server_seed`` stays
    private (None where an export hid it); ``contributions`` are the players'
    ``(name, text)`` to its client seed, in the order they were recorded.
    """

    number: int
    commitment: str
    server_seed: str | None = None
    contributions: tuple[tuple[str, str], ...] = ()
    #: Where its server seed came from (``NextShoeCommitted.source``).
    source: str | None = None
    #: The operator's own seats among the typed contributions' names (older scheme).
    house: tuple[str, ...] = ()

    @property
    def texts(self) -> tuple[str, ...]:
        """The contributions' texts, in order (what the client seed appends)."""
        return tuple(text for _, text in self.contributions)


@dataclass(frozen=True, slots=True)
class LastCoup:
    """The coup settled last: its cards, each player's net and balances around it."""

    coup: int
    cards: tuple[Card, ...]
    bets: Mapping[str, Mapping[Box, Amount]]
    nets: Mapping[str, Amount]
    balances_before: Mapping[str, Amount]
    balances_after: Mapping[str, Amount]
    punto_hand: str | None
    holder_before: str | None


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
    #: The next shoe's commitment and contributions, once drawn (None before,
    #: at a table of real cards, and where no shoe follows).
    next_shoe: NextShoe | None = None
    entropy: gathering.Entropy = gathering.Entropy()  # the players' contributions
    holder: str | None = None
    punto_hand: str | None = None
    #: Who holds Punto's cards face down, to turn them over (``turning``).
    face_down: str | None = None
    #: A lesson's questions and answers (``lesson``; empty at any other table).
    lesson: lessons.Lesson = lessons.Lesson()
    current: Coup | None = None
    #: The coups the roads show: the current shoe's, or every coup of a
    #: table whose format shows them all (``FormatRules.roads_of_table``).
    shoe_coups: tuple[Coup, ...] = ()
    house: Amount = 0
    kept: Fraction = Fraction(0)
    brought: Amount = 0
    taken: Amount = 0
    winners: tuple[str, ...] = ()
    events: int = 0
    placed: tuple[Card, ...] = ()
    last: LastCoup | None = None
    closed_bets: Mapping[str, Mapping[Box, Amount]] = field(default_factory=dict)
    closed_balances: Mapping[str, Amount] = field(default_factory=dict)
    closed_holder: str | None = None
    nets: Mapping[str, Amount] = field(default_factory=dict)
    #: What bets closing left behind, to undo a coup of physical cards.
    closed_house: Amount = 0
    closed_kept: Fraction = Fraction(0)
    closed_last: LastCoup | None = None
    #: Who may sit down without the host: ``"open"``, ``"locked"``, ``"approval"``.
    joins: str = "open"
    #: The requests to sit the host has not answered: name -> (the number of the
    #: request's event, which the seating will be known by; the bankroll asked).
    asking: Mapping[str, tuple[int, Amount]] = field(default_factory=dict)
    #: A session's seconds to predict, after which a coup is dealt without those
    #: who have not (None: the host waits, or deals without them when they say).
    prediction_seconds: int | None = None
    #: The players the coup in play is dealt without: (coup, names).
    skipped: tuple[int, tuple[str, ...]] = (0, ())
    #: The rebuys the host has not answered (a table whose host approves them):
    #: name -> the amount asked.
    rebuys: Mapping[str, Amount] = field(default_factory=dict)
    #: True while the host has paused the table: no bet, no deal, no countdown.
    paused: bool = False
    #: The players ready for the coup in play to be dealt: (coup, names).
    ready: tuple[int, tuple[str, ...]] = (0, ())
    #: The ended table's rematch (``RematchOpened``), once it is open.
    rematch: str | None = None

    @property
    def readied(self) -> tuple[str, ...]:
        """The players who said they are ready for this coup (``PlayerReady``)."""
        coup, names = self.ready
        return names if coup == self.coup else ()

    @property
    def without(self) -> tuple[str, ...]:
        """The players the coup in play is dealt without (``PlayersSkipped``)."""
        coup, names = self.skipped
        return names if coup == self.coup else ()

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
        settled = (Phase.SETTLED, Phase.ENDED, Phase.SHUFFLING)
        return self.coup if self.phase in settled else self.coup - 1

    def find(self, name: str) -> Player | None:
        """The seated player called ``name``, ignoring case and surrounding spaces."""
        exact = self.players.get(name)
        if exact is not None:
            return exact
        key = name_key(name)
        return next((p for p in self.players.values() if name_key(p.name) == key), None)


Changes = dict[str, Any]


def _with_player(state: TableState, player: Player) -> Changes:
    players = dict(state.players)
    players[player.name] = player
    return {"players": players}


def _without_bet(player: Player, box: Box) -> Player:
    bets = dict(player.bets)
    del bets[box]
    chips = tuple(chip for chip in player.chips if chip[0] != box)
    return replace(player, bets=bets, chips=chips)


def _opened(state: TableState, e: TableOpened) -> Changes:
    raise AssertionError("a table opens only once")


def _seated(state: TableState, e: PlayerSeated) -> Changes:
    # A seat the host granted is the seating of its request (its credential's).
    asking = dict(state.asking)
    request = asking.pop(e.name, None)
    seating = state.events + 1 if request is None else request[0]
    changes = _with_player(
        state,
        Player(
            e.name, e.seat, e.bankroll, seating=seating, sat_with=e.bankroll, house=bool(e.house)
        ),
    )
    changes["brought"] = state.brought + e.bankroll
    changes["asking"] = asking
    return changes


def _removed(state: TableState, e: PlayerRemoved) -> Changes:
    if e.name not in state.players:
        raise bad_event(f"PlayerRemoved names {e.name!r} who is not at the table")
    return {}  # the record of who and why: the bets and the seat follow


def _renamed(state: TableState, e: PlayerRenamed) -> Changes:
    """Every record of the player in play under the new name: the seat, the coup's
    bets and nets, the last coup, who holds the shoe or Punto's cards, who is ready
    or skipped, a rebuy asked, a lesson's answers. A shoe's contributions keep the
    name each was committed under (the commitment binds it)."""
    old, new = e.name, e.new_name
    if old not in state.players or new in state.players or new in state.asking:
        raise bad_event(f"PlayerRenamed from {old!r} to {new!r} at a table that cannot")

    def one(name: str | None) -> str | None:
        return new if name == old else name

    def keys(mapping: Mapping[str, Any]) -> dict[str, Any]:
        return {new if name == old else name: value for name, value in mapping.items()}

    def names(group: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(new if name == old else name for name in group)

    def last(coup: LastCoup | None) -> LastCoup | None:
        if coup is None:
            return None
        return replace(
            coup,
            bets=keys(coup.bets),
            nets=keys(coup.nets),
            balances_before=keys(coup.balances_before),
            balances_after=keys(coup.balances_after),
            punto_hand=one(coup.punto_hand),
            holder_before=one(coup.holder_before),
        )

    players = keys(state.players)
    players[new] = replace(players[new], name=new)
    return {
        "players": players,
        "holder": one(state.holder),
        "punto_hand": one(state.punto_hand),
        "face_down": one(state.face_down),
        "last": last(state.last),
        "closed_bets": keys(state.closed_bets),
        "closed_balances": keys(state.closed_balances),
        "closed_holder": one(state.closed_holder),
        "closed_last": last(state.closed_last),
        "nets": keys(state.nets),
        "skipped": (state.skipped[0], names(state.skipped[1])),
        "ready": (state.ready[0], names(state.ready[1])),
        "rebuys": keys(state.rebuys),
        "lesson": lessons.renamed(state.lesson, old, new),
    }


def _join_asked(state: TableState, e: JoinAsked) -> Changes:
    return {"asking": {**state.asking, e.name: (state.events + 1, e.bankroll)}}


def _join_refused(state: TableState, e: JoinRefused) -> Changes:
    asking = dict(state.asking)
    del asking[e.name]
    return {"asking": asking}


def _skipped(state: TableState, e: PlayersSkipped) -> Changes:
    return {"skipped": (e.coup, e.names)}


def _ready(state: TableState, e: PlayerReady) -> Changes:
    return {"ready": (e.coup, (*state.readied, e.name))}


def _left(state: TableState, e: PlayerLeft) -> Changes:
    players = dict(state.players)
    del players[e.name]
    rebuys = {n: a for n, a in state.rebuys.items() if n != e.name}
    return {"players": players, "taken": state.taken + e.bankroll, "rebuys": rebuys}


def _bet(state: TableState, e: BetPlaced) -> Changes:
    player = state.players[e.name]
    if state.config.rules.one_prediction:
        bets: dict[Box, Amount] = {e.box: e.stake}
        chips = player.chips
    else:
        bets = dict(player.bets)
        bets[e.box] = bets.get(e.box, 0) + e.stake
        chips = (*player.chips, (e.box, e.stake))
    return _with_player(state, replace(player, bets=bets, chips=chips))


def _withdrawn(state: TableState, e: BetWithdrawn) -> Changes:
    """A whole box taken back, or its last chip (``undo_bet``: less than the box holds)."""
    player = state.players[e.name]
    left = player.stake(e.box) - e.stake
    if left <= 0:
        return _with_player(state, _without_bet(player, e.box))
    found = [i for i, chip in enumerate(player.chips) if chip == (e.box, e.stake)]
    if not found:
        raise bad_event("a chip taken back that was not put down")
    at = found[-1]
    chips = player.chips[:at] + player.chips[at + 1 :]
    return _with_player(state, replace(player, bets={**player.bets, e.box: left}, chips=chips))


def _rebought(state: TableState, e: PlayerRebought) -> Changes:
    player = state.players[e.name]
    changes = _with_player(state, replace(player, balance=player.balance + e.amount))
    changes["brought"] = state.brought + e.amount
    changes["rebuys"] = {n: a for n, a in state.rebuys.items() if n != e.name}
    return changes


def _rebuy_asked(state: TableState, e: RebuyAsked) -> Changes:
    return {"rebuys": {**state.rebuys, e.name: e.amount}}


def _paused(state: TableState, e: TablePaused) -> Changes:
    return {"paused": True}


def _resumed(state: TableState, e: TableResumed) -> Changes:
    return {"paused": False}


def _rebuy_refused(state: TableState, e: RebuyRefused) -> Changes:
    return {"rebuys": {n: a for n, a in state.rebuys.items() if n != e.name}}


def _closed(state: TableState, e: BetsClosed) -> Changes:
    if not (e.coup == state.coup):
        raise bad_event("an event that does not follow")
    players = {  # what each who bet may put down again on a later coup (``rebet``)
        name: replace(p, last_bets=tuple(p.bets.items())) if p.bets else p
        for name, p in state.players.items()
    }
    return {
        "players": players,
        "closed_bets": {p.name: dict(p.bets) for p in state.seated},
        "closed_balances": state.balances,
        "closed_holder": state.holder,
        "nets": {},
        "placed": (),
        "closed_house": state.house,
        "closed_kept": state.kept,
        "closed_last": state.last,
    }


def _retracted(state: TableState, e: CoupRetracted) -> Changes:
    if not (state.shoe is not None and state.current is not None and e.coup == state.coup):
        raise bad_event("no settled coup to take a card back from")
    if not (state.placed and state.placed[-1] == e.card):
        raise bad_event("only the last card placed goes back")
    players = {
        name: replace(
            p,
            balance=state.closed_balances.get(name, p.balance),
            bets=dict(state.closed_bets.get(name, {})),
        )
        for name, p in state.players.items()
    }
    shoe = replace(state.shoe, position=state.shoe.position - 1, out=state.shoe.out[:-1])
    return {
        "players": players,
        "shoe": shoe,
        "placed": state.placed[:-1],
        "current": None,
        "shoe_coups": state.shoe_coups[:-1],
        "house": state.closed_house,
        "kept": state.closed_kept,
        "last": state.closed_last,
        "holder": state.closed_holder,
        "nets": {},
    }


def _shuffled(state: TableState, e: ShoeShuffled) -> Changes:
    size = len(e.order) or 52 * state.config.decks
    # The roads of a table that reshuffles every coup show all its coups.
    coups = state.shoe_coups if state.config.rules.roads_of_table else ()
    commitment = None
    if e.server_seed is not None:
        import puntobanco.fair as fair

        commitment = fair.commitment(bytes.fromhex(e.server_seed))
    committed = state.next_shoe
    if committed is not None and committed.number == e.shoe and e.server_seed is not None:
        if committed.commitment != commitment:
            raise bad_event("a shoe shuffled with another seed than the one committed")
    contributors: tuple[str, ...] = ()
    house: tuple[str, ...] = ()
    gathered = state.entropy.last
    if gathered is not None and gathered.shoe == e.shoe:  # the players' committed values
        contributors, house = gathered.contributors, gathered.house
    elif committed is not None and committed.number == e.shoe:  # typed (the older scheme)
        contributors, house = tuple(n for n, _ in committed.contributions), committed.house
    import puntobanco.fair as fair

    shoe = ShoeState(
        e.shoe,
        e.order,
        e.cut_card,
        size,
        commitment=commitment,
        client_seed=e.client_seed,
        server_seed=e.server_seed,
        secret=commitment is not None and fair.secret_seed(state.config.seed, e.source),
        source=e.source,
        contributors=contributors,
        house=tuple(n for n in contributors if n in house),
    )
    # The commitment is used up by its shoe.
    return {"shoe": shoe, "shoe_coups": coups, "next_shoe": None}


def _next_committed(state: TableState, e: NextShoeCommitted | NextShoeHidden) -> Changes:
    if e.shoe != (1 if state.shoe is None else state.shoe.number + 1):  # shoe 1: as it opens
        raise bad_event("an event that does not follow")
    if isinstance(e, NextShoeHidden):
        return {"next_shoe": NextShoe(e.shoe, e.commitment, source=e.source)}
    import puntobanco.fair as fair

    commitment = fair.commitment(bytes.fromhex(e.server_seed))
    return {"next_shoe": NextShoe(e.shoe, commitment, e.server_seed, source=e.source)}


def _contributed(state: TableState, e: SeedContributed) -> Changes:
    committed = state.next_shoe
    if not (committed is not None and committed.number == e.shoe):
        raise bad_event("a contribution to a shoe that is not the next one")
    contributions = (*committed.contributions, (e.name, e.text))
    seat = state.players.get(e.name)
    house = (*committed.house, e.name) if seat is not None and seat.house else committed.house
    return {"next_shoe": replace(committed, contributions=contributions, house=house)}


def _placed(state: TableState, e: CardPlaced) -> Changes:
    if not (state.shoe is not None and e.coup == state.coup):
        raise bad_event("an event that does not follow")
    shoe = replace(state.shoe, position=state.shoe.position + 1, out=(*state.shoe.out, e.card))
    return {"shoe": shoe, "placed": (*state.placed, e.card)}


def _undone(state: TableState, e: CardUndone) -> Changes:
    if not (state.shoe is not None and e.coup == state.coup):
        raise bad_event("an event that does not follow")
    if not (state.placed and state.placed[-1] == e.card):
        raise bad_event("only the last card placed goes back")
    shoe = replace(state.shoe, position=state.shoe.position - 1, out=state.shoe.out[:-1])
    return {"shoe": shoe, "placed": state.placed[:-1]}


def _burned(state: TableState, e: ShoeBurned) -> Changes:
    if not (state.shoe is not None):
        raise bad_event("an event that does not follow")
    return {"shoe": replace(state.shoe, position=state.shoe.position + 1 + len(e.burned))}


def _dealt(state: TableState, e: CoupDealt) -> Changes:
    if not (state.shoe is not None and e.coup == state.coup and state.face_down is None):
        raise bad_event("an event that does not follow")
    if state.shoe.order:
        start = state.shoe.position
        if not (e.cards == state.shoe.order[start : start + len(e.cards)]):
            raise bad_event("cards not from the shoe")
        shoe = replace(
            state.shoe,
            position=start + len(e.cards),
            finished=e.last_of_shoe,
            coups=state.shoe.coups + 1,
        )
    else:
        if not (e.cards == state.placed):
            raise bad_event("cards not placed by the host")
        shoe = replace(state.shoe, finished=e.last_of_shoe, coups=state.shoe.coups + 1)
    coup = resolve(e.cards)
    return {"shoe": shoe, "current": coup, "shoe_coups": (*state.shoe_coups, coup)}


def _announced(state: TableState, e: CoupAnnounced) -> Changes:
    if not (state.current is not None and state.current.outcome is e.winner):
        raise bad_event("an event that does not follow")
    return {}


def _collected(state: TableState, e: BetCollected) -> Changes:
    player = state.players[e.name]
    player = replace(_without_bet(player, e.box), balance=player.balance - e.stake)
    changes = _with_player(state, player)
    changes["house"] = state.house + e.stake
    changes["nets"] = {**state.nets, e.name: state.nets.get(e.name, 0) - e.stake}
    return changes


def _returned(state: TableState, e: BetReturned) -> Changes:
    changes = _with_player(state, _without_bet(state.players[e.name], e.box))
    changes["nets"] = {**state.nets, e.name: state.nets.get(e.name, 0)}
    return changes


def _paid(state: TableState, e: BetPaid) -> Changes:
    player = state.players[e.name]
    player = replace(_without_bet(player, e.box), balance=player.balance + e.win)
    changes = _with_player(state, player)
    changes["house"] = state.house - e.win
    changes["kept"] = state.kept + e.kept
    changes["nets"] = {**state.nets, e.name: state.nets.get(e.name, 0) + e.win}
    return changes


def _settled(state: TableState, e: CoupSettled) -> Changes:
    if not (all(not p.bets for p in state.players.values())):
        raise bad_event("a bet left unsettled")
    if not (state.current is not None):
        raise bad_event("an event that does not follow")
    last = LastCoup(
        coup=e.coup,
        cards=state.current.cards,
        bets={n: b for n, b in state.closed_bets.items() if b},
        nets={p.name: state.nets[p.name] for p in state.seated if p.name in state.nets},
        balances_before=dict(state.closed_balances),
        balances_after=state.balances,
        punto_hand=state.punto_hand,
        holder_before=state.closed_holder,
    )
    return {"last": last}


def _finished(state: TableState, e: ShoeFinished) -> Changes:
    return {}


def _revealed(state: TableState, e: ShoeRevealed) -> Changes:
    if state.shoe is None or state.shoe.number != e.shoe:
        return {}
    return {"shoe": replace(state.shoe, revealed=True)}


def _opened_bets(state: TableState, e: BetsOpened) -> Changes:
    return {"coup": e.coup, "current": None, "punto_hand": None, "placed": ()}


def _set(key: str, name: str) -> Callable[[TableState, Any], Changes]:
    """The fold of an event whose one change is the state's ``key``, set to the
    event's field ``name``."""
    return lambda state, e: {key: getattr(e, name)}


_APPLY: Final[dict[type[Any], Callable[[TableState, Any], Changes]]] = {
    TableOpened: _opened,
    PlayerSeated: _seated,
    PlayerLeft: _left,
    BetPlaced: _bet,
    BetWithdrawn: _withdrawn,
    BetsClosed: _closed,
    ShoeShuffled: _shuffled,
    ShoeBurned: _burned,
    CoupDealt: _dealt,
    CoupAnnounced: _announced,
    BetCollected: _collected,
    BetReturned: _returned,
    BetPaid: _paid,
    CoupSettled: _settled,
    ShoeHolderChanged: _set("holder", "name"),
    ShoeFinished: _finished,
    ShoeRevealed: _revealed,
    NextShoeCommitted: _next_committed,
    NextShoeHidden: _next_committed,
    SeedContributed: _contributed,
    BetsOpened: _opened_bets,
    CardPlaced: _placed,
    CardUndone: _undone,
    CoupRetracted: _retracted,
    PlayerRebought: _rebought,
    RebuyAsked: _rebuy_asked,
    RebuyRefused: _rebuy_refused,
    TablePaused: _paused,
    TableResumed: _resumed,
    TableClosed: _set("winners", "winners"),
    RematchOpened: _set("rematch", "table"),
    PlayerRemoved: _removed,
    PlayerRenamed: _renamed,
    JoinsSet: _set("joins", "mode"),
    JoinAsked: _join_asked,
    JoinRefused: _join_refused,
    PredictionTimeSet: _set("prediction_seconds", "seconds"),
    PlayersSkipped: _skipped,
    PlayerReady: _ready,
    **gathering.APPLY,
    **turning.APPLY,
    **lessons.APPLY,
}


def initial(event: TableOpened) -> TableState:
    """The state of a table that has just opened."""
    phase, coup = lessons.first_phase(event.config) or gathering.first_phase(event.config)
    return TableState(event.table, event.config, Phase(phase), coup=coup, events=1)


def apply(state: TableState, event: Event) -> TableState:
    """The state after ``event``. Pure; ``StoreError`` for an event that cannot follow."""
    kind = type(event)
    phase = state.phase
    action = PHASE_EVENTS.get(kind)
    if action is not None:
        if action not in TRANSITIONS[phase]:
            raise bad_event(f"{kind.__name__} in phase {phase.value}")
        phase = TRANSITIONS[phase][action]
    try:
        changes = _APPLY[kind](state, event)
    except KeyError as missing:
        raise bad_event(f"{kind.__name__} names {missing} who is not at the table") from None
    return replace(state, phase=phase, events=state.events + 1, **changes)


def replay(events: Iterable[Event]) -> TableState:
    """Fold a whole log, from its ``TableOpened``, into the table's state."""
    it = iter(events)
    first = next(it, None)
    if not (isinstance(first, TableOpened)):
        raise bad_event("a log starts with TableOpened")
    state = initial(first)
    for event in it:
        state = apply(state, event)
    return state
