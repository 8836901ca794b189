"""Batched exact analysis (numpy/numba): the same integers as the core's analysis."""

from __future__ import annotations

import math
from collections import Counter
from itertools import permutations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import parse_cards
from puntobanco.coup import Outcome, deal
from puntobanco.odds import analyse, composition, outcome_counts
from puntobanco.odds.batch import expectations_batch, outcome_counts_batch

compositions = st.lists(st.integers(0, 32), min_size=10, max_size=10)


@pytest.mark.parametrize("cards", ["Kh 3c 6d 5s 2h 9c", "10h Qs 4d 4c 7h 9s", "8h 8s 8d 8c Ah 10d"])
def test_a_six_card_shoe_counts_its_orderings_dealt_one_by_one(cards: str) -> None:
    shoe = parse_cards(cards)
    # Each ordering dealt as a shoe deals it: the coup takes the cards it needs.
    dealt = Counter(deal(iter(order).__next__).outcome for order in permutations(shoe))
    values = [0] * 10
    for card in shoe:
        values[card.point] += 1
    punto, banco, egalite = outcome_counts_batch(np.array([values]))[0]
    assert (punto, banco, egalite) == (
        dealt[Outcome.PUNTO],
        dealt[Outcome.BANCO],
        dealt[Outcome.EGALITE],
    )


@pytest.mark.parametrize("decks", range(1, 9))
def test_full_shoes_agree_exactly_with_the_core(decks: int) -> None:
    counts = composition(decks)
    assert tuple(outcome_counts_batch(counts)[0].tolist()) == outcome_counts(counts)


@settings(max_examples=40, deadline=None)
@given(st.lists(compositions, min_size=1, max_size=5))
def test_any_batch_agrees_exactly_with_the_core_row_by_row(rows: list[list[int]]) -> None:
    got = outcome_counts_batch(np.array(rows))
    for row, counts in zip(got.tolist(), rows, strict=True):
        assert tuple(row) == outcome_counts(counts)


@pytest.mark.parametrize("counts", [[0] * 10, [1, 1, 1, 1, 1, 0, 0, 0, 0, 0], [0] * 9 + [6]])
def test_shoes_of_fewer_than_six_cards_count_nothing_and_six_count_all(counts: list[int]) -> None:
    assert tuple(outcome_counts_batch(counts)[0].tolist()) == outcome_counts(counts)


def test_a_depleted_eight_deck_shoe_stays_exact_in_int64() -> None:
    # The biggest counts are for the fullest shoe; every term is below N!/(N-6)!.
    counts = composition(8)
    assert outcome_counts_batch(counts).sum() == math.perm(416, 6) < 2**63


def test_expectations_match_the_exact_analysis() -> None:
    counts = [100, 30, 29, 31, 25, 32, 32, 30, 28, 32]
    exact = analyse(counts)
    got = expectations_batch([counts])[0]
    for value, box in zip(got, Outcome, strict=True):
        assert abs(value - float(exact.expectation(box))) < 1e-12


def test_rows_that_are_not_compositions_are_refused() -> None:
    with pytest.raises(ValueError):
        outcome_counts_batch([[1, 2, 3]])
    with pytest.raises(ValueError):
        outcome_counts_batch([[-1] + [4] * 9])


def test_float64_counts_are_exact_because_every_count_is_below_2_to_the_53() -> None:
    # Each term and partial sum of the float64 kernel counts sequences of one
    # composition: at most N(N-1)...(N-5) for the largest shoe accepted (416 cards).
    assert math.perm(416, 6) < 2**53
    assert float(math.perm(416, 6)) == math.perm(416, 6)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.lists(st.integers(0, 128), min_size=10, max_size=10), min_size=1, max_size=70))
def test_float64_blocks_agree_with_the_core_row_by_row(rows: list[list[int]]) -> None:
    rows = [r for r in rows if sum(r) <= 416] or [[0] * 10]
    got = outcome_counts_batch(np.array(rows))
    for row, counts in zip(got.tolist(), rows, strict=True):
        assert tuple(row) == outcome_counts(counts)
