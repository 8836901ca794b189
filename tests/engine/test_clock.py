"""The engine's clock: ``Engine.tick`` looks at the tables that wait on it, and only
at those (a table that waits on nothing costs a tick nothing)."""

from __future__ import annotations

import pytest

from puntobanco.engine import Bet, Committed, Deal, Engine, Tick, Viewer, service
from puntobanco.store import MemoryStore
from puntobanco.table.machine import Table


def test_a_table_that_starts_waiting_after_a_tick_passed_it_over_is_ticked() -> None:
    now = [0.0]
    engine = Engine(clock=lambda: now[0])
    engine.open("c", "casino", settings={"seed": 3, "turn_seconds": 10}, players=[("Ana", 10_000)])
    assert engine.tick() == []  # bets open, the host deals: nothing waits on the clock
    engine.do("c", Bet("Ana", "punto", 1_000))
    engine.do("c", Deal())  # Punto's cards go face down to Ana, for 10 s
    assert engine.state("c").face_down is not None
    now[0] = 5.0
    assert engine.tick() == []
    now[0] = 16.0  # 10 s after the tick that started her time
    (turned,) = engine.tick()
    assert isinstance(turned, Committed)
    assert turned.table == "c" and engine.state("c").face_down is None
    assert any(e["type"] == "CoupSettled" for e in turned.events)


def test_a_table_read_again_from_its_store_is_ticked() -> None:
    now = [0.0]
    store = MemoryStore()
    first = Engine(store, clock=lambda: now[0])
    settings = {"seed": 1, "countdown": 20}
    first.open("x", "croupier", settings=settings, players=[("Ana", 10_000)])
    first.do("x", Tick())
    first.do("x", Bet("Ana", "banco", 1_000))
    second = Engine(store, clock=lambda: now[0])  # a restart: the table read from the store
    second.resume("x")
    now[0] = 1.0
    assert second.tick() == []  # the countdown starts again
    assert second.view("x", Viewer.SPECTATOR)["countdown"] == 20.0
    now[0] = 22.0
    (dealt,) = second.tick()
    assert isinstance(dealt, Committed)
    assert any(e["type"] == "CoupSettled" for e in dealt.events)


def test_a_tick_looks_only_at_the_tables_that_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = Engine()
    for i in range(50):
        engine.open(f"c{i}", "casino", settings={"seed": i}, players=[("Ana", 10_000)])
    engine.open("x", "croupier", settings={"seed": 1, "countdown": 20}, players=[("Ana", 10_000)])
    engine.tick()
    looked: list[str] = []
    waits = service._waits

    def counted(machine: Table) -> bool:
        looked.append(machine.state.table)
        return waits(machine)

    monkeypatch.setattr(service, "_waits", counted)
    engine.tick()
    assert looked == ["x"]
    engine.do("c7", Bet("Ana", "punto", 1_000))  # its state changed: looked at once more
    looked.clear()
    engine.tick()
    assert sorted(looked) == ["c7", "x"]
    looked.clear()
    engine.tick()
    assert looked == ["x"]
