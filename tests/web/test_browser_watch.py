"""The spectator's page (/w/CODE, linked from the join page): the table's felt,
roads, odds and last coups, followed live over the WebSocket, with no seat and no
bet control; axe-core finds no violation on it."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.web.conftest import LiveServer
from tests.web.test_browser_keyboard import all_violations


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("watch") / "watch.db"
    with LiveServer(store=str(path), rate=1000, burst=1000, tables_per_hour=1e6) as s:
        yield s


@pytest.fixture
def api(server: LiveServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, headers={"Origin": server.url}) as client:
        yield client


def test_a_spectator_follows_a_coup_with_no_bet_control(
    browser: Browser, server: LiveServer, api: httpx.Client
) -> None:
    opened = api.post(
        "/api/tables", json={"format": "session", "settings": {"deals": 3, "seed": 3}}
    )
    table, code, host = (opened.json()[k] for k in ("table", "join_code", "host_token"))
    api.cookies.clear()
    ana = api.post(f"/api/tables/{table}/players", json={"name": "Ana"}).json()["token"]
    api.cookies.clear()
    bruno = api.post(f"/api/tables/{table}/players", json={"name": "Bruno"}).json()["token"]
    api.cookies.clear()

    sent: list[object] = []

    def send(token: str, **fields: object) -> None:
        sent.append(fields)
        r = api.post(
            f"/api/tables/{table}/commands",
            json={"id": f"c{len(sent)}", **fields},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert r.status_code == 200, r.text

    context = browser.new_context(locale="en-GB", bypass_csp=True)
    join = context.new_page()
    join.goto(f"{server.url}/j/{code}")
    link = join.locator("#watch-link")
    expect(link).to_have_text("Watch without playing")
    link.click()
    page = join
    expect(page).to_have_url(f"{server.url}/w/{code}")
    expect(page.locator("#status")).to_contain_text("Deal 1 of 3")
    expect(page.locator("#odds-body tr")).not_to_have_count(0)
    # No seat, no bet: not a box, a chip, a name field nor any other control.
    assert page.locator("main button, main input, [data-box]").count() == 0
    assert all_violations(page) == []
    send(ana, type="Bet", box="banco", stake=20)
    send(bruno, type="Bet", box="punto", stake=20)
    send(host, type="Deal")
    expect(page.locator("#history li")).to_have_count(1, timeout=15_000)
    expect(page.locator("#punto-cards .card, #punto-cards > *")).not_to_have_count(0)
    expect(page.locator("#status")).to_contain_text("Deal 2 of 3")
    assert page.locator("main button, main input, [data-box]").count() == 0
    assert all_violations(page) == []
    context.close()
