"""Settlement: Punto 1:1, Banco 19 to 20, Égalité 8:1 (9:1 on its own table), exact."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puntobanco.coup import Outcome
from puntobanco.errors import InvalidBetError
from puntobanco.paytable import (
    STANDARD,
    TIE_NINE,
    Bet,
    format_amount,
    json_amount,
    settle,
)

P, B, E = Outcome.PUNTO, Outcome.BANCO, Outcome.EGALITE


@pytest.mark.parametrize(
    ("box", "outcome", "net"),
    [(P, P, 20), (B, B, 19), (E, E, 160), (P, B, -20), (B, P, -20), (E, P, -20), (E, B, -20),
     (P, E, 0), (B, E, 0)],
)  # fmt: skip
def test_seed_004_settlement_of_a_20_point_prediction(
    box: Outcome, outcome: Outcome, net: int
) -> None:
    result = STANDARD.net(box, 20, outcome)
    assert result == net and type(result) is int


def test_seed_001_worked_payout_40_on_banco_wins_38_and_gets_40_back() -> None:
    (s,) = settle([Bet(B, 40)], B)
    assert s.net == 38 and s.returned == 78


def test_a_stake_that_19_20_does_not_divide_stays_exact() -> None:
    assert STANDARD.net(B, 10, B) == Fraction(19, 2)
    assert json_amount(STANDARD.net(B, 10, B)) == "9.5"
    assert json_amount(STANDARD.net(B, 1, B)) == "0.95"


def test_tie_nine_is_the_same_table_with_egalite_paid_nine_to_one() -> None:
    assert TIE_NINE.net(E, 20, E) == 180
    for box in (P, B):
        for outcome in Outcome:
            assert TIE_NINE.net(box, 20, outcome) == STANDARD.net(box, 20, outcome)


def test_egalite_beside_banco_settles_each_box_on_its_own() -> None:
    on_tie = settle([Bet(B, 20), Bet(E, 5)], E)
    assert sorted(s.net for s in on_tie) == [0, 40]
    on_banco = settle([Bet(B, 20), Bet(E, 5)], B)
    assert [s.net for s in on_banco] == [-5, 19]  # losers collected before winners paid


@pytest.mark.parametrize("stake", [0, -20, 2.5, "20", True, None])
def test_a_stake_is_a_positive_exact_amount(stake: object) -> None:
    with pytest.raises(InvalidBetError):
        Bet(B, stake)  # type: ignore[arg-type]


@given(st.integers(1, 10**9), st.sampled_from(list(Outcome)), st.sampled_from(list(Outcome)))
def test_net_is_exact_and_never_a_float(stake: int, box: Outcome, outcome: Outcome) -> None:
    net = STANDARD.net(box, stake, outcome)
    assert isinstance(net, int | Fraction) and not isinstance(net, float)
    if box is outcome:
        assert net == stake * STANDARD.odds(box)
    elif outcome is E:
        assert net == 0
    else:
        assert net == -stake


@given(st.fractions())
def test_format_amount_round_trips_every_terminating_decimal(value: Fraction) -> None:
    text = format_amount(value)
    if "/" in text:
        assert Fraction(text) == value
    else:
        from decimal import Decimal

        assert Fraction(Decimal(text)) == value
