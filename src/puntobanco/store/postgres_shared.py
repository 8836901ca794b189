"""What several processes on one PostgreSQL database share: notifications,
table ownership, the web table's credentials.

Part of the PostgreSQL back end (``store.postgres``): each of these holds a
connection of its own (``PostgresStore.listener``, ``owner``, ``credentials``).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, Final

from puntobanco.errors import StoreError
from puntobanco.store.credentials import HOST, Identity, TableMeta
from puntobanco.store.postgres_link import Link
from puntobanco.store.postgres_schema import CHANNEL, migrate, psycopg_module, redact

if TYPE_CHECKING:
    import psycopg

    Db = psycopg.Connection[Any]


class Listener:
    """New events of every table, as other processes commit them (``LISTEN puntobanco``).

    ``wait(timeout)`` returns ``(table, events)`` pairs: the table now holds
    ``events`` events. A listener has its own connection; when it breaks, the
    listener connects and listens again by itself, and its next ``wait``
    returns every table's count (what was committed while it was not
    listening: the commits it missed, told as commits are).
    """

    def __init__(
        self, url: str, *, ignore: Collection[int] | Callable[[], Collection[int]] = ()
    ) -> None:
        self._link = Link(url, setup=_listen)
        self._closed = False
        self._seen = self._link.reconnects
        if callable(ignore):
            self._ignore = ignore
        else:
            pids = frozenset(ignore)
            self._ignore = lambda: pids

    def wait(self, timeout: float) -> list[tuple[str, int]]:
        """The notifications that arrive within ``timeout`` seconds (all that are waiting
        once the first has come; none if none came), but those of the connections
        (server process ids) it was told to ignore; after its connection broke, once
        it listens again, every table's count. Raises once closed."""
        pg = psycopg_module()
        heard: list[tuple[str, int]] = []
        deadline = time.monotonic() + timeout
        while not heard:
            left = deadline - time.monotonic()
            if left <= 0:
                return heard
            try:
                db = self._link.connection
            except StoreError:
                if self._closed:
                    raise
                time.sleep(min(left, max(self._link.retry_in, 0.01)))
                continue
            if self._link.reconnects != self._seen:
                self._seen = self._link.reconnects
                # Every table's count: what a listener that was away may have missed.
                rows = self._link.all("SELECT table_id, events FROM heads ORDER BY table_id")
                return [(str(table), int(events)) for table, events in rows]
            try:
                came = list(db.notifies(timeout=left, stop_after=1))
                if came:
                    came += db.notifies(timeout=0.0)
            except pg.Error as error:
                if self._closed or not self._link.broke(db, error):
                    raise
                continue
            ignore = self._ignore()
            heard = [_heard(n.payload) for n in came if n.pid not in ignore]
        return heard

    def close(self) -> None:
        """Stop listening."""
        self._closed = True
        self._link.close()


def _listen(db: Db) -> None:
    db.execute(f"LISTEN {CHANNEL}")


def _heard(payload: str) -> tuple[str, int]:
    data = json.loads(payload)
    return str(data["table"]), int(data["events"])


class Owner:
    """The tables this process owns: one session advisory lock per table.

    Only one connection in the whole database can hold a table's lock;
    PostgreSQL drops it when that connection ends, which a process killed
    with ``kill -9`` does at once on loopback. ``claim`` is non-blocking.
    When the connection breaks its locks are gone with it: the new connection
    takes back the tables no other process took meanwhile, and lets go of the
    others.
    """

    def __init__(self, url: str) -> None:
        self._held: set[str] = set()
        self._lock = threading.Lock()
        self._link = Link(url, setup=self._reclaim)

    @staticmethod
    def key_sql() -> str:
        """The lock key of a table: a 64-bit hash of the schema and the table's name."""
        return "hashtextextended('puntobanco/' || current_schema() || '/' || %s, 0)"

    def _try(self, db: Db, table: str) -> bool:
        row = db.execute(f"SELECT pg_try_advisory_lock({self.key_sql()})", (table,)).fetchone()
        return bool(row and row[0])

    def _reclaim(self, db: Db) -> None:
        """On a new connection (after a break): the tables held before, taken again."""
        self._held = {table for table in self._held if self._try(db, table)}

    def claim(self, table: str) -> bool:
        """Take the table if no other process holds it; True if this process owns it now."""
        with self._lock:
            if table in self._held and self._link.run(_alive):
                return True
            if self._link.run(lambda db: self._try(db, table)):
                self._held.add(table)
                return True
            return False

    def release(self, table: str) -> None:
        """Let another process take the table."""
        with self._lock:
            if table in self._held:
                self._link.one(f"SELECT pg_advisory_unlock({self.key_sql()})", (table,))
                self._held.discard(table)

    @property
    def held(self) -> frozenset[str]:
        """The tables this process owns (its connection checked first: one that broke
        is made again, taking back what it can)."""
        with self._lock:
            if self._held:
                self._link.run(_alive)
            return frozenset(self._held)

    def close(self) -> None:
        """Release every table (by ending the connection)."""
        self._link.close()
        self._held.clear()


def _alive(db: Db) -> bool:
    db.execute("SELECT 1")
    return True


class PgCredentials:
    """Credentials in the PostgreSQL database of the log (``web_tables`` and
    ``web_tokens``, created by the store's versioned schema), shared by every
    process on that database."""

    shared: Final = True

    def __init__(self, url: str) -> None:
        self._link = Link(url)
        self._lock = threading.Lock()  # one statement at a time on the connection
        try:
            self._link.run(lambda db: migrate(db, redact(url)))
        except BaseException:
            self._link.close()
            raise

    def load(self) -> tuple[list[TableMeta], dict[str, Identity]]:
        """See ``Credentials.load``."""
        with self._lock:
            rows = self._link.all(
                "SELECT table_id, join_code, settings FROM web_tables ORDER BY position"
            )
            tokens = self._link.all(
                "SELECT digest, table_id, role, player, seating FROM web_tokens"
            )
        tables = [TableMeta(t, code, json.loads(settings)) for t, code, settings in rows]
        return tables, {digest: Identity(*row) for digest, *row in tokens}

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        """See ``Credentials.add_table`` (one transaction: the table and its host token;
        after a break, known stored when its token is there)."""

        def insert(db: Db) -> None:
            with db.transaction():
                db.execute(
                    "INSERT INTO web_tables (table_id, join_code, settings) VALUES (%s, %s, %s)",
                    (meta.table, meta.join_code, json.dumps(meta.settings)),
                )
                db.execute(
                    "INSERT INTO web_tokens VALUES (%s, %s, %s, NULL, NULL)",
                    (host_hash, meta.table, HOST),
                )

        with self._lock:
            self._link.write(insert, lambda db: _has_token(db, host_hash))

    def add_token(self, digest: str, identity: Identity) -> None:
        """See ``Credentials.add_token`` (after a break, known stored when it is there)."""

        def insert(db: Db) -> None:
            db.execute(
                "INSERT INTO web_tokens VALUES (%s, %s, %s, %s, %s)",
                (digest, identity.table, identity.role, identity.player, identity.seating),
            )

        with self._lock:
            self._link.write(insert, lambda db: _has_token(db, digest))

    def bind_token(self, digest: str, seating: int) -> None:
        """See ``Credentials.bind_token`` (done again after a break: it changes nothing
        the second time)."""

        def update(db: Db) -> None:
            db.execute(
                "UPDATE web_tokens SET seating = %s WHERE digest = %s AND seating IS NULL",
                (seating, digest),
            )

        def landed(db: Db) -> bool:
            row = db.execute("SELECT seating FROM web_tokens WHERE digest = %s", (digest,))
            found = row.fetchone()
            return found is None or found[0] is not None

        with self._lock:
            self._link.write(update, landed)

    def find_token(self, digest: str) -> Identity | None:
        """See ``Credentials.find_token``."""
        with self._lock:
            row = self._link.one(
                "SELECT table_id, role, player, seating FROM web_tokens WHERE digest = %s",
                (digest,),
            )
        return None if row is None else Identity(*row)

    def find_table(self, table: str) -> TableMeta | None:
        """See ``Credentials.find_table``."""
        return self._meta("table_id", table)

    def find_code(self, code: str) -> TableMeta | None:
        """See ``Credentials.find_code``."""
        return self._meta("join_code", code)

    def _meta(self, column: str, value: str) -> TableMeta | None:
        with self._lock:
            row = self._link.one(
                f"SELECT table_id, join_code, settings FROM web_tables WHERE {column} = %s",
                (value,),
            )
        return None if row is None else TableMeta(row[0], row[1], json.loads(row[2]))

    def close(self) -> None:
        """Close the connection."""
        self._link.close()


def _has_token(db: Db, digest: str) -> bool:
    found = db.execute("SELECT 1 FROM web_tokens WHERE digest = %s", (digest,)).fetchone()
    return found is not None
