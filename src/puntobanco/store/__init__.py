"""The event log: where a table's events are kept, and how to reach it.

``EventStore`` (``store.base``) is the interface every back end provides:
append a table's new events atomically after a known number of events, load a
table's events, list the tables; what a back end can do besides (snapshots,
group commits, backups, the web table's credentials, several processes on one
log) are capabilities of the same interface. ``open_store`` turns a ``--db``
argument into a store, choosing the back end by the URL: SQLite
(``store.sqlite``), PostgreSQL (``store.postgres``) or memory
(``store.memory``). Nothing outside ``store/`` names a back end.

Every store keeps each event's link of the hash chain (``store.chain``) as it
appends it, so a table's chain head is one lookup (``ChainStore.head``), not a
rehash of the log; ``head_of`` asks any store.
"""

from __future__ import annotations

import os
from pathlib import Path

from puntobanco.errors import StoreError
from puntobanco.store.base import (
    Append,
    Applied,
    BackupStore,
    ChainStore,
    ClockedStore,
    CredentialStore,
    EventStore,
    GroupCommitStore,
    Listening,
    Ownership,
    PrefixedStore,
    ProbedStore,
    Record,
    SharedStore,
    SnapshotStore,
    append_many,
    chain_links,
    conflict,
    head_of,
    is_conninfo,
    now_text,
    redact,
)
from puntobanco.store.credentials import Credentials, MemoryCredentials
from puntobanco.store.memory import MemoryStore

__all__ = [
    "SCHEMES",
    "Append",
    "Applied",
    "BackupStore",
    "ChainStore",
    "ClockedStore",
    "CredentialStore",
    "Credentials",
    "EventStore",
    "GroupCommitStore",
    "Listening",
    "MemoryStore",
    "redact",
    "Ownership",
    "PrefixedStore",
    "ProbedStore",
    "Record",
    "SharedStore",
    "SnapshotStore",
    "append_many",
    "backup_source",
    "chain_links",
    "conflict",
    "credentials_of",
    "existing_log",
    "head_of",
    "is_conninfo",
    "now_text",
    "open_store",
    "probe",
]


def existing_log(path: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """``path`` if a log file is there; ``StoreError`` otherwise (reading never creates one).

    A URL other than ``sqlite:///``, or a PostgreSQL connection string, is returned as it
    is (its server says whether it exists).
    """
    text = os.fspath(path)
    scheme, sep, rest = text.partition("://")
    if (sep and scheme != "sqlite") or is_conninfo(text):
        return path
    where = Path(rest[1:] if sep else text)
    if where.is_dir():
        from puntobanco.errors import NotALogError

        raise NotALogError(
            "store.error.not_log", db=str(path), reason=StoreError("store.reason.folder")
        )
    if not where.is_file():
        raise StoreError("store.error.no_log", db=str(path))
    return path


def open_store(
    db: str | os.PathLike[str] | EventStore | None, *, readonly: bool = False
) -> EventStore:
    """The store that ``db`` names, chosen by the URL's scheme.

    ``None`` or ``"memory://"``: a ``MemoryStore``; a plain path or
    ``sqlite:///path`` (``sqlite:////abs/path`` for an absolute one): a SQLite
    file, created if missing; ``postgresql://...``, or a libpq connection string
    in keyword/value form (``host=... dbname=...``: ``is_conninfo``; never taken
    as a file's name): the PostgreSQL store; a store is used as it is.
    ``StoreError`` for an empty name or an unknown scheme.

    ``readonly=True`` (commands that only read): a SQLite file is opened
    read-only and checked (``SQLiteStore(readonly=True)``); it must exist.
    """
    if db is None:
        return MemoryStore()
    if isinstance(db, os.PathLike):
        db = os.fspath(db)
    if not isinstance(db, str):
        if isinstance(db, EventStore):
            return db
        raise StoreError("store.error.url", url=db, schemes=", ".join(SCHEMES))
    if not db.strip():
        raise StoreError("store.error.url", url=db, schemes=", ".join(SCHEMES))
    scheme, sep, rest = db.partition("://")
    if not sep and is_conninfo(db):
        from puntobanco.store.postgres import open_url

        return open_url(db)
    if not sep:
        return _sqlite(db, readonly)
    if scheme == "sqlite":
        if not rest.startswith("/") or not rest[1:]:
            raise StoreError("store.error.url", url=redact(db), schemes=", ".join(SCHEMES))
        return _sqlite(rest[1:], readonly)
    if scheme == "memory" and not rest:
        return MemoryStore()
    if scheme in ("postgresql", "postgres"):
        from puntobanco.store.postgres import open_url

        return open_url(db)
    raise StoreError("store.error.url", url=redact(db), schemes=", ".join(SCHEMES))


#: The URL schemes ``open_store`` knows (a plain path is a SQLite file, a
#: ``host=... dbname=...`` string a PostgreSQL database).
SCHEMES = ("sqlite:///PATH", "memory://", "postgresql://...")


def _sqlite(path: str, readonly: bool = False) -> EventStore:
    from puntobanco.store.sqlite import SQLiteStore

    return SQLiteStore(path, readonly=readonly)


def backup_source(db: str | os.PathLike[str]) -> str:
    """The URL that opens the log ``db`` names for a backup (``BackupStore``): a
    SQLite file that is there. ``StoreError`` otherwise, before anything is opened:
    ``store.error.backup_pg`` for a PostgreSQL database (``pg_dump`` copies it),
    ``store.error.backup_scheme`` for another URL, ``existing_log``'s for a file
    that is not there."""
    text = os.fspath(db)
    scheme, sep, rest = text.partition("://")
    if (sep and scheme in ("postgresql", "postgres")) or is_conninfo(text):
        raise StoreError("store.error.backup_pg", db=redact(text))
    if sep and scheme != "sqlite":
        raise StoreError("store.error.backup_scheme", db=redact(text))
    path = rest[1:] if sep else text
    existing_log(path)
    return f"sqlite:///{path}"


def probe(store: EventStore) -> None:
    """Raise unless ``store`` can write now (``ProbedStore.probe``); a store that
    cannot say is asked a trivial question instead (it answers, or raises)."""
    if isinstance(store, ProbedStore):
        store.probe()
    else:
        head_of(store, "")


def credentials_of(store: EventStore) -> Credentials:
    """The web table's credentials kept beside ``store``'s log (``CredentialStore``);
    in memory for a store that keeps none."""
    return store.credentials() if isinstance(store, CredentialStore) else MemoryCredentials()
