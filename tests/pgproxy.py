"""A TCP proxy in front of a PostgreSQL server, for the tests of connections that break:
it can cut every connection and refuse new ones for a while (a network cut), or cut
the one connection that sends the store's append, before or after the server answers
it (an append whose outcome the client never learns)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

#: What the store's append sends (the text of its one statement).
APPEND = b"puntobanco_append("


class Proxy:
    """Forwards 127.0.0.1:``port`` to ``target``'s host and port (a ``postgresql://`` URL)."""

    def __init__(self, target: str) -> None:
        parts = urlsplit(target)
        self._target = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self._parts = parts
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._server.getsockname()[1]
        self._lock = threading.Lock()
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._refusing = False
        self._closed = False
        # The armed cut: "before" (the append never reaches the server) or "after"
        # (it does, its answer never comes back), and what to do at that moment.
        self._cut: str | None = None
        self._at_cut: Callable[[], None] | None = None
        self.cut_done = threading.Event()
        #: How many appends reached the server through the proxy.
        self.appends = 0
        threading.Thread(target=self._accept, name="pgproxy", daemon=True).start()

    @property
    def url(self) -> str:
        """The target's URL with the proxy's port."""
        netloc = self._parts.netloc.rsplit(":", 1)[0] if self._parts.port else self._parts.netloc
        return urlunsplit(self._parts._replace(netloc=f"{netloc}:{self.port}"))

    def down(self) -> None:
        """Cut every connection now, and refuse new ones until ``up``."""
        with self._lock:
            self._refusing = True
            pairs, self._pairs = self._pairs, []
        for client, server in pairs:
            _close(client, server)

    def up(self) -> None:
        """Let connections through again."""
        with self._lock:
            self._refusing = False

    def cut_next_append(self, when: str, then: Callable[[], None] | None = None) -> None:
        """Cut the connection that sends the next append: ``"before"`` it reaches the
        server, or ``"after"`` the server answered it (the answer is dropped);
        ``then()`` runs at that moment, before the client's side is closed."""
        assert when in ("before", "after")
        self.cut_done.clear()
        self._at_cut = then
        self._cut = when

    def close(self) -> None:
        self._closed = True
        self.down()
        self._server.close()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            with self._lock:
                refusing = self._refusing
            if refusing:
                client.close()
                continue
            try:
                server = socket.create_connection(self._target, timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                self._pairs.append((client, server))
            state: dict[str, bool] = {"answer": False}
            threading.Thread(
                target=self._pump, args=(client, server, state, True), daemon=True
            ).start()
            threading.Thread(
                target=self._pump, args=(server, client, state, False), daemon=True
            ).start()

    def _pump(
        self, source: socket.socket, sink: socket.socket, state: dict[str, bool], upstream: bool
    ) -> None:
        """Copy ``source`` to ``sink`` (``upstream``: from the client to the server)."""
        client, server = (source, sink) if upstream else (sink, source)
        tail = b""
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if upstream:
                    sends = APPEND in tail + data
                    tail = data[-len(APPEND) :]
                    if sends and self._cut == "before":
                        self._cut_now(client, server)
                        return
                    if sends:
                        self.appends += 1
                        if self._cut == "after":
                            state["answer"] = True
                elif state["answer"]:  # the append's answer: dropped
                    self._cut_now(client, server)
                    return
                sink.sendall(data)
        except OSError:
            pass
        _close(client, server)

    def _cut_now(self, client: socket.socket, server: socket.socket) -> None:
        self._cut = None
        _close_one(server)
        if self._at_cut is not None:
            self._at_cut()
        _close_one(client)
        self.cut_done.set()


def _close_one(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


def _close(*socks: socket.socket) -> None:
    for sock in socks:
        _close_one(sock)
