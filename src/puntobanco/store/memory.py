"""The in-memory store: a log gone when the process ends (tests, quick games, ``memory://``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from puntobanco.errors import StoreError
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
from puntobanco.table.codec import to_dict
from puntobanco.table.events import Event


class MemoryStore(Appends):
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
        self._commands: dict[str, dict[str, Applied]] = {}
        self._credentials = MemoryCredentials()
        self.name = ":memory:"

    def _append(
        self, table: str, expected: int, events: Sequence[Event], times: Sequence[str] | None
    ) -> None:
        log = self._logs.get(table, [])
        last = log[-1].time if log else None
        stamp = "" if times or not events else self._clock.stamp(self._clock.now(), table, last)
        new = [
            Record(table, expected + i + 1, times[i] if times else stamp, event)
            for i, event in enumerate(events)
        ]
        # The hash chain is linked when a head is asked for (``head``), not here: a
        # table played in memory pays its events' encoding and hashing only when
        # someone looks at its chain (it was half the time of each action).
        self._logs.setdefault(table, []).extend(new)

    def _write(
        self, appends: Sequence[Append], named: Sequence[str | None], *, applied: bool
    ) -> None:
        """Store ``appends``, all or none; a command stored before is refused as
        ``store.error.applied`` where ``applied`` asks for it, else as a conflict."""
        counts: dict[str, int] = {}
        for a in appends:
            found = counts.setdefault(a.table, len(self._logs.get(a.table, [])))
            if found != a.expected:
                raise conflict(a.table, a.expected, found)
            counts[a.table] += len(a.events)
        new: dict[tuple[str, str], Applied] = {}
        for a, command in zip(appends, named, strict=True):
            if command is None or not a.events:
                continue
            done = self.applied(a.table, command) or new.get((a.table, command))
            if done is not None:
                if applied:
                    raise applied_before(a.table, command, done)
                raise command_conflict(a.table, a.expected, done)
            new[a.table, command] = Applied(a.expected + 1, a.expected + len(a.events))
        for a in appends:
            if a.events:
                self._append(a.table, a.expected, a.events, a.times)
        for (table, command), done in new.items():
            self._commands.setdefault(table, {})[command] = done

    def applied(self, table: str, command: str) -> Applied | None:
        """See ``EventStore.applied``."""
        return self._commands.get(table, {}).get(command)

    def has_ids(self, table: str, prefix: str) -> bool:
        """See ``PrefixedStore.has_ids``."""
        return any(c.startswith(prefix) for c in self._commands.get(table, {}))

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
        log = self._logs.get(table, [])
        count = len(log) if seq is None else seq
        if not 0 <= count <= len(log):
            raise StoreError("store.error.no_event", table=table, seq=seq, db=self.name)
        hashes = self._hashes.setdefault(table, [])
        for r in log[len(hashes) : count]:
            hashes.append(
                link(table, r.seq, r.time, to_dict(r.event), hashes[-1] if hashes else GENESIS)
            )
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
        """See ``CredentialStore.credentials``: in memory too, beside this log."""
        return self._credentials
