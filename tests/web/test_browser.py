"""The host screen and the phones in a real browser (Debian's Chromium, Playwright).

Each test is one table played the way people play it: a host context on a
laptop-sized screen and phone contexts of 390x844, clicking what people click.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import AXE, PHONE, TV, FakeClock, LiveServer

TIMEOUT = 10_000


def host_page(browser: Browser, live: LiveServer, locale: str = "en-GB", **extra: Any) -> Page:
    context = browser.new_context(**TV, locale=locale, reduced_motion="reduce", **extra)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(live.url + "/")
    return page


def open_from_host(page: Page, fmt: str, *, turn: bool = True, **fields: str) -> str:
    """Fill the host's form and open the table; returns the join code. ``turn``
    (casino): Punto's cards go face down to the largest Punto bet's phone, else
    the dealer turns every card."""
    page.check(f"input[name=format][value={fmt}]")
    for name, value in fields.items():
        page.fill(f"[name={name}]", value)
    if fmt == "casino" and not turn:
        page.uncheck("[name=punto_turn]")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/host/*")
    expect(page.locator("#code")).not_to_be_empty()
    return page.inner_text("#code")


def phone(browser: Browser, live: LiveServer, code: str, name: str, **extra: Any) -> Page:
    context: BrowserContext = browser.new_context(**PHONE, reduced_motion="reduce", **extra)
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.goto(f"{live.url}/j/{code}")
    page.fill("#name-input", name)
    page.click("#join-form button")
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#me-name")).to_have_text(name)
    return page


def axe_violations(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def test_a_three_person_session_of_ten_deals_ends_on_the_ranking(
    browser: Browser, live: LiveServer
) -> None:
    host = host_page(browser, live, locale="fr-FR")
    code = open_from_host(host, "session")
    phones = [phone(browser, live, code, name) for name in ("Ana", "Bruno", "Chloé")]
    expect(host.locator("#players li")).to_have_count(3)
    boxes = ["banco", "punto", "egalite"]
    for deal in range(1, 11):
        for i, p in enumerate(phones):
            box = boxes[(i + deal) % 3]
            p.click(f"button[data-box={box}]")
            expect(p.locator(f"button[data-box={box}]")).to_have_class(re.compile(r"\bhas-stake\b"))
        # The host sees who has predicted, never what.
        expect(host.locator("#players")).not_to_contain_text("Égalité")
        host.click("#deal")
        expect(host.locator("#history li")).to_have_count(deal)
        expect(host.locator("#announce")).to_contain_text("Banco")
    expect(host.locator("#ranking")).to_be_visible()
    expect(host.locator("#ranking-list li")).to_have_count(3)
    expect(host.locator("#status")).to_have_text("La table est fermée")
    scores = [p.inner_text("#balance") for p in phones]
    ranking = [" ".join(li.split()) for li in host.locator("#ranking-list li").all_inner_texts()]
    for p, score in zip(phones, scores, strict=True):
        line = f"{p.inner_text('#me-name')} {score}"
        assert any(shown.endswith(line) for shown in ranking), ranking
    expect(phones[0].locator("#recall li")).to_have_count(10)
    # Each coup had a shoe of its own: every phone checked them all, and none warns.
    for p in phones:
        expect(p.locator("#fair-line")).to_contain_text("✓")
        expect(p.locator("#fair-line")).not_to_contain_text("✗")


def test_a_casino_table_with_three_phones_plays_through_a_shoe_change(
    browser: Browser, live: LiveServer
) -> None:
    r = httpx.post(
        live.url + "/api/tables",
        # The dealer turns every card (Punto's cards to a phone: test_browser_turn.py).
        json={
            "format": "casino",
            "settings": {"decks": 1, "seed": 21, "bankroll": 1_000_000, "turn_seconds": None},
        },
    )
    table = r.json()
    host = host_page(browser, live)
    host.context.add_cookies(
        [
            {
                "name": "pb_host",
                "value": table["host_token"],
                "url": f"{live.url}/api/tables/{table['table']}/",
            }
        ]  # fmt: skip
    )
    host.goto(f"{live.url}/host/{table['table']}")
    phones = [phone(browser, live, table["join_code"], n) for n in ("Ana", "Bruno", "Chloé")]
    expect(host.locator("#shoe")).to_contain_text("Shoe 1")
    expect(host.locator("#shoe")).to_contain_text("Ana holds the shoe")
    for coup in range(1, 20):
        for p, box in zip(phones, ("banco", "punto", "punto"), strict=True):
            p.click(f"button[data-box={box}]")
            expect(p.locator("#my-bets")).to_contain_text("10.00")
        expect(host.locator("#shoe")).to_contain_text("Punto's cards go to Bruno")
        host.click("#deal")
        expect(host.locator("#status")).to_contain_text(f"Coup {coup + 1}")
        if "Shoe 2" in host.inner_text("#shoe"):
            break
    else:
        raise AssertionError("the one-deck shoe never changed")
    # A new shoe: the roads start again; each phone shows the balance the log holds.
    assert host.locator(".bead-plate .bead:not(.empty)").count() == 0
    history = httpx.get(
        f"{live.url}/api/tables/{table['table']}/history?last=1",
        headers={"Authorization": f"Bearer {table['host_token']}"},
    ).json()
    for p in phones:
        cents = history[0]["balances_after"][p.inner_text("#me-name")]
        expect(p.locator("#balance")).to_have_text(f"{cents // 100:,}.{cents % 100:02d}")


def test_the_croupier_deals_when_its_injected_clock_runs_out(
    browser: Browser, live: LiveServer, clock: FakeClock
) -> None:
    host = host_page(browser, live)
    code = open_from_host(host, "croupier", countdown="20")
    ana = phone(browser, live, code, "Ana")
    bruno = phone(browser, live, code, "Bruno")
    ana.click("button[data-box=banco]")
    expect(ana.locator("#my-bets")).to_contain_text("Banco 10.00")
    expect(host.locator("#countdown")).to_contain_text("Bets close in")
    expect(host.locator("#history li")).to_have_count(0)
    clock.advance(21)
    expect(host.locator("#history li")).to_have_count(1)
    expect(ana.locator("#announce")).to_contain_text("Banco")
    expect(bruno.locator("#status")).to_contain_text("Coup 2")
    # Everyone seated has bet: the countdown holds (a chip more may follow)...
    ana.click("button[data-box=punto]")
    bruno.click("button[data-box=banco]")
    expect(bruno.locator("#my-bets")).to_contain_text("Banco 10.00")
    expect(ana.locator("#ready-line")).to_contain_text("Ready: 0 of 2")
    clock.advance(1)
    ana.wait_for_timeout(600)  # the server's clock is looked at every 0.1 s
    expect(host.locator("#history li")).to_have_count(1)
    ana.click("button[data-box=punto]")  # ... and does: the stake grows
    expect(ana.locator("#my-bets")).to_contain_text("Punto 20.00")
    # ... until every seated player is ready: then the croupier does not wait.
    ana.click("#ready")
    expect(ana.locator("#ready")).to_be_hidden()
    expect(bruno.locator("#ready-line")).to_contain_text("Ready: 1 of 2")
    expect(host.locator("#players")).to_contain_text("ready")
    expect(host.locator("#history li")).to_have_count(1)
    bruno.click("#ready")
    expect(host.locator("#history li")).to_have_count(2)


def test_a_phone_that_reloads_mid_coup_comes_back_to_its_seat_and_bets(
    browser: Browser, live: LiveServer
) -> None:
    host = host_page(browser, live)
    code = open_from_host(host, "casino", bankroll="500")
    ana = phone(browser, live, code, "Ana")
    ana.click("button[data-box=banco]")
    ana.click("button[data-box=banco]")
    expect(ana.locator("#my-bets")).to_contain_text("Banco 20.00")
    ana.reload()
    expect(ana.locator("#me-name")).to_have_text("Ana")
    expect(ana.locator("#my-bets")).to_contain_text("Banco 20.00")
    # What is left to bet, the chips on the boxes beside it.
    expect(ana.locator("#balance")).to_have_text("480.00")
    expect(ana.locator("#staked")).to_have_text("On the boxes: 20.00")
    host.click("#deal")
    expect(ana.locator("#recall li")).to_have_count(1)
    expect(host.locator("#players li")).to_have_count(1)


def test_the_refusal_matrix_in_the_browser(browser: Browser, live: LiveServer) -> None:
    host = host_page(browser, live, locale="es-ES")
    code = open_from_host(host, "casino", turn=False, bankroll="100")
    ana = phone(browser, live, code, "Ana", locale="es-ES")
    table = host.url.rsplit("/", 1)[1]
    # Over the bankroll: the chip is not offered (its refusal is the engine's, tested
    # over the API), nothing staked.
    expect(ana.locator("#chips button >> nth=3")).to_be_disabled()
    expect(ana.locator("#chips button >> nth=2")).to_be_enabled()
    expect(ana.locator("#my-bets")).to_contain_text("ninguna")
    # A forged cookie is not a seat: the phone is asked to join.
    stranger = browser.new_context(**PHONE)
    stranger.add_cookies([{"name": "pb_player", "value": "forged",
                           "url": f"{live.url}/api/tables/{table}/"}])  # fmt: skip
    page = stranger.new_page()
    page.goto(f"{live.url}/p/{table}")
    expect(page.locator("#join")).to_be_visible()
    # After "no more bets", a bet is refused whatever the timing.
    ana.click("#chips button >> nth=0")
    ana.click("button[data-box=punto]")
    expect(ana.locator("#my-bets")).to_contain_text("Punto 10,00")
    host.click("#close-bets")
    expect(host.locator("#status")).to_contain_text("No va más")
    sent = ana.evaluate(SEND, {"table": table, "messages": [
        {"id": "late", "type": "Bet", "box": "punto", "stake": 1000},
        {"id": "other", "type": "Bet", "box": "punto", "stake": 1000, "name": "Bruno"},
        "x" * 5000,
    ]})  # fmt: skip
    codes = [m["error"]["code"] for m in sent if m["type"] == "error"]
    assert codes == [
        "table.error.phase.bets_closed",
        "engine.error.not_allowed",  # a token bets for its own player only
        "web.error.too_large",
    ]
    flood = ana.evaluate(FLOOD, {"table": table})
    assert flood["close"] == 1008 and "web.error.rate" in flood["codes"]
    huge = ana.evaluate(HUGE, {"table": table})
    assert huge == 1009
    # Another origin (localhost is not 127.0.0.1) is refused at the handshake.
    foreign = browser.new_context(bypass_csp=True).new_page()
    foreign.goto(live.url.replace("127.0.0.1", "localhost") + "/j")
    closed = foreign.evaluate(ORIGIN, {"url": live.url.replace("http", "ws"), "table": table})
    assert closed == 1008
    # None of it moved the table.
    host.click("#deal")
    expect(ana.locator("#recall li")).to_have_count(1)
    expect(ana.locator("#recall")).to_contain_text("Punto 10,00")


SEND = """async ({table, messages}) => {
  const ws = new WebSocket(`ws://${location.host}/api/tables/${table}/ws`);
  const got = [];
  await new Promise((ok) => ws.addEventListener("open", ok));
  ws.send(JSON.stringify({type: "hello", role: "player"}));
  const done = new Promise((ok) => ws.addEventListener("message", (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "error") got.push(m);
    if (got.length === messages.length) ok();
  }));
  for (const m of messages) ws.send(typeof m === "string" ? m : JSON.stringify(m));
  await done;
  ws.close();
  return got;
}"""

FLOOD = """async ({table}) => {
  const ws = new WebSocket(`ws://${location.host}/api/tables/${table}/ws`);
  const codes = [];
  await new Promise((ok) => ws.addEventListener("open", ok));
  ws.send(JSON.stringify({type: "hello", role: "player"}));
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "error") codes.push(m.error.code);
  });
  const closed = new Promise((ok) => ws.addEventListener("close", (e) => ok(e.code)));
  for (let i = 0; i < 60; i++) {
    ws.send(JSON.stringify({id: `f${i}`, type: "Withdraw", box: "banco"}));
  }
  return {close: await closed, codes};
}"""

HUGE = """async ({table}) => {
  const ws = new WebSocket(`ws://${location.host}/api/tables/${table}/ws`);
  await new Promise((ok) => ws.addEventListener("open", ok));
  ws.send(JSON.stringify({type: "hello", role: "player"}));
  const closed = new Promise((ok) => ws.addEventListener("close", (e) => ok(e.code)));
  for (let i = 0; i < 8; i++) ws.send("y".repeat(6000));
  return await closed;
}"""

ORIGIN = """async ({url, table}) => {
  const ws = new WebSocket(`${url}/api/tables/${table}/ws`);
  return await new Promise((ok) => ws.addEventListener("close", (e) => ok(e.code)));
}"""


def test_no_serious_or_critical_accessibility_violation(browser: Browser, live: LiveServer) -> None:
    host = host_page(browser, live, bypass_csp=True)
    assert axe_violations(host) == []
    code = open_from_host(host, "casino")
    ana = phone(browser, live, code, "Ana", bypass_csp=True)
    ana.click("button[data-box=banco]")
    expect(host.locator("#deal")).to_be_visible()
    host.click("#deal")
    expect(ana.locator("#announce")).not_to_be_empty()
    for page in (host, ana):
        found = axe_violations(page)
        assert found == [], json.dumps(found, indent=1)[:3000]
    join_page = browser.new_context(**PHONE, bypass_csp=True).new_page()
    join_page.goto(f"{live.url}/j/{code}")
    expect(join_page.locator("#join")).to_be_visible()
    assert axe_violations(join_page) == []
