"""Exact outcome counts for thousands of shoe compositions at once (numpy, numba).

Every coup stands for six ordered cards (the convention of
``puntobanco.odds.exact``), so the number of six-card sequences ending in each
outcome is a sum over the 5,005 multisets of six point values: the number of
ways to draw a given ordered sequence of values, a product of falling
factorials of the composition, times how many orderings of the multiset end in
that outcome. That second factor does not depend on the shoe: it is tabulated
once, by dealing all 10**6 ordered value sequences through the tableau of
``puntobanco.rules``. What is left per composition is 5,005 short products,
exact in int64: every term counts card sequences, so none exceeds the total
N(N-1)...(N-5) < 5.3e15 for eight decks. The same counts by coup length, for
any paytable's classes, are ``odds.levels``'s.

Needs the ``sim`` extra.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.jit import numba
from puntobanco.odds.levels import (
    Level,
    counts_by_levels,
    counts_levels,
    level_accumulator,
    level_tables,
    main_levels,
    sequence_indices,
)
from puntobanco.odds.sequences import BLOCK, MAX_CARDS, IntArray, multiset_order, multiset_table

#: The counts by coup length (``odds.levels``) and the shared tables
#: (``odds.sequences``) are read from here too.
__all__ = [
    "BLOCK",
    "MAX_CARDS",
    "IntArray",
    "Level",
    "counts_block",
    "counts_by_levels",
    "counts_full",
    "counts_levels",
    "counts_many_f64",
    "counts_one",
    "drop_largest",
    "expectations_batch",
    "level_accumulator",
    "level_tables",
    "main_levels",
    "multiset_order",
    "multiset_table",
    "outcome_counts_batch",
    "outcome_counts_batch_int",
    "sequence_indices",
]


@numba.njit(cache=True, nogil=True)
def counts_one(counts: Any, outcomes: Any, out: Any) -> None:
    """Exact (Punto, Banco, Égalité) sequence counts of one composition into ``out``.

    The multisets a <= b <= c <= d <= e <= f are visited in the order of
    ``multiset_table``; ``r`` holds the cards left after the values chosen so
    far, so each level multiplies the running product by one falling factor
    and a multiset costs one multiplication. Products stay >= 0: a factor can
    only be negative under a product that is already 0.
    """
    r = np.empty(10, np.int64)
    n = 0
    for v in range(10):
        r[v] = counts[v]
        n += counts[v]
    p = np.int64(0)
    b = np.int64(0)
    e = np.int64(0)
    if n >= MAX_CARDS:
        m = 0
        for a in range(10):
            wa = r[a]
            r[a] -= 1
            for b_ in range(a, 10):
                wb = wa * r[b_]
                r[b_] -= 1
                for c in range(b_, 10):
                    wc = wb * r[c]
                    r[c] -= 1
                    for d in range(c, 10):
                        wd = wc * r[d]
                        r[d] -= 1
                        for e_ in range(d, 10):
                            we = wd * r[e_]
                            if we <= 0:
                                m += 10 - e_
                                continue
                            r[e_] -= 1
                            for f in range(e_, 10):
                                w = we * r[f]
                                p += w * outcomes[m, 0]
                                b += w * outcomes[m, 1]
                                e += w * outcomes[m, 2]
                                m += 1
                            r[e_] += 1
                        r[d] += 1
                    r[c] += 1
                r[b_] += 1
            r[a] += 1
    out[0] = p
    out[1] = b
    out[2] = e


@numba.njit(cache=True, nogil=True, fastmath=False)
def counts_block(r: Any, outcomes: Any, out: Any) -> None:
    """Exact counts of ``BLOCK`` compositions at once, in float64.

    ``r[v, i]`` holds the cards of value v in composition i (columns are the
    compositions, so every step below is one vector operation across them);
    ``out[j, i]`` gets the sequences of composition i in column j of
    ``outcomes`` (a float64 table, one row per multiset as ``multiset_table``).
    ``r`` is restored on return.

    Exact: every term and partial sum counts card sequences of one
    composition, so none exceeds N(N-1)...(N-5) <= 416 * 415 * ... * 411 <
    5.3e15 < 2**53, below which float64 holds every integer exactly; factors
    are integers, and a factor below 0 only appears under a product already 0.
    """
    k_out = outcomes.shape[1]
    w0 = np.empty(BLOCK)
    w1 = np.empty(BLOCK)
    w2 = np.empty(BLOCK)
    w3 = np.empty(BLOCK)
    w4 = np.empty(BLOCK)
    t = np.empty(BLOCK)
    out[:, :] = 0.0
    m = 0
    for a in range(10):
        ra = r[a]
        for i in range(BLOCK):
            w0[i] = ra[i]
            ra[i] -= 1.0
        for b in range(a, 10):
            rb = r[b]
            for i in range(BLOCK):
                w1[i] = w0[i] * rb[i]
                rb[i] -= 1.0
            for c in range(b, 10):
                rc = r[c]
                for i in range(BLOCK):
                    w2[i] = w1[i] * rc[i]
                    rc[i] -= 1.0
                for d in range(c, 10):
                    rd = r[d]
                    for i in range(BLOCK):
                        w3[i] = w2[i] * rd[i]
                        rd[i] -= 1.0
                    for e in range(d, 10):
                        re = r[e]
                        for i in range(BLOCK):
                            w4[i] = w3[i] * re[i]
                            re[i] -= 1.0
                        if k_out == 1:  # one fused pass
                            o0 = out[0]
                            for f in range(e, 10):
                                rf = r[f]
                                x0 = outcomes[m, 0]
                                if x0 != 0.0:
                                    for i in range(BLOCK):
                                        o0[i] += w4[i] * rf[i] * x0
                                m += 1
                        elif k_out == 2:  # one fused pass: both sums in one loop
                            o0 = out[0]
                            o1 = out[1]
                            for f in range(e, 10):
                                rf = r[f]
                                x0 = outcomes[m, 0]
                                x1 = outcomes[m, 1]
                                for i in range(BLOCK):
                                    tt = w4[i] * rf[i]
                                    o0[i] += tt * x0
                                    o1[i] += tt * x1
                                m += 1
                        else:
                            for f in range(e, 10):
                                rf = r[f]
                                for i in range(BLOCK):
                                    t[i] = w4[i] * rf[i]
                                for j in range(k_out):
                                    o = outcomes[m, j]
                                    if o != 0.0:
                                        oj = out[j]
                                        for i in range(BLOCK):
                                            oj[i] += t[i] * o
                                m += 1
                        for i in range(BLOCK):
                            re[i] += 1.0
                    for i in range(BLOCK):
                        rd[i] += 1.0
                for i in range(BLOCK):
                    rc[i] += 1.0
            for i in range(BLOCK):
                rb[i] += 1.0
        for i in range(BLOCK):
            ra[i] += 1.0


@numba.njit(cache=True, nogil=True)
def drop_largest(outcomes: Any) -> tuple[Any, Any]:
    """(``outcomes`` without its largest column, that column's index): the
    column left out is every sequence minus the others, one sum fewer per term."""
    k_out = outcomes.shape[1]
    big = 0
    best = -1.0
    for j in range(k_out):
        total = 0.0
        for m in range(outcomes.shape[0]):
            total += outcomes[m, j]
        if total > best:
            best = total
            big = j
    reduced = np.empty((outcomes.shape[0], max(k_out - 1, 1)))
    for m in range(outcomes.shape[0]):
        c = 0
        for j in range(k_out):
            if j != big:
                reduced[m, c] = outcomes[m, j]
                c += 1
    return reduced, big


@numba.njit(cache=True, nogil=True)
def counts_full(r: Any, reduced: Any, big: Any, k_out: Any, block: Any, out: Any) -> None:
    """``counts_block`` of every column of a table given by ``drop_largest``:
    ``out[j, i]`` for the ``k_out`` columns, the dropped one as the remainder of
    N(N-1)...(N-5) (0 below six cards)."""
    counts_block(r, reduced, block)
    for i in range(BLOCK):
        n = 0.0
        for v in range(10):
            n += r[v, i]
        whole = 0.0
        if n >= MAX_CARDS:
            whole = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
        rest = whole
        c = 0
        for j in range(k_out):
            if j != big:
                value = block[c, i] if whole > 0 else 0.0
                out[j, i] = value
                rest -= value
                c += 1
        out[big, i] = rest


@numba.njit(cache=True, nogil=True)
def counts_many_f64(counts: Any, outcomes: Any, out: Any) -> None:
    """``counts_block`` over every row of ``counts`` (n, 10), into ``out`` (n, K);
    a row of fewer than six cards counts nothing."""
    n = counts.shape[0]
    k_out = outcomes.shape[1]
    reduced, big = drop_largest(outcomes)
    r = np.zeros((10, BLOCK))
    block = np.zeros((reduced.shape[1], BLOCK))
    full = np.zeros((k_out, BLOCK))
    for start in range(0, n, BLOCK):
        nb = min(BLOCK, n - start)
        for v in range(10):
            for i in range(BLOCK):
                r[v, i] = counts[start + i, v] if i < nb else 0.0
        counts_full(r, reduced, big, k_out, block, full)
        for i in range(nb):
            for j in range(k_out):
                out[start + i, j] = full[j, i]


@numba.njit(cache=True, nogil=True)
def _counts_many(counts: Any, outcomes: Any, out: Any) -> None:
    for i in range(counts.shape[0]):
        counts_one(counts[i], outcomes, out[i])


def outcome_counts_batch(counts: npt.ArrayLike) -> IntArray:
    """Exact (Punto, Banco, Égalité) counts for each row of an ``(n, 10)`` array.

    Agrees exactly with ``puntobanco.odds.outcome_counts`` row by row. Raises
    ``ValueError`` when a row is not ten non-negative counts of at most 8 decks.
    """
    array = np.ascontiguousarray(counts, dtype=np.int64)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    if array.ndim != 2 or array.shape[1] != 10:
        raise ValueError(f"compositions must be rows of 10 counts, not shape {array.shape}")
    if array.size and (array.min() < 0 or array.sum(axis=1).max() > 416):
        raise ValueError("counts must be non-negative and hold at most 416 cards")
    out = np.zeros((array.shape[0], 3), dtype=np.float64)
    counts_many_f64(array, multiset_table()[3].astype(np.float64), out)
    return out.astype(np.int64)


def outcome_counts_batch_int(counts: npt.ArrayLike) -> IntArray:
    """``outcome_counts_batch`` one composition at a time in int64 (the reference)."""
    array = np.ascontiguousarray(counts, dtype=np.int64).reshape(-1, 10)
    out = np.zeros((array.shape[0], 3), dtype=np.int64)
    _counts_many(array, multiset_table()[3], out)
    return out


def expectations_batch(counts: npt.ArrayLike, *, tie_pays: int = 8) -> npt.NDArray[np.float64]:
    """Expected result per unit on (Punto, Banco, Égalité) for each composition,
    with Banco paid 19 to 20 and Punto and Banco refunded on a tie."""
    c = outcome_counts_batch(counts).astype(np.float64)
    whole = c.sum(axis=1)
    whole[whole == 0] = np.nan
    p, b, e = c[:, 0] / whole, c[:, 1] / whole, c[:, 2] / whole
    return np.stack([p - b, 0.95 * b - p, tie_pays * e - (p + b)], axis=1)
