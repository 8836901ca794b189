"""The shuffle of ``puntobanco.shoe.Shoe``, compiled: same seed, same order.

xoshiro256** seeded through SplitMix64 and Lemire's bounded draws on the top
32 bits of each output, as ``puntobanco.rng.SeededRandom``; Fisher-Yates from
the last card down, as ``puntobanco.shoe.shuffle``. All arithmetic is uint64,
wrapping as the core's masks do.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from puntobanco.jit import numba

U64 = np.uint64
MASK32 = np.uint64(0xFFFFFFFF)


@numba.njit(inline="always")
def _splitmix(state: Any) -> tuple[Any, Any]:
    state = state + U64(0x9E3779B97F4A7C15)
    z = state
    z = (z ^ (z >> U64(30))) * U64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> U64(27))) * U64(0x94D049BB133111EB)
    return state, z ^ (z >> U64(31))


@numba.njit(cache=True)
def derive_seed(seed: Any, index: Any) -> Any:
    """``puntobanco.rng.derive_seed`` in compiled form (uint64 in, uint64 out)."""
    state = U64(seed) ^ (U64(index) * U64(0xD1342543DE82EF95))
    state, out = _splitmix(state)
    _, out2 = _splitmix(state ^ out)
    return out2


@numba.njit(inline="always")
def _seeded(seed: Any) -> tuple[Any, Any, Any, Any]:
    """xoshiro256**'s state from a seed through SplitMix64, as ``SeededRandom``."""
    state = U64(seed)
    state, s0 = _splitmix(state)
    state, s1 = _splitmix(state)
    state, s2 = _splitmix(state)
    state, s3 = _splitmix(state)
    return s0, s1, s2, s3


@numba.njit(inline="always")
def _next(s0: Any, s1: Any, s2: Any, s3: Any) -> tuple[Any, Any, Any, Any, Any]:
    """One xoshiro256** output and the new state."""
    x = s1 * U64(5)
    result = ((x << U64(7)) | (x >> U64(57))) * U64(9)
    t = s1 << U64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = (s3 << U64(45)) | (s3 >> U64(19))
    return result, s0, s1, s2, s3


@numba.njit(inline="always")
def _below(bound: Any, s0: Any, s1: Any, s2: Any, s3: Any) -> tuple[Any, Any, Any, Any, Any]:
    """Lemire's bounded draw on the top 32 bits, as ``SeededRandom.randbelow``."""
    r, s0, s1, s2, s3 = _next(s0, s1, s2, s3)
    m = (r >> U64(32)) * bound
    if (m & MASK32) < bound:
        threshold = (U64(0x100000000) - bound) % bound
        while (m & MASK32) < threshold:
            r, s0, s1, s2, s3 = _next(s0, s1, s2, s3)
            m = (r >> U64(32)) * bound
    return np.int64(m >> U64(32)), s0, s1, s2, s3


@numba.njit(inline="always")
def seeded_state(seed: Any) -> tuple[Any, Any, Any, Any]:
    """The generator's state for ``seed``, ready for ``swap_step``."""
    return _seeded(seed)


@numba.njit(inline="always")
def swap_step(cards: Any, i: Any, s0: Any, s1: Any, s2: Any, s3: Any) -> tuple[Any, Any, Any, Any]:
    """Fisher-Yates step i: ``cards[i]`` swapped with ``cards[randbelow(i + 1)]``;
    returns the new state. Steps i = n - 1 down to 1 make ``shuffle``."""
    j, s0, s1, s2, s3 = _below(U64(i + 1), s0, s1, s2, s3)
    c = cards[i]
    cards[i] = cards[j]
    cards[j] = c
    return s0, s1, s2, s3


@numba.njit(cache=True, nogil=True)
def shuffle(cards: Any, base: Any, seed: Any) -> None:
    """``cards`` := ``base`` shuffled as ``Shoe(seed=seed)`` shuffles ``fresh_order``."""
    n = base.shape[0]
    for i in range(n):
        cards[i] = base[i]
    s0, s1, s2, s3 = _seeded(seed)
    for i in range(n - 1, 0, -1):
        s0, s1, s2, s3 = swap_step(cards, i, s0, s1, s2, s3)
