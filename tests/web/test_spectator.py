"""A spectator watches a table from its join code: the WebSocket's hello carries the
code, no token; the views it receives are the public ones with the room's board
(roads, statistics, odds), never what a player's own view holds (Punto's cards while
they are face down, another player's hidden prediction); it sends no command; a wrong
code is refused; its messages count in its address's bucket like anyone's."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from puntobanco.i18n import t
from puntobanco.web.app import create_app
from puntobanco.web.limits import BURST
from tests.web.conftest import FakeClock
from tests.web.helpers import command, join, open_table, view
from tests.web.test_ws import hello, until


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(store=str(tmp_path / "watch.db"), clock=FakeClock(), rate=1000, burst=1000)
    with TestClient(app) as c:
        yield c


def watch(ws: WebSocketTestSession, code: str, lang: str = "en") -> dict[str, Any]:
    ws.send_json({"type": "hello", "watch": code, "lang": lang})
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome" and welcome["role"] == "spectator", welcome
    first = ws.receive_json()
    assert first["type"] == "view"
    return dict(first["view"])


def test_a_spectator_never_sees_punto_s_face_down_cards(client: TestClient) -> None:
    t_ = open_table(client, "casino", seed=3)
    table, host, code = t_["table"], t_["host_token"], t_["join_code"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    command(client, table, ana, "Bet", box="banco", stake=1_000)
    command(client, table, bruno, "Bet", box="punto", stake=2_000)
    url = f"/api/tables/{table}/ws"
    with client.websocket_connect(url) as b, client.websocket_connect(url) as s:
        hello(b, bruno)
        first = watch(s, code.lower())  # typed in any case, as on the join page
        assert first["me"] == {"role": "spectator", "name": None, "seated": False}
        # The engine offers anyone to ask for a seat (the join page's way); nothing else.
        assert [c["type"] for c in first["commands"]] == ["Sit"]
        assert "roads" in first and "derived" in first["host"] and "odds" in first["host"]
        command(client, table, host, "CloseBets")
        command(client, table, ana, "Deal")
        mine = until(b, "view")["view"]
        while not mine["me"]["punto_cards"]:
            mine = until(b, "view")["view"]
        cards = mine["me"]["punto_cards"]
        assert len(cards) == 2
        seen = until(s, "view")["view"]
        while seen["turn"] is None:
            seen = until(s, "view")["view"]
        assert seen["turn"]["name"] == "Bruno"
        text = json.dumps(seen)
        assert "punto_cards" not in json.dumps(seen["me"])
        for card in cards:
            assert f'"{card}"' not in text, card
        # Nor over the command the page would need for them: a spectator sends none.
        s.send_json({"id": "x1", "type": "TurnPunto"})
        refused = until(s, "error")
        assert refused["id"] == "x1" and refused["error"]["code"] == "web.error.spectator"
        assert refused["error"]["message"] == t("web.error.spectator", "en")
        s.send_json({"id": "x2", "type": "Bet", "box": "punto", "stake": 1_000})
        assert until(s, "error")["error"]["code"] == "web.error.spectator"
    assert [p["name"] for p in view(client, table, host)["players"]] == ["Ana", "Bruno"]


def test_a_spectator_never_sees_another_player_s_hidden_prediction(client: TestClient) -> None:
    t_ = open_table(client, "session", deals=3, seed=5)
    table, code = t_["table"], t_["join_code"]
    ana = join(client, table, "Ana")
    join(client, table, "Bruno")
    url = f"/api/tables/{table}/ws"
    with client.websocket_connect(url) as s:
        watch(s, code, "fr")
        assert command(client, table, ana, "Bet", box="tie", stake=20).status_code == 200
        seen = until(s, "view")["view"]
        ana_seen = next(p for p in seen["players"] if p["name"] == "Ana")
        assert ana_seen["bets"] is None and ana_seen["has_bet"] is True
        players = json.dumps(seen["players"])
        assert "tie" not in players and "egalite" not in players


def test_a_wrong_code_watches_nothing(client: TestClient) -> None:
    t_ = open_table(client, "casino")
    other = open_table(client, "casino")
    with client.websocket_connect(f"/api/tables/{t_['table']}/ws") as s:
        s.send_json({"type": "hello", "watch": other["join_code"], "lang": "es"})
        answer = s.receive_json()
        assert answer["type"] == "error" and answer["error"]["code"] == "web.error.bad_token"


def test_a_spectator_s_messages_count_against_its_address_s_rate(tmp_path: Path) -> None:
    burst = int(BURST)
    app = create_app(store=str(tmp_path / "rate.db"), rate=0.001, burst=burst)
    with TestClient(app) as client:
        t_ = open_table(client, "casino")
        url = f"/api/tables/{t_['table']}/ws"
        with client.websocket_connect(url) as s1, client.websocket_connect(url) as s2:
            watch(s1, t_["join_code"])
            watch(s2, t_["join_code"])
            codes = []
            for i in range(burst + 1):
                s = (s1, s2)[i % 2]
                s.send_json({"id": f"m{i}", "type": "Leave"})
                codes.append(until(s, "error")["error"]["code"])
        # Two sockets, one address, one bucket: BURST messages, then the rate.
        assert codes == ["web.error.spectator"] * burst + ["web.error.rate"]
