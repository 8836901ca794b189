"""Coups per second of a full casino table: 14 seats, every player betting on
every coup, every action one committed SQLite transaction.

Run: ``python bench/bench_table.py [COUPS]``. Side by side: the same play with
the pure state machine alone (no store), with the in-memory store, with SQLite
``synchronous=NORMAL`` (WAL, no fsync per commit) and with the table's own
setting, ``synchronous=FULL``. Each player's bet is its own transaction (as a
player clicking), then ``deal`` (close, deal, settle, next coup) is one more:
15 commits per coup.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from figures import figure
from puntobanco import CasinoTable
from puntobanco.store import EventStore, MemoryStore
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import Table, TableConfig

SEATS = 14
NAMES = [f"Player {n}" for n in range(1, SEATS + 1)]
BOXES = ["banco", "punto", "banco", "egalite"]


def stake(coup: int, seat: int) -> tuple[str, int]:
    return BOXES[(coup + seat) % 4], 1000 + 10 * seat


def play_core(coups: int) -> int:
    """The pure state machine, no store at all."""
    table = Table.open("bench", TableConfig.casino(seed=1))
    for name in NAMES:
        table.sit(name, 10**9)
    for n in range(1, coups + 1):
        for seat, name in enumerate(NAMES):
            table.bet(name, *stake(n, seat))
        table.play_coup()
    return table.event_count


def play_store(coups: int, store: EventStore) -> int:
    """The ``CasinoTable`` API over ``store``: one transaction per call."""
    table = CasinoTable(seed=1, db=store, table="bench")
    for name in NAMES:
        table.sit(name, 10**9)
    for n in range(1, coups + 1):
        for seat, name in enumerate(NAMES):
            table.bet(name, *stake(n, seat))
        table.deal()
    return len(table.events)


def measure(label: str, key: str, coups: int, run: Callable[[int], int]) -> None:
    start = time.perf_counter()
    events = run(coups)
    seconds = time.perf_counter() - start
    commits = coups * (SEATS + 1)
    print(
        f"{label:<34} {coups / seconds:>9.1f} coups/s {commits / seconds:>9.0f} actions/s"
        f" {events / seconds:>9.0f} events/s"
    )
    figure(f"table.{key}", coups / seconds, "coups/s", label)
    figure(f"table.{key}_actions", commits / seconds, "actions/s", f"{label}, actions")


def main() -> None:
    coups = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"{SEATS} seats, every player betting, {coups} coups (15 actions a coup)")
    with tempfile.TemporaryDirectory() as folder:
        measure("state machine only (no store)", "machine", coups, play_core)
        measure("in-memory store", "memory", coups, lambda c: play_store(c, MemoryStore()))
        for sync in ("NORMAL", "FULL"):
            path = Path(folder) / f"{sync}.db"

            def sqlite(c: int, path: Path = path, sync: str = sync) -> int:
                store = SQLiteStore(path, synchronous=sync)
                try:
                    return play_store(c, store)
                finally:
                    store.close()

            measure(f"SQLite WAL synchronous={sync}", f"sqlite_{sync.lower()}", coups, sqlite)


if __name__ == "__main__":
    main()
