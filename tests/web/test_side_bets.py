"""Side bets at the web table: the host's form, the API, the phone's boxes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect

from puntobanco.cards import Card
from puntobanco.coup import resolve
from puntobanco.web.app import create_app
from tests.web.conftest import LiveServer
from tests.web.helpers import bearer, command, join, open_table, view
from tests.web.test_browser import axe_violations, host_page, open_from_host, phone


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "side.db"))) as c:
        yield c


def test_the_api_takes_a_bet_on_a_side_bet_and_settles_it(client: TestClient) -> None:
    t = open_table(
        client,
        "casino",
        seed=9,
        bankroll=100_000,
        side_bets=["pairs", "dragon_bonus_banco"],
        side_limits={"punto_pair": [100, 2_000]},
    )
    ana = join(client, t["table"], "Ana")
    offered = view(client, t["table"], ana)["config"]["side_bets"]
    assert offered == [
        {"box": "punto_pair", "minimum": 100, "maximum": 2_000},
        {"box": "banco_pair", "minimum": 500, "maximum": 50_000},
        {"box": "dragon_bonus_banco", "minimum": 500, "maximum": 50_000},
    ]
    r = client.post(
        f"/api/tables/{t['table']}/commands",
        json={"id": "pp1", "type": "Bet", "box": "punto_pair", "stake": 1_000},
        headers=bearer(ana),
    )
    assert r.status_code == 200, r.text
    assert r.json()["events"] == [
        {"type": "BetPlaced", "name": "Ana", "box": "punto_pair", "stake": 1_000}
    ]
    assert (
        command(client, t["table"], ana, "Bet", box="dragon_bonus_banco", stake=500).status_code
        == 200
    )
    assert view(client, t["table"], ana)["me"]["bets"] == {
        "punto_pair": 1_000,
        "dragon_bonus_banco": 500,
    }
    command(client, t["table"], t["host_token"], "Deal")
    (coup,) = client.get(f"/api/tables/{t['table']}/history", headers=bearer(ana)).json()
    cards = resolve([Card.parse(c) for c in coup["cards"]])
    nets = {s["box"]: s["net"] for s in coup["settlements"]}
    assert nets["punto_pair"] == (11_000 if cards.punto.pair else -1_000)
    assert set(nets) == {"punto_pair", "dragon_bonus_banco"}
    assert view(client, t["table"], ana)["me"]["balance"] == 100_000 + sum(nets.values())


@pytest.mark.parametrize(
    ("box", "stake", "key"),
    [
        ("dragon_bonus_punto", 1_000, "table.error.side_bet_not_offered"),
        ("punto_pair", 50, "table.error.below_minimum"),
        ("punto_pair", 3_000, "table.error.above_maximum"),
        ("super_6", 1_000, "error.bet.box"),
    ],
)
def test_the_api_refuses_a_side_bet_in_the_players_language(
    client: TestClient, box: str, stake: int, key: str
) -> None:
    t = open_table(
        client, "casino", seed=2, side_bets=["pairs"], side_limits={"punto_pair": [100, 2_000]}
    )
    ana = join(client, t["table"], "Ana")
    for lang in ("en", "fr", "es"):
        r = command(client, t["table"], ana, "Bet", lang=lang, box=box, stake=stake)
        assert r.status_code >= 400
        error = r.json()["error"]
        assert error["code"] == key and error["message"] and "{" not in error["message"]
    assert view(client, t["table"], ana)["me"]["bets"] == {}


def test_opening_with_bad_side_bets_is_refused_and_a_session_takes_none(client: TestClient) -> None:
    r = client.post(
        "/api/tables", json={"format": "casino", "settings": {"side_bets": ["lucky_6"]}}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "error.bet.side_bet"
    r = client.post(
        "/api/tables?lang=fr", json={"format": "session", "settings": {"side_bets": ["pairs"]}}
    )
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "web.error.setting"  # a session has no such setting
    words = client.get("/api/i18n/es").json()
    assert words["bet.punto_pair"] == "Pareja Punto" and words["side_bets"].startswith("Apuestas")


def test_the_host_opens_an_ez_table_with_pairs_and_a_phone_bets_on_them(
    browser: Browser, live: LiveServer
) -> None:
    host = host_page(browser, live, bypass_csp=True)
    host.check("input[name=format][value=casino]")
    expect(host.locator("input[name=side_bets][value=punto_pair]")).to_be_visible()
    assert axe_violations(host) == []  # the form with its side-bet checkboxes
    host.select_option("select[name=paytable]", "ez")
    host.check("input[name=side_bets][value=punto_pair]")
    host.check("input[name=side_bets][value=banco_pair]")
    code = open_from_host(host, "casino")
    ana = phone(browser, live, code, "Ana", locale="fr-FR", bypass_csp=True)
    boxes = ana.locator("#side-boxes .box")
    expect(boxes).to_have_count(4)  # EZ's Dragon 7 and Panda 8, then the pairs
    expect(boxes.nth(2)).to_contain_text("Paire Punto")
    expect(boxes.nth(0)).to_contain_text("Dragon 7")
    expect(boxes.nth(2)).to_contain_text("5,00")  # its limits: the tie's, 5,00 to 500,00
    ana.click("#side-boxes button[data-box=punto_pair]")
    expect(ana.locator("#my-bets")).to_contain_text("Paire Punto 10,00")
    # The chips on the box, and its name with its stake (a button, not a toggle).
    pair = ana.locator("#side-boxes button[data-box=punto_pair]")
    expect(pair.locator(".box-stake")).to_have_text("10,00")
    named = ana.get_by_role("button", name=re.compile(r"^Paire Punto .*, votre mise 10,00$"))
    expect(named).to_have_count(1)
    expect(pair).not_to_have_attribute("aria-pressed", re.compile("."))
    assert axe_violations(ana) == []  # the side boxes: names, contrast, roles
    host.click("#deal")
    expect(ana.locator("#my-result")).not_to_be_empty()
