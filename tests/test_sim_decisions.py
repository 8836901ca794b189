"""The exact strategies' values: the sign of the exact expectation, however they were made.

``decisions.decide_rows`` trusts float32 where its proven bound decides and
counts exactly elsewhere; every value it stores must have the sign of the
exact expectation, and the exact integer itself wherever the count would have
to compare two positive boxes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from puntobanco.sim.decisions import COUNT_BOXES, decide_rows
from puntobanco.sim.runner import SimConfig, _cached_arrays, trace
from puntobanco.sim.strategies import parse_strategy

STRATEGIES = ("count", "perfect:dragon_7", "perfect:panda_8")


def arrays(paytable: str = "ez", side_bets: tuple[str, ...] = ()) -> dict[str, Any]:
    return _cached_arrays(
        SimConfig(
            coups=1000,
            decks=8,
            paytable=paytable,
            side_bets=side_bets,
            strategies=tuple(parse_strategy(s) for s in STRATEGIES),
        )
    )


def shoe_compositions(coups: int, seed: int) -> np.ndarray:
    """The unseen cards before every coup of whole simulated 8-deck shoes."""
    traced = trace(SimConfig(coups=coups, decks=8, seed=seed), coups // 70 + 2)
    return np.ascontiguousarray(
        np.concatenate([traced.unseen[s, : traced.coups[s]] for s in range(len(traced.coups))])
    )


def values(
    a: dict[str, Any], rows: np.ndarray, gamma: float, lo: int = 0, hi: int | None = None
) -> tuple[Any, ...]:
    val = np.full((len(rows), a["epay"].shape[1]), -7, dtype=np.int64)
    hi = len(rows) if hi is None else hi
    exact = decide_rows(rows, lo, hi, a["levels32"], gamma, a["levels"], a["epay"], val)
    return val, exact


@pytest.mark.parametrize("side_bets", [(), ("dragon-bonus",)])
def test_every_value_has_the_sign_of_the_exact_expectation(side_bets: tuple[str, ...]) -> None:
    a = arrays("ez", side_bets)
    rows = np.concatenate([shoe_compositions(6000, 4), [[0] * 10, [1] * 6 + [0] * 4]])
    reference, every = values(a, rows, -1.0)
    assert every == len(rows)
    fast, exact = values(a, rows, a["gamma"])
    assert np.array_equal(fast > 0, reference > 0)
    assert 0 < exact < len(rows) // 20  # the bound decides nearly every row, not all
    # Where more than one of the count's boxes is positive, the values are exact.
    several = (reference[:, :COUNT_BOXES] > 0).sum(axis=1) > 1
    assert np.array_equal(fast[several], reference[several])


def test_a_wider_bound_counts_more_rows_exactly_and_decides_the_same() -> None:
    a = arrays()
    rows = shoe_compositions(3000, 8)
    reference, _ = values(a, rows, -1.0)
    tight, few = values(a, rows, a["gamma"])
    wide, many = values(a, rows, 0.002)
    assert few < many < len(rows)
    assert np.array_equal(tight > 0, reference > 0)
    assert np.array_equal(wide > 0, reference > 0)


def test_a_row_is_decided_alike_whatever_range_and_block_it_falls_in() -> None:
    a = arrays()
    rows = shoe_compositions(2000, 9)
    whole, _ = values(a, rows, a["gamma"])
    val = np.full_like(whole, -7)
    for lo, hi in ((0, 77), (77, 700), (700, len(rows))):
        decide_rows(rows, lo, hi, a["levels32"], a["gamma"], a["levels"], a["epay"], val)
    assert np.array_equal(val, whole)
    part, _ = values(a, rows, a["gamma"], 50, 90)
    assert (part[:50] == -7).all() and (part[90:] == -7).all()  # nothing outside the range
    assert np.array_equal(part[50:90], whole[50:90])
