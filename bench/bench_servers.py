"""The web benchmark on two ``serve`` processes sharing one PostgreSQL database,
beside one ``serve`` process on a SQLite file, in the same run.

    python bench/bench_servers.py [--clients 500 1000 2000] [--tables 200] [--seconds 15]
                                  [--url postgresql://...] [--stores postgresql sqlite]

The client code is ``bench_web.py``'s: WebSocket clients betting about every
5 s, each table's host dealing about every 5 s, every view pushed to every
client of its table. On PostgreSQL the tables are split across the two
servers (each table opened through, and played on, one of them); both share
the log, the credentials and the notifications. For each number of clients
it prints the bets acknowledged a second, the acknowledgement p50/p99, and
the store recounted against the acknowledgements (lost and duplicated
bets), with the disk's stalls over 50 ms seen by a probe meanwhile and the
p99 of the bets that waited through none of them. Without ``--url`` a throwaway cluster is started
(``tools/pgcluster.py``) and removed afterwards. Only ever talks to
127.0.0.1. With ``BENCH_WEB_TRACE=1`` each server's command and write times are
printed after each step.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).parent))
import bench_web  # noqa: E402 - the client code, beside this file

#: The most players a casino table seats.
SEATS = 14


def wait_up(url: str) -> None:
    import httpx

    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(url + "/api/i18n/en", timeout=1)
            return
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def recount(db: str) -> Counter[tuple[str, str]]:
    """Every stored bet, by table and player."""
    from puntobanco.store import open_store
    from puntobanco.table.events import BetPlaced

    store = open_store(db)
    try:
        found: Counter[tuple[str, str]] = Counter()
        for table in store.tables():
            for r in store.load(table):
                if isinstance(r.event, BetPlaced):
                    found[(table, r.event.name)] += 1
        return found
    finally:
        store.close()


def run(dbs: list[str], clients: int, tables: int, seconds: float, folder: str) -> dict[str, Any]:
    """One step: a server per entry of ``dbs`` (the same database twice: a pair),
    ``tables`` split across them, ``clients`` clients."""
    per_table = max(1, clients // tables)
    ctx = mp.get_context("spawn")
    probe = os.path.join(folder, "probe")
    servers, urls = [], []
    for i, db in enumerate(dbs):
        port = bench_web.free_port()
        stats = os.path.join(folder, f"stats{i}.json")
        servers.append(ctx.Process(target=bench_web.serve, args=(db, port, stats)))
        urls.append(f"http://{bench_web.HOST}:{port}")
    for server in servers:
        server.start()
    try:
        for url in urls:
            wait_up(url)
        shares = [tables // len(urls) + (i < tables % len(urls)) for i in range(len(urls))]

        async def both() -> list[dict[str, Any]]:
            made = await asyncio.gather(
                *(bench_web.setup(u, n, per_table) for u, n in zip(urls, shares, strict=True))
            )
            return list(
                await asyncio.gather(
                    *(
                        # One disk probe (the first load's) times the disk under both.
                        bench_web.load(u, m, seconds, None, probe if i == 0 else None)
                        for i, (u, m) in enumerate(zip(urls, made, strict=True))
                    )
                )
            )

        results = asyncio.run(both())
    finally:
        for server in servers:
            server.terminate()
            server.join(60)
    commits = 0
    for i in range(len(dbs)):
        written = Path(folder, f"stats{i}.json")
        if written.exists():
            stats = json.loads(written.read_text())
            commits += stats["commits"]
            for name in ("command", "write"):  # with BENCH_WEB_TRACE=1
                v = sorted(stats.get("trace", {}).get(name, []))
                if v:
                    print(f"  server {i} {name} ms: n {len(v)}  p50 {v[len(v) // 2] * 1000:.1f}  "
                          f"p99 {v[int(0.99 * len(v))] * 1000:.1f}  max {v[-1] * 1000:.1f}",
                          flush=True)  # fmt: skip
    latencies = sorted(x for r in results for x in r["latencies"])
    stalled = bench_web.stalls(results[0]["syncs"])
    clear = bench_web.outside(
        [t for r in results for t in r["sent_at"]],
        [x for r in results for x in r["latencies"]],
        stalled,
    )
    acked: Counter[tuple[str, str]] = sum((r["acked"] for r in results), Counter())
    sent: Counter[tuple[str, str]] = sum((r["sent"] for r in results), Counter())
    errors: Counter[str] = sum((r["errors"] for r in results), Counter())
    found = recount(dbs[0])
    n = len(latencies)

    def p(q: float) -> float:
        return latencies[min(n - 1, int(q * n))] * 1000 if n else float("nan")

    return {
        "clients": per_table * tables,
        "acked_s": n / seconds,
        "deals": sum(r["deals"] for r in results),
        "p50": p(0.5),
        "p99": p(0.99),
        "lost": sum(max(0, acked[k] - found[k]) for k in acked),
        "dup": sum(max(0, found[k] - sent[k]) for k in found),
        "failed": sum(r["failed"] for r in results),
        "errors": dict(errors),
        "commits": commits,
        "stalls": len(stalled),
        "stalled_ms": sum(b - a for a, b in stalled) * 1000,
        "clear_p99": clear[min(len(clear) - 1, int(0.99 * len(clear)))] * 1000 if clear else 0.0,
    }


def schema_url(url: str) -> str:
    """A fresh schema of its own in ``url``'s database."""
    from puntobanco.store.postgres import connect

    schema = f"bench_{uuid.uuid4().hex[:10]}"
    admin = connect(url)
    admin.execute(f"CREATE SCHEMA {schema}")
    admin.close()
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options={quote(f'-csearch_path={schema}')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[500, 1000, 2000])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--url", default=None, help="a PostgreSQL database (else a throwaway one)")
    parser.add_argument("--stores", nargs="+", choices=["postgresql", "sqlite"],
                        default=["postgresql", "sqlite"], help="which steps to run")  # fmt: skip
    args = parser.parse_args()
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the source tree's tools/
    from tools import pgcluster

    cluster_dir = None if args.url else Path(tempfile.mkdtemp(prefix="bench-servers-pg-"))
    url = args.url or pgcluster.start(cluster_dir).url  # type: ignore[arg-type]
    for clients in args.clients:
        if clients // args.tables > SEATS:
            parser.error(f"{clients} clients over {args.tables} tables is more than {SEATS} "
                         "players a table: give more --tables")  # fmt: skip
    print(f"{args.tables} tables, {args.seconds:.0f} s of load a step, each client betting "
          "about every 5 s, each host dealing about every 5 s")  # fmt: skip
    print("clients | servers               bets/s  p50 ms   p99 ms  lost  dup  commits  "
          "disk stalls >50 ms (ms in all)  p99 of bets clear of them  refusals",
          flush=True)  # fmt: skip
    try:
        with tempfile.TemporaryDirectory(dir=os.getcwd()) as folder:
            for clients in args.clients:
                if "postgresql" in args.stores:
                    pg = schema_url(url)
                    row("PostgreSQL, 2 serve", run([pg, pg], clients, args.tables,
                                                   args.seconds, folder))  # fmt: skip
                if "sqlite" in args.stores:
                    sqlite = os.path.join(folder, f"bench{clients}.db")
                    row("SQLite, 1 serve", run([sqlite], clients, args.tables,
                                               args.seconds, folder))  # fmt: skip
    finally:
        if cluster_dir is not None:
            pgcluster.stop(cluster_dir, remove=True)


def row(name: str, r: dict[str, Any]) -> None:
    """One step's line of the table (printed as soon as the step is over)."""
    failed = f" ({r['failed']} connections failed)" if r["failed"] else ""
    refused = r["errors"] or "none"
    print(f"{r['clients']:7d} | {name:20s} {r['acked_s']:7.0f} {r['p50']:7.1f} {r['p99']:8.1f} "
          f"{r['lost']:5d} {r['dup']:4d} {r['commits']:8d}  {r['stalls']:3d} "
          f"({r['stalled_ms']:5.0f})  {r['clear_p99']:8.1f}  {refused}{failed}",
          flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
