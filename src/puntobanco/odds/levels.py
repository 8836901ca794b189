"""Exact counts by coup length, for any paytable's classes (side bets included).

A coup decided on its first L cards (a natural or two stands: 4; one third
card: 5; two: 6) stands for W_L(first L values) times the (n - L)(n - L - 1)...
ways to draw the cards it never uses, so its orderings are tabulated over the
multisets of L values (715, 2002 and 5,005 of them) instead of six, and added
where nested loops over the multisets of six values hold the weight of the
first L values. Most rows then carry one or two classes, so every table, side
bets included, costs about what the main bets cost.

Needs the ``sim`` extra.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.jit import numba
from puntobanco.odds.sequences import BLOCK, MAX_CARDS, IntArray, sequence_grid
from puntobanco.tableau import finals

#: One level's table in compressed rows: ``(row starts, classes, orderings)``.
Level = tuple[IntArray, IntArray, npt.NDArray[np.float64]]


def sequence_indices() -> IntArray:
    """The ``tableau.wide_coup_table()`` index of each sequence of ``sequence_grid``."""
    p1, b1, p2, b2, c5, c6 = sequence_grid()
    index: IntArray = (((p1 + p2) % 10) << 11) | (((b1 + b2) % 10) << 7) | (c5 * 10 + c6)
    return index


def level_tables(label: IntArray, used: IntArray, k_out: int) -> tuple[Level, Level, Level, int]:
    """The three levels' tables of a labelling of the 10**6 ordered sequences
    (``label``: class in 0..k_out-1, ``used``: cards the coup uses), without the
    class of most entries, and that class (counted as the rest)."""
    grid = sequence_grid()
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
    p1, b1, p2, b2, x5, x6 = sequence_grid()
    pfinal, bfinal, pdraw, bdraw = finals((p1 + p2) % 10, (b1 + b2) % 10, x5, x6)
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
