"""The WebSocket protocol: hello, views after commits, acks, refusals and closes.

Two clients in one test, no sleeps: each waits for the message it expects.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from puntobanco.web.app import create_app
from tests.web.helpers import join, open_table


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(rate=5, burst=5)) as c:
        yield c


def hello(ws: WebSocketTestSession, token: str, lang: str = "en") -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token, "lang": lang})
    assert ws.receive_json()["type"] == "welcome"
    first = ws.receive_json()
    assert first["type"] == "view"
    return dict(first)


def until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return dict(message)


def test_a_bet_is_acknowledged_and_both_viewers_see_it(client: TestClient) -> None:
    t = open_table(client, "casino", seed=3)
    ana, bruno = join(client, t["table"], "Ana"), join(client, t["table"], "Bruno")
    url = f"/api/tables/{t['table']}/ws"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        start = hello(a, ana)
        hello(b, bruno, "fr")
        a.send_json({"id": "b1", "type": "Bet", "box": "banco", "stake": 2_500})
        ack = until(a, "ack")
        assert ack == {"type": "ack", "id": "b1", "seq": start["seq"] + 1}
        seen = until(b, "view")
        assert seen["seq"] == ack["seq"]
        row = next(p for p in seen["view"]["players"] if p["name"] == "Ana")
        assert row["bets"] == {"banco": 2_500} and seen["view"]["lang"] == "fr"


def test_a_refused_command_is_answered_with_its_id_in_the_viewers_language(
    client: TestClient,
) -> None:
    t = open_table(client, "casino")
    ana = join(client, t["table"], "Ana")
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        hello(ws, ana, "es")
        # Only the host closes bets (a player who holds the shoe may deal: seed 002).
        ws.send_json({"id": "d1", "type": "CloseBets"})
        error = until(ws, "error")
        assert error["id"] == "d1" and error["error"]["code"] == "engine.error.host_only"
        assert error["error"]["message"].startswith("Solo el anfitrión")
        ws.send_json({"type": "lang", "lang": "fr"})
        assert until(ws, "view")["view"]["lang"] == "fr"


def test_a_wrong_token_is_told_why_and_closed_1008(client: TestClient) -> None:
    t = open_table(client, "casino")
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        ws.send_json({"type": "hello", "token": "forged"})
        assert ws.receive_json()["error"]["code"] == "web.error.bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1008


def test_the_first_message_must_be_hello(client: TestClient) -> None:
    t = open_table(client, "casino")
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        ws.send_json({"id": "1", "type": "Bet", "box": "banco", "stake": 1000})
        assert ws.receive_json()["error"]["code"] == "web.error.schema"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 1008


def test_oversized_messages_are_refused_then_closed_1009(client: TestClient) -> None:
    t = open_table(client, "casino")
    ana = join(client, t["table"], "Ana")
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        hello(ws, ana)
        ws.send_text("x" * 5000)
        assert until(ws, "error")["error"]["code"] == "web.error.too_large"
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(10):
                ws.send_text("x" * 5000)
                until(ws, "error")
    assert closed.value.code == 1009


def test_a_flood_is_refused_then_closed_1008_without_touching_the_table(
    client: TestClient,
) -> None:
    t = open_table(client, "casino", bankroll=10_000_000)
    ana = join(client, t["table"], "Ana")
    codes = []
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        hello(ws, ana)
        with pytest.raises(WebSocketDisconnect) as closed:
            for i in range(40):
                ws.send_json({"id": f"w{i}", "type": "Withdraw", "box": "banco"})
            while True:
                message = ws.receive_json()
                if message["type"] == "error":
                    codes.append(message["error"]["code"])
    assert closed.value.code == 1008
    assert "web.error.rate" in codes


def test_malformed_messages_are_refused_with_their_id(client: TestClient) -> None:
    t = open_table(client, "casino")
    ana = join(client, t["table"], "Ana")
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        hello(ws, ana)
        ws.send_json({"id": "m1", "type": "Bet", "box": "banco", "stake": -5})
        error = until(ws, "error")
        assert error["id"] == "m1" and error["error"]["code"] == "web.error.schema"
        ws.send_text("{nope")
        assert until(ws, "error")["error"]["code"] == "web.error.json"


def test_a_foreign_origin_is_closed_at_the_handshake(client: TestClient) -> None:
    t = open_table(client, "casino")
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(
            f"/api/tables/{t['table']}/ws", headers={"Origin": "http://evil.example"}
        ) as ws:
            ws.receive_json()
    assert closed.value.code == 1008


def test_the_browser_says_hello_with_its_cookie_and_a_role(client: TestClient) -> None:
    r = client.post("/api/tables", json={"format": "session", "settings": {}})
    table = r.json()["table"]
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "role": "host"})
        welcome = ws.receive_json()
        assert welcome == {"type": "welcome", "role": "host", "player": None,
                           "join_code": r.json()["join_code"], "join_origin": None}  # fmt: skip
        assert ws.receive_json()["view"]["me"] == {"role": "host"}
