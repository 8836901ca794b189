"""The phone on small screens and with the keyboard, in a real browser.

Every bet and every control must be inside the screen's width, reachable with
a tap, and never under the bet bar when it has the focus (WCAG 1.4.4, 1.4.10,
2.4.11), on phones of 320x568, 375x667 and 390x844, at 200 % page zoom and
with text-only zoom at 200 %. The chips are one radio group (2.4.3).

How the zooms are made: a browser's page zoom lays the page out in fewer CSS
pixels, each drawn with more device pixels; at 200 % on a 390x844 phone of
device scale 3 the page sees ``innerWidth`` 195, ``innerHeight`` 422 and
``devicePixelRatio`` 6, which is the viewport given here. Text-only zoom
(the browser's font size setting) changes the size of ``rem`` and ``em``,
which every size of the pages is written in: the root font size is doubled.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import LiveServer, until

TIMEOUT = 10_000

#: (name, context settings, root font size, whether the bet bar stays fixed with
#: the seven boxes of a table with pairs and Dragon Bonus)
SCREENS: list[tuple[str, dict[str, Any], str | None, bool]] = [
    ("320x568", {"viewport": {"width": 320, "height": 568}, "device_scale_factor": 2}, None,
     False),
    ("375x667", {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 2}, None,
     False),
    ("390x844", {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3}, None,
     True),
    ("390x844 at 200% zoom", {"viewport": {"width": 195, "height": 422}, "device_scale_factor": 6},
     None, False),
    ("390x844, text at 200%", {"viewport": {"width": 390, "height": 844},
                               "device_scale_factor": 3}, "200%", False),
]  # fmt: skip
#: The bet bar may take at most this share of the screen while it is fixed.
BAR_SHARE = 1 / 3
SIDE_BETS = ["pairs", "dragon-bonus"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("phone") / "phone.db"
    with LiveServer(store=str(path), rate=1000, burst=1000, tables_per_hour=1e6) as s:
        yield s


def casino(server: LiveServer, **settings: Any) -> dict[str, Any]:
    r = httpx.post(server.url + "/api/tables", json={"format": "casino", "settings": settings})
    assert r.status_code == 201, r.text
    return dict(r.json())


def join(browser: Browser, server: LiveServer, code: str, name: str, lang: str,
         context: dict[str, Any], font: str | None = None) -> Page:  # fmt: skip
    ctx = browser.new_context(**context, is_mobile=True, has_touch=True, locale=lang,
                              reduced_motion="reduce")  # fmt: skip
    ctx.set_default_timeout(TIMEOUT)
    ctx.add_init_script(COUNT_VIEWS)
    page = ctx.new_page()
    page.goto(f"{server.url}/j/{code}")
    page.fill("#name-input", name)
    page.click("#join-form button")
    expect(page.locator("#me-name")).to_have_text(name)
    if font is not None:
        page.evaluate("(size) => { document.documentElement.style.fontSize = size; }", font)
    return page


#: Counts the views the page receives (``window.__views``).
COUNT_VIEWS = """(() => {
  window.__views = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (/"type": ?"view"/.test(e.data)) window.__views++;
      });
    }
  };
})();"""

#: In the page: the bar, and every control a player may use, with its box.
LAYOUT = """() => {
  const bar = document.getElementById("actions");
  const fixed = getComputedStyle(bar).position === "fixed";
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const controls = [...document.querySelectorAll("#play button, #play summary, #play input, #lang")]
    .filter((e) => e.getClientRects().length)
    .map((e) => ({ what: e.dataset.box || e.dataset.stake || e.id || e.textContent.trim(),
                   box: box(e) }));
  return { width: innerWidth, height: innerHeight, scroll: document.documentElement.scrollWidth,
           fixed, bar: box(bar), controls };
}"""

#: In the page: the focused control's box and whether it is in the bar.
FOCUSED = """() => {
  const e = document.activeElement;
  const r = e.getBoundingClientRect();
  const bar = document.getElementById("actions");
  const what = e.dataset.box || e.dataset.stake || e.id || e.getAttribute("aria-label")
    || e.textContent;
  return { what, inBar: bar.contains(e),
           box: [r.left, r.top, r.right, r.bottom], end: e === document.body };
}"""


def check_layout(page: Page, screen: str, count: int) -> float:
    """Every control within the width, none hidden under a fixed bar; the bar's share."""
    layout = page.evaluate(LAYOUT)
    width = layout["width"]
    assert layout["scroll"] <= width, (screen, "the page scrolls sideways")
    seen = {c["what"] for c in layout["controls"]}
    boxes = ("punto", "egalite", "banco", "punto_pair", "banco_pair", "dragon_bonus_punto",
             "dragon_bonus_banco")  # fmt: skip
    for box in boxes[:count]:
        assert box in seen, (screen, box)
    for control in layout["controls"]:
        left, _, right, _ = control["box"]
        assert left >= -0.5 and right <= width + 0.5, (screen, control)
    top, bottom = layout["bar"][1], layout["bar"][3]
    share = (bottom - top) / layout["height"] if layout["fixed"] else 0.0
    assert share <= BAR_SHARE, (screen, share)
    return share


def check_focus(page: Page, screen: str) -> None:
    """Tab through the page: each focused control is on the screen and, out of the
    bar, wholly above it while the bar is fixed."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.click("h1")  # Tab starts from the top
    fixed = page.evaluate("getComputedStyle(document.getElementById('actions')).position")
    bar_top = page.evaluate("document.getElementById('actions').getBoundingClientRect().top")
    height = page.evaluate("innerHeight")
    reached = set()
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused["end"] or focused["what"] in reached:
            break
        reached.add(focused["what"])
        _, top, _, bottom = focused["box"]
        assert top >= -0.5 and bottom <= height + 0.5, (screen, focused)
        if fixed == "fixed" and not focused["inBar"]:
            assert bottom <= bar_top + 0.5, (screen, "under the bar", focused)
    assert {"lang", "punto", "banco", "egalite"} <= reached, (screen, reached)


#: The small phones at a table of the three boxes only: the bar stays fixed there.
PLAIN = [(*s[:3], True) for s in SCREENS[:2]]


@pytest.mark.parametrize(
    ("screen", "context", "font", "fixed", "sides"),
    [(*s, SIDE_BETS) for s in SCREENS] + [(*s, []) for s in PLAIN],
    ids=[s[0] for s in SCREENS] + [f"{s[0]}, three boxes" for s in PLAIN],
)
@pytest.mark.parametrize("lang", ["fr-FR", "es-ES"])
def test_every_bet_and_control_fits_and_shows_at_320px_and_at_200_percent_zoom(
    browser: Browser,
    server: LiveServer,
    lang: str,
    screen: str,
    context: dict[str, Any],
    font: str | None,
    fixed: bool,
    sides: list[str],
) -> None:
    t = casino(server, seed=6, side_bets=sides, bankroll=10**7)
    page = join(browser, server, t["join_code"], "Ana", lang, context, font)
    # Every box takes a tap where it is shown (nothing covers it): one bet each,
    # Banco once Punto's bet is taken back (the table refuses both at once).
    boxes = page.locator("#actions .box")
    count = 7 if sides else 3
    expect(boxes).to_have_count(count)
    bets = page.locator("#my-bets li")
    for i in range(count):
        if boxes.nth(i).get_attribute("data-box") == "banco":
            page.click("#my-bets li:has-text('Punto') button", timeout=3_000)
            expect(bets).to_have_count(i - 1)
        boxes.nth(i).click(timeout=3_000)
        expect(bets).to_have_count(i if i >= 2 else i + 1)
    expect(page.locator("#error")).to_be_empty()
    share = check_layout(page, screen, count)
    # Fixed under the thumb while small enough; in the page once zoomed.
    assert (share > 0) is fixed, share
    check_focus(page, screen)
    page.context.close()
    print(f"{screen} {lang}: the bet bar takes {share:.0%} of the screen")


def _chips(page: Page) -> list[dict[str, Any]]:
    return list(
        page.evaluate("""() => [...document.querySelectorAll('#chips [role=radio]')].map((b) => ({
          text: b.textContent, checked: b.getAttribute('aria-checked'),
          tab: b.tabIndex, focused: b === document.activeElement }))""")
    )


def _checked(page: Page) -> tuple[int, bool]:
    """The chosen chip (its place in the row) and whether it has the focus."""
    chips = _chips(page)
    assert [c["tab"] for c in chips].count(0) == 1, chips  # one tab stop: the chosen chip
    (at,) = [i for i, c in enumerate(chips) if c["checked"] == "true"]
    assert chips[at]["tab"] == 0, chips
    return at, chips[at]["focused"]


@pytest.mark.parametrize(("lang", "name"), [("fr-FR", "Jeton"), ("es-ES", "Ficha")])
def test_the_chips_are_one_radio_group_that_keeps_the_focus(
    browser: Browser, server: LiveServer, lang: str, name: str
) -> None:
    t = casino(server, seed=7, bankroll=10**7)
    phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3}
    page = join(browser, server, t["join_code"], "Ana", lang, phone)
    other = join(browser, server, t["join_code"], "Ben", lang, phone)
    expect(page.get_by_role("radiogroup", name=name)).to_be_visible()
    # Money as French and Spanish write it.
    assert [c["text"] for c in _chips(page)] == ["10,00", "25,00", "100,00", "500,00"]
    # Tab comes into the group on the chosen chip and leaves it at the next Tab.
    # Tab starts from the bet bar itself, just before the chips.
    page.evaluate("document.getElementById('actions').setAttribute('tabindex', '-1')")
    page.focus("#actions")
    page.keyboard.press("Tab")
    assert _checked(page) == (0, True)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.box") == "punto"
    page.keyboard.press("Shift+Tab")
    assert _checked(page) == (0, True)
    # The arrows move and choose, round the ends; Home and End go to the ends.
    for key, at in [("ArrowRight", 1), ("ArrowDown", 2), ("ArrowLeft", 1), ("End", 3),
                    ("ArrowRight", 0), ("ArrowLeft", 3), ("Home", 0), ("ArrowUp", 3)]:  # fmt: skip
        page.keyboard.press(key)
        assert _checked(page) == (at, True), key
    # Enter and Space choose the focused chip and the focus stays on it.
    page.keyboard.press("Home")
    page.evaluate("document.querySelectorAll('#chips [role=radio]')[2].focus()")
    page.keyboard.press("Enter")
    assert _checked(page) == (2, True)
    page.evaluate("document.querySelectorAll('#chips [role=radio]')[1].focus()")
    page.keyboard.press("Space")
    assert _checked(page) == (1, True)
    # Another player's bet sends a new view: the chips stay, and the focus with them.
    views = page.evaluate("window.__views")
    other.click("button[data-box=punto]")
    until(page, "(before) => window.__views > before", views)
    assert _checked(page) == (1, True)
    page.click("button[data-box=banco]")
    expect(page.locator("#my-bets")).to_contain_text("Banco 25,00")


@pytest.mark.parametrize("screen", [s for s in SCREENS if s[0] in ("320x568", "390x844")],
                         ids=["320x568", "390x844"])  # fmt: skip
def test_the_fair_shoe_s_details_opened_never_widen_the_page_nor_cover_the_bet_bar(
    browser: Browser, server: LiveServer, screen: tuple[str, dict[str, Any], str | None, bool]
) -> None:
    # The next shoe's contributions are listed in the details, each a name and
    # 64 hex digits: a word wider than the phone. Wider content widens a phone's
    # layout viewport, which lays the fixed bet bar out where the player's tap
    # lands on the details instead.
    t = casino(server, bankroll=10**7)
    name, context, _, _ = screen
    page = join(browser, server, t["join_code"], "Ana", "en-GB", context)
    join(browser, server, t["join_code"], "Bruno", "en-GB", context)
    page.click("#fair-details summary")
    expect(page.locator("#contributions li")).not_to_have_count(0)
    until(page, "document.getElementById('contributions').textContent.length > 60")
    layout = page.evaluate(LAYOUT)
    assert layout["scroll"] <= layout["width"], (name, "the page scrolls sideways")
    assert layout["width"] == context["viewport"]["width"], (name, layout["width"])
    page.click("button[data-box=punto]", timeout=3_000)
    expect(page.locator("#my-bets")).to_contain_text("Punto")
