"""The table service's idle policy: a table nobody uses is closed, its log kept."""

from __future__ import annotations

from puntobanco.engine import Bet, Engine, Sit, Tick, Viewer
from puntobanco.store import MemoryStore
from puntobanco.table.events import TableClosed


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_idle_table_is_closed_and_released_and_a_used_one_kept() -> None:
    clock, store = Clock(), MemoryStore()
    engine = Engine(store, clock=clock)
    engine.open("left", "casino", settings={"seed": 1})
    engine.open("kept", "casino", settings={"seed": 2})
    engine.open("watched", "casino", settings={"seed": 3})
    clock.now += 400
    engine.do("kept", Sit("Ana", 10_000), by=Viewer.SPECTATOR)  # a command is a use
    assert engine.close_idle(600) == []
    clock.now += 300  # left and watched: 700 s idle; kept: 300 s
    assert engine.close_idle(600, busy={"watched"}) == ["left"]
    held = {i.table for i in engine.held()}
    assert "left" not in held and {"kept", "watched"} <= held
    assert any(isinstance(r.event, TableClosed) for r in store.load("left"))  # its log stays
    assert engine.close_idle(600) == ["watched"]  # its screen closed
    clock.now += 300
    engine.touch("kept")  # a screen opened or closed on it: its idle time starts again
    clock.now += 599
    assert engine.close_idle(600) == []
    clock.now += 1
    assert engine.close_idle(600) == ["kept"] and engine.info("kept").finished


def test_the_engine_s_clock_is_no_use_and_a_table_that_cannot_close_is_only_released() -> None:
    clock, store = Clock(), MemoryStore()
    engine = Engine(store, clock=clock)
    engine.open("c", "croupier", settings={"seed": 1}, players=[("Ana", 10_000)])
    engine.do("c", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
    for _ in range(30):  # its countdown ticks (and deals) on the engine's own clock
        clock.now += 30
        engine.tick()
    assert engine.state("c").coup > 1  # the clock dealt: the table was never idle by use
    engine.do("c", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
    clock.now += 600
    assert engine.close_idle(600) == []  # a bet on its layout: it cannot close now
    assert "c" not in {i.table for i in engine.held()}
    assert not engine.info("c").finished  # read again from its log when someone comes back
    assert engine.close_idle(0) == []  # not idle again until used again
    engine.do("c", Tick())  # a command sent (anyone's clock) is a use
    clock.now += 599
    assert engine.close_idle(600) == [] and "c" in {i.table for i in engine.held()}
    clock.now += 1
    assert engine.close_idle(600) == [] and "c" not in {i.table for i in engine.held()}
