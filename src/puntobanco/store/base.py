"""The store's interface: what every back end provides, and what some can do besides.

``EventStore`` is the interface every back end provides: append a table's new
events atomically after a known number of events, load a table's events, list
the tables. The other protocols are capabilities that a back end has or has
not (``isinstance(store, SnapshotStore)``): snapshots, the hash chain kept
beside the log, group commits, backups, the web table's credentials, and,
for a log that several processes write at once, hearing each other's commits
and owning tables. ``open_store(url)`` (``puntobanco.store``) chooses the back
end; nothing outside ``store/`` names one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Final, NamedTuple, Protocol, TypeGuard, runtime_checkable
from urllib.parse import unquote_plus

from puntobanco.errors import StoreError
from puntobanco.store.chain import GENESIS, link
from puntobanco.store.credentials import Credentials
from puntobanco.table.codec import to_dict
from puntobanco.table.events import Event


@dataclass(frozen=True, slots=True)
class Record:
    """One stored event: its table, its number there (1-based, no gaps), when it was stored."""

    table: str
    seq: int
    time: str
    event: Event


class Applied(NamedTuple):
    """The events a command stored, by number: ``first`` to ``last`` (``EventStore.applied``)."""

    first: int
    last: int


@runtime_checkable
class EventStore(Protocol):
    """A durable log of tables' events, with the ids of the commands that made them."""

    def append(
        self,
        table: str,
        expected: int,
        events: Sequence[Event],
        *,
        times: Sequence[str] | None = None,
        command: str | None = None,
    ) -> None:
        """Store ``events`` as numbers ``expected + 1`` onwards, all or none.

        Durable when it returns. Raises ``StoreError`` (``store.error.conflict``)
        when the table does not hold exactly ``expected`` events. ``times``
        (ISO 8601) replace the store's clock, for imports. ``command`` is the id
        of the command these events carry out, stored with them in the same
        transaction and kept for the table's life: an id the table stored before
        raises ``StoreError`` (``store.error.applied``, with the numbers its
        events took, ``first`` and ``seq``) and stores nothing.
        """
        ...

    def applied(self, table: str, command: str) -> Applied | None:
        """The events the command ``command`` stored at ``table`` (None: it stored none)."""
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


class Appends:
    """``append`` and ``append_many`` of a store whose writes all go through one
    ``_write`` (its backends': memory, SQLite, PostgreSQL): an ``append`` is a batch
    of one whose command stored before is refused as ``store.error.applied``, a batch's
    as a conflict."""

    def _write(
        self, appends: Sequence[Append], named: Sequence[str | None], *, applied: bool
    ) -> None:
        """Store ``appends``, each carrying out the command ``named`` beside it, all or
        none; a command stored before is ``store.error.applied`` where ``applied``
        asks for it, else a conflict."""
        raise NotImplementedError

    def append(
        self,
        table: str,
        expected: int,
        events: Sequence[Event],
        *,
        times: Sequence[str] | None = None,
        command: str | None = None,
    ) -> None:
        """See ``EventStore.append``."""
        self._write([Append(table, expected, events, times)], [command], applied=True)

    def append_many(
        self,
        batch: Sequence[Append | tuple[str, int, Sequence[Event]]],
        *,
        commands: Sequence[str | None] | None = None,
    ) -> None:
        """See ``GroupCommitStore.append_many``."""
        appends = [Append(*item) for item in batch]
        named = list(commands) if commands is not None else [None] * len(appends)
        self._write(appends, named, applied=False)


@runtime_checkable
class GroupCommitStore(Protocol):
    """A store that commits several tables' appends at once (one transaction, one sync)."""

    def append_many(
        self,
        batch: Sequence[Append | tuple[str, int, Sequence[Event]]],
        *,
        commands: Sequence[str | None] | None = None,
    ) -> None:
        """Store every ``(table, expected, events[, times])`` of ``batch``, all or none;
        ``commands`` names, append by append, the id of the command it carries out.

        Each append is checked as ``append`` checks it (a table named twice
        counts its earlier events). When one conflicts, or names a command its
        table stored before, nothing of the batch is stored and ``StoreError``
        (``store.error.conflict``, whose reason says which) names that table in
        ``error.params["table"]``: the caller may drop or reload it, ask
        ``applied``, and send the others again. Durable when it returns.
        """
        ...


#: Whether each class of store commits groups (``GroupCommitStore``), asked once a
#: class: a protocol's ``isinstance`` looks at every one of its members, and a
#: table's every action goes through ``append_many``.
_GROUPING: dict[type, bool] = {}


def _groups(store: EventStore) -> TypeGuard[GroupCommitStore]:
    kind = type(store)
    found = _GROUPING.get(kind)
    if found is None:
        found = _GROUPING[kind] = isinstance(store, GroupCommitStore)
    return found


def append_many(
    store: EventStore,
    batch: Sequence[Append | tuple[str, int, Sequence[Event]]],
    *,
    commands: Sequence[str | None] | None = None,
) -> None:
    """``store.append_many(batch)``; a store without it appends one table after another
    (each append still all or none, the batch no longer). Appends with their own
    ``times`` (imports) go as one batch only to a store whose ``append_many``
    keeps them (``append_many_times = True``)."""
    appends = [Append(*item) for item in batch]
    named = list(commands) if commands is not None else [None] * len(appends)
    timed = any(a.times is not None for a in appends)
    if _groups(store) and (not timed or getattr(store, "append_many_times", False)):
        store.append_many(
            appends if timed else [(a.table, a.expected, a.events) for a in appends],
            commands=named,
        )
        return
    for a, command in zip(appends, named, strict=True):
        store.append(a.table, a.expected, a.events, times=a.times, command=command)


def conflict(table: str, expected: int, found: int, reason: StoreError | None = None) -> StoreError:
    """The refusal of an append to ``table`` made after ``expected`` events when the
    log holds ``found`` (``store.error.conflict``: nothing of it is stored). Its
    ``reason`` says what is wrong where the numbers agree (a command carried out
    before, a log rewritten, the database's own refusal); by default, the numbers."""
    if reason is None:
        reason = StoreError("store.reason.count", expected=expected, found=found)
    return StoreError(
        "store.error.conflict", table=table, expected=expected, found=found, reason=reason
    )


def applied_before(table: str, command: str, done: Applied) -> StoreError:
    """The refusal of an append whose command ``table`` stored before
    (``store.error.applied``): its events took numbers ``first`` to ``seq``."""
    return StoreError(
        "store.error.applied", table=table, command=command, first=done.first, seq=done.last
    )


def command_conflict(table: str, expected: int, done: Applied) -> StoreError:
    """The refusal of a group commit that names a command ``table`` stored before
    (its events took ``done``): a conflict of that table, whose reason says so."""
    reason = StoreError("store.reason.command", seq=done.last)
    return conflict(table, expected, expected, reason)


def now_text() -> str:
    """The current UTC time as stored with an event."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@runtime_checkable
class ClockedStore(Protocol):
    """A store that stamps events with the later of the wall clock and their table's
    last stored time (``store.clock``), and counts the clock's steps back."""

    @property
    def steps_back(self) -> int:
        """How many times this store found the wall clock stepped back."""
        ...


@runtime_checkable
class PrefixedStore(Protocol):
    """A store that can say whether a table holds command ids of a kind."""

    def has_ids(self, table: str, prefix: str) -> bool:
        """Whether ``table`` holds a command id (``EventStore.applied``) that starts
        with ``prefix``."""
        ...


@runtime_checkable
class ProbedStore(Protocol):
    """A store that can say whether it can write now, by writing."""

    def probe(self) -> None:
        """Commit a write that changes nothing in the log, as an append commits (the
        same file, the same sync). ``StoreError`` (``store.error.cannot_write``, with
        the reason: a read-only file, a full disk) when it cannot; the store's own
        errors when it cannot be reached."""
        ...


@runtime_checkable
class BackupStore(Protocol):
    """A store that copies its whole log into a new file, safely while it is written."""

    def backup(self, target: str | os.PathLike[str]) -> None:
        """Copy the log, as one moment saw it, into the new file ``target``."""
        ...


@runtime_checkable
class CredentialStore(Protocol):
    """A store that keeps the web table's credentials beside its log."""

    def credentials(self) -> Credentials:
        """The credentials kept with this log (a connection of their own)."""
        ...


class Listening(Protocol):
    """Other processes' commits, as they are heard (``SharedStore.listener``)."""

    def wait(self, timeout: float) -> list[tuple[str, int]]:
        """``(table, events)`` for each commit heard within ``timeout`` seconds: the
        table now holds ``events`` events (none if nothing came)."""
        ...

    def close(self) -> None:
        """Stop listening."""
        ...


class Ownership(Protocol):
    """The tables one process owns, one owner per table at a time (``SharedStore.owner``)."""

    def claim(self, table: str) -> bool:
        """Take ``table`` if no live process holds it; True if this process owns it now."""
        ...

    def release(self, table: str) -> None:
        """Let another process take ``table``."""
        ...

    @property
    def held(self) -> frozenset[str]:
        """The tables this process owns."""
        ...

    def close(self) -> None:
        """Let go of every table."""
        ...


@runtime_checkable
class SharedStore(EventStore, GroupCommitStore, Protocol):
    """A log that several processes write at once (a database server).

    Each process hears the others' commits (``listener``); a table has one
    owner at a time (``owner``), released when its process dies.
    """

    def load_after(self, table: str, seq: int, *, limit: int | None = None) -> list[Record]:
        """The table's events after number ``seq`` (the first ``limit`` of them)."""
        ...

    def load_after_many(self, after: Mapping[str, int]) -> dict[str, list[Record]]:
        """Each table's events after its number in ``after``, in one question (a table
        with none left out)."""
        ...

    def count(self, table: str) -> int:
        """How many events the table holds (0 for an unknown table)."""
        ...

    def progress(self, table: str, command: str) -> tuple[int, Applied | None]:
        """The table's event count and ``applied(table, command)``, in one question."""
        ...

    def another(self) -> SharedStore:
        """The same log on a connection of its own (for another thread)."""
        ...

    def listener(self, *, ignore: Sequence[SharedStore] = ()) -> Listening:
        """Hears every commit made to the log from now on, but those made through
        the stores of ``ignore`` (a process's own writer); a connection of its own."""
        ...

    def owner(self) -> Ownership:
        """This process's claims on tables (a connection of its own)."""
        ...


#: libpq's connection keywords: a ``--db`` that starts ``host=...`` (say) is a
#: PostgreSQL connection string in keyword/value form, never a file's name.
LIBPQ_KEYWORDS: Final = frozenset(
    {
        "application_name",
        "channel_binding",
        "client_encoding",
        "connect_timeout",
        "dbname",
        "fallback_application_name",
        "gssdelegation",
        "gssencmode",
        "gsslib",
        "host",
        "hostaddr",
        "keepalives",
        "keepalives_count",
        "keepalives_idle",
        "keepalives_interval",
        "krbsrvname",
        "load_balance_hosts",
        "options",
        "passfile",
        "password",
        "port",
        "replication",
        "require_auth",
        "requirepeer",
        "requiressl",
        "service",
        "ssl_max_protocol_version",
        "ssl_min_protocol_version",
        "sslcert",
        "sslcertmode",
        "sslcompression",
        "sslcrl",
        "sslcrldir",
        "sslkey",
        "sslnegotiation",
        "sslpassword",
        "sslrootcert",
        "sslsni",
        "target_session_attrs",
        "tcp_user_timeout",
        "user",
    }
)
_KEYWORD: Final = re.compile(r"\s*([A-Za-z_]+)\s*=")
#: One ``keyword = value`` of a connection string: a value is quoted ('...', with
#: backslash escapes) or runs to the next space.
_PAIR: Final = re.compile(r"(\s*)([A-Za-z_]+)(\s*=\s*)('(?:[^'\\]|\\.)*'?|(?:[^\s\\]|\\.?)*)")


def is_conninfo(text: str) -> bool:
    """Whether ``text`` is a libpq connection string in keyword/value form (it starts
    with one of libpq's keywords and ``=``), which names a PostgreSQL database.

    >>> is_conninfo("host=db dbname=pb"), is_conninfo("club.db"), is_conninfo("./host=x")
    (True, False, False)
    """
    found = _KEYWORD.match(text)
    return found is not None and found[1].lower() in LIBPQ_KEYWORDS


def redact(url: str) -> str:
    """``url`` without its secrets, to name a database in a message, a log line or a
    setting shown: the password of ``user:password@`` and the value of every query
    parameter whose name holds ``password`` (libpq's ``password``, ``sslpassword``);
    in a connection string of keyword/value form (``is_conninfo``), the value of
    every such keyword.

    The rest is kept as written, so that the database stays recognisable.

    >>> redact("postgresql://club:s3cret@db:5432/pb"), redact("club.db")
    ('postgresql://club:***@db:5432/pb', 'club.db')
    >>> redact("postgresql://club@db/pb?sslmode=require&password=s3cret&SSLPassword=k3y")
    'postgresql://club@db/pb?sslmode=require&password=***&SSLPassword=***'
    >>> redact("host=db password = 's3 \\\\'cret' dbname=pb sslpassword=k3y")
    'host=db password = *** dbname=pb sslpassword=***'
    """
    if is_conninfo(url):
        return _PAIR.sub(_masked_pair, url)
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    # As libpq reads a URL: the credentials end at the '@' before the path, the
    # query starts at the first '?' after them (a '?' in a password is not a query).
    head, slash, tail = rest.partition("/")
    credentials, at, place = head.rpartition("@")
    if at and ":" in credentials:
        credentials = credentials.split(":", 1)[0] + ":***"
    where, mark, query = (place + slash + tail if at else rest).partition("?")
    return f"{scheme}://{credentials}{at}{where}{mark}{_masked(query)}"


def _masked_pair(pair: re.Match[str]) -> str:
    """One ``keyword = value`` of a connection string, its value hidden if secret."""
    if "password" not in pair[2].lower():
        return pair[0]
    return f"{pair[1]}{pair[2]}{pair[3]}***"


def _masked(query: str) -> str:
    """A query string with the value of each ``*password*`` parameter replaced by ``***``."""
    parts = []
    for part in query.split("&"):
        key, equals, _ = part.partition("=")
        if equals and "password" in unquote_plus(key).lower():
            part = f"{key}=***"
        parts.append(part)
    return "&".join(parts)
