"""The ordered value sequences and their multisets, shared by the batched exact counts.

Every coup stands for six ordered point values (``odds.exact``'s convention):
the 10**6 sequences, the 5,005 multisets of six values they fall in, and how
many orderings of each multiset end in each outcome (through the tableau of
``puntobanco.rules``). ``odds.batch`` counts by multiset, ``odds.levels`` by
coup length; both run ``BLOCK`` compositions side by side.

Needs the ``sim`` extra.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from puntobanco.tableau import tables

IntArray = npt.NDArray[np.int64]
MAX_CARDS = 6

#: Compositions counted side by side by ``counts_block``: one vector lane each.
BLOCK = 64


@lru_cache(maxsize=1)
def sequence_grid() -> IntArray:
    """Every ordered six-value sequence, one per column, as ``np.indices`` lists them."""
    return np.indices((10,) * MAX_CARDS).reshape(MAX_CARDS, -1).astype(np.int64)


@lru_cache(maxsize=1)
def _multiset_codes() -> tuple[IntArray, IntArray]:
    grid = np.indices((10,) * MAX_CARDS).reshape(MAX_CARDS, -1).astype(np.int64)
    key = np.sort(grid, axis=0)
    code = np.zeros(grid.shape[1], dtype=np.int64)
    for row in key:
        code = code * 10 + row
    uniques, inverse = np.unique(code, return_inverse=True)
    return uniques, inverse.reshape(-1)


def multiset_order() -> tuple[IntArray, int]:
    """(multiset of each of the 10**6 ordered value sequences, as
    ``np.indices((10,) * 6)`` lists them, in ``multiset_table`` order; 5,005)."""
    uniques, inverse = _multiset_codes()
    return inverse, len(uniques)


@lru_cache(maxsize=1)
def multiset_table() -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """``(values, multiplicities, lengths, outcomes)`` over the 5,005 six-value multisets.

    Row m lists the distinct values of multiset m and how often each occurs
    (padded with value 0, multiplicity 0); ``outcomes[m]`` counts the orderings
    of m that end in (Punto, Banco, Égalité).
    """
    natural, punto, banco = (a.astype(bool) for a in tables())
    grid = np.indices((10,) * MAX_CARDS).reshape(MAX_CARDS, -1).astype(np.int64)
    p1, b1, p2, b2, x5, x6 = grid
    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
    nat = natural[pt] | natural[bt]
    pdraw = ~nat & punto[pt]
    pfinal = np.where(pdraw, (pt + x5) % 10, pt)
    column = np.where(pdraw, x5, 10)
    bdraw = ~nat & banco[bt, column]
    bthird = np.where(pdraw, x6, x5)
    bfinal = np.where(bdraw, (bt + bthird) % 10, bt)
    outcome = np.where(pfinal > bfinal, 0, np.where(bfinal > pfinal, 1, 2))

    uniques, inverse = _multiset_codes()
    outcomes = np.bincount(inverse * 3 + outcome, minlength=3 * len(uniques)).reshape(-1, 3)

    values = np.zeros((len(uniques), MAX_CARDS), dtype=np.int64)
    mults = np.zeros((len(uniques), MAX_CARDS), dtype=np.int64)
    lengths = np.zeros(len(uniques), dtype=np.int64)
    for m, c in enumerate(uniques.tolist()):
        digits = [(c // 10**i) % 10 for i in range(MAX_CARDS)]
        for v in sorted(set(digits)):
            values[m, lengths[m]] = v
            mults[m, lengths[m]] = digits.count(v)
            lengths[m] += 1
    return values, mults, lengths, outcomes.astype(np.int64)
