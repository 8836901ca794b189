"""Batched exact analysis (numpy/numba): the same integers as the core's analysis."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.coup import Outcome
from puntobanco.odds import analyse, composition, outcome_counts
from puntobanco.odds.batch import expectations_batch, multiset_table, outcome_counts_batch

compositions = st.lists(st.integers(0, 32), min_size=10, max_size=10)


def test_the_table_holds_every_six_value_multiset_and_every_ordering() -> None:
    values, mults, lengths, outcomes = multiset_table()
    assert len(outcomes) == math.comb(15, 6) == 5005
    assert outcomes.sum() == 10**6
    for m in (0, 1234, 5004):
        k = mults[m, : lengths[m]]
        orderings = math.factorial(6) // math.prod(math.factorial(int(x)) for x in k)
        assert outcomes[m].sum() == orderings


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
def test_float64_blocks_agree_with_the_integer_kernel(rows: list[list[int]]) -> None:
    from puntobanco.odds.batch import outcome_counts_batch_int

    rows = [r for r in rows if sum(r) <= 416] or [[0] * 10]
    assert (outcome_counts_batch(np.array(rows)) == outcome_counts_batch_int(rows)).all()
