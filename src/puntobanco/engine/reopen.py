"""Reopening a table from its latest snapshot and the events after it; writing snapshots.

A table whose store keeps snapshots (``SnapshotStore``) is rebuilt from the
state after its last snapshot plus the events since, so that reopening does
not replay its whole history; any other store, or a snapshot that cannot be
read, replays the whole log. The engine writes a snapshot after a commit, every
``SNAPSHOT_EVERY`` events, between coups (``snapshotter``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from puntobanco.interrupts import deferred_signals
from puntobanco.rng import RandomSource
from puntobanco.store import EventStore, SnapshotStore
from puntobanco.table.machine import Table
from puntobanco.table.snapshot import dump_state, load_state
from puntobanco.table.state import Phase

#: Events between two snapshots of a table.
SNAPSHOT_EVERY: Final = 2_000


def reopen(store: EventStore, table: str, *, rng: RandomSource | None) -> tuple[Table, int] | None:
    """The stored table ``table`` and the event its snapshot was taken after (0: its
    whole log was replayed); None when the store has no such table."""
    if isinstance(store, SnapshotStore):
        saved = store.load_snapshot(table)
        if saved is not None:
            seq, body = saved
            try:
                state = load_state(body)
            except ValueError:
                state = None
            if state is not None and state.events == seq and state.table == table:
                records = store.load_after(table, seq)
                if not records or records[0].seq == seq + 1:
                    return Table((r.event for r in records), rng=rng, snapshot=state), seq
    records = store.load(table)
    if not records:
        return None
    return Table((r.event for r in records), rng=rng), 0


def snapshotter(store: EventStore, table: str, last: int) -> Callable[[Table], None] | None:
    """What writes ``table``'s snapshots to ``store`` after each commit (``last``: the
    event of its latest snapshot); None for a store that keeps none."""
    if not isinstance(store, SnapshotStore):
        return None
    written = [last]

    def after(machine: Table) -> None:
        count = machine.event_count
        if count - written[0] >= SNAPSHOT_EVERY and machine.phase is Phase.BETS_OPEN:
            snapshot(store, table, machine)
            written[0] = count

    return after


def snapshot(store: SnapshotStore, table: str, machine: Table) -> None:
    """Write ``machine``'s state now as ``table``'s snapshot."""
    body = dump_state(machine.state)
    with deferred_signals():  # one statement, never cut by Ctrl-C half way
        store.save_snapshot(table, machine.event_count, body)
