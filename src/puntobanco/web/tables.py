"""The web server's tables: the engine on a thread of its own, the credentials, the sockets.

``Tables`` is what the HTTP and WebSocket layers speak to. It owns three things:

- the engine (``puntobanco.engine.Engine``), run by one thread of its own (a
  SQLite connection stays in its thread, and the event loop never waits on a
  disk): every call goes there, and the commands that arrive while a commit is
  under way are carried out together and committed in one transaction
  (``Engine.do_many``: a group commit, one sync), each answered once its
  events are stored. The same thread looks at the clock every ``TICK_SECONDS``
  (``Engine.tick``: the croupier, the contributions' windows, Punto's cards);
- the credentials: which token is whose (``Identity``), the join codes;
- the sockets subscribed to each table, and the views pushed to them after each
  commit: each connection's view is the engine's (``Engine.view_texts``), made
  on the engine's thread, then handed to the event loop a few tables at a time.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Final, Protocol

from puntobanco.engine import Bet, Committed, Engine, Job, Sit, Viewer
from puntobanco.engine.reveal import Reveal
from puntobanco.engine.service import Result
from puntobanco.errors import PuntoBancoError
from puntobanco.i18n import Lang
from puntobanco.store import ClockedStore, EventStore, credentials_of, probe
from puntobanco.store.credentials import (
    HOST,
    PLAYER,
    SPECTATOR,
    Credentials,
    Identity,
    TableMeta,
)
from puntobanco.table.config import DEFAULT_BANKROLL, TableConfig, created
from puntobanco.table.names import check_name
from puntobanco.web.auth import new_join_code, new_token, normal_join_code, token_hash
from puntobanco.web.errors import AccessError, UnknownTableError
from puntobanco.web.metrics import Metrics

LOG: Final = logging.getLogger("puntobanco.web")
#: Seconds between two looks at the tables' clocks.
TICK_SECONDS: Final = 0.1
#: About how many sockets' views are handed to the event loop at once.
PUSH_SOCKETS: Final = 64


class Socket(Protocol):
    """A connection that receives views (the WebSocket handler's)."""

    identity: Identity
    lang: Lang

    def push_text(self, text: str) -> None:
        """Queue a view already serialised (never blocks)."""


def viewer_of(who: Identity) -> Viewer:
    """The engine's viewer of a token's holder (or of a spectator, who holds none)."""
    if who.role == HOST:
        return Viewer.HOST
    if who.role == SPECTATOR:
        return Viewer.WATCHER  # a page that only watches: it sends nothing
    return Viewer.player(who.player or "", who.seating)


_Call = tuple[Callable[[Engine], Any], Future[Any]]
_Command = tuple[Job, "asyncio.Future[Any]"]
_Answer = tuple["asyncio.Future[Any]", "Result | BaseException"]


class Tables:
    """Every table of one server; see the module."""

    def __init__(
        self,
        db: str | os.PathLike[str] | EventStore | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        credentials: Credentials | None = None,
        idle_seconds: float | None = None,
        reveal_step: float = 0.0,
    ) -> None:
        self.metrics = Metrics()
        self._reveal = Reveal(reveal_step)  # the room's: a result once the host's screen shows it
        # A table nobody has acted at for ``idle_seconds`` (and with no socket open)
        # is closed and dropped from memory (``Engine.close_idle``).
        self._idle, self._clock = idle_seconds, clock
        self._swept = clock()
        self.commits = 0  # group commits made (the benchmark prints them)
        # Calls for the engine's thread: functions (a Future each) and commands (an
        # event loop's future each, answered with the views: ``_hand_over``).
        self._queue: list[_Call | _Command] = []
        self._answers: list[_Answer] = []
        self._wake = threading.Condition()
        self._stopping = False
        self._dirty: set[str] = set()  # tables whose views are to be pushed
        # Among them, those whose views changed with no new event (a clock);
        # any other is pushed only past the event it was last pushed at: a commit
        # another process made is seen here (its events folded in) a moment before
        # its table is marked, and a push in that moment showed it already.
        self._unseq: set[str] = set()
        self._shown: dict[str, int] = {}  # table -> the event count it was last pushed at
        self._sockets: dict[str, frozenset[Socket]] = {}  # replaced, never changed
        self._loop: asyncio.AbstractEventLoop | None = None
        started: Future[tuple[Engine, Credentials]] = Future()

        def begin() -> None:
            try:
                engine = Engine(db, clock=clock)
                given = credentials or credentials_of(engine.store)
                started.set_result((engine, given))
            except BaseException as error:  # noqa: BLE001 - raised in the caller's thread
                started.set_exception(error)
                return
            self._run(engine)

        self._thread = threading.Thread(target=begin, name="puntobanco-engine", daemon=True)
        self._thread.start()
        self.engine, self._credentials = started.result()
        metas, tokens = self.call(self._load).result()
        self._metas: dict[str, TableMeta] = {m.table: m for m in metas}
        self._codes: dict[str, str] = {m.join_code: m.table for m in metas}
        self._tokens: dict[str, Identity] = tokens
        self.metrics.count_tables(self.engine.held)
        store = self.engine.store
        if isinstance(store, ClockedStore):
            self.metrics.count_steps_back(lambda: store.steps_back)

    def _load(self, engine: Engine) -> tuple[list[TableMeta], dict[str, Identity]]:
        """The credentials of the tables the store holds (a table whose credentials
        were written and whose opening was not is none); a player's token stored
        before tokens were bound to seatings is bound to that player's seating now,
        in the store too (a rename or a leave later, and it follows that seating, never
        a newcomer's under its name), or dropped if nobody sits under that name."""
        metas, tokens = self._credentials.load()
        stored = set(engine.store.tables())
        for meta in metas:  # idle from now on, if nobody comes back
            if meta.table in stored:
                engine.touch(meta.table)
        bound: dict[str, Identity] = {}
        for digest, who in tokens.items():
            if who.table not in stored:
                continue
            if who.role == PLAYER and who.seating is None:
                seating = engine.seating(who.table, who.player or "")
                if seating is None:
                    continue
                self._credentials.bind_token(digest, seating)
                who = Identity(who.table, PLAYER, who.player, seating)
            bound[digest] = who
        return [m for m in metas if m.table in stored], bound

    # -- the engine's thread -----------------------------------------------------------

    def call(self, fn: Callable[[Engine], Any]) -> Future[Any]:
        """``fn(engine)`` on the engine's thread."""
        future: Future[Any] = Future()
        with self._wake:
            self._queue.append((fn, future))
            self._wake.notify()
        return future

    async def run(self, fn: Callable[[Engine], Any]) -> Any:
        """``fn(engine)`` on the engine's thread, awaited."""
        return await asyncio.wrap_future(self.call(fn))

    def _run(self, engine: Engine) -> None:
        """The engine's thread: the calls queued, the commands among them committed
        together, the clock, and the views of the tables that changed."""
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
                engine.shutdown()
                self._credentials.close()
                return

    def _sweep(self, engine: Engine) -> None:
        """Close the tables idle for ``idle_seconds`` with no socket open (every
        second at most), and forget their credentials here."""
        now = self._clock()
        if self._idle is None or now - self._swept < 1:
            return
        self._swept = now
        busy = {table for table, sockets in self._sockets.items() if sockets}
        for table in engine.close_idle(self._idle, busy):
            self._forget(table)

    def _forget(self, table: str) -> None:
        """Drop a closed table's code, tokens and settings from memory (the store keeps
        them): its code opens nothing, its tokens act nowhere."""
        meta = self._metas.pop(table, None)
        self._shown.pop(table, None)
        if meta is not None:
            self._codes.pop(meta.join_code, None)
        for digest, who in list(self._tokens.items()):  # a copy: the loop adds tokens
            if who.table != table:
                continue
            self._tokens.pop(digest, None)

    def _safely(self, step: Callable[[], object]) -> None:
        """One of the engine thread's own steps (the clock, the views pushed): a failure
        is logged, and the thread goes on serving."""
        try:
            step()
        except Exception:  # noqa: BLE001 - whatever it was, the tables are still served
            LOG.exception("the engine's thread carries on after a failure")

    def _commands(self, engine: Engine, jobs: list[_Command]) -> None:
        """Commands queued together: one group commit; their answers go to the event
        loop together (``_answer``). The croupier's tables where a bet came look at
        their clock (everyone may have bet)."""
        started = time.perf_counter()
        try:
            results: list[Result | BaseException] = list(engine.do_many([job for job, _ in jobs]))
        except Exception as error:  # noqa: BLE001 - a subscriber's failure, after the commit
            LOG.exception("commands carried out, their answers lost")
            results = [error] * len(jobs)
        done = [r for r in results if isinstance(r, Committed)]
        if any(r.events for r in done):
            self._committed(started, done)
        failures = [
            r for r in results if isinstance(r, PuntoBancoError) and r.key.startswith("store.")
        ]
        if failures:
            self.metrics.commit_failed(len(failures), failures[0])
        self._answers += [(f, r) for (_, f), r in zip(jobs, results, strict=True)]
        bets = {job.table for job, _ in jobs if isinstance(job.command, Bet)}
        if bets:
            self._safely(lambda: engine.tick(bets))

    def _committed(self, started: float, done: list[Committed]) -> None:
        """One group commit stored, begun at ``started`` (for ``/metrics``)."""
        self.commits += 1
        self.metrics.committed(started, done)

    def _heard(self, committed: Committed) -> None:
        """The engine's callback after each commit to a table with sockets (on the
        engine's thread, or its listener's for another process's commit)."""
        with self._wake:
            self._dirty.add(committed.table)
            if not committed.events:
                self._unseq.add(committed.table)
            self._wake.notify()

    def _answer(self) -> None:
        """The answers of this turn's commands, handed to the event loop in one call,
        before their views are made (an acknowledgement never waits for a view)."""
        answers, self._answers = self._answers, []
        loops: dict[asyncio.AbstractEventLoop, list[_Answer]] = {}
        for future, result in answers:
            loops.setdefault(future.get_loop(), []).append((future, result))
        for loop, theirs in loops.items():
            loop.call_soon_threadsafe(_answered, theirs)

    def _push(self, engine: Engine) -> None:
        """Each socket of each table that changed gets its new view (the views are made
        here, in the engine's thread): each view made and serialised once, however
        many sockets share its viewer and language. They go to the event loop a few
        tables at a time (``PUSH_SOCKETS``), so that the first tables' phones are
        sent their views while the next tables' are being made."""
        with self._wake:
            dirty, self._dirty = self._dirty, set()
            unseq, self._unseq = self._unseq, set()
        now = time.monotonic()
        ended = self._reveal.ended(now)
        out: list[tuple[Socket, str]] = []
        for table in dirty | ended:
            if len(out) >= PUSH_SOCKETS:
                self._hand(out)
                out = []
            sockets = self._sockets.get(table, frozenset())
            if not sockets:
                continue
            seq = engine.machine(table).event_count
            if self._shown.get(table) == seq and table not in unseq and table not in ended:
                continue  # pushed at this event already
            self._shown[table] = seq
            held = self._reveal.held(table, engine.state(table), now)
            head = f'{{"type": "view", "seq": {seq}, "view": '
            # The players see it when the host's screen has shown it.
            keyed = [
                ((viewer_of(socket.identity), socket.lang), socket)
                for socket in sockets
                if not held or socket.identity.role == HOST
            ]
            shown = engine.view_texts(table, [key for key, _ in keyed])
            made: dict[tuple[Viewer, Lang], str] = {}
            for key, socket in keyed:
                text = made.get(key)
                if text is None:
                    text = made[key] = f"{head}{shown[key]}}}"
                out.append((socket, text))
        self._hand(out)

    def _hand(self, out: list[tuple[Socket, str]]) -> None:
        """Views made, handed to the event loop in one call."""
        if out and self._loop is not None:
            # A turn after the answers handed over before: each socket's acknowledgement
            # is queued before the view that shows its command.
            self._loop.call_soon_threadsafe(self._loop.call_soon, _deliver, out)

    async def start(self) -> None:
        """Views are pushed through the running event loop from now on."""
        self._loop = asyncio.get_running_loop()

    async def stop(self) -> None:
        """Finish what is queued, then release the engine, its store and the credentials."""
        with self._wake:
            self._stopping = True
            self._wake.notify()
        await asyncio.to_thread(self._thread.join)

    async def ready(self) -> None:
        """Raise unless the store can write now (``store.probe``: a write that changes
        nothing, behind the commands queued): ``/readyz``."""
        await self.run(lambda engine: probe(engine.store))

    # -- credentials -----------------------------------------------------------------

    def by_code(self, code: str) -> str:
        """The table whose join code is ``code``; ``UnknownTableError`` otherwise."""
        table = self._codes.get(normal_join_code(code))
        if table is None and self._credentials.shared:  # handed out by another process
            meta = self._credentials.find_code(normal_join_code(code))
            table = None if meta is None else self._learn(meta)
        if table is None:
            raise UnknownTableError("web.error.unknown_code", code=code)
        return table

    def _learn(self, meta: TableMeta) -> str:
        """Know ``meta``, a table another process opened."""
        self._metas.setdefault(meta.table, meta)
        self._codes[meta.join_code] = meta.table
        return meta.table

    def meta(self, table: str) -> TableMeta:
        """The table's join code and settings; ``UnknownTableError`` for an unknown table."""
        meta = self._metas.get(table)
        if meta is None and self._credentials.shared:  # opened by another process
            meta = self._credentials.find_table(table)
            if meta is not None:
                self._learn(meta)
        if meta is None:
            raise UnknownTableError("web.error.unknown_table", table=table)
        return meta

    def identify(self, table: str, token: str | None) -> Identity:
        """Who holds ``token`` at ``table``; ``AccessError`` (401) otherwise."""
        self.meta(table)
        if not token:
            raise AccessError("web.error.no_token", status=401)
        digest = token_hash(token)
        identity = self._tokens.get(digest)
        if identity is None and self._credentials.shared:  # handed out by another process
            identity = self._credentials.find_token(digest)
            if identity is not None:
                self._tokens[digest] = identity
        if identity is None or identity.table != table:
            raise AccessError("web.error.bad_token", status=401)
        return identity

    def watch(self, table: str, code: str) -> Identity:
        """A spectator of ``table``, who knows its join code (what the room's screen
        shows to anyone who may sit); ``AccessError`` (401) for another code."""
        meta = self.meta(table)
        if normal_join_code(code) != meta.join_code:
            raise AccessError("web.error.bad_token", status=401)
        return Identity(table, SPECTATOR)

    # -- tables ---------------------------------------------------------------------

    async def create(self, fmt: str, settings: dict[str, Any]) -> tuple[str, str, str]:
        """Open a new table: returns ``(table, join_code, host_token)``."""
        config, _ = created(fmt, settings)
        token = new_token()
        meta = await self.run(
            lambda engine: self._open(engine, {"format": fmt, **settings}, config, token)
        )
        self._tokens[token_hash(token)] = Identity(meta.table, HOST)
        return meta.table, meta.join_code, token

    def _open(
        self,
        engine: Engine,
        settings: dict[str, Any],
        config: TableConfig,
        token: str,
        players: list[tuple[str, int]] | None = None,
        own: list[str] | None = None,
    ) -> TableMeta:
        """Open a table (on the engine's thread), its host's ``token`` stored first: a
        table is never stored without the token that runs it (the credentials of a
        table whose opening failed are dropped on loading). ``own``: the players who
        sat down from their own phones (a rematch's), not the operator's seats."""
        code = new_join_code()
        while code in self._codes:
            code = new_join_code()
        meta = TableMeta("t" + secrets.token_hex(5), code, settings)
        self._credentials.add_table(meta, token_hash(token))
        started = time.perf_counter()
        opened = engine.open(
            meta.table, config.format, settings=config, players=players or [], own=own or []
        )
        self._committed(started, [opened])
        self._metas[meta.table] = meta
        self._codes[code] = meta.table
        return meta

    async def join(self, table: str, name: str) -> tuple[str, str, bool]:
        """Seat ``name`` (or ask the host to, where they admit each join): returns
        ``(player, token, waiting)``."""
        meta = self.meta(table)
        text = check_name(name)
        token = new_token()

        def seated(engine: Engine) -> tuple[Identity, str, bool]:
            bankroll = meta.settings.get("bankroll", DEFAULT_BANKROLL)
            sit = Sit(text, bankroll if engine.state(table).config.money else 0)
            engine.verify(table, sit, Viewer.SPECTATOR)
            # The token first, bound to the seating this join makes (its event's
            # number): a seat is never stored without the token that plays it, and a
            # token whose seat was not stored was never handed out.
            given = token
            who = Identity(table, PLAYER, text, engine.machine(table).event_count + 1)
            self._credentials.add_token(token_hash(given), who)
            started = time.perf_counter()
            done = engine.do(table, sit, Viewer.SPECTATOR)
            self._committed(started, [done])
            first = next(e for e in done.events if e["type"] in ("PlayerSeated", "JoinAsked"))
            player = str(first["name"])
            seating = engine.seating(table, player)
            if seating != who.seating:  # another process wrote first
                given = new_token()
                who = Identity(table, PLAYER, player, seating)
                self._credentials.add_token(token_hash(given), who)
            return who, given, first["type"] == "JoinAsked"

        who, given, waiting = await self.run(seated)
        self._tokens[token_hash(given)] = who
        return str(who.player), given, waiting

    async def rematch(self, who: Identity) -> tuple[Identity, str, str]:
        """The rematch of ``who``'s ended table, opened at the host's first asking
        (``Engine.rematch``: the same settings, the players seated at its end) and
        the same table at every later asking: ``(identity, token, join_code)``, a
        new token of ``who``'s place there (the host's, or the seat of the same
        name). A player asks once the host has opened it (409 before); one who was
        not seated at the end has no seat there (403)."""
        old = who.table
        meta = self.meta(old)

        def opened(engine: Engine) -> tuple[Identity, str, TableMeta]:
            new = engine.rematch_of(old)
            if new is None:
                if who.role != HOST:
                    raise AccessError("web.error.no_rematch", status=409)
                # Another process's, opened first, is the one: ``name_rematch``.
                new = engine.name_rematch(old, self._open_rematch(engine, meta))
            if who.role == HOST:
                identity = Identity(new, HOST)
            else:
                there = engine.rematch_seating(old, new, viewer_of(who))
                identity = Identity(new, PLAYER, there.name, there.seating)
            token = new_token()
            self._credentials.add_token(token_hash(token), identity)
            return identity, token, self.meta(new)

        identity, token, rematch = await self.run(opened)
        self._tokens[token_hash(token)] = identity
        return identity, token, rematch.join_code

    def _open_rematch(self, engine: Engine, meta: TableMeta) -> str:
        """Open the rematch of ``meta``'s ended table (on the engine's thread): its id."""
        config, players, own = engine.rematch(meta.table)
        bankroll = meta.settings.get("bankroll", DEFAULT_BANKROLL) if config.money else 0
        settings = dict(meta.settings)
        if config.seed is not None:
            settings["seed"] = config.seed
        # A host token nobody holds: the host is given one each time they ask.
        seated = [(name, bankroll) for name in players]
        return self._open(engine, settings, config, new_token(), seated, list(own)).table

    async def command(self, who: Identity, command: Any, id: str) -> Committed:
        """Carry out one command of ``who``'s (its first answer if ``id`` was sent
        before); raises the named error that refuses it (a spectator's, whatever
        it is: the engine's watcher sends nothing)."""
        started = time.perf_counter()
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        with self._wake:
            self._queue.append((Job(who.table, command, viewer_of(who), id), future))
            self._wake.notify()
        result = await future
        self.metrics.command(who, type(command).__name__, result, started)
        if isinstance(result, PuntoBancoError):
            raise result
        return result

    async def view(self, who: Identity, lang: Lang) -> dict[str, Any]:
        """``who``'s view of the table, its odds computed (a view asked for). A player
        who asks while the host's screen reveals a coup gets it once it has."""

        def read(engine: Engine) -> dict[str, Any] | float:
            if who.role != HOST and self._reveal.held(
                who.table, engine.state(who.table), time.monotonic()
            ):
                return self._reveal.until(who.table)
            return engine.view(who.table, viewer_of(who), lang)

        while True:
            view = await self.run(read)
            if isinstance(view, dict):
                return view
            await asyncio.sleep(max(0.0, view - time.monotonic()) + 0.01)

    async def subscribe(self, table: str, socket: Socket) -> None:
        """``socket`` receives ``table``'s views from now on (a connection opened)."""
        if table not in self._sockets:
            await self.run(lambda engine: engine.subscribe(table, self._heard))
        self._sockets[table] = self._sockets.get(table, frozenset()) | {socket}
        self.call(lambda engine: engine.touch(table))

    def sockets_of(self, who: Identity) -> int:
        """How many sockets ``who`` (a seat, or the host) has open at their table."""
        return sum(1 for s in self._sockets.get(who.table, ()) if s.identity == who)

    def unsubscribe(self, table: str, socket: Socket) -> None:
        """``socket`` receives no more views (its connection closed)."""
        self._sockets[table] = self._sockets.get(table, frozenset()) - {socket}
        self.call(lambda engine: engine.touch(table))


def _answered(answers: list[_Answer]) -> None:
    """On the event loop: the commands' answers (a named refusal is an answer)."""
    for future, result in answers:
        if future.done():  # its request went away meanwhile
            continue
        if isinstance(result, BaseException) and not isinstance(result, PuntoBancoError):
            future.set_exception(result)
        else:
            future.set_result(result)


def _deliver(out: list[tuple[Socket, str]]) -> None:
    """On the event loop, a turn after the commit's answers: each socket's view."""
    for socket, text in out:
        socket.push_text(text)
