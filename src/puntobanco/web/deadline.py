"""A deadline on each HTTP request as it arrives: a client that has not sent its
whole request (headers and body) within ``REQUEST_SECONDS`` of connecting, or of
its previous answer, is disconnected.

uvicorn closes a connection that stays silent after an answer (its keep-alive
timeout) but waits for ever on one that sends a request's headers a byte at a
time (slowloris): 300 such connections held 300 file descriptors, and with the
process's limit reached ``/healthz`` failed. ``with_deadline(protocol)`` is
uvicorn's HTTP protocol class (h11's or httptools') with that deadline; it is
given to ``uvicorn.run(http=...)``. A connection upgraded to a WebSocket is left
to the WebSocket's own limits (a hello within ten seconds, pings).
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

REQUEST_SECONDS: Final = 10.0


def with_deadline(base: type[asyncio.Protocol], seconds: float = REQUEST_SECONDS) -> type[Any]:
    """``base`` (a uvicorn HTTP protocol class) whose requests must arrive in time."""

    class Deadline(base):  # type: ignore[valid-type, misc]
        """``base`` with a timer per request still arriving."""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._waited_for = self.cycle  # the request answered last (None at first)
            loop = asyncio.get_running_loop()
            self._timer: asyncio.TimerHandle | None = loop.call_later(seconds, self._expire)

        def _disarm(self) -> None:
            timer: asyncio.TimerHandle | None = getattr(self, "_timer", None)
            if timer is not None:
                timer.cancel()
                self._timer = None

        def _expire(self) -> None:
            self._timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed already, or now a WebSocket's
            cycle = self.cycle
            if cycle is self._waited_for:
                transport.close()  # no new request's headers in time
            elif cycle is not None and cycle.more_body and not cycle.response_complete:
                transport.close()  # its headers came, not its body
            # else a request is being answered: the application's time, not the client's

    Deadline.__name__ = Deadline.__qualname__ = f"Deadline{base.__name__}"
    return Deadline
