"""Expectations of many compositions in float32, each with a proven bound on its error.

A counting strategy needs the sign of a bet's exact expectation, not its
digits, and that sign is nearly always far from zero (an edge of -1 % against
a possible error of 0.03 %). The nested loops of ``batch.counts_levels``
run in float32 here, eight lanes a vector instead of four, and the rounding is
bounded a priori, so a caller knows which signs are certain and counts
exactly (``batch.counts_levels``) only the few that are not.

The bound (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed.,
2002, lemma 3.1 and section 4.2): every factor of a term is an integer below
2**24, exact in float32; a term is a product of at most six card counts and
its table entry, so it is computed with at most k = 6 roundings; an
accumulator adds n terms to 0.0, with n - 1 roundings. With unit roundoff
u = 2**-24 and gamma(m) = m u / (1 - m u), the computed sum of non-negative
terms is within gamma(k + n - 1) of the exact sum, relatively: no term is
negative (a card count below 0 only multiplies a product already 0), so no
cancellation can enlarge it. FMA contraction only removes roundings. The rest
is float64 on values below 2**60, bounded the same way with u = 2**-53 and
doubled for good measure (``expectations_bounded``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from puntobanco.jit import numba
from puntobanco.odds.levels import level_accumulator
from puntobanco.odds.sequences import MAX_CARDS

if TYPE_CHECKING:
    from puntobanco.odds.levels import Level

#: Compositions side by side in float32: more lanes spread the loops' scalar
#: work over more of them; of 64, 128, 256 and 512, 256 was the fastest here.
LANES: Final = 256
accumulate_levels32 = level_accumulator(LANES)
#: Roundings of one term: five products of card counts and one by its table entry.
TERM_ROUNDINGS: Final = 6
#: Every table entry and card count must be exact in float32.
EXACT_F32: Final = 2**24


def relative_bound(levels: tuple[Level, Level, Level, int]) -> float:
    """gamma(k + n - 1) for the largest number n of terms any one accumulator of
    ``accumulate_levels`` adds with these tables (rounded up to a float).

    Raises ``ValueError`` when a table entry is not exact in float32.
    """
    most = 0
    for _starts, cols, vals in levels[:3]:
        if len(vals) and (vals.max() >= EXACT_F32 or vals.min() < 0 or (vals % 1).any()):
            raise ValueError("level tables must hold non-negative integers below 2**24")
        if len(cols):
            most = max(most, int(np.bincount(cols).max()))
    m = TERM_ROUNDINGS + max(most - 1, 0)
    u = Fraction(1, EXACT_F32)
    gamma = m * u / (1 - m * u)
    value = float(gamma)
    return value if Fraction(value) >= gamma else float(np.nextafter(value, 1.0))


def float32_levels(levels: tuple[Level, Level, Level, int]) -> tuple[Any, ...]:
    """``levels`` flat, as ``expectations_bounded`` takes them: the entries in float32."""
    flat: list[Any] = []
    for starts, cols, vals in levels[:3]:
        flat += [starts, cols, vals.astype(np.float32)]
    return (*flat, levels[3])


@numba.njit(cache=True, nogil=True)
def expectations_bounded(
    r: Any, levels: Any, gamma: Any, pay: Any, acc: Any, est: Any, err: Any
) -> None:
    """For each composition ``r[v, i]`` (float32, restored on return) and each
    column b of ``pay`` (classes x bets, integer prices per class): ``est[b, i]``
    approximates E = sum over classes c of count(c) * pay[c, b], the count of
    the class left out of the tables (``levels[9]``) being every six-card
    sequence minus the others, and ``|est[b, i] - E| <= err[b, i]``. A bet
    whose prices are all 0, or a composition of fewer than six cards, has E = 0
    and gets ``est = err = 0``. ``gamma`` is ``relative_bound`` of the tables;
    ``acc`` is float32 scratch of shape (3, classes, lanes).
    """
    s4, c4, v4, s5, c5, v5, s6, c6, v6, big = levels
    accumulate_levels32(r, s4, c4, v4, s5, c5, v5, s6, c6, v6, acc)
    n_cls = pay.shape[0]
    # Float64 rounding of the combination below: at most 2 * (classes + 3)
    # roundings of u = 2**-53 on any value; doubled with gamma.
    tiny = (n_cls + 3) * 2.0**-52
    g = 2.0 * (gamma + tiny)
    counts = np.empty(n_cls)
    for i in range(r.shape[1]):
        n = 0.0
        for v in range(10):
            n += np.float64(r[v, i])
        whole = 0.0
        if n >= MAX_CARDS:
            whole = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
        for c in range(n_cls):
            counts[c] = 0.0
            if c != big and whole > 0:
                counts[c] = (
                    np.float64(acc[0, c, i]) * ((n - 4) * (n - 5))
                    + np.float64(acc[1, c, i]) * (n - 5)
                    + np.float64(acc[2, c, i])
                )
        for b in range(pay.shape[1]):
            base = np.float64(pay[big, b])
            value = base * whole
            spread = 0.0
            for c in range(n_cls):
                if c != big:
                    d = np.float64(pay[c, b]) - base
                    value += d * counts[c]
                    spread += abs(d) * counts[c]
            est[b, i] = value
            err[b, i] = g * spread + tiny * (abs(base) * whole + spread)
