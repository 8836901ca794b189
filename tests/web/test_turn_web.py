"""Seed 002 at the web casino table, over the API: the shoe's holder deals from their
phone or passes the shoe to the next seat; Punto's two cards go face down to the
largest Punto bet, whose phone alone sees them until they turn them over, or the
dealer does once the table's ``turn_seconds`` are up (the server's clock); a
server killed while they are face down keeps them there, with the same player
and the same cards; ``history`` says who turned them and who passed the shoe.

"La personne qui distribue les cartes [...] doit donner encore deux cartes
cachées au joueur qui a fait le pari le plus élevé sur Punto. Le joueur Punto
regarde les cartes et il les retourne pour le joueur qui distribue." (seed 002)
"""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from puntobanco.cli import main
from puntobanco.i18n import t
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import CoupDealt, PuntoCardsHanded, PuntoCardsTurned
from puntobanco.web.app import create_app
from tests.web.conftest import FakeClock, free_port
from tests.web.helpers import bearer, command, join, kinds, open_table, view
from tests.web.test_recovery import start
from tests.web.test_ws import hello, until


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(tmp_path: Path, clock: FakeClock) -> Iterator[TestClient]:
    app = create_app(store=str(tmp_path / "turn.db"), clock=clock, rate=1000, burst=1000)
    with TestClient(app) as c:
        yield c


def seated(client: TestClient, **settings: Any) -> tuple[str, str, str, str]:
    """A casino table (seed 3) where Ana holds the shoe, Ana bets on Banco and Bruno,
    the largest Punto bet, on Punto; bets are still open. (table, host, Ana, Bruno)"""
    t = open_table(client, "casino", seed=3, **settings)
    table = t["table"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    assert command(client, table, ana, "Bet", box="banco", stake=1_000).status_code == 200
    assert command(client, table, bruno, "Bet", box="punto", stake=2_000).status_code == 200
    return table, t["host_token"], ana, bruno


def types(response: httpx.Response) -> list[str]:
    assert response.status_code == 200, response.text
    return [e["type"] for e in response.json()["events"]]


def test_the_holder_deals_from_the_phone_once_bets_are_closed(client: TestClient) -> None:
    table, host, ana, bruno = seated(client)
    assert view(client, table, ana)["holder"] == "Ana"
    assert "Deal" not in kinds(view(client, table, ana))  # bets open: the host closes them
    assert types(command(client, table, host, "CloseBets")) == ["BetsClosed"]
    assert {"Deal", "PassShoe"} <= set(kinds(view(client, table, ana)))
    assert kinds(view(client, table, bruno)) == []
    assert types(command(client, table, ana, "Deal")) == ["PuntoCardsHanded"]
    shown = view(client, table, host)
    assert shown["turn"] == {"name": "Bruno", "seconds": 20} and "Deal" not in kinds(shown)


@pytest.mark.parametrize(
    ("lang", "word"),
    [("en", "Bruno does not hold the shoe"), ("fr", "Bruno ne tient pas le sabot"),
     ("es", "Bruno no tiene el zapato")],
)  # fmt: skip
def test_a_player_who_does_not_hold_the_shoe_is_refused_in_their_language(
    client: TestClient, lang: str, word: str
) -> None:
    table, host, _, bruno = seated(client)
    command(client, table, host, "CloseBets")
    for kind in ("Deal", "PassShoe"):
        r = command(client, table, bruno, kind, lang=lang)
        assert r.status_code == 409, r.text
        error = r.json()["error"]
        assert error["code"] == "table.error.not_holder" and error["message"].startswith(word)
    assert view(client, table, host)["phase"] == "bets_closed"


def test_the_views_pushed_to_the_phones_follow_the_shoe_and_punto_s_cards(
    client: TestClient,
) -> None:
    """A phone's own part of a pushed view is kept while nothing of it changes; the
    shoe passed on and Punto's cards handed over change it."""
    table, host, ana, bruno = seated(client)
    url = f"/api/tables/{table}/ws"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        hello(a, ana)
        hello(b, bruno)
        command(client, table, ana, "PassShoe")
        assert "PassShoe" not in kinds(until(a, "view")["view"])
        assert "PassShoe" in kinds(until(b, "view")["view"])
        command(client, table, host, "CloseBets")
        assert kinds(until(b, "view")["view"]) == ["Deal", "PassShoe"]
        command(client, table, bruno, "Deal")
        mine = until(b, "view")["view"]
        assert kinds(mine) == ["TurnPunto"] and len(mine["me"]["punto_cards"]) == 2
        assert until(a, "view")["view"]["me"]["punto_cards"] is None
        # The server's timer starts the seconds at its next tick: in a view of its own,
        # or already in the deal's when the tick came before the deal's view was sent.
        shown = mine
        while shown["turn_left"] is None:
            shown = until(b, "view")["view"]
        assert shown["turn_left"] == 20 and shown["me"]["punto_cards"] == mine["me"]["punto_cards"]


def test_the_holder_passes_the_shoe_to_the_next_seat(client: TestClient) -> None:
    table, host, ana, bruno = seated(client)
    r = command(client, table, ana, "PassShoe")
    assert r.json()["events"] == [{"type": "ShoePassed", "coup": 1, "name": "Ana", "to": "Bruno"}]
    assert view(client, table, host)["holder"] == "Bruno"
    assert "PassShoe" not in kinds(view(client, table, ana))
    assert "PassShoe" in kinds(view(client, table, bruno))
    command(client, table, host, "CloseBets")
    assert command(client, table, ana, "Deal").status_code == 409  # no longer hers
    assert types(command(client, table, bruno, "Deal")) == ["PuntoCardsHanded"]


def test_the_punto_player_alone_sees_the_cards_and_turns_them_over(client: TestClient) -> None:
    table, host, ana, bruno = seated(client)
    command(client, table, host, "CloseBets")
    before = {token: json.dumps(view(client, table, token)) for token in (ana, host)}
    command(client, table, ana, "Deal")
    mine = view(client, table, bruno)
    cards = mine["me"]["punto_cards"]
    assert len(cards) == 2 and kinds(mine) == ["TurnPunto"]
    for token in (ana, host):
        other = view(client, table, token)
        assert other["turn"]["name"] == "Bruno" and "TurnPunto" not in kinds(other)
        # No card of the coup in play appears in their view: each is there no more
        # often than before the deal (quoted: a join code's letters may spell a card;
        # the host shows the burn card turned, which may be the same card).
        text = json.dumps(other)
        for card in cards:
            assert text.count(f'"{card}"') == before[token].count(f'"{card}"'), card
    r = command(client, table, ana, "TurnPunto", lang="fr")
    assert r.status_code == 409 and r.json()["error"]["code"] == "table.error.turn.not_yours"
    assert r.json()["error"]["message"].startswith("Les cartes de Punto ont été données à Bruno")
    assert command(client, table, host, "Deal").status_code == 409  # the coup waits for Bruno
    made = types(command(client, table, bruno, "TurnPunto"))
    assert made[:2] == ["PuntoCardsTurned", "CoupDealt"] and "BetsOpened" in made
    after = view(client, table, ana)
    assert after["turn"] is None and after["last"]["turned"] == {"name": "Bruno"}
    assert after["last"]["punto"]["cards"][:2] == cards  # the cards Bruno was handed
    assert after["phase"] == "bets_open" and after["coup"] == 2


def test_the_dealer_turns_the_cards_once_the_players_time_is_up(
    client: TestClient, clock: FakeClock
) -> None:
    table, host, ana, bruno = seated(client, turn_seconds=5)
    command(client, table, host, "CloseBets")
    command(client, table, ana, "Deal")
    deadline = time.monotonic() + 10
    while view(client, table, bruno)["turn_left"] is None:  # the server's timer saw them
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert view(client, table, bruno)["turn_left"] == 5
    clock.advance(4)
    time.sleep(0.3)  # the timer ticks (every 0.1 s): not yet
    shown = view(client, table, bruno)
    assert shown["turn"] is not None and shown["turn_left"] == 1
    clock.advance(2)
    while view(client, table, ana)["turn"] is not None:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    after = view(client, table, ana)
    assert after["last"]["turned"] == {"name": None} and after["coup"] == 2
    (coup,) = client.get(f"/api/tables/{table}/history", headers=bearer(ana)).json()
    assert coup["punto_turned_by"] is None


def test_history_says_who_turned_punto_s_cards_and_who_passed_the_shoe(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table, host, ana, bruno = seated(client)
    command(client, table, ana, "PassShoe")
    command(client, table, host, "CloseBets")
    command(client, table, bruno, "Deal")
    command(client, table, bruno, "TurnPunto")
    web = client.get(f"/api/tables/{table}/history", headers=bearer(ana)).json()
    assert web[0]["punto_turned_by"] == "Bruno"
    assert web[0]["shoe_passed"] == [{"from": "Ana", "to": "Bruno"}]
    db = str(tmp_path / "turn.db")
    assert main(["history", table, "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == web  # the same JSON as the command line's
    assert main(["--lang", "fr", "history", table, "--db", db]) == 0
    out = capsys.readouterr().out
    assert "  " + t("table.event.shoe_passed", "fr", name="Ana", to="Bruno") in out
    assert "  " + t("table.event.turned", "fr", name="Bruno") in out


def test_kill_9_with_punto_s_cards_face_down_keeps_them_with_the_same_player_and_cards(
    tmp_path: Path,
) -> None:
    db = tmp_path / "face-down.db"
    port = free_port()
    url = f"http://127.0.0.1:{port}"

    def post(path: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
        headers = bearer(token) if token else {}
        return httpx.post(url + path, json=body, headers=headers, timeout=10)

    def shown(token: str) -> dict[str, Any]:
        return dict(httpx.get(f"{url}/api/tables/{table}/view", headers=bearer(token)).json())

    server = start(db, port)
    try:
        t = post("/api/tables", {"format": "casino", "settings": {"seed": 5}}).json()
        table, host = t["table"], t["host_token"]
        tokens = {n: post(f"/api/tables/{table}/players", {"name": n}).json()["token"]
                  for n in ("Ana", "Bruno")}  # fmt: skip
        for n, (box, stake) in {"Ana": ("banco", 2_000), "Bruno": ("punto", 3_000)}.items():
            bet = {"id": "b", "type": "Bet", "box": box, "stake": stake}
            assert post(f"/api/tables/{table}/commands", bet, tokens[n]).status_code == 200
        commands = f"/api/tables/{table}/commands"
        assert post(commands, {"id": "c", "type": "CloseBets"}, host).status_code == 200
        assert post(commands, {"id": "d", "type": "Deal"}, tokens["Ana"]).status_code == 200
        before = shown(tokens["Bruno"])
        assert before["turn"]["name"] == "Bruno" and len(before["me"]["punto_cards"]) == 2
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    store = SQLiteStore(db)
    try:
        events = [r.event for r in store.load(table)]
    finally:
        store.close()
    assert isinstance(events[-1], PuntoCardsHanded) and events[-1].name == "Bruno"
    assert not any(isinstance(e, CoupDealt | PuntoCardsTurned) for e in events)
    server = start(db, port)
    try:
        after = shown(tokens["Bruno"])
        assert after["turn"]["name"] == "Bruno" and after["phase"] == "bets_closed"
        assert after["me"]["punto_cards"] == before["me"]["punto_cards"]
        assert kinds(after) == ["TurnPunto"] and shown(tokens["Ana"])["me"]["punto_cards"] is None
        r = post(commands, {"id": "t", "type": "TurnPunto"}, tokens["Bruno"])
        assert r.status_code == 200, r.text
        (coup,) = httpx.get(f"{url}/api/tables/{table}/history", headers=bearer(host)).json()
        assert coup["punto_turned_by"] == "Bruno"
        assert coup["cards"][0::2][:2] == before["me"]["punto_cards"]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(20)
