"""Crash test, on every backend: a child process plays a casino table and a
session on one log (a SQLite file, a PostgreSQL database) and is killed with
SIGKILL at random points (and once right after a commit, before the call
returns). After every kill the log must be sound: integrity check ok (SQLite),
every acknowledged action present exactly once, every coup settled entirely or
not at all, balances equal to a recomputation, no gap in event numbers; and
once finished, the log equals that of a run never interrupted."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from puntobanco.coup import Outcome, resolve
from puntobanco.paytable import box_key
from puntobanco.store import open_store
from puntobanco.store.sqlite import KILL_AFTER_COMMIT
from puntobanco.table import Phase, replay
from puntobanco.table.events import (
    BetPlaced,
    BetsClosed,
    BetsOpened,
    CoupDealt,
    CoupSettled,
    Event,
    PlayerSeated,
    TableOpened,
)

CHILD = Path(__file__).with_name("crash_child.py")
COUPS = 40
KILLS = 22
NET = {Outcome.PUNTO: (1, 1), Outcome.BANCO: (19, 20), Outcome.EGALITE: (8, 1)}


def start(db: str, acks: Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    with (acks.parent / "child.err").open("ab") as errors:  # the child keeps its own copy
        return subprocess.Popen(
            [sys.executable, str(CHILD), db, str(acks), str(COUPS)],
            env={**os.environ, **(env or {})},
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )


def recompute(events: list[Event]) -> dict[str, int]:
    """Balances from bankrolls and each coup's cards, with integer arithmetic only."""
    opened = events[0]
    assert isinstance(opened, TableOpened)
    money = opened.config.format.value != "session"
    balances: dict[str, int] = {}
    stakes: list[BetPlaced] = []
    for event in events:
        if isinstance(event, PlayerSeated):
            balances[event.name] = int(event.bankroll)
        elif isinstance(event, BetPlaced):
            if not money:  # a session's prediction replaces the previous one
                stakes = [s for s in stakes if s.name != event.name]
            stakes.append(event)
        elif isinstance(event, CoupDealt):
            outcome = resolve(event.cards).outcome
            for bet in stakes:
                stake = int(bet.stake)
                if bet.box is outcome:
                    num, den = NET[outcome]
                    balances[bet.name] += stake * num // den
                elif outcome is not Outcome.EGALITE or bet.box is Outcome.EGALITE:
                    balances[bet.name] -= stake
            stakes = []
    return balances


def check(db: str, acks: Path) -> int:
    """Every property of a sound log after a crash; returns the coups settled."""
    if not db.startswith("postgresql://") and Path(db).exists():
        # Read-only: a plain connect would make an empty file where the child, killed
        # before it opened the log, left none (and an empty file is not a log).
        raw = sqlite3.connect(Path(db).as_uri() + "?mode=ro", uri=True)
        assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        raw.close()
    store = open_store(db)
    logs = {table: store.load(table) for table in store.tables()}
    store.close()
    placed: Counter[tuple[str, int, str, str, int]] = Counter()
    dealt: Counter[tuple[str, int]] = Counter()
    settled: set[tuple[str, int]] = set()
    total = 0
    for table, records in logs.items():
        assert [r.seq for r in records] == list(range(1, len(records) + 1))
        events = [r.event for r in records]
        state = replay(events)
        # A coup is settled entirely or not at all: the log never stops mid-coup.
        assert state.phase in (Phase.BETS_OPEN, Phase.ENDED)
        assert state.balances == recompute(events)
        assert state.brought == state.taken + sum(state.balances.values()) + state.house
        coup = 1
        for event in events:
            if isinstance(event, BetsOpened):
                coup = event.coup
            elif isinstance(event, BetPlaced):
                placed[(table, coup, event.name, box_key(event.box), int(event.stake))] += 1
            elif isinstance(event, CoupDealt):
                dealt[(table, event.coup)] += 1
            elif isinstance(event, CoupSettled):
                settled.add((table, event.coup))
            elif isinstance(event, BetsClosed):
                assert event.coup == coup
        assert set(dealt) >= {k for k in settled if k[0] == table}
        total += state.completed
    assert all(n == 1 for n in dealt.values())
    assert set(dealt) == settled
    for line in acks.read_text(encoding="utf-8").splitlines():
        kind, table, *rest = line.split()
        if kind == "bet":
            n, name, box, stake = rest
            assert placed[(table, int(n), name, box, int(stake))] == 1, line
        elif kind == "deal":
            assert dealt[(table, int(rest[0]))] == 1 and (table, int(rest[0])) in settled, line
        else:
            assert kind == "sit" and table in logs
    return total


def without_time(db: str) -> dict[str, list[tuple[int, Event]]]:
    store = open_store(db)
    logs = {t: [(r.seq, r.event) for r in store.load(t)] for t in store.tables()}
    store.close()
    return logs


@pytest.mark.slow
def test_sigkill_at_random_points_never_corrupts_the_log(
    new_db: Callable[[], str], tmp_path: Path
) -> None:
    rng = random.Random(20261202)
    db, acks = new_db(), tmp_path / "acks.txt"
    acks.touch()
    kills = progress = 0
    for run in range(KILLS):
        size = acks.stat().st_size
        child = start(db, acks)
        if run % 8 == 0:
            time.sleep(rng.uniform(0.0, 0.3))  # during start-up or reopening
        else:
            deadline = time.monotonic() + 10
            while acks.stat().st_size == size and child.poll() is None:
                assert time.monotonic() < deadline
                time.sleep(0.002)
            time.sleep(rng.uniform(0.0, 0.03))  # in the middle of play
        if child.poll() is None:
            child.send_signal(signal.SIGKILL)
            kills += 1
        child.wait()
        settled = check(db, acks)
        assert settled >= progress
        progress = settled
    assert kills >= 20

    # Killed right after a commit, before the call returns: the action is
    # stored but never acknowledged, and the next run must not repeat it.
    before = len(acks.read_text(encoding="utf-8").splitlines())
    child = start(db, acks, {KILL_AFTER_COMMIT: str(rng.randint(2, 6))})
    assert child.wait() == -signal.SIGKILL
    check(db, acks)
    assert len(acks.read_text(encoding="utf-8").splitlines()) > before

    # Finish the game; the log is exactly the one of an uninterrupted run.
    finish = start(db, acks)
    assert finish.wait() == 0, (tmp_path / "child.err").read_text()
    assert check(db, acks) == 2 * COUPS
    reference = new_db()
    clean = start(reference, tmp_path / "reference.txt")
    assert clean.wait() == 0
    assert without_time(db) == without_time(reference)
