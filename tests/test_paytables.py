"""Paytables and side bets as records: each line of each table, settled on real coups."""

from __future__ import annotations

from fractions import Fraction

import pytest

from puntobanco.cards import parse_cards
from puntobanco.coup import Coup, Outcome, resolve
from puntobanco.errors import InvalidBetError
from puntobanco.paytable import (
    COMMISSION_4,
    EZ,
    NO_COMMISSION,
    PAYTABLES,
    SIDE_BETS,
    STANDARD,
    TIE_NINE,
    Bet,
    Facts,
    configuration,
    settle,
)

P, B, E = Outcome.PUNTO, Outcome.BANCO, Outcome.EGALITE


def coup(text: str) -> Coup:
    return resolve(parse_cards(text))


DRAGON = coup("Kh 2s 5c Kd Ks 5d")  # Punto 5 (3 cards), Banco 7 with three cards
PANDA = coup("Kh Ks 5c 2d 3s Kd")  # Punto 8 with three cards, Banco 2: by 6
BANCO_SIX = coup("Kh 3s 5c 3d Ks")  # Punto 5, Banco stands on a two-card 6
NATURAL_NINE = coup("9h Ks Kc 5d")  # Punto natural 9 against Banco 5
PAIRS_TIE = coup("9h 4s 9c 4d")  # two pairs, natural 8 against natural 8


def test_the_example_coups_are_what_their_names_say() -> None:
    assert DRAGON.outcome is B and DRAGON.banco.total == 7 and len(DRAGON.banco.cards) == 3
    assert PANDA.outcome is P and PANDA.punto.total == 8 and len(PANDA.punto.cards) == 3
    assert BANCO_SIX.outcome is B and BANCO_SIX.banco.total == 6
    assert NATURAL_NINE.natural and NATURAL_NINE.outcome is P
    assert PAIRS_TIE.outcome is E and PAIRS_TIE.punto.pair and PAIRS_TIE.banco.pair


def test_standard_and_tie_nine_read_only_the_winner() -> None:
    for table in (STANDARD, TIE_NINE):
        assert table.net("banco", 20, DRAGON) == 19 == table.net(B, 20, B)
        assert table.net("punto", 20, PAIRS_TIE) == 0
    assert TIE_NINE.net("egalite", 10, PAIRS_TIE) == 90


def test_no_commission_pays_half_on_a_banco_win_with_six() -> None:
    assert NO_COMMISSION.net("banco", 20, BANCO_SIX) == 10
    assert NO_COMMISSION.net("banco", 20, DRAGON) == 20
    assert NO_COMMISSION.net("banco", 20, PANDA) == -20
    assert NO_COMMISSION.net("banco", 20, PAIRS_TIE) == 0


def test_commission_4_pays_banco_96_for_100() -> None:
    assert COMMISSION_4.net("banco", 25, DRAGON) == 24
    assert COMMISSION_4.net("banco", 10, BANCO_SIX) == Fraction(48, 5)


def test_ez_pushes_a_banco_three_card_seven_and_pays_its_dragon_and_panda() -> None:
    assert EZ.net("banco", 20, DRAGON) == 0
    assert EZ.net("banco", 20, BANCO_SIX) == 20
    assert EZ.net("dragon_7", 5, DRAGON) == 200
    assert EZ.net("dragon_7", 5, BANCO_SIX) == -5
    assert EZ.net("panda_8", 4, PANDA) == 100
    assert EZ.net("panda_8", 4, DRAGON) == -4


def test_pairs_pay_eleven_to_one_on_the_first_two_cards_of_their_hand() -> None:
    table = STANDARD.with_side_bets(["pairs"])
    assert table.net("punto_pair", 10, PAIRS_TIE) == 110
    assert table.net("banco_pair", 10, PAIRS_TIE) == 110
    assert table.net("punto_pair", 10, DRAGON) == -10


@pytest.mark.parametrize(
    ("cards", "key", "net"),
    [
        ("9h Ks Kc 5d", "dragon_bonus_punto", 10),  # natural win 1:1
        ("9h 4s 9c 4d", "dragon_bonus_punto", 0),  # natural tie: push
        ("9h 4s 9c 4d", "dragon_bonus_banco", 0),
        ("Kh Ks 5c 2d 3s Kd", "dragon_bonus_punto", 40),  # non-natural win by 6: 4:1
        ("Kh Ks 5c 2d 3s Kd", "dragon_bonus_banco", -10),
        ("Kh 2s 5c Kd Ks 5d", "dragon_bonus_banco", -10),  # win by 2 loses
        ("Kh 3s 5c 3d Ks", "dragon_bonus_banco", -10),  # win by 1 loses
    ],
)
def test_dragon_bonus_lines(cards: str, key: str, net: int) -> None:
    table = STANDARD.with_side_bets(["dragon-bonus"])
    assert table.net(key, 10, coup(cards)) == net


def test_dragon_bonus_pays_thirty_to_one_for_a_non_natural_win_by_nine() -> None:
    facts = Facts(punto_total=9, punto_cards=3, banco_total=0, banco_cards=3)
    assert SIDE_BETS["dragon_bonus_punto"].price(facts) == 30
    assert SIDE_BETS["dragon_bonus_banco"].price(facts) == -1


def test_a_box_given_as_a_word_is_the_box_itself() -> None:
    assert Bet("banco", 20) == Bet(B, 20)
    (s,) = settle([Bet("banco", 20)], B)
    assert s.net == 19
    assert STANDARD.net("egalite", 10, E) == 80
    assert STANDARD.net("Égalité", 10, P) == -10


@pytest.mark.parametrize("box", ["bank", "dragon", "", None, 3])
def test_an_unknown_box_is_refused_by_name(box: object) -> None:
    with pytest.raises(InvalidBetError):
        Bet(box, 20)  # type: ignore[arg-type]
    with pytest.raises(InvalidBetError):
        STANDARD.net(box, 20, B)  # type: ignore[arg-type]


def test_a_side_bet_the_table_does_not_offer_is_refused() -> None:
    with pytest.raises(InvalidBetError):
        STANDARD.net("dragon_7", 10, DRAGON)
    with pytest.raises(InvalidBetError):
        STANDARD.net("punto_pair", 10, DRAGON)


def test_a_wager_that_reads_the_coup_refuses_a_bare_winner() -> None:
    with pytest.raises(InvalidBetError):
        EZ.net("banco", 10, B)
    with pytest.raises(InvalidBetError):
        NO_COMMISSION.net("banco", 10, B)


def test_configuration_names_every_paytable_and_side_bet() -> None:
    table = configuration("ez", ["pairs", "dragon-bonus"])
    assert table.keys == (
        "punto", "banco", "egalite", "dragon_7", "panda_8",
        "punto_pair", "banco_pair", "dragon_bonus_punto", "dragon_bonus_banco",
    )  # fmt: skip
    assert set(PAYTABLES) == {"standard", "tie-nine", "no-commission", "commission-4", "ez"}
    with pytest.raises(InvalidBetError):
        configuration("super-7")
    with pytest.raises(InvalidBetError):
        configuration("standard", ["lucky-6"])


def test_settle_reads_the_coup_for_every_bet() -> None:
    table = EZ.with_side_bets(["pairs"])
    bets = [Bet("banco", 10), Bet("dragon_7", 1), Bet("punto_pair", 1), Bet("punto", 10)]
    nets = sorted(s.net for s in settle(bets, DRAGON, table))
    assert nets == [-10, -1, 0, 40]
