"""Random sources for shuffling: a secure one by default, a seeded one for replay.

The seeded generator is xoshiro256** seeded through SplitMix64, written out
here so that a seed gives the same shuffle on every machine and every Python
version (``random.shuffle`` promises neither), and so that the compiled
simulator can run the very same generator. Bounded draws use Lemire's
multiply-and-reject method on 32-bit words: no modulo bias.
"""

from __future__ import annotations

from typing import Final, Protocol

from puntobanco.errors import InvalidShoeError

MASK64: Final = (1 << 64) - 1
MASK32: Final = (1 << 32) - 1
MAX_SEED: Final = MASK64


class RandomSource(Protocol):
    """Anything that gives unbiased integers in ``range(n)``."""

    def randbelow(self, n: int) -> int:
        """An integer ``0 <= x < n``, each equally likely."""
        ...


class SecureRandom:
    """The operating system's cryptographically secure source (``secrets``)."""

    def randbelow(self, n: int) -> int:
        """An integer ``0 <= x < n`` from ``secrets.randbelow``."""
        import secrets  # hmac and OpenSSL load when a shoe is shuffled, not at import

        return secrets.randbelow(n)


def splitmix64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: ``(new_state, output)``.

    >>> hex(splitmix64(0)[1])
    '0xe220a8397b1dcdaf'
    """
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def check_seed(seed: int) -> int:
    """A seed is an integer from 0 to 2**64 - 1; anything else is refused."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidShoeError("error.shoe.seed", seed=seed, maximum=MAX_SEED)
    return seed


class SeededRandom:
    """xoshiro256** from a 64-bit seed; reproducible everywhere.

    >>> r = SeededRandom(7)
    >>> [r.randbelow(416) for _ in range(4)]
    [291, 115, 349, 408]
    """

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        state = check_seed(seed)
        words = []
        for _ in range(4):
            state, word = splitmix64(state)
            words.append(word)
        self._s = words

    def next64(self) -> int:
        """The next 64-bit output."""
        s = self._s
        result = (((s[1] * 5) & MASK64) << 7 | ((s[1] * 5) & MASK64) >> 57) & MASK64
        result = (result * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = ((s[3] << 45) | (s[3] >> 19)) & MASK64
        return result

    def randbelow(self, n: int) -> int:
        """Lemire's method on the top 32 bits of each output; ``1 <= n < 2**32``."""
        assert 1 <= n <= MASK32
        m = (self.next64() >> 32) * n
        low = m & MASK32
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = (self.next64() >> 32) * n
                low = m & MASK32
        return m >> 32


def derive_seed(seed: int, index: int) -> int:
    """The seed of chunk ``index`` of a run seeded ``seed`` (independent streams).

    >>> derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    state = (check_seed(seed) ^ ((index * 0xD1342543DE82EF95) & MASK64)) & MASK64
    state, out = splitmix64(state)
    _, out2 = splitmix64(state ^ out)
    return out2
