"""Exact outcome counts for thousands of shoe compositions at once (numpy, numba).

The counts by coup length of ``puntobanco.odds.levels`` for the main bets:
every coup stands for six ordered cards (the convention of
``puntobanco.odds.exact``), a coup decided on its first L cards standing for
the ways to draw the cards it never uses; 64 compositions are counted side by
side, exact in float64 (every term counts card sequences, so none exceeds the
total N(N-1)...(N-5) < 5.3e15 < 2**53 for eight decks).

Needs the ``sim`` extra.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from puntobanco.odds.levels import counts_by_levels, main_levels
from puntobanco.odds.sequences import IntArray


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
    return counts_by_levels(array, main_levels(), 3).astype(np.int64)


def expectations_batch(counts: npt.ArrayLike, *, tie_pays: int = 8) -> npt.NDArray[np.float64]:
    """Expected result per unit on (Punto, Banco, Égalité) for each composition,
    with Banco paid 19 to 20 and Punto and Banco refunded on a tie."""
    c = outcome_counts_batch(counts).astype(np.float64)
    whole = c.sum(axis=1)
    whole[whole == 0] = np.nan
    p, b, e = c[:, 0] / whole, c[:, 1] / whole, c[:, 2] / whole
    return np.stack([p - b, 0.95 * b - p, tie_pays * e - (p + b)], axis=1)
