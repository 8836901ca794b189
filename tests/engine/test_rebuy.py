"""Buying in again: a player whose bankroll is below the table's minimum brings it
back up to the table's bankroll (``Rebuy``); where the host approves rebuys, a
player's is a request the host grants (its own ``Rebuy``) or refuses (``Refuse``)."""

from __future__ import annotations

from typing import Any

import pytest

from puntobanco.engine import Engine, Rebuy, Viewer
from puntobanco.engine.commands import Refuse
from puntobanco.errors import IllegalActionError, InvalidBetError, PuntoBancoError
from puntobanco.table.config import Format, TableConfig

ANA = Viewer.player("Ana")


def table(engine: Engine, approval: bool | None = None, balance: int = 500) -> None:
    settings: dict[str, Any] = {"seed": 3, "bankroll": 100_000}
    if approval is not None:
        settings["rebuy_approval"] = approval
    engine.open("t", "casino", settings=settings, players=[("Ana", balance), ("Bruno", 100_000)])


def offer(engine: Engine, viewer: Viewer, kind: str) -> list[dict[str, Any]]:
    return [c for c in engine.commands("t", viewer) if c["type"] == kind]


def refused(engine: Engine, command: Any, by: Viewer) -> PuntoBancoError:
    with pytest.raises(PuntoBancoError) as caught:
        engine.do("t", command, by)
    return caught.value


def test_a_bankroll_below_the_minimum_is_bought_back_up_to_the_tables_bankroll() -> None:
    engine = Engine()
    table(engine)
    assert offer(engine, ANA, "Rebuy") == [{"type": "Rebuy", "amount": 99_500}]
    done = engine.do("t", Rebuy("Ana", 99_500), ANA)
    assert done.events == ({"type": "PlayerRebought", "name": "Ana", "amount": 99_500},)
    assert engine.state("t").players["Ana"].balance == 100_000
    assert offer(engine, ANA, "Rebuy") == []


def test_a_rebuy_while_the_bankroll_covers_the_minimum_is_refused_with_its_reason() -> None:
    engine = Engine()
    table(engine)
    error = refused(engine, Rebuy("Bruno", 1000), Viewer.player("Bruno"))
    assert isinstance(error, IllegalActionError) and error.key == "table.error.rebuy_covered"
    assert error.message("en") == (
        "Bruno still has 1,000.00, enough for the minimum stake of 10.00: "
        "a rebuy is for a bankroll below it."
    )
    assert "cave" in error.message("fr") and "1\u202f000,00" in error.message("fr")
    assert "saldo" in error.message("es") and "10,00" in error.message("es")
    assert offer(engine, Viewer.player("Bruno"), "Rebuy") == []


def test_a_rebuy_above_the_tables_bankroll_is_refused_naming_the_most() -> None:
    engine = Engine()
    table(engine)
    error = refused(engine, Rebuy("Ana", 99_501), ANA)
    assert isinstance(error, InvalidBetError) and error.key == "table.error.rebuy_above_bankroll"
    assert "995.00" in error.message("en") and "1,000.00" in error.message("en")
    assert "995,00" in error.message("fr") and "995,00" in error.message("es")
    assert engine.state("t").players["Ana"].balance == 500


def test_at_a_table_whose_host_approves_a_players_rebuy_waits_for_the_host() -> None:
    engine = Engine()
    table(engine, approval=True)
    asked = engine.do("t", Rebuy("Ana", 99_500), ANA)
    assert asked.events == ({"type": "RebuyAsked", "name": "Ana", "amount": 99_500},)
    assert engine.state("t").players["Ana"].balance == 500
    assert engine.view("t", ANA)["me"]["rebuy_asked"] == 99_500
    assert offer(engine, ANA, "Rebuy") == []  # asked once: nothing more to ask
    host = engine.commands("t", Viewer.HOST)
    assert {"type": "Rebuy", "name": "Ana", "amount": 99_500} in host
    assert {"type": "Refuse", "name": "Ana"} in host
    refused_ = engine.do("t", Refuse("Ana"))
    assert refused_.events == ({"type": "RebuyRefused", "name": "Ana"},)
    assert engine.view("t", ANA)["me"]["rebuy_asked"] is None
    engine.do("t", Rebuy("Ana", 99_500), ANA)
    granted = engine.do("t", Rebuy("Ana", 99_500))  # the host's: granted
    assert granted.events == ({"type": "PlayerRebought", "name": "Ana", "amount": 99_500},)
    assert engine.state("t").players["Ana"].balance == 100_000
    assert engine.state("t").rebuys == {}


def test_the_host_refuses_only_a_request_that_was_made() -> None:
    engine = Engine()
    table(engine, approval=True)
    error = refused(engine, Refuse("Ana"), Viewer.HOST)
    assert error.key == "table.error.no_request"


def test_the_settings_of_rebuys_are_a_money_tables_only() -> None:
    with pytest.raises(PuntoBancoError):
        TableConfig(Format.SESSION, deals=10, rebuy_approval=True)
    with pytest.raises(PuntoBancoError):
        TableConfig.casino(bankroll=0)
    assert TableConfig.casino(bankroll=5000, rebuy_approval=True).bankroll == 5000
