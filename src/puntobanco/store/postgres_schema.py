"""The PostgreSQL store's schema, versioned, and its connections.

Part of the PostgreSQL back end (``store.postgres``). ``puntobanco_schema``
holds the schema's version; opening a store applies the missing steps of
``MIGRATIONS`` in order, under a lock, so that two processes starting together
migrate once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

from puntobanco.errors import StoreError
from puntobanco.store.base import redact as redact
from puntobanco.store.chain import GENESIS, link
from puntobanco.table.codec import loads, to_dict

if TYPE_CHECKING:
    import psycopg

#: The channel of ``LISTEN``/``NOTIFY``: lower case, since PostgreSQL folds
#: unquoted names to lower case.
CHANNEL: Final = "puntobanco"
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
    # The web table's credentials (``store.postgres_shared.PgCredentials``), so that
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
    # The events of each stored command, first to last (``EventStore.applied``): a
    # command sent again is answered with the events it made; a command stored
    # before this step has no ``first`` and is answered with its count alone.
    """
    ALTER TABLE commands ADD COLUMN first BIGINT;
    CREATE OR REPLACE FUNCTION puntobanco_append(_batch JSON, _channel TEXT) RETURNS BIGINT
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
        -- events: [table, seq, time, type, body, hash]; commands: [table, id, last, first]
        INSERT INTO events (table_id, seq, time, type, body, hash)
            SELECT e ->> 0, (e ->> 1)::BIGINT, e ->> 2, e ->> 3, e ->> 4, e ->> 5
            FROM json_array_elements(_batch -> 'events') AS e;
        INSERT INTO commands (table_id, id, seq, first)
            SELECT c ->> 0, c ->> 1, (c ->> 2)::BIGINT, (c ->> 3)::BIGINT
            FROM json_array_elements(_batch -> 'commands') AS c;
        PERFORM pg_notify(_channel, n.p)
            FROM json_array_elements_text(_batch -> 'payloads') WITH ORDINALITY AS n(p, i)
            ORDER BY n.i;
        RETURN created + moved;
    END
    $$;
    """,
    # Each player's token bound to the seating it was given for (the number of the
    # event that seated them): it acts for nobody once that seating ends.
    """
    ALTER TABLE web_tokens ADD COLUMN seating BIGINT;
    """,
)
SCHEMA_VERSION: Final = len(MIGRATIONS)


def psycopg_module() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreError("store.error.pg_no_driver") from None
    return psycopg


#: TCP keepalives, unless the URL sets its own: a connection whose server went
#: silent (a network cut, a host gone) is found broken within about 25 s, not
#: after the system's retransmission timeout (minutes), even while it waits for
#: an answer.
KEEPALIVES: Final[Mapping[str, str]] = {
    "keepalives": "1",
    "keepalives_idle": "10",
    "keepalives_interval": "5",
    "keepalives_count": "3",
}


def connect(url: str, *, autocommit: bool = True, timeout: int = 10) -> psycopg.Connection[Any]:
    """A connection to ``url`` (``timeout``: libpq's ``connect_timeout``, in seconds);
    ``StoreError`` (in words) when the database cannot be reached."""
    pg = psycopg_module()
    try:
        given = pg.conninfo.conninfo_to_dict(url)
        options = {k: v for k, v in KEEPALIVES.items() if k not in given}
        connection: psycopg.Connection[Any] = pg.connect(
            url, autocommit=autocommit, connect_timeout=timeout, **options
        )
    except pg.Error as error:
        reason = str(error).strip().splitlines()
        raise StoreError(
            "store.error.pg_unreachable", db=redact(url), reason=reason[0] if reason else "?"
        ) from None
    return connection


def migrate(connection: psycopg.Connection[Any], name: str) -> int:
    """Bring the schema to ``SCHEMA_VERSION``; returns the version found before.

    A schema already up to date is only read, so that a database that cannot be
    written (a read-only replica, a full disk) still opens, to be read."""
    with connection.transaction():
        if _has_schema(connection):
            row = connection.execute("SELECT max(version) FROM puntobanco_schema").fetchone()
            if row is not None and row[0] == SCHEMA_VERSION:
                return SCHEMA_VERSION
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


def _has_schema(connection: psycopg.Connection[Any]) -> bool:
    """Whether the database holds puntobanco's schema table (in the search path)."""
    row = connection.execute("SELECT to_regclass('puntobanco_schema') IS NOT NULL").fetchone()
    return bool(row and row[0])


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
