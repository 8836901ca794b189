"""The time stored with each event: the wall clock's, never before its table's last time.

Every store stamps the events it appends with the wall clock (``now_text``,
or the clock a test injects). The wall clock can step back (an NTP
correction, an operator setting the date); a table's stored times must not:
the players' deadlines are read from them, and ``verify`` and ``import``
refuse a log whose times go back. So each append of a table is stamped with
the wall clock unless that is before the table's last stored time
(``StoreClock.stamp``):

- by less than ``SLACK`` (the clock's reading cut to the millisecond, a
  small correction): the table's last time;
- by more (the clock stepped back): the table's last time plus the time
  elapsed since this process stored it, on the system's monotonic clock,
  which no step moves. A table's times then go on from its last one at the
  pace of real time, so that a window measured between two of its events
  stays as long in the log as it was at the table (a frozen time would make
  a window that did last its seconds look shorter). A table seen first after
  the step (one another process wrote, or a store opened since) starts from
  its last time. The wall clock takes over again wherever it is the later.

A step back of more than ``SLACK`` is logged (a WARNING of the
``puntobanco.store`` logger, saying how far back) and counted
(``StoreClock.steps_back``, which ``serve`` shows in ``/metrics``): the wall
clock reading earlier than it did at this store's previous append, or, at a
store's first append, earlier than the table's last time.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Final

from puntobanco.store.base import now_text

LOG: Final = logging.getLogger("puntobanco.store")
#: How far (seconds) the wall clock may read behind a table's time without a step
#: back: its reading is cut to the millisecond, and NTP corrects it by slewing.
SLACK: Final = 1.0
#: And per second elapsed since the table's last append: the wall clock and the
#: monotonic one drift apart by NTP's slewing, 500 ppm at most.
DRIFT: Final = 0.001


def parsed(text: str) -> datetime | None:
    """A stored time as an aware ``datetime``; None for text that is not one."""
    try:
        stamp = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return stamp if stamp.tzinfo is not None else None


class StoreClock:
    """A store's clock: ``now()`` reads the wall clock, ``stamp`` makes a reading
    a table's time (see the module); ``monotonic`` (default ``time.monotonic``)
    measures the time elapsed between two appends of a table."""

    def __init__(
        self,
        now: Callable[[], str] = now_text,
        *,
        monotonic: Callable[[], float] | None = None,
        name: str = "?",
    ) -> None:
        self.now = now
        self.monotonic = monotonic or time.monotonic
        self.name = name
        #: How many times the wall clock was found to have stepped back.
        self.steps_back = 0
        # Each table's last stamp from this process, with ``monotonic()`` then.
        self._stamped: dict[str, tuple[datetime, float]] = {}
        self._previous: datetime | None = None  # the wall clock's previous reading

    def stamp(self, now: str, table: str, last: str | None) -> str:
        """The time to store ``table``'s next events with, given ``now`` (a reading
        of ``self.now``) and ``last``, the table's last stored time (None for a new
        table): see the module."""
        reading = parsed(now)
        if reading is None:
            return now
        before = parsed(last) if last is not None else None
        moment = self.monotonic()
        projected, slack = before, SLACK
        mine = self._stamped.get(table)
        if before is not None and mine is not None and mine[0] == before:
            elapsed = max(0.0, moment - mine[1])
            projected = before + timedelta(seconds=elapsed)
            slack += DRIFT * elapsed
        behind = projected is not None and reading < projected - timedelta(seconds=slack)
        self._watch(reading, projected if behind else None, now, table)
        if before is None or (reading >= before and not behind):
            self._stamped[table] = (reading, moment)
            return now
        floor = projected if behind and projected is not None else before
        text = last if floor == before and last is not None else _text(floor)
        # The time stored is cut to the millisecond: what was cut counts towards the
        # next append's elapsed time, so that no window loses a moment append by append.
        stored = parsed(text)
        assert stored is not None
        self._stamped[table] = (stored, moment - (floor - stored).total_seconds())
        return text

    def _watch(self, reading: datetime, ahead: datetime | None, now: str, table: str) -> None:
        """Count and log a step back: the wall clock reading earlier than at the
        previous append, or (the first time) than ``ahead``, the table's time."""
        previous, self._previous = self._previous, reading
        if previous is not None:
            if reading >= previous - timedelta(seconds=SLACK):
                return
            back, since = (previous - reading).total_seconds(), f"its reading at {_text(previous)}"
        elif ahead is not None:
            back, since = (ahead - reading).total_seconds(), f"table {table}'s time {_text(ahead)}"
        else:
            return
        self.steps_back += 1
        LOG.warning(
            "the clock stepped back: it reads %s, %.3f s before %s; the tables of %s "
            "go on from their last times until the clock is later",
            now,
            back,
            since,
            self.name,
            extra={"table": table, "seconds_back": back},
        )


def _text(moment: datetime) -> str:
    """A moment as a stored time (UTC, to the millisecond)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")
