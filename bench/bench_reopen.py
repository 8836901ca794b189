"""Reopening a long-lived table: its latest snapshot and the events since, beside a full replay.

Run: ``python bench/bench_reopen.py [COUPS] [--log FILE]`` (default 100,000).
Builds a casino table of COUPS coups (two players betting every coup) in a SQLite
file, with the snapshot the engine would have written last (every 2,000 events,
between coups), then times, in the same run: the full replay (every event loaded
and folded, as reopening did before snapshots) and the engine's reopening (the
snapshot, then the events after it), beside the opening of the log itself (the
checks a writer makes first, in proportion to the file's size). Opening and
reopening are the best of three runs; the full replay runs once (it takes long).
With ``--log FILE`` the table is built in FILE and kept, or read from it when it
is there already (``bench_store_check.py`` takes the same option, so that the
report builds the long table once).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from figures import figure
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


def reopen(path: Path) -> tuple[float, float]:
    """(seconds to open the log, its checks included; seconds to reopen the table in
    it: the snapshot, then the events after it)."""
    start = time.perf_counter()
    engine = Engine(path)
    opened = time.perf_counter()
    engine.resume("long")
    elapsed = time.perf_counter() - opened
    assert engine.machine("long").from_snapshot
    engine.shutdown()
    return opened - start, elapsed


def built(path: Path, coups: int) -> tuple[int, int]:
    """(events, events after the snapshot) of the long table in ``path``, built there
    unless this benchmark built one of ``coups`` coups there already (its numbers
    are in a file beside it)."""
    about = path.with_name(path.name + ".json")
    if path.exists() and about.exists():
        known = json.loads(about.read_text())
        if known["coups"] == coups:
            return known["events"], known["tail"]
    for stale in (path, about, path.with_name(path.name + "-wal")):
        stale.unlink(missing_ok=True)
    start = time.perf_counter()
    events, tail = build(path, coups)
    print(f"{coups:,} coups, {events:,} events ({time.perf_counter() - start:.1f} s to build)")
    about.write_text(json.dumps({"coups": coups, "events": events, "tail": tail}))
    return events, tail


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("coups", nargs="?", type=float, default=100_000)
    parser.add_argument("--log", type=Path, help="build the table here and keep it")
    return parser.parse_args()


def main() -> None:
    args = arguments()
    coups = int(args.coups)
    with tempfile.TemporaryDirectory() as folder:
        path = args.log or Path(folder) / "long.db"
        events, tail = built(path, coups)
        print(f"{coups:,} coups, {events:,} events in the log")
        runs = [reopen(path) for _ in range(3)]
        opening, again = min(r[0] for r in runs), min(r[1] for r in runs)
        print(f"  open the log (its quick_check):               {opening:.3f} s")
        print(f"  reopen (snapshot + {tail:,} events after it): {again:.3f} s", flush=True)
        replay = full_replay(path)
        print(f"  full replay (every event):                   {replay:.3f} s")
        print(f"  reopening takes {again / replay:.2%} of the full replay")
        figure("reopen.coups", coups, "", "coups in the table")
        figure("reopen.events", events, "", "events in its log")
        figure("reopen.open_s", opening, "s", "opening the log, its quick_check included")
        figure("reopen.reopen_s", again, "s", "reopening: the snapshot and the events after it")
        figure("reopen.replay_s", replay, "s", "full replay of every event")


if __name__ == "__main__":
    main()
