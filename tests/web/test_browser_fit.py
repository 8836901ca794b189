"""What the moment needs is inside the screen, without scrolling: on the TV (TV mode)
at 1920x1080 with 14 seats, 1366x768 and 1280x720, the felt, every seat and the
odds table's every column; on phones of 320x568, 375x667, 667x375 (on its side) and
at 200 % zoom, the chips and the boxes while betting, Punto's face-down cards with
their button during the turn, and the result after it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import LiveServer, until
from tests.web.test_browser_turn import Table

TIMEOUT = 10_000

#: Whether an element is wholly inside the viewport as it is now (no scrolling).
INSIDE = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect();
    return r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5
      && r.right <= innerWidth + 0.5; })"""


#: Where the elements outside the screen are (for the failure's message).
OUTSIDE = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect();
    return [e.id || e.textContent.slice(0, 20), r.left, r.top, r.right, r.bottom]; })
  .filter(([, l, t, r, b]) => t < -0.5 || l < -0.5 || b > innerHeight + 0.5
    || r > innerWidth + 0.5)"""


def inside(page: Page, selector: str, screen: str) -> None:
    """Every shown ``selector`` (at least one) is inside the screen, soon (the page
    brings what the moment needs into sight as a view arrives)."""
    check = f"(s) => {{ const f = ({INSIDE})(s); return f.length > 0 && f.every(Boolean); }}"
    try:
        until(page, check, selector)
    except AssertionError:
        raise AssertionError((screen, page.evaluate(OUTSIDE, selector))) from None
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), screen


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("fit") / "fit.db"
    with LiveServer(store=str(path), rate=1000, burst=1000, tables_per_hour=1e6) as s:
        yield s


@pytest.fixture(scope="module")
def full_table(server: LiveServer) -> dict[str, Any]:
    """A casino table of 14 seats, every seat taken and betting, coups played."""
    settings = {"seed": 4, "seats": 14, "bankroll": 10**7, "turn_seconds": None,
                "side_bets": ["pairs"]}  # fmt: skip
    body = {"format": "casino", "settings": settings}
    t = httpx.post(f"{server.url}/api/tables", json=body).json()
    names = [f"Joueur {n:02d}" for n in range(1, 15)]
    tokens = [
        httpx.post(f"{server.url}/api/tables/{t['table']}/players", json={"name": n}).json()[
            "token"
        ]
        for n in names
    ]
    sent = 0

    def send(token: str, **command: Any) -> None:
        nonlocal sent
        sent += 1
        r = httpx.post(f"{server.url}/api/tables/{t['table']}/commands",
                       json={"id": f"f{sent}", **command},
                       headers={"Authorization": f"Bearer {token}"})  # fmt: skip
        assert r.status_code == 200, r.text

    for _ in range(12):
        for i, token in enumerate(tokens):
            send(token, type="Bet", box="banco" if i % 2 else "punto", stake=1_000 * (i + 1))
        send(t["host_token"], type="Deal")
    for i, token in enumerate(tokens):  # the coup to come, bet on too
        send(token, type="Bet", box="banco" if i % 2 else "punto", stake=1_000)
    return dict(t)


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768), (1280, 720)],
                         ids=["1920x1080", "1366x768", "1280x720"])  # fmt: skip
def test_the_tv_shows_the_felt_every_seat_and_every_column(
    browser: Browser, server: LiveServer, full_table: dict[str, Any], size: tuple[int, int]
) -> None:
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-FR",
                                  reduced_motion="reduce")  # fmt: skip
    context.set_default_timeout(TIMEOUT)
    context.add_cookies([{"name": "pb_host", "value": full_table["host_token"],
                          "url": f"{server.url}/api/tables/{full_table['table']}/"}])  # fmt: skip
    page = context.new_page()
    page.goto(f"{server.url}/host/{full_table['table']}?tv")
    expect(page.locator("#players li")).to_have_count(14)
    expect(page.locator("#history li")).to_have_count(10)
    page.wait_for_timeout(200)
    screen = f"{width}x{height}"
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight"), screen
    for selector in ("#felt", "#players li", "#odds", "#roads", "#code"):
        inside(page, selector, f"{screen} {selector}")
    # Each seat whole inside its panel (no seat hidden under the panel's edge), and
    # no column of the odds table cut.
    cut = page.evaluate("""() => {
      const panel = document.querySelector('.players-panel').getBoundingClientRect();
      const seats = [...document.querySelectorAll('#players li')]
        .filter((li) => li.getBoundingClientRect().bottom > panel.bottom + 0.5).length;
      const odds = document.getElementById('odds');
      return { seats, odds: odds.scrollWidth - odds.clientWidth };
    }""")
    assert cut == {"seats": 0, "odds": 0}, (screen, cut)
    context.close()


PHONES: list[tuple[str, dict[str, Any]]] = [
    ("320x568", {"viewport": {"width": 320, "height": 568}, "device_scale_factor": 2}),
    ("375x667", {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 2}),
    ("667x375", {"viewport": {"width": 667, "height": 375}, "device_scale_factor": 2}),
    ("390x844 at 200%", {"viewport": {"width": 195, "height": 422}, "device_scale_factor": 6}),
]


@pytest.mark.parametrize(("screen", "context"), PHONES, ids=[p[0] for p in PHONES])
def test_the_phone_shows_what_the_moment_needs(
    browser: Browser, server: LiveServer, screen: str, context: dict[str, Any]
) -> None:
    table = Table(server, turn_seconds=60)
    ctx = browser.new_context(**context, is_mobile=True, has_touch=True, locale="es-ES",
                              reduced_motion="reduce")  # fmt: skip
    ctx.set_default_timeout(TIMEOUT)
    ctx.add_cookies([{"name": "pb_player", "value": table.tokens["Bruno"],
                      "url": f"{table.url}/api/tables/{table.id}/"}])  # fmt: skip
    page = ctx.new_page()
    page.goto(f"{table.url}/p/{table.id}")
    expect(page.locator("#me-name")).to_have_text("Bruno")
    # Betting: the chips and the three boxes.
    inside(page, "#chips button", f"{screen} chips")
    inside(page, "#actions .boxes:not(.side-boxes) .box", f"{screen} boxes")
    page.click("button[data-box=punto]")
    expect(page.locator("#my-bets")).to_contain_text("Punto")
    table.send("Ana", "Bet", box="banco", stake=1_000)
    table.send("host", "Deal")  # Punto's cards go face down to Bruno
    # The turn: Punto's cards face down and their button.
    expect(page.locator("#turn")).to_be_visible()
    inside(page, "#squeeze", f"{screen} cards")
    inside(page, "#turn-button", f"{screen} turn over")
    page.click("#turn-button")
    # The result.
    expect(page.locator("#my-result")).not_to_be_empty()
    inside(page, "#last-cards", f"{screen} cards dealt")
    inside(page, "#my-result", f"{screen} result")
    ctx.close()
