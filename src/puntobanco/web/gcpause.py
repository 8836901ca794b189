"""Short garbage-collection pauses for a long-running server.

CPython's full collection walks every object it tracks; a server holding
hundreds of tables and thousands of connections paused for 100 to 500 ms at
each one (measured under ``bench/bench_web.py``), and those pauses were the
web table's p99. After each collection of the two older generations, what
survived is alive, so it is frozen (``gc.freeze``): the full collections walk
only what arrived since the last middle one, a few thousand objects, instead
of everything kept since the last full one (freezing after full collections
only still left 70,000 to 220,000 objects, 45 to 170 ms, for each full
collection: CPython runs one after every ten middle ones once the frozen
objects leave its count of old ones). Every ``period`` seconds everything is
unfrozen again, so that a cycle among old objects that became garbage
meanwhile (a closed connection's) is still collected, at the price of one
full pause per period.

The same tuning shortens CPython's switch interval from 5 ms to 1 ms while it
runs: the store's thread lets the GIL go at each SQL statement and at each
sync to disk, and had to wait up to a whole interval for the busy event loop
to give it back, several times a commit.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable
from typing import Any, Final

#: Seconds between two full collections over everything (one long pause each).
PERIOD: Final = 600.0
#: CPython's switch interval while the tuning runs, in seconds (its default: 0.005).
SWITCH_INTERVAL: Final = 0.001


class GcTuning:
    """Freezes the survivors of each middle or full collection; see the module's docstring.

    ``poll`` is called from the server's event loop (a few times a second):
    the freeze happens there, never inside the collector's callback.
    """

    def __init__(self, period: float = PERIOD, clock: Callable[[], float] = time.monotonic):
        self._period = period
        self._clock = clock
        self._collected = False
        self._since = clock()
        self.freezes = 0
        self._interval: float | None = None

    def start(self) -> None:
        """Collect once, freeze what is left, watch the collections, and
        shorten the switch interval."""
        self._interval = sys.getswitchinterval()
        sys.setswitchinterval(min(self._interval, SWITCH_INTERVAL))
        gc.collect()
        gc.freeze()
        self.freezes += 1
        self._since = self._clock()
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info.get("generation", 0) >= 1:
            self._collected = True

    def poll(self) -> None:
        """Freeze after a middle or full collection; unfreeze once a period has passed."""
        now = self._clock()
        if now - self._since >= self._period:
            gc.unfreeze()  # the next full collection walks everything once
            self._since = now
            self._collected = False
        elif self._collected:
            gc.freeze()
            self.freezes += 1
            self._collected = False

    def stop(self) -> None:
        """Leave the collector and the switch interval as they were found."""
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)
        gc.unfreeze()
        if self._interval is not None:
            sys.setswitchinterval(self._interval)
            self._interval = None
