"""The players' contributions to a shoe as part of the table's state: records and fold.

``state.apply`` folds the commit-reveal events through ``APPLY``; this module
adds its phase (``shuffling``, where a called shoe gathers its contributions
before bets open), its actions to the one transition table (``ROWS``) and the
event that moves a table into that phase (``PHASE_EVENTS``). Pure, like the
rest of the fold: it checks that an event can follow (``StoreError``
otherwise) and never decides anything. ``state`` imports this module, so it
reads the state through the few attributes it needs (``_State``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Final, Protocol, TypeVar

import puntobanco.fair.contributions as contributions
from puntobanco.errors import bad_event
from puntobanco.table.config import TableConfig
from puntobanco.table.events import (
    ContributionCommitted,
    ContributionRevealed,
    ContributionsClosed,
    Event,
    RevealsOpened,
    ShoeCalled,
)

#: The phase of a table whose next shoe gathers its contributions (``state.Phase``).
SHUFFLING: Final = "shuffling"


class Window(Enum):
    """Where one shoe's contributions stand."""

    COMMIT = "commit"  # its server seed is committed: seated players commit
    CALLED = "called"  # the shoe is wanted: the missing commitments have seconds left
    REVEAL = "reveal"  # no more commitments: the committed players reveal
    CLOSED = "closed"  # over: the shoe is shuffled with what was revealed


@dataclass(frozen=True, slots=True)
class Gathering:
    """One shoe's contributions: the commitments in the order recorded, the values
    revealed, the players left out. Names as the table recorded them."""

    shoe: int
    window: Window = Window.COMMIT
    commits: tuple[tuple[str, str], ...] = ()  # (name, digest)
    revealed: tuple[tuple[str, str], ...] = ()  # (name, value), in the order revealed
    excluded: tuple[str, ...] = ()
    #: Who committed from one of the operator's own seats (``PlayerSeated.house``).
    house: tuple[str, ...] = ()

    def digest_of(self, name: str) -> str | None:
        """The commitment ``name`` made, if any."""
        return dict(self.commits).get(name)

    def has_revealed(self, name: str) -> bool:
        """True once ``name`` has revealed."""
        return any(who == name for who, _ in self.revealed)

    @property
    def values(self) -> tuple[str, ...]:
        """The revealed values in commit order: what the shoe's client seed appends."""
        return contributions.in_commit_order(self.commits, self.revealed)

    @property
    def contributors(self) -> tuple[str, ...]:
        """Who revealed, in commit order: whose values the client seed appends."""
        return tuple(name for name, _ in self.commits if self.has_revealed(name))

    @property
    def unrevealed(self) -> tuple[str, ...]:
        """The committed players who have not revealed, in commit order."""
        return tuple(name for name, _ in self.commits if not self.has_revealed(name))


@dataclass(frozen=True, slots=True)
class Entropy:
    """A table's contributions: the shoe gathering them now (the next one), and the
    last shoe that gathered them (the one in play, once shuffled)."""

    current: Gathering | None = None
    last: Gathering | None = None

    def of(self, shoe: int) -> Gathering | None:
        """The gathering of shoe ``shoe``, current or last."""
        found = (g for g in (self.current, self.last) if g is not None and g.shoe == shoe)
        return next(found, None)


class _Committed(Protocol):
    @property
    def number(self) -> int: ...


class _Seat(Protocol):
    @property
    def house(self) -> bool: ...


class _State(Protocol):
    """What the fold reads of ``state.TableState``."""

    @property
    def table(self) -> str: ...
    @property
    def config(self) -> TableConfig: ...
    @property
    def next_shoe(self) -> _Committed | None: ...
    @property
    def entropy(self) -> Entropy: ...
    @property
    def players(self) -> Mapping[str, _Seat]: ...


#: What the gathering adds to the transition table, by phase value: the action and
#: the phase it leads to. Commitments are taken in any phase but the end; reveals
#: only while the table is shuffling; a called shoe moves a settled table there.
ROWS: Final[Mapping[str, Mapping[str, str]]] = {
    "bets_open": {"commit": "bets_open"},
    "bets_closed": {"commit": "bets_closed"},
    "dealt": {"commit": "dealt"},
    "settled": {"commit": "settled", "call": SHUFFLING},
    SHUFFLING: {
        "sit": SHUFFLING,
        "leave": SHUFFLING,
        "rebuy": SHUFFLING,
        "commit": SHUFFLING,
        "reveal": SHUFFLING,
        "call": SHUFFLING,
        "next_coup": "bets_open",
        "close_table": "ended",
    },
}
#: The gathering's event that moves a table from one phase to another, with its action.
PHASE_EVENTS: Final[Mapping[type[Event], str]] = {ShoeCalled: "call"}

P = TypeVar("P", bound=Enum)


def with_rows(
    base: Mapping[P, Mapping[str, P]],
    phases: type[P],
    *more: Mapping[str, Mapping[str, str]],
) -> dict[P, Mapping[str, P]]:
    """``base`` (the table's transitions by phase) with ``ROWS`` added, and the rows
    of ``more`` (other parts of the state: ``turning.ROWS``)."""
    return {
        phase: {
            **base.get(phase, {}),
            **{
                action: phases(to)
                for rows in (ROWS, *more)
                for action, to in rows.get(phase.value, {}).items()
            },
        }
        for phase in phases
    }


def first_phase(config: TableConfig) -> tuple[str, int]:
    """The phase and coup number a table opens in: a table that takes contributions
    waits (``shuffling``, coup 0) for its first shoe, whose players contribute
    before it is shuffled; any other has its first shoe shuffled as it opens."""
    return (SHUFFLING, 0) if config.takes_contributions else ("bets_open", 1)


def _gathering(state: _State, shoe: int) -> Gathering:
    """The current gathering of ``shoe``: it begins with the shoe's commitment."""
    if not state.config.takes_contributions:
        raise bad_event("a contribution at a table that takes none")
    committed = state.next_shoe
    if committed is None or committed.number != shoe:
        raise bad_event(f"a contribution to shoe {shoe} before its server seed is committed")
    current = state.entropy.current
    if current is None or current.shoe != shoe:
        return Gathering(shoe)
    return current


def _now(state: _State, gathering: Gathering) -> dict[str, Any]:
    return {"entropy": replace(state.entropy, current=gathering)}


def _committed(state: _State, e: ContributionCommitted) -> dict[str, Any]:
    gathering = _gathering(state, e.shoe)
    if gathering.window not in (Window.COMMIT, Window.CALLED):
        raise bad_event("a commitment after the reveals opened")
    if e.name not in state.players or gathering.digest_of(e.name) is not None:
        raise bad_event("a commitment by a player who is not seated or has committed")
    if any(digest == e.digest for _, digest in gathering.commits):
        raise bad_event("a commitment copied from another")
    house = (*gathering.house, e.name) if state.players[e.name].house else gathering.house
    commits = (*gathering.commits, (e.name, e.digest))
    return _now(state, replace(gathering, commits=commits, house=house))


def _called(state: _State, e: ShoeCalled) -> dict[str, Any]:
    gathering = _gathering(state, e.shoe)
    if gathering.window is not Window.COMMIT:
        raise bad_event("a shoe called twice")
    return _now(state, replace(gathering, window=Window.CALLED))


def _opened(state: _State, e: RevealsOpened) -> dict[str, Any]:
    gathering = _gathering(state, e.shoe)
    if gathering.window is not Window.CALLED:
        raise bad_event("reveals opened for a shoe not called, or twice")
    return _now(state, replace(gathering, window=Window.REVEAL))


def _revealed(state: _State, e: ContributionRevealed) -> dict[str, Any]:
    gathering = _gathering(state, e.shoe)
    committed = gathering.digest_of(e.name)
    if gathering.window is not Window.REVEAL or committed is None:
        raise bad_event("a reveal outside the reveals, or without a commitment")
    if gathering.has_revealed(e.name):
        raise bad_event("a second reveal")
    try:
        fits = contributions.matches(state.table, e.shoe, e.name, e.value, committed)
    except ValueError:
        fits = False
    if not fits:
        raise bad_event("a revealed value that does not match its commitment")
    return _now(state, replace(gathering, revealed=(*gathering.revealed, (e.name, e.value))))


def _closed(state: _State, e: ContributionsClosed) -> dict[str, Any]:
    gathering = _gathering(state, e.shoe)
    if gathering.window is not Window.REVEAL or e.excluded != gathering.unrevealed:
        raise bad_event("reveals closed with another list of players left out")
    done = replace(gathering, window=Window.CLOSED, excluded=e.excluded)
    return {"entropy": Entropy(current=None, last=done)}


#: The fold of each commit-reveal event (``state.apply``).
APPLY: Final[Mapping[type[Any], Callable[[_State, Any], dict[str, Any]]]] = {
    ContributionCommitted: _committed,
    ShoeCalled: _called,
    RevealsOpened: _opened,
    ContributionRevealed: _revealed,
    ContributionsClosed: _closed,
}
