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


def generate(
    url: str, tables: list[dict[str, Any]], seconds: float, probe: str | None, every: float
) -> dict[str, Any]:
    """One load generator's process: ``tables``'s clients on ``url`` (``bench_web.load``)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    return asyncio.run(bench_web.load(url, tables, seconds, None, probe, every))


class Servers:
    """A ``serve`` process per entry of ``dbs`` (the same database twice: a pair), kept
    for every step of a store: each step opens the tables it adds (through the
    servers in turn) and plays all of them, so a step's set-up is its new tables'."""

    def __init__(self, dbs: list[str], folder: str) -> None:
        ctx = mp.get_context("spawn")
        self.dbs, self.folder = dbs, folder
        self.processes, self.urls = [], []
        for i, db in enumerate(dbs):
            port = bench_web.free_port()
            stats = os.path.join(folder, f"stats{i}.json")
            self.processes.append(ctx.Process(target=bench_web.serve, args=(db, port, stats)))
            self.urls.append(f"http://{bench_web.HOST}:{port}")
        for server in self.processes:
            server.start()
        for url in self.urls:
            wait_up(url)
        #: The tables opened so far, by the server that opened them.
        self.tables: list[list[dict[str, Any]]] = [[] for _ in self.urls]
        self.acked: Counter[tuple[str, str]] = Counter()
        self.sent: Counter[tuple[str, str]] = Counter()

    def stop(self) -> int:
        """Stop the servers; the group commits they made."""
        for server in self.processes:
            server.terminate()
        commits = 0
        for i, server in enumerate(self.processes):
            server.join(60)
            written = Path(self.folder, f"stats{i}.json")
            if written.exists():
                commits += json.loads(written.read_text())["commits"]
        return commits

    def grow(self, tables: int, per_table: int) -> None:
        """Open tables until ``tables`` are open, ``per_table`` players each."""
        have = sum(len(t) for t in self.tables)
        more = [(tables - have) // len(self.urls) + (i < (tables - have) % len(self.urls))
                for i in range(len(self.urls))]  # fmt: skip

        async def opened() -> list[list[dict[str, Any]]]:
            made = (bench_web.setup(u, n, per_table) for u, n in zip(self.urls, more, strict=True))
            return list(await asyncio.gather(*made))

        for mine, new in zip(self.tables, asyncio.run(opened()), strict=True):
            mine += new

    def step(self, seconds: float, every: float, generators: int) -> dict[str, Any]:
        """Play every table for ``seconds``: ``generators`` load processes, each with
        its share of the tables (every table played through the server that opened
        it); the figures of the step."""
        from concurrent.futures import ProcessPoolExecutor

        shares: list[tuple[str, list[dict[str, Any]]]] = []
        per = max(1, generators // len(self.urls))
        for url, mine in zip(self.urls, self.tables, strict=True):
            shares += [(url, mine[k::per]) for k in range(per)]
        probe = os.path.join(self.folder, "probe")
        pids = [p.pid or 0 for p in self.processes]
        cpu = [bench_web.cpu_seconds(pid) for pid in pids]
        wall = time.monotonic()
        with ProcessPoolExecutor(len(shares), mp_context=mp.get_context("spawn")) as pool:
            # One disk probe (the first generator's) times the disk under every server.
            futures = [pool.submit(generate, url, mine, seconds, probe if i == 0 else None, every)
                       for i, (url, mine) in enumerate(shares)]  # fmt: skip
            results = [f.result() for f in futures]
        wall = time.monotonic() - wall
        server_cpu = sum(bench_web.cpu_seconds(pid) - c for pid, c in zip(pids, cpu, strict=True))
        for r in results:
            self.acked += r["acked"]
            self.sent += r["sent"]
        found = recount(self.dbs[0])
        latencies = sorted(x for r in results for x in r["latencies"])
        stalled = bench_web.stalls(results[0]["syncs"])
        clear = bench_web.outside(
            [t for r in results for t in r["sent_at"]],
            [x for r in results for x in r["latencies"]],
            stalled,
        )
        errors: Counter[str] = sum((r["errors"] for r in results), Counter())
        failures: Counter[str] = sum((r["failures"] for r in results), Counter())
        for reason, count in failures.most_common(3):
            print(f"  connections failed: {count} x {reason}", flush=True)
        lag = sorted(x for r in results for x in r["lag"])
        n = len(latencies)
        shown = sorted(x for r in results for x in r["view_latencies"])
        clients = sum(len(t["players"]) for mine in self.tables for t in mine)
        deals = sum(r["deals"] for r in results)
        return {
            "clients": clients,
            "commands_s": (n + deals) / seconds,
            "view_p50": bench_web.quantile(shown, 0.5) * 1000,
            "view_p99": bench_web.quantile(shown, 0.99) * 1000,
            "views_lost": sum(r["views_lost"] for r in results),
            "views_dup": sum(r["views_duplicated"] for r in results),
            "load": os.getloadavg()[0],
            "acked_s": n / seconds,
            "deals": deals,
            "p50": bench_web.quantile(latencies, 0.5) * 1000,
            "p99": bench_web.quantile(latencies, 0.99) * 1000,
            # Counted over every step so far: a bet acknowledged and not stored, or
            # stored more often than it was sent.
            "lost": sum(max(0, self.acked[k] - found[k]) for k in self.acked),
            "dup": sum(max(0, found[k] - self.sent[k]) for k in found),
            "failed": sum(r["failed"] for r in results),
            "errors": dict(errors),
            "server_cpu": server_cpu / wall,
            "lag_p99": bench_web.quantile(lag, 0.99) * 1000,
            "stalls": len(stalled),
            "stalled_ms": sum(b - a for a, b in stalled) * 1000,
            "clear_p99": bench_web.quantile(clear, 0.99) * 1000,
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
    parser.add_argument("--clients", type=int, nargs="+", default=[2000, 5000, 10000],
                        help="the steps, in clients (2000 5000 10000)")  # fmt: skip
    parser.add_argument("--per-table", type=int, default=10, help="players a table (10)")
    parser.add_argument("--seconds", type=float, default=15.0, help="load a step (15)")
    parser.add_argument("--url", default=None, help="a PostgreSQL database (else a throwaway one)")
    parser.add_argument("--stores", nargs="+", choices=["postgresql", "sqlite"],
                        default=["postgresql", "sqlite"], help="which steps to run")  # fmt: skip
    parser.add_argument("--every", type=float, default=5.0, help="seconds between bets (5)")
    parser.add_argument("--limit", type=float, default=100.0, help="the p99 sought, ms (100)")
    parser.add_argument("--generators", type=int, default=2,
                        help="load generator processes (2; at least one a server)")  # fmt: skip
    args = parser.parse_args()
    if not 1 <= args.per_table <= SEATS:
        parser.error(f"--per-table: 1 to {SEATS} players (a casino table seats {SEATS})")
    if args.clients != sorted(args.clients):
        parser.error("--clients: the steps in increasing order (each step adds tables)")
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the source tree's tools/
    from tools import pgcluster

    cluster_dir = None if args.url else Path(tempfile.mkdtemp(prefix="bench-servers-pg-"))
    url = args.url or pgcluster.start(cluster_dir).url  # type: ignore[arg-type]
    print(f"{args.per_table} players a table, {args.seconds:.0f} s of load a step, each client "
          f"betting about every {args.every:g} s, each host dealing as often; "
          f"{args.generators} load generator processes")  # fmt: skip
    print("clients | servers               bets/s  p50 ms   p99 ms  view p50  view p99  "
          "lost  dup  views lost/dup  server CPU  generator late p99  disk stalls >50 ms "
          "(ms in all)  p99 of bets clear of them  load  refusals", flush=True)  # fmt: skip
    steps: dict[str, list[dict[str, Any]]] = {"postgresql": [], "sqlite": []}
    try:
        with tempfile.TemporaryDirectory(dir=os.getcwd()) as folder:
            for store in args.stores:
                # A SQLite file is one process's: its steps run one server.
                dbs = [schema_url(url)] * 2 if store == "postgresql" else [
                    os.path.join(folder, "bench.db")]  # fmt: skip
                name = {"postgresql": "PostgreSQL, 2 serve", "sqlite": "SQLite, 1 serve"}[store]
                servers = Servers(dbs, folder)
                try:
                    for i, clients in enumerate(args.clients):
                        try:
                            servers.grow(max(1, clients // args.per_table), args.per_table)
                            r = servers.step(args.seconds, args.every,
                                             max(args.generators, len(dbs)))  # fmt: skip
                        except Exception as error:  # noqa: BLE001 - said, and the step counted
                            # This step, and the larger ones after it, did not run to the
                            # end: each is counted over the limit, its figures "not measured".
                            print(f"{clients:7d} | {name:20s} failed: {error!r}", flush=True)
                            for later in args.clients[i:]:
                                steps[store].append(failed(later))
                                figures(store, failed(later))
                            break
                        steps[store].append(r)
                        row(name, r)
                        figures(store, r)
                finally:
                    servers.stop()
    finally:
        if cluster_dir is not None:
            pgcluster.stop(cluster_dir, remove=True)
    for store, done in steps.items():
        if done:
            print(limit(store, done, args.limit))
            limit_figures(store, done, args.limit)


def within(r: dict[str, Any], ms: float) -> bool:
    """A step whose acknowledgement and view p99 stayed under ``ms``, nothing lost or
    duplicated (bets or views)."""
    return bool(
        r["p99"] < ms
        and r["view_p99"] < ms
        and r["lost"] == r["dup"] == r["views_lost"] == r["views_dup"] == 0
    )


def crossing(done: list[dict[str, Any]], ms: float) -> tuple[dict[str, Any] | None, ...]:
    """(the last step before the first one over ``ms``, that first one), in clients'
    order; None where there is none.

    >>> none = {"lost": 0, "dup": 0, "views_lost": 0, "views_dup": 0, "view_p99": 1}
    >>> steps = [none | {"clients": c, "p99": p} for c, p in ((1, 9), (2, 120), (3, 50))]
    >>> [r and r["clients"] for r in crossing(steps, 100)]
    [1, 2]
    """
    ordered = sorted(done, key=lambda r: r["clients"])
    first = next((i for i, r in enumerate(ordered) if not within(r, ms)), len(ordered))
    return (ordered[first - 1] if first else None,
            ordered[first] if first < len(ordered) else None)  # fmt: skip


def limit(store: str, done: list[dict[str, Any]], ms: float) -> str:
    """Where ``store``'s p99 crossed ``ms``: the last step under it, the first over.

    >>> none = {"lost": 0, "dup": 0, "views_lost": 0, "views_dup": 0}
    >>> ok, over = none | {"p99": 9, "view_p99": 20}, none | {"p99": 90, "view_p99": 130}
    >>> limit("sqlite", [ok | {"clients": 2000, "commands_s": 440},
    ...                  over | {"clients": 4000, "commands_s": 700}], 100)
    'sqlite: p99 under 100 ms up to 2000 clients (440 commands/s); over it at 4000 (700 commands/s)'
    """
    best, first = crossing(done, ms)
    said = (f"up to {best['clients']} clients ({best['commands_s']:.0f} commands/s)"
            if best else "at none of the steps")  # fmt: skip
    if first is not None:
        said += f"; over it at {first['clients']} ({first['commands_s']:.0f} commands/s)"
    return f"{store}: p99 under {ms:.0f} ms {said}"


def failed(clients: int) -> dict[str, Any]:
    """A step that did not run to the end: over any limit, nothing measured."""
    nan, inf = float("nan"), float("inf")
    return {"clients": clients, "not_run": True, "commands_s": nan, "p50": nan, "p99": inf,
            "view_p50": nan, "view_p99": inf, "lost": 0, "dup": 0, "views_lost": 0,
            "views_dup": 0, "server_cpu": nan, "lag_p99": nan,
            "load": os.getloadavg()[0]}  # fmt: skip


def figures(store: str, r: dict[str, Any]) -> None:
    """The step's figures for the report (``bench/report.py``)."""
    from figures import figure as noted

    def figure(key: str, value: float, unit: str, label: str) -> None:
        # A step that failed is said so where each of its figures would be.
        noted(key, value, unit, label, text="not measured" if r.get("not_run") else None)

    name = {"postgresql": "PostgreSQL, 2 serve", "sqlite": "SQLite, 1 serve"}[store]
    at = f"{store}_{r['clients']}"
    label = f"{name}, {r['clients']} clients"
    figure(f"servers.{at}_commands_s", r["commands_s"], "", f"{label}: commands a second")
    for key in ("p50", "p99", "view_p50", "view_p99"):
        what = key.replace("view_", "view ") if key.startswith("view") else f"ack {key}"
        figure(f"servers.{at}_{key}_ms", r[key], "ms", f"{label}: {what}")
    for key in ("lost", "dup", "views_lost", "views_dup"):
        figure(f"servers.{at}_{key}", r[key], "", f"{label}: {key.replace('_', ' ')}")
    figure(f"servers.{at}_server_cpu", r["server_cpu"] * 100, "%",
           f"{label}: the servers' CPU, in percent of one core")  # fmt: skip
    figure(f"servers.{at}_generator_late_ms", r["lag_p99"], "ms",
           f"{label}: the load generators' own lateness, p99 (in every latency)")  # fmt: skip
    figure(f"servers.{at}_load", r["load"], "", f"{label}: load average after the step")


def limit_figures(store: str, done: list[dict[str, Any]], ms: float) -> None:
    """Where ``store``'s p99 crossed ``ms``, for the report: the clients (and commands
    a second) of the last step under it and of the first over it (none when no step was)."""
    from figures import figure, shown

    best, first = crossing(done, ms)
    for key, r, what in (("limit", best, "under"), ("over", first, "over")):
        label = (f"{store}: the last step under {ms:.0f} ms, clients" if what == "under"
                 else f"{store}: the first step over {ms:.0f} ms, clients")  # fmt: skip
        figure(f"servers.{store}_{key}_clients", r["clients"] if r else float("nan"), "", label,
               text=shown(r["clients"], "") if r else "none")  # fmt: skip
        figure(f"servers.{store}_{key}_commands_s", r["commands_s"] if r else float("nan"), "",
               f"{label}: commands a second",
               text=shown(r["commands_s"], "") if r else "none")  # fmt: skip


def row(name: str, r: dict[str, Any]) -> None:
    """One step's line of the table (printed as soon as the step is over)."""
    failed = f" ({r['failed']} connections failed)" if r["failed"] else ""
    refused = r["errors"] or "none"
    print(f"{r['clients']:7d} | {name:20s} {r['acked_s']:7.0f} {r['p50']:7.1f} {r['p99']:8.1f} "
          f"{r['view_p50']:9.1f} {r['view_p99']:9.1f} {r['lost']:5d} {r['dup']:4d} "
          f"{r['views_lost']:8d}/{r['views_dup']:<5d} {r['server_cpu']:10.0%} "
          f"{r['lag_p99']:14.1f} ms  {r['stalls']:3d} ({r['stalled_ms']:5.0f})  "
          f"{r['clear_p99']:8.1f}  {r['load']:5.2f}  {refused}{failed}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
