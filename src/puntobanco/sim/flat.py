"""Flat bets, compiled: every shoe of a chunk dealt with nothing but its counts.

``run_flat_chunk`` settles the three chances from each shoe's counts;
``run_classes_chunk`` counts the coups of each class of any paytable (side
bets included). Both are pipelined: the next shoe is shuffled while this one
is dealt. Card for card the shoes of ``sim.engine`` (the same seeds).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from puntobanco.jit import numba
from puntobanco.sim.deal import (
    NO_CUT,
    PAD,
    S_BANCO,
    S_COMPLETE,
    S_COUPS,
    S_EGALITE,
    S_PUNTO,
    coup_code,
    deal_start,
)
from puntobanco.sim.shuffle import U64, derive_seed, seeded_state, shuffle, swap_step

#: Fisher-Yates steps of the next shoe done while one coup of this one is dealt.
STEPS_PER_COUP: Final = 5


@numba.njit(cache=True, nogil=True)
def run_flat_chunk(
    chunk_seed: Any,
    base: Any,
    burn: Any,
    cut: Any,
    budget: Any,
    wide: Any,
    shoes: Any,
) -> Any:
    """``engine.run_strategies_chunk`` without strategies: only each shoe's record
    (flat bets on the three chances are settled from its counts). Returns the
    number of shoes.

    Software-pipelined: while shoe s is dealt, shoe s + 1 is shuffled into the
    other buffer, ``STEPS_PER_COUP`` Fisher-Yates steps per coup. Dealing is one
    chain of dependent look-ups (each coup's start depends on the previous
    coup) and shuffling is independent arithmetic, so the processor runs them
    side by side. Every shoe is still exactly ``shuffle(base, seed)`` (steps
    from n - 1 down, the same draws in the same order); the shoe shuffled
    after the budget is spent is never dealt. ``wide`` is
    ``tableau.wide_coup_table()``.
    """
    n = base.shape[0]
    ca = np.zeros(n + PAD, np.int8)
    cb = np.zeros(n + PAD, np.int8)
    limit = n - cut if cut != NO_CUT else n + 1
    most = n // 4 + 1  # no shoe deals more coups
    shuffle(ca, base, derive_seed(chunk_seed, 0))
    dealt = 0
    s = 0
    while dealt < budget:
        # Start shoe s + 1 in the other buffer.
        for x in range(n):
            cb[x] = base[x]
        s0, s1, s2, s3 = seeded_state(derive_seed(chunk_seed, s + 1))
        i = n - 1
        pos = deal_start(ca, burn)
        complete = 1
        if budget - dealt >= most:
            # The whole shoe fits in the budget: no budget test per coup, and
            # the three counts packed in one integer (16 bits each).
            packed = 0
            while True:
                last = pos >= limit
                code = coup_code(ca, pos, wide)
                used = np.int64(code >> 2)
                if i >= STEPS_PER_COUP:
                    s0, s1, s2, s3 = swap_step(cb, i, s0, s1, s2, s3)
                    s0, s1, s2, s3 = swap_step(cb, i - 1, s0, s1, s2, s3)
                    s0, s1, s2, s3 = swap_step(cb, i - 2, s0, s1, s2, s3)
                    s0, s1, s2, s3 = swap_step(cb, i - 3, s0, s1, s2, s3)
                    s0, s1, s2, s3 = swap_step(cb, i - 4, s0, s1, s2, s3)
                    i -= STEPS_PER_COUP
                if pos + used > n:  # the shoe cannot complete this coup
                    break
                pos += used
                packed += 1 << ((code & 3) << 4)
                if last:
                    break
            p = packed & 0xFFFF
            b = (packed >> 16) & 0xFFFF
            e = packed >> 32
            k = p + b + e
            dealt += k
        else:  # the budget runs out in this shoe, or just at its end
            k = p = b = e = 0
            while True:
                if dealt >= budget:
                    complete = 0
                    break
                last = pos >= limit
                code = coup_code(ca, pos, wide)
                used = np.int64(code >> 2)
                if pos + used > n:
                    break
                pos += used
                k += 1
                dealt += 1
                outcome = code & 3
                p += outcome == 0
                b += outcome == 1
                e += outcome == 2
                if last:
                    break
        while i > 0:
            s0, s1, s2, s3 = swap_step(cb, i, s0, s1, s2, s3)
            i -= 1
        shoes[s, S_COUPS] = k
        shoes[s, S_PUNTO] = p
        shoes[s, S_BANCO] = b
        shoes[s, S_EGALITE] = e
        shoes[s, S_COMPLETE] = complete
        s += 1
        ca, cb = cb, ca
    return s


@numba.njit(inline="always")
def rank_index(ranks: Any, points: Any, pos: Any) -> Any:
    """``wide_index`` of a shoe held as ranks (``points[rank]`` is its value)."""
    u = np.uint64(pos)
    pt = np.int64(points[ranks[u]]) + np.int64(points[ranks[u + U64(2)]])
    bt = np.int64(points[ranks[u + U64(1)]]) + np.int64(points[ranks[u + U64(3)]])
    if pt >= 10:
        pt -= 10
    if bt >= 10:
        bt -= 10
    tail = np.int64(points[ranks[u + U64(4)]]) * 10 + np.int64(points[ranks[u + U64(5)]])
    return ((pt << 11) | (bt << 7)) + tail


@numba.njit(cache=True, nogil=True)
def run_classes_chunk(
    chunk_seed: Any,
    base: Any,
    points: Any,
    burn: Any,
    cut: Any,
    budget: Any,
    cells: Any,
    klass: Any,
    prices: Any,
    outcome: Any,
    shoes: Any,
    nets: Any,
    class_sums: Any,
) -> Any:
    """Flat bets of any paytable and side bets: ``run_flat_chunk`` that counts,
    per shoe, the coups of each class of the paytable into ``classes[s]``.

    The shoe is shuffled as ranks (``base`` holds the rank index of each card
    of ``fresh_order(decks)``; the same draws give the same order as the
    points), ``points[rank]`` is a rank's value, ``cells`` is
    ``classes.cell_table()`` (final totals and cards, and the cards used) and
    ``klass`` maps a cell and the two pair flags to a class, ``prices[c, w]``
    is a unit's net on bet w in class c and ``outcome[c]`` the class's winner.
    Pipelined as ``run_flat_chunk``: the next shoe is shuffled while this one
    is dealt. Fills ``shoes[s]``, each flat bet's net of the shoe in
    ``nets[s, w]`` and adds the coups of each class to ``class_sums``;
    returns the number of shoes.
    """
    n = base.shape[0]
    ca = np.zeros(n + PAD, np.int8)
    cb = np.zeros(n + PAD, np.int8)
    n_cls = prices.shape[0]
    n_bets = prices.shape[1]
    counted = np.zeros(n_cls, np.int64)
    limit = n - cut if cut != NO_CUT else n + 1
    shuffle(ca, base, derive_seed(chunk_seed, 0))
    dealt = 0
    s = 0
    while dealt < budget:
        for x in range(n):
            cb[x] = base[x]
        s0, s1, s2, s3 = seeded_state(derive_seed(chunk_seed, s + 1))
        i = n - 1
        pos = 0
        if burn:
            turned = points[ca[0]]
            pos = 1 + (turned if turned != 0 else 10)
        for c in range(n_cls):
            counted[c] = 0
        k = 0
        complete = 1
        while True:
            if dealt >= budget:
                complete = 0
                break
            last = pos >= limit
            code = np.int64(cells[rank_index(ca, points, pos)])
            used = int(code & 7)
            if i >= STEPS_PER_COUP:
                s0, s1, s2, s3 = swap_step(cb, i, s0, s1, s2, s3)
                s0, s1, s2, s3 = swap_step(cb, i - 1, s0, s1, s2, s3)
                s0, s1, s2, s3 = swap_step(cb, i - 2, s0, s1, s2, s3)
                s0, s1, s2, s3 = swap_step(cb, i - 3, s0, s1, s2, s3)
                s0, s1, s2, s3 = swap_step(cb, i - 4, s0, s1, s2, s3)
                i -= STEPS_PER_COUP
            if pos + used > n:
                break
            flags = 2 * (ca[pos] == ca[pos + 2]) + (ca[pos + 1] == ca[pos + 3])
            counted[klass[(code >> 3) * 4 + flags]] += 1
            pos += used
            k += 1
            dealt += 1
            if last:
                break
        while i > 0:
            s0, s1, s2, s3 = swap_step(cb, i, s0, s1, s2, s3)
            i -= 1
        p = b = e = np.int64(0)
        for w in range(n_bets):
            nets[s, w] = 0
        for c in range(n_cls):
            m = counted[c]
            if m:
                class_sums[c] += m
                if outcome[c] == 0:
                    p += m
                elif outcome[c] == 1:
                    b += m
                else:
                    e += m
                for w in range(n_bets):
                    nets[s, w] += m * prices[c, w]
        shoes[s, S_PUNTO] = p
        shoes[s, S_BANCO] = b
        shoes[s, S_EGALITE] = e
        shoes[s, S_COUPS] = k
        shoes[s, S_COMPLETE] = complete
        s += 1
        ca, cb = cb, ca
    return s
