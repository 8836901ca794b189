"""The in-memory store: a log gone when the process ends (tests, quick games, ``memory://``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from puntobanco.errors import StoreError
from puntobanco.store.base import Append, Record, conflict, now_text
from puntobanco.store.chain import GENESIS, link
from puntobanco.store.clock import StoreClock
from puntobanco.store.credentials import Credentials, MemoryCredentials
from puntobanco.table.codec import to_dict
from puntobanco.table.events import Event


class MemoryStore:
    """An ``EventStore`` in memory: gone when the process ends. ``clock`` gives the
    time stored with each event (tests move it with the engine's clock), never
    before its table's last time (``store.clock``, which measures the time
    between a table's appends with ``monotonic``)."""

    append_many_times: Final = True

    def __init__(
        self,
        *,
        clock: Callable[[], str] = now_text,
        monotonic: Callable[[], float] | None = None,
    ) -> None:
        self._clock = StoreClock(clock, monotonic=monotonic, name=":memory:")
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
            raise conflict(table, expected, len(log))
        last = log[-1].time if log else None
        stamp = "" if times or not events else self._clock.stamp(self._clock.now(), table, last)
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
                raise conflict(a.table, a.expected, found)
            counts[a.table] += len(a.events)
        for a in appends:
            if a.events:
                self.append(a.table, a.expected, a.events, times=a.times)

    @property
    def steps_back(self) -> int:
        """See ``ClockedStore.steps_back``."""
        return self._clock.steps_back

    def probe(self) -> None:
        """See ``ProbedStore.probe``: memory can always be written."""

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

    def credentials(self) -> Credentials:
        """See ``CredentialStore.credentials``: in memory too."""
        return MemoryCredentials()
