"""The PostgreSQL event store (psycopg 3), for several processes on one database.

Chosen by a ``postgresql://`` URL wherever a ``--db`` is named. The schema is
the project's own and versioned: ``puntobanco_schema`` holds its version and
opening a store applies the missing steps of ``MIGRATIONS`` in order, under a
lock, so that two processes starting together migrate once.

``events`` keeps one row per event, keyed by ``(table_id, seq)`` (so never a
duplicate number), exactly as the SQLite file does, each with its ``hash``,
its link of the log's hash chain (``puntobanco.store.chain``); ``heads`` keeps
each table's event count and the hash of its last event (the chain head). An
append is one statement: it moves the table's head from ``expected`` to
``expected + n`` only if it still is ``expected`` (and its hash the one the
new links were made after) and inserts the events in the same transaction,
so a writer that lost a race to another process changes nothing and gets the
store's conflict (``store.error.conflict``), never a gap or a duplicate. A
partial unique index lets each coup of a table be settled once, whatever
writes to the database.

Each append also notifies the channel ``puntobanco`` (``LISTEN puntobanco``;
a JSON payload ``{"table": ..., "events": n}``) when it commits: other
processes learn of new events without polling (``Listener``). ``Owner`` holds
tables by session advisory locks, which PostgreSQL releases by itself when the
holding process dies, so another process can take a table over.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from time import monotonic
from typing import TYPE_CHECKING, Any, Final, NoReturn

from puntobanco.errors import StoreError
from puntobanco.store import Append, Record, now_text
from puntobanco.store.chain import GENESIS, link
from puntobanco.table.codec import loads, to_dict
from puntobanco.table.events import Event

if TYPE_CHECKING:
    import psycopg

SCHEMES: Final = ("postgresql://", "postgres://")
#: The channel of ``LISTEN``/``NOTIFY``: lower case, since PostgreSQL folds
#: unquoted names to lower case.
CHANNEL: Final = "puntobanco"
#: Test hook of the crash tests (the same variable as the SQLite store's).
KILL_AFTER_COMMIT: Final = "PUNTOBANCO_TEST_KILL_AFTER_COMMIT"
#: The key of the advisory lock that serialises migrations.
_MIGRATION_LOCK: Final = 0x70756E746F  # "punto"

#: The schema, one step per version: step ``i`` takes version ``i`` to ``i + 1``.
#: Never edit a step that has shipped; add one.
MIGRATIONS: Final[tuple[str, ...]] = (
    """
    CREATE TABLE events (
        table_id TEXT NOT NULL,
        seq BIGINT NOT NULL CHECK (seq >= 1),
        time TEXT NOT NULL,
        type TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    );
    CREATE TABLE heads (
        table_id TEXT PRIMARY KEY,
        events BIGINT NOT NULL CHECK (events >= 1),
        first_time TEXT NOT NULL
    );
    CREATE UNIQUE INDEX events_settled_once ON events (table_id, ((body::jsonb ->> 'coup')))
        WHERE type = 'CoupSettled';
    """,
    """
    CREATE TABLE snapshots (
        table_id TEXT PRIMARY KEY,
        seq BIGINT NOT NULL CHECK (seq >= 1),
        body TEXT NOT NULL
    );
    CREATE TABLE commands (
        table_id TEXT NOT NULL,
        id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        PRIMARY KEY (table_id, id)
    );
    """,
    # The web table's credentials (``puntobanco.web.auth.PgCredentials``), so that
    # every ``serve`` process on the database knows every join code and token.
    """
    CREATE TABLE web_tables (
        position BIGSERIAL UNIQUE,
        table_id TEXT PRIMARY KEY,
        join_code TEXT NOT NULL UNIQUE,
        settings TEXT NOT NULL
    );
    CREATE TABLE web_tokens (
        digest TEXT PRIMARY KEY,
        table_id TEXT NOT NULL,
        role TEXT NOT NULL,
        player TEXT
    );
    """,
    # Each event's link of the hash chain, and each table's chain head; the rows
    # already there are linked by ``_link_rows`` (``AFTER_STEP``).
    """
    ALTER TABLE events ADD COLUMN hash TEXT;
    ALTER TABLE heads ADD COLUMN hash TEXT;
    """,
    # Every append, of one table or of a group commit over many, as one call: one
    # round trip and one transaction, all of it stored or none. Each table named
    # once; its head moves only from the count and hash its append expected
    # (compare-and-set), or, for a new table, is created only if none exists.
    """
    CREATE FUNCTION puntobanco_append(_batch JSON, _channel TEXT) RETURNS BIGINT
    LANGUAGE plpgsql AS $$
    DECLARE
        created BIGINT;
        moved BIGINT;
    BEGIN
        -- tables: [table, expected, count, prev hash, head hash, first time]
        INSERT INTO heads (table_id, events, first_time, hash)
            SELECT a ->> 0, (a ->> 2)::BIGINT, a ->> 5, a ->> 4
            FROM json_array_elements(_batch -> 'tables') AS a
            WHERE (a ->> 1)::BIGINT = 0
            ON CONFLICT (table_id) DO NOTHING;
        GET DIAGNOSTICS created = ROW_COUNT;
        UPDATE heads SET events = (a ->> 2)::BIGINT, hash = a ->> 4
            FROM json_array_elements(_batch -> 'tables') AS a
            WHERE heads.table_id = a ->> 0 AND (a ->> 1)::BIGINT > 0
                AND heads.events = (a ->> 1)::BIGINT AND heads.hash = a ->> 3;
        GET DIAGNOSTICS moved = ROW_COUNT;
        IF created + moved <> json_array_length(_batch -> 'tables') THEN
            RAISE EXCEPTION 'puntobanco: a table''s log moved on before this append'
                USING ERRCODE = 'PB409';
        END IF;
        -- events: [table, seq, time, type, body, hash]; commands: [table, id, seq]
        INSERT INTO events (table_id, seq, time, type, body, hash)
            SELECT e ->> 0, (e ->> 1)::BIGINT, e ->> 2, e ->> 3, e ->> 4, e ->> 5
            FROM json_array_elements(_batch -> 'events') AS e;
        INSERT INTO commands (table_id, id, seq)
            SELECT c ->> 0, c ->> 1, (c ->> 2)::BIGINT
            FROM json_array_elements(_batch -> 'commands') AS c;
        PERFORM pg_notify(_channel, n.p)
            FROM json_array_elements_text(_batch -> 'payloads') WITH ORDINALITY AS n(p, i)
            ORDER BY n.i;
        RETURN created + moved;
    END
    $$;
    """,
)
SCHEMA_VERSION: Final = len(MIGRATIONS)

#: The SQLSTATE of ``puntobanco_append`` when a table's head is not where its append
#: expected it (another process wrote first): the whole call changed nothing.
CONFLICT_STATE: Final = "PB409"
#: The one statement of every append (see ``puntobanco_append`` in ``MIGRATIONS``).
_APPEND: Final = "SELECT puntobanco_append(%s::json, %s)"


def is_url(db: object) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) URL."""
    return isinstance(db, str) and db.startswith(SCHEMES)


def open_url(url: str) -> PostgresStore:
    """The store of a ``postgresql://`` URL (what ``open_store`` calls)."""
    return PostgresStore(url)


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreError("store.error.pg_no_driver") from None
    return psycopg


def connect(url: str, *, autocommit: bool = True) -> psycopg.Connection[Any]:
    """A connection to ``url``; ``StoreError`` (in words) when the database cannot be reached."""
    pg = _psycopg()
    try:
        connection: psycopg.Connection[Any] = pg.connect(
            url, autocommit=autocommit, connect_timeout=10
        )
    except pg.Error as error:
        reason = str(error).strip().splitlines()
        raise StoreError(
            "store.error.pg_unreachable", db=redact(url), reason=reason[0] if reason else "?"
        ) from None
    return connection


def redact(url: str) -> str:
    """``url`` without its password, to name it in a message."""
    scheme, _, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    return f"{scheme}://{credentials.split(':', 1)[0]}:***@{place}"


def migrate(connection: psycopg.Connection[Any], name: str) -> int:
    """Bring the schema to ``SCHEMA_VERSION``; returns the version found before."""
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
        connection.execute(
            "CREATE TABLE IF NOT EXISTS puntobanco_schema (version INTEGER NOT NULL)"
        )
        row = connection.execute("SELECT max(version) FROM puntobanco_schema").fetchone()
        found = int(row[0]) if row and row[0] is not None else 0
        if found > SCHEMA_VERSION:
            raise StoreError(
                "store.error.pg_newer_schema", db=name, found=found, known=SCHEMA_VERSION
            )
        for version, step in enumerate(MIGRATIONS[found:], start=found):
            connection.execute(step)
            after = AFTER_STEP.get(version)
            if after is not None:
                after(connection)
        if found < SCHEMA_VERSION:
            connection.execute("DELETE FROM puntobanco_schema")
            connection.execute(
                "INSERT INTO puntobanco_schema (version) VALUES (%s)", (SCHEMA_VERSION,)
            )
    return found


def _link_rows(connection: psycopg.Connection[Any]) -> None:
    """Every stored event's ``hash`` and every table's head (converting to schema 4).

    Taken over each event as it reads back (what an export writes), table by
    table in order, so the stored chain is the exported one.
    """
    tables = connection.execute("SELECT table_id FROM heads").fetchall()
    for (table,) in tables:
        rows = connection.execute(
            "SELECT seq, time, body FROM events WHERE table_id = %s ORDER BY seq", (table,)
        ).fetchall()
        prev = GENESIS
        links = []
        for seq, time, body in rows:
            prev = link(table, int(seq), time, to_dict(loads(body)), prev)
            links.append((prev, table, seq))
        with connection.cursor() as cursor:
            cursor.executemany(
                "UPDATE events SET hash = %s WHERE table_id = %s AND seq = %s", links
            )
        connection.execute(
            "UPDATE heads SET hash = %s WHERE table_id = %s",
            (links[-1][0] if links else GENESIS, table),
        )


#: What a migration step needs besides its SQL: step ``i``'s function, run right after it.
AFTER_STEP: Final[Mapping[int, Callable[[psycopg.Connection[Any]], None]]] = {3: _link_rows}


class PostgresStore:
    """An ``EventStore`` in a PostgreSQL database (schema created or migrated on opening)."""

    def __init__(self, url: str, *, clock: Callable[[], str] = now_text) -> None:
        self.name = redact(url)
        self.url = url
        self._db = connect(url)
        self._lock = threading.Lock()  # one statement at a time on the connection
        try:
            migrate(self._db, self.name)
        except BaseException:
            self._db.close()
            raise
        self._clock = clock
        self._commits = 0
        # The hash of the latest event seen of each table, ``(seq, hash)``: a stored
        # event's hash never changes, so the next append links after it unasked.
        self._heads: dict[str, tuple[int, str]] = {}
        kill = os.environ.get(KILL_AFTER_COMMIT, "")
        self._kill_after = int(kill) if kill.isdigit() else None

    def append(
        self,
        table: str,
        expected: int,
        events: Sequence[Event],
        *,
        times: Sequence[str] | None = None,
        command: str | None = None,
    ) -> None:
        """See ``EventStore.append``: one call, committed before it returns.

        ``command`` names the command these events carry out: a command is
        applied once per table; storing it again raises ``StoreError``
        (``store.error.applied``, with the event number it reached) and
        stores nothing.
        """
        if events:
            self._append([(Append(table, expected, events, times), command)], applied=True)

    #: ``append_many`` keeps each append's own ``times`` (imports).
    append_many_times: Final = True

    def append_many(
        self,
        batch: Sequence[Append | tuple[str, int, Sequence[Event]]],
        *,
        commands: Sequence[str | None] | None = None,
    ) -> None:
        """See ``GroupCommitStore.append_many``: several appends ``(table, expected,
        events[, times])`` in one call and one transaction (a group commit, or an
        import), all of them or none. ``StoreError`` (``store.error.conflict``) names
        the first table that did not hold its expected count (a table named twice
        counts its earlier events). ``commands`` names, append by append, the command
        it carries out (see ``append``); a command applied before makes the whole
        batch conflict."""
        named = list(commands) if commands is not None else [None] * len(batch)
        pairs = [
            (a, c) for a, c in zip((Append(*i) for i in batch), named, strict=True) if a.events
        ]
        if pairs:
            self._append(pairs, applied=False)

    def _append(self, pairs: list[tuple[Append, str | None]], *, applied: bool) -> None:
        """Store ``pairs`` (appends with the command each carries out) with one call of
        ``puntobanco_append``; on a refusal, ``store.error.applied`` where ``applied``
        asks for it and the one append names a command stored before, else the conflict
        naming the first table whose log is not where its append expected it."""
        pg = _psycopg()
        with self._lock:
            params, heads = self._call(pairs)
            try:
                self._db.execute(_APPEND, params)
            except pg.Error as error:
                if not isinstance(error, pg.errors.UniqueViolation) and (
                    error.sqlstate != CONFLICT_STATE
                ):
                    raise
                first, command = pairs[0]
                done = (
                    self._applied(first.table, command) if applied and command is not None else None
                )
                if done is not None:
                    raise StoreError(
                        "store.error.applied", table=first.table, command=command, seq=done
                    ) from None
                self._conflict([a for a, _ in pairs], cause=error)
            self._heads.update(heads)
        self._committed()

    def _conflict(self, appends: list[Append], cause: Exception) -> NoReturn:
        """Raise the conflict of the first append whose table does not hold its count
        (a table named twice: its first append)."""
        seen: set[str] = set()
        for a in appends:
            if a.table in seen:
                continue
            seen.add(a.table)
            found = self._count(a.table)
            if found != a.expected:
                raise StoreError(
                    "store.error.conflict", table=a.table, expected=a.expected, found=found
                ) from cause
        a = appends[0]
        raise StoreError(
            "store.error.conflict", table=a.table, expected=a.expected, found=self._count(a.table)
        ) from cause

    def _call(
        self, pairs: list[tuple[Append, str | None]]
    ) -> tuple[tuple[str, str], dict[str, tuple[int, str]]]:
        """The arguments of ``puntobanco_append`` for ``pairs``, and each table's head
        once they are stored. A table's appends are chained into one (each keeps its
        command and its notification); one that does not follow on the one before
        it is a conflict, raised before anything is sent."""
        stamp = self._clock()
        heads: dict[str, tuple[int, str]] = {}  # each table's (count, hash) as the batch goes
        starts: dict[str, tuple[int, str, str]] = {}  # each table's (expected, prev, first time)
        events: list[tuple[str, int, str, str, str, str]] = []
        commands: list[tuple[str, str, int]] = []  # (table, id, the count it reached)
        payloads = []
        for a, command in pairs:
            known = heads.get(a.table)
            if known is None:
                prev = self._prev(a.table, a.expected)
            else:  # named again: it must follow on its append before
                prev = known[1] if known[0] == a.expected else None
            if prev is None:
                raise StoreError(
                    "store.error.conflict",
                    table=a.table,
                    expected=a.expected,
                    found=self._count(a.table),
                )
            stamps = list(a.times) if a.times else [stamp] * len(a.events)
            starts.setdefault(a.table, (a.expected, prev, stamps[0]))
            head = prev
            for seq, (time, event) in enumerate(zip(stamps, a.events, strict=True), a.expected + 1):
                data = to_dict(event)
                head = link(a.table, seq, time, data, head)
                body = json.dumps(data, ensure_ascii=False)  # codec.dumps
                events.append((a.table, seq, time, type(event).__name__, body, head))
            count = a.expected + len(a.events)
            heads[a.table] = (count, head)
            if command is not None:
                commands.append((a.table, command, count))
            payloads.append(json.dumps({"table": a.table, "events": count}, ensure_ascii=False))
        batch = {
            "tables": [
                [t, x, heads[t][0], prev, heads[t][1], first]
                for t, (x, prev, first) in starts.items()
            ],
            "events": events,
            "commands": commands,
            "payloads": payloads,
        }
        # One JSON text: psycopg would dump each element of a list argument in Python.
        return (json.dumps(batch, ensure_ascii=False), CHANNEL), heads

    def _prev(self, table: str, expected: int) -> str | None:
        """The hash of the table's event ``expected`` (None if it has none yet)."""
        known = self._heads.get(table)
        if expected == 0:
            return GENESIS
        if known is not None and known[0] == expected:
            return known[1]
        row = self._db.execute(
            "SELECT hash FROM events WHERE table_id = %s AND seq = %s", (table, expected)
        ).fetchone()
        return str(row[0]) if row and row[0] is not None else None

    def _committed(self) -> None:
        self._commits += 1
        if self._kill_after is not None and self._commits >= self._kill_after:
            os.kill(os.getpid(), signal.SIGKILL)

    def _count(self, table: str) -> int:
        row = self._db.execute("SELECT events FROM heads WHERE table_id = %s", (table,)).fetchone()
        return int(row[0]) if row else 0

    def _applied(self, table: str, command: str) -> int | None:
        row = self._db.execute(
            "SELECT seq FROM commands WHERE table_id = %s AND id = %s", (table, command)
        ).fetchone()
        return int(row[0]) if row else None

    def applied(self, table: str, command: str) -> int | None:
        """The table's event count once ``command`` was applied; None if it never was."""
        with self._lock:
            return self._applied(table, command)

    def progress(self, table: str, command: str) -> tuple[int, int | None]:
        """The table's event count and ``applied(table, command)``, in one query."""
        with self._lock:
            row = self._db.execute(
                "SELECT (SELECT events FROM heads WHERE table_id = %(t)s), "
                "(SELECT seq FROM commands WHERE table_id = %(t)s AND id = %(c)s)",
                {"t": table, "c": command},
            ).fetchone()
        assert row is not None
        return int(row[0] or 0), None if row[1] is None else int(row[1])

    def count(self, table: str) -> int:
        """How many events the table holds (0 for an unknown table)."""
        with self._lock:
            return self._count(table)

    def load(self, table: str) -> list[Record]:
        """See ``EventStore.load``."""
        return self.load_after(table, 0)

    def load_after(self, table: str, seq: int, *, limit: int | None = None) -> list[Record]:
        """The table's events after number ``seq``, oldest first (a catch-up);
        the first ``limit`` of them only, if given."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, time, body, hash FROM events WHERE table_id = %s AND seq > %s "
                "ORDER BY seq LIMIT %s",
                (table, seq, limit),
            ).fetchall()
            if rows and rows[-1][3] is not None:
                known = self._heads.get(table)
                if known is None or known[0] < rows[-1][0]:
                    self._heads[table] = (int(rows[-1][0]), str(rows[-1][3]))
        return [Record(table, int(n), time, loads(body)) for n, time, body, _ in rows]

    def head(self, table: str, seq: int | None = None) -> str:
        """See ``ChainStore.head``: the stored hash, one lookup (none after this
        store's own append or load)."""
        with self._lock:
            if seq is None:
                row = self._db.execute(
                    "SELECT hash FROM heads WHERE table_id = %s", (table,)
                ).fetchone()
                return GENESIS if row is None else str(row[0])
            found = self._prev(table, seq)
        if found is None:
            raise StoreError("store.error.no_event", table=table, seq=seq, db=self.name)
        return found

    def save_snapshot(self, table: str, seq: int, body: str) -> None:
        """Keep ``body``, the table's state after its event ``seq`` (replacing an older one;
        of two processes saving at once, the later state stays)."""
        with self._lock:
            self._db.execute(
                "INSERT INTO snapshots (table_id, seq, body) VALUES (%s, %s, %s) "
                "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, body = excluded.body "
                "WHERE excluded.seq > snapshots.seq",
                (table, seq, body),
            )

    def load_snapshot(self, table: str) -> tuple[int, str] | None:
        """The latest snapshot of ``table``: ``(seq, body)``, or None."""
        with self._lock:
            row = self._db.execute(
                "SELECT seq, body FROM snapshots WHERE table_id = %s", (table,)
            ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def tables(self) -> list[str]:
        """See ``EventStore.tables`` (oldest first, by the time of each table's first event)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT table_id FROM heads ORDER BY first_time, table_id"
            ).fetchall()
        return [str(table) for (table,) in rows]

    def schema_version(self) -> int:
        """The version of the schema in the database."""
        with self._lock:
            row = self._db.execute("SELECT max(version) FROM puntobanco_schema").fetchone()
        assert row is not None
        return int(row[0])

    @property
    def backend_pid(self) -> int:
        """The server process of this store's connection (it sends the notifications
        of this store's appends)."""
        return int(self._db.info.backend_pid)

    def close(self) -> None:
        """Close the connection."""
        self._db.close()


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
