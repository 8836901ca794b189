"""The exact strategies' decisions, nearly all read from bounded float32 counts.

``count`` bets the box whose exact expectation on the cards not yet seen is
the largest positive one, ``perfect:BET`` its bet when that expectation is
positive: a decision reads signs, and for ``count`` which of its positive
boxes is the largest. So each planned composition gets one int64 per bet,
the *value*, whose sign is the sign of the exact expectation: where
``odds.bounded`` proves every sign (nearly always: the edges are far from 0
against the bound) it is 1 or 0 (positive, or not), and where a sign is
within the bound, or more than one of the count's boxes is positive, it is
the exact integer of ``odds.levels.counts_levels``. The play loop reads only
values, so its decisions are the exact ones whichever way they were made;
``tests/test_sim_exact_plan.py`` compares every record with the shoe by shoe
exact reference.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from puntobanco.jit import numba
from puntobanco.odds.bounded import LANES, expectations_bounded
from puntobanco.odds.levels import counts_levels
from puntobanco.odds.sequences import BLOCK

#: The boxes ``count`` chooses among: Punto, Banco, Égalité (the first columns).
COUNT_BOXES: Final = 3


@numba.njit(inline="always")
def exact_value(ex: Any, k: Any, epay: Any, box: Any) -> Any:
    """The exact expectation of ``box`` on composition k, unnormalised: the class
    counts ``ex[k]`` (exact integers in float64) times the reduced prices
    ``epay``, summed in int64 (every price is divided by its column's gcd, so
    the sum stays below 2**63)."""
    total = np.int64(0)
    for c in range(epay.shape[0]):
        total += np.int64(ex[k, c]) * epay[c, box]
    return total


@numba.njit(cache=True, nogil=True)
def exact_values(ex: Any, k: Any, epay: Any, val: Any) -> None:
    """``val[j, b]`` = ``exact_value`` of every bet b of the first k rows of ``ex``."""
    for j in range(k):
        for b in range(epay.shape[1]):
            val[j, b] = exact_value(ex, j, epay, b)


@numba.njit(cache=True, nogil=True)
def decide_rows(
    comps: Any, lo: Any, hi: Any, levels32: Any, gamma: Any, levels: Any, epay: Any, val: Any
) -> Any:
    """Values of rows ``lo`` to ``hi`` of ``comps`` (compositions, one a row) into
    ``val``: bounded float32 expectations (``levels32``, ``gamma``) where they
    prove every sign and leave at most one of the count's boxes positive, the
    exact ones (``levels``) elsewhere, and everywhere when ``gamma`` < 0. A
    row's value does not depend on the rows beside it, so ranges can be
    decided in any order, on any thread. Returns the number of rows counted
    exactly."""
    n_cls = epay.shape[0]
    n_box = epay.shape[1]
    r = np.zeros((10, LANES), np.float32)
    acc = np.zeros((3, n_cls, LANES), np.float32)
    est = np.zeros((n_box, LANES))
    err = np.zeros((n_box, LANES))
    pending = np.empty(max(hi - lo, 0), np.int64)
    n_pending = 0
    if gamma < 0:  # every row exactly: the method before the bound, for benchmarks
        for row in range(lo, hi):
            pending[n_pending] = row
            n_pending += 1
    for start in range(lo, hi if gamma >= 0 else lo, LANES):
        nb = min(LANES, hi - start)
        for v in range(10):
            for i in range(LANES):
                r[v, i] = comps[start + i, v] if i < nb else 0
        expectations_bounded(r, levels32, gamma, epay, acc, est, err)
        for i in range(nb):
            sure = True
            positive = 0
            for b in range(n_box):
                if est[b, i] - err[b, i] > 0:  # E > 0
                    val[start + i, b] = 1
                    if b < COUNT_BOXES:
                        positive += 1
                elif est[b, i] + err[b, i] <= 0:  # E <= 0
                    val[start + i, b] = 0
                else:
                    sure = False
            if not sure or positive > 1:
                pending[n_pending] = start + i
                n_pending += 1
    s4, c4, v4, s5, c5, v5, s6, c6, v6, big = levels
    r64 = np.zeros((10, BLOCK))
    acc64 = np.zeros((3, n_cls, BLOCK))
    out = np.zeros((n_cls, BLOCK))
    for first in range(0, n_pending, BLOCK):
        nb = min(BLOCK, n_pending - first)
        for i in range(BLOCK):
            for v in range(10):
                r64[v, i] = comps[pending[first + i], v] if i < nb else 0.0
        counts_levels(r64, s4, c4, v4, s5, c5, v5, s6, c6, v6, big, acc64, out)
        for i in range(nb):
            for b in range(n_box):
                val[pending[first + i], b] = exact_value(out.T, i, epay, b)
    return n_pending
