"""Interrupts during an action: the table in memory and its log on disk never part ways.

A signal handler that raises (Ctrl-C's ``KeyboardInterrupt``) fires at random
points of thousands of actions on a SQLite-backed table. After each one the
table object must equal what the log holds, the connection must be out of any
transaction, and another process must be able to write: the caller learns
"committed" (the table moved on) or "not committed" (the table is as it was),
never a third state.
"""

from __future__ import annotations

import gc
import json
import random
import signal
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

import pytest

from puntobanco import CasinoTable
from puntobanco.errors import PuntoBancoError
from puntobanco.interrupts import deferred_signals
from puntobanco.store.seal import file_sealer, open_event
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.codec import dumps, from_dict
from puntobanco.table.events import TableOpened

INTERRUPTS = 2000


def _raise(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@pytest.fixture
def alarm() -> Iterator[None]:
    # A garbage-collector callback left by another test's library (Dask's
    # timing hook) would swallow an interrupt that lands inside it.
    callbacks = gc.callbacks[:]
    gc.callbacks.clear()
    old = signal.signal(signal.SIGALRM, _raise)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
        gc.callbacks[:] = callbacks


def _actions(table: CasinoTable, rng: random.Random) -> Callable[[], object]:
    names = [p.name for p in table.players]
    choice = rng.random()
    if choice < 0.45:
        return lambda: table.bet(rng.choice(names), rng.choice(["punto", "banco"]), 1000)
    if choice < 0.55:
        return lambda: table.withdraw(rng.choice(names), "banco")
    return table.deal


def _same(table: CasinoTable, store: SQLiteStore, db: Path) -> None:
    """The table holds what the log holds: as many events, and the same last ones."""
    (count,) = store._db.execute("SELECT COUNT(*) FROM events").fetchone()
    assert len(table.events) == count
    tail = store._db.execute("SELECT body FROM events ORDER BY seq DESC LIMIT 3").fetchall()
    # Each row as it reads back: the cards to come are stored sealed (``store.seal``).
    sealer = file_sealer(db, create=False)
    assert [dumps(e) for e in reversed(table.events[-3:])] == [
        dumps(from_dict(open_event(lambda: sealer, json.loads(body), ""))) for (body,) in tail
    ]
    assert not store._db.in_transaction
    other = sqlite3.connect(db, timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")  # nobody is left holding the write lock
        other.execute("ROLLBACK")
    finally:
        other.close()


@pytest.mark.slow
def test_interrupts_at_random_points_leave_memory_equal_to_the_store(
    tmp_path: Path, alarm: None
) -> None:
    rng = random.Random(9)
    db = tmp_path / "t.db"
    store = SQLiteStore(db)
    table = CasinoTable(seed=3, db=store)
    for name in ("Ana", "Bruno", "Chloé"):
        table.sit(name, 10**7)
    # How long an action takes here: the interrupts are spread over that span.
    start = time.perf_counter()
    for _ in range(20):
        table.bet("Ana", "banco", 1000)
        table.withdraw("Ana", "banco")
    span = (time.perf_counter() - start) / 40 * 1.5
    interrupted = committed_then_interrupted = 0
    # The machine's speed changes under the test (other processes): each hundred
    # tries, the span follows how many interrupts landed, so that about half to nine
    # in ten land inside an action; the tries go on (bounded) until a third landed.
    landed_before = 0
    for tried in range(4 * INTERRUPTS):
        if tried >= INTERRUPTS and interrupted > INTERRUPTS // 3:
            break
        if tried and tried % 100 == 0:
            landed, landed_before = interrupted - landed_before, interrupted
            span *= 0.7 if landed < 50 else 1.3 if landed > 90 else 1.0
        action = _actions(table, rng)
        before = len(table.events)
        try:
            signal.setitimer(signal.ITIMER_REAL, rng.uniform(1e-6, span))
            try:
                action()
            except PuntoBancoError:
                pass  # a refused action (nothing to withdraw...): stores nothing
            signal.setitimer(signal.ITIMER_REAL, 0)
        except KeyboardInterrupt:
            signal.setitimer(signal.ITIMER_REAL, 0)
            interrupted += 1
            committed_then_interrupted += len(table.events) != before
        _same(table, store, db)
    assert interrupted > INTERRUPTS // 3  # the interrupts did land inside actions
    assert committed_then_interrupted > 0  # and some right after a commit
    assert list(table.events) == [r.event for r in store.load(table.name)]
    table.close()
    store.close()


def test_a_store_append_interrupted_is_all_or_nothing(tmp_path: Path, alarm: None) -> None:
    rng = random.Random(4)
    store = SQLiteStore(tmp_path / "a.db")
    opened = TableOpened("t", CasinoTable(seed=1).config)
    for i in range(300):
        table = f"t{i}"
        event = TableOpened(table, opened.config)
        try:
            signal.setitimer(signal.ITIMER_REAL, rng.uniform(1e-6, 3e-3))
            store.append(table, 0, [event])
            signal.setitimer(signal.ITIMER_REAL, 0)
        except KeyboardInterrupt:
            signal.setitimer(signal.ITIMER_REAL, 0)
        assert [r.event for r in store.load(table)] in ([], [event])
        assert not store._db.in_transaction
    store.close()


def test_a_signal_held_back_is_handled_once_the_block_is_done() -> None:
    seen: list[int] = []
    old = signal.signal(signal.SIGUSR1, lambda signum, frame: seen.append(signum))
    try:
        with deferred_signals():
            signal.raise_signal(signal.SIGUSR1)
            for _ in range(1000):  # plenty of chances for the handler to run
                pass
            assert seen == []
        assert seen == [signal.SIGUSR1]
        assert signal.getsignal(signal.SIGUSR1) is not None
        with pytest.raises(KeyboardInterrupt), deferred_signals():
            signal.raise_signal(signal.SIGINT)
            assert True  # still running: Ctrl-C waits for the end of the block
    finally:
        signal.signal(signal.SIGUSR1, old)
