"""The fault-injection suite, longer than the tests run it, with its figures.

Run from the repository's root: ``python bench/bench_faults.py [--kills 60]
[--pg-kills 6] [--url URL]``. It runs the scenarios of ``tests/faults`` (the same
code the tests run): ``serve`` killed with kill -9 ``--kills`` times on SQLite (half at
random moments, half right after a commit whose answers never went out), two servers
on one PostgreSQL killed in turn ``--pg-kills`` times (on ``--url``, else a throwaway
cluster of ``tools/pgcluster.py``), a damaged page, an emptied log, a full disk, a
read-only log file and the clock stepped back an hour; clients send the same command
ids again until answered. For each it prints the kills, the acknowledged commands
checked at their numbers, the refusals, the commands lost and those acted twice (or
acted when refused), the coups settled again from their cards and the settlement and
balance errors; then the totals. It first prints the date, the commit and the machine,
and says for the full disk and the read-only file whether the fault was real (a small
tmpfs filled, a read-only bind mount) or SQLite's error raised by the store's
connection (where this user may not mount), so that its output can be quoted as it is.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(ROOT))  # tests/faults and tools/
from tests.faults.harness import Figures  # noqa: E402
from tests.faults.scenarios import (  # noqa: E402
    clock_run,
    damaged_then_restored,
    killed_run,
    pair_run,
    unwritable_run,
)

from figures import figure  # noqa: E402
from report import commit, machine  # noqa: E402

PG_ENV = "PUNTOBANCO_BENCH_PG"


def row(name: str, f: Figures, seconds: float) -> str:
    errors = f.settlement_errors + f.balance_errors
    return (
        f"{name:<31} {f.kills:>5} {f.commands:>8} {f.refused:>7} {f.lost:>4} "
        f"{f.duplicated:>4} {f.coups:>5} {errors:>6} {seconds:>7.1f}"
    )


def unwritable(tmp: Path, seed: int, fault: str) -> tuple[Figures, str]:
    """The full disk or read-only file run, and how its fault was made."""
    found, seen = unwritable_run(tmp, seed=seed, fault=fault)
    return found, ("real" if seen["real"] else "raised")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=60, help="kills on SQLite")
    parser.add_argument("--pg-kills", type=int, default=6, help="kills of the PostgreSQL pair")
    parser.add_argument("--url", help="a PostgreSQL database (default: a throwaway cluster)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    from tools import pgcluster

    from puntobanco.store.postgres import connect

    folder = None
    url = args.url or os.environ.get(PG_ENV) or None
    if url is None:
        folder = Path(tempfile.mkdtemp(prefix="puntobanco-bench-pg-"))
        url = pgcluster.start(folder).url
    schema = f"faults_{uuid.uuid4().hex[:8]}"
    admin = connect(url)
    admin.execute(f"CREATE SCHEMA {schema}")
    pg = f"{url}{'&' if '?' in url else '?'}options={quote(f'-csearch_path={schema}')}"
    seed = args.seed
    runs: list[tuple[str, Callable[[Path], tuple[Figures, str]]]] = [
        ("kill -9, SQLite", lambda tmp: (killed_run(tmp, args.kills, seed=seed), "")),
        (
            "kill -9, 2 servers, PostgreSQL",
            lambda tmp: (pair_run(pg, tmp, args.pg_kills, seed=seed), ""),
        ),
        ("a damaged page", lambda tmp: (damaged_then_restored(tmp, seed=seed, empty=False)[0], "")),
        ("an emptied log", lambda tmp: (damaged_then_restored(tmp, seed=seed, empty=True)[0], "")),
        ("a full disk", lambda tmp: unwritable(tmp, seed, "full")),
        ("a read-only log file", lambda tmp: unwritable(tmp, seed, "read-only")),
        ("the clock stepped back 1 h", lambda tmp: (clock_run(tmp, seed=seed)[0], "")),
    ]
    host = machine()
    print(
        f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, commit {commit()}, {host['cpu']}, "
        f"{host['cores']} cores, {host['memory_gib']} GiB, load {os.getloadavg()[0]:.1f}"
    )
    made = {"real": "a real fault", "raised": "SQLite's error raised by the store"}
    total = Figures()
    print(
        f"{'fault':<31} {'kills':>5} {'commands':>8} {'refused':>7} {'lost':>4} {'dup':>4} "
        f"{'coups':>5} {'errors':>6} {'seconds':>7}"
    )
    started = time.perf_counter()
    try:
        for name, run in runs:
            with tempfile.TemporaryDirectory(prefix="puntobanco-faults-") as tmp:
                begun = time.perf_counter()
                found, how = run(Path(tmp))
                print(row(name, found, time.perf_counter() - begun), flush=True)
                if how:
                    print(f"    ({made[how]})", flush=True)
                for problem in found.problems[:5]:
                    print(f"    {problem[:300]}")
                total.add(found)
                total.kills += found.kills
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()
        if folder is not None:
            pgcluster.stop(folder, remove=True)
    print(row("all", total, time.perf_counter() - started))
    figure("faults.kills", total.kills, "", "processes killed with kill -9")
    figure("faults.commands", total.commands, "", "acknowledged commands checked")
    figure("faults.coups", total.coups, "", "coups settled again from their cards")
    figure("faults.lost", total.lost, "", "acknowledged commands lost")
    figure("faults.duplicated", total.duplicated, "", "commands acted twice or when refused")
    figure(
        "faults.errors",
        total.settlement_errors + total.balance_errors,
        "",
        "settlement and balance errors",
    )
    if total.lost or total.duplicated or total.settlement_errors or total.balance_errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
