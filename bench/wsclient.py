"""A lean WebSocket client for the load generators (``bench_web.load``).

The load generators share the machine's cores with the servers they measure: every
CPU second they spend is one the servers do not get. A phone's connection receives
about a dozen views for each command sent at its table, and ``websockets``' client
hands each message through its parser's generator, a queue and a task; this one
parses the frames where they arrive (``asyncio.Protocol.data_received``) and hands
each whole message, as bytes, to a callback. It speaks only what the benchmark
needs of RFC 6455: the opening handshake (checked), text frames sent masked,
messages received whole or in fragments, pings answered, the closing handshake.
No extensions are offered (the servers run without compression).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import struct
from collections.abc import Callable
from typing import cast
from urllib.parse import urlsplit

from websockets.utils import apply_mask  # the C one where websockets has its speedups

#: RFC 6455's key suffix (section 1.3).
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CLOSE, PING, PONG = 1, 2, 8, 9, 10


class HandshakeError(ConnectionError):
    """The server did not switch to WebSocket (its status line says why)."""


class Client(asyncio.Protocol):
    """One connection; ``on_message(payload)`` is called with each message received
    (bytes, text left encoded). ``closed`` is done once the connection is gone."""

    def __init__(self, on_message: Callable[[bytes], object], key: bytes) -> None:
        self.on_message = on_message
        self._key = key
        self._buffer = bytearray()
        self._parts: list[bytes] = []  # a fragmented message's frames so far
        self._transport: asyncio.Transport | None = None
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()

    # -- asyncio.Protocol --------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)  # uvloop's is not a subclass

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        if not self.opened.done():
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self._buffer[:end]).decode("latin-1")
            del self._buffer[: end + 4]
            error = _refused(head, self._key)
            if error is not None:
                self.opened.set_exception(HandshakeError(error))
                self.abort()
                return
            self.opened.set_result(None)
        self._frames()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)

    # -- frames ------------------------------------------------------------------

    def _frames(self) -> None:
        """Every whole frame buffered, handled in order (a part one waits for more)."""
        buffer = self._buffer
        while len(buffer) >= 2:
            first, second = buffer[0], buffer[1]
            length, at = second & 0x7F, 2
            if length == 126:
                if len(buffer) < 4:
                    return
                (length,) = struct.unpack_from("!H", buffer, 2)
                at = 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                (length,) = struct.unpack_from("!Q", buffer, 2)
                at = 10
            if second & 0x80:  # a server never masks its frames (RFC 6455, 5.1)
                self.abort()
                return
            if len(buffer) < at + length:
                return
            payload = bytes(buffer[at : at + length])
            del buffer[: at + length]
            self._frame(first & 0x80 != 0, first & 0x0F, payload)

    def _frame(self, fin: bool, opcode: int, payload: bytes) -> None:
        if opcode in (TEXT, BINARY, 0):  # 0: a fragmented message's next frame
            if not fin:
                self._parts.append(payload)
                return
            if self._parts:
                payload = b"".join([*self._parts, payload])
                self._parts = []
            self.on_message(payload)
        elif opcode == PING:
            self._send(PONG, payload)
        elif opcode == CLOSE:
            self._send(CLOSE, payload[:2])  # the closing handshake: its code sent back
            if self._transport is not None:
                self._transport.close()

    # -- sending -----------------------------------------------------------------

    def send(self, text: str) -> None:
        """Send ``text`` as one text frame (written at once, never waits)."""
        self._send(TEXT, text.encode())

    def _send(self, opcode: int, payload: bytes) -> None:
        transport = self._transport
        if transport is None or transport.is_closing():
            raise ConnectionError("the connection is closed")
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 1 << 16:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        mask = os.urandom(4)
        transport.write(head + mask + apply_mask(payload, mask))

    async def close(self) -> None:
        """The closing handshake (1000), then the connection closed (5 s at most)."""
        try:
            self._send(CLOSE, struct.pack("!H", 1000))
        except ConnectionError:
            return
        try:
            await asyncio.wait_for(asyncio.shield(self.closed), 5)
        except TimeoutError:
            self.abort()

    def abort(self) -> None:
        """Drop the connection at once."""
        if self._transport is not None:
            self._transport.abort()


async def connect(url: str, on_message: Callable[[bytes], object], timeout: float = 120) -> Client:
    """A connection to ``url`` (``ws://host:port/path``), its handshake done."""
    parts = urlsplit(url)
    if parts.scheme != "ws" or parts.hostname is None:
        raise ValueError(f"{url}: a ws:// URL with a host")
    key = base64.b64encode(os.urandom(16))
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    host = parts.netloc
    loop = asyncio.get_running_loop()
    transport, client = await asyncio.wait_for(
        loop.create_connection(lambda: Client(on_message, key), parts.hostname, parts.port or 80),
        timeout,
    )
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key.decode()}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    )
    transport.write(request.encode("latin-1"))
    try:
        await asyncio.wait_for(asyncio.shield(client.opened), timeout)
    except BaseException:
        transport.abort()
        raise
    return client


def _refused(head: str, key: bytes) -> str | None:
    """Why the server's answer ``head`` (status line and headers) is not a switch to
    WebSocket for ``key``; None when it is."""
    lines = head.split("\r\n")
    if len(lines[0].split(" ")) < 2 or lines[0].split(" ")[1] != "101":
        return lines[0]
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    accept = base64.b64encode(hashlib.sha1(key + GUID).digest()).decode()  # noqa: S324 - RFC 6455
    if headers.get("sec-websocket-accept") != accept:
        return f"{lines[0]}: Sec-WebSocket-Accept {headers.get('sec-websocket-accept')!r}"
    return None
