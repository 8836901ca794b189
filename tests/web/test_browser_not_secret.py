"""A table given a random source other than the operating system's (``Engine(rng=...)``)
deals shoes that are not secret (``"secret": false``, ``"source": "injected"``): its
phones say so in plain sight, and so does the room's screen (the host's in TV mode, and
the spectators' page), in the catalogue's words of each language. A table whose seeds
come from the operating system's source shows no such notice; the host screen tags the
seats the operator took itself (``house``), and says when no player contributed."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from puntobanco.engine import Sit
from puntobanco.i18n import Lang, t
from puntobanco.rng import SeededRandom
from tests.web.conftest import FakeClock, LiveServer, until
from tests.web.test_browser import phone

LOCALES = {"fr": "fr-FR", "es": "es-ES", "en": "en-GB"}
TIMEOUT = 10_000
#: A screen shows the whole host page in TV mode, without scrolling.
FITS = "document.documentElement.scrollHeight <= innerHeight"


def open_table(live: LiveServer, **settings: Any) -> dict[str, Any]:
    r = httpx.post(live.url + "/api/tables", json={"format": "casino", "settings": settings})
    assert r.status_code == 201, r.text
    return dict(r.json())


def shoe(live: LiveServer, table: dict[str, Any]) -> dict[str, Any]:
    """The shoe in play, else the one to come, as the host's view says."""
    r = httpx.get(
        f"{live.url}/api/tables/{table['table']}/view",
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    assert r.status_code == 200, r.text
    return dict(r.json()["shoe"] or r.json()["next_shoe"])


def tv(browser: Browser, live: LiveServer, table: dict[str, Any], lang: Lang, size: str) -> Page:
    """The host screen of ``table`` in TV mode at ``size`` ("1280x720")."""
    width, height = (int(n) for n in size.split("x"))
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=LOCALES[lang], reduced_motion="reduce"
    )
    context.set_default_timeout(TIMEOUT)
    context.add_cookies(
        [{"name": "pb_host", "value": table["host_token"],
          "url": f"{live.url}/api/tables/{table['table']}/"}]
    )  # fmt: skip
    page = context.new_page()
    page.goto(f"{live.url}/host/{table['table']}?tv")
    expect(page.locator("#code")).not_to_be_empty()
    return page


@pytest.fixture
def injected(live: LiveServer) -> LiveServer:
    """The server's engine shuffles from a seeded source (as a test harness would)."""
    live.app.state.tables.engine.rng = SeededRandom(5)
    return live


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_a_phone_says_not_secret_when_the_source_is_injected(
    browser: Browser, injected: LiveServer, lang: Lang
) -> None:
    table = open_table(injected)  # no seed: its seeds come from the engine's source
    assert shoe(injected, table)["secret"] is False
    assert shoe(injected, table)["source"] == "injected"
    ana = phone(browser, injected, table["join_code"], "Ana", locale=LOCALES[lang])
    notice = ana.locator("#not-fair")
    expect(notice).to_have_text(t("web.ui.entropy.injected", lang))
    expect(notice).to_be_visible()
    expect(notice).to_be_in_viewport()  # at the top of the page, not under a fold


def test_a_phone_says_nothing_of_the_kind_when_the_source_is_the_system_s(
    browser: Browser, live: LiveServer
) -> None:
    table = open_table(live)
    assert shoe(live, table)["secret"] is True and shoe(live, table)["source"] is None
    ana = phone(browser, live, table["join_code"], "Ana", locale="en-GB")
    # The phone has its view (it offers a contribution): the notice had its chance.
    expect(ana.locator("#entropy")).not_to_be_empty()
    expect(ana.locator("#not-fair")).to_be_hidden()
    expect(ana.locator("#not-fair")).to_be_empty()


@pytest.mark.parametrize(("lang", "size"), [("fr", "1920x1080"), ("es", "1280x720")])
def test_the_room_s_screens_say_not_secret_when_the_source_is_injected(
    browser: Browser, injected: LiveServer, lang: Lang, size: str
) -> None:
    table = open_table(injected)
    page = tv(browser, injected, table, lang, size)
    flag = page.locator("#fair-flag")
    expect(flag).to_have_text(t("web.ui.entropy.injected", lang))
    expect(flag).to_be_in_viewport()
    until(page, FITS)  # still the whole screen
    watcher = browser.new_context(locale=LOCALES[lang]).new_page()
    watcher.goto(f"{injected.url}/w/{table['join_code']}")
    expect(watcher.locator("#fair-flag")).to_have_text(t("web.ui.entropy.injected", lang))


def test_the_tv_tags_the_operator_s_seats_and_says_when_no_player_contributed(
    browser: Browser, live: LiveServer, clock: FakeClock
) -> None:
    table = open_table(live)
    # The operator seats Zoé itself (a program beside the server, as the host's Sit:
    # the web's API has none), then Ana joins from her own device.
    sit = Sit("Zoé", 5_000)
    live.app.state.tables.call(lambda engine: engine.do(table["table"], sit)).result(10)
    joined = httpx.post(f"{live.url}/api/tables/{table['table']}/players", json={"name": "Ana"})
    assert joined.status_code == 201, joined.text  # her own seat, no phone to contribute
    page = tv(browser, live, table, "en", "1280x720")
    expect(page.locator("#fair-flag")).to_be_hidden()  # the first shoe takes contributions
    for _ in range(100):  # its windows pass with no contribution: the server's alone
        if "number" in shoe(live, table):
            break
        clock.advance(30)
        page.wait_for_timeout(100)
    assert shoe(live, table)["server_only"] is True
    expect(page.locator("#fair-flag")).to_have_text(t("web.ui.fair.server_only", "en"))
    zoe = page.locator("#players li", has_text="Zoé")
    ana = page.locator("#players li", has_text="Ana")
    expect(zoe.locator(".tag.house")).to_have_text(t("web.ui.house_tag", "en"))
    expect(ana.locator(".tag.house")).to_have_count(0)
    until(page, FITS)
