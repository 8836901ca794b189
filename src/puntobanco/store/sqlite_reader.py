"""Opening a SQLite log read-only, and SQLite's refusals put as named errors.

Part of the SQLite back end (``store.sqlite``): what a reader does before it
trusts a file, and how SQLite's own errors are named to the person at the
command line.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from puntobanco.errors import (
    CannotOpenError,
    DamagedLogError,
    NotALogError,
    StoreError,
    StoreLockedError,
)
from puntobanco.store.sqlite_file import check_header


def open_reader(name: str, timeout: float) -> sqlite3.Connection:
    """A read-only connection to the log file ``name``, refused in words when the
    file is missing, a folder, empty or not a SQLite database (``check_header``).

    ``mode=ro`` never writes the database; in WAL mode SQLite still needs the
    ``-shm`` index beside it and creates it when the folder allows. In a
    read-only folder with no ``-wal`` beside the file no writer can be at work
    (a writer keeps one open) and nothing waits to be merged, so the file is
    read as ``immutable``; with a ``-wal`` there it is refused, since reading
    the file without it could miss its last coups.
    """
    path = Path(name)
    try:
        check_header(name)  # a file that cannot be read: the system's words
    except IsADirectoryError:
        raise NotALogError(
            "store.error.not_log", db=name, reason=StoreError("store.reason.folder")
        ) from None
    except FileNotFoundError:
        raise StoreError("store.error.no_log", db=name) from None
    uri = path.resolve().as_uri() + "?mode=ro"
    db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=timeout)
    try:
        db.execute("SELECT COUNT(*) FROM sqlite_schema").fetchone()
        return db
    except sqlite3.Error as error:
        db.close()
        code = str(getattr(error, "sqlite_errorname", ""))
        if not code.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN")):
            raise named(error, name, timeout) from None
        wal = Path(f"{path}-wal")
        if os.access(path.parent, os.W_OK):  # not the folder: SQLite's own reason
            raise named(error, name, timeout) from None
        if wal.exists():  # a writer at work, or commits not merged into the file
            raise CannotOpenError("store.error.read_only_wal", db=name, wal=str(wal)) from None
    db = sqlite3.connect(uri + "&immutable=1", uri=True, isolation_level=None, timeout=timeout)
    try:
        db.execute("SELECT COUNT(*) FROM sqlite_schema").fetchone()
    except sqlite3.Error as error:
        db.close()
        raise named(error, name, timeout) from None
    return db


def named(error: sqlite3.Error, db: str, timeout: float) -> StoreError:
    """SQLite's error while reading ``db`` as a named error."""
    code = str(getattr(error, "sqlite_errorname", ""))
    if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return StoreLockedError("store.error.locked", db=db, seconds=round(timeout, 1))
    if code.startswith("SQLITE_NOTADB"):
        return NotALogError(
            "store.error.not_log", db=db, reason=StoreError("store.reason.not_sqlite")
        )
    if code.startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")):
        return CannotOpenError("store.error.cannot_open", db=db, detail=str(error))
    return DamagedLogError(
        "store.error.damaged", db=db, reason=StoreError("store.reason.sqlite", detail=str(error))
    )


def first_gap(db: sqlite3.Connection, table: str) -> int:
    """The first number missing from ``table``'s events."""
    expected = 1
    for (seq,) in db.execute("SELECT seq FROM events WHERE table_id = ? ORDER BY seq", (table,)):
        if seq != expected:
            return int(expected)
        expected += 1
    return expected
