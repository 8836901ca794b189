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
import threading
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
    tables: list[dict[str, Any]],
    seconds: float,
    probe: str | None,
    every: float,
    coup: float,
    together: tuple[str, int],
) -> dict[str, Any]:
    """One load generator's process: ``tables``'s clients, each on its server (the
    table's ``"urls"``), through ``bench_web.load``, on uvloop when it is installed
    (the generators share the machine with the servers: the less CPU they take,
    the less they stand in the servers' way)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    try:
        import uvloop
    except ImportError:
        pass
    else:
        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    first = tables[0]["urls"][0]
    return asyncio.run(bench_web.load(first, tables, seconds, None, probe, every, coup, together))


class Servers:
    """A ``serve`` process per entry of ``dbs`` (the same database twice: a pair), kept
    for every step of a store: each step opens the tables it adds (through the
    servers in turn) and plays all of them, so a step's set-up is its new tables'."""

    def __init__(self, dbs: list[str], folder: str, spread: str = "table") -> None:
        ctx = mp.get_context("spawn")
        self.dbs, self.folder, self.spread = dbs, folder, spread
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

        for i, (mine, new) in enumerate(zip(self.tables, asyncio.run(opened()), strict=True)):
            for t in new:
                # The host on the server that opened the table; its phones there too
                # ("table": a proxy that sends a table's phones to one server), or
                # every other one on the next server ("phone": a round-robin proxy).
                n = len(self.urls)
                t["urls"] = [self.urls[i]] + [
                    self.urls[(i + 1 + j) % n] if self.spread == "phone" else self.urls[i]
                    for j in range(len(t["players"]))]  # fmt: skip
            mine += new

    def clients(self) -> int:
        """The players seated at the tables opened so far."""
        return sum(len(t["players"]) for mine in self.tables for t in mine)

    def step(self, seconds: float, every: float, coup: float, generators: int) -> dict[str, Any]:
        """Play every table for ``seconds`` (a bet from each phone about every ``every``
        seconds, a deal from each host about every ``coup``): ``generators`` load
        processes, each with its share of the tables; the figures of the step."""
        from concurrent.futures import ProcessPoolExecutor

        every_table = [t for mine in self.tables for t in mine]
        shares = [every_table[k::generators] for k in range(generators)]
        probe = os.path.join(self.folder, "probe")
        pids = [p.pid or 0 for p in self.processes]
        spy = os.environ.get("BENCH_SERVERS_PYSPY")  # each server sampled while loaded
        if os.path.exists(probe):
            os.remove(probe)  # made again when the load begins: the samplers' signal
        samplers = [] if not spy else [sample(pid, seconds, f"{spy}.{i}.{self.clients()}", probe)
                                       for i, pid in enumerate(pids)]  # fmt: skip
        with ProcessPoolExecutor(len(shares), mp_context=mp.get_context("spawn")) as pool:
            # One disk probe (the first generator's) times the disk under every server.
            # The load begins once every generator has its connections open: the
            # servers' work of opening them is not counted in the step's figures.
            together = (tempfile.mkdtemp(dir=self.folder), len(shares))
            futures = [pool.submit(generate, mine, seconds, probe if i == 0 else None, every, coup,
                                   together) for i, mine in enumerate(shares)]  # fmt: skip
            pg = postgres_pids(self.dbs[0])
            groups = {"servers": lambda: pids, "postgres": lambda: pg,
                      "generators": lambda: list(pool._processes)}  # fmt: skip
            used = Window(probe, seconds, groups)
            results = [f.result() for f in futures]
        for sampler in samplers:
            sampler.join()
        cpu = used.result()
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
        tables = len(every_table)
        return {
            "clients": clients,
            "tables": tables,
            "every": every,
            "coup": coup,
            "offered": clients / every + tables / coup,
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
            "server_cpu": cpu["servers"] / seconds,
            # CPU time a command, in ms, of each part (robust to the machine's load)
            "cpu_ms": {k: v / max(n + deals, 1) * 1000 for k, v in cpu.items()},
            "lag_p99": bench_web.quantile(lag, 0.99) * 1000,
            "stalls": len(stalled),
            "stalled_ms": sum(b - a for a, b in stalled) * 1000,
            "clear_p99": bench_web.quantile(clear, 0.99) * 1000,
        }


class Window:
    """The CPU time each group of processes used while the load ran: from when the file
    ``begun`` appears (the disk probe's, made as the load begins) for ``seconds``."""

    def __init__(self, begun: str, seconds: float, groups: dict[str, Any]) -> None:
        self._found: dict[str, float] = {}

        def run() -> None:
            deadline = time.monotonic() + 300
            while not os.path.exists(begun) and time.monotonic() < deadline:
                time.sleep(0.02)
            before = {k: {p: _cpu(p) for p in pids()} for k, pids in groups.items()}
            time.sleep(seconds)
            for k, pids in groups.items():
                after = {p: _cpu(p) for p in pids()}
                self._found[k] = sum(after[p] - before[k].get(p, after[p]) for p in after)

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()

    def result(self) -> dict[str, float]:
        """Each group's CPU seconds over the window."""
        self._thread.join()
        return self._found


def _cpu(pid: int) -> float:
    try:
        return bench_web.cpu_seconds(pid)
    except OSError:  # ended meanwhile
        return 0.0


def postgres_pids(db: str) -> list[int]:
    """The processes of the PostgreSQL server that holds ``db`` (its postmaster and every
    process it started, the backends among them), none for a SQLite file: others'
    servers on the machine are not counted."""
    if not db.startswith(("postgresql:", "postgres:")):
        return []
    from puntobanco.store.postgres import connect

    admin = connect(db)
    try:
        row = admin.execute("SELECT pg_backend_pid()").fetchone()
        assert row is not None
        # Asked while this connection's backend is alive: once closed, it is gone.
        postmaster = _parent(int(row[0]))
    finally:
        admin.close()
    found = [postmaster]
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _parent(int(entry)) == postmaster:
            found.append(int(entry))
    return found


def _parent(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1


def sample(pid: int, seconds: float, out: str, begun: str) -> threading.Thread:
    """py-spy sampling ``pid``'s threads for ``seconds`` (its raw stacks to ``out``)
    from when the load begins (the file ``begun`` appears: the disk probe's)."""
    import shutil
    import subprocess

    beside = os.path.join(os.path.dirname(sys.executable), "py-spy")
    pyspy = beside if os.path.exists(beside) else shutil.which("py-spy") or beside
    more = os.environ.get("BENCH_SERVERS_PYSPY_ARGS", "").split()  # py-spy's own, as given

    def run() -> None:
        deadline = time.monotonic() + 300
        while not os.path.exists(begun) and time.monotonic() < deadline:
            time.sleep(0.05)
        subprocess.run(
            [pyspy, "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "50", "-t",
             "-f", "raw", "-o", out, "--nonblocking", *more], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, check=False)  # fmt: skip

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


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
    parser.add_argument("--every", type=float, default=EVERY,
                        help=f"seconds between a phone's bets ({EVERY:g})")  # fmt: skip
    parser.add_argument("--coup", type=float, default=COUP,
                        help=f"seconds between a host's deals ({COUP:g})")  # fmt: skip
    parser.add_argument("--rates", type=float, nargs="*", default=[],
                        help="steps of offered commands a second (each phone betting and "
                             "each host dealing faster, the same tables) until p99 crosses "
                             "--limit, at --rates-at clients")  # fmt: skip
    parser.add_argument(
        "--rates-at",
        type=int,
        default=None,
        help="the step of clients the --rates steps follow (the last)",
    )
    parser.add_argument("--rate-stores", nargs="+", choices=["postgresql", "sqlite"],
                        default=["postgresql"],
                        help="the stores --rates is run on (postgresql)")  # fmt: skip
    parser.add_argument("--spread", choices=["table", "phone"], default="table",
                        help="where a table's phones connect: all to the server that "
                             "opened it (table), or every other one to the other server "
                             "(phone)")  # fmt: skip
    parser.add_argument("--limit", type=float, default=100.0, help="the p99 sought, ms (100)")
    parser.add_argument("--generators", type=int, default=2,
                        help="load generator processes (2)")  # fmt: skip
    args = parser.parse_args()
    if not 1 <= args.per_table <= SEATS:
        parser.error(f"--per-table: 1 to {SEATS} players (a casino table seats {SEATS})")
    if args.clients != sorted(args.clients):
        parser.error("--clients: the steps in increasing order (each step adds tables)")
    if args.rates != sorted(args.rates):
        parser.error("--rates: the steps in increasing order")
    if args.rates_at is None:
        args.rates_at = args.clients[-1]
    elif args.rates_at not in args.clients:
        parser.error("--rates-at: one of the steps of --clients")
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the source tree's tools/
    from tools import pgcluster

    cluster_dir = None if args.url else Path(tempfile.mkdtemp(prefix="bench-servers-pg-"))
    url = args.url or pgcluster.start(cluster_dir).url  # type: ignore[arg-type]
    print(f"{args.per_table} players a table; each phone betting about every {args.every:g} s "
          f"and each host dealing about every {args.coup:g} s "
          f"({60 / args.every:g} bets a minute a phone, {3600 / args.coup:g} coups an hour); "
          f"{args.seconds:.0f} s of load a step; {args.generators} load generator processes; "
          f"on PostgreSQL, each table's phones on "
          + ("the server that opened it" if args.spread == "table" else
             "both servers (every other phone on the other one)"))  # fmt: skip
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
                servers = Servers(dbs, folder, args.spread)
                try:
                    run_store(servers, store, args, steps[store])
                finally:
                    servers.stop()
    finally:
        if cluster_dir is not None:
            pgcluster.stop(cluster_dir, remove=True)
    for store, done in steps.items():
        if done:
            print(limit(store, done, args.limit))
            limit_figures(store, done, args.limit)


def run_store(
    servers: Servers, store: str, args: argparse.Namespace, done: list[dict[str, Any]]
) -> None:
    """``store``'s steps: the clients' steps at the model's rate, the rates' steps (until
    the first over the limit) after the one of ``--rates-at`` clients; each printed as
    it ends."""
    name = NAMES[store]
    plan: list[tuple[int, float | None]] = []
    for c in args.clients:
        plan.append((c, None))
        if c == args.rates_at and store in args.rate_stores:
            plan += [(c, rate) for rate in args.rates]
    generators = max(args.generators, len(servers.urls))
    for i, (clients, rate) in enumerate(plan):
        try:
            began = time.monotonic()
            servers.grow(max(1, clients // args.per_table), args.per_table)
            opened = time.monotonic() - began
            every, coup = args.every, args.coup
            if rate is not None:  # each phone and host faster, the same tables
                tables = sum(len(t) for t in servers.tables)
                scale = (clients / every + tables / coup) / rate
                every, coup = every * scale, coup * scale
            r = servers.step(args.seconds, every, coup, generators)
        except Exception as error:  # noqa: BLE001 - said, and the step counted
            # This step, and the larger ones after it, did not run to the end:
            # each is counted over the limit, its figures "not measured".
            print(f"{clients:7d} | {name:20s} failed: {error!r}", flush=True)
            for later, again in plan[i:]:
                done.append(failed(later, again))
                figures(store, done[-1])
            return
        r["rate"] = rate
        r["seconds"] = (opened, time.monotonic() - began - opened)
        done.append(r)
        row(name, r)
        figures(store, r)
        if rate is not None and not within(r, args.limit):
            # The limit is found: faster steps would only be further over it.
            plan[i + 1 :] = [(c, later) for c, later in plan[i + 1 :] if later is None]


#: The model's pace, a real table's: a coup about every 45 s (80 an hour, the fast end
#: of a casino's 60 to 80), three bets a coup from each phone (a few chips each).
EVERY = 15.0
COUP = 45.0
NAMES = {"postgresql": "PostgreSQL, 2 serve", "sqlite": "SQLite, 1 serve"}


def within(r: dict[str, Any], ms: float) -> bool:
    """A step whose acknowledgement and view p99 stayed under ``ms``, nothing lost or
    duplicated (bets or views)."""
    return bool(
        r["p99"] < ms
        and r["view_p99"] < ms
        and r["lost"] == r["dup"] == r["views_lost"] == r["views_dup"] == 0
    )


def crossing(done: list[dict[str, Any]], ms: float) -> tuple[dict[str, Any] | None, ...]:
    """(the last step before the first one over ``ms``, that first one), in the order of
    their offered commands a second; None where there is none.

    >>> none = {"lost": 0, "dup": 0, "views_lost": 0, "views_dup": 0, "view_p99": 1}
    >>> steps = [none | {"clients": c, "offered": c, "p99": p}
    ...          for c, p in ((1, 9), (2, 120), (3, 50))]
    >>> [r and r["clients"] for r in crossing(steps, 100)]
    [1, 2]
    """
    ordered = sorted(done, key=lambda r: r["offered"])
    first = next((i for i, r in enumerate(ordered) if not within(r, ms)), len(ordered))
    return (ordered[first - 1] if first else None,
            ordered[first] if first < len(ordered) else None)  # fmt: skip


def limit(store: str, done: list[dict[str, Any]], ms: float) -> str:
    """Where ``store``'s p99 crossed ``ms``: the last step under it, the first over.

    >>> none = {"lost": 0, "dup": 0, "views_lost": 0, "views_dup": 0}
    >>> ok, over = none | {"p99": 9, "view_p99": 20}, none | {"p99": 90, "view_p99": 130}
    >>> said = limit("sqlite", [ok | {"clients": 2000, "offered": 440, "commands_s": 432},
    ...                         over | {"clients": 4000, "offered": 700, "commands_s": 690}], 100)
    >>> for part in said.split("; "):
    ...     print(part)
    sqlite: p99 under 100 ms up to 2000 clients at 432 commands/s
    over it at 4000 clients at 690 commands/s
    """
    best, first = crossing(done, ms)
    said = (f"up to {best['clients']} clients at {best['commands_s']:.0f} commands/s"
            if best else "at none of the steps")  # fmt: skip
    if first is not None:
        said += f"; over it at {first['clients']} clients at {first['commands_s']:.0f} commands/s"
    return f"{store}: p99 under {ms:.0f} ms {said}"


def failed(clients: int, rate: float | None) -> dict[str, Any]:
    """A step that did not run to the end: over any limit, nothing measured."""
    nan, inf = float("nan"), float("inf")
    return {"clients": clients, "rate": rate, "not_run": True, "offered": rate or inf,
            "commands_s": nan, "p50": nan, "p99": inf, "view_p50": nan, "view_p99": inf,
            "lost": 0, "dup": 0, "views_lost": 0, "views_dup": 0, "server_cpu": nan,
            "lag_p99": nan, "load": os.getloadavg()[0]}  # fmt: skip


def figures(store: str, r: dict[str, Any]) -> None:
    """The step's figures for the report (``bench/report.py``): a step of clients is
    ``servers.{store}_{clients}_...``, a step of rate ``servers.{store}_{clients}_at{rate}_...``."""
    from figures import figure as noted

    def figure(key: str, value: float, unit: str, label: str) -> None:
        # A step that failed is said so where each of its figures would be.
        noted(key, value, unit, label, text="not measured" if r.get("not_run") else None)

    at = f"{store}_{r['clients']}"
    label = f"{NAMES[store]}, {r['clients']} clients"
    if r.get("rate") is not None:
        at += f"_at{r['rate']:.0f}"
        label += f" at {r['rate']:.0f} commands/s offered"
    figure(f"servers.{at}_commands_s", r["commands_s"], "", f"{label}: commands a second")
    for key in ("p50", "p99", "view_p50", "view_p99"):
        what = key.replace("view_", "view ") if key.startswith("view") else f"ack {key}"
        figure(f"servers.{at}_{key}_ms", r[key], "ms", f"{label}: {what}")
    for key in ("lost", "dup", "views_lost", "views_dup"):
        figure(f"servers.{at}_{key}", r[key], "", f"{label}: {key.replace('_', ' ')}")
    figure(f"servers.{at}_server_cpu", r["server_cpu"] * 100, "%",
           f"{label}: the servers' CPU, in percent of one core")  # fmt: skip
    for part, ms in (r.get("cpu_ms") or {}).items():
        figure(f"servers.{at}_{part}_cpu_ms", ms, "ms",
               f"{label}: CPU time a command, {PARTS[part]}")  # fmt: skip
    figure(f"servers.{at}_generator_late_ms", r["lag_p99"], "ms",
           f"{label}: the load generators' own lateness, p99 (in every latency)")  # fmt: skip
    figure(f"servers.{at}_load", r["load"], "", f"{label}: load average after the step")


PARTS = {"servers": "the servers", "postgres": "PostgreSQL", "generators": "the load generators"}


def limit_figures(store: str, done: list[dict[str, Any]], ms: float) -> None:
    """Where ``store``'s p99 crossed ``ms``, for the report: the clients and commands a
    second of the last step under it and of the first over it (none when no step was),
    the steps taken in the order of their offered rate."""
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
    if r.get("rate") is not None:
        name = f"{name} at {r['rate']:.0f}/s"
    print(f"{r['clients']:7d} | {name:20s} {r['acked_s']:7.0f} {r['p50']:7.1f} {r['p99']:8.1f} "
          f"{r['view_p50']:9.1f} {r['view_p99']:9.1f} {r['lost']:5d} {r['dup']:4d} "
          f"{r['views_lost']:8d}/{r['views_dup']:<5d} {r['server_cpu']:10.0%} "
          f"{r['lag_p99']:14.1f} ms  {r['stalls']:3d} ({r['stalled_ms']:5.0f})  "
          f"{r['clear_p99']:8.1f}  {r['load']:5.2f}  {refused}{failed}", flush=True)  # fmt: skip
    cpu = r.get("cpu_ms")
    if cpu:
        print(f"        {r['commands_s']:.0f} commands/s ({r['offered']:.0f} offered); "
              f"CPU time a command: the servers "
              f"{cpu['servers']:.2f} ms, PostgreSQL {cpu['postgres']:.2f} ms, the load "
              f"generators {cpu['generators']:.2f} ms; the step took "
              f"{sum(r['seconds']):.0f} s ({r['seconds'][0]:.0f} s opening tables)",
              flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
