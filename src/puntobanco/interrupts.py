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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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


@contextmanager
def deferred_signals() -> Iterator[None]:
    """Run the block with signal handlers held back; handle what arrived at its end.

    A handler that raises does so when the block is over (after its own
    exception, if it raised one, which the handler's exception then replaces).
    """
    global _active
    if _active or threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[tuple[int, FrameType | None]] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        held.append((signum, frame))

    saved: dict[int, Handler] = {}
    _active = True
    try:
        try:
            for sig, handler in _python_handlers():
                saved[sig] = handler
                _raw.signal(sig, hold)
        except BaseException:
            _restore(saved)
            raise
        yield
    finally:
        try:
            _restore(saved)
        finally:
            _active = False
        for signum, frame in held:
            saved[signum](signum, frame)


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
