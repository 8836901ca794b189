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

Every connection of the back end is a ``postgres_link.Link``: after a break (the
server restarted, the connection ended, the network dropped it) it connects
again by itself. A read is run again on the new connection; an append whose
answer was lost with the connection is never sent again blindly: once the lost
connection's server process has ended, the append is known stored when the
table's event at its last number carries the hash it would have given it
(``_landed``), and only an append that did not land is sent again.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn

from puntobanco.errors import StoreError
from puntobanco.store.base import (
    Append,
    Appends,
    Applied,
    Listening,
    Ownership,
    Record,
    SharedStore,
    applied_before,
    command_conflict,
    conflict,
    now_text,
)
from puntobanco.store.chain import GENESIS, link
from puntobanco.store.clock import StoreClock
from puntobanco.store.credentials import Credentials
from puntobanco.store.postgres_link import Link
from puntobanco.store.postgres_schema import (
    CHANNEL,
    MIGRATIONS,
    SCHEMA_VERSION,
    connect,
    migrate,
    psycopg_module,
    redact,
)
from puntobanco.store.postgres_shared import Listener, Owner, PgCredentials
from puntobanco.store.seal import KEY_SETTING, Sealer, open_body, open_event, setting_key
from puntobanco.table.codec import from_dict, to_dict

if TYPE_CHECKING:
    import psycopg

    Db = psycopg.Connection[Any]

__all__ = [
    "CHANNEL",
    "KILL_AFTER_COMMIT",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Link",
    "Listener",
    "Owner",
    "PgCredentials",
    "PostgresStore",
    "connect",
    "open_url",
    "redact",
]

#: Test hook of the crash tests (the same variable as the SQLite store's).
KILL_AFTER_COMMIT: Final = "PUNTOBANCO_TEST_KILL_AFTER_COMMIT"
#: The SQLSTATE of ``puntobanco_append`` when a table's head is not where its append
#: expected it (another process wrote first): the whole call changed nothing.
CONFLICT_STATE: Final = "PB409"
#: How many times a group commit that PostgreSQL rolled back to break a deadlock
#: with another process's is sent.
DEADLOCK_TRIES: Final = 3
#: The one statement of every append (see ``puntobanco_append`` in ``MIGRATIONS``).
_APPEND: Final = "SELECT puntobanco_append(%s::json, %s)"
#: How many tables of ``(table, seq, hash)`` hold that event with that hash.
#: Each table's events after a number: ``unnest`` of (tables, numbers).
_AFTER_MANY: Final = (
    "SELECT e.table_id, e.seq, e.time, e.body, e.hash FROM events e "
    "JOIN unnest(%s::text[], %s::bigint[]) AS x(t, s) ON e.table_id = x.t AND e.seq > x.s "
    "ORDER BY e.table_id, e.seq"
)
#: The hash and time of each table's event at a number: ``unnest`` of (tables, numbers).
_AT: Final = (
    "SELECT e.table_id, e.seq, e.hash, e.time FROM events e "
    "JOIN unnest(%s::text[], %s::bigint[]) AS x(t, s) ON e.table_id = x.t AND e.seq = x.s"
)
_LANDED: Final = (
    "SELECT count(*) FROM events e JOIN unnest(%s::text[], %s::bigint[], %s::text[]) "
    "AS x(t, s, h) ON e.table_id = x.t AND e.seq = x.s AND e.hash = x.h"
)


def open_url(url: str) -> PostgresStore:
    """The store of a ``postgresql://`` URL (what ``open_store`` calls)."""
    return PostgresStore(url)


class PostgresStore(Appends):
    """An ``EventStore`` in a PostgreSQL database (schema created or migrated on opening)."""

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], str] = now_text,
        monotonic: Callable[[], float] | None = None,
    ) -> None:
        self.name = redact(url)
        self.url = url
        self._link = Link(url)
        # The cards to come sealed under the key of the setting, when it is given
        # (``store.seal``); every process of the log must be given the same.
        key = setting_key()
        self._sealer = None if key is None else Sealer(key)
        self._opening = lambda: self._sealer
        self._lock = threading.Lock()  # one statement at a time on the connection
        try:
            self._link.run(lambda db: migrate(db, self.name))
        except BaseException:
            self._link.close()
            raise
        self._clock = StoreClock(clock, monotonic=monotonic, name=self.name)
        self._commits = 0
        # The hash and the time of the latest event seen of each table: the next
        # append links after it unasked, and is stamped no earlier (``store.clock``).
        self._known = _Known()
        kill = os.environ.get(KILL_AFTER_COMMIT, "")
        self._kill_after = int(kill) if kill.isdigit() else None

    #: ``append_many`` keeps each append's own ``times`` (imports).
    append_many_times: Final = True

    def _write(
        self, appends: Sequence[Append], named: Sequence[str | None], *, applied: bool
    ) -> None:
        """Store ``appends`` (with the command each carries out; those without events
        are nothing to store) with one call of ``puntobanco_append``; on a refusal,
        ``store.error.applied`` where ``applied`` asks for it and the one append names
        a command stored before, else the conflict naming the first table whose log is
        not where its append expected it. A call whose connection broke before it
        answered is settled by ``_landed``."""
        pairs = [(a, c) for a, c in zip(appends, named, strict=True) if a.events]
        if not pairs:
            return
        pg = psycopg_module()
        link = self._link
        with self._lock:
            params, heads, ends = link.run(lambda db: self._call(db, pairs))

            def send(db: Db) -> None:
                db.execute(_APPEND, params)

            try:
                for attempt in range(DEADLOCK_TRIES):
                    try:
                        link.write(send, lambda db: self._landed(db, heads))
                        break
                    except pg.errors.DeadlockDetected:
                        # Another process's group commit held a row this one wanted,
                        # and the other way round: PostgreSQL rolled this one back
                        # whole (nothing of it is stored); it is sent again.
                        if attempt == DEADLOCK_TRIES - 1:
                            raise
            except pg.Error as error:
                if not isinstance(error, pg.errors.UniqueViolation) and (
                    error.sqlstate != CONFLICT_STATE
                ):
                    raise
                first, command = pairs[0]
                done = (
                    link.run(lambda db: self._applied(db, first.table, command))
                    if applied and command is not None
                    else None
                )
                if done is not None and command is not None:
                    raise applied_before(first.table, command, done) from None
                cause = error
                link.run(lambda db: self._conflict(db, pairs, cause=cause))
            self._known.update(heads, ends)
        self._committed()

    @staticmethod
    def _landed(db: Db, heads: dict[str, tuple[int, str]]) -> bool:
        """True when the append that leaves each table of ``heads`` at ``(count, hash)``
        is stored: each table's event ``count`` is the one it made (its hash links the
        time, the event and the hash before; an append stores all or none)."""
        tables = list(heads)
        row = db.execute(
            _LANDED,
            (tables, [heads[t][0] for t in tables], [heads[t][1] for t in tables]),
        ).fetchone()
        assert row is not None
        return int(row[0]) == len(tables)

    def _conflict(
        self, db: Db, pairs: list[tuple[Append, str | None]], cause: Exception
    ) -> NoReturn:
        """Raise the conflict of the first append whose table does not hold its count
        (a table named twice: its first append). Where every table holds its count,
        the conflict's reason says what the database refused instead: a command of
        the batch carried out before, a table whose last event is not the one this
        store linked after, or the database's own words."""
        first = list(dict.fromkeys(a.table for a, _ in pairs))
        rows = db.execute(
            "SELECT table_id, events FROM heads WHERE table_id = ANY(%s)", (first,)
        ).fetchall()
        counts = {str(t): int(n) for t, n in rows}
        seen: set[str] = set()
        for a, _ in pairs:
            if a.table in seen:
                continue
            seen.add(a.table)
            found = counts.get(a.table, 0)
            if found != a.expected:
                raise conflict(a.table, a.expected, found) from cause
        for a, command in pairs:
            done = None if command is None else self._applied(db, a.table, command)
            if done is not None:
                raise command_conflict(a.table, a.expected, done) from cause
        for a, _ in pairs:
            known = self._known.heads.get(a.table)
            row = db.execute("SELECT hash FROM heads WHERE table_id = %s", (a.table,)).fetchone()
            if known is not None and known[0] == a.expected and row and row[0] != known[1]:
                reason = StoreError("store.reason.head", found=a.expected)
                raise conflict(a.table, a.expected, a.expected, reason) from cause
        a = pairs[0][0]
        # The first line only: a DETAIL line may quote a row's values.
        lines = str(cause).strip().splitlines()
        reason = StoreError("store.reason.refused", detail=lines[0] if lines else "?")
        raise conflict(a.table, a.expected, a.expected, reason) from cause

    def _call(
        self, db: Db, pairs: list[tuple[Append, str | None]]
    ) -> tuple[tuple[str, str], dict[str, tuple[int, str]], dict[str, tuple[int, str]]]:
        """The arguments of ``puntobanco_append`` for ``pairs``, and each table's head
        and last time once they are stored. A table's appends are chained into one (each
        keeps its command and its notification); one that does not follow on the one
        before it is a conflict, raised before anything is sent. Events are stamped no
        earlier than their table's last time (``store.clock``)."""
        stamp = self._clock.now()
        self._learn(db, pairs)
        heads: dict[str, tuple[int, str]] = {}  # each table's (count, hash) as the batch goes
        ends: dict[str, tuple[int, str]] = {}  # each table's (count, time) as the batch goes
        starts: dict[str, tuple[int, str, str]] = {}  # each table's (expected, prev, first time)
        events: list[tuple[str, int, str, str, str, str]] = []
        commands: list[tuple[str, str, int, int]] = []  # (table, id, last, first)
        payloads = []
        for a, command in pairs:
            known = heads.get(a.table)
            if known is None:
                prev = self._prev(db, a.table, a.expected)
            else:  # named again: it must follow on its append before
                prev = known[1] if known[0] == a.expected else None
            if prev is None:
                raise conflict(a.table, a.expected, self._count(db, a.table))
            if a.times:
                stamps = list(a.times)
            else:
                last = (
                    ends[a.table][1]
                    if a.table in ends
                    else self._last_time(db, a.table, a.expected)
                )
                stamps = [self._clock.stamp(stamp, a.table, last)] * len(a.events)
            starts.setdefault(a.table, (a.expected, prev, stamps[0]))
            head = prev
            for seq, (time, event) in enumerate(zip(stamps, a.events, strict=True), a.expected + 1):
                data = to_dict(event)
                head = link(a.table, seq, time, data, head)
                sealed = data if self._sealer is None else self._sealer.seal_event(data)
                body = json.dumps(sealed, ensure_ascii=False)  # codec.dumps, sealed
                events.append((a.table, seq, time, type(event).__name__, body, head))
            count = a.expected + len(a.events)
            heads[a.table] = (count, head)
            ends[a.table] = (count, stamps[-1])
            if command is not None:
                commands.append((a.table, command, count, a.expected + 1))
            payloads.append(json.dumps({"table": a.table, "events": count}, ensure_ascii=False))
        batch = {
            # In one order in every process: two group commits that move the same
            # tables' heads take their rows in the same order, and neither waits for
            # a row the other holds while holding one it wants.
            "tables": [
                [t, x, heads[t][0], prev, heads[t][1], first]
                for t, (x, prev, first) in sorted(starts.items())
            ],
            "events": events,
            "commands": commands,
            "payloads": payloads,
        }
        # One JSON text: psycopg would dump each element of a list argument in Python.
        return (json.dumps(batch, ensure_ascii=False), CHANNEL), heads, ends

    def _learn(self, db: Db, pairs: list[tuple[Append, str | None]]) -> None:
        """The hash and time of the event each table's first append of ``pairs`` links
        after, read in one query for every table where they are not known (another
        process wrote last, and this one has not read what it wrote)."""
        known, times = self._known.heads, self._known.times
        wanted: dict[str, int] = {}
        seen: set[str] = set()
        for a, _ in pairs:
            if a.table in seen:
                continue  # linked after its append before in the batch
            seen.add(a.table)
            if a.expected == 0:
                continue
            head, time = known.get(a.table), times.get(a.table)
            if head is None or head[0] != a.expected or time is None or time[0] != a.expected:
                wanted[a.table] = a.expected
        if not wanted:
            return
        tables = list(wanted)
        rows = db.execute(_AT, (tables, [wanted[t] for t in tables])).fetchall()
        self._known.update(
            {str(t): (int(n), str(h)) for t, n, h, _ in rows if h is not None},
            {str(t): (int(n), str(time)) for t, n, _, time in rows},
        )

    def _prev(self, db: Db, table: str, expected: int) -> str | None:
        """The hash of the table's event ``expected`` (None if it has none yet)."""
        return GENESIS if expected == 0 else self._of_event(db, "hash", table, expected)

    def _last_time(self, db: Db, table: str, expected: int) -> str | None:
        """The time of the table's event ``expected`` (None if it has none)."""
        return None if expected == 0 else self._of_event(db, "time", table, expected)

    def _of_event(self, db: Db, column: str, table: str, seq: int) -> str | None:
        """``column`` (``hash`` or ``time``) of the table's event ``seq``: as this store
        knows it, else as the database holds it (None: no such event)."""
        known = (self._known.heads if column == "hash" else self._known.times).get(table)
        if known is not None and known[0] == seq:
            return known[1]
        row = db.execute(
            f"SELECT {column} FROM events WHERE table_id = %s AND seq = %s", (table, seq)
        ).fetchone()
        return str(row[0]) if row and row[0] is not None else None

    def probe(self) -> None:
        """See ``ProbedStore.probe``: the schema's version written back as it is, one
        committed transaction (a read-only server or a full disk refuses it);
        ``store.error.pg_unreachable`` while the server is out of reach."""
        pg = psycopg_module()

        def write(db: Db) -> None:
            db.execute("UPDATE puntobanco_schema SET version = version")

        with self._lock:
            try:
                self._link.run(write)
            except pg.Error as error:
                lines = str(error).strip().splitlines()
                reason = lines[0] if lines else type(error).__name__
                raise StoreError("store.error.cannot_write", db=self.name, reason=reason) from None

    @property
    def steps_back(self) -> int:
        """See ``ClockedStore.steps_back``."""
        return self._clock.steps_back

    def _committed(self) -> None:
        self._commits += 1
        if self._kill_after is not None and self._commits >= self._kill_after:
            os.kill(os.getpid(), signal.SIGKILL)

    @staticmethod
    def _count(db: Db, table: str) -> int:
        row = db.execute("SELECT events FROM heads WHERE table_id = %s", (table,)).fetchone()
        return int(row[0]) if row else 0

    @staticmethod
    def _applied(db: Db, table: str, command: str | None) -> Applied | None:
        row = db.execute(
            "SELECT seq, first FROM commands WHERE table_id = %s AND id = %s", (table, command)
        ).fetchone()
        return None if row is None else _applied(row[0], row[1])

    def has_ids(self, table: str, prefix: str) -> bool:
        """See ``PrefixedStore.has_ids``."""

        with self._lock:
            return (
                self._link.one(
                    "SELECT 1 FROM commands WHERE table_id = %s AND left(id, %s) = %s LIMIT 1",
                    (table, len(prefix), prefix),
                )
                is not None
            )

    def applied(self, table: str, command: str) -> Applied | None:
        """See ``EventStore.applied``."""
        with self._lock:
            return self._link.run(lambda db: self._applied(db, table, command))

    def progress(self, table: str, command: str) -> tuple[int, Applied | None]:
        """The table's event count and ``applied(table, command)``, in one query."""

        with self._lock:
            row = self._link.one(
                "SELECT (SELECT events FROM heads WHERE table_id = %(t)s), c.seq, c.first "
                "FROM (SELECT 1) AS one LEFT JOIN commands AS c "
                "ON c.table_id = %(t)s AND c.id = %(c)s",
                {"t": table, "c": command},
            )
        assert row is not None
        return int(row[0] or 0), None if row[1] is None else _applied(row[1], row[2])

    def count(self, table: str) -> int:
        """How many events the table holds (0 for an unknown table)."""
        with self._lock:
            return self._link.run(lambda db: self._count(db, table))

    def load(self, table: str) -> list[Record]:
        """See ``EventStore.load``."""
        return self.load_after(table, 0)

    def load_after(self, table: str, seq: int, *, limit: int | None = None) -> list[Record]:
        """The table's events after number ``seq``, oldest first (a catch-up);
        the first ``limit`` of them only, if given."""

        with self._lock:
            rows = self._link.all(
                "SELECT seq, time, body, hash FROM events WHERE table_id = %s AND seq > %s "
                "ORDER BY seq LIMIT %s",
                (table, seq, limit),
            )
        return self._records(table, rows)

    def load_after_many(self, after: Mapping[str, int]) -> dict[str, list[Record]]:
        """Each table's events after its number in ``after``, oldest first, in one
        query (a listener's catch-up of every table it heard of at once); a table
        with none is left out."""
        if not after:
            return {}
        tables = list(after)
        with self._lock:
            rows = self._link.all(_AFTER_MANY, (tables, [after[t] for t in tables]))
        found: dict[str, list[tuple[Any, ...]]] = {}
        for row in rows:
            found.setdefault(str(row[0]), []).append(row[1:])
        return {table: self._records(table, mine) for table, mine in found.items()}

    def _records(self, table: str, rows: list[tuple[Any, ...]]) -> list[Record]:
        """``(seq, time, body, hash)`` rows of ``table``, oldest first, as records (the
        last one's hash and time noted: the next append links after it unasked)."""
        if rows and rows[-1][3] is not None:
            self._known.note(table, int(rows[-1][0]), str(rows[-1][3]), str(rows[-1][1]))
        opening = self._opening
        return [
            Record(table, int(n), time, from_dict(open_event(opening, json.loads(b), KEY_SETTING)))
            for n, time, b, _ in rows
        ]

    def head(self, table: str, seq: int | None = None) -> str:
        """See ``ChainStore.head``: the stored hash, one lookup (none after this
        store's own append or load)."""
        with self._lock:
            if seq is None:
                row = self._link.one("SELECT hash FROM heads WHERE table_id = %s", (table,))
                return GENESIS if row is None else str(row[0])
            at = seq
            found = self._link.run(lambda db: self._prev(db, table, at))
        if found is None:
            raise StoreError("store.error.no_event", table=table, seq=seq, db=self.name)
        return found

    def save_snapshot(self, table: str, seq: int, body: str) -> None:
        """Keep ``body``, the table's state after its event ``seq`` (replacing an older one;
        of two processes saving at once, the later state stays; saving it again after a
        break changes nothing)."""

        def save(db: Db) -> None:
            db.execute(
                "INSERT INTO snapshots (table_id, seq, body) VALUES (%s, %s, %s) "
                "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, body = excluded.body "
                "WHERE excluded.seq > snapshots.seq",
                (table, seq, body if self._sealer is None else self._sealer.seal_body(body)),
            )

        with self._lock:
            self._link.run(save)

    def load_snapshot(self, table: str) -> tuple[int, str] | None:
        """The latest snapshot of ``table``: ``(seq, body)``, or None."""
        with self._lock:
            row = self._link.one("SELECT seq, body FROM snapshots WHERE table_id = %s", (table,))
        return (
            None
            if row is None
            else (int(row[0]), open_body(self._opening, str(row[1]), KEY_SETTING))
        )

    def tables(self) -> list[str]:
        """See ``EventStore.tables`` (oldest first, by the time of each table's first event)."""
        with self._lock:
            rows = self._link.all("SELECT table_id FROM heads ORDER BY first_time, table_id")
        return [str(table) for (table,) in rows]

    def schema_version(self) -> int:
        """The version of the schema in the database."""
        with self._lock:
            row = self._link.one("SELECT max(version) FROM puntobanco_schema")
        assert row is not None
        return int(row[0])

    @property
    def backend_pid(self) -> int:
        """The server process of this store's connection now (it sends the
        notifications of this store's appends); 0 while it is broken."""
        return self._link.pid

    @property
    def reconnects(self) -> int:
        """How many times this store connected again after its connection broke."""
        return self._link.reconnects

    # -- what several processes on one database share (``SharedStore``) ---------------

    def another(self) -> PostgresStore:
        """See ``SharedStore.another``: the same database on a connection of its own.
        The two share what they know of each table's last event: what one reads
        (a listener's catch-up), the other appends after without asking again."""
        other = PostgresStore(self.url, clock=self._clock.now, monotonic=self._clock.monotonic)
        other._known = self._known
        return other

    def listener(self, *, ignore: Sequence[SharedStore] = ()) -> Listening:
        """See ``SharedStore.listener`` (``Listener``): the commits made through the
        stores of ``ignore`` are not heard."""
        stores = [s for s in ignore if isinstance(s, PostgresStore)]
        # Asked at each notification: a store's connection changes when it reconnects.
        return Listener(self.url, ignore=lambda: {s.backend_pid for s in stores})

    def owner(self) -> Ownership:
        """See ``SharedStore.owner`` (``Owner``: session advisory locks)."""
        return Owner(self.url)

    def credentials(self) -> Credentials:
        """See ``CredentialStore.credentials`` (``PgCredentials``, shared by every
        process on the database)."""
        return PgCredentials(self.url)

    def close(self) -> None:
        """Close the connection."""
        self._link.close()


class _Known:
    """What a store (and its ``another``) knows of each table's latest event:
    ``heads`` its ``(seq, hash)``, ``times`` its ``(seq, time)``. Each entry is a
    fact of the log (a stored event's hash and time never change): an older one
    is never wrong, only of no use, so the newest one is kept."""

    def __init__(self) -> None:
        self.heads: dict[str, tuple[int, str]] = {}
        self.times: dict[str, tuple[int, str]] = {}
        self._lock = threading.Lock()

    def note(self, table: str, seq: int, hash: str, time: str) -> None:
        """The table's event ``seq`` was read, with its hash and time."""
        self.update({table: (seq, hash)}, {table: (seq, time)})

    def update(
        self, heads: Mapping[str, tuple[int, str]], times: Mapping[str, tuple[int, str]]
    ) -> None:
        """Newer heads and times (an older one than what is known is left out)."""
        with self._lock:
            for known, new in ((self.heads, heads), (self.times, times)):
                for table, (seq, value) in new.items():
                    had = known.get(table)
                    if had is None or had[0] < seq:
                        known[table] = (seq, value)


def _applied(last: Any, first: Any) -> Applied:
    """A stored command's events; one stored before ``first`` was kept: none."""
    end = int(last)
    return Applied(end + 1 if first is None else int(first), end)
