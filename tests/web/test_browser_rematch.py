"""Play again with the same players, in a real browser: at a session's end the
host taps the rematch on the ranking screen, and both phones land on the new
table's betting screen without scanning anything."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from puntobanco.i18n import t
from tests.web.conftest import LiveServer
from tests.web.test_browser_turn import Table, host, phone, server

__all__ = ["server"]  # the module's server fixture, shared


class Session(Table):
    """A seeded session of one deal where Ana and Bruno predict."""

    def __init__(self, server: LiveServer, **settings: Any) -> None:
        self.url = server.url
        body = {"format": "session", "settings": {"seed": 3, "deals": 1, **settings}}
        data = httpx.post(f"{self.url}/api/tables", json=body).json()
        self.id, self.code, self.host = data["table"], data["join_code"], data["host_token"]
        self.tokens = {n: self._join(n) for n in ("Ana", "Bruno")}
        self.n = 0


def test_the_host_taps_the_rematch_and_both_phones_follow_to_the_new_table(
    browser: Browser, server: LiveServer
) -> None:
    table = Session(server)
    tv = host(browser, table, "en-GB")
    ana, bruno = (phone(browser, table, name, "en-GB") for name in ("Ana", "Bruno"))
    table.send("Ana", "Bet", box="banco", stake=20)
    table.send("Bruno", "Bet", box="punto", stake=20)
    table.send("host", "Deal")
    assert table.view()["phase"] == "ended"
    expect(tv.locator("#ranking")).to_be_visible()
    again = tv.get_by_role("button", name=t("web.ui.rematch", "en"))
    expect(again).to_be_visible()
    again.click()
    expect(tv).not_to_have_url(re.compile(re.escape(table.id)))
    new = tv.url.rsplit("/", 1)[1]
    expect(tv.locator("#code")).not_to_be_empty()
    for page, name in ((ana, "Ana"), (bruno, "Bruno")):
        expect(page).to_have_url(f"{table.url}/p/{new}")
        expect(page.locator("#me-name")).to_have_text(name)
        expect(page.locator('.box[data-box="banco"]')).to_be_enabled()
    ana.locator('.box[data-box="banco"]').click()
    expect(ana.locator('.box[data-box="banco"] .box-stake')).to_be_visible()
    for page in (tv, ana, bruno):
        page.context.close()
