"""Buying in again: a player whose bankroll is below the table's minimum brings it
back up to the bankroll they sat down with (``Rebuy``); where the host approves rebuys, a
player's is a request the host grants (its own ``Rebuy``) or refuses (``Refuse``)."""

from __future__ import annotations

from typing import Any

import pytest

from puntobanco.engine import Bet, Deal, Engine, Rebuy, Viewer
from puntobanco.engine.commands import Refuse
from puntobanco.errors import IllegalActionError, InvalidBetError, PuntoBancoError
from puntobanco.table.config import Format, TableConfig

ANA = Viewer.player("Ana")


def table(engine: Engine, approval: bool | None = None) -> None:
    """Ana and Bruno sit down with 20.00 at a table of minimum 10.00; Ana loses on
    Égalité until her bankroll no longer covers the minimum."""
    settings: dict[str, Any] = {"seed": 3, "minimum": 1000, "tie_minimum": 1000}
    if approval is not None:
        settings["rebuy_approval"] = approval
    engine.open("t", "casino", settings=settings, players=[("Ana", 2000), ("Bruno", 2000)])
    while engine.state("t").players["Ana"].balance >= 1000:
        engine.do("t", Bet("Ana", "egalite", 1000), ANA)
        engine.do("t", Deal())


def left(engine: Engine) -> int:
    """What Ana may buy in again for: back up to the 20.00 she sat down with."""
    return int(2000 - engine.state("t").players["Ana"].balance)


def offer(engine: Engine, viewer: Viewer, kind: str) -> list[dict[str, Any]]:
    return [c for c in engine.commands("t", viewer) if c["type"] == kind]


def refused(engine: Engine, command: Any, by: Viewer) -> PuntoBancoError:
    with pytest.raises(PuntoBancoError) as caught:
        engine.do("t", command, by)
    return caught.value


def test_a_bankroll_below_the_minimum_is_bought_back_up_to_what_was_brought() -> None:
    engine = Engine()
    table(engine)
    room = left(engine)
    assert offer(engine, ANA, "Rebuy") == [{"type": "Rebuy", "amount": room}]
    done = engine.do("t", Rebuy("Ana", room), ANA)
    assert done.events == ({"type": "PlayerRebought", "name": "Ana", "amount": room},)
    assert engine.state("t").players["Ana"].balance == 2000
    assert offer(engine, ANA, "Rebuy") == []


def test_a_rebuy_while_the_bankroll_covers_the_minimum_is_refused_with_its_reason() -> None:
    engine = Engine()
    table(engine)
    bruno = Viewer.player("Bruno")
    error = refused(engine, Rebuy("Bruno", 1000), bruno)
    assert isinstance(error, IllegalActionError) and error.key == "table.error.rebuy_covered"
    assert error.message("en") == (
        "Bruno still has 20.00, enough for the minimum stake of 10.00: "
        "a rebuy is for a bankroll below it."
    )
    assert "cave" in error.message("fr") and "20,00" in error.message("fr")
    assert "saldo" in error.message("es") and "10,00" in error.message("es")
    assert offer(engine, bruno, "Rebuy") == []


def test_a_rebuy_above_the_bankroll_brought_is_refused_naming_the_most() -> None:
    engine = Engine()
    table(engine)
    room = left(engine)
    error = refused(engine, Rebuy("Ana", room + 1), ANA)
    assert isinstance(error, InvalidBetError) and error.key == "table.error.rebuy_above_bankroll"
    most = f"{room // 100}.{room % 100:02}"
    assert most in error.message("en") and "20.00" in error.message("en")
    assert most.replace(".", ",") in error.message("fr")
    assert most.replace(".", ",") in error.message("es")
    assert engine.state("t").players["Ana"].balance == 2000 - room


def test_at_a_table_whose_host_approves_a_players_rebuy_waits_for_the_host() -> None:
    engine = Engine()
    table(engine, approval=True)
    room = left(engine)
    asked = engine.do("t", Rebuy("Ana", room), ANA)
    assert asked.events == ({"type": "RebuyAsked", "name": "Ana", "amount": room},)
    assert engine.state("t").players["Ana"].balance == 2000 - room
    assert engine.view("t", ANA)["me"]["rebuy_asked"] == room
    assert engine.view("t", Viewer.HOST)["rebuys"] == {"Ana": room}
    assert offer(engine, ANA, "Rebuy") == []  # asked once: nothing more to ask
    host = engine.commands("t", Viewer.HOST)
    assert {"type": "Rebuy", "name": "Ana", "amount": room} in host
    assert {"type": "Refuse", "name": "Ana"} in host
    turned = engine.do("t", Refuse("Ana"))
    assert turned.events == ({"type": "RebuyRefused", "name": "Ana"},)
    assert engine.view("t", ANA)["me"]["rebuy_asked"] is None
    engine.do("t", Rebuy("Ana", room), ANA)
    granted = engine.do("t", Rebuy("Ana", room))  # the host's: granted
    assert granted.events == ({"type": "PlayerRebought", "name": "Ana", "amount": room},)
    assert engine.state("t").players["Ana"].balance == 2000
    assert engine.state("t").rebuys == {}


def test_the_host_refuses_only_a_request_that_was_made() -> None:
    engine = Engine()
    table(engine, approval=True)
    error = refused(engine, Refuse("Ana"), Viewer.HOST)
    assert error.key == "table.error.no_request"


def test_the_hosts_approval_of_rebuys_is_a_money_tables_setting() -> None:
    with pytest.raises(PuntoBancoError):
        TableConfig(Format.SESSION, deals=10, rebuy_approval=True)
    with pytest.raises(PuntoBancoError):
        TableConfig.casino(rebuy_approval="yes")
    assert TableConfig.casino(rebuy_approval=True).rebuy_approval is True
