"""Thorp and Walden's natural 9 and natural 8 side bets: records the analyses and the
simulator read, which no table offers."""

from __future__ import annotations

import pytest

from puntobanco.errors import InvalidBetError
from puntobanco.paytable import (
    ANALYSED_SIDE_BETS,
    SIDE_BETS,
    Facts,
    configuration,
    side_bet_names,
)
from puntobanco.table.config import TableConfig


def test_a_natural_bet_pays_9_to_1_on_its_hand_s_natural_only() -> None:
    nine = ANALYSED_SIDE_BETS["banco_natural_9"]
    assert nine.price(Facts(3, 2, 9, 2)) == 9  # Banco's two cards make 9
    assert nine.price(Facts(9, 2, 9, 2)) == 9  # a tie on naturals still pays
    assert nine.price(Facts(9, 2, 8, 2)) == -1  # Punto's natural, not Banco's
    assert nine.price(Facts(2, 3, 9, 3)) == -1  # three cards: no natural
    assert ANALYSED_SIDE_BETS["punto_natural_8"].price(Facts(8, 2, 0, 2)) == 9


def test_the_analyses_take_the_naturals_by_their_group_or_their_keys() -> None:
    table = configuration("standard", ["naturals"])
    assert table.side_keys == tuple(ANALYSED_SIDE_BETS)
    assert configuration("ez", ["banco_natural_8"]).side_keys[-1] == "banco_natural_8"
    assert "naturals" in side_bet_names(analysed=True)
    assert "naturals" not in side_bet_names()


@pytest.mark.parametrize("name", ["naturals", "punto_natural_9"])
def test_no_table_offers_them(name: str) -> None:
    assert not set(ANALYSED_SIDE_BETS) & set(SIDE_BETS)
    with pytest.raises(InvalidBetError):
        TableConfig(TableConfig.casino().format, side_bets=(name,))
