"""The WebSocket protocol of a table (documented in docs/web.md).

The first message authenticates (``{"type": "hello", "token"}``, or the
browser's cookie with ``{"type": "hello", "role"}``), or watches as a spectator
(``{"type": "hello", "watch": join_code}``: the public view, no command); tokens
never travel in URLs. Then the server pushes ``{"type": "view", "seq", "view"}`` after each
commit that changes what this viewer sees, and answers each command with
``{"type": "ack", "id", "seq"}`` or ``{"type": "error", "id", "error"}``.

A message over 4 KiB, one that breaks its schema, or one over the client's
rate is refused with an error and touches no table; after a few refusals in
a row the connection is closed (1009 for size, 1008 otherwise).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Final

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from puntobanco.engine.doors import viewer_of
from puntobanco.errors import PuntoBancoError
from puntobanco.i18n import Lang
from puntobanco.i18n.shown import Number
from puntobanco.store.credentials import Identity
from puntobanco.web.errors import MessageError, error_body
from puntobanco.web.limits import MAX_SOCKETS, MAX_SPECTATORS, STRIKES, Bucket
from puntobanco.web.schemas import COMMAND, MAX_MESSAGE, Hello, Sent, SetLang, parse
from puntobanco.web.tables import Tables

HELLO_SECONDS: Final = 10.0
POLICY: Final = 1008
TOO_BIG: Final = 1009
MAX_OUTBOX: Final = 256
STRIKE_WINDOW: Final = 10.0  # seconds: refusals this close together close the socket


class Connection:
    """One WebSocket client, as the tables see it (a ``tables.Socket``)."""

    def __init__(self, websocket: WebSocket, identity: Identity, lang: Lang) -> None:
        self.websocket = websocket
        self.identity = identity
        self.lang: Lang = lang
        self._outbox: deque[dict[str, Any] | str] = deque()
        self._wake = asyncio.Event()
        # Writes a view now, or says it cannot (``Writer``): set once the sender runs.
        self._write: Writer | None = None
        self._sending = False  # the sender holds a message taken from the outbox
        self.closed = False
        self.close_code = POLICY

    def finish(self, code: int) -> None:
        """Send what is queued, then close with ``code``."""
        self.close_code = code
        self.closed = True
        self._wake.set()

    def push(self, message: dict[str, Any]) -> None:
        """Send a message (an answer) now where nothing is queued before it and the
        socket takes it; else queue it."""
        self._send(message)

    def first(self, message: dict[str, Any]) -> None:
        """Queue ``message`` before everything queued: the connection's first."""
        self._outbox.appendleft(message)
        self._wake.set()

    def push_text(self, text: str) -> None:
        """Send a serialised view now where nothing is queued before it and the socket
        takes it; else queue it, a view not yet sent replaced by the newer one."""
        self._send(text)

    def _send(self, message: dict[str, Any] | str) -> None:
        """``push`` (a message) or ``push_text`` (a view's text)."""
        if self.closed:
            return
        write = self._write if not self._outbox and not self._sending else None
        view = isinstance(message, str)
        if write is not None and write(
            message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
        ):
            return
        if view and self._outbox and isinstance(self._outbox[-1], str):
            self._outbox.pop()  # the newer view replaces the one not yet sent
        elif len(self._outbox) >= MAX_OUTBOX:
            self.closed = True  # a client that reads nothing is let go
        self._outbox.append(message)
        self._wake.set()

    async def sender(self) -> None:
        """Send queued messages in order until the connection closes."""
        ws = self.websocket
        self._write = writer(ws)
        while not self.closed or self._outbox:
            await self._wake.wait()
            self._wake.clear()
            self._sending = True
            while self._outbox:
                message = self._outbox.popleft()
                if not isinstance(message, str):
                    message = json.dumps(message, ensure_ascii=False)
                await ws.send_text(message)
            self._sending = False
            if self.closed:
                break
        if ws.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await ws.close(code=self.close_code)


#: Sends a text frame at once and returns True, or returns False (nothing sent) when
#: the socket cannot take it now: the message is then queued for the sender.
Writer = Callable[[str], bool]


#: Where ``KeepSend`` puts the server's own ``send`` in a WebSocket's scope.
SEND: Final = "puntobanco.send"


class KeepSend:
    """The outermost of the application's layers: keeps the server's own ``send`` in
    each WebSocket's scope (``SEND``), where ``writer`` finds it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[SEND] = send
        await self.app(scope, receive, send)


def writer(websocket: WebSocket) -> Writer | None:
    """A ``Writer`` straight to ``websocket``'s connection where uvicorn serves it with
    websockets' sans-I/O protocol (what ``serve`` runs), else None (the queue only).

    A view pushed to a table's sockets after a commit is then written in the
    callback that hands the views over, one frame a socket, rather than waking each
    connection's sender task to go through Starlette's and uvicorn's ASGI layers
    (about half of each view's cost on the event loop); an answer likewise, as
    soon as its command is answered. It writes only what
    uvicorn's ``send`` would write at that moment: while the transport takes more
    (not paused by a slow reader), the handshake made and no close sent or
    received; otherwise the view waits in the queue as before."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
        from websockets.protocol import State
    except ImportError:  # pragma: no cover - another server, or an older uvicorn
        return None
    # uvicorn's ``send`` is a method of its protocol. A ``send`` it wrapped (its
    # message logger, at log level ``trace``) or another server's is left alone.
    protocol = getattr(websocket.scope.get(SEND), "__self__", None)
    # What ``write`` reads, as uvicorn's own ``send`` does: another version may keep it
    # otherwise, and is then left to its ``send``.
    if not isinstance(protocol, WebSocketsSansIOProtocol) or not all(
        hasattr(protocol, name) for name in _PROTOCOL
    ):
        return None
    conn, transport, writable = protocol.conn, protocol.transport, protocol.writable
    if not all(hasattr(conn, name) for name in _CONNECTION):
        return None
    # Compressed frames (``serve`` negotiates none) are websockets' to make.
    compressed = bool(conn.extensions)

    def write(text: str) -> bool:
        if (
            not writable.is_set()
            or protocol.disconnected
            or protocol.close_sent
            or not protocol.handshake_complete
            or protocol.initial_response is not None
            or conn.state is not State.OPEN
            or conn.expect_continuation_frame
            or transport.is_closing()
        ):
            return False
        if compressed:
            conn.send_text(text.encode())
            transport.write(b"".join(conn.data_to_send()))
        else:  # what websockets queued (nothing: uvicorn writes it at once), the frame
            transport.write(b"".join((*conn.data_to_send(), text_frame(text))))
        return True

    return write


_PROTOCOL: Final = ("conn", "transport", "writable", "disconnected", "close_sent",
                     "handshake_complete", "initial_response")  # fmt: skip
_CONNECTION: Final = ("state", "expect_continuation_frame", "extensions", "send_text",
                      "data_to_send")  # fmt: skip


def text_frame(text: str) -> bytes:
    """``text`` as one unmasked, final text frame (RFC 6455, 5.2: a server's), what
    websockets' ``send_text`` would queue for a connection without extensions.

    >>> text_frame("hi")
    b'\\x81\\x02hi'
    >>> text_frame("é" * 100)[:4]
    b'\\x81~\\x00\\xc8'
    """
    payload = text.encode()
    n = len(payload)
    if n < 126:
        head = bytes((0x81, n))
    elif n < 65536:
        head = b"\x81\x7e" + n.to_bytes(2, "big")
    else:
        head = b"\x81\x7f" + n.to_bytes(8, "big")
    return head + payload


def _error(error: PuntoBancoError, lang: Lang, id_: Any = None) -> dict[str, Any]:
    return {"type": "error", "id": id_, **error_body(error, lang)}


def _json(text: str) -> Any:
    """The message's JSON; ``MessageError`` for one that is not JSON or nests too deep
    for the parser (a message of 4 KiB that is all brackets)."""
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise MessageError("web.error.json", status=400) from None


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next message's text; None for one over ``MAX_MESSAGE`` bytes or not UTF-8."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is not None:
        too_large = len(text) > MAX_MESSAGE or len(text.encode("utf-8")) > MAX_MESSAGE
        return None if too_large else str(text)
    data = message.get("bytes") or b""
    try:
        return None if len(data) > MAX_MESSAGE else data.decode("utf-8")
    except UnicodeDecodeError:
        return None


async def serve_socket(
    websocket: WebSocket,
    tables: Tables,
    table: str,
    *,
    cookies: Callable[[str | None], str | None],
    lang: Lang,
    rate: tuple[float, float],
    bucket: Callable[[str], Bucket] | None = None,
    join_origin: str | None = None,
    watcher: Callable[[], Bucket] | None = None,
) -> None:
    """Run one client's connection to ``table`` until it closes. ``bucket(token)``:
    the rate bucket of the token (shared by all its sockets); else one per socket;
    ``watcher()``: a spectator's (its address's, shared by its spectators' sockets).
    ``join_origin``: where phones reach the server, said in the welcome
    (``create_app``'s)."""
    await websocket.accept()
    budget = Bucket(time.monotonic, *rate)
    try:
        # -- hello --------------------------------------------------------------
        try:
            text = await asyncio.wait_for(_receive_text(websocket), HELLO_SECONDS)
        except TimeoutError:
            await websocket.close(code=POLICY)
            return
        try:
            if text is None:
                raise MessageError("web.error.too_large", limit=MAX_MESSAGE)
            data: Any = _json(text)
            hello: Hello = parse(Hello, data)
            lang = hello.lang or lang
            if hello.watch is not None:
                # A spectator: the join code, no token; its messages count in the
                # bucket of its address (``watcher``), like anyone's.
                identity = await tables.watch(table, hello.watch)
                if watcher is not None:
                    budget = watcher()
                most = MAX_SPECTATORS
            else:
                token = hello.token or cookies(hello.role)
                identity = await tables.identify(table, token)
                if bucket is not None and token:
                    budget = bucket(token)
                most = MAX_SOCKETS
            if tables.sockets_of(identity) >= most:
                raise MessageError("web.error.sockets", most=most)
            meta = await tables.meta(table)
        except PuntoBancoError as error:
            await websocket.send_text(json.dumps(_error(error, lang), ensure_ascii=False))
            await websocket.close(code=POLICY)
            return
        conn = Connection(websocket, identity, lang)
        await tables.subscribe(table, conn)
        view = await tables.view(identity, conn.lang)
        welcome = {
            "role": identity.role,
            # The name the player's seating goes by now (the view's: a rename since
            # the token was given is the engine's to know), None for anyone else.
            "player": view["me"].get("name"),
            "join_code": meta.join_code,
            "join_origin": join_origin,
        }
        conn.first({"type": "welcome", **welcome})  # before any view pushed meanwhile
        conn.push({"type": "view", "seq": view["seq"], "view": view})
        sender = asyncio.get_running_loop().create_task(conn.sender())
        refusals: deque[float] = deque()

        def strike() -> int:
            now = time.monotonic()
            refusals.append(now)
            while refusals and refusals[0] < now - STRIKE_WINDOW:
                refusals.popleft()
            return len(refusals)

        try:
            while not conn.closed:
                text = await _receive_text(websocket)
                data = None
                try:
                    if text is None:
                        raise MessageError("web.error.too_large", limit=MAX_MESSAGE)
                    if not budget.take():
                        raise MessageError("web.error.rate", rate=Number(rate[0]))
                    data = _json(text)
                    if isinstance(data, dict) and data.get("type") == "lang":
                        conn.lang = parse(SetLang, data).lang
                        view = await tables.view(conn.identity, conn.lang)
                        conn.push({"type": "view", "seq": view["seq"], "view": view})
                        continue
                    sent: Sent = parse(COMMAND, data)
                except PuntoBancoError as error:
                    over = strike() >= STRIKES
                    # The last refusal of a size or a rate closes at once, unsaid.
                    if over and (text is None or error.key == "web.error.rate"):
                        conn.finish(TOO_BIG if text is None else POLICY)
                        return
                    got = data.get("id") if isinstance(data, dict) else None
                    conn.push(_error(error, conn.lang, got if isinstance(got, str) else None))
                    if over:
                        conn.finish(POLICY)
                        return
                    continue
                try:
                    # The connection's identity: the engine finds its seating's name now.
                    identity = conn.identity
                    command = sent.command(viewer_of(identity))
                    done = await tables.command(identity, command, sent.id)
                except PuntoBancoError as error:
                    conn.push(_error(error, conn.lang, sent.id))
                else:
                    conn.push({"type": "ack", "id": sent.id, "seq": done.seq})
        finally:
            tables.unsubscribe(table, conn)
            if not conn.closed:
                conn.finish(1000)
            with contextlib.suppress(Exception):
                await sender
    except WebSocketDisconnect:
        return
