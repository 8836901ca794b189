"""The web server's tables: the hosted engine, its doors, the sockets.

``Tables`` is what the HTTP and WebSocket layers speak to. It owns three things:

- the engine on its own thread (``puntobanco.engine.hosted.Hosted``): the group
  commit of the commands, the clock, and the views pushed after each commit;
- its doors (``puntobanco.engine.doors.Doors``): the join codes, and which token
  is whose;
- the sockets open on each table (the engine's ``Front``: who watches, as whom).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any, Protocol

from puntobanco.engine import Committed, Job, Viewer
from puntobanco.engine.doors import Doors, Pass, viewer_of
from puntobanco.engine.hosted import Hosted
from puntobanco.errors import PuntoBancoError
from puntobanco.i18n import Lang
from puntobanco.store import ClockedStore, EventStore, credentials_of, probe
from puntobanco.store.credentials import Credentials, Identity, TableMeta
from puntobanco.web.errors import AccessError
from puntobanco.web.metrics import Metrics


class Socket(Protocol):
    """A connection that receives views (the WebSocket handler's)."""

    identity: Identity
    lang: Lang

    def push_text(self, text: str) -> None:
        """Queue a view already serialised (never blocks)."""


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
            kept = credentials or self.call(lambda e: credentials_of(e.store)).result()
            self.doors = Doors(self.engine, kept, self.hosted.committed)
            self.call(lambda _: self.doors.load()).result()
        except BaseException:
            self.hosted.halt()
            raise
        store = self.engine.store
        if isinstance(store, ClockedStore):
            self.metrics.count_steps_back(lambda: store.steps_back)

    async def start(self) -> None:
        """Answers and views go through the running event loop from now on."""
        await self.hosted.start()

    async def stop(self) -> None:
        """Finish what is queued, then release the engine, its store and the credentials."""
        await self.hosted.stop(lambda _: self.doors.close())

    async def scrape(self) -> bytes:
        """The metrics in Prometheus's text format, the tables held counted on the
        engine's thread (a scrape never waits on the engine's lock on the event loop)."""
        self.metrics.count_tables(await self.run(lambda engine: engine.held()))
        return self.metrics.scrape()

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
        """An idle table closed: its code opens nothing, its tokens act nowhere."""
        self.doors.closed(table)

    # -- tokens -----------------------------------------------------------------------
    # What this process knows is read at once; a miss asks the doors on the engine's
    # thread (a shared store's lookup never blocks the event loop).

    async def meta(self, table: str) -> TableMeta:
        """The table's join code and settings; ``UnknownTableError`` (404)."""
        known = self.doors.known(table)
        return known or await self.run(lambda _: self.doors.meta(table))

    async def identify(self, table: str, token: str | None) -> Identity:
        """Who holds ``token`` at ``table``; ``AccessError`` (401) otherwise."""
        await self.meta(table)
        if not token:
            raise AccessError("web.error.no_token", status=401)
        who = self.doors.known_holder(table, token)
        if who is None:
            who = await self.run(lambda _: self.doors.holder(table, token))
        if who is None:
            raise AccessError("web.error.bad_token", status=401)
        return who

    async def watch(self, table: str, code: str) -> Identity:
        """A spectator of ``table``, who knows its join code; ``AccessError`` (401)."""
        who: Identity | None = await self.run(lambda _: self.doors.watcher(table, code))
        if who is None:
            raise AccessError("web.error.bad_token", status=401)
        return who

    async def create(self, fmt: str, settings: dict[str, Any]) -> Pass:
        """Open a new table: its host's pass."""
        opened: Pass = await self.run(lambda _: self.doors.open(fmt, settings))
        return opened

    async def join(self, table: str, name: str) -> Pass:
        """Seat ``name`` (or ask the host to, where they admit each join): their pass."""
        seated: Pass = await self.run(lambda _: self.doors.seat(table, name))
        return seated

    async def rematch(self, who: Identity) -> Pass:
        """``who``'s pass to the rematch of their ended table (``Doors.rematch``)."""
        there: Pass = await self.run(lambda _: self.doors.rematch(who))
        return there

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
