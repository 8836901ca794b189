"""What several processes on one PostgreSQL database share: notifications,
table ownership, the web table's credentials.

Part of the PostgreSQL back end (``store.postgres``): each of these holds a
connection of its own (``PostgresStore.listener``, ``owner``, ``credentials``).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Collection, Iterator
from time import monotonic
from typing import Final

from puntobanco.store.credentials import HOST, Identity, TableMeta
from puntobanco.store.postgres_schema import CHANNEL, connect, migrate, redact


class Listener:
    """New events of every table, as other processes commit them (``LISTEN puntobanco``).

    ``wait(timeout)`` returns ``(table, events)`` pairs: the table now holds
    ``events`` events. A listener has its own connection.
    """

    def __init__(self, url: str, *, ignore: Collection[int] = ()) -> None:
        self._db = connect(url)
        self._db.execute(f"LISTEN {CHANNEL}")
        self._ignore = frozenset(ignore)

    def wait(self, timeout: float) -> list[tuple[str, int]]:
        """The notifications that arrive within ``timeout`` seconds (all that are waiting
        once the first has come; none if none came), but those of the connections
        (server process ids) it was told to ignore."""
        heard: list[tuple[str, int]] = []
        deadline = monotonic() + timeout
        while not heard:
            left = deadline - monotonic()
            if left <= 0:
                return heard
            came = list(self._db.notifies(timeout=left, stop_after=1))
            if came:
                came += self._db.notifies(timeout=0.0)
            heard = [_heard(n.payload) for n in came if n.pid not in self._ignore]
        return heard

    def __iter__(self) -> Iterator[tuple[str, int]]:
        """Every notification, as it arrives (until the connection closes)."""
        for notice in self._db.notifies():
            yield _heard(notice.payload)

    def close(self) -> None:
        """Stop listening."""
        self._db.close()


def _heard(payload: str) -> tuple[str, int]:
    data = json.loads(payload)
    return str(data["table"]), int(data["events"])


class Owner:
    """The tables this process owns: one session advisory lock per table.

    Only one connection in the whole database can hold a table's lock;
    PostgreSQL drops it when that connection ends, which a process killed
    with ``kill -9`` does at once on loopback. ``claim`` is non-blocking.
    """

    def __init__(self, url: str) -> None:
        self._db = connect(url)
        self._held: set[str] = set()
        self._lock = threading.Lock()

    @staticmethod
    def key_sql() -> str:
        """The lock key of a table: a 64-bit hash of the schema and the table's name."""
        return "hashtextextended('puntobanco/' || current_schema() || '/' || %s, 0)"

    def claim(self, table: str) -> bool:
        """Take the table if no other process holds it; True if this process owns it now."""
        with self._lock:
            if table in self._held:
                return True
            row = self._db.execute(
                f"SELECT pg_try_advisory_lock({self.key_sql()})", (table,)
            ).fetchone()
            if row and row[0]:
                self._held.add(table)
                return True
            return False

    def release(self, table: str) -> None:
        """Let another process take the table."""
        with self._lock:
            if table in self._held:
                self._db.execute(f"SELECT pg_advisory_unlock({self.key_sql()})", (table,))
                self._held.discard(table)

    @property
    def held(self) -> frozenset[str]:
        """The tables this process owns."""
        return frozenset(self._held)

    def close(self) -> None:
        """Release every table (by ending the connection)."""
        self._db.close()
        self._held.clear()


class PgCredentials:
    """Credentials in the PostgreSQL database of the log (``web_tables`` and
    ``web_tokens``, created by the store's versioned schema), shared by every
    process on that database."""

    shared: Final = True

    def __init__(self, url: str) -> None:
        self._db = connect(url)
        self._lock = threading.Lock()  # one statement at a time on the connection
        try:
            migrate(self._db, redact(url))
        except BaseException:
            self._db.close()
            raise

    def load(self) -> tuple[list[TableMeta], dict[str, Identity]]:
        """See ``Credentials.load``."""
        with self._lock:
            rows = self._db.execute(
                "SELECT table_id, join_code, settings FROM web_tables ORDER BY position"
            ).fetchall()
            tokens = self._db.execute(
                "SELECT digest, table_id, role, player FROM web_tokens"
            ).fetchall()
        tables = [TableMeta(t, code, json.loads(settings)) for t, code, settings in rows]
        return tables, {digest: Identity(t, role, player) for digest, t, role, player in tokens}

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        """See ``Credentials.add_table`` (one transaction: the table and its host token)."""
        with self._lock, self._db.transaction():
            self._db.execute(
                "INSERT INTO web_tables (table_id, join_code, settings) VALUES (%s, %s, %s)",
                (meta.table, meta.join_code, json.dumps(meta.settings)),
            )
            self._db.execute(
                "INSERT INTO web_tokens VALUES (%s, %s, %s, NULL)", (host_hash, meta.table, HOST)
            )

    def add_token(self, digest: str, identity: Identity) -> None:
        """See ``Credentials.add_token``."""
        with self._lock:
            self._db.execute(
                "INSERT INTO web_tokens VALUES (%s, %s, %s, %s)",
                (digest, identity.table, identity.role, identity.player),
            )

    def find_token(self, digest: str) -> Identity | None:
        """See ``Credentials.find_token``."""
        with self._lock:
            row = self._db.execute(
                "SELECT table_id, role, player FROM web_tokens WHERE digest = %s", (digest,)
            ).fetchone()
        return None if row is None else Identity(row[0], row[1], row[2])

    def find_table(self, table: str) -> TableMeta | None:
        """See ``Credentials.find_table``."""
        return self._meta("table_id", table)

    def find_code(self, code: str) -> TableMeta | None:
        """See ``Credentials.find_code``."""
        return self._meta("join_code", code)

    def _meta(self, column: str, value: str) -> TableMeta | None:
        with self._lock:
            row = self._db.execute(
                f"SELECT table_id, join_code, settings FROM web_tables WHERE {column} = %s",
                (value,),
            ).fetchone()
        return None if row is None else TableMeta(row[0], row[1], json.loads(row[2]))

    def close(self) -> None:
        """Close the connection."""
        self._db.close()
