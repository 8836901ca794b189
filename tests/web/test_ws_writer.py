"""Views written straight to the socket (``ws.writer``) keep the connection's order.

Behind uvicorn (as ``serve`` runs) a pushed view is written in the callback that
hands it over when nothing is queued before it; anything queued (an answer, the
welcome) goes first, and a socket that cannot take more gets its views queued,
the newer replacing the older, as before.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
from websockets.sync.client import connect

from puntobanco.store.credentials import HOST, Identity
from puntobanco.web.ws import MAX_OUTBOX, Connection
from tests.web.conftest import LiveServer


class Socket:
    """What the sender writes through, noted (it never runs here)."""


def connection(takes: list[bool]) -> tuple[Connection, list[str]]:
    """A connection whose writer takes a view while ``takes[0]`` is True."""
    conn = Connection(Socket(), Identity("t", HOST), "en")  # type: ignore[arg-type]
    written: list[str] = []

    def write(text: str) -> bool:
        if takes[0]:
            written.append(text)
        return takes[0]

    conn._write = write
    return conn, written


def test_a_view_or_an_answer_is_written_at_once_when_nothing_waits_before_it() -> None:
    conn, written = connection([True])
    conn.push_text("v1")
    conn.push({"type": "ack", "id": "a"})
    conn.push_text("v2")
    assert written == ["v1", '{"type": "ack", "id": "a"}', "v2"]
    assert not conn._outbox


def test_a_view_waits_behind_a_queued_answer_and_replaces_an_older_one() -> None:
    takes = [False]
    conn, written = connection(takes)
    conn.push({"type": "ack", "id": "a"})  # the socket full: queued
    takes[0] = True
    conn.push_text("v1")
    conn.push_text("v2")
    conn.push({"type": "ack", "id": "b"})
    assert written == []
    assert list(conn._outbox) == [{"type": "ack", "id": "a"}, "v2", {"type": "ack", "id": "b"}]


def test_a_view_waits_while_the_sender_holds_a_message_or_the_socket_is_full() -> None:
    conn, written = connection([True])
    conn._sending = True  # an answer taken from the queue, its send under way
    conn.push_text("v1")
    conn._sending = False
    takes = [False]
    full, none = connection(takes)
    full.push_text("v2")
    full.push_text("v3")
    assert written == [] and list(conn._outbox) == ["v1"]
    assert none == [] and list(full._outbox) == ["v3"]
    conn.finish(1000)
    conn.push_text("v4")  # closed: nothing more
    assert written == []


def test_a_client_that_reads_nothing_is_let_go_once_its_queue_is_full() -> None:
    conn, written = connection([False])
    for n in range(MAX_OUTBOX // 2):
        conn.push({"type": "ack", "id": str(n)})
        conn.push_text(f"v{n}")  # a view behind an answer: never two views in a row
    assert not conn.closed and len(conn._outbox) == MAX_OUTBOX
    views, answers = connection([False])
    for n in range(3 * MAX_OUTBOX):
        views.push_text(f"v{n}")  # each replaces the one not yet sent
    assert not views.closed and list(views._outbox) == [f"v{3 * MAX_OUTBOX - 1}"]
    conn.push({"type": "ack", "id": "last"})  # over the cap: let go
    assert conn.closed and written == [] and answers == []


def counted(write: Any, straight: list[str]) -> Any:
    def counting(text: str) -> bool:
        done = bool(write(text))
        if done:
            straight.append(text)
        return done

    return counting


def test_behind_uvicorn_views_go_straight_out_and_each_ack_comes_before_its_view(
    tmp_path: Any,
) -> None:
    with LiveServer(store=str(tmp_path / "w.db")) as server:
        opened = {"format": "casino", "settings": {"seed": 1}}
        made = httpx.post(f"{server.url}/api/tables", json=opened).json()
        table = made["table"]
        seated = httpx.post(f"{server.url}/api/tables/{table}/players", json={"name": "Ana"})
        token = seated.json()["token"]
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
        # The phone's frames as ``serve`` sends them (no compression), the host's compressed.
        with connect(url, compression=None) as ws, connect(url) as host:
            for sock, key in ((ws, token), (host, made["host_token"])):
                sock.send(json.dumps({"type": "hello", "token": key}))
                assert json.loads(sock.recv(5))["type"] == "welcome"
                assert json.loads(sock.recv(5))["type"] == "view"
            conns = server.app.state.tables.watchers(table)
            assert len(conns) == 2 and all(c._write is not None for c in conns)
            straight: list[str] = []
            for conn in conns:
                conn._write = counted(conn._write, straight)
            seen: list[tuple[str, int]] = []
            for n in range(5):
                bet = {"type": "Bet", "id": f"b{n}", "box": "banco", "stake": 1000}
                ws.send(json.dumps(bet))
                acked = None
                while acked is None or seen[-1][0] != "view" or seen[-1][1] < acked:
                    m = json.loads(ws.recv(5))
                    assert m["type"] != "error", m
                    seen.append((m["type"], m["seq"]))
                    if m["type"] == "ack":
                        acked = m["seq"]
                host_seq = 0
                while host_seq < seen[-1][1]:
                    host_seq = json.loads(host.recv(5))["seq"]
                assert host_seq == seen[-1][1]
    assert len(straight) >= 5  # the host's views at least: nothing queued before them
    acks = [seq for kind, seq in seen if kind == "ack"]
    views = [seq for kind, seq in seen if kind == "view"]
    assert len(acks) == 5 and views == sorted(views) and len(set(views)) == len(views)
    for seq in acks:  # the ack, then a view that shows its bet
        at = seen.index(("ack", seq))
        assert any(kind == "view" and s >= seq for kind, s in seen[at + 1 :])
        assert not any(kind == "view" and s >= seq for kind, s in seen[:at])


def test_a_frame_is_what_websockets_would_send() -> None:
    from websockets.protocol import State
    from websockets.server import ServerProtocol

    from puntobanco.web.ws import text_frame

    for size in (0, 1, 125, 126, 127, 65535, 65536, 70000):
        for text in ("a" * size, "é" * (size // 2)):
            protocol = ServerProtocol()
            protocol.state = State.OPEN
            protocol.send_text(text.encode())
            assert text_frame(text) == b"".join(protocol.data_to_send())


def test_no_writer_where_uvicorn_s_sans_io_protocol_is_not_behind_the_socket() -> None:
    from types import SimpleNamespace

    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

    from puntobanco.web.ws import SEND, writer

    async def send(message: Any) -> None:  # an ASGI server of another kind
        del message

    assert writer(SimpleNamespace(scope={SEND: send})) is None  # type: ignore[arg-type]
    # uvicorn's protocol without what the writer reads (another version): its own send.
    other = object.__new__(WebSocketsSansIOProtocol)
    assert writer(SimpleNamespace(scope={SEND: other.send})) is None  # type: ignore[arg-type]
