"""Bad input to the tables: a named error before anything is written, never a raw exception.

Nothing is stored that the table could not read back: wrong types, numbers
too large, floats; table names and stores that mean nothing; the loser of a
race to create a table opens it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from puntobanco import CasinoTable, CroupierTable, Session
from puntobanco.errors import PuntoBancoError
from puntobanco.store import MemoryStore, Record
from puntobanco.table import Table, TableConfig, replay


def refused(action: Callable[[], object]) -> PuntoBancoError:
    with pytest.raises(PuntoBancoError) as error:
        action()
    assert error.value.message("en")
    return error.value


@pytest.mark.parametrize(
    "settings",
    [
        {"burn": "no"},
        {"decks": 6.0},
        {"cut_card": 16.5},
        {"seats": True},
        {"minimum": 10**5000},
        {"maximum": 10.0**300},
        {"seed": 1.5},
        {"paytable": None},
    ],
    ids=["burn", "decks", "cut_card", "seats", "minimum", "maximum", "seed", "paytable"],
)
def test_settings_that_could_not_be_read_back_are_refused(settings: dict[str, Any]) -> None:
    store = MemoryStore()
    refused(lambda: CasinoTable(db=store, **settings))
    assert store.tables() == []


def test_a_croupier_without_a_countdown_is_refused() -> None:
    refused(lambda: CroupierTable(countdown=None))
    refused(lambda: CroupierTable(countdown=10**6))


def test_a_casino_table_refuses_a_countdown_it_would_ignore() -> None:
    refused(lambda: CasinoTable(countdown=5))


@pytest.mark.parametrize(
    "bankroll",
    [False, True, 10**5000, 1000.0, -1, None, "100"],
    ids=["false", "true", "huge", "float", "negative", "none", "text"],
)
def test_bankrolls_that_could_not_be_read_back_are_refused(bankroll: Any) -> None:
    store = MemoryStore()
    club = CasinoTable(db=store, seed=1)
    before = store.load("casino")
    refused(lambda: club.sit("Dan", bankroll))
    assert store.load("casino") == before
    replay(r.event for r in store.load("casino"))


def test_a_session_seat_with_a_bankroll_of_false_is_refused() -> None:
    table = Table.open("s", TableConfig.session())
    refused(lambda: table.sit("Dan", False))


@pytest.mark.parametrize(
    "stake", [20.5, 2000.0, 10**5000, True, None], ids=["float", "float2", "huge", "true", "none"]
)
def test_stakes_that_could_not_be_read_back_are_refused(stake: Any) -> None:
    club = CasinoTable(seed=1)
    club.sit("Ana", 10**6)
    refused(lambda: club.bet("Ana", "banco", stake))
    assert club.bets("Ana") == {}


def test_an_empty_table_name_is_refused() -> None:
    refused(lambda: CasinoTable(table=""))
    refused(lambda: Session(["Ana", "Bruno"], table=""))


def test_an_empty_store_name_is_refused() -> None:
    refused(lambda: CasinoTable(db=""))


def test_none_and_wrong_types_get_named_errors() -> None:
    club = CasinoTable(seed=1)
    club.sit("Ana", 100_000)
    refused(lambda: club.bet(None, "banco", 1_000))  # type: ignore[arg-type]
    refused(lambda: club.leave(5))  # type: ignore[arg-type]
    refused(lambda: club.bet("Ana", None, 1_000))  # type: ignore[arg-type]
    session = Session(["Ana", "Bruno"], seed=1)
    refused(lambda: session.predict("Ana", None))  # type: ignore[arg-type]
    refused(lambda: session.predict(None, "banco"))  # type: ignore[arg-type]
    refused(lambda: Session("AnaBob"))


class RacyStore(MemoryStore):
    """A store where another process creates the table between our look and our write."""

    def __init__(self) -> None:
        super().__init__()
        self.blind = 0

    def load(self, table: str) -> list[Record]:
        if self.blind:
            self.blind -= 1
            return []
        return super().load(table)


def test_the_loser_of_a_race_to_create_a_table_opens_it() -> None:
    store = RacyStore()
    winner = CasinoTable(db=store, table="club", seed=4)
    winner.sit("Ana", 100_000)
    store.blind = 1
    loser = CasinoTable(db=store, table="club", seed=4)
    assert [p.name for p in loser.players] == ["Ana"]
