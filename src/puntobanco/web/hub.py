"""The one place where the web server touches tables and their store.

Every table the server holds is a ``Live``: the table's state machine, the
part of its log that is committed, its subscribers. Commands run on the event
loop, one at a time (so no two commands of a table ever interleave), and
their events go to a write queue; one writer thread commits the queue in
group commits (several commands, several tables, one transaction when the
store offers ``append_many``), and only then are commands acknowledged and
views pushed. The writer takes the next batch as soon as a commit is over,
without waiting for the event loop: a busy loop delays acknowledgements, not
the writes behind them. A failed commit reloads the tables it touched from
the store, so memory never runs ahead of the log; their writes queued
meanwhile are refused, never written on top of the lost ones.

Switching the engine under the server touches this module (and ``views``)
only: the HTTP and WebSocket layers speak to ``Hub`` alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from puntobanco.engine.commands import (
    Bet,
    CloseBets,
    CloseTable,
    Command,
    CommitContribution,
    Contribute,
    Deal,
    Leave,
    NextCoup,
    PlaceCard,
    RevealContribution,
    Tick,
    UndoCard,
    Withdraw,
)
from puntobanco.engine.service import carry_out
from puntobanco.engine.views import fair_commitment, next_commitment
from puntobanco.errors import (
    IllegalActionError,
    InvalidBetError,
    PuntoBancoError,
    StoreError,
)
from puntobanco.i18n import Lang
from puntobanco.servers import Follower, shared_store
from puntobanco.store import EventStore, head_of, open_store
from puntobanco.store.chain import GENESIS, hashes
from puntobanco.store.postgres import PostgresStore
from puntobanco.table.codec import to_dict
from puntobanco.table.config import Format, TableConfig
from puntobanco.table.events import (
    Event,
    NextShoeCommitted,
    ShoeBurned,
    ShoeShuffled,
    TableOpened,
)
from puntobanco.table.history import CoupRecorder, coup_records
from puntobanco.table.machine import Table
from puntobanco.table.names import check_name
from puntobanco.table.state import Phase, TableState
from puntobanco.web.auth import (
    HOST,
    PLAYER,
    Credentials,
    Identity,
    TableMeta,
    new_join_code,
    new_token,
    normal_join_code,
    open_credentials,
    token_hash,
)
from puntobanco.web.errors import AccessError, MessageError, UnknownTableError

#: Default starting bankroll of a casino or croupier seat, in cents.
DEFAULT_BANKROLL: Final = 100_000
#: How many answered command ids each table remembers, for retries.
REMEMBERED_ANSWERS: Final = 512
#: How many times a command is tried again after another process's commit got first.
RETRIES: Final = 20
TICK_SECONDS: Final = 0.1
Clock = Callable[[], float]


class Subscriber(Protocol):
    """A connection that receives views (the WebSocket handler)."""

    identity: Identity
    lang: Lang

    def push(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for sending (never blocks)."""

    def push_text(self, text: str) -> None:
        """Queue a view already serialised (never blocks)."""


@dataclass
class Answer:
    """A command's answer: HTTP status and body (``{"seq", "events"}`` or ``{"error"}``)."""

    status: int
    body: dict[str, Any]
    error: PuntoBancoError | None = None


@dataclass
class Live:
    """One table as the server holds it."""

    meta: TableMeta
    table: Table
    log: list[Event]
    state: TableState
    subscribers: set[Subscriber] = field(default_factory=set)
    answers: OrderedDict[tuple[str, str], asyncio.Future[Answer]] = field(
        default_factory=OrderedDict
    )
    last_countdown: float | None = None
    # The settled coups, read incrementally from ``log`` (``views.records``),
    # and each player's recall of them, kept until a coup is added or undone.
    recorder: CoupRecorder = field(default_factory=CoupRecorder)
    recent_cache: dict[str, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)
    head: str = GENESIS  # the chain head of ``log`` (``store.chain``)
    coups_cache: dict[str, tuple[tuple[int, int, int], dict[str, Any]]] = field(
        default_factory=dict
    )
    # Per language: the coups part it was made from and the view's fixed part as text.
    text_cache: dict[str, tuple[dict[str, Any], str]] = field(default_factory=dict)
    # The commit of this table's latest write, and whether a commit of it failed
    # (the table is being reloaded: its writes queued meanwhile are refused).
    last_write: asyncio.Future[None] | None = None
    stale: PuntoBancoError | None = None

    @property
    def seq(self) -> int:
        """Events committed so far."""
        return len(self.log)

    @property
    def name(self) -> str:
        """The table's id."""
        return self.meta.table


@dataclass
class _Write:
    live: Live
    expected: int
    events: tuple[Event, ...]
    state: TableState
    done: asyncio.Future[None]  # set on the event loop once committed (or failed)
    command: str | None = None  # the command id it carries out (several processes)


class _Sink:
    """A table's sink: queues its events for the group commit (what a table
    writes before its ``Live`` exists is queued when the ``Live`` is attached)."""

    def __init__(self, hub: Hub) -> None:
        self._hub = hub
        self._live: Live | None = None
        self._early: list[tuple[int, Sequence[Event]]] = []

    def attach(self, live: Live) -> None:
        self._live = live
        for expected, events in self._early:
            self._hub._enqueue(live, expected, events)
        self._early.clear()

    def __call__(self, expected: int, events: Sequence[Event]) -> None:
        if self._live is None:
            self._early.append((expected, events))
        else:
            self._hub._enqueue(self._live, expected, events)


def public_event(event: Event, *, secret: bool = True) -> dict[str, Any]:
    """An event as it may leave the server: no shoe order, no burned cards, no
    seed (``secret``: false at a table whose shoes come from its own seed)."""
    data = to_dict(event)
    if isinstance(event, ShoeShuffled):
        # The server seed stays in the store until the shoe ends (ShoeRevealed).
        data.pop("server_seed", None)
        data["order"] = len(event.order)
        if event.server_seed is not None:
            data.update(fair_commitment(event, secret=secret))
    elif isinstance(event, NextShoeCommitted):
        return next_commitment(event, secret=secret)  # its seed stays in the store
    elif isinstance(event, ShoeBurned):
        data["burned"] = len(event.burned)
    elif isinstance(event, TableOpened):
        data["config"] = dict(data["config"], seed=None)
    return data


def _open_credentials(db: object) -> Credentials:
    return open_credentials(db)


class Hub:
    """Every table of one server; see the module's docstring."""

    def __init__(
        self,
        db: str | os.PathLike[str] | EventStore | None = None,
        *,
        clock: Clock = time.monotonic,
        credentials: Credentials | None = None,
    ) -> None:
        self._clock = clock
        # One thread owns the store (SQLite connections stay in their thread).
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="puntobanco-store")
        self._store: EventStore = self._writer.submit(open_store, db).result()
        self._credentials: Credentials = (
            credentials
            if credentials is not None
            else self._writer.submit(_open_credentials, db).result()
        )
        metas, tokens = self._writer.submit(self._credentials.load).result()
        self._metas: dict[str, TableMeta] = {m.table: m for m in metas}
        self._codes: dict[str, str] = {m.join_code: m.table for m in metas}
        self._tokens: dict[str, Identity] = tokens
        self._tables: dict[str, Live] = {}
        # The write queue, shared with the writer thread under ``_lock``;
        # ``_draining``: a drain of it is submitted to the writer or running.
        self._lock = threading.Lock()
        self._queue: list[_Write] = []
        self._draining = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pending: dict[str, int] = {}  # writes queued or being written, per table
        self._last: asyncio.Future[None] | None = None  # the latest write's commit
        # While a command runs, its writes wait here (the last one is tagged).
        self._staged: list[_Write] | None = None
        self._recovering: dict[str, asyncio.Task[None]] = {}
        # Committed tables whose views are not pushed yet, and the task pushing them.
        self._to_push: dict[str, Live] = {}
        self._pusher: asyncio.Task[None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self.commits = 0  # group commits done (for the benchmark)
        # Several processes on one PostgreSQL database: their commits are heard.
        self._shared = shared_store(self._store)
        self._follower: Follower | None = None
        self._heard_counts: dict[str, int] = {}  # the latest count heard per table
        # Each subscriber's own part of its last view, with what it was made from.
        self._own: dict[Subscriber, tuple[tuple[object, ...], str]] = {}
        # Reads of the others' commits on a connection of their own (not behind a commit).
        self._reader = PostgresStore(self._shared.url) if self._shared is not None else None

    # -- life --------------------------------------------------------------------

    async def start(self) -> None:
        """Start the croupier's clock."""
        loop = asyncio.get_running_loop()
        self._ticker = loop.create_task(self._tick_loop())
        if self._shared is not None:
            self._follower = Follower(
                self._shared.url,
                lambda latest: loop.call_soon_threadsafe(self._heard, latest),
                ignore=[self._shared.backend_pid],  # its own commits are known already
            )

    async def stop(self) -> None:
        """Finish pending writes, stop the clock, release the store."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        if self._follower is not None:
            await asyncio.to_thread(self._follower.close)
        if self._reader is not None:
            await asyncio.to_thread(self._reader.close)
        while self._last is not None and not self._last.done():
            await asyncio.wait([self._last])
        while self._recovering:
            await asyncio.wait(list(self._recovering.values()))
        if self._pusher is not None and not self._pusher.done():
            await asyncio.shield(self._pusher)
        await self._run(self._credentials.close)
        await self._run(self._store.close)
        self._writer.shutdown(wait=True)

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._writer, fn, *args)

    # -- tables ------------------------------------------------------------------

    def table_ids(self) -> list[str]:
        """Every table this server knows, oldest first."""
        return list(self._metas)

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

    async def live(self, table: str) -> Live:
        """The table, loaded from the store on first use."""
        found = self._tables.get(table)
        if found is not None:
            return found
        meta = self.meta(table)
        records = await self._run(self._store.load, table)
        found = self._tables.get(table)  # another task may have loaded it meanwhile
        if found is not None:
            return found
        if not records:
            raise UnknownTableError("web.error.unknown_table", table=table)
        live = self._rebuild(meta, [r.event for r in records])
        live.head = await self._run(head_of, self._store, table, live.seq)
        self._tables[table] = live
        await self._complete(live)
        return live

    def _rebuild(self, meta: TableMeta, events: Sequence[Event]) -> Live:
        sink = _Sink(self)
        table = Table(events, sink=sink)
        live = Live(meta, table, list(events), table.state)
        sink.attach(live)
        return live

    async def _complete(self, live: Live) -> None:
        """A coup dealt but not finished when the server stopped is finished now
        (with its stored cards)."""
        table = live.table
        if table.config.real_cards:
            # Physical cards: a complete coup is settled; the host goes on from
            # there (the next card, an undo, or the next coup).
            if table.phase is Phase.DEALT:
                table.settle()
                await self._commit(live)
            return
        if table.phase in (Phase.DEALT, Phase.SETTLED, Phase.BETS_CLOSED):
            table.play_coup()
            await self._commit(live)

    async def create(self, fmt: str, settings: dict[str, Any]) -> tuple[str, str, str]:
        """Open a new table: returns ``(table, join_code, host_token)``."""
        config, extra = table_config(fmt, settings)
        table_id = "t" + secrets.token_hex(5)
        code = new_join_code()
        while code in self._codes:
            code = new_join_code()
        meta = TableMeta(table_id, code, {"format": fmt, **settings, **extra})
        sink = _Sink(self)
        table = Table.open(table_id, config, sink=sink)
        live = Live(meta, table, [], table.state)
        sink.attach(live)
        self._tables[table_id] = live
        self._metas[table_id] = meta
        try:
            await self._commit(live)
            token = new_token()
            await self._run(self._credentials.add_table, meta, token_hash(token))
        except BaseException:
            self._tables.pop(table_id, None)
            self._metas.pop(table_id, None)
            raise
        self._codes[code] = table_id
        self._tokens[token_hash(token)] = Identity(table_id, HOST)
        return table_id, code, token

    async def join(self, table: str, name: str) -> tuple[str, str]:
        """Seat ``name``: returns ``(player, token)``."""
        text = check_name(name)
        for attempt in range(RETRIES):
            live = await self.live(table)
            bankroll = (
                live.meta.settings.get("bankroll", DEFAULT_BANKROLL)
                if (live.table.config.money)
                else 0
            )
            seated = live.table.sit(text, bankroll)
            try:
                await self._commit(live)
            except StoreError as error:  # another process wrote first: reloaded, again
                if self._shared is None or error.key != "store.error.conflict":
                    raise
                if attempt == RETRIES - 1:
                    raise
                continue
            break
        token = new_token()
        identity = Identity(table, PLAYER, seated.name)
        await self._run(self._credentials.add_token, token_hash(token), identity)
        self._tokens[token_hash(token)] = identity
        self._push_views(live)
        return seated.name, token

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

    # -- commands ------------------------------------------------------------------

    async def command(self, who: Identity, command: dict[str, Any]) -> Answer:
        """Carry out one command (already schema-checked); a retried id answers as before."""
        live = await self.live(who.table)
        key = (f"{who.role}:{who.player or ''}", str(command["id"]))
        earlier = live.answers.get(key)
        if earlier is not None:
            return await asyncio.shield(earlier)
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        live.answers[key] = future
        while len(live.answers) > REMEMBERED_ANSWERS:
            live.answers.popitem(last=False)
        try:
            answer = await self._carry_out(live, who, command, key)
        except BaseException:
            live.answers.pop(key, None)
            future.cancel()
            raise
        future.set_result(answer)
        if answer.error is not None:
            # A refused id may be sent again once the reason is gone.
            live.answers.pop(key, None)
        return answer

    async def _carry_out(
        self, live: Live, who: Identity, command: dict[str, Any], key: tuple[str, str]
    ) -> Answer:
        """Carry ``command`` out on this process's copy of the table. With several
        processes on one database the copy may be behind the store: a write made on
        it conflicts (the table is reloaded and the command tried again) and a
        refusal is checked against the store before it is given (``_judged``).
        The command's id goes with its events (stored once per table): whether it
        was carried out before, by this process or another one that died before
        answering, is asked of the store only when something says it may have been
        (a conflict, a refusal, a command that changes nothing)."""
        tag = f"web:{key[0]}:{key[1]}" if self._shared is not None else None
        ask = False
        for _ in range(RETRIES):
            if tag is not None and ask:  # sent before, maybe to another process (a failover)
                done = await asyncio.to_thread(self._shared_applied, live.name, tag)
                if done is not None:
                    return Answer(200, {"seq": done, "events": []})
                live = self._tables.get(live.name, live)
            judged = live.seq
            before = live.table.event_count
            refused: PuntoBancoError | None = None
            self._staged = []
            try:
                self._apply(live, who, command)
            except PuntoBancoError as error:
                refused = error
            finally:
                staged, self._staged = self._staged, None
                if staged:
                    staged[-1].command = tag
                    self._submit(staged)
            if refused is not None:
                if tag is None or isinstance(refused, AccessError | MessageError):
                    return refusal(refused)
                fresh = await self._judged(live, judged, tag)
                if fresh is None:
                    return refusal(refused)
                if isinstance(fresh, Answer):
                    return fresh
                live, ask = fresh, False
                continue
            if live.table.event_count == before:
                if tag is not None and not ask:
                    ask = True  # a retry of a command that changed the table then?
                    continue
                return Answer(200, {"seq": before, "events": []})
            seq = live.table.event_count
            events = list(live.table.events[before:seq])
            try:
                await self._commit(live)
            except StoreError as error:
                if self._shared is None or error.key != "store.error.conflict":
                    return refusal(error)
                live = await self.live(live.name)  # another process wrote: reloaded, again
                ask = True
                continue
            except PuntoBancoError as error:
                return refusal(error)
            secret = live.table.config.seed is None
            events_out = [public_event(e, secret=secret) for e in events]
            return Answer(200, {"seq": seq, "events": events_out})
        return refusal(StoreError("store.error.busy", table=live.name, tries=RETRIES))

    async def _judged(self, live: Live, judged: int, tag: str) -> Answer | Live | None:
        """A command with id ``tag`` was refused on this process's copy of a shared
        table holding ``judged`` committed events. Its first answer if the store says
        it was carried out before; the table brought up to date if other processes
        had stored events the copy lacked (the command is tried again on it); None
        if the refusal stands (the copy held everything stored)."""
        assert self._reader is not None
        stored, done = await asyncio.to_thread(self._reader.progress, live.name, tag)
        if done is not None:
            return Answer(200, {"seq": done, "events": []})
        if stored <= judged:
            return None
        name = live.name
        self._heard_counts[name] = max(stored, self._heard_counts.get(name, 0))
        for _ in range(RETRIES):
            live = self._tables.get(name, live)
            if live.seq >= stored:
                break
            if live.last_write is not None and not live.last_write.done():
                # Its own writes first: they land, or conflict and the table is reloaded.
                await asyncio.wait([live.last_write])
            elif (recovery := self._recovering.get(name)) is not None:
                await asyncio.wait([recovery])
            else:
                await self._catch_up(name)
        return self._tables.get(name, live)

    def _shared_applied(self, table: str, tag: str) -> int | None:
        assert self._reader is not None
        return self._reader.applied(table, tag)

    def _apply(self, live: Live, who: Identity, command: dict[str, Any]) -> None:
        """Check who may send ``command``, then carry it out as the engine's
        commands (``engine.carry_out``): the web table plays by the same code
        as every other front-end. Its events reach the group commit through
        the table's sink."""
        kind = command["type"]
        table = live.table
        host_only = kind in ("close_bets", "deal", "next", "card", "undo", "close")
        if host_only and who.role != HOST:
            raise AccessError("web.error.host_only", status=403, command=kind)
        if not host_only and who.role != PLAYER:
            raise AccessError("web.error.player_only", status=403, command=kind)
        for step in engine_commands(table, who.player or "", command):
            carry_out(table, step, self._clock)

    # -- reading -----------------------------------------------------------------

    async def view(self, who: Identity, lang: Lang) -> dict[str, Any]:
        """``who``'s view of the table (committed state only)."""
        from puntobanco.web.views import build_view

        live = await self.live(who.table)
        return build_view(live, who, lang, self._clock())

    async def history(self, table: str, last: int | None) -> list[dict[str, Any]]:
        """The settled coups as ``puntobanco history --json`` gives them."""
        await self.live(table)
        records = await self._run(self._store.load, table)
        coups = coup_records((r.event, r.time) for r in records)
        if last is not None:
            coups = coups[-last:] if last > 0 else []
        return [c.to_json() for c in coups]

    async def shoes(self, table: str) -> list[dict[str, Any]]:
        """The table's fair shoes as ``puntobanco shoes --json`` gives them."""
        from puntobanco.fairlog import fair_shoes

        await self.live(table)
        records = await self._run(self._store.load, table)
        return [shoe.to_dict() for shoe in fair_shoes(r.event for r in records)]

    def subscribe(self, live: Live, sub: Subscriber) -> None:
        """``sub`` receives ``live``'s views from now on."""
        live.subscribers.add(sub)

    def unsubscribe(self, live: Live, sub: Subscriber) -> None:
        """``sub`` receives no more views."""
        live.subscribers.discard(sub)
        self._own.pop(sub, None)

    def _push_views(self, live: Live) -> None:
        """Every subscriber's new view: the shared part is serialised once per
        language, each viewer's own part is added to it as text (and kept while
        nothing of it changes: after one player's bet, the others' own parts
        are what they were)."""
        import json

        from puntobanco.web.views import personal, public_text

        if not live.subscribers:
            return
        now = self._clock()
        shared: dict[str, str] = {}
        head = f'{{"type": "view", "seq": {live.seq}, "view": '
        state = live.state
        version = live.recorder.version
        counting = state.format is Format.CROUPIER
        for sub in list(live.subscribers):
            text = shared.get(sub.lang)
            if text is None:
                text = shared[sub.lang] = public_text(live, sub.lang)
            who = sub.identity
            key: tuple[object, ...] | None = None
            if who.role == PLAYER and not counting:
                # A player's own part depends on their record, the phase, the
                # settled coups and the next shoe's contributions only (the
                # records are immutable: compared by identity).
                key = (
                    state.find(who.player or ""),
                    state.phase,
                    version,
                    live.table.phase,
                    state.next_shoe,
                    state.entropy,  # what they may commit or reveal now
                )
                cached = self._own.get(sub)
                if cached is not None and _same(cached[0], key):
                    sub.push_text(f"{head}{text}, {cached[1]}")
                    continue
            own = json.dumps(personal(live, who, now), ensure_ascii=False)[1:] + "}"
            if key is not None:
                self._own[sub] = (key, own)
            sub.push_text(f"{head}{text}, {own}")

    # -- writing: the group commit ------------------------------------------------

    def _enqueue(self, live: Live, expected: int, events: Sequence[Event]) -> None:
        loop = asyncio.get_running_loop()
        self._loop = loop
        write = _Write(live, expected, tuple(events), live.table.state, loop.create_future())
        live.last_write = self._last = write.done
        self._pending[live.name] = self._pending.get(live.name, 0) + 1
        if self._staged is not None:  # a command's writes go together, once it is done
            self._staged.append(write)
        else:
            self._submit([write])

    def _submit(self, writes: list[_Write]) -> None:
        """Hand ``writes`` to the writer thread (a drain starts if none is under way)."""
        with self._lock:
            self._queue.extend(writes)
            start, self._draining = not self._draining, True
        if start:
            self._writer.submit(self._drain)

    async def _commit(self, live: Live) -> None:
        """Wait until ``live``'s writes queued so far are committed (raises if one was not:
        a table's writes commit in order, and after a failed one the rest are refused)."""
        if live.last_write is not None:
            await asyncio.shield(live.last_write)

    def _drain(self) -> None:
        """In the writer thread: commit what is queued, one transaction (one fsync) a
        batch, and hand the outcome to the event loop; then go on with what was queued
        meanwhile, behind the store's other work (loads, credentials) already waiting."""
        with self._lock:
            taken, self._queue = self._queue, []
        loop = self._loop
        assert loop is not None
        batch = [w for w in taken if w.live.stale is None]
        refused = [w for w in taken if w.live.stale is not None]
        if refused:  # their table is being reloaded: these expect events that were lost
            loop.call_soon_threadsafe(self._refused, refused)
        if batch:
            try:
                heads = self._write_heads(batch)
            except BaseException as error:  # noqa: BLE001 - every failure reloads
                failure = (
                    error
                    if isinstance(error, PuntoBancoError)
                    else StoreError("web.error.store", reason=str(error))
                )
                for w in batch:
                    w.live.stale = failure
                loop.call_soon_threadsafe(self._failed, batch, failure)
            else:
                self.commits += 1
                loop.call_soon_threadsafe(self._committed, batch, heads)
        with self._lock:
            more = self._draining = bool(self._queue)
        if more:
            self._writer.submit(self._drain)

    def _committed(self, batch: list[_Write], heads: dict[str, str]) -> None:
        """On the event loop: a batch is stored; acknowledge it, then push its views."""
        for w in batch:
            live = w.live
            live.log.extend(w.events)
            live.state = w.state
            live.head = heads[live.name]
            self._to_push[live.name] = live
            self._written(live.name)
            w.done.set_result(None)
        if self._pusher is None or self._pusher.done():
            self._pusher = asyncio.get_running_loop().create_task(self._push_loop())

    def _written(self, name: str) -> None:
        left = self._pending.get(name, 0) - 1
        if left > 0:
            self._pending[name] = left
        else:
            self._pending.pop(name, None)

    def _failed(self, batch: list[_Write], failure: PuntoBancoError) -> None:
        """On the event loop: a batch was not stored; reload its tables, then fail its writes."""
        lives = {w.live.name: w.live for w in batch}
        task = asyncio.get_running_loop().create_task(self._recover(lives, batch, failure))
        for name in lives:
            self._recovering[name] = task

    async def _recover(
        self, lives: dict[str, Live], batch: list[_Write], failure: PuntoBancoError
    ) -> None:
        try:
            await self._reload({n: old for n, old in lives.items() if self._tables.get(n) is old})
        finally:
            for name in lives:
                if self._recovering.get(name) is asyncio.current_task():
                    del self._recovering[name]
            self._fail(batch, failure)

    def _refused(self, writes: list[_Write]) -> None:
        """On the event loop: writes of a table whose commit failed; they fail as it did,
        once it is reloaded (a command retried then meets the reloaded table)."""

        async def after_reload() -> None:
            tasks = {t for w in writes if (t := self._recovering.get(w.live.name)) is not None}
            if tasks:
                await asyncio.wait(tasks)
            for w in writes:
                assert w.live.stale is not None
                self._fail([w], w.live.stale)

        asyncio.get_running_loop().create_task(after_reload())

    def _fail(self, writes: list[_Write], failure: PuntoBancoError) -> None:
        for w in writes:
            self._written(w.live.name)
            if not w.done.done():
                w.done.set_exception(failure)
                w.done.exception()  # the waiters read it; never "never retrieved"

    async def _push_loop(self) -> None:
        """Push the views of committed tables, one table a turn of the event
        loop: a table committed again before its turn is pushed once, with its
        latest committed state (a phone shows only the newest view anyway)."""
        await asyncio.sleep(0)  # the acknowledgements go out first
        while self._to_push:
            name = next(iter(self._to_push))
            live = self._to_push.pop(name)
            if self._tables.get(name) is live:  # not reloaded since
                self._push_views(live)
                if self._heard_counts.get(name, 0) > live.seq:  # heard while writing
                    asyncio.get_running_loop().create_task(self._catch_up(name))
            await asyncio.sleep(0)

    def _write(self, batch: list[_Write]) -> None:
        writes = [(w.live.name, w.expected, w.events) for w in batch]
        if self._shared is not None:  # one transaction, with the command ids
            self._shared.append_many(writes, commands=[w.command for w in batch])
            return
        many = getattr(self._store, "append_many", None)
        if many is not None and len(writes) > 1:
            many(writes)
            return
        for table, expected, events in writes:
            self._store.append(table, expected, events)

    def _write_heads(self, batch: list[_Write]) -> dict[str, str]:
        """``_write``, then each table's chain head (the store's, after its own commit)."""
        self._write(batch)
        ends = {w.live.name: w.expected + len(w.events) for w in batch}
        return {name: head_of(self._store, name, seq) for name, seq in ends.items()}

    async def _reload(self, lives: dict[str, Live]) -> None:
        for name, old in lives.items():
            records = await self._run(self._store.load, name)
            new = self._rebuild(old.meta, [r.event for r in records])
            new.head = await self._run(head_of, self._store, name, new.seq)
            new.subscribers = old.subscribers
            new.answers = old.answers
            self._tables[name] = new
            if self._shared is not None:
                self._push_views(new)  # another process's commit is what they see now

    # -- the other processes' commits (PostgreSQL) ----------------------------------

    def _heard(self, latest: dict[str, int]) -> None:
        """Other processes committed: each table of ``latest`` now holds that many events."""
        loop = asyncio.get_running_loop()
        for table, count in latest.items():
            self._heard_counts[table] = max(count, self._heard_counts.get(table, 0))
            live = self._tables.get(table)
            if live is not None and count > live.seq:
                loop.create_task(self._catch_up(table))

    async def _catch_up(self, table: str) -> None:
        """Fold into this process's copy of ``table`` what other processes stored,
        then push the new views (a table with writes of its own waiting is left
        to its commit: it conflicts and is reloaded, or it was this process's)."""
        assert self._reader is not None
        live = self._tables.get(table)
        if live is None or self._busy(live):
            return  # heard again once its own commit is over (``_push_loop``)
        seq = live.seq
        records = await asyncio.to_thread(self._reader.load_after, table, seq)
        live = self._tables.get(table)
        if live is None or live.seq != seq or self._busy(live) or not records:
            return
        if [r.seq for r in records] != list(range(seq + 1, seq + 1 + len(records))):
            return
        events = [r.event for r in records]
        links = hashes(((r.table, r.seq, r.time, to_dict(r.event)) for r in records), live.head)
        live.table.follow(events)
        live.log.extend(events)
        live.head = list(links)[-1][1]
        live.state = live.table.state
        self._push_views(live)

    def _busy(self, live: Live) -> bool:
        return (
            live.table.event_count != live.seq
            or live.name in self._pending
            or live.name in self._recovering
        )

    # -- the virtual croupier ------------------------------------------------------

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            self.tick()

    def tick(self) -> None:
        """Let every croupier table look at the clock (deals when its countdown runs out),
        and every table whose next shoe gathers its players' contributions (its windows
        count from a tick after their opening is stored: nothing of the table waits to
        be written)."""
        now = self._clock()
        for live in list(self._tables.values()):
            table = live.table
            if table.phase is Phase.SHUFFLING and table.event_count == live.seq:
                with contextlib.suppress(PuntoBancoError):
                    table.tick(now)
                continue
            if table.config.format is not Format.CROUPIER or table.phase is not Phase.BETS_OPEN:
                continue
            try:
                table.tick(now)
            except PuntoBancoError:
                continue
            left = table.countdown_left(now)
            restarted = left is not None and (
                live.last_countdown is None or left > live.last_countdown + 0.5
            )
            live.last_countdown = left
            if restarted and table.event_count == live.seq:
                self._push_views(live)


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Two cache keys are equal: records by identity, the rest by value."""
    return a[0] is b[0] and a[1:] == b[1:]


def refusal(error: PuntoBancoError) -> Answer:
    """The 4xx answer of a refused command (message put into words by the caller)."""
    return Answer(status_of(error), {"error": {"code": error.key}}, error)


def status_of(error: PuntoBancoError) -> int:
    """The HTTP status of a refusal."""
    if isinstance(error, AccessError | MessageError):
        return error.status
    if isinstance(error, UnknownTableError):
        return 404
    if isinstance(error, StoreError):
        return 503
    if isinstance(error, IllegalActionError):
        return 409
    return 400


def engine_commands(table: Table, name: str, command: dict[str, Any]) -> list[Command]:
    """The engine's commands for one API command of ``name`` (the host: ``""``).

    A player's command carries no name: the token says whose it is. A bet at
    the virtual croupier also looks at the clock (everyone may have bet).
    With real cards, ``deal`` is whatever comes next of closing bets and going
    on to the next coup; ``next`` is for real cards only.
    """
    kind = command["type"]
    if kind == "predict":
        if table.config.money:
            raise IllegalActionError("web.error.predict_at_casino")
        return [Bet(name, _required(command, "box"))]
    if kind == "bet":
        found: list[Command] = [Bet(name, _required(command, "box"), command.get("stake"))]
        if table.config.format is Format.CROUPIER:
            found.append(Tick())
        return found
    if kind == "withdraw":
        return [Withdraw(name, command.get("box"))]
    if kind == "leave":
        return [Leave(name)]
    if kind == "contribute":
        return [Contribute(name, _required(command, "text"))]
    if kind == "commit":  # the phone's own contribution (table.entropy)
        shoe = _required(command, "shoe")
        return [CommitContribution(name, shoe, _required(command, "digest"))]
    if kind == "reveal":
        shoe = _required(command, "shoe")
        return [RevealContribution(name, shoe, _required(command, "value"))]
    if kind == "close_bets":
        return [CloseBets()]
    if kind == "close":
        return [CloseTable()]
    if kind in ("deal", "next") and table.config.real_cards:
        if table.phase is Phase.BETS_OPEN:
            return [CloseBets()]
        if table.phase is Phase.BETS_CLOSED:
            raise IllegalActionError("web.error.cards_expected")
        return [NextCoup()]
    if kind == "deal":
        return [Deal()]
    if kind == "next":
        raise IllegalActionError("web.error.shoe_deals", command=kind)
    if kind == "card":
        return [PlaceCard(_required(command, "card"))]
    return [UndoCard()]


def _required(command: dict[str, Any], name: str) -> Any:
    value = command.get(name)
    if value is None:
        raise InvalidBetError("web.error.missing_field", field=name, command=command["type"])
    return value


SESSION_SETTINGS: Final = frozenset({"deals", "stake", "decks", "paytable", "seed", "real_cards"})
CASINO_SETTINGS: Final = frozenset(
    {"seats", "decks", "paytable", "minimum", "maximum", "tie_minimum", "tie_maximum", "seed",
     "bankroll", "side_bets", "side_limits"}
)  # fmt: skip
CROUPIER_SETTINGS: Final = CASINO_SETTINGS | {"countdown"}


def table_config(fmt: str, settings: dict[str, Any]) -> tuple[TableConfig, dict[str, Any]]:
    """The table's settings from the API's ``format`` and ``settings`` (Python keyword
    names); also returns what the web table keeps beside them (bankroll, real cards)."""
    allowed = {
        "session": SESSION_SETTINGS,
        "casino": CASINO_SETTINGS,
        "croupier": CROUPIER_SETTINGS,
    }.get(fmt)
    if allowed is None:
        raise InvalidBetError("web.error.format", format=fmt)
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise InvalidBetError(
            "web.error.setting", names=", ".join(unknown), allowed=", ".join(sorted(allowed))
        )
    given = dict(settings)
    extra: dict[str, Any] = {}
    cards = given.pop("real_cards", False)
    if not isinstance(cards, bool):
        raise InvalidBetError("web.error.real_cards", value=repr(cards))
    if "bankroll" in given:
        bankroll = given.pop("bankroll")
        if isinstance(bankroll, bool) or not isinstance(bankroll, int) or bankroll <= 0:
            raise InvalidBetError("table.error.bankroll", bankroll=bankroll)
        extra["bankroll"] = bankroll
    if fmt == "session" and cards:
        if "seed" in given:  # the host's cards are not shuffled by the server
            raise InvalidBetError("web.error.real_cards_seed")
        extra["real_cards"] = True
        return TableConfig.assist(**given), extra
    if fmt == "session":
        return TableConfig.session(**given), extra
    return TableConfig.casino(croupier=fmt == "croupier", **given), extra
