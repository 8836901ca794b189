"""The SQLite log's schema, versioned, and the conversion of an older one.

Part of the SQLite back end (``store.sqlite``). ``PRAGMA user_version`` holds
the schema's version: a writer creates the schema in a new file and brings
an older one up to date (``upgrade``); a reader, which never writes, refuses
an older one. Each event is one row keyed by (table, number); ``crc`` is a
checksum of the row (``row_crc``) and ``hash`` its link of the log's hash
chain.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from typing import Final, NoReturn

from puntobanco.errors import DamagedLogError, NewerLogError, PuntoBancoError, StoreError
from puntobanco.interrupts import deferred_signals
from puntobanco.store.chain import GENESIS, link
from puntobanco.store.seal import KeySource, open_event
from puntobanco.table.codec import from_dict, to_dict

SCHEMA_VERSION: Final = 3

# ``crc``: a checksum of the row's other columns, so that a byte changed on the
# disk (in a time, a name, a stake) is found when the row is read, not shown.
# ``hash`` (schema 3): the row's link of the hash chain; it is checked by
# recomputing it, so the checksum (of schema 2) leaves it out.
EVENTS: Final = """
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    time TEXT NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    crc INTEGER,
    hash TEXT,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID
"""
# The ids of the commands that made events, with the numbers of those events
# (``EventStore.applied``): written in the transaction of their events, kept
# for the table's life, so that a command sent again after any restart is
# answered as it was the first time and acts not at all. Not part of the log
# (an export leaves them out): a reader never needs them, so an older file
# gets the table from its first writer without a new schema version.
COMMANDS: Final = """
CREATE TABLE IF NOT EXISTS commands (
    table_id TEXT NOT NULL,
    id TEXT NOT NULL,
    first INTEGER NOT NULL,
    last INTEGER NOT NULL,
    PRIMARY KEY (table_id, id)
) WITHOUT ROWID
"""


def row_crc(table: str, seq: int, time: str, type_name: str, body: str) -> int:
    """The checksum kept with each row: CRC-32 of its columns, each ended by a NUL."""
    data = "\x00".join((table, str(seq), time, type_name, body)).encode("utf-8", "surrogatepass")
    return zlib.crc32(data)


#: Tables' snapshots (derived data: a table's state after one of its events).
SNAPSHOTS: Final = """
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    body TEXT NOT NULL
) WITHOUT ROWID
"""


def upgrade(
    db: sqlite3.Connection, name: str, key: KeySource = lambda: None, where: str = ""
) -> None:
    """A writer's schema: created if missing, an older one brought up to date.

    ``key`` gives the sealer that opens the rows sealed under the log's key (``where``: where that
    key is looked for, named when a sealed row finds none).
    """
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:
        raise NewerLogError(
            "store.error.pg_newer_schema", db=name, found=version, known=SCHEMA_VERSION
        )
    if version == SCHEMA_VERSION:
        known = db.execute("SELECT 1 FROM sqlite_schema WHERE name = 'commands'").fetchone()
        if known is None:  # a file of this version that no writer with ids opened yet
            db.execute(COMMANDS)
        return
    with deferred_signals():
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute(EVENTS)
            columns = [row[1] for row in db.execute("PRAGMA table_info(events)")]
            if "crc" not in columns:  # a log of version 1: each row gets its checksum
                db.execute("ALTER TABLE events ADD COLUMN crc INTEGER")
                rows = db.execute("SELECT table_id, seq, time, type, body FROM events")
                db.executemany(
                    "UPDATE events SET crc = ? WHERE table_id = ? AND seq = ?",
                    [(row_crc(*row), row[0], row[1]) for row in rows.fetchall()],
                )
            if "hash" not in columns:  # a log of version 2 or older: each row gets its link
                db.execute("ALTER TABLE events ADD COLUMN hash TEXT")
                _link_rows(db, name, key, where)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            db.execute(COMMANDS)
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise


def _link_rows(db: sqlite3.Connection, name: str, key: KeySource, where: str) -> None:
    """Every row's ``hash``, table by table in order (converting an older log).

    Taken over the event as it reads back (what an export writes: its sealed
    fields opened), so the stored chain is the exported one. A row that cannot
    be read is damage; a sealed row with no key is refused as such.
    """
    rows = db.execute("SELECT table_id, seq, time, body FROM events ORDER BY table_id, seq")
    links: list[tuple[str, str, int]] = []
    table, prev = None, GENESIS
    for table_id, seq, time, body in rows.fetchall():
        if table_id != table:
            table, prev = table_id, GENESIS
        try:
            data = json.loads(body)
            if isinstance(data, dict):
                data = open_event(key, data, where)
            event = to_dict(from_dict(data))
        except StoreError:
            raise
        except (ValueError, TypeError, KeyError, PuntoBancoError) as error:
            _damaged(name, "store.reason.row", table=table_id, seq=seq, detail=str(error))
        prev = link(table_id, seq, time, event, prev)
        links.append((prev, table_id, seq))
    db.executemany("UPDATE events SET hash = ? WHERE table_id = ? AND seq = ?", links)


def _damaged(name: str, reason: str, **params: object) -> NoReturn:
    raise DamagedLogError("store.error.damaged", db=name, reason=StoreError(reason, **params))
