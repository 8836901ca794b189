"""Exact odds: the counts, a brute force on tiny shoes, and the published figures."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import Card, Rank, Suit, parse_cards
from puntobanco.coup import Outcome, deal
from puntobanco.errors import InvalidCardError
from puntobanco.odds import analyse, composition, outcome_counts
from puntobanco.paytable import TIE_NINE

POINT_RANK = {0: Rank.KING, 1: Rank.ACE, **{n: Rank(str(n)) for n in range(2, 10)}}
INDEX = {Outcome.PUNTO: 0, Outcome.BANCO: 1, Outcome.EGALITE: 2}


def brute_force(counts: list[int]) -> tuple[int, int, int]:
    """Deal every ordered six-card sequence of the shoe and count the outcomes."""
    cards = [Card(POINT_RANK[v], Suit.SPADES) for v, n in enumerate(counts) for _ in range(n)]
    out = [0, 0, 0]
    for sequence in itertools.permutations(cards, 6):
        out[INDEX[deal(iter(sequence).__next__).outcome]] += 1
    return out[0], out[1], out[2]


@settings(max_examples=12, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=10, max_size=10).filter(lambda c: 6 <= sum(c) <= 8))
def test_a_brute_force_over_every_ordered_deal_of_a_tiny_shoe_agrees(counts: list[int]) -> None:
    assert outcome_counts(counts) == brute_force(counts)


def test_a_tiny_shoe_rich_in_draws_agrees_with_brute_force() -> None:
    counts = [2, 1, 1, 1, 1, 1, 1, 1, 0, 0]  # no eight or nine: every coup goes to the tableau
    assert outcome_counts(counts) == brute_force(counts)


@pytest.mark.parametrize("decks", range(1, 9))
def test_the_counts_add_up_to_every_ordered_six_card_sequence(decks: int) -> None:
    n = 52 * decks
    assert sum(outcome_counts(composition(decks))) == math.perm(n, 6)


# Source: Wizard of Odds, "Baccarat" (Michael Shackleford), combinations for 8 and 6
# decks, republished at casinoexploit.com/baccarat.html: "Probabilities in 8deck Baccarat".
PUBLISHED = {
    8: (2_230_518_282_592_256, 2_292_252_566_437_888, 475_627_426_473_216),
    6: (392_220_492_728_832, 403_095_751_234_560, 83_552_962_932_288),
}


@pytest.mark.parametrize("decks", [8, 6])
def test_published_counts_of_wizard_of_odds(decks: int) -> None:
    assert outcome_counts(composition(decks)) == PUBLISHED[decks]


# Same source, house edges to the published precision: 8 decks Banco 1.06%, Punto 1.24%,
# Tie 14.36%; 6 decks Banco 1.06%, Punto 1.24%, Tie 14.44%.
PUBLISHED_EDGES = {8: (1.24, 1.06, 14.36), 6: (1.24, 1.06, 14.44)}


@pytest.mark.parametrize("decks", [8, 6])
def test_published_house_edges(decks: int) -> None:
    odds = analyse(composition(decks))
    edges = tuple(round(float(odds.house_edge(o)) * 100, 2) for o in Outcome)
    assert edges == PUBLISHED_EDGES[decks]


def test_tie_nine_edge_is_nine_times_the_tie_minus_the_rest() -> None:
    odds = analyse(composition(8))
    tie = odds.probability(Outcome.EGALITE)
    assert odds.house_edge(Outcome.EGALITE, TIE_NINE) == 1 - tie - 9 * tie
    assert 0.048 < float(odds.house_edge(Outcome.EGALITE, TIE_NINE)) < 0.049


def test_banco_edge_is_exactly_the_commission_arithmetic() -> None:
    odds = analyse(composition(8))
    p, b = odds.probability(Outcome.PUNTO), odds.probability(Outcome.BANCO)
    assert odds.house_edge(Outcome.BANCO) == p - b * Fraction(19, 20)
    assert odds.house_edge(Outcome.PUNTO) == b - p


def test_a_full_shoe_minus_given_cards() -> None:
    removed = parse_cards("5h 5d 6c")
    counts = composition(8, removed)
    assert counts[5] == 30 and counts[6] == 31 and sum(counts) == 413
    assert sum(outcome_counts(counts)) == math.perm(413, 6)


def test_removing_more_copies_than_the_shoe_holds_is_refused() -> None:
    with pytest.raises(InvalidCardError):
        composition(1, parse_cards("5h 5h"))


def test_a_shoe_of_fewer_than_six_cards_has_no_coups() -> None:
    assert outcome_counts([5, 0, 0, 0, 0, 0, 0, 0, 0, 0]) == (0, 0, 0)


def test_removal_by_value_matches_removal_by_card_of_that_value() -> None:
    a = outcome_counts(composition(2, parse_cards("Kh Qs")))
    b = outcome_counts(composition(2, parse_cards("10h Js")))
    assert a == b
    assert Counter(composition(2, parse_cards("Kh Qs"))) == Counter(
        composition(2, parse_cards("10h Js"))
    )


def test_the_full_shoes_written_down_are_the_ones_worked_out() -> None:
    from puntobanco.odds.exact import FULL_SHOES, composition, count_outcomes, outcome_counts

    assert sorted(FULL_SHOES) == sorted(composition(d) for d in range(1, 9))
    for counts, known in FULL_SHOES.items():
        assert count_outcomes(counts) == known
        assert outcome_counts(list(counts)) == known
    # A shoe with a card out is worked out, not looked up.
    fewer = list(composition(8))
    fewer[0] -= 1
    assert outcome_counts(fewer) == count_outcomes(fewer) != FULL_SHOES[composition(8)]
