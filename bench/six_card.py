"""The six-card kernels: the batched exact counts before ``odds.levels``, kept as
``bench_paytables``'s baseline (the library counts by coup length).

Every coup stands for six ordered point values; the count of sequences ending
in each class is a sum over the 5,005 multisets of six values of (ways to draw
one ordered value sequence) x (orderings of the multiset in that class),
``counts_one`` in int64 one composition at a time, ``counts_many_f64`` in
float64 for ``BLOCK`` compositions side by side.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.jit import numba
from puntobanco.odds.sequences import BLOCK, MAX_CARDS, IntArray
from puntobanco.paytable import Paytable, Wager
from puntobanco.sim.classes import classes, value_wagers, wide_cells
from puntobanco.tableau import tables


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


def outcome_counts_batch_int(counts: npt.ArrayLike) -> IntArray:
    """``outcome_counts_batch`` one composition at a time in int64 (the reference)."""
    array = np.ascontiguousarray(counts, dtype=np.int64).reshape(-1, 10)
    out = np.zeros((array.shape[0], 3), dtype=np.int64)
    _counts_many(array, multiset_table()[3], out)
    return out


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


@lru_cache(maxsize=8)
def multiset_classes(
    paytable: Paytable, wagers: tuple[Wager, ...] | None = None, by_winner: bool = True
) -> npt.NDArray[np.float64]:
    """``[m, c]``: orderings of six-value multiset m (``multiset_table``
    order) whose coup falls in class c of ``classes(paytable, wagers, by_winner)``
    (``wagers``: ``value_wagers(paytable)`` when None)."""
    chosen = value_wagers(paytable) if wagers is None else wagers
    cls = classes(paytable, chosen, by_winner=by_winner)
    cells, _ = wide_cells()
    grid = np.indices((10,) * 6).reshape(6, -1)
    p1, b1, p2, b2, c5, c6 = grid
    index = (((p1 + p2) % 10) << 11) | (((b1 + b2) % 10) << 7) | (c5 * 10 + c6)
    label = cls.klass[cells[index] * 4]
    inverse, n_multisets = multiset_order()
    counts = np.bincount(inverse * cls.count + label, minlength=n_multisets * cls.count)
    return counts.reshape(n_multisets, cls.count).astype(np.float64)
