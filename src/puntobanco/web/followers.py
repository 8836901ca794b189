"""The other processes' commits (several servers on one database): heard, then
folded into this process's copy of each table, and the new views pushed.
"""

from __future__ import annotations

import asyncio

from puntobanco.errors import PuntoBancoError
from puntobanco.store.chain import hashes
from puntobanco.table.codec import to_dict
from puntobanco.web.fanout import Fanout
from puntobanco.web.live import Live


class Followers(Fanout):
    """Brings tables up to date with what other processes stored."""

    def _heard(self, latest: dict[str, int]) -> None:
        """Other processes committed: each table of ``latest`` now holds that many events."""
        loop = asyncio.get_running_loop()
        for table, count in latest.items():
            self._heard_counts[table] = max(count, self._heard_counts.get(table, 0))
            live = self._tables.get(table)
            if live is not None and count > live.seq:
                loop.create_task(self._catch_up(table))

    async def _catch_up(self, table: str) -> None:
        """Fold into this process's copy of ``table`` what other processes stored,
        then push the new views (a table with writes of its own waiting is left
        to its commit: it conflicts and is reloaded, or it was this process's)."""
        assert self._reader is not None
        live = self._tables.get(table)
        if live is None or self._busy(live):
            return  # heard again once its own commit is over (``_push_loop``)
        seq = live.seq
        try:
            records = await asyncio.to_thread(self._reader.load_after, table, seq)
        except PuntoBancoError:  # out of reach: the listener tells again once it is back
            return
        live = self._tables.get(table)
        if live is None or live.seq != seq or self._busy(live) or not records:
            return
        if [r.seq for r in records] != list(range(seq + 1, seq + 1 + len(records))):
            return
        events = [r.event for r in records]
        links = hashes(((r.table, r.seq, r.time, to_dict(r.event)) for r in records), live.head)
        live.table.follow(events)
        live.log.extend(events)
        live.head = list(links)[-1][1]
        live.state = live.table.state
        self._push_views(live)

    def _busy(self, live: Live) -> bool:
        """True while ``live`` has writes of its own not committed yet, or is reloaded
        (or is to be: ``stale``)."""
        return (
            live.table.event_count != live.seq
            or live.name in self._pending
            or live.name in self._recovering
            or live.stale is not None
        )
