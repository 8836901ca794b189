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
N(N-1)...(N-5) < 5.3e15 for eight decks.

Needs the ``sim`` extra.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.jit import numba
from puntobanco.tableau import tables

IntArray = npt.NDArray[np.int64]
MAX_CARDS = 6


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


#: Compositions counted side by side by ``counts_block``: one vector lane each.
BLOCK = 64


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
    with Banco paid 19 for 20 and Punto and Banco refunded on a tie."""
    c = outcome_counts_batch(counts).astype(np.float64)
    whole = c.sum(axis=1)
    whole[whole == 0] = np.nan
    p, b, e = c[:, 0] / whole, c[:, 1] / whole, c[:, 2] / whole
    return np.stack([p - b, 0.95 * b - p, tie_pays * e - (p + b)], axis=1)


# Counts by coup length: a coup decided on its first L cards (a natural or two
# stands: 4; one third card: 5; two: 6) stands for W_L(first L values) times the
# (n - L)(n - L - 1)... ways to draw the cards it never uses, so its orderings
# are tabulated over the multisets of L values (715, 2002 and 5,005 of them)
# instead of six, and added where the nested loops of ``counts_block`` hold the
# weight of the first L values. Most rows then carry one or two classes, so
# every table, side bets included, costs about what the main bets cost.

#: One level's table in compressed rows: ``(row starts, classes, orderings)``.
Level = tuple[IntArray, IntArray, npt.NDArray[np.float64]]


@lru_cache(maxsize=1)
def _sequence_grid() -> IntArray:
    """Every ordered six-value sequence, one per column, as ``np.indices`` lists them."""
    return np.indices((10,) * MAX_CARDS).reshape(MAX_CARDS, -1).astype(np.int64)


def sequence_indices() -> IntArray:
    """The ``tableau.wide_coup_table()`` index of each sequence of ``_sequence_grid``."""
    p1, b1, p2, b2, c5, c6 = _sequence_grid()
    index: IntArray = (((p1 + p2) % 10) << 11) | (((b1 + b2) % 10) << 7) | (c5 * 10 + c6)
    return index


def level_tables(label: IntArray, used: IntArray, k_out: int) -> tuple[Level, Level, Level, int]:
    """The three levels' tables of a labelling of the 10**6 ordered sequences
    (``label``: class in 0..k_out-1, ``used``: cards the coup uses), without the
    class of most entries, and that class (counted as the rest)."""
    grid = _sequence_grid()
    dense = []
    for length in (4, 5, 6):
        chosen = used == length
        if length < MAX_CARDS:  # each start once: the unused cards' values all 0
            chosen &= (grid[length:] == 0).all(axis=0)
        n_rows = len(_level_codes(length))
        rows = np.searchsorted(_level_codes(length), _codes(grid[:length, chosen]))
        table = np.bincount(rows * k_out + label[chosen], minlength=n_rows * k_out)
        dense.append(table.reshape(n_rows, k_out))
    big = int(np.argmax(sum((t != 0).sum(axis=0) for t in dense)))
    levels = []
    for table in dense:
        table[:, big] = 0
        nz_rows, nz_cols = np.nonzero(table)
        starts = np.searchsorted(nz_rows, np.arange(len(table) + 1)).astype(np.int64)
        levels.append(
            (starts, nz_cols.astype(np.int64), table[nz_rows, nz_cols].astype(np.float64))
        )
    return levels[0], levels[1], levels[2], big


def _codes(values: IntArray) -> IntArray:
    code = np.zeros(values.shape[1], dtype=np.int64)
    for row in np.sort(values, axis=0):
        code = code * 10 + row
    return code


@lru_cache(maxsize=4)
def _level_codes(length: int) -> IntArray:
    """Codes of the multisets of ``length`` values in the nested loops' order."""
    grid = np.indices((10,) * length).reshape(length, -1).astype(np.int64)
    return np.unique(_codes(grid))


@lru_cache(maxsize=1)
def main_levels() -> tuple[Level, Level, Level, int]:
    """``level_tables`` of the main bets: 0 Punto, 1 Banco, 2 Égalité."""
    natural, punto, banco = (a.astype(bool) for a in tables())
    grid = _sequence_grid()
    p1, b1, p2, b2, x5, x6 = grid
    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
    nat = natural[pt] | natural[bt]
    pdraw = ~nat & punto[pt]
    pfinal = np.where(pdraw, (pt + x5) % 10, pt)
    bdraw = ~nat & banco[bt, np.where(pdraw, x5, 10)]
    bfinal = np.where(bdraw, (bt + np.where(pdraw, x6, x5)) % 10, bt)
    outcome = np.where(pfinal > bfinal, 0, np.where(bfinal > pfinal, 1, 2))
    return level_tables(outcome, 4 + pdraw + bdraw, 3)


@numba.njit(inline="always")
def _add_row(starts: Any, cols: Any, vals: Any, row: Any, w: Any, acc: Any, lanes: Any) -> None:
    for q in range(starts[row], starts[row + 1]):
        o = acc[cols[q]]
        x = vals[q]
        for i in range(lanes):
            o[i] += w[i] * x


def level_accumulator(lanes: int) -> Any:
    """The nested loops of ``counts_levels`` alone, for ``lanes`` compositions
    side by side (a constant of the compiled code, so its loops over lanes
    unroll): ``accumulate(r, s4, c4, v4, s5, c5, v5, s6, c6, v6, acc)`` puts
    in ``acc[L - 4, c, i]`` the ordered L-card starts of class c (tables of
    ``level_tables``, entries in ``r``'s dtype) of composition i (``r[v, i]``,
    left as it is), each start weighted by its table entry. In the dtype
    of ``r``: float64 counts exactly (``counts_levels``), float32 holds twice
    the lanes a vector for ``puntobanco.odds.bounded``, which bounds its
    rounding.
    """

    @numba.njit(cache=True, nogil=True)
    def accumulate(
        r: Any,
        s4: Any,
        c4: Any,
        v4: Any,
        s5: Any,
        c5: Any,
        v5: Any,
        s6: Any,
        c6: Any,
        v6: Any,
        acc: Any,
    ) -> None:
        acc[:, :, :] = 0.0
        a4 = acc[0]
        a5 = acc[1]
        a6 = acc[2]
        # The multisets a <= b <= ... list equal values side by side, so the cards
        # of a value already drawn are counted by the loops (0 unless it is the
        # previous value): each factor is r - k, in r's dtype, and r is never
        # written (no store to undo, the loops' largest cost after the sums).
        drawn = np.arange(MAX_CARDS).astype(r.dtype)
        w1 = np.empty(lanes, r.dtype)
        w2 = np.empty(lanes, r.dtype)
        w3 = np.empty(lanes, r.dtype)
        w4 = np.empty(lanes, r.dtype)
        m4 = 0
        m5 = 0
        m6 = 0
        for a in range(10):
            ra = r[a]
            for b in range(a, 10):
                rb = r[b]
                nb = 1 if b == a else 0
                kb = drawn[nb]
                for i in range(lanes):
                    w1[i] = ra[i] * (rb[i] - kb)
                for c in range(b, 10):
                    rc = r[c]
                    nc = nb + 1 if c == b else 0
                    kc = drawn[nc]
                    for i in range(lanes):
                        w2[i] = w1[i] * (rc[i] - kc)
                    for d in range(c, 10):
                        rd = r[d]
                        nd = nc + 1 if d == c else 0
                        kd = drawn[nd]
                        for i in range(lanes):
                            w3[i] = w2[i] * (rd[i] - kd)
                        _add_row(s4, c4, v4, m4, w3, a4, lanes)
                        m4 += 1
                        for e in range(d, 10):
                            re = r[e]
                            ne = nd + 1 if e == d else 0
                            ke = drawn[ne]
                            for i in range(lanes):
                                w4[i] = w3[i] * (re[i] - ke)
                            _add_row(s5, c5, v5, m5, w4, a5, lanes)
                            m5 += 1
                            for f in range(e, 10):
                                rf = r[f]
                                kf = drawn[ne + 1 if f == e else 0]
                                q = s6[m6]
                                end = s6[m6 + 1]
                                while q + 2 < end:  # three classes a pass, no stored product
                                    o = a6[c6[q]]
                                    p = a6[c6[q + 1]]
                                    u = a6[c6[q + 2]]
                                    x = v6[q]
                                    y = v6[q + 1]
                                    z = v6[q + 2]
                                    for i in range(lanes):
                                        tt = w4[i] * (rf[i] - kf)
                                        o[i] += tt * x
                                        p[i] += tt * y
                                        u[i] += tt * z
                                    q += 3
                                if q + 1 < end:
                                    o = a6[c6[q]]
                                    p = a6[c6[q + 1]]
                                    x = v6[q]
                                    y = v6[q + 1]
                                    for i in range(lanes):
                                        tt = w4[i] * (rf[i] - kf)
                                        o[i] += tt * x
                                        p[i] += tt * y
                                    q += 2
                                if q < end:
                                    o = a6[c6[q]]
                                    x = v6[q]
                                    for i in range(lanes):
                                        o[i] += w4[i] * (rf[i] - kf) * x
                                m6 += 1

    return accumulate


accumulate_levels = level_accumulator(BLOCK)


@numba.njit(cache=True, nogil=True)
def counts_levels(
    r: Any,
    s4: Any,
    c4: Any,
    v4: Any,
    s5: Any,
    c5: Any,
    v5: Any,
    s6: Any,
    c6: Any,
    v6: Any,
    big: Any,
    acc: Any,
    out: Any,
) -> None:
    """Exact class counts of ``BLOCK`` compositions (``r[v, i]``, restored on
    return) from ``level_tables``, into ``out[c, i]``; ``acc`` is scratch of
    shape (3, classes, BLOCK).

    Exact in float64: ``acc[L - 4, c, i]`` counts ordered starts of L cards, at
    most N(N-1)...(N-L+1); times the falling factor of the cards left unused it
    counts six-card sequences, at most N(N-1)...(N-5) < 5.3e15 < 2**53 for 416
    cards, and so does every sum of them below.
    """
    k_out = out.shape[0]
    accumulate_levels(r, s4, c4, v4, s5, c5, v5, s6, c6, v6, acc)
    a4 = acc[0]
    a5 = acc[1]
    a6 = acc[2]
    for i in range(BLOCK):
        n = 0.0
        for v in range(10):
            n += r[v, i]
        whole = 0.0
        if n >= MAX_CARDS:
            whole = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
        rest = whole
        for j in range(k_out):
            if j != big:
                value = 0.0
                if whole > 0:
                    value = a4[j, i] * ((n - 4) * (n - 5)) + a5[j, i] * (n - 5) + a6[j, i]
                out[j, i] = value
                rest -= value
        out[big, i] = rest


@numba.njit(cache=True, nogil=True)
def counts_many_levels(
    counts: Any,
    s4: Any,
    c4: Any,
    v4: Any,
    s5: Any,
    c5: Any,
    v5: Any,
    s6: Any,
    c6: Any,
    v6: Any,
    big: Any,
    out: Any,
) -> None:
    """``counts_levels`` over every row of ``counts`` (n, 10), into ``out`` (n, K)."""
    n = counts.shape[0]
    k_out = out.shape[1]
    r = np.zeros((10, BLOCK))
    acc = np.zeros((3, k_out, BLOCK))
    full = np.zeros((k_out, BLOCK))
    for start in range(0, n, BLOCK):
        nb = min(BLOCK, n - start)
        for v in range(10):
            for i in range(BLOCK):
                r[v, i] = counts[start + i, v] if i < nb else 0.0
        counts_levels(r, s4, c4, v4, s5, c5, v5, s6, c6, v6, big, acc, full)
        for i in range(nb):
            for j in range(k_out):
                out[start + i, j] = full[j, i]


def counts_by_levels(
    counts: npt.ArrayLike, levels: tuple[Level, Level, Level, int], k_out: int
) -> npt.NDArray[np.float64]:
    """Exact class counts (``k_out`` classes of ``levels``) of each row of ``counts``."""
    array = np.ascontiguousarray(counts, dtype=np.int64).reshape(-1, 10)
    out = np.zeros((array.shape[0], k_out))
    (s4, c4, v4), (s5, c5, v5), (s6, c6, v6), big = levels
    counts_many_levels(array, s4, c4, v4, s5, c5, v5, s6, c6, v6, big, out)
    return out
