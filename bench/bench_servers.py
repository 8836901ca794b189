"""The web benchmark on two ``serve`` processes sharing one PostgreSQL database,
beside one ``serve`` process on a SQLite file, in the same run.

    python bench/bench_servers.py [--clients 500 1000 2000] [--tables 200] [--seconds 15]
                                  [--url postgresql://...] [--stores postgresql sqlite]
                                  [--every 5] [--limit 100]

The client code is ``bench_web.py``'s: WebSocket clients betting about every
5 s, each table's host dealing about every 5 s, every view pushed to every
client of its table. On PostgreSQL the tables are split across the two
servers (each table opened through, and played on, one of them); both share
the log, the credentials and the notifications. For each number of clients
it prints the bets acknowledged a second, the acknowledgement p50/p99, the
pushed view's p50/p99 (each command's view at each connection of its table,
timed from the command's sending) with the views lost or received twice, and
the store recounted against the acknowledgements (lost and duplicated
bets), with the disk's stalls over 50 ms seen by a probe meanwhile and the
p99 of the bets that waited through none of them. The steps run in the order
given; the last line names, for each store, the most clients whose
acknowledgement and view p99 both stayed under ``--limit`` ms, and the first
step over it. A SQLite file is one process's (``serve`` on SQLite is one
process), so its steps run one server. Without ``--url`` a throwaway cluster is started
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


def run(
    dbs: list[str], clients: int, tables: int, seconds: float, folder: str, every: float = 5.0
) -> dict[str, Any]:
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
                        bench_web.load(u, m, seconds, None, probe if i == 0 else None, every)
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

    shown = sorted(x for r in results for x in r["view_latencies"])
    return {
        "clients": per_table * tables,
        "commands_s": (n + sum(r["deals"] for r in results)) / seconds,
        "view_p50": bench_web.quantile(shown, 0.5) * 1000,
        "view_p99": bench_web.quantile(shown, 0.99) * 1000,
        "views_lost": sum(r["views_lost"] for r in results),
        "views_dup": sum(r["views_duplicated"] for r in results),
        "load": os.getloadavg()[0],
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
    parser.add_argument("--every", type=float, default=5.0, help="seconds between bets (5)")
    parser.add_argument("--limit", type=float, default=100.0, help="the p99 sought, ms (100)")
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
    print("clients | servers               bets/s  p50 ms   p99 ms  view p50  view p99  "
          "lost  dup  views lost/dup  commits  disk stalls >50 ms (ms in all)  "
          "p99 of bets clear of them  load  refusals", flush=True)  # fmt: skip
    steps: dict[str, list[dict[str, Any]]] = {"postgresql": [], "sqlite": []}
    try:
        with tempfile.TemporaryDirectory(dir=os.getcwd()) as folder:
            for clients in args.clients:
                if "postgresql" in args.stores:
                    pg = schema_url(url)
                    r = run([pg, pg], clients, args.tables, args.seconds, folder, args.every)
                    steps["postgresql"].append(r)
                    row("PostgreSQL, 2 serve", r)
                    figures("postgresql", r)
                if "sqlite" in args.stores:
                    sqlite = os.path.join(folder, f"bench{clients}.db")
                    r = run([sqlite], clients, args.tables, args.seconds, folder, args.every)
                    steps["sqlite"].append(r)
                    row("SQLite, 1 serve", r)
                    figures("sqlite", r)
    finally:
        if cluster_dir is not None:
            pgcluster.stop(cluster_dir, remove=True)
    for store, done in steps.items():
        if done:
            print(limit(store, done, args.limit))


def within(r: dict[str, Any], ms: float) -> bool:
    """A step whose acknowledgement and view p99 stayed under ``ms``, nothing lost."""
    return bool(r["p99"] < ms and r["view_p99"] < ms and r["lost"] == 0 and r["dup"] == 0)


def limit(store: str, done: list[dict[str, Any]], ms: float) -> str:
    """Where ``store``'s p99 crossed ``ms``: the most clients under it, the first over.

    >>> ok, over = {"p99": 9, "view_p99": 20, "lost": 0, "dup": 0}, {"p99": 90, "view_p99": 130}
    >>> limit("sqlite", [ok | {"clients": 2000, "commands_s": 440},
    ...                  over | {"clients": 4000, "commands_s": 700, "lost": 0, "dup": 0}], 100)
    'sqlite: p99 under 100 ms up to 2000 clients (440 commands/s); over it at 4000 (700 commands/s)'
    """
    under = [r for r in done if within(r, ms)]
    over = [r for r in done if not within(r, ms)]
    best = max(under, key=lambda r: r["clients"], default=None)
    first = min(over, key=lambda r: r["clients"], default=None)
    said = (f"up to {best['clients']} clients ({best['commands_s']:.0f} commands/s)"
            if best else "at none of the steps")  # fmt: skip
    if first is not None:
        said += f"; over it at {first['clients']} ({first['commands_s']:.0f} commands/s)"
    return f"{store}: p99 under {ms:.0f} ms {said}"


def figures(store: str, r: dict[str, Any]) -> None:
    """The step's figures for the report (``bench/report.py``)."""
    from figures import figure

    name = {"postgresql": "PostgreSQL, 2 serve", "sqlite": "SQLite, 1 serve"}[store]
    at = f"{store}_{r['clients']}"
    label = f"{name}, {r['clients']} clients"
    figure(f"servers.{at}_commands_s", r["commands_s"], "", f"{label}: commands a second")
    for key in ("p50", "p99", "view_p50", "view_p99"):
        what = key.replace("view_", "view ") if key.startswith("view") else f"ack {key}"
        figure(f"servers.{at}_{key}_ms", r[key], "ms", f"{label}: {what}")
    for key in ("lost", "dup", "views_lost", "views_dup"):
        figure(f"servers.{at}_{key}", r[key], "", f"{label}: {key.replace('_', ' ')}")
    figure(f"servers.{at}_load", r["load"], "", f"{label}: load average after the step")


def row(name: str, r: dict[str, Any]) -> None:
    """One step's line of the table (printed as soon as the step is over)."""
    failed = f" ({r['failed']} connections failed)" if r["failed"] else ""
    refused = r["errors"] or "none"
    print(f"{r['clients']:7d} | {name:20s} {r['acked_s']:7.0f} {r['p50']:7.1f} {r['p99']:8.1f} "
          f"{r['view_p50']:9.1f} {r['view_p99']:9.1f} {r['lost']:5d} {r['dup']:4d} "
          f"{r['views_lost']:8d}/{r['views_dup']:<5d} {r['commits']:8d}  {r['stalls']:3d} "
          f"({r['stalled_ms']:5.0f})  {r['clear_p99']:8.1f}  {r['load']:5.2f}  {refused}{failed}",
          flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
