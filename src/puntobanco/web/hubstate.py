"""What every part of the web server shares: the store, its thread, the credentials.

One thread owns the store (a SQLite connection stays in its thread): the store
and the credentials are opened there, and every read or write of them runs
there (``_run``).
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from puntobanco.servers import Follower, shared_store
from puntobanco.store import ClockedStore, EventStore, credentials_of, open_store
from puntobanco.web.auth import Credentials, Identity, TableMeta
from puntobanco.web.live import Clock, Live, Subscriber, Write
from puntobanco.web.metrics import Metrics


class HubState:
    """The server's state, set up once; the parts of ``Hub`` act on it."""

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
            else self._writer.submit(credentials_of, self._store).result()
        )
        metas, tokens = self._writer.submit(self._credentials.load).result()
        self._metas: dict[str, TableMeta] = {m.table: m for m in metas}
        self._codes: dict[str, str] = {m.join_code: m.table for m in metas}
        self._tokens: dict[str, Identity] = tokens
        self._tables: dict[str, Live] = {}
        self._loading: dict[str, asyncio.Task[Live]] = {}  # tables being read from the store
        # The write queue, shared with the writer thread under ``_lock``;
        # ``_draining``: a drain of it is submitted to the writer or running.
        self._lock = threading.Lock()
        self._queue: list[Write] = []
        self._draining = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pending: dict[str, int] = {}  # writes queued or being written, per table
        self._last: asyncio.Future[None] | None = None  # the latest write's commit
        # While a command runs, its writes wait here (the last one is tagged).
        self._staged: list[Write] | None = None
        self._recovering: dict[str, asyncio.Task[None]] = {}
        # Committed tables whose views are not pushed yet, and the task pushing them.
        self._to_push: dict[str, Live] = {}
        self._pusher: asyncio.Task[None] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self.commits = 0  # group commits done (for the benchmark)
        self.metrics = Metrics()  # /metrics and the command log (web.metrics)
        self.metrics.count_tables(self._tables.values)
        store = self._store
        if isinstance(store, ClockedStore):
            self.metrics.count_steps_back(lambda: store.steps_back)
        # Several processes on one database (``SharedStore``): their commits are heard.
        self._shared = shared_store(self._store)
        self._follower: Follower | None = None
        self._heard_counts: dict[str, int] = {}  # the latest count heard per table
        # Each subscriber's own part of its last view, with what it was made from.
        self._own: dict[Subscriber, tuple[tuple[object, ...], str]] = {}
        # Reads of the others' commits on a connection of their own (not behind a commit).
        self._reader = self._shared.another() if self._shared is not None else None

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in the store's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._writer, fn, *args)
