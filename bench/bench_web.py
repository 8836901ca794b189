"""Load of the web table on loopback: WebSocket clients betting at many tables.

    python bench/bench_web.py [--clients 2000] [--tables 200] [--seconds 30]

A server (``create_app`` on SQLite at ``synchronous=FULL``) runs in a child
process on 127.0.0.1; one client process opens every connection, each client
bets about every 5 s, each table's host deals about every 5 s, and every view
is pushed to every client of its table. Printed: the bet acknowledgement
latencies (p50, p99, max), the group commits the server made, and the store
recounted against the acknowledgements (lost and duplicated bets), beside the
baseline of one commit per action on the same disk (its rate and its slowest
syncs: a disk that stalls for 200 ms holds every acknowledgement queued behind
it), and the CPU both processes used while loaded. A probe syncs a small file on
the same disk every 20 ms during the load: its stalls are printed, and the
latencies of the bets that waited through none of them. With ``BENCH_WEB_TRACE=1``
the server also times its store writes, its commands (arrival to commit), its
event loop's lateness and its garbage collections, and prints them; with
``BENCH_WEB_DUMP=FILE`` each bet's send time and latency and each probe sync
are written to ``FILE`` as JSON; with ``BENCH_WEB_PYSPY=FILE`` py-spy samples
the server's threads while the load runs (``FILE``: its raw stacks;
``BENCH_WEB_PYSPY_ARGS``: more of py-spy's options, such as ``--idle``); with
``BENCH_WEB_PROFILE=FILE`` cProfile's statistics of the server's event loop go to
``FILE`` and those of its engine's thread to ``FILE.engine``. The
server's CPU per command is printed in all and on its event loop's thread (the
rest is its engine's thread: commits and views).
``--loop`` picks the server's event loop (uvicorn's ``auto``, ``asyncio``, or
``uvloop`` when installed). Bounded: it stops by itself after ``--seconds`` of
load (plus set-up), and only ever talks to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import multiprocessing as mp
import os
import random
import shutil
import socket
import statistics
import tempfile
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import wsclient
from figures import figure

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def serve(db: str, port: int, stats: str, loop: str = "auto") -> None:
    """The server process: runs until SIGTERM, then writes its commit count."""
    import signal

    import uvicorn

    from puntobanco.web.app import create_app
    from puntobanco.web.gcpause import GcTuning

    profile = os.environ.get("BENCH_WEB_PROFILE")  # a file for cProfile's statistics
    if profile:  # the engine's thread too, in PROFILE.engine
        _profile_engine(profile + ".engine")
    # Every client comes from 127.0.0.1: the per-address limit would stop the set-up.
    app = create_app(store=db, rate=1e6, burst=1e6, tables_per_hour=1e9)
    from puntobanco.cli.serve import uvicorn_settings

    # As ``puntobanco serve`` runs it (its limits, timeouts, pings every 20 s and no
    # compression), with the loop asked for.
    server = uvicorn.Server(
        uvicorn.Config(app, host=HOST, port=port, loop=loop, **uvicorn_settings())
    )
    signal.signal(signal.SIGTERM, lambda *_: setattr(server, "should_exit", True))
    trace: dict[str, list[float]] = {
        "command": [], "write": [], "lag": [], "gc0": [], "gc1": [], "gc2": [],
        "at": [], "at_gen": []}  # fmt: skip
    if os.environ.get("BENCH_WEB_TRACE"):
        _trace_server(app, trace)
    with GcTuning():  # as serve runs
        if profile:  # the event loop's thread
            import cProfile

            cProfile.runctx("server.run()", globals(), {"server": server}, profile)
        else:
            server.run()
    Path(stats).write_text(json.dumps({"commits": app.state.tables.hosted.commits, "trace": trace}))


def _profile_engine(path: str) -> None:
    """cProfile the engine's thread of the server about to be made (``Hosted._serve``),
    its statistics written to ``path`` when it stops."""
    import cProfile

    from puntobanco.engine.hosted import Hosted

    run = Hosted._serve

    def profiled(self: Hosted[Any], engine: Any) -> None:
        profiler = cProfile.Profile()
        profiler.enable()
        try:
            run(self, engine)
        finally:
            profiler.disable()
            profiler.dump_stats(path)

    Hosted._serve = profiled  # type: ignore[method-assign]


def _trace_server(app: Any, trace: dict[str, list[float]]) -> None:
    """Time the server's store writes, its event loop's lateness and its collections."""
    import asyncio
    import gc

    tables = app.state.tables
    engine = tables.engine
    do_many = engine.do_many

    def timed(jobs: Any) -> Any:  # in the engine's thread: the commands and their commit
        t = time.perf_counter()
        try:
            return do_many(jobs)
        finally:
            trace["write"].append(time.perf_counter() - t)

    engine.do_many = timed
    command = tables.command

    async def timed_command(who: Any, sent: Any, id: str) -> Any:
        t = time.perf_counter()
        try:
            return await command(who, sent, id)
        finally:
            trace["command"].append(time.perf_counter() - t)

    tables.command = timed_command
    started: list[float] = []

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started:
            took = time.perf_counter() - started[0]
            trace[f"gc{info['generation']}"].append(took)
            trace["at"].append(time.monotonic() - took)  # when each collection began
            trace["at_gen"].append(info["generation"])

    gc.callbacks.append(on_gc)

    async def lag() -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            trace["lag"].append(time.perf_counter() - t - 0.005)

    start = tables.start
    watching: list[object] = []

    async def start_and_watch() -> None:  # the server's event loop: its lateness
        await start()
        watching.append(asyncio.get_running_loop().create_task(lag()))

    tables.start = start_and_watch


def answered(response: Any) -> dict[str, Any]:
    """The set-up request's answer; a refusal stops the benchmark, saying what it was."""
    if response.status_code not in (200, 201):
        raise RuntimeError(
            f"{response.request.method} {response.request.url.path}: "
            f"{response.status_code} {response.text}"
        )
    found: dict[str, Any] = response.json()
    return found


async def setup(url: str, tables: int, per_table: int) -> list[dict[str, Any]]:
    import httpx

    out: list[dict[str, Any]] = []
    # An idle connection is dropped before the server's own 5 s keep-alive ends: a
    # request sent on one the server is closing meanwhile fails to be read.
    limits = httpx.Limits(max_connections=50, keepalive_expiry=2.0)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:

        async def post(path: str, body: Any) -> dict[str, Any]:
            """``body`` posted; sent again (three tries) when the connection fails."""
            for attempt in range(3):
                try:
                    r = await client.post(path, json=body)
                    client.cookies.clear()
                    return answered(r)
                except httpx.TransportError:
                    if attempt == 2:
                        raise
                    await asyncio.sleep(1)
                    if "name" in body:  # taken, if the first one was seated after all
                        body = {"name": f"{body['name']}-{attempt + 1}"}
            raise AssertionError("unreachable")

        async def one(i: int) -> dict[str, Any]:
            # The dealer turns every card (no phone turns Punto's): the load is the bets'.
            settings = {"seed": i, "bankroll": 10**11, "maximum": 10**10, "turn_seconds": None}
            t = await post("/api/tables", {"format": "casino", "settings": settings})
            players = []
            for k in range(per_table):
                seated = await post(f"/api/tables/{t['table']}/players", {"name": f"P{k}"})
                players.append((seated["player"], seated["token"]))
            return {"table": t["table"], "host": t["host_token"], "players": players}

        sem = asyncio.Semaphore(20)

        async def bounded(i: int) -> dict[str, Any]:
            async with sem:
                return await one(i)

        out = list(await asyncio.gather(*(bounded(i) for i in range(tables))))
    return out


def rss_mib(pid: int) -> float:
    """A process's resident memory, in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def machine_ticks() -> tuple[int, int]:
    """The machine's CPU time so far, in ticks: (all, stolen by the hypervisor)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return sum(fields[:8]), fields[7]


def cpu_seconds(pid: int, stat: str | None = None) -> float:
    """CPU time (user + system) a process has used so far, every thread included
    (``stat``: another file of the same form, one thread's)."""
    fields = Path(stat or f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def loop_cpu_seconds(pid: int) -> float:
    """CPU time its main thread has used so far: a server's event loop (the rest of
    its time is its engine's thread's)."""
    return cpu_seconds(pid, f"/proc/{pid}/task/{pid}/stat")


#: How a pushed view begins (the server writes its head as text, the view after it).
VIEW = b'{"type": "view", "seq": '
#: After the load ends every connection reads on until no message came anywhere for
#: this long (a server behind still sends the last commands' views), at most ``LAST``.
GRACE = 2.0
LAST = 60.0


async def load(
    url: str,
    tables: list[dict[str, Any]],
    seconds: float,
    server_pid: int | None = None,
    probe_file: str | None = None,
    every: float = 5.0,
    deal_every: float | None = None,
    together: tuple[str, int] | None = None,
) -> dict[str, Any]:
    """Play ``tables`` for ``seconds``: each player bets about every ``every`` seconds,
    each host deals about every ``deal_every`` (None: as often). A table's
    ``"urls"``, when given, are its host's server and each player's (else all on
    ``url``). ``together``: (a folder, how many load processes): the load begins once
    every one of them has its connections open. Every connection notes each view pushed to it (its
    seq and when it came); each acknowledged command its seq and when it was sent,
    so that the view push is timed like the acknowledgement: from the command's
    sending to each connection of its table receiving a view that shows it."""
    deal_every = deal_every or every
    latencies: list[float] = []
    sent_at: list[float] = []  # when each acknowledged bet was sent (monotonic)
    acked: Counter[tuple[str, str]] = Counter()
    sent: Counter[tuple[str, str]] = Counter()
    errors: Counter[str] = Counter()
    #: Per table, (seq, sent) of each acknowledged command, bets and deals.
    commands: dict[str, list[tuple[int, float]]] = {t["table"]: [] for t in tables}
    #: Per table, each connection's views as (seq, arrival).
    views: dict[str, list[list[tuple[int, float]]]] = {t["table"]: [] for t in tables}
    deals = 0
    stop = time.monotonic() + seconds
    ready = asyncio.Event()
    opened: list[str] = []  # the connections open so far
    heard = [time.monotonic()]  # when a connection last received a message
    quiet = asyncio.Event()  # the load over and nothing received for GRACE seconds
    # The commands' ids are this load's own: a table played again (bench_servers'
    # next step) must not have its new commands answered as repeats of the old.
    run = os.urandom(4).hex()
    all_open = asyncio.Event()

    opening = asyncio.Semaphore(100)  # connections being opened at once

    @contextlib.asynccontextmanager
    async def socket_to(url: str, received: Any) -> AsyncIterator[wsclient.Client]:
        """A connection handing each message to ``received``, opened a hundred at a
        time (not thousands of handshakes at once in a server's backlog), closed at
        the end. The lean client (``wsclient``): the load generators share the
        cores with the servers they measure."""
        async with opening:
            ws = await wsclient.connect(url, received, timeout=120)
        try:
            yield ws
        finally:
            await ws.close()

    async def connection(
        at: str, table: str, token: str, name: str | None, box: str | None
    ) -> None:
        """A phone (``name`` betting on ``box``) or the host (``name`` None, dealing),
        on the server at ``at``."""
        nonlocal deals
        pace = every if name else deal_every
        ws_url = at.replace("http://", "ws://")
        pending: dict[str, float] = {}
        seen: list[tuple[int, float]] = []
        first = asyncio.Event()  # the connection's first view (or its refusal) came

        def received(raw: bytes) -> None:
            """A message, as it arrives: a view is read no further than its seq."""
            now = time.monotonic()
            heard[0] = now
            if raw.startswith(VIEW):
                seen.append((int(raw[len(VIEW) : raw.index(b",", len(VIEW))]), now))
                first.set()
                return
            m = json.loads(raw)
            if m["type"] == "error":
                first.set()
            if m["type"] == "ack" and m["id"] in pending:
                start = pending.pop(m["id"])
                commands[table].append((m["seq"], start))
                if name is not None:
                    sent_at.append(start)
                    latencies.append(now - start)
                    acked[(table, name)] += 1
            elif m["type"] == "error":
                pending.pop(m.get("id") or "", None)
                errors[m["error"]["code"]] += 1

        async with socket_to(f"{ws_url}/api/tables/{table}/ws", received) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            # Open once the server has answered the hello with the first view: the
            # load does not begin while the servers still work through thousands
            # of hellos (their cost is the set-up's, not the commands').
            await asyncio.wait_for(first.wait(), 120)
            opened.append(table)
            if len(opened) == len(tasks):
                all_open.set()
            views[table].append(seen)
            await ready.wait()
            # Each command at its time, none after the end: a connection whose next
            # command would come after it stops waiting then, not at that time.
            end = stop if name else stop - 1
            due = time.monotonic() + (
                random.uniform(0, pace) if name else random.uniform(2, 2 + pace)
            )
            n = 0
            while due < end:
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                due += random.uniform(0.8 * pace, 1.2 * pace)
                n += 1
                message: dict[str, Any]
                if name is None:
                    cid = f"{run}-d{n}"
                    message = {"id": cid, "type": "Deal"}
                    deals += 1
                else:
                    cid = f"{run}-{name}-{n}"
                    message = {"id": cid, "type": "Bet", "box": box, "stake": 1000}
                    sent[(table, name)] += 1
                pending[cid] = time.monotonic()
                ws.send(json.dumps(message))
            # Every connection reads on: the last commands' views, everywhere.
            await quiet.wait()

    tasks = []
    for t in tables:
        at = t.get("urls") or [url] * (1 + len(t["players"]))
        tasks.append(connection(at[0], t["table"], t["host"], None, None))
        for k, (name, token) in enumerate(t["players"]):
            tasks.append(connection(at[k + 1], t["table"], token, name,
                                    "banco" if k % 2 else "punto"))  # fmt: skip
    running = [asyncio.create_task(c) for c in tasks]
    # The load generator's own collector pauses would be counted as the server's latency.
    from puntobanco.web.gcpause import GcTuning

    tuning = GcTuning()
    tuning.__enter__()  # left at the end of the run, below
    lateness: list[float] = []  # the load generator's own event loop, while loaded

    async def lag() -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            if ready.is_set():
                lateness.append(time.perf_counter() - t - 0.005)

    lagging = asyncio.create_task(lag())

    async def until_quiet() -> None:
        while True:
            await asyncio.sleep(0.25)
            now = time.monotonic()
            if now > stop and (now - max(heard[0], stop) > GRACE or now > stop + LAST):
                quiet.set()
                return

    # Every connection open (or a minute gone: the others start late, and show it).
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(all_open.wait(), 60)
    if together is not None:  # and the other load processes' too (or a minute gone)
        folder, parties = together
        Path(folder, f"open.{os.getpid()}").touch()
        deadline = time.monotonic() + 60
        while len(list(Path(folder).glob("open.*"))) < parties and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    stop = time.monotonic() + seconds
    probe = DiskProbe(probe_file)
    probe.start()
    pids = {"client": os.getpid()} | ({"server": server_pid} if server_pid else {})
    cpu = {k: cpu_seconds(pid) for k, pid in pids.items()}
    loop_cpu = loop_cpu_seconds(server_pid) if server_pid else 0.0
    memory = [rss_mib(server_pid)] if server_pid else []
    ticks = machine_ticks()
    wall = time.monotonic()
    spy = os.environ.get("BENCH_WEB_PYSPY")  # the server's threads sampled while loaded
    sampler = None
    if spy and server_pid:
        import subprocess
        import sys

        beside = os.path.join(os.path.dirname(sys.executable), "py-spy")
        pyspy = beside if os.path.exists(beside) else shutil.which("py-spy") or beside
        more = os.environ.get("BENCH_WEB_PYSPY_ARGS", "").split()  # py-spy's own, as given
        sampler = subprocess.Popen(
            [pyspy, "record", "-p",
             str(server_pid), "-d", str(int(seconds)), "-r", "50", "-t", "-f", "raw",
             "-o", spy, "--nonblocking", *more], stdout=subprocess.DEVNULL)  # fmt: skip
    ready.set()
    watching = asyncio.create_task(until_quiet())
    await asyncio.gather(*running, return_exceptions=True)
    watching.cancel()
    wall = time.monotonic() - wall
    probe.stop()
    if sampler is not None:
        sampler.wait()
    used = {k: cpu_seconds(pids[k]) - v for k, v in cpu.items()}  # CPU seconds, in all
    if server_pid:
        used["server_loop"] = loop_cpu_seconds(server_pid) - loop_cpu
    cpu = {k: v / wall for k, v in used.items()}
    memory += [rss_mib(server_pid)] if server_pid else []
    total, stolen = (b - a for a, b in zip(ticks, machine_ticks(), strict=True))
    lagging.cancel()
    tuning.__exit__()
    failed = sum(1 for r in running if r.exception() is not None)
    failures = Counter(f"{type(e).__name__}: {str(e)[:80]}" for r in running
                       if (e := r.exception()) is not None)  # fmt: skip
    pushed = view_times(commands, views)
    return {"latencies": latencies, "sent_at": sent_at, "syncs": probe.syncs, "acked": acked,
            "sent": sent, "errors": errors, "deals": deals, "failed": failed, "failures": failures,
            "cpu": cpu, "cpu_seconds": used, "lag": sorted(lateness), "memory": memory,
            "stolen": stolen / max(total, 1)} | pushed  # fmt: skip


def view_times(
    commands: dict[str, list[tuple[int, float]]],
    views: dict[str, list[list[tuple[int, float]]]],
) -> dict[str, Any]:
    """Each acknowledged command's view, at each connection of its table: the time
    from the command's sending to the first view at least as recent (a newer view
    stands for one the server replaced before it went out); lost when none came,
    duplicated when a connection received the same view twice.

    >>> got = view_times({"t": [(5, 1.0), (7, 2.0)]}, {"t": [[(4, 0.5), (6, 1.25), (7, 2.5)]]})
    >>> got["view_latencies"], got["views_lost"], got["views_duplicated"]
    ([0.25, 0.5], 0, 0)
    >>> view_times({"t": [(9, 1.0)]}, {"t": [[(3, 0.1), (3, 0.2)]]})["views_lost"]
    1
    """
    found: list[float] = []
    lost = duplicated = received = 0
    for table, done in commands.items():
        for seen in views.get(table, []):
            received += len(seen)
            duplicated += sum(1 for a, b in zip(seen, seen[1:], strict=False) if a[0] == b[0])
            seqs = [seq for seq, _ in seen]
            for seq, start in done:
                i = bisect.bisect_left(seqs, seq)
                if i == len(seqs):
                    lost += 1
                else:
                    found.append(seen[i][1] - start)
    return {"view_latencies": found, "views_lost": lost, "views_duplicated": duplicated,
            "views_received": received}  # fmt: skip


class DiskProbe:
    """Times a 4 KiB write and ``fdatasync`` every 20 ms on the server's disk while
    the load runs. On a virtual disk every file's syncs stall together (seen
    here: two files synced from two threads stalled over the same 330 ms), so a
    stall the probe sees is one every commit of the server waited through too."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.syncs: list[tuple[float, float]] = []  # (monotonic start, seconds)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        if self.path is not None:
            self._thread.start()

    def stop(self) -> None:
        self._done.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        assert self.path is not None
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, bytes(1 << 20))  # written once: the probe overwrites, never grows
            os.fsync(fd)
            i = 0
            while not self._done.wait(0.02):
                os.pwrite(fd, b"x" * 4096, (i % 256) * 4096)
                start = time.monotonic()
                os.fdatasync(fd)
                self.syncs.append((start, time.monotonic() - start))
                i += 1
        finally:
            os.close(fd)


def stalls(syncs: list[tuple[float, float]], over: float = 0.05) -> list[tuple[float, float]]:
    """The probe's syncs slower than ``over`` seconds, as (start, end) intervals."""
    return [(start, start + took) for start, took in syncs if took > over]


def outside(
    sent_at: list[float], latencies: list[float], stalled: list[tuple[float, float]]
) -> list[float]:
    """The latencies of the bets whose wait overlapped no disk stall."""
    kept = []
    for start, took in zip(sent_at, latencies, strict=True):
        end = start + took
        if not any(a < end and start < b for a, b in stalled):
            kept.append(took)
    return sorted(kept)


def recount(db: str) -> Counter[tuple[str, str]]:
    from puntobanco.store.sqlite import SQLiteStore
    from puntobanco.table.events import BetPlaced

    store = SQLiteStore(db)
    try:
        found: Counter[tuple[str, str]] = Counter()
        for table in store.tables():
            for r in store.load(table):
                if isinstance(r.event, BetPlaced):
                    found[(table, r.event.name)] += 1
        return found
    finally:
        store.close()


def baseline(folder: str, n: int = 1000) -> list[float]:
    """Seconds each commit took with one commit per action (no grouping), same
    disk: the disk's own syncs, their rate and their stalls."""
    from puntobanco.coup import Outcome
    from puntobanco.store.sqlite import SQLiteStore
    from puntobanco.table.events import BetPlaced

    store = SQLiteStore(os.path.join(folder, "baseline.db"))
    try:
        took = []
        for i in range(n):
            start = time.perf_counter()
            store.append("t", i, [BetPlaced("Ana", Outcome.BANCO, 1000)])
            took.append(time.perf_counter() - start)
        return took
    finally:
        store.close()


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` (nan when there are none)."""
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--loop", default="auto", help="server loop: auto, asyncio, uvloop")
    parser.add_argument("--every", type=float, default=5.0, help="seconds between bets (5)")
    args = parser.parse_args()
    per_table = max(1, args.clients // args.tables)
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    with tempfile.TemporaryDirectory(dir=os.getcwd()) as folder:
        base = baseline(folder)
        db = os.path.join(folder, "bench.db")
        stats = os.path.join(folder, "stats.json")
        port = free_port()
        url = f"http://{HOST}:{port}"
        ctx = mp.get_context("spawn")
        server = ctx.Process(target=serve, args=(db, port, stats, args.loop))
        server.start()
        try:
            import httpx

            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(url + "/api/i18n/en", timeout=1)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            t0 = time.monotonic()
            tables = asyncio.run(setup(url, args.tables, per_table))
            setup_s = time.monotonic() - t0
            result = asyncio.run(
                load(url, tables, args.seconds, server.pid or 0, os.path.join(folder, "probe"),
                     every=args.every)
            )  # fmt: skip
        finally:
            server.terminate()
            server.join(60)
        written = json.loads(Path(stats).read_text()) if Path(stats).exists() else {}
        commits = written.get("commits", 0)
        found = recount(db)
    lat = sorted(result["latencies"])
    acked, sent = result["acked"], result["sent"]
    lost = sum(max(0, acked[k] - found[k]) for k in acked)
    duplicated = sum(max(0, found[k] - sent[k]) for k in found)
    unacked_committed = sum(max(0, found[k] - acked[k]) for k in found) - duplicated
    n = len(lat)

    def p(q: float) -> float:
        return lat[min(n - 1, int(q * n))] * 1000 if n else float("nan")

    print(f"clients {per_table * args.tables} over {args.tables} tables, {args.seconds:.0f} s "
          f"of load (set-up {setup_s:.1f} s), {result['failed']} connection(s) failed")  # fmt: skip
    print(f"bets acknowledged {n}, {n / args.seconds:.0f}/s; deals sent {result['deals']}")
    top = lat[-1] * 1000 if n else 0.0
    mean = statistics.fmean(lat) * 1000 if n else 0.0
    print(f"ack latency ms: p50 {p(0.5):.1f}  p99 {p(0.99):.1f}  max {top:.1f}  mean {mean:.1f}")
    shown = sorted(result["view_latencies"])
    v50, v99, vmax = (quantile(shown, q) * 1000 for q in (0.5, 0.99, 1.0))
    print(f"view latency ms (each command's view at each connection of its table, "
          f"{len(shown)} in all): p50 {v50:.1f}  p99 {v99:.1f}  max {vmax:.1f}; "
          f"{v99 / p(0.99):.2f} times the acknowledgement's p99")  # fmt: skip
    print(f"views received {result['views_received']}, lost {result['views_lost']}, "
          f"duplicated {result['views_duplicated']}")  # fmt: skip
    print(f"CPU while loaded: server {result['cpu']['server']:.0%} of a core, load generator "
          f"{result['cpu']['client']:.0%}; machine load {os.getloadavg()[0]:.2f}; CPU time "
          f"stolen by the hypervisor {result['stolen']:.1%}")  # fmt: skip
    commands = n + result["deals"]
    per_command = result["cpu_seconds"]["server"] / max(commands, 1) * 1000
    on_loop = result["cpu_seconds"].get("server_loop", 0.0) / max(commands, 1) * 1000
    print(f"server CPU per command (its commit, its views and their sending): "
          f"{per_command:.2f} ms ({on_loop:.2f} on the event loop's thread, "
          f"{per_command - on_loop:.2f} on the others: the engine's)")  # fmt: skip
    figure("web.cpu_per_command_ms", per_command, "ms", "server CPU time per command")
    if len(result["memory"]) == 2:
        print(f"server memory: {result['memory'][0]:.0f} MiB when the load began, "
              f"{result['memory'][1]:.0f} MiB when it ended")  # fmt: skip
    lag = result["lag"]
    if lag:
        print(f"load generator's event loop lateness ms: p50 {lag[len(lag) // 2] * 1000:.1f}  "
              f"p99 {lag[int(0.99 * len(lag))] * 1000:.1f}  max {lag[-1] * 1000:.1f} "
              "(counted in every latency above)")  # fmt: skip
    print(f"server group commits {commits} ({(n + result['deals']) / max(commits, 1):.1f} "
          "commands each, one fsync each)")  # fmt: skip
    syncs = sorted(base)
    print(f"baseline, one commit per action: {len(syncs) / sum(syncs):.0f} commits/s; each "
          f"p50 {syncs[len(syncs) // 2] * 1000:.2f}  p99 {syncs[int(0.99 * len(syncs))] * 1000:.2f}"
          f"  max {syncs[-1] * 1000:.1f} ms (the disk alone)")  # fmt: skip
    stalled = stalls(result["syncs"])
    dump = os.environ.get("BENCH_WEB_DUMP")  # a file for the raw figures, to look at later
    if dump:
        raw = {k: result[k] for k in ("sent_at", "latencies", "syncs")}
        raw["server"] = written.get("trace", {})  # its collections' start times are monotonic too
        Path(dump).write_text(json.dumps(raw))
    probed = sorted(took for _, took in result["syncs"])
    if probed:
        print(f"disk during the load (a 4 KiB sync every 20 ms): {len(probed)} syncs, p50 "
              f"{probed[len(probed) // 2] * 1000:.2f}  max {probed[-1] * 1000:.1f} ms; "
              f"{len(stalled)} stall(s) over 50 ms, "
              f"{sum(b - a for a, b in stalled) * 1000:.0f} ms in all")  # fmt: skip
        clear = outside(result["sent_at"], result["latencies"], stalled)
        if clear:
            q = clear[min(len(clear) - 1, int(0.99 * len(clear)))] * 1000
            print(f"ack latency of the {len(clear)} bets that waited through no disk stall: "
                  f"p50 {clear[len(clear) // 2] * 1000:.1f}  p99 {q:.1f} ms")  # fmt: skip
    print(f"store recount: {sum(found.values())} bets stored, lost {lost}, duplicated "
          f"{duplicated}, committed but not acknowledged in time {unacked_committed}")  # fmt: skip
    clients = per_table * args.tables
    figure("web.clients", clients, "", "WebSocket clients")
    figure("web.bets_s", n / args.seconds, "", "bets acknowledged a second")
    for key, value in (("ack_p50", p(0.5)), ("ack_p99", p(0.99)), ("ack_max", top),
                       ("view_p50", v50), ("view_p99", v99), ("view_max", vmax)):  # fmt: skip
        label = ("acknowledgement " if key.startswith("ack") else "view ") + key.split("_")[1]
        figure(f"web.{key}_ms", value, "ms", label)
    figure("web.view_over_ack", v99 / p(0.99), "x", "view p99 against acknowledgement p99")
    figure("web.bets_lost", lost, "", "bets acknowledged, not stored")
    figure("web.bets_duplicated", duplicated, "", "bets stored twice")
    figure("web.views_lost", result["views_lost"], "", "views never received")
    figure("web.views_duplicated", result["views_duplicated"], "", "views received twice")
    print(f"refusals: {dict(result['errors']) or 'none'}")
    for reason, count in result["failures"].most_common(5):
        print(f"connections failed: {count} x {reason}")
    for name, values in written.get("trace", {}).items():
        if values and not name.startswith("at"):
            v = sorted(values)
            print(f"server {name} ms: n {len(v)}  p50 {v[len(v) // 2] * 1000:.1f}  "
                  f"p99 {v[int(0.99 * len(v))] * 1000:.1f}  max {v[-1] * 1000:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
