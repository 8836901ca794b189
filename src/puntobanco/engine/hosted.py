"""The engine hosted for an asyncio program (a server): on a thread of its own.

``Hosted`` runs one ``Engine`` on one thread (a SQLite connection stays in its
thread, and the event loop never waits on a disk), and does there all the work a
server's tables need beside the transport:

- the calls: ``call(fn)`` / ``await run(fn)`` run ``fn(engine)`` on that thread;
- the commands: those that arrive while a commit is under way are carried out
  together, in one transaction (``Engine.do_many``: a group commit, one sync),
  each answered on its caller's event loop once its events are stored;
- the clock: ``Engine.tick`` every ``TICK_SECONDS``, and at once on the tables a
  bet came to (everyone may have bet); tables idle for ``idle_seconds`` with
  nobody watching are closed (``Engine.close_idle``);
- the views: after each commit to a table (this process's, or another's on a
  shared store, which the engine follows), and after a change the clock made with
  no event, each of the table's watchers is handed its new view once per event
  count, made and serialised once per (viewer, language). The players' views of
  a newly settled coup wait until the host's screen has shown it (``Reveal``).

The front end says who watches each table and receives the views (``Front``);
an answer is always handed to its event loop before the views that show it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Collection, Container, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from puntobanco.engine.commands import Bet
from puntobanco.engine.reveal import Reveal
from puntobanco.engine.service import Committed, Engine, Job, Result
from puntobanco.engine.viewers import Role, Viewer
from puntobanco.errors import PuntoBancoError, StoreError
from puntobanco.i18n import Lang
from puntobanco.store import EventStore

LOG: Final = logging.getLogger("puntobanco.engine")
#: Seconds between two looks at the tables' clocks.
TICK_SECONDS: Final = 0.1
#: About how many watchers' views are handed to the event loop at once.
PUSH_SOCKETS: Final = 64

W = TypeVar("W")


class Front(Protocol[W]):
    """What ``Hosted`` knows of the front end: who watches each table (``W``: the
    front end's own handle of a watcher, a socket), as whom, and where views go."""

    def watchers(self, table: str) -> Collection[W]:
        """Who watches ``table`` now (read on the engine's thread: never changed in place)."""

    def seen_as(self, watcher: W) -> tuple[Viewer, Lang]:
        """The viewer and language ``watcher``'s views are made for."""

    def deliver(self, views: list[tuple[W, str]]) -> None:
        """On the event loop: each watcher's view, serialised (``{"type": "view", ...}``)."""

    def closed(self, table: str) -> None:
        """On the engine's thread: ``table`` was closed for being idle."""


class Observer(Protocol):
    """Who is told about the commits (the server's metrics)."""

    def committed(self, started: float, batch: Sequence[Committed]) -> None:
        """``batch`` was stored by one commit begun at ``started`` (``time.perf_counter``)."""

    def commit_failed(self, writes: int, failure: PuntoBancoError) -> None:
        """The store refused the commit of ``writes`` commands."""


_Call = tuple[Callable[[Engine], Any], Future[Any]]
_Command = tuple[Job, "asyncio.Future[Result]"]
_Answer = tuple["asyncio.Future[Result]", "Result | BaseException"]


class Hosted(Generic[W]):
    """One engine on its own thread, serving one event loop; see the module."""

    def __init__(
        self,
        db: str | os.PathLike[str] | EventStore | None,
        front: Front[W],
        observer: Observer,
        *,
        clock: Callable[[], float] = time.monotonic,
        idle_seconds: float | None = None,
        reveal_step: float = 0.0,
    ) -> None:
        self._front, self._observer = front, observer
        self._reveal = Reveal(reveal_step)  # the room's: a result once the host's screen shows it
        self._idle, self._clock = idle_seconds, clock
        self._swept = clock()
        self.commits = 0  # commits made (the benchmark prints them)
        # Calls for the engine's thread: functions (a Future each) and commands (an
        # event loop's future each, answered before the views: ``_answer``).
        self._queue: list[_Call | _Command] = []
        self._answers: list[_Answer] = []
        self._wake = threading.Condition()
        self._stopping = False
        self._last: Callable[[Engine], object] | None = None  # ``stop``'s
        self._dirty: set[str] = set()  # tables whose views are due
        # Among them, those whose views changed with no new event (a clock); any
        # other is pushed only past the event it was last pushed at: a commit another
        # process made is folded in here a moment before its table is marked, and a
        # push in that moment showed it already.
        self._unseq: set[str] = set()
        self._shown: dict[str, int] = {}  # table -> the event count it was last pushed at
        self._loop: asyncio.AbstractEventLoop | None = None
        started: Future[Engine] = Future()

        def begin() -> None:
            try:
                engine = Engine(db, clock=clock)
                engine.subscribe_all(self.due)
            except BaseException as error:  # noqa: BLE001 - raised in the caller's thread
                started.set_exception(error)
                return
            started.set_result(engine)
            self._serve(engine)

        self._thread = threading.Thread(target=begin, name="puntobanco-engine", daemon=True)
        self._thread.start()
        #: The engine, for what it allows from any thread (``held``, ``touch``);
        #: anything else goes through ``call``.
        self.engine = started.result()

    # -- calls and commands --------------------------------------------------------------

    def call(self, fn: Callable[[Engine], Any]) -> Future[Any]:
        """``fn(engine)`` on the engine's thread; once it has stopped, ``StoreError``
        (``engine.error.stopped``: nothing is left to run it)."""
        future: Future[Any] = Future()
        with self._wake:
            if self._stopping:
                future.set_exception(StoreError("engine.error.stopped"))
                return future
            self._queue.append((fn, future))
            self._wake.notify()
        return future

    async def run(self, fn: Callable[[Engine], Any]) -> Any:
        """``fn(engine)`` on the engine's thread, awaited."""
        return await asyncio.wrap_future(self.call(fn))

    async def command(self, job: Job) -> Result:
        """Carry out ``job`` with the commands queued beside it (one group commit):
        its result once stored, or the named error that refused it."""
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        with self._wake:
            if self._stopping:
                raise StoreError("engine.error.stopped")
            self._queue.append((job, future))
            self._wake.notify()
        return await future

    def committed(self, started: float, batch: Sequence[Committed]) -> None:
        """A commit made by a ``call``'s function (a table opened, a player seated), told
        to the observer and counted as the group commits are."""
        self.commits += 1
        self._observer.committed(started, batch)

    def due(self, committed: Committed) -> None:
        """``committed.table``'s views are due: the engine's callback after each commit
        (on the engine's thread, or its listener's for another process's commit), and
        after a change the clock made with no event (``committed.events`` empty: pushed
        even at the event count already shown). From any thread."""
        with self._wake:
            self._dirty.add(committed.table)
            if not committed.events:
                self._unseq.add(committed.table)
            self._wake.notify()

    async def view(self, table: str, viewer: Viewer, lang: Lang) -> dict[str, Any]:
        """``viewer``'s view of ``table``, its odds computed (a view asked for). A player
        who asks while the host's screen reveals a coup gets it once it has."""
        view: dict[str, Any] = await self.read(
            table, viewer, lambda engine: engine.view(table, viewer, lang)
        )
        return view

    async def read(self, table: str, viewer: Viewer, fn: Callable[[Engine], Any]) -> Any:
        """``fn(engine)`` for ``viewer`` (a view, the history, the shoes): run once the
        host's screen has revealed the coup it deals, for anyone but the host."""

        def step(engine: Engine) -> Any:
            state = engine.state(table)
            if viewer.role is not Role.HOST and self._reveal.held(table, state, time.monotonic()):
                return _Held(self._reveal.until(table))
            return fn(engine)

        while True:
            got = await self.run(step)
            if not isinstance(got, _Held):
                return got
            await asyncio.sleep(max(0.0, got.until - time.monotonic()) + 0.01)

    async def start(self) -> None:
        """Answers and views go through the running event loop from now on."""
        self._loop = asyncio.get_running_loop()

    async def stop(self, last: Callable[[Engine], object] | None = None) -> None:
        """Finish what is queued, then ``last(engine)`` (closing what the caller opened
        on the engine's thread), then release the engine and its store."""
        await asyncio.to_thread(self.halt, last)

    def halt(self, last: Callable[[Engine], object] | None = None) -> None:
        """``stop``, from a thread that may wait."""
        with self._wake:
            self._stopping, self._last = True, last
            self._wake.notify()
        self._thread.join()

    # -- the engine's thread ---------------------------------------------------------------

    def _serve(self, engine: Engine) -> None:
        """The calls queued, the commands among them committed together, the clock,
        the answers, then the views due."""
        last_tick = time.monotonic()
        while True:
            with self._wake:
                if not self._queue and not self._stopping:
                    self._wake.wait(TICK_SECONDS)
                taken, self._queue = self._queue, []
                stopping = self._stopping
            jobs: list[_Command] = []
            for queued in taken:
                if isinstance(queued[0], Job):
                    jobs.append(queued)
                    continue
                if jobs:  # the commands queued before this call, committed together
                    self._commands(engine, jobs)
                    jobs = []
                fn, future = queued
                try:
                    future.set_result(fn(engine))
                except BaseException as error:  # noqa: BLE001 - the caller's to see
                    future.set_exception(error)
            if jobs:
                self._commands(engine, jobs)
            if time.monotonic() - last_tick >= TICK_SECONDS:
                last_tick = time.monotonic()
                self._safely(engine.tick)
                self._safely(lambda: self._sweep(engine))
            self._safely(self._answer)
            self._safely(lambda: self._push(engine))
            if stopping and not self._queue:
                try:
                    if self._last is not None:
                        self._last(engine)
                finally:
                    engine.shutdown()
                return

    def _safely(self, step: Callable[[], object]) -> None:
        """One of the thread's own steps (the clock, the views): a failure is logged,
        and the thread goes on serving."""
        try:
            step()
        except Exception:  # noqa: BLE001 - whatever it was, the tables are still served
            LOG.exception("the engine's thread carries on after a failure")

    def _commands(self, engine: Engine, jobs: list[_Command]) -> None:
        """Commands queued together: one group commit; their answers go to the event
        loop together (``_answer``). The tables a bet came to look at their clock."""
        started = time.perf_counter()
        try:
            results: list[Result | BaseException] = list(engine.do_many([job for job, _ in jobs]))
        except Exception as error:  # noqa: BLE001 - a subscriber's failure, after the commit
            LOG.exception("commands carried out, their answers lost")
            results = [error] * len(jobs)
        done = [r for r in results if isinstance(r, Committed)]
        if any(r.events for r in done):
            self.committed(started, done)
        failures = [
            r for r in results if isinstance(r, PuntoBancoError) and r.key.startswith("store.")
        ]
        if failures:
            self._observer.commit_failed(len(failures), failures[0])
        self._answers += [(f, r) for (_, f), r in zip(jobs, results, strict=True)]
        bets = {job.table for job, _ in jobs if isinstance(job.command, Bet)}
        if bets:
            self._safely(lambda: engine.tick(bets))

    def _sweep(self, engine: Engine) -> None:
        """Close the tables idle for ``idle_seconds`` that nobody watches (every second
        at most); the front end is told of each."""
        now = self._clock()
        if self._idle is None or now - self._swept < 1:
            return
        self._swept = now
        for table in engine.close_idle(self._idle, _Watched(self._front)):
            self._shown.pop(table, None)
            self._front.closed(table)

    def _answer(self) -> None:
        """The answers of this turn's commands, handed to each event loop in one call,
        before their views are made (an acknowledgement never waits for a view)."""
        answers, self._answers = self._answers, []
        loops: dict[asyncio.AbstractEventLoop, list[_Answer]] = {}
        for future, result in answers:
            loops.setdefault(future.get_loop(), []).append((future, result))
        for loop, theirs in loops.items():
            loop.call_soon_threadsafe(_answered, theirs)

    def _push(self, engine: Engine) -> None:
        """Each watcher of each table whose views are due gets its new view: each view
        made and serialised once, however many watchers share its viewer and
        language. They go to the event loop a few tables at a time
        (``PUSH_SOCKETS``), so that the first tables' phones are sent their views
        while the next tables' are being made."""
        with self._wake:
            dirty, self._dirty = self._dirty, set()
            unseq, self._unseq = self._unseq, set()
        now = time.monotonic()
        ended = self._reveal.ended(now)
        front = self._front
        out: list[tuple[W, str]] = []
        for table in dirty | ended:
            if len(out) >= PUSH_SOCKETS:
                self._hand(out)
                out = []
            watchers = front.watchers(table)
            if not watchers:
                continue
            seq = engine.machine(table).event_count
            if self._shown.get(table) == seq and table not in unseq and table not in ended:
                continue  # pushed at this event already
            self._shown[table] = seq
            held = self._reveal.held(table, engine.state(table), now)
            head = f'{{"type": "view", "seq": {seq}, "view": '
            keyed = [(front.seen_as(watcher), watcher) for watcher in watchers]
            if held:  # the players see it when the host's screen has shown it
                keyed = [(key, watcher) for key, watcher in keyed if key[0].role is Role.HOST]
            shown = engine.view_texts(table, [key for key, _ in keyed])
            made: dict[tuple[Viewer, Lang], str] = {}
            for key, watcher in keyed:
                text = made.get(key)
                if text is None:
                    text = made[key] = f"{head}{shown[key]}}}"
                out.append((watcher, text))
        self._hand(out)

    def _hand(self, out: list[tuple[W, str]]) -> None:
        """Views made, handed to the event loop in one call."""
        if out and self._loop is not None:
            # A turn after the answers handed over before: each socket's acknowledgement
            # is queued before the view that shows its command.
            self._loop.call_soon_threadsafe(self._loop.call_soon, self._front.deliver, out)


@dataclass(frozen=True, slots=True)
class _Held:
    """A read put off until ``until`` (``time.monotonic``): the host's screen reveals."""

    until: float


class _Watched(Container[str]):
    """The tables somebody watches, as ``Engine.close_idle`` asks about them."""

    def __init__(self, front: Front[Any]) -> None:
        self._front = front

    def __contains__(self, table: object) -> bool:
        return isinstance(table, str) and bool(self._front.watchers(table))


def _answered(answers: list[_Answer]) -> None:
    """On the event loop: the commands' answers (a named refusal is an answer)."""
    for future, result in answers:
        if future.done():  # its request went away meanwhile
            continue
        if isinstance(result, BaseException) and not isinstance(result, PuntoBancoError):
            future.set_exception(result)
        else:
            future.set_result(result)
