"""Attacks by slow clients: headers sent a byte at a time (slowloris), a body that
never ends, a connection left open and silent. ``serve`` runs uvicorn with
``uvicorn_settings()``: each request must arrive within its deadline
(``web.deadline``), an idle connection is closed after the keep-alive time.

The server here is the one ``serve`` runs, on 127.0.0.1, with a one-second
deadline instead of ten so that the test is short; every loop is bounded.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn

from puntobanco.cli.serve import uvicorn_settings
from puntobanco.web.app import create_app
from puntobanco.web.deadline import REQUEST_SECONDS, with_deadline
from tests.web.conftest import free_port

SLOW = 60  # connections of each kind


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, int]]:
    settings: dict[str, Any] = uvicorn_settings()
    settings["http"] = with_deadline(settings["http"].__mro__[1], seconds=1.0)
    settings["timeout_keep_alive"] = 1
    port = free_port()
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, **settings)
    served = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(served.serve()), daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not served.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    yield "127.0.0.1", port
    served.should_exit = True
    thread.join(15)


def closed_within(sockets: list[socket.socket], seconds: float, trickle: bytes = b"") -> int:
    """How many of ``sockets`` the server closed within ``seconds``, while each
    sends ``trickle`` every tenth of a second."""
    end = time.monotonic() + seconds
    shut: set[int] = set()
    while time.monotonic() < end and len(shut) < len(sockets):
        for i, s in enumerate(sockets):
            if i in shut:
                continue
            try:
                if trickle:
                    s.send(trickle)
                s.settimeout(0.001)
                if s.recv(4096) == b"":
                    shut.add(i)
            except TimeoutError:
                pass
            except OSError:
                shut.add(i)
        time.sleep(0.1)
    return len(shut)


def opened(address: tuple[str, int], first: bytes) -> list[socket.socket]:
    made = []
    for _ in range(SLOW):
        s = socket.create_connection(address, timeout=5)
        s.sendall(first)
        made.append(s)
    return made


def test_serve_gives_uvicorn_a_request_deadline_and_a_keep_alive_time() -> None:
    settings = uvicorn_settings()
    assert settings["http"].__name__.startswith("Deadline") and REQUEST_SECONDS == 10.0
    assert settings["timeout_keep_alive"] == 5


def test_headers_sent_a_byte_at_a_time_are_cut_off(server: tuple[str, int]) -> None:
    sockets = opened(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
    try:
        assert closed_within(sockets, 6, trickle=b"X") == SLOW
        assert httpx.get(f"http://{server[0]}:{server[1]}/healthz", timeout=5).status_code == 200
    finally:
        for s in sockets:
            s.close()


def test_a_body_that_never_ends_is_cut_off(server: tuple[str, int]) -> None:
    head = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"
    sockets = opened(server, head)
    try:
        assert closed_within(sockets, 6, trickle=b" ") == SLOW
    finally:
        for s in sockets:
            s.close()


def test_an_idle_connection_is_closed_and_a_slow_answer_is_not(server: tuple[str, int]) -> None:
    sockets = opened(server, b"")
    try:
        assert closed_within(sockets, 6) == SLOW
    finally:
        for s in sockets:
            s.close()
    # A client that sends in time gets its answer, on a connection it keeps using.
    with httpx.Client(base_url=f"http://{server[0]}:{server[1]}", timeout=5) as client:
        for _ in range(3):
            assert client.get("/healthz").status_code == 200
            time.sleep(0.5)
