"""The faults the suite injects into a running table service, each a function that
plays through it and returns what ``check`` found (see ``tests.faults.harness``):
``serve`` killed with kill -9 on SQLite and two servers on one PostgreSQL killed in
turn; a damaged page and an emptied file, refused by ``serve`` and then restored from
a backup; a full disk; a read-only log file; the wall clock stepped back an hour."""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

from puntobanco.cli import main
from puntobanco.store import open_store
from puntobanco.store.sqlite import SQLiteStore
from tests.faults.harness import (
    KILL_AFTER_COMMIT,
    Answers,
    Figures,
    Seat,
    Serve,
    balances_shown,
    check,
    free_port,
    open_tables,
    playing,
)

PAGE = 4096
FULL = "database or disk is full"  # SQLite's words for SQLITE_FULL
READ_ONLY = "attempt to write a readonly database"  # and for SQLITE_READONLY


def checked(db: Path, seats: list[list[Seat]], answers: Answers, shown: list[Any]) -> Figures:
    """``check`` on every table of the SQLite log ``db``."""
    figures = Figures()
    store = SQLiteStore(db, readonly=True)
    try:
        for table, balances in zip(seats, shown, strict=True):
            figures.add(check(store, table, answers, balances))
    finally:
        store.close()
    figures.retries = answers.tries
    return figures


def killed_run(
    folder: Path, kills: int, *, seed: int, tables: int = 2, players: int = 3
) -> Figures:
    """``serve`` on a SQLite log, killed ``kills`` times with kill -9 while the clients
    play: every other kill at a random moment, the others right after a random commit
    and before its answers went out (``PUNTOBANCO_TEST_KILL_AFTER_COMMIT``); restarted
    each time on the same port; then the whole log checked."""
    rng = random.Random(seed)
    db = folder / "killed.db"
    server = Serve(str(db), folder / "serve.log")
    server.start()
    seats = open_tables(server.url, tables, players, seed)
    answers = Answers()
    figures = Figures()
    try:
        with playing(seats, lambda _: [server.url], answers, seed=seed):
            for n in range(kills):
                if n % 2:  # started to kill itself right after one of its first commits
                    server.wait_dead(5)
                else:
                    time.sleep(rng.uniform(0.1, 0.8))
                    server.kill()
                figures.kills += 1
                last = n + 1 == kills
                server.start(None if n % 2 or last else {KILL_AFTER_COMMIT: str(rng.randint(1, 3))})
            time.sleep(0.5)
        shown = [balances_shown(server.url, t) for t in seats]
    finally:
        server.stop()
    found = checked(db, seats, answers, shown)
    found.kills = figures.kills
    return found


def pair_run(pg_url: str, folder: Path, kills: int, *, seed: int, players: int = 3) -> Figures:
    """Two ``serve`` on one PostgreSQL database, each client given both addresses (half
    of them the other way round); one server killed with kill -9 at a random moment,
    then the other, ``kills`` times in all, each restarted while the other serves."""
    rng = random.Random(seed)
    servers = [Serve(pg_url, folder / f"serve-{n}.log") for n in range(2)]
    figures = Figures()
    try:
        for server in servers:
            server.start()
        seats = open_tables(servers[0].url, 1, players, seed)
        answers = Answers()
        urls = [s.url for s in servers]

        def addresses(seat: Seat) -> list[str]:
            return urls if hash(seat.token) % 2 else urls[::-1]

        with playing(seats, addresses, answers, seed=seed):
            for n in range(kills):
                time.sleep(rng.uniform(0.3, 1.0))
                victim = servers[n % 2]
                victim.kill()
                figures.kills += 1
                victim.start()
            time.sleep(0.5)
        shown = balances_shown(servers[0].url, seats[0])
    finally:
        for server in servers:
            server.stop()
    store = open_store(pg_url)
    try:
        figures.add(check(store, seats[0], answers, shown))
    finally:
        store.close()
    figures.retries = answers.tries
    return figures


def puntobanco(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m puntobanco ARGV`` as an operator runs it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PUNTOBANCO_")}
    return subprocess.run(
        [sys.executable, "-m", "puntobanco", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def played(server: Serve, seconds: float, seed: int) -> tuple[list[list[Seat]], Answers]:
    """A table opened on ``server`` and played ``seconds`` by its host and 3 players."""
    seats = open_tables(server.url, 1, 3, seed)
    answers = Answers()
    with playing(seats, lambda _: [server.url], answers, seed=seed):
        time.sleep(seconds)
    return seats, answers


def damaged_then_restored(folder: Path, *, seed: int, empty: bool) -> tuple[Figures, str]:
    """A log played through ``serve`` and backed up (``puntobanco backup``), then, the
    server stopped, damaged: one 4 KiB page in its middle overwritten, or the file
    emptied. ``serve`` must refuse it, naming it, and write nothing into it; the backup
    put back in its place is served, played on, and checked. Returns what ``serve``
    said when it refused."""
    db, backup = folder / "club.db", folder / "backup.db"
    server = Serve(str(db), folder / "serve.log")
    server.start()
    try:
        seats, answers = played(server, 1.5, seed)
        said = io.StringIO()  # "Copied ...": the operator's line, not the benchmark's
        with contextlib.redirect_stdout(said):
            assert main(["backup", str(backup), "--db", str(db)]) == 0, said.getvalue()
    finally:
        server.stop()
    data = bytearray(db.read_bytes())
    if empty:
        data = bytearray()
    else:
        middle = len(data) // PAGE // 2 * PAGE
        data[middle : middle + PAGE] = random.Random(seed).randbytes(PAGE)
    db.write_bytes(bytes(data))
    refused = puntobanco("serve", "--db", str(db), "--port", str(free_port()))
    assert refused.returncode != 0, refused.stdout + refused.stderr
    assert db.read_bytes() == data, "serve wrote into a damaged log"
    for extra in folder.glob("club.db-*"):
        extra.unlink()
    shutil.copyfile(backup, db)
    server.start()
    try:
        with playing(seats, lambda _: [server.url], answers, seed=seed + 1):
            time.sleep(1.0)
        shown = [balances_shown(server.url, seats[0])]
    finally:
        server.stop()
    return checked(db, seats, answers, shown), refused.stderr


@contextlib.contextmanager
def small_disk(folder: Path, size: str = "8m") -> Iterator[Path | None]:
    """A tmpfs of ``size`` mounted in ``folder`` (None where this user may not mount)."""
    mount = folder / "disk"
    mount.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        yield None
        return
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(mount)],
        capture_output=True,
    )
    if made.returncode != 0:
        yield None
        return
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(folder: Path) -> Path:
    """A file written into ``folder`` until its file system is full."""
    filler = folder / "filler"
    with contextlib.suppress(OSError), filler.open("wb", buffering=0) as out:
        for size in (65536, 512):  # then the last blocks, smaller than a chunk
            with contextlib.suppress(OSError):
                while True:
                    out.write(b"\0" * size)
        os.fsync(out.fileno())
    return filler


class AnyThread(sqlite3.Connection):
    """A SQLite connection that the thread which made it may hand to another: a store
    made by the test, then served by the table service's own thread."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **{**kwargs, "check_same_thread": False})


class Failing(AnyThread):
    """A SQLite connection whose commits fail with ``Failing.error`` (SQLite's words
    for a full disk or a read-only file) while it is set: the store where the machine
    gives no small file system to fill or no read-only mount."""

    error: str | None = None

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if Failing.error is not None and sql == "COMMIT":
            raise sqlite3.OperationalError(Failing.error)
        return super().execute(sql, parameters)


class Live:
    """The table service in this process (uvicorn in a thread), restartable on the same
    port, on a store made anew by ``store()`` at each start (the fallback of the tests
    that need a store this process controls)."""

    def __init__(self, store: Callable[[], Any]) -> None:
        self.store = store
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: Any = None
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        import asyncio

        import uvicorn

        from puntobanco.web.app import create_app

        config = uvicorn.Config(
            create_app(store=self.store()), host="127.0.0.1", port=self.port, log_level="error"
        )
        self.server = uvicorn.Server(config)
        server = self.server
        self.thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(30)
            self.server = None

    kill = stop


def readyz(url: str) -> httpx.Response:
    return httpx.get(url + "/readyz", timeout=30)


def until_ready(url: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while readyz(url).status_code != 200:
        assert time.monotonic() < deadline, readyz(url).text
        time.sleep(0.1)


def unwritable_run(folder: Path, *, seed: int, fault: str) -> tuple[Figures, dict[str, Any]]:
    """The log cannot be written for a while (``fault``: ``full``, a full disk;
    ``read-only``, a log file that may only be read) while the clients play on and
    retry: ``/readyz`` must say so with the store's reason, and every command then get
    503 and be done once the log can be written again. The fault is real where the machine allows
    (a small tmpfs filled; a read-only bind mount of the file, or its mode for a user
    that is not root), else SQLite's own error raised by the store's connection."""
    with small_disk(folder) as disk:
        base = disk if disk is not None else folder
        db = base / "club.db"
        real = disk is not None
        server: Serve | Live
        if real:
            server = Serve(str(db), folder / "serve.log")
        else:
            server = Live(lambda: SQLiteStore(db, factory=Failing))
        server.start()
        seats = open_tables(server.url, 1, 3, seed)
        answers = Answers()
        seen: dict[str, Any] = {"real": real}
        try:
            with playing(seats, lambda _: [server.url], answers, seed=seed):
                time.sleep(1.0)
                undo = make_unwritable(server, db, fault, real)
                before = sum(s == 503 for v in answers.answers.values() for s, _ in v)
                time.sleep(1.5)
                ready = readyz(server.url)
                seen["readyz"] = (ready.status_code, ready.json())
                seen["refused"] = (
                    sum(s == 503 for v in answers.answers.values() for s, _ in v) - before
                )
                undo()
                until_ready(server.url)
                time.sleep(1.0)
            shown = [balances_shown(server.url, seats[0])]
        finally:
            server.stop()
        return checked(db, seats, answers, shown), seen


def make_unwritable(server: Serve | Live, db: Path, fault: str, real: bool) -> Callable[[], None]:
    """The fault begins; the function returned ends it."""
    if not real:
        Failing.error = FULL if fault == "full" else READ_ONLY

        def ended() -> None:
            Failing.error = None

        return ended
    if fault == "full":
        filler = fill(db.parent)
        return filler.unlink
    # A log file that may only be read: the server is stopped, the file made read-only
    # (a read-only bind mount of the file alone, its folder still writable for SQLite's
    # -shm), and the server started on it; undone the same way.
    server.stop()
    subprocess.run(["mount", "--bind", str(db), str(db)], check=True)
    subprocess.run(["mount", "-o", "remount,bind,ro", str(db)], check=True)
    server.start()

    def writable() -> None:
        server.stop()
        subprocess.run(["umount", str(db)], check=True)
        server.start()

    return writable


class SteppedClock:
    """The wall clock as the store reads it, which ``back`` sets back (an NTP step)."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def __call__(self) -> str:
        return (datetime.now(UTC) + self.offset).isoformat(timespec="milliseconds")

    def back(self, seconds: float) -> None:
        self.offset -= timedelta(seconds=seconds)


def clock_run(folder: Path, *, seed: int) -> tuple[Figures, dict[str, Any]]:
    """The wall clock set back an hour in the middle of play (an injected clock: the
    machine's is not touched). Returns the step counter of ``/metrics`` and what
    ``puntobanco verify`` said of the log."""
    db, clock = folder / "club.db", SteppedClock()
    server = Live(lambda: SQLiteStore(db, clock=clock, monotonic=time.monotonic, factory=AnyThread))
    server.start()
    seen: dict[str, Any] = {}
    try:
        seats = open_tables(server.url, 1, 3, seed)
        answers = Answers()
        with playing(seats, lambda _: [server.url], answers, seed=seed):
            time.sleep(1.0)
            clock.back(3600)
            time.sleep(1.5)
        metrics = httpx.get(server.url + "/metrics", timeout=30).text
        seen["steps"] = [
            line for line in metrics.splitlines() if line.startswith("puntobanco_store_clock")
        ]
        shown = [balances_shown(server.url, seats[0])]
    finally:
        server.stop()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        seen["verify"] = (main(["verify", seats[0][0].table, "--db", str(db)]), out.getvalue())
    store = SQLiteStore(db, readonly=True)
    stamps = [datetime.fromisoformat(r.time) for r in store.load(seats[0][0].table)]
    store.close()
    seen["in_order"] = stamps == sorted(stamps)
    return checked(db, seats, answers, shown), seen
