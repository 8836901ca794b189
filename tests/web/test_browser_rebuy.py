"""Buying in again on the phone: once the bankroll no longer covers the table's
minimum, the phone says so, disables the chips and the boxes no chip can reach, and
offers a rebuy back up to the table's bankroll; where the host approves rebuys, the
phone says the request waits and the host screen grants it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from puntobanco.i18n import Lang, t
from tests.web.conftest import LiveServer
from tests.web.test_browser_turn import Table, host, phone, server

__all__ = ["server"]  # the module's server fixture, shared

LANGS = [("en-GB", "en"), ("fr-FR", "fr"), ("es-ES", "es")]


def broke(
    browser: Browser, server: LiveServer, locale: str, **settings: object
) -> tuple[Table, Page]:
    """A table of minimum 10.00 where each sits down with 10.00, and Ana's phone
    after her whole bankroll was lost on Égalité."""
    table = Table(server, minimum=1000, bankroll=1000, **settings)
    ana = phone(browser, table, "Ana", locale)
    expect(ana.locator("#rebuy")).to_be_hidden()
    ana.locator('.box[data-box="egalite"]').click()
    expect(ana.locator('.box[data-box="egalite"] .box-stake')).to_be_visible()
    table.send("host", "Deal")
    while (balance := table.view("Ana")["me"]["balance"]) >= 1000:  # Égalité came out
        table.send("Ana", "Bet", box="egalite", stake=min(balance, 50_000))
        table.send("host", "Deal")
    assert balance == 0
    return table, ana


@pytest.mark.parametrize(("locale", "lang"), LANGS)
def test_a_phone_at_zero_offers_a_rebuy_and_no_chip_then_plays_again(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table, ana = broke(browser, server, locale)
    rebuy = ana.get_by_role("button", name=t("web.ui.tool.rebuy", lang))
    expect(rebuy).to_be_visible()
    expect(ana.locator("#rebuy-text")).to_be_visible()
    short = t("web.ui.rebuy.short", lang, minimum="MIN").split("MIN")[0]
    expect(ana.locator("#rebuy-text")).to_contain_text(short)
    for chip in ana.locator("#chips .chip").all():
        expect(chip).to_be_disabled()
    for box in ("punto", "egalite", "banco"):
        expect(ana.locator(f'.box[data-box="{box}"]')).to_be_disabled()
    rebuy.click()
    expect(rebuy).to_be_hidden()
    expect(ana.locator("#rebuy-text")).to_be_hidden()
    expect(ana.locator('.box[data-box="banco"]')).to_be_enabled()
    assert table.view("Ana")["me"]["balance"] == 1000
    ana.locator('.box[data-box="banco"]').click()
    expect(ana.locator('.box[data-box="banco"] .box-stake')).to_be_visible()
    ana.context.close()


def test_where_the_host_approves_the_phone_waits_and_the_host_grants(
    browser: Browser, server: LiveServer
) -> None:
    table, ana = broke(browser, server, "en-GB", rebuy_approval=True)
    screen = host(browser, table, "en-GB")
    ana.get_by_role("button", name=t("web.ui.tool.rebuy", "en")).click()
    waiting = t("web.ui.rebuy.waiting", "en", amount="AMOUNT").split("AMOUNT")[0]
    expect(ana.locator("#rebuy-text")).to_contain_text(waiting)
    expect(ana.locator("#rebuy")).to_be_hidden()
    asks = t("web.ui.host.asks_rebuy", "en", name="Ana", amount="AMOUNT").split("AMOUNT")[0]
    expect(screen.locator("#asking")).to_contain_text(asks)
    screen.get_by_role("button", name=t("web.ui.host.grant", "en")).click()
    expect(screen.locator("#asking")).to_be_hidden()
    expect(ana.locator("#rebuy-text")).to_be_hidden()
    expect(ana.locator('.box[data-box="banco"]')).to_be_enabled()
    assert table.view("Ana")["me"]["balance"] == 1000
    ana.context.close()
    screen.context.close()
