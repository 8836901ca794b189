"""The SQLite log's file: made whole and private, and checked before anyone writes to it.

Part of the SQLite back end (``store.sqlite``). A new log is made in a file
of its own beside the path (mode 0600: it holds every card still to come),
set up there, then linked into place in one step, so that no process killed
at any moment leaves an empty or half-made file where a log is expected;
SQLite then makes the ``-wal`` and ``-shm`` files with the same mode. A file
that is already there keeps its mode.

A file that is there must be a SQLite database (an empty file is refused: a
log puntobanco made is never empty, so an empty one has lost what it held),
and a writer opens it only once SQLite's ``quick_check`` finds every page
and b-tree sound (``pages_checked``): a damaged page is refused before a
single event is written on top of it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Final

from puntobanco.errors import DamagedLogError, NotALogError, StoreError

#: The first bytes of every SQLite file.
MAGIC: Final = b"SQLite format 3\x00"
#: The mode of a new log file (and so of its ``-wal`` and ``-shm``): its owner's only.
FILE_MODE: Final = 0o600
#: The mode of a folder made for a new log.
FOLDER_MODE: Final = 0o700


def open_writer(
    name: str, timeout: float, factory: type[sqlite3.Connection] = sqlite3.Connection
) -> sqlite3.Connection:
    """A writer's connection to the log file ``name``: a new log made whole and
    private where no file is (``create``), else the file refused unless it is a
    sound game log (``check_header``, ``pages_checked``), before anything is
    written to it. ``factory``: ``sqlite3.connect``'s."""
    made = name == ":memory:" or create(Path(name))
    if not made and os.path.lexists(name):
        check_header(name)
    db = sqlite3.connect(name, isolation_level=None, timeout=timeout, factory=factory)
    if not made:
        try:
            pages_checked(db, name)
        except BaseException:
            db.close()
            raise
    return db


def check_header(name: str) -> None:
    """Refuse the file ``name`` unless it starts as a SQLite database does:
    ``NotALogError`` for an empty file (``store.error.empty_log``, saying what to
    do) or another kind of file. ``OSError`` (``FileNotFoundError``,
    ``IsADirectoryError``...) when it cannot be read."""
    with open(name, "rb") as handle:
        header = handle.read(len(MAGIC))
    if not header:
        raise NotALogError("store.error.empty_log", db=name)
    if header != MAGIC:
        raise NotALogError(
            "store.error.not_log", db=name, reason=StoreError("store.reason.not_sqlite")
        )


def create(path: Path) -> bool:
    """Make a new, empty log at ``path`` unless a file is there; True if this call made it.

    The file is made private (``FILE_MODE``) under another name in the same
    folder, put in WAL mode (SQLite writes its first page), synced, and then
    linked to ``path``, which never names an empty file. A log another process
    made at ``path`` meanwhile is kept (False); so is the folder where no file can
    be made (False: SQLite's own refusal then names the log). Missing folders are
    made (the last one private: ``FOLDER_MODE``).
    """
    if os.path.lexists(path):
        return False
    path.parent.mkdir(parents=True, exist_ok=True, mode=FOLDER_MODE)
    try:
        handle, spare = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    except OSError:  # no file can be made there: SQLite says why, naming the log
        return False
    os.close(handle)  # mkstemp makes it 0600 whatever the umask
    try:
        with contextlib.closing(sqlite3.connect(spare, isolation_level=None)) as db:
            db.execute("PRAGMA journal_mode=WAL").fetchone()
        _sync(spare)
        try:
            os.link(spare, path)
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links: a rename, if still free
            if os.path.lexists(path):
                return False
            os.replace(spare, path)
        _sync(path.parent)
        return True
    finally:
        for leftover in (spare, f"{spare}-wal", f"{spare}-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)


def _sync(path: str | Path) -> None:
    """Flush ``path`` (a file, or a folder's entries) to the disk."""
    flags = os.O_RDONLY | (os.O_DIRECTORY if os.path.isdir(path) else 0)
    handle = os.open(path, flags)
    try:
        os.fsync(handle)
    except OSError:  # a folder some file systems cannot sync: its entry is written anyway
        pass
    finally:
        os.close(handle)


def pages_checked(db: sqlite3.Connection, name: str) -> None:
    """Refuse the open log ``db`` (the file ``name``) unless SQLite's ``quick_check``
    passes and it is a game log or a new, empty database.

    ``quick_check`` reads every page and b-tree of the file (what
    ``integrity_check`` does but the cross-check of indexes; 0.3 s for 100,000
    coups: ``bench/bench_store_check.py``). ``DamagedLogError``
    (``store.error.damaged_open``, naming the file and what to do) when it finds
    damage or SQLite cannot read the file; ``NotALogError`` for a database that
    holds other tables but no events.
    """
    try:
        problems = [str(row[0]) for row in db.execute("PRAGMA quick_check(3)")]
        names = {str(n) for (n,) in db.execute("SELECT name FROM sqlite_schema")}
    except sqlite3.DatabaseError as error:
        code = str(getattr(error, "sqlite_errorname", ""))
        if code.startswith("SQLITE_NOTADB"):
            raise NotALogError(
                "store.error.not_log", db=name, reason=StoreError("store.reason.not_sqlite")
            ) from None
        if not code.startswith(("SQLITE_CORRUPT", "SQLITE_IOERR")):
            raise  # busy, locked, cannot open: not damage
        problems = [str(error)]
    else:
        if problems == ["ok"] and names and "events" not in names:
            raise NotALogError(
                "store.error.not_log", db=name, reason=StoreError("store.reason.no_events")
            )
    if problems != ["ok"]:
        # SQLite heads its findings with the database's name ("*** in database main ***").
        lines = [line for p in problems for line in p.splitlines() if not line.startswith("***")]
        raise DamagedLogError(
            "store.error.damaged_open",
            db=name,
            reason=StoreError("store.reason.sqlite", detail="; ".join(lines)),
        )
