"""The simulator's floor: the tightest loops that shuffle and deal shoes as it does.

What any shoe-faithful simulator must do, and nothing else: the same generator
(xoshiro256** seeded through SplitMix64, Lemire's bounded draws on the top 32
bits of each output, Fisher-Yates from the last card down), the burn, each coup
one look-up in the tableau's table of coups (``tableau.wide_coup_table()``), the cut
card, and a count of Punto, Banco and Égalité; no chunks, no records of shoes,
no results gathered. ``rates`` gives the floor (the shuffle alone, the chain no
simulator can shorten) and the straight loop (shuffle, then deal); ``bench_sim.py``
puts the simulator's flat bets beside both.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from puntobanco.jit import numba
from puntobanco.tableau import deck_points, wide_coup_table

U64 = np.uint64
#: The simulator's shoe: 8 decks, the cut card 16 cards from the end.
DECKS = 8
CUT = 16
#: Cells after the last card, read (never dealt) by the last coup's look-up.
SPARE = 6


@numba.njit(inline="always")
def _splitmix(state: Any) -> tuple[Any, Any]:
    state = state + U64(0x9E3779B97F4A7C15)
    z = state
    z = (z ^ (z >> U64(30))) * U64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> U64(27))) * U64(0x94D049BB133111EB)
    return state, z ^ (z >> U64(31))


@numba.njit(inline="always")
def _next(s0: Any, s1: Any, s2: Any, s3: Any) -> tuple[Any, Any, Any, Any, Any]:
    """One xoshiro256** output and the new state."""
    x = s1 * U64(5)
    word = ((x << U64(7)) | (x >> U64(57))) * U64(9)
    t = s1 << U64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << U64(45)) | (s3 >> U64(19))
    return word, s0, s1, s2, s3


@numba.njit(cache=True, nogil=True)
def shuffle_and_deal(seed: Any, shoes: Any, cards: Any, table: Any, out: Any, deal: Any) -> Any:
    """Shuffle ``cards`` (point values, then six spare cells) ``shoes`` times,
    dealing each shoe to the cut card, each coup one look-up in ``table``
    (``tableau.wide_coup_table()``); ``out`` counts Punto, Banco, Égalité. Returns
    the coups dealt."""
    n = cards.shape[0] - SPARE
    state = U64(seed)
    state, s0 = _splitmix(state)
    state, s1 = _splitmix(state)
    state, s2 = _splitmix(state)
    state, s3 = _splitmix(state)
    coups = punto = banco = 0
    for _ in range(shoes):
        for i in range(n - 1, 0, -1):  # Fisher-Yates with Lemire's draw below i + 1
            bound = U64(i + 1)
            word, s0, s1, s2, s3 = _next(s0, s1, s2, s3)
            m = (word >> U64(32)) * bound
            if (m & U64(0xFFFFFFFF)) < bound:
                threshold = (U64(0x100000000) - bound) % bound
                while (m & U64(0xFFFFFFFF)) < threshold:
                    word, s0, s1, s2, s3 = _next(s0, s1, s2, s3)
                    m = (word >> U64(32)) * bound
            j = np.int64(m >> U64(32))
            cards[i], cards[j] = cards[j], cards[i]
        turned = cards[0]
        pos = np.int64(1 + (turned if turned != 0 else 10))
        while deal:
            last = pos >= n - CUT
            u = U64(pos)
            pt = cards[u] + cards[u + U64(2)]
            bt = cards[u + U64(1)] + cards[u + U64(3)]
            if pt >= 10:
                pt -= 10
            if bt >= 10:
                bt -= 10
            tail = cards[u + U64(4)] * 10 + cards[u + U64(5)]
            code = table[U64((pt << 11) | (bt << 7) | tail)]
            used = np.int64(code >> 2)
            if pos + used > n:
                break
            outcome = code & 3
            punto += outcome == 0
            banco += outcome == 1
            coups += 1
            pos += used
            if last:
                break
    out[0] += punto
    out[1] += banco
    out[2] += coups - punto - banco
    return coups


def run(shoes: int, workers: int, *, deal: bool = True) -> tuple[int, float]:
    """(coups dealt, seconds) of ``shoes`` shoes on each of ``workers`` threads,
    compilation excluded (``deal`` false: the shoes are shuffled only)."""
    table = wide_coup_table()

    def one(seed: int, count: int) -> int:
        cards = np.concatenate([deck_points(DECKS), np.zeros(SPARE, np.int8)]).astype(np.int64)
        out = np.zeros(3, np.int64)
        return int(shuffle_and_deal(seed, count, cards, table, out, deal))

    one(0, 1)
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=workers) as pool:
        coups = sum(pool.map(one, range(1, workers + 1), [shoes] * workers))
    return coups, time.perf_counter() - start


def rates(shoes: int, workers: int) -> tuple[float, float]:
    """(the floor, the straight loop), in coups a second on ``workers`` threads.

    The floor is the shuffle alone, every shoe counted at the coups it deals: a
    simulator that deals one shoe while it shuffles the next (the two chains of
    dependent steps side by side) can at best hide all its dealing behind the
    generator. The straight loop shuffles, then deals, one shoe after the other.
    """
    coups, straight = run(shoes, workers)
    _, shuffled = run(shoes, workers, deal=False)
    return coups / shuffled, coups / straight
