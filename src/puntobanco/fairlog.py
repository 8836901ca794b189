"""The fair shoes of a table's log: what ``puntobanco shoes`` shows and ``verify`` checks.

A fold over the stored events (the store's private part included): each shoe
shuffled by the provably fair scheme becomes a ``FairShoe`` with every card
that has left it, in order (the casino's turned and burned cards first). Its
server seed is shown only once the shoe has ended: a later shoe was shuffled,
the shoe finished, the table closed, or, at a table that reshuffles every
coup (the session), its one coup was settled.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from puntobanco import fair
from puntobanco.cards import Card
from puntobanco.table.events import (
    CoupDealt,
    CoupSettled,
    Event,
    ShoeBurned,
    ShoeFinished,
    ShoeShuffled,
    TableClosed,
    TableOpened,
)


def fair_shoes(events: Iterable[Event]) -> list[fair.FairShoe]:
    """Every fair shoe of one table's log, oldest first (seeds of shoes not ended: None)."""
    table = ""
    decks = 0
    reshuffles = False
    shoes: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None

    def end() -> None:
        if current is not None:
            current["ended"] = True

    for event in events:
        if isinstance(event, TableOpened):
            table, decks = event.table, event.config.decks
            reshuffles = event.config.shoe_config.reshuffle_every_coup
        elif isinstance(event, ShoeShuffled):
            end()
            current = None
            if event.server_seed is not None and event.client_seed is not None:
                current = {"event": event, "dealt": [], "ended": False}
                shoes.append(current)
        elif current is None:
            continue
        elif isinstance(event, ShoeBurned):
            current["dealt"].extend([event.turned, *event.burned])
        elif isinstance(event, CoupDealt):
            current["dealt"].extend(event.cards)
        elif isinstance(event, ShoeFinished | TableClosed) or (
            isinstance(event, CoupSettled) and reshuffles
        ):
            end()
    result = []
    for shoe in shoes:
        shuffled: ShoeShuffled = shoe["event"]
        seed = shuffled.server_seed or ""
        dealt: list[Card] = shoe["dealt"]
        result.append(
            fair.FairShoe(
                table=table,
                shoe=shuffled.shoe,
                decks=decks,
                commitment=fair.commitment(bytes.fromhex(seed)),
                client_seed=shuffled.client_seed or "",
                nonce=shuffled.shoe,
                server_seed=seed if shoe["ended"] else None,
                secret=True,
                dealt=tuple(dealt),
            )
        )
    return result
