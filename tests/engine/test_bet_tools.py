"""The tools of a layout of chips, each one command through the engine: the last bet
again (``Rebet``), doubled (``Double``), the last chip taken back (``UndoBet``), every
bet taken back (``ClearBets``); refused with the reason a limit or the bankroll gives,
all or nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from puntobanco.coup import Outcome
from puntobanco.engine import (
    Bet,
    ClearBets,
    Deal,
    Double,
    Engine,
    Rebet,
    UndoBet,
    Viewer,
)
from puntobanco.errors import IllegalActionError, InvalidBetError, PuntoBancoError
from puntobanco.table.audit import audit_log

ANA = Viewer.player("Ana")
P, B, E = Outcome.PUNTO, Outcome.BANCO, Outcome.EGALITE


def casino(engine: Engine, bankroll: int = 100_000, **settings: Any) -> None:
    engine.open(
        "t",
        "casino",
        settings={"seed": 3, "maximum": 20_000, **settings},
        players=[("Ana", bankroll), ("Bruno", 100_000)],
    )


def tools(engine: Engine) -> list[str]:
    kinds = ("Rebet", "Double", "UndoBet", "ClearBets")
    return [c["type"] for c in engine.commands("t", ANA) if c["type"] in kinds]


def bets(engine: Engine) -> dict[Any, Any]:
    return dict(engine.state("t").players["Ana"].bets)


def refused(engine: Engine, command: Any) -> PuntoBancoError:
    with pytest.raises(PuntoBancoError) as caught:
        engine.do("t", command, ANA)
    return caught.value


def test_undo_takes_back_the_last_chip_and_clear_every_bet() -> None:
    engine = Engine()
    casino(engine)
    assert tools(engine) == []
    for box, stake in ((B, 1000), (B, 2500), (E, 500)):
        engine.do("t", Bet("Ana", box, stake), ANA)
    assert tools(engine) == ["Double", "UndoBet", "ClearBets"]
    done = engine.do("t", UndoBet("Ana"), ANA)
    assert done.events == ({"type": "BetWithdrawn", "name": "Ana", "box": "egalite", "stake": 500},)
    done = engine.do("t", UndoBet("Ana"), ANA)
    assert done.events == ({"type": "BetWithdrawn", "name": "Ana", "box": "banco", "stake": 2500},)
    assert bets(engine) == {B: 1000}
    engine.do("t", Bet("Ana", E, 600), ANA)
    done = engine.do("t", ClearBets("Ana"), ANA)
    assert [e["box"] for e in done.events] == ["banco", "egalite"]
    assert bets(engine) == {} and tools(engine) == []
    error = refused(engine, UndoBet("Ana"))
    assert isinstance(error, IllegalActionError) and error.key == "table.error.no_chips_down"
    assert error.message("fr") == "Ana n’a aucun jeton sur le tapis."


def test_double_puts_a_chip_beside_each_stake_or_none_with_the_reason() -> None:
    engine = Engine()
    casino(engine, bankroll=5000)
    engine.do("t", Bet("Ana", B, 1000), ANA)
    engine.do("t", Bet("Ana", E, 500), ANA)
    engine.do("t", Double("Ana"), ANA)
    assert bets(engine) == {B: 2000, E: 1000}
    error = refused(engine, Double("Ana"))  # 6,000 asked of 5,000
    assert isinstance(error, InvalidBetError) and error.key == "table.error.above_bankroll"
    assert bets(engine) == {B: 2000, E: 1000}  # nothing of it placed
    assert "Double" not in tools(engine)
    engine.do("t", UndoBet("Ana"), ANA)  # the doubling's last chip: Égalité's 500
    assert bets(engine) == {B: 2000, E: 500}


def test_a_double_above_the_boxs_maximum_is_refused_naming_it() -> None:
    engine = Engine()
    casino(engine)
    engine.do("t", Bet("Ana", B, 15_000), ANA)
    error = refused(engine, Double("Ana"))
    assert error.key == "table.error.above_maximum"
    assert "200.00" in error.message("en")


def test_rebet_puts_the_last_coups_bets_down_again() -> None:
    engine = Engine()
    casino(engine)
    error = refused(engine, Rebet("Ana"))
    assert error.key == "table.error.rebet_none"
    engine.do("t", Bet("Ana", B, 2000), ANA)
    engine.do("t", Bet("Ana", E, 500), ANA)
    engine.do("t", Deal())
    assert "Rebet" in tools(engine)
    done = engine.do("t", Rebet("Ana"), ANA)
    assert [(e["box"], e["stake"]) for e in done.events] == [("banco", 2000), ("egalite", 500)]
    assert "Rebet" not in tools(engine)
    error = refused(engine, Rebet("Ana"))
    assert error.key == "table.error.rebet_placed"
    assert "Ana" in error.message("es")


def test_a_rebet_the_bankroll_cannot_cover_places_nothing() -> None:
    engine = Engine()
    casino(engine, bankroll=3000)
    engine.do("t", Bet("Ana", E, 3000), ANA)
    engine.do("t", Deal())
    while engine.state("t").players["Ana"].balance >= 3000:  # Égalité won: once more
        engine.do("t", Rebet("Ana"), ANA)
        engine.do("t", Deal())
    error = refused(engine, Rebet("Ana"))
    assert error.key == "table.error.above_bankroll"
    assert bets(engine) == {}


def test_a_session_has_no_chips_to_repeat_or_take_back() -> None:
    engine = Engine()
    engine.open("t", "session", settings={"seed": 7}, players=["Ana", "Bruno"])
    engine.do("t", Bet("Ana", "banco"), ANA)
    assert tools(engine) == []
    error = refused(engine, UndoBet("Ana"))
    assert isinstance(error, IllegalActionError) and error.key == "table.error.no_chips"


def test_a_log_with_the_tools_passes_the_audit() -> None:
    engine = Engine()
    casino(engine)
    engine.do("t", Bet("Ana", B, 1000), ANA)
    engine.do("t", Bet("Ana", B, 2500), ANA)
    engine.do("t", Double("Ana"), ANA)
    engine.do("t", UndoBet("Ana"), ANA)
    engine.do("t", Deal())
    engine.do("t", Rebet("Ana"), ANA)
    engine.do("t", ClearBets("Ana"), ANA)
    engine.do("t", Rebet("Ana"), ANA)
    engine.do("t", Deal())
    events = [r.event for r in engine.log("t")]
    now = datetime.now(UTC).isoformat()
    assert audit_log("t", events, [now] * len(events), list(range(1, len(events) + 1))) == 2
