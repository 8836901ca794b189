"""Two processes on one PostgreSQL database against one process on a SQLite file.

200 casino tables, 2,000 players (10 a table). On PostgreSQL two worker
processes share the tables: each owns 100 (it deals them) and half of every
table's players send their bets through the process that does not own it
(optimistic concurrency). On SQLite one process serves every table (the
embedded default). Each worker sends bets at a fixed rate (open loop: a bet's
latency runs from the moment it was due, so a worker that falls behind shows
it), each with an id; every 10 bets at a table its owner deals. After each
step the store is recounted: every acknowledged bet must be stored exactly
once. Prints, for each offered rate, the commands per second carried out,
p50/p99 latency, lost and duplicated bets, for both stores side by side.

    python bench/bench_pg.py [--rates 200 400 800] [--seconds 5] [--url postgresql://...]

Without ``--url`` a throwaway cluster is started (``tools/pgcluster.py``)
and removed afterwards.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from figures import figure

TABLES = 200
PLAYERS = 10
THREADS = 8


def table_name(t: int) -> str:
    return f"t{t:03d}"


def player_name(p: int) -> str:
    return f"p{p}"


def setup(db: str) -> None:
    """Open every table and seat its players (one process, before the clock starts)."""
    from puntobanco.engine import Engine

    engine = Engine(db)
    for t in range(TABLES):
        players = [(player_name(p), 10**11) for p in range(PLAYERS)]
        engine.open(table_name(t), "casino", settings={"seed": t}, players=players)
    engine.shutdown()


def worker(backend: str, db: str, index: int, workers: int, rate: float, seconds: float) -> None:
    """Send this worker's share of the bets at ``rate`` a second; print its figures as JSON."""
    from puntobanco.engine import Bet, Deal, Engine
    from puntobanco.errors import PuntoBancoError

    engine = Engine(db)
    if backend == "postgresql":  # each process owns its share of the tables
        for t in range(index, TABLES, workers):
            assert engine.claim(table_name(t))
    for t in range(TABLES):  # load every table before the clock starts
        engine.resume(table_name(t))
    # This worker's players: those (t, p) with (t + p) % workers == index.
    mine = [(t, p) for t in range(TABLES) for p in range(PLAYERS) if (t + p) % workers == index]
    latencies: list[float] = []
    acked: Counter[str] = Counter()
    refused = [0]
    bets_seen = Counter[int]()
    lock = threading.Lock()
    start = time.monotonic() + 0.5
    total = int(rate * seconds)
    step = 1.0 / rate
    run = uuid.uuid4().hex[:6]

    def send(table: str, command: Any, id: str) -> None:
        engine.do(table, command, id=id if backend == "postgresql" else None)

    def lane(lane_no: int, lanes: int, serial: Callable[[], Any] | None) -> None:
        for k in range(lane_no, total, lanes):
            due = start + k * step
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            t, p = mine[k % len(mine)]
            table = table_name(t)
            id = f"{run}-{index}-{k}"
            box = "banco" if p % 2 else "punto"
            try:
                send(table, Bet(player_name(p), box, 1000), id)
            except PuntoBancoError:
                with lock:
                    refused[0] += 1
                continue
            done = time.monotonic()
            deal = False
            with lock:
                latencies.append(done - due)
                acked[table] += 1
                bets_seen[t] += 1
                # The owner deals a table after every 10 bets it has sent there.
                if t % workers == index and bets_seen[t] % 10 == 0:
                    deal = True
            if deal:
                began = time.monotonic()
                try:
                    send(table, Deal(), f"{id}-deal")
                except PuntoBancoError:
                    pass
                with lock:
                    latencies.append(time.monotonic() - began)

    if backend != "postgresql":  # a SQLite connection belongs to the thread that opened it
        lane(0, 1, None)
    else:
        threads = [threading.Thread(target=lane, args=(n, THREADS, None)) for n in range(THREADS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    elapsed = time.monotonic() - start
    engine.shutdown()
    print(
        json.dumps(
            {
                "latencies": latencies,
                "acked": dict(acked),
                "refused": refused[0],
                "elapsed": elapsed,
            }
        )
    )


def recount(db: str) -> Counter[str]:
    """The bets stored at each table."""
    from puntobanco.store import open_store
    from puntobanco.table.events import BetPlaced

    store = open_store(db)
    counts: Counter[str] = Counter()
    for t in range(TABLES):
        name = table_name(t)
        counts[name] = sum(isinstance(r.event, BetPlaced) for r in store.load(name))
    store.close()
    return counts


def step(backend: str, db: str, workers: int, rate: float, seconds: float) -> dict[str, Any]:
    """One offered rate: the workers run together; figures and the recount."""
    before = recount(db)
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "worker",
                backend,
                db,
                str(i),
                str(workers),
                str(rate / workers),
                str(seconds),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for i in range(workers)
    ]
    outs = [json.loads(p.communicate()[0]) for p in procs]
    latencies = sorted(x for o in outs for x in o["latencies"])
    acked: Counter[str] = Counter()
    for o in outs:
        acked.update(o["acked"])
    after = recount(db)
    stored = after - before
    lost = sum(max(0, acked[t] - stored[t]) for t in acked)
    doubled = sum(max(0, stored[t] - acked[t]) for t in stored)
    elapsed = max(o["elapsed"] for o in outs)

    def pct(q: float) -> float:
        return float(latencies[min(len(latencies) - 1, int(q * len(latencies)))]) * 1000

    return {
        "rate": rate,
        "done": len(latencies) / elapsed,
        "p50": pct(0.50),
        "p99": pct(0.99),
        "lost": lost,
        "doubled": doubled,
        "refused": sum(o["refused"] for o in outs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", type=float, nargs="+", default=[200, 400, 800])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--url", help="a PostgreSQL database (default: a throwaway cluster)")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the source tree's tools/
    from tools import pgcluster

    from puntobanco.store.postgres import connect

    folder = None
    url = args.url
    if url is None:
        folder = Path(tempfile.mkdtemp(prefix="puntobanco-bench-pg-"))
        url = pgcluster.start(folder).url
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    admin = connect(url)
    admin.execute(f"CREATE SCHEMA {schema}")
    pg = f"{url}{'&' if '?' in url else '?'}options={quote(f'-csearch_path={schema}')}"
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = str(Path(tmp) / "bench.db")
        try:
            setup(pg)
            setup(sqlite)
            print(f"{TABLES} tables, {TABLES * PLAYERS} players, {args.seconds:g} s a step")
            print(
                f"{'offered/s':>9} | {'store':<22} {'done/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
                f"{'lost':>5} {'dup':>4} {'refused':>7}"
            )
            for rate in args.rates:
                p99s = {}
                for label, backend, db, workers in (
                    ("PostgreSQL, 2 processes", "postgresql", pg, 2),
                    ("SQLite, 1 process", "sqlite", sqlite, 1),
                ):
                    r = step(backend, db, workers, rate, args.seconds)
                    print(
                        f"{rate:>9.0f} | {label:<22} {r['done']:>7.0f} {r['p50']:>7.1f} "
                        f"{r['p99']:>7.1f} {r['lost']:>5} {r['doubled']:>4} {r['refused']:>7}",
                        flush=True,
                    )
                    key = f"pg.{backend}_{rate:.0f}"
                    at = f"{label}, {rate:.0f} offered a second"
                    figure(f"{key}_done", r["done"], "", f"{at}: carried out a second")
                    figure(f"{key}_p50_ms", r["p50"], "ms", f"{at}: p50")
                    figure(f"{key}_p99_ms", r["p99"], "ms", f"{at}: p99")
                    figure(f"{key}_lost", r["lost"], "", f"{at}: lost")
                    figure(f"{key}_dup", r["doubled"], "", f"{at}: duplicated")
                    p99s[backend] = r["p99"]
                ratio = p99s["sqlite"] / p99s["postgresql"]
                figure(
                    f"pg.sqlite_over_pg_{rate:.0f}", ratio, "x", f"{rate:.0f}/s: SQLite p99 / PG"
                )
        finally:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")
            admin.close()
            if folder is not None:
                pgcluster.stop(folder, remove=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "worker":
        backend, db, index, workers, rate, seconds = sys.argv[2:8]
        worker(backend, db, int(index), int(workers), float(rate), float(seconds))
    else:
        main()
