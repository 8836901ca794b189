"""Float32 expectations with a proven bound: the bound holds against the exact integers.

``odds.bounded`` counts in float32 and bounds its rounding a priori; the
strategies trust a sign only outside that bound, so the bound must hold for
every composition and every bet (checked here in exact rationals against the
float64 counts, themselves exact integers), and be narrow enough to decide
nearly every sign.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.odds import composition
from puntobanco.odds.bounded import (
    LANES,
    expectations_bounded,
    float32_levels,
    relative_bound,
)
from puntobanco.odds.levels import counts_by_levels
from puntobanco.paytable import configuration
from puntobanco.sim.classes import classes, level_classes, value_wagers
from tests.test_odds_levels import EXTREMES, FULL

TABLES = [
    ("standard", ()),
    ("ez", ()),
    ("ez", ("dragon-bonus",)),
    ("no-commission", ()),
    ("commission-4", ()),
    ("tie-nine", ("dragon-bonus",)),
]


def random_shoes(count: int, seed: int) -> np.ndarray:
    """The cards left after a random number of cards of a shuffled 8-deck shoe."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(count):
        shoe = np.repeat(np.arange(10), FULL)
        rng.shuffle(shoe)
        rows.append(np.bincount(shoe[rng.integers(0, 417) :], minlength=10))
    return np.array(rows)


def bounded(
    rows: np.ndarray, levels: tuple[Any, ...], pay: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(estimates, bounds), one row per composition, one column per bet."""
    flat = float32_levels(levels)
    gamma = relative_bound(levels)
    n_cls, n_bet = pay.shape
    est = np.zeros((len(rows), n_bet))
    err = np.zeros((len(rows), n_bet))
    r = np.zeros((10, LANES), dtype=np.float32)
    acc = np.zeros((3, n_cls, LANES), dtype=np.float32)
    e = np.zeros((n_bet, LANES))
    x = np.zeros((n_bet, LANES))
    for start in range(0, len(rows), LANES):
        block = rows[start : start + LANES]
        r[:] = 0
        r[:, : len(block)] = block.T
        expectations_bounded(r, flat, gamma, pay, acc, e, x)
        assert (r[:, : len(block)] == block.T).all()  # restored
        est[start : start + len(block)] = e[:, : len(block)].T
        err[start : start + len(block)] = x[:, : len(block)].T
    return est, err


def exact(rows: np.ndarray, levels: tuple[Any, ...], pay: np.ndarray) -> list[list[int]]:
    """Sum over classes of count times price, in Python integers."""
    counts = counts_by_levels(rows, levels, pay.shape[0])
    assert (counts == np.round(counts)).all()
    return [
        [
            sum(int(c) * int(p) for c, p in zip(row, pay[:, b], strict=True))
            for b in range(len(pay[0]))
        ]
        for row in counts.tolist()
    ]


def assert_within(rows: np.ndarray, name: str, side: tuple[str, ...]) -> tuple[float, int]:
    """Every estimate within its bound; returns the widest bound against the
    scale of the bet (every six-card sequence times its largest price) and how
    many estimates float32 rounded."""
    table = configuration(name, list(side))
    cls = classes(table, value_wagers(table))
    levels = level_classes(table)
    est, err = bounded(rows, levels, cls.prices)
    widest = 0.0
    rounded = 0
    for i, values in enumerate(exact(rows, levels, cls.prices)):
        n = int(rows[i].sum())
        whole = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5) if n >= 6 else 0
        for b, value in enumerate(values):
            error = abs(Fraction(est[i, b]) - value)
            assert error <= Fraction(err[i, b]), (rows[i], b)
            rounded += error != 0
            if whole:
                scale = whole * int(np.abs(cls.prices[:, b]).max())
                widest = max(widest, err[i, b] / scale)
            else:
                assert est[i, b] == err[i, b] == 0
    return widest, rounded


@pytest.mark.parametrize(("name", "side"), TABLES)
def test_every_float32_expectation_is_within_its_proven_bound(
    name: str, side: tuple[str, ...]
) -> None:
    rows = np.concatenate(
        [random_shoes(400, 5), np.array(EXTREMES), [composition(d) for d in range(1, 9)]]
    )
    widest, rounded = assert_within(rows, name, side)
    assert 0 < widest < 1e-3  # narrow: an edge of 0.1 % of the price decides its sign
    assert rounded > 0  # float32 did round: the bound was put to the test


@settings(max_examples=30, deadline=None)
@given(st.lists(st.lists(st.integers(0, 32), min_size=10, max_size=10), min_size=1, max_size=40))
def test_any_composition_keeps_its_estimates_within_the_bound(rows: list[list[int]]) -> None:
    assert_within(np.array(rows), "ez", ())


def test_the_bound_is_the_rounding_of_the_accumulator_with_most_terms() -> None:
    levels = level_classes(configuration("ez"))
    most = max(int(np.bincount(cols).max()) for _, cols, _ in levels[:3] if len(cols))
    m = most + 5  # six roundings a term, one fewer additions than terms
    assert relative_bound(levels) >= m * 2.0**-24 / (1 - m * 2.0**-24)
    assert relative_bound(levels) < 1e-3


def test_tables_that_float32_cannot_hold_exactly_are_refused() -> None:
    (s4, c4, v4), five, six, big = level_classes(configuration("ez"))
    with pytest.raises(ValueError, match="2\\*\\*24"):
        relative_bound(((s4, c4, v4 + 0.5), five, six, big))
    with pytest.raises(ValueError, match="2\\*\\*24"):
        relative_bound(((s4, c4, v4 * 2**24), five, six, big))
