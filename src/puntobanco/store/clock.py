"""The time stored with each event: the wall clock's, never before its table's last time.

Every store stamps the events it appends with the wall clock (``now_text``,
or the clock a test injects). The wall clock can step back (an NTP
correction, an operator setting the date); a table's stored times must not:
the players' deadlines are read from them, and ``verify`` and ``import``
refuse a log whose times go back. So each append of a table is stamped with
the later of the wall clock and the table's last stored time, plus the time
elapsed since this process stored it, on the system's monotonic clock, which
no step moves (``StoreClock.stamp``). While the wall clock is behind, a
table's times go on from its last one at the pace of real time, so the
windows measured between its events stay true (a frozen time would make a
window that did last its seconds look shorter than it was); a table seen
first after the step (a new one, or one another process wrote) takes the
later of the wall clock and its last time; the wall clock takes over again
where it is the later.

A step back is logged (a WARNING of the ``puntobanco.store`` logger, with how
far back) and counted (``StoreClock.steps_back``, which ``serve`` shows in
``/metrics``): the wall clock found behind the latest time this store
stamped or read, having been ahead of it before, or behind its own previous
reading.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Final

from puntobanco.store.base import now_text

LOG: Final = logging.getLogger("puntobanco.store")


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
        self._latest: datetime | None = None  # the latest time stamped or read
        self._previous: datetime | None = None  # the wall clock's previous reading
        self._behind = False  # the wall clock is behind ``_latest`` now

    def stamp(self, now: str, table: str, last: str | None) -> str:
        """The time to store ``table``'s next events with, given ``now`` (a reading
        of ``self.now``) and ``last``, the table's last stored time (None for a new
        table): ``now``, unless the table's last time, plus the time elapsed since
        this process stored it, is later."""
        reading = parsed(now)
        if reading is None:
            return now
        floor = parsed(last) if last is not None else None
        elapsed = self.monotonic()
        mine = self._stamped.get(table)
        if floor is not None and mine is not None and mine[0] == floor:
            floor += timedelta(seconds=max(0.0, elapsed - mine[1]))
        self._watch(reading, floor, now, table)
        if floor is None or reading >= floor:
            self._stamped[table] = (reading, elapsed)
            return now
        text = floor.astimezone(UTC).isoformat(timespec="milliseconds")
        if last is not None and floor == parsed(last):
            text = last
        # The time stored is cut to the millisecond: what was cut counts towards the
        # next append's elapsed time, so that no window loses a moment append by append.
        stored = parsed(text)
        assert stored is not None
        self._stamped[table] = (stored, elapsed - (floor - stored).total_seconds())
        return text

    def _watch(self, reading: datetime, floor: datetime | None, now: str, table: str) -> None:
        """Count and log a step back of the wall clock (see the module)."""
        latest = self._latest
        if floor is not None and (latest is None or floor > latest):
            latest = floor
        if latest is not None and reading < latest:
            stepped = self._previous is not None and reading < self._previous
            if not self._behind or stepped:
                self.steps_back += 1
                back = (latest - reading).total_seconds()
                LOG.warning(
                    "the clock stepped back: it reads %s, %.3f s before the latest time "
                    "of the log %s (%s); each table's times go on from its last one "
                    "until the clock is later",
                    now,
                    back,
                    self.name,
                    latest.isoformat(timespec="milliseconds"),
                    extra={"table": table, "seconds_back": back},
                )
            self._behind = True
        else:
            if self._behind:
                LOG.info("the clock is later than the log %s's latest time again", self.name)
            self._behind = False
            latest = reading
        self._latest, self._previous = latest, reading
