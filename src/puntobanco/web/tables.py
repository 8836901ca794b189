"""The web server's tables: the hosted engine, the credentials, the sockets.

``Tables`` is what the HTTP and WebSocket layers speak to. It owns three things:

- the engine on its own thread (``puntobanco.engine.hosted.Hosted``): the group
  commit of the commands, the clock, and the views pushed after each commit;
- the credentials: which token is whose (``Identity``), the join codes, each
  token stored before the table or the seat it runs;
- the sockets open on each table (the engine's ``Front``: who watches, as whom).
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol

from puntobanco.engine import Committed, Engine, Job, Sit, Viewer
from puntobanco.engine.hosted import Hosted
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
        self._sockets: dict[str, frozenset[Socket]] = {}  # replaced, never changed
        # A table nobody has acted at for ``idle_seconds`` (and with no socket open)
        # is closed and dropped from memory, its credentials here too (``closed``).
        self.hosted = Hosted(
            db, self, self.metrics, clock=clock, idle_seconds=idle_seconds, reveal_step=reveal_step
        )
        self.engine = self.hosted.engine  # what it allows from any thread
        self.call, self.run = self.hosted.call, self.hosted.run
        try:
            self._credentials = credentials or self.call(lambda e: credentials_of(e.store)).result()
            metas, tokens = self.call(self._load).result()
        except BaseException:
            self.hosted.halt()
            raise
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

    async def start(self) -> None:
        """Answers and views go through the running event loop from now on."""
        await self.hosted.start()

    async def stop(self) -> None:
        """Finish what is queued, then release the engine, its store and the credentials."""
        await self.hosted.stop(lambda _: self._credentials.close())

    async def ready(self) -> None:
        """Raise unless the store can write now (``store.probe``: a write that changes
        nothing, behind the commands queued): ``/readyz``."""
        await self.run(lambda engine: probe(engine.store))

    # -- the engine's front: the sockets ------------------------------------------------

    def watchers(self, table: str) -> frozenset[Socket]:
        """The sockets open on ``table``."""
        return self._sockets.get(table, frozenset())

    def seen_as(self, socket: Socket) -> tuple[Viewer, Lang]:
        """The viewer and language of ``socket``'s views."""
        return viewer_of(socket.identity), socket.lang

    def deliver(self, views: list[tuple[Socket, str]]) -> None:
        """On the event loop: each socket's view."""
        for socket, text in views:
            socket.push_text(text)

    def closed(self, table: str) -> None:
        """Drop an idle table's code, tokens and settings from memory (the store keeps
        them): its code opens nothing, its tokens act nowhere."""
        meta = self._metas.pop(table, None)
        if meta is not None:
            self._codes.pop(meta.join_code, None)
        for digest, who in list(self._tokens.items()):  # a copy: the loop adds tokens
            if who.table == table:
                self._tokens.pop(digest, None)

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
        self.hosted.committed(started, [opened])
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
            self.hosted.committed(started, [done])
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
        result = await self.hosted.command(Job(who.table, command, viewer_of(who), id))
        self.metrics.command(who, type(command).__name__, result, started)
        if isinstance(result, PuntoBancoError):
            raise result
        return result

    async def view(self, who: Identity, lang: Lang) -> dict[str, Any]:
        """``who``'s view of the table, its odds computed (a view asked for). A player
        who asks while the host's screen reveals a coup gets it once it has."""
        return await self.hosted.view(who.table, viewer_of(who), lang)

    async def subscribe(self, table: str, socket: Socket) -> None:
        """``socket`` receives ``table``'s views from now on (a connection opened)."""
        self._sockets[table] = self._sockets.get(table, frozenset()) | {socket}
        await self.run(lambda engine: engine.touch(table))

    def sockets_of(self, who: Identity) -> int:
        """How many sockets ``who`` (a seat, or the host) has open at their table."""
        return sum(1 for s in self._sockets.get(who.table, ()) if s.identity == who)

    def unsubscribe(self, table: str, socket: Socket) -> None:
        """``socket`` receives no more views (its connection closed)."""
        self._sockets[table] = self._sockets.get(table, frozenset()) - {socket}
        self.call(lambda engine: engine.touch(table))
