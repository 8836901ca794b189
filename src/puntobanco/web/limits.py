"""How fast a client may send: a token bucket per token (shared by its requests and
all its sockets) or per address; how long an address that guesses must wait."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

RATE: Final = 10.0  # messages a second, sustained
BURST: Final = 20.0  # messages at once
STRIKES: Final = 5  # refusals in a row before a WebSocket is closed
MAX_SOCKETS: Final = 8  # WebSockets open at once with one seat's (or the host's) token
MAX_SPECTATORS: Final = 64  # spectators' WebSockets open at once at one table
TABLES_AT_ONCE: Final = 20  # tables one address may open at once
TABLES_PER_HOUR: Final = 60.0  # then this many an hour


@dataclass
class Bucket:
    """``take()`` is True while the client stays under its rate."""

    clock: Callable[[], float]
    rate: float = RATE
    burst: float = BURST
    tokens: float = BURST
    last: float = field(default=-1.0)

    def take(self) -> bool:
        """Spend one message; False when the client is over its rate."""
        now = self.clock()
        if self.last >= 0:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


FREE_GUESSES: Final = 20  # unknown codes or tables an address may ask for freely
FIRST_WAIT: Final = 1.0  # seconds, after the free guesses; doubled at each further one
LONGEST_WAIT: Final = 3600.0  # seconds: the longest wait, and how long a miss is remembered


@dataclass
class Backoff:
    """Misses per key (an address asking for join codes or tables that do not exist):
    the first ``free`` cost nothing; after them each miss makes the key wait, twice
    as long as the one before (``first``, ``2 * first``, ... up to ``longest``).
    A key that has missed nothing for ``longest`` seconds starts afresh."""

    clock: Callable[[], float]
    free: int = FREE_GUESSES
    first: float = FIRST_WAIT
    longest: float = LONGEST_WAIT
    #: key -> (misses, time of the last, time the key may ask again)
    misses: dict[str, tuple[int, float, float]] = field(default_factory=dict)

    def wait(self, key: str) -> float:
        """The seconds ``key`` must still wait before asking again (0: it may)."""
        entry = self.misses.get(key)
        if entry is None:
            return 0.0
        return max(0.0, entry[2] - self.clock())

    def missed(self, key: str) -> None:
        """Count one miss of ``key``."""
        now = self.clock()
        count, last, _ = self.misses.get(key, (0, now, now))
        if now - last > self.longest:
            count = 0
        count += 1
        over = count - self.free
        until = now + min(self.longest, self.first * 2 ** min(over - 1, 40)) if over > 0 else now
        if len(self.misses) > 100_000:
            self.misses = {k: v for k, v in self.misses.items() if now - v[1] <= self.longest}
        self.misses[key] = (count, now, until)
