"""Nothing secret reaches the logs: real tables played through a ``serve`` process
logging everything it can (``--log-level debug``), then every line searched for
the tokens handed out, the shoes' server seeds and the session's predictions."""

from __future__ import annotations

import contextlib
import itertools
import json
import secrets
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

import puntobanco.contributions as contributions
from puntobanco.store import open_store
from tests.web.conftest import free_port
from tests.web.helpers import kinds
from tests.web.serve_process import ServeProcess

_ids = itertools.count(1)
#: What a session's prediction is: hidden from everyone until the deal.
BOXES = ("punto", "banco", "egalite", "égalité")


def socket(
    stack: contextlib.ExitStack, serve: ServeProcess, table: str, token: str
) -> ClientConnection:
    url = serve.url.replace("http://", "ws://") + f"/api/tables/{table}/ws?lang=fr"
    ws = stack.enter_context(connect(url))
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws


def until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] == kind:
            return message


def send(ws: ClientConnection, **command: Any) -> dict[str, Any]:
    id_ = f"c{next(_ids)}"
    ws.send(json.dumps({"id": id_, **command}))
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if message["type"] in ("ack", "error") and message.get("id") == id_:
            return message


def contribute(
    serve: ServeProcess, table: str, tokens: dict[str, str], values: dict[tuple[str, int], bytes]
) -> None:
    """What the players' phones do by themselves (``entropy.js``): commit to a fresh
    value when the view offers it (kept in ``values``), reveal it when asked, until
    none has more to do."""
    commands = f"/api/tables/{table}/commands"
    acted = True
    while acted:
        acted = False
        for name, token in tokens.items():
            view = serve.get(
                f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {token}"}
            )
            shown = view.json()
            if shown.get("next_shoe") is None:
                continue
            shoe = int(shown["next_shoe"]["shoe"])
            if "CommitContribution" in kinds(shown):
                value = values[name, shoe] = secrets.token_bytes(32)
                digest = contributions.digest(table, shoe, name, value)
                body = {
                    "id": f"k{next(_ids)}",
                    "type": "CommitContribution",
                    "shoe": shoe,
                    "digest": digest,
                }
            elif "RevealContribution" in kinds(shown) and (name, shoe) in values:
                value = values.pop((name, shoe))
                body = {
                    "id": f"k{next(_ids)}",
                    "type": "RevealContribution",
                    "shoe": shoe,
                    "value": value.hex(),
                }
            else:
                continue
            assert serve.post(commands, body, token).status_code == 200
            acted = True


def test_no_token_seed_or_hidden_prediction_is_ever_logged(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    port = free_port()
    args = ["--db", str(db), "--port", str(port), "--log-level", "debug", "--log-format", "json"]
    tokens: list[str] = []
    with ServeProcess(tmp_path, port, args) as serve, contextlib.ExitStack() as stack:
        # A session: two players predict (one over the WebSocket, one over HTTP), two deals.
        session = serve.post("/api/tables", {"format": "session", "settings": {"deals": 2}})
        s = session.json()
        tokens.append(s["host_token"])
        players = {}
        for name in ("Ana", "Bruno"):
            joined = serve.post(f"/api/tables/{s['table']}/players", {"name": name}).json()
            players[name] = joined["token"]
            tokens.append(joined["token"])
        ana = socket(stack, serve, s["table"], players["Ana"])
        host = socket(stack, serve, s["table"], s["host_token"])
        until(ana, "view")
        until(host, "view")
        commands = f"/api/tables/{s['table']}/commands"
        held: dict[tuple[str, int], bytes] = {}
        contribute(serve, s["table"], players, held)  # each shoe: the phones' own values
        for deal, (mine, his) in enumerate((("banco", "egalite"), ("punto", "banco")), 1):
            assert send(ana, type="Bet", box=mine)["type"] == "ack"
            bruno = {"id": f"b{deal}", "type": "Bet", "box": his}
            assert serve.post(commands, bruno, players["Bruno"]).status_code == 200
            assert send(host, type="Deal")["type"] == "ack"
            contribute(serve, s["table"], players, held)

        # A casino table with fair shoes (no seed given: each shoe's server seed is secret).
        # The dealer turns every card (Punto's cards face down are not what is checked here).
        settings = {"turn_seconds": None}
        casino = serve.post("/api/tables", {"format": "casino", "settings": settings}).json()
        tokens.append(casino["host_token"])
        carla = serve.post(f"/api/tables/{casino['table']}/players", {"name": "Carla"}).json()
        tokens.append(carla["token"])
        phone = socket(stack, serve, casino["table"], carla["token"])
        table_host = socket(stack, serve, casino["table"], casino["host_token"])
        until(phone, "view")
        until(table_host, "view")
        contribute(serve, casino["table"], {"Carla": carla["token"]}, held)
        assert send(phone, type="Bet", box="punto", stake=2000)["type"] == "ack"
        assert send(table_host, type="Deal")["type"] == "ack"
        assert send(phone, type="Bet", box="banco", stake=1000)["type"] == "ack"

        # Tokens where they should never be: in a query string (of a WebSocket and of a
        # request), and a wrong one.
        careless = f"/api/tables/{casino['table']}/ws?token={carla['token']}"
        with connect(serve.url.replace("http://", "ws://") + careless) as ws:
            ws.send(json.dumps({"type": "hello", "token": carla["token"]}))
            until(ws, "view")
        view = f"/api/tables/{casino['table']}/view"
        assert serve.get(f"{view}?token={carla['token']}").status_code == 401
        wrong = "not-a-token-but-secret-looking-0123456789"
        assert serve.get(view, headers={"Authorization": f"Bearer {wrong}"}).status_code == 401
        tokens.append(wrong)
    lines = serve.log_lines()
    parsed = serve.json_lines()
    assert any(p["logger"] == "puntobanco.web.commands" for p in parsed)
    assert any(p["logger"] == "puntobanco.web.access" for p in parsed)
    assert any("WebSocket" in p["message"] for p in parsed)  # uvicorn's connection lines

    store = open_store(str(db))
    seeds = {
        str(seed)
        for t in (s["table"], casino["table"])
        for r in store.load(t)
        if (seed := getattr(r.event, "server_seed", None))
    }
    store.close()
    assert len(seeds) >= 3  # the session's deals' shoes, the casino's shoe and its next one
    assert len(tokens) == 6
    for line in lines:
        for secret in (*tokens, *seeds):
            assert secret not in line, line
        words = line.lower().replace("puntobanco", "")
        assert not any(box in words for box in BOXES), line
