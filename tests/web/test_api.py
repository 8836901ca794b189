"""The HTTP API without a browser: every endpoint, every refusal, in each language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import BetPlaced
from puntobanco.web.app import create_app
from tests.web.helpers import bearer, command, join, open_table, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "api.db"))) as c:
        yield c


def test_a_casino_table_opens_seats_a_player_takes_a_bet_and_deals(client: TestClient) -> None:
    t = open_table(client, "casino", seed=7, bankroll=50_000)
    assert set(t) == {"table", "join_code", "host_token"} and len(t["join_code"]) == 9
    ana = join(client, t["table"], "Ana")
    r = command(client, t["table"], ana, "Bet", box="banco", stake=2_000)
    assert r.status_code == 200
    assert r.json()["events"] == [
        {"type": "BetPlaced", "name": "Ana", "box": "banco", "stake": 2000}
    ]
    r = command(client, t["table"], t["host_token"], "Deal")
    kinds = [e["type"] for e in r.json()["events"]]
    assert kinds[:3] == ["BetsClosed", "PuntoCardsHanded", "CoupDealt"] and "CoupSettled" in kinds
    v = view(client, t["table"], ana)
    assert v["me"]["balance"] != 50_000 or v["last"]["winner"] == "egalite"
    assert v["last"]["announce"].startswith("Banco ")


def test_the_seq_counts_the_log_and_the_store_holds_it(client: TestClient, tmp_path: Path) -> None:
    t = open_table(client, "casino", seed=1)
    ana = join(client, t["table"], "Ana")
    r = command(client, t["table"], ana, "Bet", box="punto", stake=1_000)
    seq = r.json()["seq"]
    store = SQLiteStore(tmp_path / "api.db")
    try:
        records = store.load(t["table"])
    finally:
        store.close()
    assert len(records) == seq and isinstance(records[-1].event, BetPlaced)


def test_a_retried_command_id_answers_as_before_and_acts_once(client: TestClient) -> None:
    t = open_table(client, "casino", seed=3)
    ana = join(client, t["table"], "Ana")
    body = {"id": "same", "type": "Bet", "box": "banco", "stake": 1_000}
    first = client.post(f"/api/tables/{t['table']}/commands", json=body, headers=bearer(ana))
    again = client.post(f"/api/tables/{t['table']}/commands", json=body, headers=bearer(ana))
    assert first.json() == again.json()
    assert view(client, t["table"], ana)["me"]["bets"] == {"banco": 1_000}


def test_history_gives_the_same_json_as_the_history_command(client: TestClient) -> None:
    # The dealer turns every card (Punto's cards to a phone: tests/web/test_turn_web.py).
    t = open_table(client, "casino", seed=5, turn_seconds=None)
    ana = join(client, t["table"], "Ana")
    command(client, t["table"], ana, "Bet", box="banco", stake=1_000)
    command(client, t["table"], t["host_token"], "Deal")
    command(client, t["table"], ana, "Bet", box="punto", stake=1_000)
    command(client, t["table"], t["host_token"], "Deal")
    r = client.get(f"/api/tables/{t['table']}/history?last=1", headers=bearer(ana))
    (coup,) = r.json()
    assert coup["coup"] == 2 and coup["bets"] == [{"player": "Ana", "box": "punto", "stake": 1000}]
    assert set(coup) == {"table", "format", "coup", "time", "cards", "punto_total",
                         "banco_total", "winner", "bets", "settlements", "balances_before",
                         "balances_after"}  # fmt: skip


def test_a_session_hides_predictions_from_the_others_until_the_deal(client: TestClient) -> None:
    t = open_table(client, "session", seed=4)
    ana, bruno = join(client, t["table"], "Ana"), join(client, t["table"], "Bruno")
    board = view(client, t["table"], t["host_token"])["host"]
    command(client, t["table"], ana, "Bet", box="egalite")
    seen_by_bruno = view(client, t["table"], bruno)
    seen_by_host = view(client, t["table"], t["host_token"])
    # The host's board (statistics, odds of every bet) names every box whatever
    # was predicted, and no prediction changes it.
    assert seen_by_host.pop("host") == board
    for v in (seen_by_bruno, seen_by_host):
        ana_row = next(p for p in v["players"] if p["name"] == "Ana")
        assert ana_row["bets"] is None and ana_row["has_bet"] is True
        assert "egalite" not in str({k: x for k, x in v.items() if k != "commands"})
    assert view(client, t["table"], ana)["me"]["bets"] == {"egalite": 20}
    command(client, t["table"], bruno, "Bet", box="banco")
    command(client, t["table"], t["host_token"], "Deal")
    after = view(client, t["table"], bruno)
    assert {s["player"] for s in after["last"]["settlements"]} == {"Ana", "Bruno"}


def test_nothing_secret_leaves_the_server(client: TestClient) -> None:
    t = open_table(client, "casino", seed=11)
    ana = join(client, t["table"], "Ana")
    command(client, t["table"], ana, "Bet", box="banco", stake=1_000)
    r = command(client, t["table"], t["host_token"], "Deal")
    text = r.text + str(view(client, t["table"], t["host_token"]))
    assert '"seed": 11' not in text and "'seed': 11" not in text
    assert "order" not in str(view(client, t["table"], ana))


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "Only the host"), ("fr", "Seul l’hôte"), ("es", "Solo el anfitrión")]
)
def test_a_player_cannot_close_bets_and_is_told_why_in_their_language(
    client: TestClient, lang: str, word: str
) -> None:
    t = open_table(client, "casino")
    ana = join(client, t["table"], "Ana")
    r = command(client, t["table"], ana, "CloseBets", lang=lang)
    assert r.status_code == 403
    error = r.json()["error"]
    assert error["code"] == "engine.error.host_only" and error["message"].startswith(word)
    assert error["params"] == {"command": "CloseBets"}


@pytest.mark.parametrize(
    ("lang", "word"),
    [("en", "Bruno does not hold the shoe: Ana does."),
     ("fr", "Bruno ne tient pas le sabot\u00a0: c’est Ana qui le tient."),
     ("es", "Bruno no tiene el zapato: lo tiene Ana.")],
)  # fmt: skip
def test_a_player_who_does_not_hold_the_shoe_cannot_deal_and_is_told_why(
    client: TestClient, lang: str, word: str
) -> None:
    t = open_table(client, "casino", seed=3)
    ana, bruno = join(client, t["table"], "Ana"), join(client, t["table"], "Bruno")
    command(client, t["table"], ana, "Bet", box="banco", stake=1_000)
    command(client, t["table"], t["host_token"], "CloseBets")
    before = view(client, t["table"], t["host_token"])
    r = command(client, t["table"], bruno, "Deal", lang=lang)
    assert r.status_code == 409
    error = r.json()["error"]
    assert error == {"code": "table.error.not_holder", "message": word,
                     "params": {"name": "Bruno", "holder": "Ana"}}  # fmt: skip
    assert view(client, t["table"], t["host_token"]) == before


def test_refusals_leave_the_table_unchanged(client: TestClient) -> None:
    t = open_table(client, "casino", seed=2, bankroll=5_000)
    table, host = t["table"], t["host_token"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    before = view(client, table, host)
    cases = [
        (command(client, table, "not-a-token", "Bet", box="banco", stake=1_000), 401),
        (command(client, table, host, "Bet", box="banco", stake=1_000), 403),
        (command(client, table, ana, "Bet", box="banco", stake=999_999), 400),
        (command(client, table, ana, "Bet", box="banco", stake=10), 400),
        (command(client, table, ana, "Bet", box="nowhere", stake=1_000), 400),
        (command(client, table, ana, "Bet", box="banco"), 400),  # no stake
        (command(client, table, ana, "Bet", box="punto", stake=1_000, name="Bruno"), 403),
        (command(client, table, ana, "Withdraw", box="punto"), 409),
        (command(client, table, host, "Deal"), 409),  # no bet on the table
        (command(client, table, ana, "PlaceCard", card="4h"), 403),
        (command(client, table, host, "PlaceCard", card="4h"), 409),
    ]
    for response, status in cases:
        assert response.status_code == status, response.text
        assert set(response.json()["error"]) == {"code", "message", "params"}
    assert view(client, table, host) == before
    # A token acts only for its own player: Bruno's token bets for Bruno, never for Ana.
    command(client, table, bruno, "Bet", box="punto", stake=1_000)
    assert view(client, table, ana)["me"]["bets"] == {}


def test_no_bet_is_accepted_after_bets_close(client: TestClient) -> None:
    t = open_table(client, "casino", seed=9)
    ana = join(client, t["table"], "Ana")
    command(client, t["table"], ana, "Bet", box="banco", stake=1_000)
    assert command(client, t["table"], t["host_token"], "CloseBets").status_code == 200
    late = command(client, t["table"], ana, "Bet", box="punto", stake=1_000)
    assert late.status_code == 409 and "bets_closed" in late.json()["error"]["code"]
    assert view(client, t["table"], ana)["me"]["bets"] == {"banco": 1_000}


def test_malformed_and_oversized_bodies_are_refused(client: TestClient) -> None:
    t = open_table(client, "casino")
    ana = join(client, t["table"], "Ana")
    url = f"/api/tables/{t['table']}/commands"
    bodies: list[object] = [
        {"id": "1", "type": "Bet", "box": "banco", "stake": "10"},  # a string stake
        {"id": "1", "type": "Bet", "box": "banco", "stake": 10, "extra": 1},
        {"id": "1", "type": "shuffle"},
        {"type": "Bet"},
        [],
    ]
    for body in bodies:
        r = client.post(url, json=body, headers=bearer(ana))
        assert r.status_code == 422 and r.json()["error"]["code"] == "web.error.schema", body
    r = client.post(url, content=b"{not json", headers=bearer(ana))
    assert r.status_code == 400 and r.json()["error"]["code"] == "web.error.json"
    r = client.post(url, content=b"x" * 5000, headers=bearer(ana))
    assert r.status_code == 413 and r.json()["error"]["code"] == "web.error.too_large"


def test_unknown_tables_codes_and_settings(client: TestClient) -> None:
    assert client.get("/api/tables/nope/view", headers=bearer("x")).status_code == 404
    r = client.get("/api/codes/ZZZZZ", headers={"Accept-Language": "es"})
    assert r.status_code == 404 and r.json()["error"]["message"].startswith("Ninguna mesa")
    r = client.post("/api/tables", json={"format": "casino", "settings": {"colour": 1}})
    assert r.status_code == 400 and r.json()["error"]["code"] == "web.error.setting"
    r = client.post("/api/tables", json={"format": "casino", "settings": {"decks": 0}})
    assert r.status_code == 400
    r = client.post("/api/tables", json={"format": "poker", "settings": {}})
    assert r.status_code == 422
    t = open_table(client, "session")
    # The join page says which table it is: format, deals, seats taken.
    found = client.get(f"/api/codes/{t['join_code'].lower()}").json()
    assert found == {"table": t["table"], "format": "session", "minimum": None,
                     "maximum": None, "deals": 10, "players": 0, "seats": 8}  # fmt: skip
    r = client.post(f"/api/tables/{t['table']}/players", json={"name": "<b>x</b>"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "table.error.name.chars"
    join(client, t["table"], "Ana")
    r = client.post(f"/api/tables/{t['table']}/players", json={"name": "ana"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "table.error.name.taken"


def test_a_token_of_one_table_does_nothing_at_another(client: TestClient) -> None:
    a, b = open_table(client, "casino"), open_table(client, "casino")
    ana = join(client, a["table"], "Ana")
    r = command(client, b["table"], ana, "Bet", box="banco", stake=1_000)
    assert r.status_code == 401 and r.json()["error"]["code"] == "web.error.bad_token"
    r = client.get(f"/api/tables/{b['table']}/history", headers=bearer(a["host_token"]))
    assert r.status_code == 401


def test_the_browser_keeps_its_token_in_an_httponly_strict_cookie(client: TestClient) -> None:
    r = client.post("/api/tables", json={"format": "session", "settings": {}})
    host_cookie = r.headers["set-cookie"]
    table = r.json()["table"]
    assert "HttpOnly" in host_cookie and "SameSite=strict" in host_cookie
    assert f"Path=/api/tables/{table}" in host_cookie
    client.cookies.clear()
    r = client.post(f"/api/tables/{table}/players", json={"name": "Ana"})
    assert "pb_player=" in r.headers["set-cookie"] and "HttpOnly" in r.headers["set-cookie"]
    # With the cookie alone (no Authorization header) the player is known.
    r = client.get(f"/api/tables/{table}/view", headers={"X-Puntobanco-Role": "player"})
    assert r.json()["me"]["name"] == "Ana"


def test_tokens_are_stored_hashed(client: TestClient, tmp_path: Path) -> None:
    import sqlite3

    t = open_table(client, "casino")
    ana = join(client, t["table"], "Ana")
    db = sqlite3.connect(tmp_path / "api.db")
    try:
        dump = "\n".join(db.iterdump())
    finally:
        db.close()
    assert ana not in dump and t["host_token"] not in dump
    assert len(ana) >= 22  # 128 bits or more of URL-safe base64


def test_pages_carry_a_strict_content_security_policy(client: TestClient) -> None:
    for path in ("/", "/j/ABCDE", "/static/host.js", "/api/i18n/fr"):
        r = client.get(path)
        assert r.status_code == 200, path
        csp = r.headers["content-security-policy"]
        assert "unsafe-inline" not in csp and "script-src 'self'" in csp
    page = client.get("/").text
    assert "<script>" not in page and "style=" not in page and "http" not in page.split("<body")[0]


def test_a_foreign_origin_is_refused(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={"format": "session", "settings": {}},
        headers={"Origin": "http://evil.example"},
    )
    assert r.status_code == 403 and r.json()["error"]["code"] == "web.error.origin"


def test_the_openapi_document_lists_every_endpoint(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    for path in (
        "/api/tables",
        "/api/tables/{table}/players",
        "/api/tables/{table}/commands",
        "/api/tables/{table}/view",
        "/api/tables/{table}/history",
    ):
        assert path in paths


def test_the_page_words_exist_in_each_language(client: TestClient) -> None:
    fr, en, es = (client.get(f"/api/i18n/{lang}").json() for lang in ("fr", "en", "es"))
    assert fr.keys() == en.keys() == es.keys()
    assert (fr["deal"], en["deal"], es["deal"]) == ("Distribuer", "Deal", "Repartir")
