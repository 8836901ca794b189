"""The SQLite event store: standard library ``sqlite3``, WAL, ``synchronous=FULL``.

One transaction per ``append`` or ``append_many`` (``BEGIN IMMEDIATE`` ...
``COMMIT``), committed before it returns: an action that returned is on disk,
and a crash leaves either all of an action's events or none. Each event is one
row keyed by (table, number); the body is the event's JSON line, ``crc``
a checksum of the row, and ``hash`` its link of the log's hash chain
(``puntobanco.store.chain``: over the event, its number, time and table and
the previous row's ``hash``), computed as the row is appended, so that the
chain head is one lookup (``head``). The schema, its version and the
conversion of an older file are ``store.sqlite_schema``'s.

A writer (``serve``, ``play``, ``import``, the Python API) makes a missing
file whole and private, and opens a file that is there only once it is a
sound game log: not empty, a SQLite database, and passing SQLite's
``quick_check`` (``store.sqlite_file``), before it writes a byte.

A reader (``readonly=True``: ``history``, ``export``, ``shoes``, ``verify``,
``backup``) opens the file with SQLite's ``mode=ro``: it never writes to it,
never creates its schema, never converts an older one, and reads every table
from one snapshot. It waits at most ``READ_TIMEOUT`` seconds for a lock.
Before it reads, the file must pass ``PRAGMA integrity_check`` and the log's own
check (each table's events numbered 1, 2, 3... with no gap); each row it
reads must match its checksum, decode to the event its ``type`` names and
carry its own link of the hash chain (so a row edited with its checksum
redone, or a hash changed, is found too; that costs about a third more than
the checksum and decoding alone: every row of 210,000 events read in 6.7 to
7.2 s against 4.7 to 5.0 s, ``bench/bench_store_check.py 20000``). A
file that fails any of these is refused with a named error naming the file
and the fault, never read half-way.

In WAL mode SQLite keeps recent commits in the ``-wal`` file beside the
database until a checkpoint: while a table is open the ``.db`` file alone is
not the whole log (``backup`` copies both safely). A writer checkpoints the
WAL when it closes.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Final, NoReturn

from puntobanco.errors import (
    DamagedLogError,
    NewerLogError,
    NotALogError,
    OlderLogError,
    PuntoBancoError,
    StoreError,
)
from puntobanco.interrupts import deferred_signals
from puntobanco.store.base import (
    Append,
    Appends,
    Applied,
    Record,
    applied_before,
    command_conflict,
    conflict,
    now_text,
)
from puntobanco.store.chain import GENESIS, link
from puntobanco.store.clock import StoreClock
from puntobanco.store.credentials import Credentials, MemoryCredentials
from puntobanco.store.seal import (
    KEY_SETTING,
    SEALED_FIELDS,
    Sealer,
    file_sealer,
    key_file,
    open_body,
    open_event,
)
from puntobanco.store.sqlite_file import FILE_MODE, open_writer
from puntobanco.store.sqlite_reader import first_gap, named, open_reader
from puntobanco.store.sqlite_schema import SCHEMA_VERSION, SNAPSHOTS, row_crc, upgrade
from puntobanco.table.codec import from_dict, to_dict

#: Rows per INSERT statement: 7 values each, under SQLite's oldest limit of
#: 999 values in one statement.
INSERT_ROWS: Final = 128

#: Test hook for the crash tests: the process kills itself (SIGKILL) right
#: after its N-th commit, before ``append`` returns.
KILL_AFTER_COMMIT: Final = "PUNTOBANCO_TEST_KILL_AFTER_COMMIT"
#: How long a reader waits for a lock held by another program, in seconds.
READ_TIMEOUT: Final = 5.0


class SQLiteStore(Appends):
    """An ``EventStore`` in one SQLite file (created with its folder if missing,
    private to its owner; a file that is there is checked before anything is
    written to it: ``store.sqlite_file.open_writer``).

    ``readonly=True`` (every command that only reads): the file is opened
    read-only and never written (no schema, no version, no journal change),
    which works on a read-only file or folder too; a lock held by another
    program is waited for ``timeout`` seconds (``READ_TIMEOUT``) and then
    reported (``StoreLockedError``). Such a store checks the file on open
    (``check``) and every row it returns (its checksum, its event), so that a
    damaged file is refused (``DamagedLogError``) and never read wrong.

    ``factory``: the class of a writer's SQLite connection (``sqlite3.connect``'s),
    for the fault-injection tests: a subclass makes a statement fail as a full
    disk or a failing device makes it fail, through the store's own code.
    """

    #: ``append_many`` keeps each append's own ``times`` (imports).
    append_many_times: Final = True

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        synchronous: str = "FULL",
        clock: Callable[[], str] = now_text,
        monotonic: Callable[[], float] | None = None,
        readonly: bool = False,
        timeout: float | None = None,
        factory: type[sqlite3.Connection] = sqlite3.Connection,
    ) -> None:
        self.name = str(path)
        self.readonly = readonly
        self._clock = StoreClock(clock, monotonic=monotonic, name=self.name)
        self._commits = 0
        # Each table's last append: (seq, hash, time).
        self._heads: dict[str, tuple[int, str, str]] = {}
        # ``PRAGMA data_version`` when ``_heads`` was last exact: another
        # connection's commit changes it, and the tails are then read again.
        self._heads_version: int | None = None
        kill = os.environ.get(KILL_AFTER_COMMIT, "")
        self._kill_after = int(kill) if kill.isdigit() else None
        # The cards to come are sealed under a key kept outside the file (``store.seal``).
        self._where = f"{key_file(self.name)} / {KEY_SETTING}"
        if readonly:
            self._timeout = READ_TIMEOUT if timeout is None else timeout
            self._sealer: Sealer | None = None
            self._db = open_reader(self.name, self._timeout)
            try:
                with self._reading():
                    self._check()
            except BaseException:
                self._db.close()
                raise
            return
        self._timeout = 30.0 if timeout is None else timeout
        if synchronous not in ("FULL", "NORMAL", "OFF", "EXTRA"):
            raise ValueError(f"synchronous must be FULL, NORMAL, OFF or EXTRA, not {synchronous!r}")
        self._db = open_writer(self.name, self._timeout, factory)
        try:
            self._sealer = None
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={synchronous}")
            upgrade(self._db, self.name, self._opening, self._where)
        except BaseException:
            self._db.close()
            raise

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """SQLite's refusals while reading, as named errors that name the file."""
        try:
            yield
        except sqlite3.Error as error:
            raise named(error, self.name, self._timeout) from None

    def _check(self) -> None:
        """The reader's checks on open, in the snapshot that every later read sees.

        ``PRAGMA integrity_check`` reads every page and b-tree of the file
        (about 0.27 s for a million events, against 0.21 s for ``quick_check``,
        which skips only the cross-check of indexes: ``bench/bench_store_check.py``);
        then each table's events must be numbered 1, 2, 3... with no gap.
        """
        db = self._db
        db.execute("BEGIN")  # one snapshot for the checks and every read after them
        names = {name for (name,) in db.execute("SELECT name FROM sqlite_schema")}
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if "events" not in names:
            raise NotALogError(
                "store.error.not_log", db=self.name, reason=StoreError("store.reason.no_events")
            )
        if version > SCHEMA_VERSION:
            raise NewerLogError(
                "store.error.pg_newer_schema", db=self.name, found=version, known=SCHEMA_VERSION
            )
        if version < SCHEMA_VERSION:
            raise OlderLogError(
                "store.error.old_schema", db=self.name, found=version, known=SCHEMA_VERSION
            )
        problems = [str(row[0]) for row in db.execute("PRAGMA integrity_check(3)")]
        if problems != ["ok"]:
            self._damaged("store.reason.sqlite", detail="; ".join(problems))
        for table, count, first, last in db.execute(
            "SELECT table_id, COUNT(*), MIN(seq), MAX(seq) FROM events GROUP BY table_id"
        ):
            if first != 1 or last != count:
                self._damaged("store.reason.gap", table=table, seq=first_gap(db, table))

    def _damaged(self, reason: str, **params: object) -> NoReturn:
        raise DamagedLogError(
            "store.error.damaged", db=self.name, reason=StoreError(reason, **params)
        )

    def _opening(self) -> Sealer | None:
        """The sealer that opens sealed rows: the key read when first needed, never
        made (a reader writes nothing; None: there is no key, or an in-memory log)."""
        if self._sealer is None and self.name != ":memory:":
            self._sealer = file_sealer(self.name, create=False)
        return self._sealer

    def _sealing(self, data: dict[str, object] | None = None) -> Sealer | None:
        """The writer's sealer, its key file made at the first row (``data``) or
        snapshot that holds cards to come (None: an in-memory log)."""
        if self._sealer is None and self.name != ":memory:":
            if data is None or SEALED_FIELDS.get(str(data.get("type")), ()):
                self._sealer = file_sealer(self.name, create=True)
        return self._sealer

    def _writable(self) -> None:
        if self.readonly:
            raise StoreError("store.error.read_only_store", db=self.name)

    def _record(
        self,
        table: str,
        seq: int,
        time: str,
        type_name: str,
        body: str,
        crc: int | None,
        hash: str | None,
        prev: str,
    ) -> Record:
        """A stored row as a record, once its checksum, its event and its link of
        the hash chain (after ``prev``, the row before's) check out."""
        columns: tuple[object, ...] = (table, time, type_name, body)
        if not all(isinstance(c, str) for c in columns) or not isinstance(seq, int):
            # A flipped bit in a row's header can turn its text into a blob.
            self._damaged("store.reason.checksum", table=str(table), seq=seq)
        if crc != row_crc(table, seq, time, type_name, body):
            self._damaged("store.reason.checksum", table=table, seq=seq)
        try:
            data = json.loads(body)
        except ValueError as error:
            self._damaged("store.reason.row", table=table, seq=seq, detail=str(error))
        if isinstance(data, dict):
            data = open_event(self._opening, data, self._where)
        try:
            event = from_dict(data)
        except (ValueError, TypeError, KeyError, PuntoBancoError) as error:
            self._damaged("store.reason.row", table=table, seq=seq, detail=str(error))
        if type(event).__name__ != type_name:
            self._damaged("store.reason.row", table=table, seq=seq, detail=type_name)
        # The body as written is the event's own encoding; a row converted from
        # an older log was linked over the event as it reads back now.
        if hash != link(table, seq, time, data, prev) and hash != link(
            table, seq, time, to_dict(event), prev
        ):
            self._damaged("store.reason.chain", table=table, seq=seq)
        return Record(table, seq, time, event)

    def _write(
        self, appends: Sequence[Append], named: Sequence[str | None], *, applied: bool
    ) -> None:
        """Store ``appends`` in one transaction; a command stored before is refused as
        ``store.error.applied`` where ``applied`` asks for it, else as a conflict."""
        self._writable()
        tagged = [
            (a.table, command, a.expected + 1, a.expected + len(a.events))
            for a, command in zip(appends, named, strict=True)
            if command is not None and a.events
        ]
        stamp = self._clock.now()
        # Everything but the chain's links is made before the write lock is taken;
        # the rows stamped by the clock (no ``times`` given) are ``clocked``.
        rows: list[tuple[str, int, str, str, str, int, dict[str, object], bool]] = []
        for a in appends:
            for i, e in enumerate(a.events):
                row = (
                    a.table,
                    a.expected + i + 1,
                    a.times[i] if a.times else stamp,
                    type(e).__name__,
                )
                data = to_dict(e)
                # What ``codec.dumps`` writes, the cards to come sealed; the chain
                # links the event as it reads back.
                sealer = self._sealing(data)
                sealed = data if sealer is None else sealer.seal_event(data)
                body = json.dumps(sealed, ensure_ascii=False)
                rows.append((*row, body, row_crc(*row, body), data, not a.times))
        if not rows:
            return
        db = self._db
        # Signals wait until the transaction is over, so that a raising handler
        # (Ctrl-C) lands before BEGIN or after COMMIT: the caller then knows
        # whether the events are stored. A failed step rolls back only a
        # transaction still open (a failed COMMIT may already have ended it).
        with deferred_signals():
            try:
                db.execute("BEGIN IMMEDIATE")
                # Each statement lets the GIL go and waits to get it back from a
                # busy event loop: a table's tail is read only when another
                # connection may have written since this one last did.
                version = db.execute("PRAGMA data_version").fetchone()[0]
                known = self._heads if version == self._heads_version else {}
                counts: dict[str, int] = {}
                heads: dict[str, str] = {}
                times: dict[str, str | None] = {}  # each table's last stored time
                for a in appends:
                    if a.table in counts:
                        pass
                    elif a.table in known:
                        counts[a.table], heads[a.table], times[a.table] = known[a.table]
                    else:
                        last = db.execute(
                            "SELECT seq, hash, time FROM events WHERE table_id = ? "
                            "ORDER BY seq DESC LIMIT 1",
                            (a.table,),
                        ).fetchone()
                        counts[a.table], heads[a.table], times[a.table] = (
                            last if last else (0, GENESIS, None)
                        )
                        if not isinstance(heads[a.table], str):  # written by something else
                            self._damaged("store.reason.chain", table=a.table, seq=last[0])
                    if counts[a.table] != a.expected:
                        raise conflict(a.table, a.expected, counts[a.table])
                    counts[a.table] += len(a.events)
                # Never before the table's last time (``store.clock``): a row stamped
                # later than the clock gets its checksum again.
                stamps = {
                    table: self._clock.stamp(stamp, table, times[table])
                    for table in dict.fromkeys(r[0] for r in rows if r[7])
                }
                linked = []
                for table, seq, time, type_name, body, crc, data, clocked in rows:
                    if clocked and stamps[table] != time:
                        time = stamps[table]
                        crc = row_crc(table, seq, time, type_name, body)
                    heads[table] = link(table, seq, time, data, heads[table])
                    times[table] = time
                    linked.append((table, seq, time, type_name, body, crc, heads[table]))
                for start in range(0, len(linked), INSERT_ROWS):
                    chunk = linked[start : start + INSERT_ROWS]
                    # One statement for many rows: one step, one wait for the GIL.
                    db.execute(
                        "INSERT INTO events (table_id, seq, time, type, body, crc, hash) VALUES "
                        + ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * len(chunk)),
                        [value for row in chunk for value in row],
                    )
                if tagged:
                    db.executemany(
                        "INSERT INTO commands (table_id, id, first, last) VALUES (?, ?, ?, ?)",
                        tagged,
                    )
                db.execute("COMMIT")
            except sqlite3.IntegrityError:
                # A row already there: another writer got in first, or a command
                # id the table stored before.
                if db.in_transaction:
                    db.execute("ROLLBACK")
                self._heads.clear()
                self._heads_version = None
                self._raise_conflict(appends)
                self._raise_applied(tagged, applied=applied)
                raise  # no table has another length: not a race, the row itself was refused
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        if version != self._heads_version:
            self._heads.clear()
            self._heads_version = version
        self._heads.update(
            (table, (counts[table], head, latest))
            for table, head in heads.items()
            if (latest := times[table]) is not None
        )
        self._commits += 1
        if self._kill_after is not None and self._commits >= self._kill_after:
            os.kill(os.getpid(), signal.SIGKILL)

    def _raise_conflict(self, appends: Sequence[Append]) -> None:
        """Name the first append whose table has another length than it expected
        (returns when every table has the length its append expected)."""
        for a in appends:
            (found,) = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?", (a.table,)
            ).fetchone()
            if found != a.expected:
                raise conflict(a.table, a.expected, found)

    def _raise_applied(self, tagged: Sequence[tuple[str, str, int, int]], *, applied: bool) -> None:
        """Name the first command of ``tagged`` that its table stored before, or that
        the batch names twice: ``store.error.applied`` where ``applied`` asks for it,
        else the conflict of its table (returns when there is none)."""
        seen: set[tuple[str, str]] = set()
        for table, command, first, _ in tagged:
            done = self.applied(table, command)
            if done is None and (table, command) not in seen:
                seen.add((table, command))
                continue
            done = done or Applied(first, first - 1)
            if applied:
                raise applied_before(table, command, done)
            raise command_conflict(table, first - 1, done)

    def has_ids(self, table: str, prefix: str) -> bool:
        """See ``PrefixedStore.has_ids``."""
        try:
            row = self._db.execute(
                "SELECT 1 FROM commands WHERE table_id = ? AND substr(id, 1, ?) = ? LIMIT 1",
                (table, len(prefix), prefix),
            ).fetchone()
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                return False  # a file that no writer of this version has opened
            raise named(error, self.name, self._timeout) from None
        return row is not None

    def applied(self, table: str, command: str) -> Applied | None:
        """See ``EventStore.applied``."""
        try:
            row = self._db.execute(
                "SELECT first, last FROM commands WHERE table_id = ? AND id = ?",
                (table, command),
            ).fetchone()
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                return None  # a file that no writer of this version has opened
            raise named(error, self.name, self._timeout) from None
        return None if row is None else Applied(int(row[0]), int(row[1]))

    def load(self, table: str) -> list[Record]:
        """See ``EventStore.load``: each row checked (its checksum, its event)."""
        return self.load_after(table, 0)

    def tables(self) -> list[str]:
        """See ``EventStore.tables``."""
        with self._reading():
            rows = self._db.execute(
                "SELECT table_id FROM events GROUP BY table_id ORDER BY MIN(time), table_id"
            ).fetchall()
        return [table for (table,) in rows]

    def head(self, table: str, seq: int | None = None) -> str:
        """See ``ChainStore.head``: the stored hash, one lookup (none after this
        store's own append); a stored hash that is not text is damage."""
        known = self._heads.get(table)
        if seq == 0:
            return GENESIS
        if known is not None and seq == known[0]:
            return known[1]
        with self._reading():
            if seq is None:
                row = self._db.execute(
                    "SELECT seq, hash FROM events WHERE table_id = ? ORDER BY seq DESC LIMIT 1",
                    (table,),
                ).fetchone()
            else:
                row = self._db.execute(
                    "SELECT seq, hash FROM events WHERE table_id = ? AND seq = ?", (table, seq)
                ).fetchone()
        if row is None:
            if seq is None:
                return GENESIS
            raise StoreError("store.error.no_event", table=table, seq=seq, db=self.name)
        if not isinstance(row[1], str):
            self._damaged("store.reason.chain", table=table, seq=row[0])
        return row[1]

    def probe(self) -> None:
        """See ``ProbedStore.probe``: one transaction that writes the file's header
        back as it is (``PRAGMA user_version``), committed and synced as an append is:
        SQLite refuses it on a read-only file or a full disk as it would an append."""
        self._writable()
        db = self._db
        with deferred_signals():
            try:
                db.execute("BEGIN IMMEDIATE")
                (version,) = db.execute("PRAGMA user_version").fetchone()
                db.execute(f"PRAGMA user_version={int(version)}")
                db.execute("COMMIT")
            except sqlite3.Error as error:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise StoreError(
                    "store.error.cannot_write", db=self.name, reason=str(error)
                ) from None

    @property
    def steps_back(self) -> int:
        """See ``ClockedStore.steps_back``."""
        return self._clock.steps_back

    def integrity(self) -> str:
        """``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        (result,) = self._db.execute("PRAGMA integrity_check").fetchone()
        return str(result)

    def checkpoint(self) -> None:
        """Merge the ``-wal`` file into the database file and empty it (a writer's).

        Readers still reading keep the frames they need; the merge is then
        partial, which is harmless (SQLite finishes it later).
        """
        if self.readonly:
            return
        with contextlib.suppress(sqlite3.Error):
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()

    def backup(self, target: str | os.PathLike[str]) -> None:
        """Copy the whole log, ``-wal`` included, into the new file ``target``.

        SQLite's online backup in one step: a snapshot of the log as one
        moment saw it, taken while tables may go on being played.
        """
        # A new file, private as the log is (it holds every card still to come).
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
        with contextlib.closing(sqlite3.connect(os.fspath(target))) as copy:
            with self._reading():
                self._db.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")
        # The key goes with the copy (private too), or its shoes in play could not be read.
        key = key_file(self.name)
        if key.exists():
            copied = os.open(key_file(target), os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
            with os.fdopen(copied, "w") as out:
                out.write(key.read_text())

    def credentials(self) -> Credentials:
        """See ``CredentialStore.credentials``: two tables of their own in the same file."""
        if self.name == ":memory:":
            return MemoryCredentials()
        from puntobanco.store.sqlite_credentials import FileCredentials

        return FileCredentials(self.name)

    def close(self) -> None:
        """Close the connection (a writer merges the ``-wal`` file first)."""
        self.checkpoint()
        self._db.close()

    # -- snapshots (derived data: a table's state after event ``seq``) ---------------

    def save_snapshot(self, table: str, seq: int, body: str) -> None:
        """Keep ``body``, the table's state after its event ``seq`` (replacing an older one).

        A read-only store keeps none (snapshots are derived data)."""
        if self.readonly:
            return
        db = self._db
        db.execute(SNAPSHOTS)
        db.execute(
            "INSERT INTO snapshots (table_id, seq, body) VALUES (?, ?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, body = excluded.body "
            "WHERE excluded.seq > snapshots.seq",
            (table, seq, body if (sealer := self._sealing()) is None else sealer.seal_body(body)),
        )

    def load_snapshot(self, table: str) -> tuple[int, str] | None:
        """The latest snapshot of ``table``: ``(seq, body)``, or None."""
        try:
            row = self._db.execute(
                "SELECT seq, body FROM snapshots WHERE table_id = ?", (table,)
            ).fetchone()
        except sqlite3.OperationalError:  # no snapshot was ever written here
            return None
        return (
            None
            if row is None
            else (int(row[0]), open_body(self._opening, str(row[1]), self._where))
        )

    def load_after(self, table: str, seq: int) -> list[Record]:
        """The table's events after number ``seq``, oldest first, each row checked."""
        with self._reading():
            rows = self._db.execute(
                "SELECT seq, time, type, body, crc, hash FROM events "
                "WHERE table_id = ? AND seq >= ? ORDER BY seq",
                (table, seq),
            ).fetchall()
        prev: object = GENESIS
        if seq > 0 and rows:  # the chain goes on from the row before the first one returned
            if rows[0][0] != seq:
                self._damaged("store.reason.gap", table=table, seq=seq)
            prev = rows.pop(0)[5]
        records = []
        for expected, row in enumerate(rows, start=seq + 1):
            if isinstance(row[0], int) and row[0] != expected:
                self._damaged("store.reason.gap", table=table, seq=expected)
            if not isinstance(prev, str):  # the row before's hash itself is damaged
                self._damaged("store.reason.chain", table=table, seq=expected - 1)
            number, time, type_name, body, crc, hash = row
            records.append(self._record(table, number, time, type_name, body, crc, hash, prev))
            prev = hash
        return records
