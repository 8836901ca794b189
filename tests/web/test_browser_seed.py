"""The phone's form for the next shoe's seed in a real browser: a player opens it,
adds a text, sees it listed with the next shoe's commitment, and cannot add a
second; a refused text says why in the phone's language; nothing to serious
accessibility faults."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, expect

from tests.web.conftest import LiveServer
from tests.web.test_browser import axe_violations, host_page, open_from_host, phone


def test_a_player_adds_a_text_to_the_next_shoes_seed_from_the_phone(
    browser: Browser, live: LiveServer
) -> None:
    host = host_page(browser, live)
    code = open_from_host(host, "casino")
    ana = phone(browser, live, code, "Ana", bypass_csp=True, locale="fr-FR")  # axe below
    ana.click("#seed summary")
    expect(ana.locator("#next-shoe")).to_contain_text("du sabot 2: ")
    expect(ana.locator("#seed-form")).to_be_visible()
    ana.fill("#seed-input", "a|b")
    ana.click("#seed-form button")
    expect(ana.locator("#error")).to_contain_text("sans '|'")
    ana.fill("#seed-input", "porte-bonheur")
    ana.click("#seed-form button")
    expect(ana.locator("#contributions li")).to_have_text(["Ana: porte-bonheur"])
    expect(ana.locator("#next-client")).to_contain_text("/2|porte-bonheur")
    expect(ana.locator("#seed-form")).to_be_hidden()  # one text per player and shoe
    expect(ana.locator("#error")).to_be_empty()
    found = axe_violations(ana)
    assert found == [], json.dumps(found, indent=1)[:3000]
    ben = phone(browser, live, code, "Ben")
    ben.click("#seed summary")
    expect(ben.locator("#contributions li")).to_have_text(["Ana: porte-bonheur"])
    expect(ben.locator("#seed-form")).to_be_visible()
