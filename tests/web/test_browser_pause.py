"""The host's pause in a real browser: the host screen's Pause stops the table (the
phones say so and offer no box), Resume brings the boxes back; a bet sent meanwhile
is refused with the reason."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from puntobanco.i18n import Lang, t
from tests.web.conftest import LiveServer
from tests.web.test_browser_turn import Table, host, phone, server

__all__ = ["server"]  # the module's server fixture, shared


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("es-ES", "es")])
def test_the_host_pauses_and_resumes_the_table(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server, turn_seconds=None)
    ana = phone(browser, table, "Ana", locale)
    screen = host(browser, table, locale)
    expect(ana.locator('.box[data-box="banco"]')).to_be_visible()
    screen.get_by_role("button", name=t("web.ui.host.pause", lang), exact=True).click()
    expect(ana.locator("#status")).to_have_text(t("web.ui.paused", lang))
    expect(ana.locator("#actions")).to_be_hidden()
    expect(screen.locator("#status")).to_have_text(t("web.ui.paused", lang))
    r = httpx.post(
        f"{table.url}/api/tables/{table.id}/commands",
        json={"id": f"paused-{lang}", "type": "Bet", "box": "banco", "stake": 1000},
        headers={"Authorization": f"Bearer {table.tokens['Ana']}", "Accept-Language": lang},
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "table.error.paused"
    screen.get_by_role("button", name=t("web.ui.host.resume", lang), exact=True).click()
    expect(ana.locator("#actions")).to_be_visible()
    ana.locator('.box[data-box="banco"]').click()
    expect(ana.locator('.box[data-box="banco"] .box-stake')).to_be_visible()
    ana.context.close()
    screen.context.close()
