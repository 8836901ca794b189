"""The bet bar's tools on a phone, each one command through the engine: Undo takes
back the last chip, Double doubles every stake, Clear takes every bet back, Repeat
puts the last coup's bets down again; each shown only when the view offers it, and a
refusal said with its reason."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from puntobanco.i18n import Lang, t
from tests.web.conftest import LiveServer
from tests.web.test_browser_turn import Table, phone, server

__all__ = ["server"]  # the module's server fixture, shared

LANGS = [("en-GB", "en"), ("fr-FR", "fr"), ("es-ES", "es")]


def send_raw(table: Table, kind: str, lang: str) -> httpx.Response:
    """Ana's command as sent, its refusal kept."""
    return httpx.post(
        f"{table.url}/api/tables/{table.id}/commands",
        json={"id": f"raw-{kind}-{lang}", "type": kind},
        headers={"Authorization": f"Bearer {table.tokens['Ana']}", "Accept-Language": lang},
    )


def stakes(table: Table) -> dict[str, int]:
    return dict(table.view("Ana")["me"]["bets"])


def settle(page: Page, table: Table, expected: dict[str, int]) -> None:
    """Wait until Ana's stakes are ``expected`` (the command's answer is on its way)."""
    for _ in range(100):
        if stakes(table) == expected:
            return
        page.wait_for_timeout(50)
    assert stakes(table) == expected


def tool(page: Page, key: str, lang: Lang) -> Locator:
    return page.get_by_role("button", name=t(f"web.ui.tool.{key}", lang), exact=True)


@pytest.mark.parametrize(("locale", "lang"), LANGS)
def test_undo_double_clear_and_repeat_from_the_phone(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server, minimum=1000, maximum=4000, turn_seconds=None)
    ana = phone(browser, table, "Ana", locale)
    for key in ("rebet", "double", "undo", "clear"):
        expect(tool(ana, key, lang)).to_be_hidden()
    banco, egalite = (ana.locator(f'.box[data-box="{b}"]') for b in ("banco", "egalite"))
    banco.click()
    expect(banco.locator(".box-stake")).to_be_visible()
    egalite.click()
    expect(egalite.locator(".box-stake")).to_be_visible()
    tool(ana, "undo", lang).click()
    expect(egalite.locator(".box-stake")).to_be_hidden()
    assert stakes(table) == {"banco": 1000}
    tool(ana, "double", lang).click()
    settle(ana, table, {"banco": 2000})
    tool(ana, "double", lang).click()
    settle(ana, table, {"banco": 4000})
    # Doubled again it would pass the box's maximum (40.00): the engine offers no Double.
    expect(tool(ana, "double", lang)).to_be_hidden()
    r = send_raw(table, "Double", lang)
    assert r.status_code == 400 and r.json()["error"]["code"] == "table.error.above_maximum"
    tool(ana, "clear", lang).click()
    expect(banco.locator(".box-stake")).to_be_hidden()
    assert stakes(table) == {}
    banco.click()
    expect(banco.locator(".box-stake")).to_be_visible()
    table.send("host", "Deal")
    rebet = tool(ana, "rebet", lang)
    expect(rebet).to_be_visible()
    rebet.click()
    expect(banco.locator(".box-stake")).to_be_visible()
    expect(rebet).to_be_hidden()
    assert stakes(table) == {"banco": 1000}
    ana.context.close()
