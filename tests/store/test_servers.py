"""Several processes on one PostgreSQL database: one consistent table, fan-out
between processes within 100 ms, failover after ``kill -9`` of the owner."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from puntobanco.engine import Bet, Deal, Engine, Sit
from puntobanco.errors import PuntoBancoError
from puntobanco.store import MemoryStore
from puntobanco.store.postgres import KILL_AFTER_COMMIT, PostgresStore
from puntobanco.table.events import Event

CHILD = Path(__file__).with_name("server_child.py")


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("server_child", CHILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.script


def child(
    role: str, url: str, acks: Path, env: dict[str, str] | None = None
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(CHILD), role, url, str(acks)],
        stdin=subprocess.PIPE if role == "listen" else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )


def events_of(url: str) -> list[Event]:
    store = PostgresStore(url)
    events = [r.event for r in store.load("club")]
    store.close()
    return events


def test_two_processes_driving_one_table_keep_one_consistent_log(pg_url: str) -> None:
    a, b = Engine(pg_url), Engine(pg_url)
    a.open("club", "casino", settings={"seed": 3})
    b.do("club", Sit("Bruno", 1_000_000))  # b had never read the table
    a.do("club", Sit("Ana", 1_000_000))  # a's copy is stale: it reloads and retries
    start = threading.Barrier(2)

    def bets(engine: Engine, name: str) -> None:
        start.wait()
        for n in range(10):
            engine.do("club", Bet(name, "banco", 1000 + n), id=f"{name}-{n}")

    threads = [threading.Thread(target=bets, args=(e, n)) for e, n in ((a, "Ana"), (b, "Bruno"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert a.view("club")["players"] == b.view("club")["players"]
    stakes = {s["name"]: s["bets"] for s in a.view("club")["players"]}
    assert stakes == {
        "Ana": {"banco": sum(range(1000, 1010))},
        "Bruno": {"banco": sum(range(1000, 1010))},
    }
    # A command sent again (same id) is not applied twice: its first answer.
    again = b.do("club", Bet("Ana", "banco", 1000), id="Ana-0")
    assert again.events == ({"type": "BetPlaced", "name": "Ana", "box": "banco", "stake": 1000},)
    assert {s["name"]: s["bets"] for s in a.view("club")["players"]} == stakes
    with pytest.raises(PuntoBancoError, match="already at this table"):
        b.do("club", Sit("Ana", 5))
    a.do("club", Deal(), id="deal-1")
    assert b.view("club")["coup"] == a.view("club")["coup"] == 2
    a.shutdown()
    b.shutdown()


def test_a_process_sees_what_another_process_did_within_100_ms(pg_url: str, tmp_path: Path) -> None:
    engine = Engine(pg_url)
    engine.open("club", "casino", settings={"seed": 4})
    heard_here: list[int] = []
    engine.subscribe("club", lambda c: heard_here.append(c.seq))
    listener = child("listen", pg_url, tmp_path / "acks")
    assert listener.stdout is not None and listener.stdout.readline() == "listening\n"
    latencies = []
    names = ["Ana", "Bruno", "Chloé", "Dmitri", "Eun-ji", "Fatou", "Gil", "Hana", "Ines", "Jo"]
    for name in names:
        began = time.monotonic()
        committed = engine.do("club", Sit(name, 100_000))
        seq, at = listener.stdout.readline().split()
        assert int(seq) == committed.seq
        latencies.append(float(at) - began)
    assert listener.stdin is not None
    listener.stdin.close()
    assert listener.wait(10) == 0
    listener.stdout.close()
    # Each commit is seen by the other process within 100 ms (one in ten may miss it
    # on a loaded machine: the test machine is shared; its scheduler is not ours).
    assert sorted(latencies)[-2] < 0.1, latencies
    assert max(latencies) < 1, latencies
    deadline = time.monotonic() + 2
    while len(heard_here) < 10 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert heard_here[-10:] == [committed.seq - 9 + i for i in range(10)]
    engine.shutdown()


@pytest.mark.parametrize("kill_after", [None, 15, 17])
def test_the_owner_killed_mid_coup_is_replaced_within_5_s_with_nothing_lost_or_doubled(
    pg_url: str, tmp_path: Path, kill_after: int | None
) -> None:
    acks_a, acks_b = tmp_path / "a.txt", tmp_path / "b.txt"
    env = {KILL_AFTER_COMMIT: str(kill_after)} if kill_after else None
    owner = child("owner", pg_url, acks_a, env)
    assert owner.stdout is not None and owner.stdout.readline() == "owned\n"
    standby = child("standby", pg_url, acks_b)
    assert standby.stdout is not None and standby.stdout.readline() == "standing by\n"
    if kill_after is None:  # killed from outside, around the middle of a coup's bets
        deadline = time.monotonic() + 20
        while not acks_a.exists() or len(acks_a.read_text().split()) < 14:
            assert time.monotonic() < deadline
            time.sleep(0.002)
        owner.send_signal(signal.SIGKILL)
    assert owner.wait(20) == -signal.SIGKILL  # else: killed right after a commit
    killed = time.monotonic()
    took, at = standby.stdout.readline().split()
    assert took == "took" and float(at) - killed < 5
    assert standby.wait(60) == 0
    owner.stdout.close()
    standby.stdout.close()
    acked = acks_a.read_text().split()
    if kill_after == 15:  # killed right after its 4th coup's second bet: mid-coup
        assert acked[-1] == "b4-Ana"
    if kill_after == 17:  # killed right after dealing its 4th coup, not acknowledged
        assert acked[-1] == "b4-Chloé"
    # The log is that of a run never interrupted: same cards, every command once.
    reference = Engine(MemoryStore())
    _script()(reference, None)
    assert events_of(pg_url) == [r.event for r in reference.store.load("club")]
    store = PostgresStore(pg_url)
    for id in acked + acks_b.read_text().split():
        assert store.applied("club", f"host::{id}") is not None, id
    store.close()
