"""Who is speaking: tokens, their hashes, join codes, and where they are kept.

A token is 192 random bits from ``secrets`` (URL-safe text); the server keeps
only its SHA-256, so a copy of the database gives nobody a seat. A token is
the host's (every host command of one table) or one player's (that player's
commands only). Join codes are short, unambiguous and case-free, for typing
on a phone when the QR code cannot be scanned.

The credentials live beside the event log: in the same SQLite file (a table
of their own) when the log is a file, in memory otherwise. They are written
before the token is handed out, so a token that was given survives a crash.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol

TOKEN_BYTES: Final = 24  # 192 bits; the issue asks for at least 128
JOIN_ALPHABET: Final = "ACDEFHJKMNPRTUVWXY34679"  # no 0/O, 1/I/L, 2/Z, 5/S, 8/B
JOIN_LENGTH: Final = 5
HOST: Final = "host"
PLAYER: Final = "player"


def new_token() -> str:
    """A fresh bearer token (``secrets``, 192 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the server stores for ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_join_code() -> str:
    """Five characters a person reads off a screen without confusing any two."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


def normal_join_code(text: str) -> str:
    """A typed join code in the form it is stored (case and spaces ignored)."""
    return "".join(text.split()).upper()


@dataclass(frozen=True, slots=True)
class Identity:
    """The holder of a token: a table's host, or one of its players."""

    table: str
    role: str  # HOST or PLAYER
    player: str | None = None


@dataclass(frozen=True, slots=True)
class TableMeta:
    """What the web table keeps about a table beside its log."""

    table: str
    join_code: str
    settings: dict[str, Any]


class Credentials(Protocol):
    """Where token hashes and join codes are kept."""

    def load(self) -> tuple[list[TableMeta], dict[str, Identity]]:
        """Every table's meta and every token hash's identity."""
        ...

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        """Store a new table's join code, settings and host token hash (durable on return)."""
        ...

    def add_token(self, digest: str, identity: Identity) -> None:
        """Store a player's token hash (durable on return)."""
        ...

    def close(self) -> None:
        """Release the storage."""
        ...


class MemoryCredentials:
    """Credentials in memory (a server whose log is in memory)."""

    def __init__(self) -> None:
        self._tables: list[TableMeta] = []
        self._tokens: dict[str, Identity] = {}

    def load(self) -> tuple[list[TableMeta], dict[str, Identity]]:
        """See ``Credentials.load``."""
        return list(self._tables), dict(self._tokens)

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        """See ``Credentials.add_table``."""
        self._tables.append(meta)
        self._tokens[host_hash] = Identity(meta.table, HOST)

    def add_token(self, digest: str, identity: Identity) -> None:
        """See ``Credentials.add_token``."""
        self._tokens[digest] = identity

    def close(self) -> None:
        """Nothing to release."""


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
    player TEXT
);
"""


class FileCredentials:
    """Credentials in two tables of their own inside the log's SQLite file."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def load(self) -> tuple[list[TableMeta], dict[str, Identity]]:
        """See ``Credentials.load``."""
        tables = [
            TableMeta(t, code, json.loads(settings))
            for t, code, settings in self._db.execute(
                "SELECT table_id, join_code, settings FROM web_tables ORDER BY rowid"
            )
        ]
        tokens = {
            digest: Identity(t, role, player)
            for digest, t, role, player in self._db.execute(
                "SELECT digest, table_id, role, player FROM web_tokens"
            )
        }
        return tables, tokens

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        """See ``Credentials.add_table``."""
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(
                "INSERT INTO web_tables VALUES (?, ?, ?)",
                (meta.table, meta.join_code, json.dumps(meta.settings)),
            )
            db.execute(
                "INSERT INTO web_tokens VALUES (?, ?, ?, NULL)", (host_hash, meta.table, HOST)
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def add_token(self, digest: str, identity: Identity) -> None:
        """See ``Credentials.add_token``."""
        self._db.execute(
            "INSERT INTO web_tokens VALUES (?, ?, ?, ?)",
            (digest, identity.table, identity.role, identity.player),
        )

    def close(self) -> None:
        """Close the connection."""
        self._db.close()
