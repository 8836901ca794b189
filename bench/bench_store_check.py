"""What the checks on opening a log cost: a writer's (``PRAGMA quick_check``), a
reader's (``integrity_check`` and the log's own check), and reading every row, on a
long table.

Run: ``python bench/bench_store_check.py [COUPS]`` (default 100,000). Builds the
casino table of ``bench_reopen.py`` (two players betting every coup) in a SQLite
file, then times, in the same run, the best of three of: opening it as a
writer (``SQLiteStore(path)``: the header, ``quick_check``, the schema; what
``serve``, ``play`` and ``import`` do before they write), opening it as a
reader (``SQLiteStore(readonly=True)``: integrity_check and the numbering check),
``PRAGMA quick_check`` alone, ``PRAGMA integrity_check`` alone, and loading
every row (checksum and decoding, what ``export`` does); then one
``SQLiteStore.backup`` (what ``puntobanco backup`` runs), once.
"""

from __future__ import annotations

import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_reopen import arguments, built  # noqa: E402
from figures import figure  # noqa: E402
from puntobanco.store.sqlite import SQLiteStore  # noqa: E402


def best(work: Callable[[], object], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    args = arguments()
    coups = int(args.coups)
    with tempfile.TemporaryDirectory() as folder:
        path = args.log or Path(folder) / "long.db"
        events, _ = built(path, coups)
        size = path.stat().st_size
        raw = sqlite3.connect(path)

        def pragma(name: str) -> None:
            assert raw.execute(f"PRAGMA {name}").fetchone() == ("ok",)

        def writer() -> None:
            SQLiteStore(path).close()

        def reader() -> None:
            SQLiteStore(path, readonly=True).close()

        def load_all() -> None:
            store = SQLiteStore(path, readonly=True)
            assert len(store.load("long")) == events
            store.close()

        print(f"{coups:,} coups, {events:,} events, {size / 2**20:.1f} MiB")
        figure("store_check.mib", size / 2**20, "MiB", "the log's size")
        for key, label, seconds in (
            ("integrity_s", "PRAGMA integrity_check", best(lambda: pragma("integrity_check"))),
            ("quick_s", "PRAGMA quick_check", best(lambda: pragma("quick_check"))),
            ("writer_s", "writer open (quick_check)", best(writer)),
            ("reader_s", "reader open (integrity + gap)", best(reader)),
            ("load_s", "reader open + every row loaded", best(load_all, 1)),
        ):
            print(f"  {label:<32}{seconds:7.3f} s")
            figure(f"store_check.{key}", seconds, "s", label)
        raw.close()
        store = SQLiteStore(path, readonly=True)
        start = time.perf_counter()
        store.backup(Path(folder) / "copy.db")
        seconds = time.perf_counter() - start
        print(f"  {'backup (online backup API)':<32}{seconds:7.3f} s")
        figure("store_check.backup_s", seconds, "s", "backup (online backup API)")
        store.close()


if __name__ == "__main__":
    main()
