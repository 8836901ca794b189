"""Short garbage-collection pauses for a long-running server.

CPython's full collection walks every object it tracks; a server holding
hundreds of tables and thousands of connections paused for 100 to 500 ms at
each one (measured under ``bench/bench_web.py``), and those pauses were the
web table's p99. After each collection, what survived is alive, so it is
frozen (``gc.freeze``, which splices lists and costs nothing per object): the
next collections walk only what arrived since, instead of everything kept
since the last full one. Freezing after full collections only still left
70,000 to 220,000 objects (45 to 170 ms) for each full one; freezing after
middle ones too still left 30,000 young ones for each middle collection, about
one a second at 2,000 clients (18 to 36 ms each: every message a connection
waits for is a new chain of coroutines and futures that lives for seconds).
Freezing after every collection, young ones included, brings the middle
collections under 8 ms, with the same memory (170 to 229 MiB over 30 s of
that load, either way). Every ``period`` seconds everything is unfrozen again, so that a
cycle among old objects that became garbage meanwhile (a closed
connection's) is still collected, at the price of one full pause per period.

The same tuning shortens CPython's switch interval from 5 ms to 1 ms while it
runs: the store's thread lets the GIL go at each SQL statement and at each
sync to disk, and had to wait up to a whole interval for the busy event loop
to give it back, several times a commit.

Both are the process's settings, not an application's: the process that serves
(``puntobanco serve``, the benchmark's server and its load generator) runs under
``with GcTuning():``, which watches the collector from a thread of its own.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, Final

#: Seconds between two full collections over everything (one long pause each).
PERIOD: Final = 600.0
#: Seconds between two looks at the collector (``poll``): the survivors of a
#: young collection are frozen before many more young collections walk them.
POLL: Final = 0.05
#: CPython's switch interval while the tuning runs, in seconds (its default: 0.005).
SWITCH_INTERVAL: Final = 0.001


class GcTuning:
    """Freezes the survivors of each collection; see the module's docstring.

    As a context manager (``with GcTuning():``), ``start`` on entry, ``stop`` on
    exit and ``poll`` every ``POLL`` seconds in between, from a thread of its own:
    the freeze happens there, never inside the collector's callback.
    """

    def __init__(self, period: float = PERIOD, clock: Callable[[], float] = time.monotonic):
        self._period = period
        self._clock = clock
        self._collected = False
        self._since = clock()
        self.freezes = 0
        self._interval: float | None = None
        self._done = threading.Event()
        self._watch: threading.Thread | None = None

    def __enter__(self) -> GcTuning:
        self.start()
        self._done.clear()
        self._watch = threading.Thread(target=self._polls, name="pb-gc", daemon=True)
        self._watch.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._watch is not None:
            self._watch.join()
            self._watch = None
        self.stop()

    def _polls(self) -> None:
        while not self._done.wait(POLL):
            self.poll()

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
        if phase == "stop":  # any generation: its survivors are frozen at the next poll
            self._collected = True

    def poll(self) -> None:
        """Freeze after a collection; unfreeze once a period has passed."""
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
