"""Real cards on the web table in a real browser: the host types or taps each
card as it is turned, the phones follow; and a phone that loses the network
comes back to its seat and sees what it missed."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.conftest import LiveServer
from tests.web.test_browser import axe_violations, host_page, open_from_host, phone


def test_the_host_enters_real_cards_by_keyboard_and_taps(
    browser: Browser, live: LiveServer
) -> None:
    host = host_page(browser, live, bypass_csp=True)  # axe is injected below
    host.check("input[name=format][value=session]")
    host.check("input[name=real_cards]")
    code = open_from_host(host, "session", deals="1")
    ana = phone(browser, live, code, "Ana")
    ben = phone(browser, live, code, "Ben")
    ana.click("button[data-box=punto]")
    ben.click("button[data-box=banco]")
    expect(host.locator("#close-bets")).to_be_visible()
    expect(host.locator("#deal")).to_be_hidden()
    host.click("#close-bets")
    expect(host.locator("#card-entry")).to_be_visible()
    expect(host.locator("#expects")).to_have_text("Next card: Punto")
    # Keyboard: the card field has the focus after bets close.
    host.keyboard.type("4h")
    host.keyboard.press("Enter")
    expect(host.locator("#punto-cards .card")).to_have_count(1)
    expect(host.locator("#expects")).to_have_text("Next card: Banco")
    expect(ana.locator("#my-result")).to_have_text("Next card: Banco")  # the phones follow
    # Taps: a rank, then a suit.
    host.click("#ranks button[data-rank='2']")
    host.click("#suits button[data-suit=S]")
    expect(host.locator("#banco-cards .card")).to_have_count(1)
    # A card the shoe has no more of, or no card at all, is refused with a reason.
    host.fill("#card-input", "XY")
    host.press("#card-input", "Enter")
    expect(host.locator("#error")).to_contain_text("XY")
    host.fill("#card-input", "9c")
    host.press("#card-input", "Enter")
    expect(host.locator("#punto-cards .card")).to_have_count(2)
    expect(ana.locator("#last-cards .card")).to_have_count(3)
    host.fill("#card-input", "AD")
    host.press("#card-input", "Enter")
    expect(host.locator("#expects")).to_have_text("Next card: Punto's third")
    expect(host.locator("#steps li")).to_have_count(0)
    assert axe_violations(host) == []
    host.fill("#card-input", "8d")
    host.press("#card-input", "Enter")
    # Punto 4+9 = 3 drew an 8: 1; Banco 2+A = 3 stands on an 8. Banco wins.
    expect(host.locator("#card-entry")).to_be_hidden()
    expect(host.locator("#announce")).to_contain_text("Banco")
    expect(host.locator("#steps li")).to_have_count(2)
    expect(ben.locator("#announce")).to_contain_text("Banco")
    expect(host.locator("#undo")).to_be_visible()
    host.click("#undo")  # the 8 goes back: the coup is open again
    expect(host.locator("#card-entry")).to_be_visible()
    expect(host.locator("#punto-cards .card")).to_have_count(2)
    host.fill("#card-input", "5s")  # Punto 3 + 5 = 8; Banco 3 draws on a 5
    host.press("#card-input", "Enter")
    expect(host.locator("#expects")).to_have_text("Next card: Banco's third")
    host.fill("#card-input", "6h")  # Banco 3 + 6 = 9
    host.press("#card-input", "Enter")
    expect(host.locator("#next")).to_be_visible()
    expect(host.locator("#banco-total")).to_have_text("9")
    host.click("#next")
    expect(host.locator("#ranking")).to_be_visible()
    expect(ana.locator("#status")).to_have_text("The table has closed")


def test_a_phone_that_loses_the_network_comes_back_to_its_seat(
    browser: Browser, live: LiveServer
) -> None:
    host = host_page(browser, live)
    code = open_from_host(host, "casino", turn=False)  # the dealer turns Ben's Punto cards
    ana = phone(browser, live, code, "Ana")
    ben = phone(browser, live, code, "Ben")
    ana.click("button[data-box=banco]")
    expect(ana.locator("#my-bets")).to_contain_text("10.00")
    ben.click("button[data-box=punto]")
    ana.context.set_offline(True)
    expect(ana.locator("#net")).to_have_text("Connection lost; reconnecting…")
    ana.click("button[data-box=punto]")  # no network: refused here, nothing sent
    expect(ana.locator("#error")).to_have_text("Connection lost; reconnecting…")
    # The table goes on while the phone is away; its bet stays on the table.
    host.click("#deal")
    expect(host.locator("#history li")).to_have_count(1)
    expect(ben.locator("#recall li")).to_have_count(1)
    expect(ana.locator("#recall li")).to_have_count(0)
    ana.context.set_offline(False)
    expect(ana.locator("#net")).to_be_empty()
    expect(ana.locator("#recall li")).to_have_count(1)
    expect(ana.locator("#recall li")).to_contain_text("Banco 10.00")
    expect(ana.locator("#me-name")).to_have_text("Ana")
    ana.click("button[data-box=punto]")
    expect(ana.locator("#my-bets")).to_contain_text("Punto 10.00")
