"""Seed 002 in a real browser: the shoe's holder deals or passes the shoe from their
phone, the largest Punto bet turns Punto's cards over (a tap on Turn over, or a
squeeze: a drag that lifts the cards little by little), everyone else sees who holds
them and for how long, and the dealer turns them when the time is up. The croupier's
news reaches screen readers through one polite live region per page, and the room's
ears through the host's speech synthesis.

"Le joueur Punto regarde les cartes et il les retourne pour le joueur qui distribue."
(seed 002)
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from puntobanco.i18n import Lang, t
from tests.web.conftest import TV, FakeClock, LiveServer, until
from tests.web.test_browser import axe_violations

TIMEOUT = 10_000
SMALL: dict[str, Any] = {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 1}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("turn") / "turn.db"
    with LiveServer(store=str(path), rate=1000, burst=1000, tables_per_hour=1e6) as s:
        yield s


class Table:
    """A casino table opened through the API where Ana holds the shoe and Bruno
    sits next to her; each has a phone (or not) and an API token."""

    def __init__(self, server: LiveServer, **settings: Any) -> None:
        self.url = server.url
        body = {"format": "casino", "settings": {"seed": 3, "bankroll": 10**6, **settings}}
        data = httpx.post(f"{self.url}/api/tables", json=body).json()
        self.id, self.code, self.host = data["table"], data["join_code"], data["host_token"]
        self.tokens = {n: self._join(n) for n in ("Ana", "Bruno")}
        self.n = 0

    def _join(self, name: str) -> str:
        r = httpx.post(f"{self.url}/api/tables/{self.id}/players", json={"name": name})
        return str(r.json()["token"])

    def send(self, who: str, kind: str, **fields: Any) -> dict[str, Any]:
        self.n += 1
        token = self.host if who == "host" else self.tokens[who]
        r = httpx.post(f"{self.url}/api/tables/{self.id}/commands",
                       json={"id": f"t{self.n}", "type": kind, **fields},
                       headers={"Authorization": f"Bearer {token}"})  # fmt: skip
        assert r.status_code == 200, r.text
        return dict(r.json())

    def bets(self) -> None:
        """Ana on Banco, Bruno on Punto: Punto's cards will go to Bruno."""
        self.send("Ana", "Bet", box="banco", stake=1_000)
        self.send("Bruno", "Bet", box="punto", stake=2_000)

    def history(self) -> list[dict[str, Any]]:
        r = httpx.get(f"{self.url}/api/tables/{self.id}/history",
                      headers={"Authorization": f"Bearer {self.host}"})  # fmt: skip
        return list(r.json())

    def view(self, who: str = "host", lang: str = "en") -> dict[str, Any]:
        token = self.host if who == "host" else self.tokens[who]
        r = httpx.get(f"{self.url}/api/tables/{self.id}/view?lang={lang}",
                      headers={"Authorization": f"Bearer {token}"})  # fmt: skip
        return dict(r.json())


def phone(browser: Browser, table: Table, name: str, locale: str, **extra: Any) -> Page:
    """``name``'s phone (375x667, touch), seated with its token's cookie."""
    context = browser.new_context(**SMALL, is_mobile=True, has_touch=True, locale=locale,
                                  reduced_motion="reduce", **extra)  # fmt: skip
    context.set_default_timeout(TIMEOUT)
    context.add_cookies([{"name": "pb_player", "value": table.tokens[name],
                          "url": f"{table.url}/api/tables/{table.id}/"}])  # fmt: skip
    page = context.new_page()
    page.goto(f"{table.url}/p/{table.id}")
    expect(page.locator("#me-name")).to_have_text(name)
    return page


def host(browser: Browser, table: Table, locale: str, **extra: Any) -> Page:
    context = browser.new_context(**TV, locale=locale, reduced_motion="reduce", **extra)
    context.set_default_timeout(TIMEOUT)
    context.add_cookies([{"name": "pb_host", "value": table.host,
                          "url": f"{table.url}/api/tables/{table.id}/"}])  # fmt: skip
    page = context.new_page()
    page.goto(f"{table.url}/host/{table.id}")
    expect(page.locator("#code")).not_to_be_empty()
    return page


def with_seconds(key: str, lang: Lang, **params: str) -> re.Pattern[str]:
    """``key``'s text in ``lang`` with any number of seconds."""
    text = re.escape(t(key, lang, seconds="SECONDS", **params)).replace("SECONDS", r"\d+")
    return re.compile(text)


LANGS = [("fr-FR", "fr"), ("es-ES", "es")]


@pytest.mark.parametrize(("locale", "lang"), LANGS)
def test_the_holder_deals_from_the_phone_and_the_punto_player_turns_the_cards_over(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server)
    ana, bruno = (phone(browser, table, n, locale, bypass_csp=True) for n in ("Ana", "Bruno"))
    screen = host(browser, table, locale, bypass_csp=True)  # axe is injected below
    table.bets()
    table.send("host", "CloseBets")
    # Ana holds the shoe: Deal and Pass the shoe on her phone, in her language; none on Bruno's.
    expect(ana.locator("#shoe-text")).to_have_text(t("web.ui.shoe.yours", lang))
    ana_deal = ana.get_by_role("button", name=t("web.ui.deal", lang), exact=True)
    expect(ana_deal).to_be_visible()
    expect(ana.get_by_role("button", name=t("web.ui.shoe.pass", lang))).to_be_visible()
    expect(bruno.locator("#shoe-part")).to_be_hidden()
    ana_deal.click()
    # Punto's cards face down with Bruno: his two cards and the button; the seconds left.
    turn = bruno.get_by_role("button", name=t("web.ui.turn.button", lang), exact=True)
    expect(turn).to_be_visible()
    expect(bruno.locator("#squeeze .sq-card")).to_have_count(2)
    expect(bruno.locator("#turn-text")).to_have_text(t("web.ui.turn.yours", lang))
    expect(bruno.locator("#turn-left")).to_have_text(with_seconds("web.ui.turn.left", lang))
    cards = table.view("Bruno")["me"]["punto_cards"]
    shown = bruno.locator("#squeeze .sq-corner:not(.sq-low)").all_inner_texts()
    # The ranks he was handed, in the letters of his language (French R, D, V).
    letters = {"K": "R", "Q": "D", "J": "V"} if lang == "fr" else {}
    assert [c[:-1] for c in shown] == [letters.get(c[:-1], c[:-1]) for c in cards]
    # Everyone else: who holds them, counting down; the host shows their backs.
    waiting = with_seconds("web.ui.turn.with", lang, name="Bruno")
    expect(ana.locator("#turn-text")).to_have_text(waiting)
    expect(ana.locator("#turn-button")).to_be_hidden()
    expect(ana.locator("#squeeze")).to_be_hidden()
    expect(screen.locator("#turn")).to_have_text(waiting)
    expect(screen.locator("#punto-cards .card.back")).to_have_count(2)
    expect(screen.locator("#players")).to_contain_text(t("web.ui.turn.tag", lang))
    expect(screen.locator("#deal")).to_be_hidden()  # the coup waits for Bruno
    expect(ana.locator(".sq-card")).to_have_count(0)  # her view never held them
    for page in (bruno, ana, screen):
        found = axe_violations(page)
        assert found == [], found
    turn.click()
    # Turned: everyone sees the coup, dealt on and settled; the next one is open.
    expect(screen.locator("#history li")).to_have_count(1)
    expect(screen.locator("#turn")).to_be_hidden()
    expect(screen.locator("#punto-cards .card.back")).to_have_count(0)
    expect(ana.locator("#recall li")).to_have_count(1)
    expect(bruno.locator("#turn")).to_be_hidden()
    last = table.view()["last"]
    assert last["punto"]["cards"][:2] == cards and table.history()[0]["punto_turned_by"] == "Bruno"
    expect(screen.locator("#punto-cards .card")).to_have_count(len(last["punto"]["cards"]))


#: Presses, drags and lets go of the first card with touch pointer events (the
#: page's handlers are the same for a finger and a mouse).
TOUCH_DRAG = """([area, share]) => {
  const card = area.querySelector(".sq-card");
  const r = card.getBoundingClientRect();
  const at = (y) => ({ pointerId: 7, pointerType: "touch", isPrimary: true, bubbles: true,
                       clientX: r.left + r.width / 2, clientY: y });
  card.dispatchEvent(new PointerEvent("pointerdown", at(r.bottom - 4)));
  for (let i = 1; i <= 20; i++) {
    const y = r.bottom - 4 - (i / 20) * share * r.height;
    area.dispatchEvent(new PointerEvent("pointermove", at(y)));
  }
  area.dispatchEvent(new PointerEvent("pointerup", at(r.bottom - 4 - share * r.height)));
}"""


#: Presses the first card with the mouse and drags it up ``share`` of its height,
#: without letting go.
MOUSE_DRAG = """([area, share]) => {
  const card = area.querySelector(".sq-card");
  const r = card.getBoundingClientRect();
  const at = (y) => ({ pointerId: 1, pointerType: "mouse", isPrimary: true, bubbles: true,
                       buttons: 1, clientX: r.left + r.width / 2, clientY: y });
  card.dispatchEvent(new PointerEvent("pointerdown", at(r.bottom - 4)));
  for (let i = 1; i <= 6; i++) {
    const y = r.bottom - 4 - (i / 6) * share * r.height;
    area.dispatchEvent(new PointerEvent("pointermove", at(y)));
  }
}"""
#: Lets the mouse go where it is.
MOUSE_UP = """(area) => {
  area.dispatchEvent(new PointerEvent("pointerup", { pointerId: 1, pointerType: "mouse",
                                                     isPrimary: true, bubbles: true }));
}"""


def peek(page: Page) -> float:
    return float(page.evaluate(
        "getComputedStyle(document.getElementById('squeeze')).getPropertyValue('--peek')"
    ))  # fmt: skip


def turns_sent(page: Page) -> int:
    return int(
        page.evaluate("window.__sent.filter((m) => JSON.parse(m).type === 'TurnPunto').length")
    )


RECORD_SENT = """(() => {
  window.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.__sent.push(String(data));
    return send.call(this, data);
  };
})();"""


@pytest.mark.parametrize(("locale", "lang"), LANGS)
def test_a_slow_squeeze_lifts_the_cards_and_turns_them_over_once_lifted(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server)
    table.bets()
    table.send("host", "CloseBets")
    table.send("Ana", "Deal")
    bruno = phone(browser, table, "Bruno", locale)
    bruno.add_init_script(RECORD_SENT)
    bruno.reload()
    expect(bruno.locator("#squeeze .sq-card")).to_have_count(2)
    expect(bruno.locator("#squeeze-hint")).to_have_text(t("web.ui.turn.squeeze", lang))
    # A mouse lifts the cards half way: their faces show from the bottom edge, and
    # nothing is sent; let go, they fall back face down. (The events are aimed at
    # the card where it is when they are sent: the page may still be laying out.)
    bruno.evaluate(MOUSE_DRAG, [bruno.locator("#squeeze").element_handle(), 0.6])
    assert 0.3 < peek(bruno) < 0.6
    clip = bruno.evaluate("getComputedStyle(document.querySelector('.sq-back')).clipPath")
    assert clip.startswith("inset(0px 0px ") and clip != "inset(0px 0px 0px)", clip
    bruno.evaluate(MOUSE_UP, bruno.locator("#squeeze").element_handle())
    assert peek(bruno) == 0 and turns_sent(bruno) == 0
    assert table.view()["turn"] is not None
    # A finger lifts them further than a card's height: they are turned over.
    bruno.evaluate(TOUCH_DRAG, [bruno.locator("#squeeze").element_handle(), 1.5])
    until(bruno, "window.__sent.some((m) => JSON.parse(m).type === 'TurnPunto')")
    expect(bruno.locator("#turn")).to_be_hidden()
    assert turns_sent(bruno) == 1 and table.history()[0]["punto_turned_by"] == "Bruno"


def test_the_dealer_turns_the_cards_when_the_players_time_is_up(
    browser: Browser, live: LiveServer, clock: FakeClock
) -> None:
    table = Table(live, turn_seconds=8)
    ana, bruno = (phone(browser, table, n, "es-ES") for n in ("Ana", "Bruno"))
    table.bets()
    table.send("host", "CloseBets")
    table.send("Ana", "Deal")
    deadline = time.monotonic() + 10
    while table.view("Bruno")["turn_left"] is None:  # the server's timer has seen them
        assert time.monotonic() < deadline
        time.sleep(0.05)
    expect(bruno.locator("#turn-left")).to_have_text(with_seconds("web.ui.turn.left", "es"))
    expect(ana.locator("#turn-text")).to_have_text(
        with_seconds("web.ui.turn.with", "es", name="Bruno")
    )
    clock.advance(9)
    expect(bruno.locator("#turn")).to_be_hidden()
    expect(ana.locator("#recall li")).to_have_count(1)
    expect(bruno.locator("#live")).to_contain_text(t("web.ui.turn.dealer", "es"))
    assert table.history()[0]["punto_turned_by"] is None


@pytest.mark.parametrize(("locale", "lang"), LANGS)
def test_the_holder_passes_the_shoe_to_the_next_seat_from_the_phone(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server)
    ana, bruno = (phone(browser, table, n, locale) for n in ("Ana", "Bruno"))
    screen = host(browser, table, locale)
    expect(screen.locator("#shoe")).to_contain_text(t("web.ui.holder", lang, name="Ana"))
    expect(bruno.locator("#pass-shoe")).to_be_hidden()
    ana.get_by_role("button", name=t("web.ui.shoe.pass", lang)).click()
    expect(screen.locator("#shoe")).to_contain_text(t("web.ui.holder", lang, name="Bruno"))
    expect(bruno.locator("#shoe-text")).to_have_text(t("web.ui.shoe.yours", lang))
    expect(bruno.locator("#pass-shoe")).to_be_visible()
    expect(ana.locator("#shoe-part")).to_be_hidden()
    table.bets()
    table.send("host", "CloseBets")
    expect(bruno.locator("#deal-shoe")).to_be_visible()
    expect(ana.locator("#deal-shoe")).to_be_hidden()


#: Counts what is written into the page's live region (``window.__live``), from the start.
WATCH_LIVE = """(() => {
  window.__live = [];
  document.addEventListener("DOMContentLoaded", () => {
    const node = document.getElementById("live");
    new MutationObserver(() => { if (node.textContent) window.__live.push(node.textContent); })
      .observe(node, { childList: true, characterData: true, subtree: true });
  });
})();"""


def live_text(page: Page) -> list[str]:
    return list(page.evaluate("window.__live"))


@pytest.mark.parametrize(("locale", "lang"), [("en-GB", "en"), *LANGS])
def test_one_polite_status_region_says_bets_closed_the_result_and_the_balance(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server, turn_seconds=None)
    ana = phone(browser, table, "Ana", locale)
    screen = host(browser, table, locale)
    for page in (ana, screen):
        page.add_init_script(WATCH_LIVE)
        page.reload()
        expect(page.locator("#status")).not_to_be_empty()
        regions = page.locator("[role=status], [aria-live], [role=log]")
        expect(regions).to_have_count(1)
        expect(regions).to_have_attribute("aria-live", "polite")
        expect(regions).to_have_attribute("role", "status")
    # Bets placed: each player hears their own, with its box and stake; the room
    # hears nothing (and a reload said nothing either).
    table.bets()
    expect(screen.locator("#players")).to_contain_text(t("outcome.punto", lang))
    expect(ana.locator("#my-bets")).to_contain_text(t("outcome.banco", lang))
    until(ana, "() => window.__live.length === 1")
    stake = ana.inner_text("[data-box=banco] .box-stake")
    placed = t("web.ui.say.bet_placed", lang, box=t("outcome.banco", lang), stake=stake)
    assert live_text(ana) == [placed]
    assert live_text(screen) == []
    closed = t("web.ui.say.bets_closed", lang)
    table.send("host", "CloseBets")
    for page in (ana, screen):
        expect(page.locator("#live")).to_have_text(closed)
    table.send("host", "Deal")
    expect(ana.locator("#recall li")).to_have_count(1)
    announce = table.view("Ana", lang)["last"]["announce"]
    net = ana.inner_text("#my-result").split(" ", 1)[1]  # "net +9.50" as the page writes it
    settled = t("web.ui.live.settled", lang, net=net, balance=ana.inner_text("#balance"))
    opened = t("web.ui.say.bets_open", lang)
    expect(ana.locator("#live")).to_have_text(f"{announce} {settled} {opened}")
    expect(screen.locator("#live")).to_have_text(f"{announce} {opened}")
    assert live_text(ana) == [placed, closed, f"{announce} {settled} {opened}"]
    # An unrelated bet, a view in another language: nothing read again.
    table.send("Bruno", "Bet", box="punto", stake=1_000)
    expect(screen.locator("#players")).to_contain_text(t("outcome.punto", lang))
    other = "es" if lang != "es" else "fr"
    screen.select_option("#lang", other)
    until(screen, "(l) => document.documentElement.lang !== l", lang)
    assert live_text(ana) == [placed, closed, f"{announce} {settled} {opened}"]
    assert live_text(screen) == [closed, f"{announce} {opened}"]
    # Nor is the other language's sentence left in the region, on the host or a phone.
    expect(screen.locator("#live")).to_have_text("")
    ana.select_option("#lang", other)
    until(ana, "(l) => document.documentElement.lang !== l", lang)
    expect(ana.locator("#live")).to_have_text("")
    assert live_text(ana) == [placed, closed, f"{announce} {settled} {opened}"]


#: A speech synthesis that records what it is asked to say (``window.__spoken``).
SPEECH = """(() => {
  window.__spoken = [];
  const synth = {
    speak(u) { window.__spoken.push({ text: u.text, lang: u.lang }); },
    cancel() {}, getVoices() { return []; }, speaking: false, pending: false,
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = class {
    constructor(text) { this.text = text; this.lang = ""; this.voice = null; }
  };
})();"""


@pytest.mark.parametrize(("locale", "lang"), [("en-GB", "en"), *LANGS])
def test_the_croupier_says_bets_open_and_closed_and_the_turn_aloud(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server)
    screen = host(browser, table, locale)
    screen.add_init_script(SPEECH)
    screen.reload()
    screen.check("#speech")
    table.bets()
    table.send("host", "CloseBets")
    until(screen, "window.__spoken.length === 1")
    table.send("Ana", "Deal")
    until(screen, "window.__spoken.length === 2")
    table.send("Bruno", "TurnPunto")
    until(screen, "window.__spoken.length === 5")
    announce = table.view(lang=lang)["last"]["announce"]
    spoken = screen.evaluate("window.__spoken")
    assert [s["text"] for s in spoken] == [
        t("web.ui.say.bets_closed", lang),
        t("web.ui.turn.handed", lang, name="Bruno"),
        t("web.ui.turn.turned", lang, name="Bruno"),
        announce,
        t("web.ui.say.bets_open", lang),
    ]
    assert {s["lang"] for s in spoken} == {lang}
