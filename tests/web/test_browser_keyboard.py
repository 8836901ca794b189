"""A whole casino coup played from the keyboard alone: a bet placed with Tab and
Enter, Punto's cards turned over with Enter by the phone they were handed to, the
shoe passed on by its holder; and axe-core finds no violation at all (whatever its
impact) on the pages of that coup."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import AXE, LiveServer
from tests.web.test_browser_turn import Table, host, phone


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("keys") / "keys.db"
    with LiveServer(store=str(path), rate=1000, burst=1000, tables_per_hour=1e6) as s:
        yield s


def tab_to(page: Page, selector: str) -> None:
    """Tab from where the focus is until ``selector`` has it (the keyboard's way)."""
    for _ in range(80):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {selector}")


def all_violations(page: Page) -> list[tuple[str, str]]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [(v["id"], v["impact"]) for v in found]


def test_a_casino_coup_from_the_keyboard_alone(browser: Browser, server: LiveServer) -> None:
    table = Table(server, turn_seconds=60)
    ana = phone(browser, table, "Ana", "en-GB", bypass_csp=True)
    bruno = phone(browser, table, "Bruno", "en-GB", bypass_csp=True)
    screen = host(browser, table, "en-GB", bypass_csp=True)
    for page in (ana, bruno, screen):
        assert all_violations(page) == [], page.url
    # Ana holds the shoe: she passes it on, from her keyboard.
    expect(ana.locator("#pass-shoe")).to_be_visible()
    tab_to(ana, "#pass-shoe")
    ana.keyboard.press("Enter")
    expect(screen.locator("#shoe")).to_contain_text("Bruno holds the shoe")
    # Bruno bets on Punto, Ana on Banco: Tab to the box, Enter.
    tab_to(bruno, "button[data-box=punto]")
    bruno.keyboard.press("Enter")
    expect(bruno.locator("#my-bets")).to_contain_text("Punto 10.00")
    tab_to(ana, "button[data-box=banco]")
    ana.keyboard.press("Enter")
    expect(ana.locator("#my-bets")).to_contain_text("Banco 10.00")
    # The host closes the bets; the holder deals from his phone; Punto's cards go
    # face down to him.
    screen.click("h1")  # Tab starts from the top
    tab_to(screen, "#close-bets")
    screen.keyboard.press("Enter")
    expect(bruno.locator("#deal-shoe")).to_be_visible()
    tab_to(bruno, "#deal-shoe")
    bruno.keyboard.press("Enter")
    expect(bruno.locator("#turn-button")).to_be_visible()
    assert all_violations(bruno) == []
    tab_to(bruno, "#turn-button")
    bruno.keyboard.press("Enter")
    expect(bruno.locator("#my-result")).not_to_be_empty()
    expect(screen.locator("#history li")).to_have_count(1)
    for page in (ana, bruno, screen):
        assert all_violations(page) == [], page.url
        page.context.close()


@pytest.mark.parametrize("locale", ["fr-FR", "es-ES"])
def test_the_form_and_the_join_pages_have_no_violation_at_all(
    browser: Browser, server: LiveServer, locale: str
) -> None:
    table = Table(server)
    context = browser.new_context(locale=locale, bypass_csp=True)
    page = context.new_page()
    for path in ("/", f"/j/{table.code}", "/j"):
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        assert all_violations(page) == [], path
    context.close()
