"""The web server's tables, their store and their connections: the ``Hub``.

The HTTP and WebSocket layers (``web.app``, ``web.ws``) speak to ``Hub`` alone.
It is built from parts, one responsibility each, every one driving tables
through the engine (``puntobanco.engine.live.LiveTable``: commands in, events
out) and the store through its interface:

- ``web.hubstate``: the store, its thread and the credentials, opened once;
- ``web.fanout``: the connections subscribed to a table and the views pushed
  to them after each commit;
- ``web.followers``: other processes' commits on a shared database, folded in;
- ``web.writer``: the write queue and its group commits (several commands,
  several tables, one transaction), and recovery when a commit fails;
- ``web.tables``: tables opened (their settings read from the API's), loaded,
  joined; tokens and join codes; logs read;
- ``web.commands``: an API command checked, carried out as the engine's
  commands, committed and answered once per command id;
- here: the server's life (start, stop) and the virtual croupier's clock.

Commands run on the event loop, one at a time, so no two commands of a table
ever interleave; a command is acknowledged, and views pushed, only once its
events are committed.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Final

from puntobanco.engine.commands import Tick
from puntobanco.errors import PuntoBancoError
from puntobanco.servers import Follower
from puntobanco.store import probe
from puntobanco.table.config import Format
from puntobanco.table.state import Phase
from puntobanco.web.commands import Commands, status_of
from puntobanco.web.live import Answer, Live, Subscriber

__all__ = ["Answer", "Hub", "Live", "Subscriber", "status_of"]

#: Seconds between two looks at the croupier tables' clocks.
TICK_SECONDS: Final = 0.1


class Hub(Commands):
    """Every table of one server; see the module's docstring."""

    async def start(self) -> None:
        """Start the croupier's clock."""
        loop = asyncio.get_running_loop()
        self._ticker = loop.create_task(self._tick_loop())
        if self._shared is not None:
            self._follower = Follower(
                self._shared,
                lambda latest: loop.call_soon_threadsafe(self._heard, latest),
                ignore=[self._shared],  # its own commits are known already
            )

    async def stop(self) -> None:
        """Finish pending writes, stop the clock, release the store."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        if self._follower is not None:
            await asyncio.to_thread(self._follower.close)
        if self._reader is not None:
            await asyncio.to_thread(self._reader.close)
        while self._last is not None and not self._last.done():
            await asyncio.wait([self._last])
        while self._recovering:
            await asyncio.wait(list(self._recovering.values()))
        if self._pusher is not None and not self._pusher.done():
            await asyncio.shield(self._pusher)
        await self._run(self._credentials.close)
        await self._run(self._store.close)
        self._writer.shutdown(wait=True)

    async def ready(self) -> None:
        """Raise unless the store can write now (``store.probe``: a write that changes
        nothing, behind the writes queued): ``/readyz``."""
        await self._run(probe, self._store)

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            self.tick()

    def tick(self) -> None:
        """Let every croupier table look at the clock (deals when its countdown runs out),
        every table whose next shoe gathers its players' contributions (its windows
        count from a tick after their opening is stored: nothing of the table waits to
        be written), and every table whose Punto cards wait face down for their player
        (the dealer turns them once the player's time is up)."""
        now = self._clock()
        for live in list(self._tables.values()):
            table = live.table
            waits = table.phase is Phase.SHUFFLING or table.state.face_down is not None
            if waits and table.event_count == live.seq:
                # A shoe's windows, or Punto's cards face down with a player.
                counting = table.turn_left(now) is not None
                with contextlib.suppress(PuntoBancoError):
                    table.do(Tick(), lambda: now)
                if not counting and table.event_count == live.seq:
                    if table.turn_left(now) is not None:
                        # The player's seconds start now: every phone shows them.
                        self._push_views(live)
                continue
            if table.config.format is not Format.CROUPIER or table.phase is not Phase.BETS_OPEN:
                continue
            try:
                table.do(Tick(), lambda: now)
            except PuntoBancoError:
                continue
            left = table.countdown_left(now)
            restarted = left is not None and (
                live.last_countdown is None or left > live.last_countdown + 0.5
            )
            live.last_countdown = left
            if restarted and table.event_count == live.seq:
                self._push_views(live)
