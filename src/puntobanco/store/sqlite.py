"""The SQLite event store: standard library ``sqlite3``, WAL, ``synchronous=FULL``.

One transaction per ``append`` or ``append_many`` (``BEGIN IMMEDIATE`` ...
``COMMIT``), committed
before it returns: an action that returned is on disk, and a crash leaves
either all of an action's events or none. Each event is one row keyed by
(table, number); the body is the event's JSON line.
"""

from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from puntobanco.errors import StoreError
from puntobanco.interrupts import deferred_signals
from puntobanco.store import Append, Record, now_text
from puntobanco.table.codec import dumps, loads
from puntobanco.table.events import Event

SCHEMA_VERSION: Final = 1
#: Test hook for the crash tests: the process kills itself (SIGKILL) right
#: after its N-th commit, before ``append`` returns.
KILL_AFTER_COMMIT: Final = "PUNTOBANCO_TEST_KILL_AFTER_COMMIT"

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    time TEXT NOT NULL,
    type TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"""


class SQLiteStore:
    """An ``EventStore`` in one SQLite file (created with its folder if missing)."""

    #: ``append_many`` keeps each append's own ``times`` (imports).
    append_many_times: Final = True

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        synchronous: str = "FULL",
        clock: Callable[[], str] = now_text,
    ) -> None:
        self.name = str(path)
        if self.name != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.name, isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        assert synchronous in ("FULL", "NORMAL", "OFF", "EXTRA")
        self._db.execute(f"PRAGMA synchronous={synchronous}")
        self._db.executescript(_SCHEMA)
        self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        self._clock = clock
        self._commits = 0
        kill = os.environ.get(KILL_AFTER_COMMIT, "")
        self._kill_after = int(kill) if kill.isdigit() else None

    def append(
        self,
        table: str,
        expected: int,
        events: Sequence[Event],
        *,
        times: Sequence[str] | None = None,
    ) -> None:
        """See ``EventStore.append``."""
        self.append_many([Append(table, expected, events, times)])

    def append_many(self, batch: Sequence[Append | tuple[str, int, Sequence[Event]]]) -> None:
        """See ``GroupCommitStore.append_many``: one transaction, one sync to disk."""
        appends = [Append(*item) for item in batch]
        stamp = self._clock()
        rows = [
            (
                a.table,
                a.expected + i + 1,
                a.times[i] if a.times else stamp,
                type(e).__name__,
                dumps(e),
            )
            for a in appends
            for i, e in enumerate(a.events)
        ]
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
                counts: dict[str, int] = {}
                for a in appends:
                    if a.table not in counts:
                        (counts[a.table],) = db.execute(
                            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE table_id = ?",
                            (a.table,),
                        ).fetchone()
                    if counts[a.table] != a.expected:
                        raise StoreError(
                            "store.error.conflict",
                            table=a.table,
                            expected=a.expected,
                            found=counts[a.table],
                        )
                    counts[a.table] += len(a.events)
                db.executemany(
                    "INSERT INTO events (table_id, seq, time, type, body) VALUES (?, ?, ?, ?, ?)",
                    rows,
                )
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        self._commits += 1
        if self._kill_after is not None and self._commits >= self._kill_after:
            os.kill(os.getpid(), signal.SIGKILL)

    def load(self, table: str) -> list[Record]:
        """See ``EventStore.load``."""
        rows = self._db.execute(
            "SELECT seq, time, body FROM events WHERE table_id = ? ORDER BY seq", (table,)
        ).fetchall()
        return [Record(table, seq, time, loads(body)) for seq, time, body in rows]

    def tables(self) -> list[str]:
        """See ``EventStore.tables``."""
        rows = self._db.execute(
            "SELECT table_id FROM events GROUP BY table_id ORDER BY MIN(time), table_id"
        ).fetchall()
        return [table for (table,) in rows]

    def integrity(self) -> str:
        """``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        (result,) = self._db.execute("PRAGMA integrity_check").fetchone()
        return str(result)

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    # -- snapshots (derived data: a table's state after event ``seq``) ---------------

    def save_snapshot(self, table: str, seq: int, body: str) -> None:
        """Keep ``body``, the table's state after its event ``seq`` (replacing an older one)."""
        db = self._db
        db.execute(_SNAPSHOTS)
        db.execute(
            "INSERT INTO snapshots (table_id, seq, body) VALUES (?, ?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, body = excluded.body "
            "WHERE excluded.seq > snapshots.seq",
            (table, seq, body),
        )

    def load_snapshot(self, table: str) -> tuple[int, str] | None:
        """The latest snapshot of ``table``: ``(seq, body)``, or None."""
        try:
            row = self._db.execute(
                "SELECT seq, body FROM snapshots WHERE table_id = ?", (table,)
            ).fetchone()
        except sqlite3.OperationalError:  # no snapshot was ever written here
            return None
        return None if row is None else (int(row[0]), str(row[1]))

    def load_after(self, table: str, seq: int) -> list[Record]:
        """The table's events after number ``seq``, oldest first."""
        rows = self._db.execute(
            "SELECT seq, time, body FROM events WHERE table_id = ? AND seq > ? ORDER BY seq",
            (table, seq),
        ).fetchall()
        return [Record(table, n, time, loads(body)) for n, time, body in rows]


_SNAPSHOTS: Final = """
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    body TEXT NOT NULL
) WITHOUT ROWID
"""
