"""Punto's cards and the shoe in players' hands (seed 002), as part of the table's state.

At a casino table the shoe's holder deals, or declines and passes the shoe to
the next seat (``ShoePassed``); Punto's two cards go face down to the player
with the largest Punto bet (``PuntoCardsHanded``), who turns them over for the
table (``PuntoCardsTurned``) before the coup is dealt on. ``state.apply`` folds
these events through ``APPLY``; like the rest of the fold it checks that an
event can follow (``StoreError`` otherwise) and decides nothing. ``state``
imports this module, so it reads the state through the few attributes it
needs (``_State``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol

from puntobanco.errors import bad_event
from puntobanco.table.config import TableConfig
from puntobanco.table.events import PuntoCardsHanded, PuntoCardsTurned, ShoePassed

#: The actions this module adds to the one transition table (``state.TRANSITIONS``),
#: by phase value: both happen after bets close and before the coup is dealt.
ROWS: Final[Mapping[str, Mapping[str, str]]] = {
    "bets_open": {"pass_shoe": "bets_open"},
    "bets_closed": {"turn_punto": "bets_closed", "pass_shoe": "bets_closed"},
}


class _State(Protocol):
    """What the fold reads of ``state.TableState``."""

    @property
    def config(self) -> TableConfig: ...
    @property
    def coup(self) -> int: ...
    @property
    def holder(self) -> str | None: ...
    @property
    def face_down(self) -> str | None: ...
    @property
    def players(self) -> Mapping[str, object]: ...


def _handed(state: _State, e: PuntoCardsHanded) -> dict[str, Any]:
    if e.coup != state.coup:
        raise bad_event("an event that does not follow")
    if e.name is not None and e.name not in state.players:
        raise bad_event("Punto's cards handed to a player who is not seated")
    # Face down with the player until turned, at a table that hands them to a phone.
    face_down = e.name if state.config.turn_seconds is not None else None
    return {"punto_hand": e.name, "face_down": face_down}


def _turned(state: _State, e: PuntoCardsTurned) -> dict[str, Any]:
    if e.coup != state.coup or state.face_down is None:
        raise bad_event("Punto's cards turned when none were face down")
    if e.name is not None and e.name != state.face_down:
        raise bad_event("Punto's cards turned by a player who was not handed them")
    return {"face_down": None}


def _passed(state: _State, e: ShoePassed) -> dict[str, Any]:
    if e.coup != state.coup or e.name != state.holder or e.to not in state.players:
        raise bad_event("a shoe passed by a player who does not hold it")
    if e.to == e.name:
        raise bad_event("a shoe passed to its own holder")
    return {"holder": e.to}


APPLY: Final[Mapping[type[Any], Callable[[_State, Any], dict[str, Any]]]] = {
    PuntoCardsHanded: _handed,
    PuntoCardsTurned: _turned,
    ShoePassed: _passed,
}
