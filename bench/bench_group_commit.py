"""Appends per second on SQLite at ``synchronous=FULL``: one transaction per append
(the baseline) beside group commits of several tables' appends (``append_many``).

    python bench/bench_group_commit.py [APPENDS] [GROUP]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from figures import figure
from puntobanco.store import Append
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import TableConfig
from puntobanco.table.events import BetsOpened, TableOpened


def run(folder: Path, appends: int, group: int) -> float:
    """Appends per second: one-event appends to ``group`` tables, ``group`` per commit."""
    store = SQLiteStore(folder / f"g{group}.db", synchronous="FULL")
    tables = [f"t{i}" for i in range(group)]
    store.append_many([Append(t, 0, [TableOpened(t, TableConfig.session())]) for t in tables])
    counts = dict.fromkeys(tables, 1)
    start = time.perf_counter()
    done = 0
    while done < appends:
        batch = [Append(t, counts[t], [BetsOpened(counts[t])]) for t in tables]
        if group == 1:
            store.append(*batch[0][:3])
        else:
            store.append_many(batch)
        for t in tables:
            counts[t] += 1
        done += group
    elapsed = time.perf_counter() - start
    store.close()
    return done / elapsed


def main() -> None:
    appends = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    group = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    with tempfile.TemporaryDirectory() as folder:
        single = run(Path(folder), appends, 1)
        grouped = run(Path(folder), appends, group)
    print(f"SQLite, synchronous=FULL, {appends} one-event appends")
    print(f"  one transaction each (baseline)   {single:10,.0f} appends/s")
    print(
        f"  {group} tables per group commit     {grouped:10,.0f} appends/s"
        f"  (x{grouped / single:.1f})"
    )
    figure("group_commit.single", single, "appends/s", "one transaction an append")
    figure("group_commit.grouped", grouped, "appends/s", f"{group} tables a group commit")
    figure("group_commit.ratio", grouped / single, "x", "group commits against single ones")


if __name__ == "__main__":
    main()
