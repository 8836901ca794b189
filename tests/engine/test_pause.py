"""The host's pause: while the table is paused nothing is dealt, no countdown runs and
bets are refused with the reason; the bets on the layout stay, and once resumed the
croupier's countdown starts again from its whole length."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from puntobanco.engine import Bet, Deal, Engine, Tick, Viewer, Withdraw
from puntobanco.engine.commands import PauseTable, ResumeTable
from puntobanco.errors import IllegalActionError, NotAllowedError, PuntoBancoError
from puntobanco.table.audit import audit_log

ANA = Viewer.player("Ana")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def croupier(engine: Engine) -> None:
    engine.open("t", "croupier", settings={"seed": 3, "countdown": 20}, players=[("Ana", 100_000)])


def test_a_paused_croupier_deals_nothing_and_counts_nothing_down() -> None:
    clock = Clock()
    engine = Engine(clock=clock)
    croupier(engine)
    engine.do("t", Bet("Ana", "banco", 1000), ANA)
    engine.do("t", Tick())
    assert engine.view("t", ANA)["countdown"] == 20
    assert {"type": "PauseTable"} in engine.commands("t", Viewer.HOST)
    done = engine.do("t", PauseTable())
    assert done.events == ({"type": "TablePaused", "coup": 1},)
    assert engine.view("t", ANA)["paused"] is True
    assert engine.view("t", ANA)["countdown"] is None
    clock.now = 100.0
    engine.do("t", Tick())
    assert engine.state("t").coup == 1 and engine.state("t").phase.value == "bets_open"
    with pytest.raises(PuntoBancoError) as refused:
        engine.do("t", Bet("Ana", "banco", 1000), ANA)
    assert isinstance(refused.value, IllegalActionError)
    assert refused.value.key == "table.error.paused"
    assert "pause" in refused.value.message("fr") and "pausa" in refused.value.message("es")
    assert not [c for c in engine.commands("t", ANA) if c["type"] == "Bet"]
    engine.do("t", Withdraw("Ana", "banco"), ANA)  # taking a bet back is allowed
    engine.do("t", ResumeTable())
    assert engine.view("t", ANA)["paused"] is False
    engine.do("t", Bet("Ana", "banco", 1000), ANA)
    engine.do("t", Tick())
    assert engine.view("t", ANA)["countdown"] == 20  # the whole countdown again
    clock.now = 120.0
    engine.do("t", Tick())
    assert engine.state("t").coup == 2  # dealt once resumed and due


def test_the_host_deals_nothing_while_paused_and_pauses_once() -> None:
    engine = Engine()
    engine.open("c", "casino", settings={"seed": 3}, players=[("Ana", 100_000)])
    engine.do("c", Bet("Ana", "banco", 1000), ANA)
    engine.do("c", PauseTable())
    assert "Deal" not in [c["type"] for c in engine.commands("c", Viewer.HOST)]
    with pytest.raises(IllegalActionError) as refused:
        engine.do("c", Deal())
    assert refused.value.key == "table.error.paused"
    with pytest.raises(IllegalActionError) as twice:
        engine.do("c", PauseTable())
    assert twice.value.key == "table.error.paused_already"
    with pytest.raises(NotAllowedError):
        engine.do("c", ResumeTable(), ANA)  # the host's alone
    engine.do("c", ResumeTable())
    with pytest.raises(IllegalActionError) as again:
        engine.do("c", ResumeTable())
    assert again.value.key == "table.error.not_paused"
    engine.do("c", Deal())
    events = [r.event for r in engine.log("c")]
    now = datetime.now(UTC).isoformat()
    assert audit_log("c", events, [now] * len(events), list(range(1, len(events) + 1))) == 1
