"""A session dealt from real cards on the web table: the host enters each card as
it is turned, the engine says which hand takes it and refuses what the shoe
cannot hold; the phones predict and see the coup as it is dealt."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.web.app import create_app
from tests.web.helpers import command, join, kinds, open_table, view


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "cards.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(db))) as c:
        yield c


def _table(client: TestClient, **settings: Any) -> tuple[str, str, str, str]:
    t = open_table(client, "session", real_cards=True, **settings)
    ana = join(client, t["table"], "Ana")
    ben = join(client, t["table"], "Ben")
    return t["table"], t["host_token"], ana, ben


def _ok(r: Any) -> Any:
    assert r.status_code == 200, r.text
    return r.json()


def _cards(client: TestClient, table: str, host: str, cards: str) -> list[str]:
    """Place ``cards`` one by one; what each view said the next card was for."""
    said = []
    for card in cards.split():
        said.append(view(client, table, host)["in_progress"]["expects"])
        _ok(command(client, table, host, "PlaceCard", card=card))
    return said


def test_the_host_turns_a_natural_and_the_phones_see_it_settled(client: TestClient) -> None:
    table, host, ana, ben = _table(client, deals=2)
    v = view(client, table, host)
    assert v["format"] == "assist" and v["config"]["real_cards"] is True
    assert "CloseBets" not in kinds(v)  # nobody has predicted yet
    _ok(command(client, table, ana, "Bet", box="punto"))
    _ok(command(client, table, ben, "Bet", box="banco"))
    assert kinds(view(client, table, host))[0] == "CloseBets"
    assert [p["bets"] for p in view(client, table, host)["players"]] == [None, None]
    _ok(command(client, table, host, "CloseBets"))
    v = view(client, table, host)
    assert v["phase"] == "bets_closed" and "PlaceCard" in kinds(v)
    assert v["in_progress"] == {
        "cards": [],
        "punto": [],
        "banco": [],
        "expects": "punto",
        "steps": [],
    }
    said = _cards(client, table, host, "9H 2S KD 3C")
    assert said == ["punto", "banco", "punto", "banco"]
    v = view(client, table, ana)
    assert v["phase"] == "settled" and v["in_progress"] is None
    assert v["last"]["punto"] == {"cards": ["9H", "KD"], "total": 9}
    assert v["last"]["banco"] == {"cards": ["2S", "3C"], "total": 5}
    assert v["last"]["winner"] == "punto" and v["last"]["natural"]
    assert v["me"]["balance"] > view(client, table, ben)["me"]["balance"]
    host_view = view(client, table, host)
    assert kinds(host_view)[:2] == ["UndoCard", "NextCoup"]
    _ok(command(client, table, host, "NextCoup"))
    v = view(client, table, host)
    assert v["phase"] == "bets_open" and v["coup"] == 2


def test_third_cards_go_where_the_tables_send_them_with_the_reasons(client: TestClient) -> None:
    table, host, ana, ben = _table(client)
    _ok(command(client, table, ana, "Bet", box="banco"))
    _ok(command(client, table, ben, "Bet", box="punto"))
    _ok(command(client, table, host, "CloseBets"))
    # Punto 4+9 = 3 draws; Banco 2+A = 3 stands on Punto's third card 8.
    said = _cards(client, table, host, "4H 2S 9C AD")
    assert said == ["punto", "banco", "punto", "banco"]
    progress = view(client, table, host)["in_progress"]
    assert progress["punto"] == ["4H", "9C"] and progress["banco"] == ["2S", "AD"]
    assert progress["expects"] == "punto_third"
    assert progress["steps"] == []  # Punto must draw: explained once its card is known
    r = command(client, table, host, "Deal")  # the host's cards: placed one by one
    assert r.status_code == 409 and r.json()["error"]["code"] == "table.error.host_cards"
    _ok(command(client, table, host, "PlaceCard", card="8D"))
    last = view(client, table, host)["last"]
    assert last["punto"]["cards"] == ["4H", "9C", "8D"] and last["banco"]["cards"] == ["2S", "AD"]
    assert last["steps"][1] == "Banco has 3 and Punto's third card counts 8: stands."
    assert last["winner"] == "banco"


def test_banco_draws_alone_when_punto_stands(client: TestClient) -> None:
    table, host, ana, ben = _table(client)
    _ok(command(client, table, ana, "Bet", box="egalite"))
    _ok(command(client, table, ben, "Bet", box="punto"))
    _ok(command(client, table, host, "CloseBets"))
    _cards(client, table, host, "3H 2S 4C AD")  # Punto 7 stands, Banco 3 draws (refus)
    progress = view(client, table, host)["in_progress"]
    assert progress["expects"] == "banco_third"
    assert progress["steps"] == ["Punto has 7: stands (6 or 7)."]
    _ok(command(client, table, host, "PlaceCard", card="5S"))
    last = view(client, table, host)["last"]
    assert last["banco"] == {"cards": ["2S", "AD", "5S"], "total": 8}


def test_undo_takes_the_last_card_back_and_the_settlement_with_it(client: TestClient) -> None:
    table, host, ana, ben = _table(client)
    _ok(command(client, table, ana, "Bet", box="punto"))
    _ok(command(client, table, ben, "Bet", box="banco"))
    _ok(command(client, table, host, "CloseBets"))
    _cards(client, table, host, "9H 2S KD 3C")
    assert view(client, table, ana)["me"]["balance"] > 0
    _ok(command(client, table, host, "UndoCard"))
    v = view(client, table, ana)
    assert v["phase"] == "bets_closed" and v["me"]["balance"] == 0 and v["last"] is None
    assert view(client, table, host)["in_progress"]["cards"] == ["9H", "2S", "KD"]
    _ok(command(client, table, host, "PlaceCard", card="8C"))  # Punto 9 natural, Banco 2+8 = 0
    v = view(client, table, ben)
    assert v["last"]["banco"]["cards"] == ["2S", "8C"] and v["last"]["winner"] == "punto"


def test_what_the_shoe_cannot_hold_and_what_is_not_a_card_are_refused(
    client: TestClient,
) -> None:
    table, host, ana, ben = _table(client, decks=1)
    _ok(command(client, table, ana, "Bet", box="punto"))
    _ok(command(client, table, ben, "Bet", box="punto"))
    r = command(client, table, host, "PlaceCard", card="AS")
    assert r.status_code == 409  # bets are still open
    _ok(command(client, table, host, "CloseBets"))
    before = view(client, table, host)
    r = command(client, table, host, "PlaceCard", card="ZZ", lang="fr")
    assert r.status_code == 400 and "ZZ" in r.json()["error"]["message"]
    _ok(command(client, table, host, "PlaceCard", card="AS"))
    r = command(client, table, host, "PlaceCard", card="A♠")
    assert r.status_code == 400 and r.json()["error"]["code"] == "error.assist.no_more"
    assert "1" in r.json()["error"]["message"]
    r = command(client, table, ana, "PlaceCard", card="2S")
    assert r.status_code == 403
    after = view(client, table, host)
    assert after["seq"] == before["seq"] + 1 and after["in_progress"]["cards"] == ["AS"]


def test_settings_of_real_cards_are_checked(client: TestClient) -> None:
    r = client.post(
        "/api/tables", json={"format": "session", "settings": {"real_cards": True, "seed": 4}}
    )
    assert r.status_code == 400 and "seed" in r.json()["error"]["message"]
    r = client.post("/api/tables", json={"format": "session", "settings": {"real_cards": "yes"}})
    error = r.json()["error"]
    assert r.status_code == 400 and error["code"] == "web.error.real_cards"
    assert error["message"] == "The setting 'real cards' is true or false, not 'yes'."
    r = client.post("/api/tables", json={"format": "casino", "settings": {"real_cards": True}})
    assert r.status_code == 400
    t = open_table(client, "session", seed=3)
    r = command(client, t["table"], t["host_token"], "NextCoup")  # a shoe deals on by itself
    assert r.status_code == 409 and r.json()["error"]["code"] == "table.error.phase.bets_open"


def test_a_one_deal_session_of_real_cards_ends_with_its_ranking(client: TestClient) -> None:
    table, host, ana, ben = _table(client, deals=1)
    _ok(command(client, table, ana, "Bet", box="banco"))
    _ok(command(client, table, ben, "Bet", box="banco"))
    _ok(command(client, table, host, "CloseBets"))
    _cards(client, table, host, "2H 9S 3D KC")
    _ok(command(client, table, host, "NextCoup"))
    v = view(client, table, host)
    assert v["phase"] == "ended" and sorted(v["winners"]) == ["Ana", "Ben"]


def test_a_restarted_server_keeps_the_cards_already_turned(db: Path) -> None:
    with TestClient(create_app(store=str(db))) as client:
        table, host, ana, ben = _table(client)
        _ok(command(client, table, ana, "Bet", box="punto"))
        _ok(command(client, table, ben, "Bet", box="banco"))
        _ok(command(client, table, host, "CloseBets"))
        _cards(client, table, host, "4H 2S")
    with TestClient(create_app(store=str(db))) as client:
        progress = view(client, table, host)["in_progress"]
        assert progress["cards"] == ["4H", "2S"] and progress["expects"] == "punto"
        _cards(client, table, host, "9C AD 8D")
        assert view(client, table, ana)["last"]["winner"] == "banco"
