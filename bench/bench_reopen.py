"""Reopening a long-lived table: its latest snapshot and the events since, beside a full replay.

Run: ``python bench/bench_reopen.py [COUPS]`` (default 100,000). Builds a casino
table of COUPS coups (two players betting every coup) in a SQLite file, with
the snapshot the engine would have written last (every 2,000 events, between
coups), then times, in the same run: the full replay (every event loaded and
folded, as reopening did before snapshots) and the engine's reopening (the
snapshot, then the events after it). Reopening is the best of three runs;
the full replay runs once (it takes long).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from puntobanco.engine import Engine
from puntobanco.engine.reopen import SNAPSHOT_EVERY
from puntobanco.store import open_store
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import Event, Table, TableConfig
from puntobanco.table.snapshot import dump_state
from puntobanco.table.state import Phase


def build(path: Path, coups: int) -> tuple[int, int]:
    """The table's log in ``path``; returns (events, events after the snapshot)."""
    events: list[Event] = []
    table = Table.open(
        "long",
        TableConfig.casino(seed=11),
        players=[("Ana", 10**12), ("Bruno", 10**12)],
        sink=lambda _stored, new: events.extend(new),
    )
    snap = (0, "")
    for n in range(coups):
        table.bet("Ana", "banco" if n % 3 else "punto", 1_000 + 10 * (n % 7))
        table.bet("Bruno", "egalite" if n % 5 == 0 else "banco", 2_000)
        table.play_coup()
        if table.event_count - snap[0] >= SNAPSHOT_EVERY and table.phase is Phase.BETS_OPEN:
            snap = (table.event_count, dump_state(table.state))
    store = SQLiteStore(path, synchronous="OFF")
    store.append("long", 0, events)
    store.save_snapshot("long", *snap)
    store.close()
    return len(events), len(events) - snap[0]


def full_replay(path: Path) -> float:
    store = open_store(path)
    start = time.perf_counter()
    table = Table(r.event for r in store.load("long"))
    elapsed = time.perf_counter() - start
    assert table.phase is Phase.BETS_OPEN
    store.close()
    return elapsed


def reopen(path: Path) -> float:
    start = time.perf_counter()
    engine = Engine(path)
    engine.resume("long")
    elapsed = time.perf_counter() - start
    assert engine.machine("long").from_snapshot
    engine.shutdown()
    return elapsed


def main(coups: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.db"
        start = time.perf_counter()
        events, tail = build(path, coups)
        print(f"{coups:,} coups, {events:,} events ({time.perf_counter() - start:.1f} s to build)")
        print(f"  reopen (snapshot + {tail:,} events after it): ", end="", flush=True)
        print(f"{min(reopen(path) for _ in range(3)):.3f} s")
        print("  full replay (every event):                   ", end="", flush=True)
        print(f"{full_replay(path):.3f} s")


if __name__ == "__main__":
    main(int(float(sys.argv[1])) if len(sys.argv) > 1 else 100_000)
