"""A table the host opened with a seed deals shoes derived from it (``"secret": false``):
whoever knows the seed knows every card, and no phone contributes. The phone says so in
plain sight, in its language (issue 25); a table without a seed shows no such notice."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from puntobanco.i18n import Lang, t
from tests.web.conftest import LiveServer
from tests.web.test_browser import axe_violations, phone

LOCALES = {"fr": "fr-FR", "es": "es-ES", "en": "en-GB"}
#: The notice, written out: French sets U+00A0 before its colon.
NOTICE = {
    "fr": "Pas de sabots vérifiables ici\u00a0: ils viennent d’une graine choisie par l’hôte, "
    "et qui la connaît connaît chaque carte d’avance. Les téléphones n’y contribuent pas.",
    "es": "Aquí no hay zapatos verificables: salen de una semilla que eligió el anfitrión, y "
    "quien la conoce sabe cada carta de antemano. Los teléfonos no contribuyen a ellos.",
    "en": "No provably fair shoes here: they come from a seed the host chose, and whoever knows "
    "it knows every card in advance. Phones do not contribute to them.",
}


def open_table(live: LiveServer, fmt: str, **settings: Any) -> dict[str, Any]:
    """A table opened through the host's API (the host's form has no seed field)."""
    r = httpx.post(live.url + "/api/tables", json={"format": fmt, "settings": settings})
    assert r.status_code == 201, r.text
    return dict(r.json())


@pytest.mark.parametrize("lang", ["fr", "es", "en"])
def test_a_phone_at_a_seeded_table_says_its_shoes_are_not_provably_fair(
    browser: Browser, live: LiveServer, lang: Lang
) -> None:
    assert t("web.ui.entropy.seeded", lang) == NOTICE[lang]
    table = open_table(live, "casino", seed=4)
    ana = phone(browser, live, table["join_code"], "Ana", locale=LOCALES[lang], bypass_csp=True)
    notice = ana.locator("#not-fair")
    expect(notice).to_have_text(NOTICE[lang])
    expect(notice).to_be_visible()
    expect(notice).to_be_in_viewport()  # at the top of the page, not under a fold
    expect(ana.locator("#entropy")).to_be_empty()  # nothing to contribute here
    assert axe_violations(ana) == []


def test_the_notice_stays_through_a_deal_and_follows_the_phone_s_language(
    browser: Browser, live: LiveServer
) -> None:
    table = open_table(live, "session", seed=8, deals=3)
    ana = phone(browser, live, table["join_code"], "Ana", locale="fr-FR")
    ben = phone(browser, live, table["join_code"], "Ben", locale="es-ES")
    expect(ana.locator("#not-fair")).to_have_text(NOTICE["fr"])
    expect(ben.locator("#not-fair")).to_have_text(NOTICE["es"])
    ana.click("button[data-box=banco]")
    ben.click("button[data-box=punto]")
    r = httpx.post(
        f"{live.url}/api/tables/{table['table']}/commands",
        json={"id": "deal-1", "type": "Deal"},
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    assert r.status_code == 200, r.text
    expect(ana.locator("#last-cards .card").first).to_be_visible()
    expect(ana.locator("#not-fair")).to_have_text(NOTICE["fr"])  # the second shoe too
    ana.select_option("#lang", "es")
    expect(ana.locator("#not-fair")).to_have_text(NOTICE["es"])


def test_a_table_without_a_seed_shows_no_notice(browser: Browser, live: LiveServer) -> None:
    table = open_table(live, "casino")
    ana = phone(browser, live, table["join_code"], "Ana", locale="fr-FR")
    expect(ana.locator("#entropy")).to_contain_text("La contribution de votre téléphone")
    expect(ana.locator("#not-fair")).to_be_hidden()
    expect(ana.locator("#not-fair")).to_be_empty()
