"""One connection to the PostgreSQL database that opens itself again after it breaks.

Part of the PostgreSQL back end (``store.postgres``): the store, its listener,
its owner and the credentials each hold a ``Link``. A connection breaks when
the server restarts (an upgrade, a failover, a crash), when its server process
is ended (``pg_terminate_backend``) or when the network drops it; a ``Link``
then connects again by itself, so that a long-running process never needs a
restart of its own:

- the first operation after a break tries again at once, a few times over
  about a second and a half (``ROUND``): a terminated connection or a quick
  restart of the server is not even seen by the caller;
- while the server stays out of reach, an operation fails at once with
  ``StoreError`` (``store.error.pg_unreachable``, with libpq's reason) and a
  new connection is tried no more often than every ``BACKOFF`` seconds
  (doubling up to ``BACKOFF_CAP``), so that a queue of operations does not
  wait a round each;
- a read (``run``) is simply run again on the new connection;
- a write (``write``) is never sent again blindly: when the connection broke
  before its outcome came back, the server process of the lost connection is
  waited for (and terminated if it lingers, so that its transaction cannot
  commit later), then the write's own ``landed`` check reads what the
  database holds. Only a write that did not land is sent again.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Final, TypeVar

from puntobanco.errors import StoreError
from puntobanco.store.postgres_schema import connect, psycopg_module, redact

if TYPE_CHECKING:
    import psycopg

T = TypeVar("T")

#: The pauses before each try of the round that follows a break (seconds, 1.55 in all).
ROUND: Final[Sequence[float]] = (0.0, 0.05, 0.1, 0.2, 0.4, 0.8)
#: After a round or a try failed, the next try waits at least this long (doubling each time).
BACKOFF: Final = 0.1
BACKOFF_CAP: Final = 1.0
#: ``connect_timeout`` of a new connection after a break (libpq's least is 2 s).
RECONNECT_TIMEOUT: Final = 3
#: How long the server process of a lost connection is waited for before its write
#: is given up as unknown.
FENCE_SECONDS: Final = 5.0
#: How many times a write that did not land is sent again after a break.
WRITE_TRIES: Final = 3

_IDENTITY: Final = "SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()"
#: Ends the lost connection's server process if it is still there (the same process:
#: the same pid and start time); one row while it is.
_FENCE: Final = (
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = %s AND backend_start = %s"
)

Setup = Callable[["psycopg.Connection[Any]"], None]


class Link:
    """A connection to ``url`` that connects again after a break (see the module).

    ``setup(connection)`` runs on each new connection, the first one included
    (``LISTEN``, say). The first connection is made here: ``StoreError``
    (``store.error.pg_unreachable``) when the database cannot be reached. A
    ``Link`` is used by one thread at a time (its owner's lock); ``close`` may
    come from another thread.
    """

    def __init__(self, url: str, *, setup: Setup | None = None) -> None:
        self.url = url
        self.name = redact(url)
        self._setup = setup
        self._closed = False
        self._guard = threading.Lock()  # the connection, swapped by a reconnection or close
        #: Connections made after a break (the first one not counted).
        self.reconnects = 0
        self._failures = 0
        self._retry_at = 0.0
        self._reason = ""
        self._db: psycopg.Connection[Any] | None = None
        self._backend: tuple[int, Any] | None = None  # (pid, start) of the connection's process
        self._lost: tuple[int, Any] | None = None  # that of the connection that broke last
        self._just_broke = False
        self._db = self._open(connect(url))

    @property
    def pid(self) -> int:
        """The server process of the current connection (0 while there is none)."""
        backend = self._backend
        return 0 if backend is None else int(backend[0])

    @property
    def retry_in(self) -> float:
        """Seconds until a new connection may be tried (0: now)."""
        return max(0.0, self._retry_at - time.monotonic())

    @property
    def connection(self) -> psycopg.Connection[Any]:
        """The connection now open (a new one if it broke); ``StoreError`` when there
        is none and the database cannot be reached."""
        return self._live()

    def run(self, work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work(connection)``, run again on a new connection if the one it ran on
        broke under it (a read, or a write whose repetition changes nothing)."""
        for _ in range(2):
            db = self._live()
            try:
                return work(db)
            except psycopg_module().Error as error:
                if not self.broke(db, error):
                    raise
        raise self._unreachable()

    def one(self, sql: str, params: Any = None) -> tuple[Any, ...] | None:
        """The first row of the read ``sql`` (None: no row), as ``run`` runs it."""
        return self.run(lambda db: db.execute(sql, params).fetchone())

    def all(self, sql: str, params: Any = None) -> list[tuple[Any, ...]]:
        """Every row of the read ``sql``, as ``run`` runs it."""
        return self.run(lambda db: db.execute(sql, params).fetchall())

    def write(
        self,
        work: Callable[[psycopg.Connection[Any]], None],
        landed: Callable[[psycopg.Connection[Any]], bool],
    ) -> None:
        """Run the write ``work(connection)`` once. When its connection breaks before
        the outcome comes back, the write is settled by ``landed(connection)``, asked
        on a new connection once the lost one's server process has ended: True, it
        was stored; False, it was not, and it is sent again (``WRITE_TRIES`` in all).
        ``StoreError`` (``store.error.pg_unreachable``) when the database is out of
        reach before the outcome is known: then the write may or may not be stored."""
        for _ in range(WRITE_TRIES):
            db = self._live()
            try:
                work(db)
                return
            except psycopg_module().Error as error:
                if not self.broke(db, error):
                    raise
            if self.run(partial(self._settle, self._lost, landed)):
                return
        raise self._unreachable()

    def close(self) -> None:
        """Close the connection for good (no reconnection after this)."""
        with self._guard:
            self._closed = True
            db, self._db = self._db, None
        if db is not None:
            db.close()

    # -- the connection's life -----------------------------------------------------

    def _open(self, db: psycopg.Connection[Any]) -> psycopg.Connection[Any]:
        """Make ``db`` this link's connection: its identity read, ``setup`` run."""
        try:
            row = db.execute(_IDENTITY).fetchone()
            assert row is not None
            if self._setup is not None:
                self._setup(db)
        except BaseException:
            db.close()
            raise
        self._backend = (int(row[0]), row[1])
        return db

    def _live(self) -> psycopg.Connection[Any]:
        """The open connection, or a new one (a round right after a break, else one
        try once the backoff allows it)."""
        db = self._db
        if db is not None and not db.closed:
            return db
        if self._closed:
            raise StoreError("store.error.pg_unreachable", db=self.name, reason="closed")
        pauses: Sequence[float] = ROUND if self._just_broke else (0.0,)
        if not self._just_broke and time.monotonic() < self._retry_at:
            raise self._unreachable()
        self._just_broke = False
        for pause in pauses:
            time.sleep(pause)
            try:
                fresh = self._open(connect(self.url, timeout=RECONNECT_TIMEOUT))
            except StoreError as error:
                self._reason = str(error.params.get("reason", "?"))
                continue
            except psycopg_module().Error as error:  # lost again during the setup
                self._reason = _first_line(error)
                continue
            with self._guard:
                if self._closed:
                    fresh.close()
                    raise StoreError("store.error.pg_unreachable", db=self.name, reason="closed")
                self._db = fresh
            self.reconnects += 1
            self._failures = 0
            self._retry_at = 0.0
            return fresh
        self._retry_at = time.monotonic() + min(BACKOFF_CAP, BACKOFF * 2**self._failures)
        self._failures += 1
        raise self._unreachable()

    def broke(self, db: psycopg.Connection[Any], error: Exception) -> bool:
        """True when ``error`` came from ``db`` breaking (not from the statement):
        the connection is dropped, to be made again by the next operation (for
        work done on ``connection`` outside ``run``)."""
        if not db.closed or self._closed:
            return False
        with self._guard:
            if self._db is db:
                self._db = None
                self._lost, self._backend = self._backend, None
                self._just_broke = True
                self._reason = _first_line(error)
        return True

    def _settle(
        self,
        lost: tuple[int, Any] | None,
        landed: Callable[[psycopg.Connection[Any]], bool],
        db: psycopg.Connection[Any],
    ) -> bool:
        """Whether the write of the lost connection landed, once its process has ended."""
        self._fence(db, lost)
        return landed(db)

    def _fence(self, db: psycopg.Connection[Any], lost: tuple[int, Any] | None) -> None:
        """Wait until the lost connection's server process has ended, ending it if it
        lingers (a network break it has not noticed yet): its transaction is then
        committed or rolled back for good."""
        if lost is None:
            return
        deadline = time.monotonic() + FENCE_SECONDS
        while db.execute(_FENCE, lost).fetchone() is not None:
            if time.monotonic() > deadline:
                raise StoreError(
                    "store.error.pg_unreachable",
                    db=self.name,
                    reason=f"the server process {lost[0]} of the lost connection does not end",
                )
            time.sleep(0.01)

    def _unreachable(self) -> StoreError:
        return StoreError("store.error.pg_unreachable", db=self.name, reason=self._reason or "?")


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__
