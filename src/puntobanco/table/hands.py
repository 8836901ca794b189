"""Who turned Punto's cards over and who passed the shoe, coup by coup (seed 002),
read from a table's log: what ``puntobanco history`` and the web table's history
add to each settled coup (``table.history.CoupRecord``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from puntobanco.table.events import Event, PuntoCardsTurned, ShoePassed

#: The players' hands on a coup: Punto's cards turned over, the shoe passed on.
Hand = PuntoCardsTurned | ShoePassed


def hands_by_coup(events: Iterable[Event]) -> dict[int, list[Hand]]:
    """The ``PuntoCardsTurned`` and ``ShoePassed`` events of one table's log, by coup,
    in the log's order."""
    found: dict[int, list[Hand]] = {}
    for event in events:
        if isinstance(event, PuntoCardsTurned | ShoePassed):
            found.setdefault(event.coup, []).append(event)
    return found


def hands_json(hands: Iterable[Hand]) -> dict[str, Any]:
    """What a coup's JSON record gains: ``punto_turned_by`` (the player who turned
    Punto's cards over; null: the dealer, the player's time being up) where they
    went face down to a player, and ``shoe_passed`` (each ``{"from", "to"}``) where
    a holder passed the shoe; nothing where neither happened.

    >>> hands_json([ShoePassed(3, "Ana", "Bruno"), PuntoCardsTurned(3, None)])
    {'punto_turned_by': None, 'shoe_passed': [{'from': 'Ana', 'to': 'Bruno'}]}
    """
    out: dict[str, Any] = {}
    passed = []
    for hand in hands:
        if isinstance(hand, PuntoCardsTurned):
            out["punto_turned_by"] = hand.name
        else:
            passed.append({"from": hand.name, "to": hand.to})
    if passed:
        out["shoe_passed"] = passed
    return out
