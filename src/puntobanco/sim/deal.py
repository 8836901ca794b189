"""The compiled shoe dealt: where each coup starts, how many cards it takes, who wins.

Shared by every kernel of the simulator (``sim.engine`` with strategies,
``sim.flat`` for flat bets): the burn (turn one card, burn its point value,
ten for a zero), the cut-card rule of ``Shoe.deal_coup`` (a coup that starts
with the cut card out is the shoe's last) and each coup looked up in
``tableau.wide_coup_table()``.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from puntobanco.jit import numba
from puntobanco.sim.shuffle import U64

#: The cut card of a shoe dealt to its end.
NO_CUT: Final = -1
#: Columns of a shoe's record.
S_COUPS, S_PUNTO, S_BANCO, S_EGALITE, S_COMPLETE = range(5)
#: Most cards a burn takes: the turned card and ten burned.
MAX_BURN_CARDS: Final = 11
#: Cards read past the end of a shoe by a coup's look-up (never dealt).
PAD: Final = 6


@numba.njit(inline="always")
def wide_index(cards: Any, pos: Any) -> Any:
    """The ``tableau.wide_coup_table()`` cell of the coup at ``pos``."""
    u = np.uint64(pos)
    pt = np.int64(cards[u]) + np.int64(cards[u + U64(2)])
    bt = np.int64(cards[u + U64(1)]) + np.int64(cards[u + U64(3)])
    if pt >= 10:
        pt -= 10
    if bt >= 10:
        bt -= 10
    tail = np.int64(cards[u + U64(4)]) * 10 + np.int64(cards[u + U64(5)])
    return ((pt << 11) | (bt << 7)) + tail


@numba.njit(inline="always")
def coup_code(cards: Any, pos: Any, wide: Any) -> Any:
    """The ``tableau.wide_coup_table()`` code (4 * used + outcome) of the coup
    at ``pos`` (its cell from ``wide_index``, inlined: unsigned indices, no
    negative-index fix-up, the chain from one coup's start to the next short)."""
    return wide[np.uint64(wide_index(cards, pos))]


@numba.njit(inline="always")
def coup_at(cards: Any, pos: Any, n: Any, wide: Any) -> tuple[Any, Any]:
    """(cards used, outcome 0 Punto / 1 Banco / 2 Égalité) of the coup at ``pos``;
    (0, -1) when the shoe cannot complete it. ``cards`` has ``PAD`` spare cells."""
    code = coup_code(cards, pos, wide)
    used = np.int64(code >> 2)
    if pos + used > n:
        return 0, -1
    return used, np.int64(code & 3)


@numba.njit(cache=True, nogil=True)
def deal_shoe(cards: Any, burn: Any, cut: Any, wide: Any, starts: Any, outs: Any) -> Any:
    """Deal a shuffled shoe (``PAD`` spare cells at the end) to its end: coup i
    starts at ``starts[i]`` and ends in ``outs[i]``; returns the number of coups."""
    n = cards.shape[0] - PAD
    pos = 0
    if burn:
        turned = cards[0]
        pos = 1 + (turned if turned != 0 else 10)
    limit = n - cut if cut != NO_CUT else n + 1
    k = 0
    while True:
        last = pos >= limit
        used, outcome = coup_at(cards, pos, n, wide)
        if used == 0:
            break
        starts[k] = pos
        outs[k] = outcome
        k += 1
        pos += used
        if last:
            break
    return k


@numba.njit(inline="always")
def deal_start(cards: Any, burn: Any) -> Any:
    """Where dealing starts: after the burn when there is one."""
    if burn:
        turned = cards[0]
        return 1 + (turned if turned != 0 else 10)
    return 0
