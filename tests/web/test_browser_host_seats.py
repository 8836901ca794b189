"""The host screen's hand on the seats, in a real browser: a request to sit
admitted, a player removed with a reason, a player renamed (their phone follows),
the table locked, a session dealt without the player who has not predicted."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.web.conftest import LiveServer
from tests.web.test_browser_host import Table, host_page


def settled(table: Table, key: str, value: object) -> bool:
    """True once the host's view shows ``value`` at ``key`` (the page's command is
    carried out over its socket: read back, at most 10 s)."""
    for _ in range(200):
        if table.view()[key] == value:
            return True
        time.sleep(0.05)
    return False


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("seats") / "seats.db"
    with LiveServer(store=str(path), rate=1000, burst=1000, tables_per_hour=1e6) as s:
        yield s


def test_the_host_admits_removes_and_locks_from_the_page(
    browser: Browser, server: LiveServer
) -> None:
    table = Table(server, "casino", seed=3)
    page = host_page(browser, table, "fr-FR")
    page.locator("#joins").select_option("approval")
    assert settled(table, "joins", "approval")
    r = httpx.post(f"{server.url}/api/tables/{table.id}/players", json={"name": "Carla"})
    assert r.json()["waiting"] is True and table.view()["joins"] == "approval"
    request = page.locator("#asking li", has_text="Carla")
    expect(request).to_contain_text("Carla demande une place")
    request.get_by_role("button", name="Accueillir").click()
    expect(page.locator("#players li", has_text="Carla")).to_be_visible()
    page.once("dialog", lambda dialog: dialog.accept("ne mise jamais"))
    page.get_by_role("button", name="Retirer Carla de la table").click()
    expect(page.locator("#players li", has_text="Carla")).to_have_count(0)
    removed = [e for e in table.view()["players"] if e["name"] == "Carla"]
    assert removed == []
    page.locator("#joins").select_option("locked")
    assert settled(table, "joins", "locked")
    r = httpx.post(f"{server.url}/api/tables/{table.id}/players", json={"name": "Dan"})
    assert r.status_code == 409
    page.context.close()


def test_the_host_deals_a_session_without_who_has_not_predicted(
    browser: Browser, server: LiveServer
) -> None:
    table = Table(server, "session", seed=3)
    page = host_page(browser, table, "en-GB")
    table.command(table.players[0], "Bet", box="banco")
    skip = page.get_by_role("button", name="Deal without those who have not predicted")
    skip.click()
    expect(skip).to_be_hidden()
    assert table.view()["without"] == ["Ben"]
    page.locator("#predict-seconds").fill("30")
    page.locator("#predict-seconds").press("Enter")
    page.locator("#felt").focus()
    assert settled(table, "prediction_seconds", 30)
    page.context.close()


def test_the_host_renames_a_player_and_their_phone_shows_the_new_name(
    browser: Browser, server: LiveServer
) -> None:
    table = Table(server, "casino", seed=3)
    page = host_page(browser, table, "fr-FR")
    context = browser.new_context(
        viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True, locale="fr-FR"
    )
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": "pb_player", "value": table.players[0],
                          "url": f"{server.url}/api/tables/{table.id}/"}])  # fmt: skip
    phone = context.new_page()
    phone.goto(f"{server.url}/p/{table.id}")
    expect(phone.locator("#me-name")).to_have_text("Ana")
    page.once("dialog", lambda dialog: dialog.accept("Anaïs"))
    page.get_by_role("button", name="Renommer Ana").click()
    expect(page.locator("#players li", has_text="Anaïs")).to_be_visible()
    expect(phone.locator("#me-name")).to_have_text("Anaïs")  # the same phone, the same seat
    assert [p["name"] for p in table.view()["players"]] == ["Anaïs", "Ben"]
    table.command(table.players[0], "Bet", box="banco", stake=1_000)  # its token still plays
    expect(phone.locator("#me-name")).to_have_text("Anaïs")
    # A name already at the table is refused, and the screen says why.
    page.once("dialog", lambda dialog: dialog.accept("ben"))
    page.get_by_role("button", name="Renommer Anaïs").click()
    expect(page.locator("body")).to_contain_text("déjà à cette table")
    context.close()
    page.context.close()
