"""How fast a client may send: a token bucket per connection (or per token over HTTP)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

RATE: Final = 10.0  # messages a second, sustained
BURST: Final = 20.0  # messages at once
STRIKES: Final = 5  # refusals in a row before a WebSocket is closed


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
