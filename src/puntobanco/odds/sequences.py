"""The ordered value sequences, shared by the batched exact counts.

Every coup stands for six ordered point values (``odds.exact``'s convention):
``odds.levels`` tabulates the 10**6 sequences by coup length and counts
``BLOCK`` compositions side by side.

Needs the ``sim`` extra.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
MAX_CARDS = 6

#: Compositions counted side by side by ``odds.levels``: one vector lane each.
BLOCK = 64


@lru_cache(maxsize=1)
def sequence_grid() -> IntArray:
    """Every ordered six-value sequence, one per column, as ``np.indices`` lists them."""
    return np.indices((10,) * MAX_CARDS).reshape(MAX_CARDS, -1).astype(np.int64)
