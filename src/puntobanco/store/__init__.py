"""The event log: where a table's events are kept, and how to reach it.

``EventStore`` is the interface every back end provides (SQLite here; a
PostgreSQL one can follow): append a table's new events atomically after a
known number of events, load a table's events, list the tables. Nothing in it
is specific to SQLite. ``MemoryStore`` keeps a log in memory (tests, quick
games); ``open_store`` turns a ``--db`` argument into a store.

Every store keeps each event's link of the hash chain (``store.chain``) as it
appends it, so a table's chain head is one lookup (``ChainStore.head``), not a
rehash of the log; ``head_of`` asks any store.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final, NamedTuple, Protocol, runtime_checkable

from puntobanco.errors import StoreError
from puntobanco.store.chain import GENESIS, link
from puntobanco.table.codec import to_dict
from puntobanco.table.events import Event


@dataclass(frozen=True, slots=True)
class Record:
    """One stored event: its table, its number there (1-based, no gaps), when it was stored."""

    table: str
    seq: int
    time: str
    event: Event


@runtime_checkable
class EventStore(Protocol):
    """A durable log of tables' events."""

    def append(
        self,
        table: str,
        expected: int,
        events: Sequence[Event],
        *,
        times: Sequence[str] | None = None,
    ) -> None:
        """Store ``events`` as numbers ``expected + 1`` onwards, all or none.

        Durable when it returns. Raises ``StoreError`` (``store.error.conflict``)
        when the table does not hold exactly ``expected`` events. ``times``
        (ISO 8601) replace the store's clock, for imports.
        """
        ...

    def load(self, table: str) -> list[Record]:
        """The table's events, oldest first (empty for an unknown table)."""
        ...

    def tables(self) -> list[str]:
        """Every table in the log, oldest first."""
        ...

    def close(self) -> None:
        """Release the store."""
        ...


@runtime_checkable
class SnapshotStore(Protocol):
    """A store that also keeps tables' snapshots (derived data: the log stays the truth)."""

    def save_snapshot(self, table: str, seq: int, body: str) -> None:
        """Keep ``body``, the table's state after its event ``seq``."""
        ...

    def load_snapshot(self, table: str) -> tuple[int, str] | None:
        """The latest snapshot: ``(seq, body)``, or None."""
        ...

    def load_after(self, table: str, seq: int) -> list[Record]:
        """The table's events after number ``seq``, oldest first."""
        ...


@runtime_checkable
class ChainStore(Protocol):
    """A store that keeps each event's hash (``store.chain``) beside it."""

    def head(self, table: str, seq: int | None = None) -> str:
        """The hash of the table's event ``seq`` (default: its last), as stored.

        ``GENESIS`` for ``seq`` 0 or an empty table; ``StoreError``
        (``store.error.no_event``) when the table has no event ``seq``.
        """
        ...


def head_of(store: EventStore, table: str, seq: int | None = None) -> str:
    """``store.head(table, seq)``; a store that keeps no hashes has its log rehashed."""
    if isinstance(store, ChainStore):
        return store.head(table, seq)
    records = store.load(table)
    return chain_links(records, seq, getattr(store, "name", "?"))


def chain_links(records: Sequence[Record], seq: int | None, db: str) -> str:
    """The hash of event ``seq`` (default: the last) of one table's ``records``."""
    count = len(records) if seq is None else seq
    if not 0 <= count <= len(records):
        table = records[0].table if records else "?"
        raise StoreError("store.error.no_event", table=table, seq=seq, db=db)
    prev = GENESIS
    for r in records[:count]:
        prev = link(r.table, r.seq, r.time, to_dict(r.event), prev)
    return prev


class Append(NamedTuple):
    """One table's part of a group commit: its events after ``expected`` events."""

    table: str
    expected: int
    events: Sequence[Event]
    times: Sequence[str] | None = None


@runtime_checkable
class GroupCommitStore(Protocol):
    """A store that commits several tables' appends at once (one transaction, one sync)."""

    def append_many(self, batch: Sequence[Append | tuple[str, int, Sequence[Event]]]) -> None:
        """Store every ``(table, expected, events[, times])`` of ``batch``, all or none.

        Each append is checked as ``append`` checks it (a table named twice
        counts its earlier events). When one conflicts, nothing of the batch
        is stored and ``StoreError`` (``store.error.conflict``) names that
        table in ``error.params["table"]``: the caller may drop or reload it
        and send the others again. Durable when it returns.
        """
        ...


def append_many(
    store: EventStore, batch: Sequence[Append | tuple[str, int, Sequence[Event]]]
) -> None:
    """``store.append_many(batch)``; a store without it appends one table after another
    (each append still all or none, the batch no longer). Appends with their own
    ``times`` (imports) go as one batch only to a store whose ``append_many``
    keeps them (``append_many_times = True``)."""
    appends = [Append(*item) for item in batch]
    timed = any(a.times is not None for a in appends)
    if isinstance(store, GroupCommitStore) and (
        not timed or getattr(store, "append_many_times", False)
    ):
        store.append_many(appends if timed else [(a.table, a.expected, a.events) for a in appends])
        return
    for a in appends:
        store.append(a.table, a.expected, a.events, times=a.times)


def now_text() -> str:
    """The current UTC time as stored with an event."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class MemoryStore:
    """An ``EventStore`` in memory: gone when the process ends. ``clock`` gives the
    time stored with each event (tests move it with the engine's clock)."""

    append_many_times: Final = True

    def __init__(self, *, clock: Callable[[], str] = now_text) -> None:
        self._clock = clock
        self._logs: dict[str, list[Record]] = {}
        self._hashes: dict[str, list[str]] = {}
        self._snapshots: dict[str, tuple[int, str]] = {}
        self.name = ":memory:"

    def append(
        self,
        table: str,
        expected: int,
        events: Sequence[Event],
        *,
        times: Sequence[str] | None = None,
    ) -> None:
        """See ``EventStore.append``."""
        log = self._logs.get(table, [])
        if len(log) != expected:
            raise StoreError("store.error.conflict", table=table, expected=expected, found=len(log))
        stamp = self._clock()
        new = [
            Record(table, expected + i + 1, times[i] if times else stamp, event)
            for i, event in enumerate(events)
        ]
        hashes = self._hashes.setdefault(table, [])
        for r in new:
            hashes.append(
                link(table, r.seq, r.time, to_dict(r.event), hashes[-1] if hashes else GENESIS)
            )
        self._logs.setdefault(table, []).extend(new)

    def append_many(self, batch: Sequence[Append | tuple[str, int, Sequence[Event]]]) -> None:
        """See ``GroupCommitStore.append_many``."""
        appends = [Append(*item) for item in batch]
        counts: dict[str, int] = {}
        for a in appends:
            found = counts.setdefault(a.table, len(self._logs.get(a.table, [])))
            if found != a.expected:
                raise StoreError(
                    "store.error.conflict", table=a.table, expected=a.expected, found=found
                )
            counts[a.table] += len(a.events)
        for a in appends:
            if a.events:
                self.append(a.table, a.expected, a.events, times=a.times)

    def load(self, table: str) -> list[Record]:
        """See ``EventStore.load``."""
        return list(self._logs.get(table, []))

    def tables(self) -> list[str]:
        """See ``EventStore.tables``."""
        return list(self._logs)

    def head(self, table: str, seq: int | None = None) -> str:
        """See ``ChainStore.head``."""
        hashes = self._hashes.get(table, [])
        count = len(hashes) if seq is None else seq
        if not 0 <= count <= len(hashes):
            raise StoreError("store.error.no_event", table=table, seq=seq, db=self.name)
        return hashes[count - 1] if count else GENESIS

    def save_snapshot(self, table: str, seq: int, body: str) -> None:
        """See ``SnapshotStore.save_snapshot``."""
        old = self._snapshots.get(table)
        if old is None or seq > old[0]:
            self._snapshots[table] = (seq, body)

    def load_snapshot(self, table: str) -> tuple[int, str] | None:
        """See ``SnapshotStore.load_snapshot``."""
        return self._snapshots.get(table)

    def load_after(self, table: str, seq: int) -> list[Record]:
        """See ``SnapshotStore.load_after``."""
        return list(self._logs.get(table, [])[seq:])

    def close(self) -> None:
        """Nothing to release."""


def existing_log(path: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """``path`` if a log file is there; ``StoreError`` otherwise (reading never creates one).

    A URL other than ``sqlite:///`` is returned as it is (its server says whether it exists).
    """
    text = os.fspath(path)
    scheme, sep, rest = text.partition("://")
    if sep and scheme != "sqlite":
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
    file, created if missing; ``postgresql://...``: the PostgreSQL store; a
    store is used as it is. ``StoreError`` for an empty name or an unknown scheme.

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
    if not sep:
        return _sqlite(db, readonly)
    if scheme == "sqlite":
        if not rest.startswith("/") or not rest[1:]:
            raise StoreError("store.error.url", url=db, schemes=", ".join(SCHEMES))
        return _sqlite(rest[1:], readonly)
    if scheme == "memory" and not rest:
        return MemoryStore()
    if scheme in ("postgresql", "postgres"):
        import importlib

        try:
            backend = importlib.import_module("puntobanco.store.postgres")
        except ImportError:
            raise StoreError("store.error.url", url=db, schemes=", ".join(SCHEMES)) from None
        store: EventStore = backend.open_url(db)
        return store
    raise StoreError("store.error.url", url=db, schemes=", ".join(SCHEMES))


#: The URL schemes ``open_store`` knows (a plain path is a SQLite file).
SCHEMES = ("sqlite:///PATH", "memory://", "postgresql://...")


def _sqlite(path: str, readonly: bool = False) -> EventStore:
    from puntobanco.store.sqlite import SQLiteStore

    return SQLiteStore(path, readonly=readonly)
