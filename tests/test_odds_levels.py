"""Counts by coup length: the same exact integers as the core's analyses."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.odds import composition, outcome_counts
from puntobanco.odds.facts import analyse_table, cell_index, fact_counts, rank_composition
from puntobanco.odds.levels import counts_by_levels, main_levels
from puntobanco.paytable import configuration
from puntobanco.sim.classes import classes, level_classes, value_wagers

compositions = st.lists(st.integers(0, 32), min_size=10, max_size=10)
FULL = [128] + [32] * 9
#: Worst cases: the largest shoe, one value only, exactly six and five cards, none.
EXTREMES = [
    FULL,
    [128] + [0] * 9,
    [0] * 9 + [32],
    [0, 0, 0, 0, 0, 0, 32, 32, 0, 0],
    [1, 1, 1, 1, 1, 1, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 2, 2, 1, 0, 0],
    [0] * 10,
    [128, 32, 32, 32, 32, 32, 32, 32, 32, 31],
]


def test_the_largest_count_is_exact_in_float64() -> None:
    # Every partial sum counts six-card sequences of at most 416 cards.
    assert math.perm(416, 6) < 2**53


def test_the_main_bets_by_length_are_the_core_counts_for_every_shoe_size() -> None:
    rows = np.array([composition(d) for d in range(1, 9)] + EXTREMES)
    got = counts_by_levels(rows, main_levels(), 3)
    for row, counts in zip(got.tolist(), rows.tolist(), strict=True):
        assert tuple(int(x) for x in row) == outcome_counts(counts)
        assert all(x == int(x) for x in row)


@settings(max_examples=25, deadline=None)
@given(st.lists(compositions, min_size=1, max_size=70))
def test_any_batch_by_length_matches_the_core_row_by_row(rows: list[list[int]]) -> None:
    got = counts_by_levels(np.array(rows), main_levels(), 3)
    for row, counts in zip(got.tolist(), rows, strict=True):
        assert tuple(int(x) for x in row) == outcome_counts(counts)


def _random_shoes(count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(count):  # the cards left after dealing a random number of cards
        shoe = np.repeat(np.arange(10), FULL)
        rng.shuffle(shoe)
        rows.append(np.bincount(shoe[rng.integers(0, 417) :], minlength=10))
    return np.array(rows + EXTREMES)


def test_every_side_bet_class_by_length_matches_the_cores_facts() -> None:
    rows = _random_shoes(2, 13)
    for name, side in (("ez", ()), ("ez", ("dragon-bonus",)), ("standard", ("dragon-bonus",))):
        table = configuration(name, list(side))
        cls = classes(table, value_wagers(table))
        got = counts_by_levels(rows, level_classes(table), cls.count)
        for row, values in zip(got.tolist(), rows.tolist(), strict=True):
            # The same shoe by rank, every zero a 10 (the wagers read no pair).
            ranks = [values[0] if r == 9 else (values[r + 1] if r < 9 else 0) for r in range(13)]
            exact = [0] * cls.count
            for f, n in fact_counts(ranks, pairs=False).items():
                cell = cell_index(f.punto_total, f.punto_cards, f.banco_total, f.banco_cards)
                exact[cls.klass[cell * 4]] += n
            assert [int(x) for x in row] == exact


def test_the_dragon_bonus_by_length_matches_the_exact_analysis_of_eight_decks() -> None:
    table = configuration("ez", ["dragon-bonus"])
    wagers = value_wagers(table)
    cls = classes(table, wagers)
    got = counts_by_levels(np.array([FULL]), level_classes(table), cls.count)[0]
    exact = analyse_table(rank_composition(8), table)
    for key in ("dragon_7", "panda_8", "dragon_bonus_punto", "dragon_bonus_banco"):
        w = wagers.index(table.wager(key))
        wins = sum(int(got[c]) for c in range(cls.count) if cls.prices[c, w] > 0)
        assert wins == exact.wins(key)


def test_the_perfect_dragon_7_count_bets_exactly_where_the_exact_edge_is_positive() -> None:
    from puntobanco.sim.runner import SimConfig, trace
    from puntobanco.sim.strategies import parse_strategy

    table = configuration("ez")
    config = SimConfig(
        coups=400, decks=8, seed=21, paytable="ez", strategies=(parse_strategy("perfect:dragon_7"),)
    )
    traced = trace(config, 2)
    decisions = 0  # coups on which the exact edge is positive
    for s in range(len(traced.coups)):
        before = 100 * 100  # the bankroll in hundredths
        for k in range(int(traced.coups[s])):
            values = traced.unseen[s, k].tolist()
            ranks = values[1:] + [values[0], 0, 0, 0]  # the Dragon 7 reads no ranks
            edge = analyse_table(ranks, table).expectation("dragon_7")
            after = int(traced.bank[s, k, 0])
            assert (after != before) == (edge > 0), (s, k)
            decisions += edge > 0
            before = after
    assert sum(traced.coups) > 100
    assert 0 < decisions < sum(traced.coups)  # both decisions are met
