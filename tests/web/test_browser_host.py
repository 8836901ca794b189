"""The host screen as a room plays it, in a real browser: the D key only from the
felt and only while it is on, a focus ring that shows on the felt, the five
roads and the ask marks with their words for screen readers, the shoe's
statistics, the exact odds of the next coup (those the command line prints) and
the croupier's announcements spoken in the table's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from puntobanco.cli import main
from puntobanco.i18n import Lang, t
from puntobanco.table.events import ShoeBurned
from tests.web.conftest import TV, LiveServer, until

TIMEOUT = 10_000
OUTCOMES = {"B": "banco", "P": "punto", "T": "egalite"}
ROADS = ("big_eye_boy", "small_road", "cockroach_pig")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("host") / "host.db"
    with LiveServer(store=str(path), rate=1000, burst=1000, tables_per_hour=1e6) as s:
        yield s


class Table:
    """A table opened through the API, with one player who bets before each deal."""

    def __init__(self, server: LiveServer, fmt: str = "casino", **settings: Any) -> None:
        self.server = server
        r = httpx.post(f"{server.url}/api/tables", json={"format": fmt, "settings": settings})
        assert r.status_code == 201, r.text
        data = r.json()
        self.id, self.host = data["table"], data["host_token"]
        self.fmt = fmt
        self.players = [self._join(name) for name in ("Ana", "Ben")]
        self.n = 0

    def _join(self, name: str) -> str:
        r = httpx.post(f"{self.server.url}/api/tables/{self.id}/players", json={"name": name})
        return str(r.json()["token"])

    def command(self, token: str, kind: str, **fields: Any) -> None:
        self.n += 1
        r = httpx.post(f"{self.server.url}/api/tables/{self.id}/commands",
                       json={"id": f"c{self.n}", "type": kind, **fields},
                       headers={"Authorization": f"Bearer {token}"})  # fmt: skip
        assert r.status_code == 200, r.text

    def bet(self) -> None:
        for token in self.players:
            if self.fmt == "session":
                self.command(token, "Bet", box="banco")
            else:
                self.command(token, "Bet", box="banco", stake=1_000)

    def play(self, coups: int) -> None:
        for _ in range(coups):
            self.bet()
            self.command(self.host, "Deal")

    def view(self) -> dict[str, Any]:
        r = httpx.get(f"{self.server.url}/api/tables/{self.id}/view",
                      headers={"Authorization": f"Bearer {self.host}"})  # fmt: skip
        return dict(r.json())

    def seen(self) -> list[str]:
        """The turned burn card and the cards dealt from the shoe in play."""
        table = self.id
        state, records = self.server.app.state.tables.call(
            lambda engine: (engine.state(table), engine.log(table))
        ).result()
        shoe = state.shoe
        burn = next(
            r.event
            for r in records
            if isinstance(r.event, ShoeBurned) and r.event.shoe == shoe.number
        )
        return [str(burn.turned), *(str(c) for coup in state.shoe_coups for c in coup.cards)]


def host_page(browser: Browser, table: Table, locale: str, **extra: Any) -> Page:
    context = browser.new_context(**TV, locale=locale, reduced_motion="reduce", **extra)
    context.set_default_timeout(TIMEOUT)
    url = table.server.url
    context.add_cookies([{"name": "pb_host", "value": table.host,
                          "url": f"{url}/api/tables/{table.id}/"}])  # fmt: skip
    page = context.new_page()
    page.goto(f"{url}/host/{table.id}")
    expect(page.locator("#code")).not_to_be_empty()
    # The QR code of the join address, drawn by the server, has loaded.
    qr = page.locator("#qr")
    expect(qr).to_have_attribute("alt", f"{url}/j/{page.inner_text('#code')}")
    until(page, "document.getElementById('qr').naturalWidth > 0")
    return page


#: Records what the page sends on its sockets (``window.__sent``).
RECORD_SENT = """(() => {
  window.__sent = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.__sent.push(String(data));
    return send.call(this, data);
  };
})();"""


def deals_sent(page: Page) -> int:
    return int(page.evaluate("window.__sent.filter((m) => JSON.parse(m).type === 'Deal').length"))


@pytest.mark.parametrize("locale", ["fr-FR", "es-ES"])
def test_d_deals_only_from_the_felt_and_can_be_turned_off(
    browser: Browser, server: LiveServer, locale: str
) -> None:
    table = Table(server, seed=3)
    table.bet()
    page = host_page(browser, table, locale)
    page.add_init_script(RECORD_SENT)
    page.reload()
    expect(page.locator("#deal")).to_be_visible()
    # Typing elsewhere on the page never deals: on the page itself, in the header.
    page.click("h1")
    page.keyboard.press("d")
    page.focus("#lang")
    page.keyboard.press("D")
    assert deals_sent(page) == 0
    page.focus("#shortcuts")
    page.keyboard.press("d")
    assert deals_sent(page) == 0
    expect(page.locator("#felt-hint")).to_be_visible()
    # From the felt, or a control on it, D deals.
    page.focus("#felt")
    page.keyboard.press("d")
    assert deals_sent(page) == 1
    expect(page.locator("#history li")).to_have_count(1)
    table.bet()
    expect(page.locator("#felt-hint")).to_be_visible()
    page.focus("#close")
    page.keyboard.press("Control+d")  # with a modifier: the browser's, not ours
    assert deals_sent(page) == 1
    page.keyboard.press("d")
    assert deals_sent(page) == 2
    expect(page.locator("#history li")).to_have_count(2)
    # Turned off, it stays off after a reload (kept in the browser).
    table.bet()
    page.uncheck("#shortcuts")
    expect(page.locator("#felt-hint")).to_be_hidden()
    page.focus("#felt")
    page.keyboard.press("d")
    assert deals_sent(page) == 2
    page.reload()
    expect(page.locator("#shortcuts")).not_to_be_checked()
    expect(page.locator("#felt")).not_to_have_attribute("aria-keyshortcuts", "D")
    page.focus("#felt")
    page.keyboard.press("d")
    assert deals_sent(page) == 0  # since the reload
    expect(page.locator("#history li")).to_have_count(2)


#: The contrast of the focused element's ring against the colours beside it:
#: the felt (or the bar) under it, and the page around it when it lies outside.
RING = """() => {
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      v /= 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const behind = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const bg = getComputedStyle(n).backgroundColor;
      if (!/rgba\\(.*, 0\\)$/.test(bg) && bg !== "transparent") return rgb(bg);
    }
    return [255, 255, 255];
  };
  const e = document.activeElement;
  const style = getComputedStyle(e);
  const ring = rgb(style.outlineColor);
  const offset = parseFloat(style.outlineOffset);
  // A ring drawn inside the element lies on its background; one drawn outside it
  // (and the gap before it) on its parent's.
  const beside = offset < 0 ? behind(e) : behind(e.parentElement);
  return { id: e.id, style: style.outlineStyle, width: parseFloat(style.outlineWidth),
           contrast: contrast(ring, beside) };
}"""


@pytest.mark.parametrize("locale", ["fr-FR", "es-ES"])
def test_the_focus_ring_shows_3_to_1_on_the_felt_and_on_the_bar(
    browser: Browser, server: LiveServer, locale: str
) -> None:
    table = Table(server, seed=4)
    table.bet()
    page = host_page(browser, table, locale)
    expect(page.locator("#deal")).to_be_visible()
    rings = {}
    page.click("h1")
    # From the top by the keyboard: the header's controls (the pause among them), then
    # the felt.
    for _ in range(18):  # the seats' Rename and Remove among them
        page.keyboard.press("Tab")
        ring = page.evaluate(RING)
        rings[ring["id"]] = ring
    # The controls of today's page first, then the options and the felt itself.
    for name in ("lang", "close-bets", "deal", "shortcuts", "speech", "felt"):
        ring = rings[name]
        assert ring["style"] != "none" and ring["width"] >= 2, ring
        assert ring["contrast"] >= 3, ring


def _runs(marks: str) -> list[tuple[str, int]]:
    return [(m.group(0)[0], len(m.group(0))) for m in re.finditer(r"R+|B+", marks)]


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("es-ES", "es")])
def test_the_five_roads_and_the_ask_marks_are_drawn_and_read(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server, seed=12, bankroll=10**7)
    table.play(24)
    view = table.view()
    roads = view["roads"]
    page = host_page(browser, table, locale)
    colour = {"R": t("web.ui.host.road.red", lang), "B": t("web.ui.host.road.blue", lang)}
    for name in ("bead_plate", "big_road", *ROADS):
        region = page.get_by_role("region", name=t(f"web.ui.host.road.{name}", lang), exact=True)
        expect(region).to_be_visible()
    # Each derived road: its marks in sight, and one line per column read out.
    for name in ROADS:
        region = page.get_by_role("region", name=t(f"web.ui.host.road.{name}", lang), exact=True)
        marks = roads[name]
        assert marks, name
        shown = region.locator(".mark.mR, .mark.mB")  # 24 coups: every column in sight
        expect(shown).to_have_count(len(view["host"]["derived"][name]))
        lines = [
            t("web.ui.host.road.column", lang, n=i + 1,
              marks=t("web.ui.host.road.run", lang, result=colour[mark], n=n))
            for i, (mark, n) in enumerate(_runs(marks))
        ]  # fmt: skip
        expect(region.locator(".road-text li")).to_have_text(lines)
    # The big road: one line per column, Banco or Punto and how many in a row.
    entries = roads["big_road"]
    columns = [(e["winner"], 1) for e in entries[:1]]
    for before, e in zip(entries, entries[1:], strict=False):
        if e["winner"] == before["winner"]:
            columns[-1] = (e["winner"], columns[-1][1] + 1)
        else:
            columns.append((e["winner"], 1))
    big = page.get_by_role("region", name=t("web.ui.host.road.big_road", lang), exact=True)
    expect(big.locator(".road-text li")).to_have_count(len(columns))
    first = t("outcome." + OUTCOMES[columns[0][0]], lang)
    expect(big.locator(".road-text li").first).to_contain_text(
        t("web.ui.host.road.column", lang, n=1,
          marks=t("web.ui.host.road.run", lang, result=first, n=columns[0][1]))
    )  # fmt: skip
    beads = page.get_by_role("region", name=t("web.ui.host.road.bead_plate", lang), exact=True)
    expect(beads.locator(".bead:not(.empty)")).to_have_count(len(roads["bead_plate"]))
    # The ask: what each derived road would add if Banco won next, or Punto.
    ask = page.get_by_role("region", name=t("web.ui.host.ask", lang), exact=True)
    for letter in ("B", "P"):
        outcome = t("outcome." + OUTCOMES[letter], lang)
        item = ask.locator("li", has_text=t("web.ui.host.ask.if", lang, outcome=outcome))
        for name in ROADS:
            mark = roads["ask"][letter][name]
            said = colour[mark] if mark else t("web.ui.host.ask.none", lang)
            road = t(f"web.ui.host.road.{name}", lang)
            expect(item).to_contain_text(t("web.ui.host.ask.mark", lang, road=road, mark=said))


def _stats_rows(page: Page) -> list[list[str]]:
    return [
        [c.strip() for c in row.split("\t")]
        for row in page.inner_text("#stats").splitlines()
        if row.strip()
    ]


@pytest.mark.parametrize(("locale", "lang"), [("fr-FR", "fr"), ("es-ES", "es")])
def test_the_host_shows_the_shoes_statistics_and_pairs_only_where_they_are_bet(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    for side_bets in (["pairs"], []):
        table = Table(server, seed=21, bankroll=10**7, side_bets=side_bets)
        table.play(8)
        stats = table.view()["host"]["stats"]
        page = host_page(browser, table, locale)
        expect(page.locator("#stats-title")).to_have_text(t("web.ui.host.stats.shoe", lang, n=1))
        rows = {r[0]: r[1:] for r in _stats_rows(page)}
        assert rows[t("web.ui.host.stats.coups", lang)][0] == "8"
        for key in ("punto", "banco", "egalite"):
            assert rows[t(f"outcome.{key}", lang)][0] == str(stats["wins"][key])
        assert rows[t("web.ui.host.stats.naturals", lang)][0] == str(stats["naturals"])
        pairs = [t("bet.punto_pair", lang), t("bet.banco_pair", lang)]
        assert all((p in rows) is bool(side_bets) for p in pairs)
        assert rows[t("web.ui.host.stats.cards_left", lang)][0] == str(stats["cards_left"])
        assert rows[t("web.ui.host.stats.burned", lang)][0] == str(stats["burn"]["burned"])
        page.context.close()
    # A session reshuffles every deal: its own coups, no cards to count down.
    session = Table(server, "session", seed=4, deals=5)
    session.play(2)
    page = host_page(browser, session, locale)
    expect(page.locator("#stats-title")).to_have_text(t("web.ui.host.stats.session", lang))
    assert t("web.ui.host.stats.cards_left", lang) not in page.inner_text("#stats")
    expect(page.locator("#stats-note")).to_have_text(t("web.ui.host.stats.reshuffled", lang))
    expect(page.locator("#odds-note")).to_contain_text(
        t("web.ui.host.odds.fresh", lang, decks=8)[:30]
    )


def _cli_rows(capsys: pytest.CaptureFixture[str], lang: Lang, *argv: str) -> list[list[str]]:
    """``puntobanco odds``'s table: each bet's name, probability and house edge."""
    assert main(["--lang", lang, "odds", *argv]) == 0
    lines = capsys.readouterr().out.splitlines()
    lines = lines[[line.startswith(t("odds.col.bet", lang)) for line in lines].index(True) + 1 :]
    rows = []
    for line in lines:
        cells = re.split(r"\s{2,}", line.strip())
        rows.append([cells[0], cells[2], cells[3]])
    return rows


def _same_spaces(text: str) -> str:
    return text.replace("\u202f", " ").replace("\u00a0", " ")


@pytest.mark.parametrize(("locale", "lang"), [("en-GB", "en"), ("fr-FR", "fr"), ("es-ES", "es")])
def test_the_host_odds_are_those_the_command_line_prints_for_the_cards_seen(
    browser: Browser,
    server: LiveServer,
    capsys: pytest.CaptureFixture[str],
    locale: str,
    lang: Lang,
) -> None:
    table = Table(server, seed=33, bankroll=10**7, side_bets=["pairs", "dragon_bonus_banco"])
    table.play(5)
    page = host_page(browser, table, locale)
    expect(page.locator("#odds-body tr")).to_have_count(6)
    seen = table.seen()
    expected = _cli_rows(capsys, lang, "--decks", "6", "--remove", " ".join(seen),
                         "--side-bets", "pairs,dragon_bonus_banco")  # fmt: skip
    shown = [[_same_spaces(c) for c in row] for row in _odds_rows(page)]
    assert [[r[0], r[1], r[3]] for r in shown] == [[_same_spaces(c) for c in r] for r in expected]
    # The stake comes back on a tie for Punto and Banco, and on a natural tie for the
    # Dragon Bonus; the others never push.
    pushes = {r[0]: r[2] for r in shown}
    assert pushes[t("outcome.punto", lang)] == pushes[t("outcome.banco", lang)] == shown[2][1]
    assert pushes[t("bet.punto_pair", lang)] == "—"
    assert pushes[t("bet.dragon_bonus_banco", lang)] != "—"
    note = page.inner_text("#odds-note")
    assert str(312 - len(seen)) in note and str(len(seen)) in note
    # After the next coup the odds follow the cards seen.
    table.play(1)
    expect(page.locator("#history li")).to_have_count(6)
    expected = _cli_rows(capsys, lang, "--decks", "6", "--remove", " ".join(table.seen()),
                         "--side-bets", "pairs,dragon_bonus_banco")  # fmt: skip
    until(
        page,
        "(n) => document.getElementById('odds-note').textContent.includes(n)",
        str(312 - len(table.seen())),
    )
    shown = [[_same_spaces(c) for c in row] for row in _odds_rows(page)]
    assert [[r[0], r[1], r[3]] for r in shown] == [[_same_spaces(c) for c in r] for r in expected]


def _odds_rows(page: Page) -> list[list[str]]:
    return list(
        page.evaluate(
            "[...document.querySelectorAll('#odds-body tr')].map((r) =>"
            " [...r.children].map((c) => c.textContent))"
        )
    )


#: A speech synthesis that records what it is asked to say (``window.__spoken``).
SPEECH = """(() => {
  window.__spoken = [];
  const voices = [{ lang: "en-GB", name: "en" }, { lang: "fr-FR", name: "fr" },
                  { lang: "es-ES", name: "es" }];
  const synth = {
    speak(u) {
      window.__spoken.push({ text: u.text, lang: u.lang, voice: u.voice && u.voice.lang });
    },
    cancel() {}, getVoices() { return voices; }, speaking: false, pending: false,
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = class {
    constructor(text) { this.text = text; this.lang = ""; this.voice = null; }
  };
})();"""


def _spoken(page: Page) -> list[dict[str, str]]:
    return list(page.evaluate("window.__spoken"))


@pytest.mark.parametrize(
    ("locale", "lang", "voice"), [("en-GB", "en", "en-GB"), ("fr-FR", "fr", "fr-FR"),
                                  ("es-ES", "es", "es-ES")]
)  # fmt: skip
def test_the_announcements_are_spoken_in_the_tables_language_once_turned_on(
    browser: Browser, server: LiveServer, locale: str, lang: str, voice: str
) -> None:
    table = Table(server, seed=5)
    page = host_page(browser, table, locale)
    page.add_init_script(SPEECH)
    page.reload()
    expect(page.locator("#speech")).not_to_be_checked()  # off unless asked for
    table.play(1)
    expect(page.locator("#announce")).not_to_be_empty()
    assert _spoken(page) == []
    page.check("#speech")
    table.play(1)
    expect(page.locator("#history li")).to_have_count(2)
    expect(page.locator("#announce")).not_to_be_empty()
    # The croupier's words around the result: no more bets, then place your bets.
    until(page, "window.__spoken.length === 3")
    said = page.inner_text("#announce")
    closed, opened = t("web.ui.say.bets_closed", lang), t("web.ui.say.bets_open", lang)  # type: ignore[arg-type]
    assert _spoken(page) == [{"text": text, "lang": lang, "voice": voice}
                             for text in (closed, said, opened)]  # fmt: skip
    # Kept in this browser; a reload does not say the last coup again.
    page.reload()
    expect(page.locator("#speech")).to_be_checked()
    expect(page.locator("#history li")).to_have_count(2)
    assert _spoken(page) == []
    table.play(1)
    until(page, "window.__spoken.length === 3")
    assert _spoken(page)[1]["text"] == page.inner_text("#announce")
    # Another language: the next announcement in it.
    page.select_option("#lang", "es" if lang != "es" else "fr")
    other = "es" if lang != "es" else "fr"
    until(page, "(l) => document.documentElement.lang === l", other)
    expect(page.locator("#announce")).not_to_have_text(said)
    table.play(1)
    until(page, "window.__spoken.length === 6")
    assert {s["lang"] for s in _spoken(page)[3:]} == {other}
    assert _spoken(page)[5]["text"] == t("web.ui.say.bets_open", other)  # type: ignore[arg-type]


#: Whether each road grid shows its oldest column in sight whole: the cells cut by
#: the grid's left edge (inside its border), by road.
CUT_COLUMNS = """() => [...document.querySelectorAll(".road-grid")].map((grid) => {
  const box = grid.getBoundingClientRect();
  const left = box.left + grid.clientLeft;
  const cut = [...grid.children].filter((cell) => {
    const r = cell.getBoundingClientRect();
    return r.left < left - 0.5 && r.right > left + 0.5;
  }).length;
  return { road: grid.className, scrolled: grid.scrollLeft, cut };
})"""


@pytest.mark.parametrize(("locale", "lang"), [("en-GB", "en"), ("fr-FR", "fr"), ("es-ES", "es")])
def test_a_tv_of_1920x1080_shows_the_whole_host_screen_and_whole_road_columns(
    browser: Browser, server: LiveServer, locale: str, lang: Lang
) -> None:
    table = Table(server, seed=12, bankroll=10**7, side_bets=["pairs"])
    table.play(40)
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale=locale,
                                  reduced_motion="reduce")  # fmt: skip
    context.set_default_timeout(TIMEOUT)
    context.add_cookies([{"name": "pb_host", "value": table.host,
                          "url": f"{server.url}/api/tables/{table.id}/"}])  # fmt: skip
    page = context.new_page()
    page.goto(f"{server.url}/host/{table.id}")
    expect(page.locator("#odds-body tr")).to_have_count(5)
    expect(page.locator("#history li")).to_have_count(10)
    page.wait_for_timeout(200)  # the grids scrolled to their newest columns
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    ask = page.get_by_role("region", name=t("web.ui.host.ask", lang), exact=True)
    last_line = ask.locator("li").last.bounding_box()
    assert last_line is not None and last_line["y"] + last_line["height"] <= 1080
    for panel in ("#felt", "#stats", "#odds", "#history"):
        box = page.locator(panel).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 1080, panel
    roads = page.evaluate(CUT_COLUMNS)
    assert any(r["scrolled"] for r in roads), roads  # 40 coups: some road shows its newest
    assert all(r["cut"] == 0 for r in roads), roads
    context.close()
