"""Holding signal handlers back while a commit and its bookkeeping run.

Python runs a signal's handler between two bytecodes, so a handler that raises
(Ctrl-C's ``KeyboardInterrupt``, a ``SIGTERM`` handler calling ``sys.exit``)
can land anywhere: after a ``COMMIT`` returned but before the table in memory
took note of it, for instance. Inside ``deferred_signals()`` every
Python-level handler is replaced by one that only records the signal; when
the block ends the real handlers are put back and the recorded signals are
handled at once, in order. A commit is then interrupted before it starts or
after it is complete, never halfway.

Only the main thread runs Python signal handlers, so elsewhere (and inside
an outer ``deferred_signals()``) the block simply runs.
"""

from __future__ import annotations

import importlib
import signal
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any, Final

Handler = Callable[[int, FrameType | None], object]
# The C functions under ``signal``: the same calls without the enum conversions,
# which cost ten times the work (this runs around every action of a table).
_raw: Any = importlib.import_module("_signal")
_SIGNALS: Final = tuple(sorted((int(s) for s in signal.valid_signals()), key=lambda s: s != 2))
_active = False


def _python_handlers() -> list[tuple[int, Handler]]:
    """The signals whose handler is Python code, Ctrl-C's (2) first."""
    found: list[tuple[int, Handler]] = []
    for sig in _SIGNALS:
        handler = _raw.getsignal(sig)
        if callable(handler):
            found.append((sig, handler))
    return found


class deferred_signals:  # noqa: N801 - a context manager used as a function's call
    """Run the block with signal handlers held back; handle what arrived at its end.

    A handler that raises does so when the block is over (after its own
    exception, if it raised one, which the handler's exception then replaces).
    A class, not a generator: it is entered around every action of a table, and
    inside an outer block (or off the main thread) it does nothing at all.
    """

    __slots__ = ("_held", "_outer", "_saved")

    def __enter__(self) -> None:
        global _active
        self._outer = _active or threading.current_thread() is not threading.main_thread()
        if self._outer:
            return
        held: list[tuple[int, FrameType | None]] = []
        self._held = held

        def hold(signum: int, frame: FrameType | None) -> None:
            held.append((signum, frame))

        saved: dict[int, Handler] = {}
        self._saved = saved
        _active = True
        try:
            for sig, handler in _python_handlers():
                saved[sig] = handler
                _raw.signal(sig, hold)
        except BaseException:
            try:
                _restore(saved)
            finally:
                _active = False
            raise

    def __exit__(self, *raised: object) -> None:
        global _active
        if self._outer:
            return
        try:
            _restore(self._saved)
        finally:
            _active = False
        for signum, frame in self._held:
            self._saved[signum](signum, frame)


def _restore(saved: dict[int, Handler]) -> None:
    """Put every handler back, even if one put back already fires and raises."""
    error: BaseException | None = None
    for sig, handler in saved.items():
        while True:
            try:
                _raw.signal(sig, handler)
                break
            except BaseException as raised:  # a restored handler ran: restore the rest first
                error = error or raised
    if error is not None:
        raise error
