"""The web table's credentials in the SQLite log's own file (two tables of their own).

Part of the SQLite back end (``SQLiteStore.credentials``): a connection of
their own to the same file, written before a token is handed out.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from puntobanco.errors import StoreError
from puntobanco.store.credentials import HOST, Identity, TableMeta

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS web_tables (
    table_id TEXT PRIMARY KEY,
    join_code TEXT NOT NULL UNIQUE,
    settings TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS web_tokens (
    digest TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    role TEXT NOT NULL,
    player TEXT,
    seating INTEGER
);
"""


class FileCredentials:
    """Credentials in two tables of their own inside the log's SQLite file."""

    shared: Final = False

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._name = str(path)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(web_tokens)")}
        if "seating" not in columns:  # a file from before tokens were bound to seatings
            self._db.execute("ALTER TABLE web_tokens ADD COLUMN seating INTEGER")

    def load(self) -> tuple[list[TableMeta], dict[str, Identity]]:
        """See ``Credentials.load``."""
        tables = [
            TableMeta(t, code, json.loads(settings))
            for t, code, settings in self._db.execute(
                "SELECT table_id, join_code, settings FROM web_tables ORDER BY rowid"
            )
        ]
        tokens = {
            digest: Identity(*row)
            for digest, *row in self._db.execute(
                "SELECT digest, table_id, role, player, seating FROM web_tokens"
            )
        }
        return tables, tokens

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """SQLite's refusal to write (a read-only file, a full disk) as the store's
        own (``store.error.cannot_write``): the table or seat is then refused (503)."""
        try:
            yield
        except sqlite3.Error as error:
            raise StoreError("store.error.cannot_write", db=self._name, reason=str(error)) from None

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        """See ``Credentials.add_table``."""
        db = self._db
        with self._writing():
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute(
                    "INSERT INTO web_tables VALUES (?, ?, ?)",
                    (meta.table, meta.join_code, json.dumps(meta.settings)),
                )
                db.execute(
                    "INSERT INTO web_tokens VALUES (?, ?, ?, NULL, NULL)",
                    (host_hash, meta.table, HOST),
                )
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def add_token(self, digest: str, identity: Identity) -> None:
        """See ``Credentials.add_token``."""
        with self._writing():
            self._db.execute(
                "INSERT INTO web_tokens VALUES (?, ?, ?, ?, ?)",
                (digest, identity.table, identity.role, identity.player, identity.seating),
            )

    def bind_token(self, digest: str, seating: int) -> None:
        """See ``Credentials.bind_token``."""
        with self._writing():
            self._db.execute(
                "UPDATE web_tokens SET seating = ? WHERE digest = ? AND seating IS NULL",
                (seating, digest),
            )

    def find_token(self, digest: str) -> Identity | None:
        """See ``Credentials.find_token``."""
        row = self._db.execute(
            "SELECT table_id, role, player, seating FROM web_tokens WHERE digest = ?", (digest,)
        ).fetchone()
        return None if row is None else Identity(*row)

    def find_table(self, table: str) -> TableMeta | None:
        """See ``Credentials.find_table``."""
        return self._meta("table_id", table)

    def find_code(self, code: str) -> TableMeta | None:
        """See ``Credentials.find_code``."""
        return self._meta("join_code", code)

    def _meta(self, column: str, value: str) -> TableMeta | None:
        row = self._db.execute(
            f"SELECT table_id, join_code, settings FROM web_tables WHERE {column} = ?", (value,)
        ).fetchone()
        return None if row is None else TableMeta(row[0], row[1], json.loads(row[2]))

    def close(self) -> None:
        """Close the connection."""
        self._db.close()
