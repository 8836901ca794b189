"""Dealing and resolving coups: order, naturals, third cards, and the reasons kept."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puntobanco.cards import DECK, Card, Rank, Suit, parse_cards
from puntobanco.coup import Coup, Outcome, Rule, Side, deal, resolve
from puntobanco.errors import CoupCardsError
from puntobanco.explain import announce, describe_step
from puntobanco.paytable import STANDARD
from puntobanco.rules import Action

POINT_RANK = {0: Rank.KING, 1: Rank.ACE, **{n: Rank(str(n)) for n in range(2, 10)}}


def card(point: int, suit: Suit = Suit.SPADES) -> Card:
    return Card(POINT_RANK[point], suit)


def test_the_third_card_eight_example_of_seed_004() -> None:
    # Punto 4♥ 9♣ (3), Banco 2♠ A♦ (3); Punto draws 8♦ and ends on 1; Banco stands on 3.
    coup = resolve(parse_cards("4♥ 2♠ 9♣ A♦ 8♦"))
    assert [str(c) for c in coup.punto.cards] == ["4H", "9C", "8D"]
    assert [str(c) for c in coup.banco.cards] == ["2S", "AD"]
    assert (coup.punto.two_card_total, coup.banco.two_card_total) == (3, 3)
    assert not coup.natural
    assert coup.punto.total == 1 and coup.banco.total == 3
    assert coup.outcome is Outcome.BANCO
    banco_step = coup.steps[1]
    assert (banco_step.rule, banco_step.column, banco_step.action) == (
        Rule.BANCO_TABLE,
        8,
        Action.STAND,
    )
    assert STANDARD.net(Outcome.BANCO, 20, coup.outcome) == 19
    # "Remplacez seulement 8♦ par 7♦. Banco doit tirer."
    with pytest.raises(CoupCardsError):
        resolve(parse_cards("4♥ 2♠ 9♣ A♦ 7♦"))
    seven = resolve(parse_cards("4♥ 2♠ 9♣ A♦ 7♦ 5c"))
    assert seven.steps[1].action is Action.DRAW and seven.steps[1].column == 7
    assert seven.banco.total == 8 and seven.outcome is Outcome.BANCO


def test_deal_order_is_punto_banco_punto_banco() -> None:
    coup = resolve(parse_cards("9h Kd Kc 2s"))
    assert coup.punto.cards == (Card.parse("9h"), Card.parse("Kc"))
    assert coup.banco.cards == (Card.parse("Kd"), Card.parse("2s"))
    assert coup.cards == parse_cards("9h Kd Kc 2s")


def test_a_natural_stops_all_drawing_even_against_a_baccara() -> None:
    coup = resolve(parse_cards("Kh 4s 7c 5d"))  # Punto 7, Banco 9
    assert coup.natural and coup.outcome is Outcome.BANCO
    assert [s.rule for s in coup.steps] == [Rule.OTHER_NATURAL, Rule.NATURAL]
    coup = resolve(parse_cards("3h Ks 5c Qd"))  # Punto 8, Banco 0: Banco may not draw
    assert coup.outcome is Outcome.PUNTO and len(coup.banco.cards) == 2


def test_nine_beats_eight_and_two_eights_tie() -> None:
    assert resolve(parse_cards("9h 4s Kc 4d")).outcome is Outcome.PUNTO
    assert resolve(parse_cards("4h 4s 4c 4d")).outcome is Outcome.EGALITE
    assert resolve(parse_cards("9h 9s Kc Kd")).outcome is Outcome.EGALITE


def test_too_few_cards_says_how_many_more() -> None:
    with pytest.raises(CoupCardsError) as error:
        resolve(parse_cards("4h 2s"))
    assert error.value.params == {"given": 2, "more": 2}
    with pytest.raises(CoupCardsError) as error:
        resolve(parse_cards("4h 2s 9c Ad"))  # Punto 3 must draw; Banco may too
    assert error.value.params["more"] == 1
    assert "1 more" in str(error.value)


def test_extra_cards_name_the_first_unused_card() -> None:
    with pytest.raises(CoupCardsError) as error:
        resolve(parse_cards("9h Kd Kc 2s 5h 6h"))
    assert "5♥" in str(error.value) and "card 5" in str(error.value)


def _reference(p1: int, b1: int, p2: int, b2: int, p3: int) -> tuple[bool, bool]:
    """Seed 004 section 04 in its own words: (Punto draws, Banco draws)."""
    punto, banco = (p1 + p2) % 10, (b1 + b2) % 10
    if punto in (8, 9) or banco in (8, 9):
        return False, False
    if punto in (6, 7):
        return False, banco <= 5
    banco_draws_on = {0: range(10), 1: range(10), 2: range(10), 3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
                      4: range(2, 8), 5: range(4, 8), 6: range(6, 8), 7: []}[banco]  # fmt: skip
    return True, p3 in banco_draws_on


def test_every_start_and_third_card_against_seed_004_in_its_own_words() -> None:
    checked = 0
    for p1, b1, p2, b2, p3 in itertools.product(range(10), repeat=5):
        cards = iter([card(p1), card(b1), card(p2), card(b2), card(p3), card(0)])
        coup = deal(cards.__next__)
        punto_drew, banco_drew = _reference(p1, b1, p2, b2, p3)
        assert (len(coup.punto.cards) == 3, len(coup.banco.cards) == 3) == (punto_drew, banco_drew)
        assert len(coup.cards) <= 6
        checked += 1
    assert checked == 100_000


coups = st.lists(st.sampled_from(DECK), min_size=6, max_size=6).map(
    lambda cs: deal(iter(cs).__next__)
)


@given(coups)
def test_totals_are_the_units_digit_and_the_higher_wins(coup: Coup) -> None:
    for hand in (coup.punto, coup.banco):
        assert 2 <= len(hand.cards) <= 3
        assert hand.total == sum(c.point for c in hand.cards) % 10
    expected = (
        Outcome.PUNTO
        if coup.punto.total > coup.banco.total
        else Outcome.BANCO
        if coup.banco.total > coup.punto.total
        else Outcome.EGALITE
    )
    assert coup.outcome is expected
    assert resolve(coup.cards) == coup


@given(coups)
def test_each_hand_has_one_step_that_matches_its_cards(coup: Coup) -> None:
    punto_step, banco_step = coup.steps
    assert (punto_step.side, banco_step.side) == (Side.PUNTO, Side.BANCO)
    assert punto_step.drew == (len(coup.punto.cards) == 3)
    assert banco_step.drew == (len(coup.banco.cards) == 3)
    assert punto_step.card == coup.punto.third and banco_step.card == coup.banco.third
    for step in coup.steps:
        for lang in ("en", "fr", "es"):
            assert describe_step(step, lang)


def test_the_sentences_cite_the_rule() -> None:
    coup = resolve(parse_cards("4♥ 2♠ 9♣ A♦ 8♦"))
    assert describe_step(coup.steps[0], "fr") == "Punto a 3\u00a0: il tire (0 à 5) et reçoit 8♦."
    assert describe_step(coup.steps[1], "es") == (
        "Banco tiene 3 y la tercera carta de Punto vale 8: se planta."
    )
    assert announce(coup, "fr") == "Banco 3, Punto 1\u00a0: Banco gagne."
    assert announce(resolve(parse_cards("4h 4s 4c 4d")), "en") == "Banco 8, Punto 8: a tie."
