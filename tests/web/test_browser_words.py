"""The pages in French and Spanish down to the cards, the hands, the roads and the
money, in a real browser: every word from the catalogue the terminal uses, every
number written as the page's language writes it (Intl, CLDR)."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.web.conftest import LiveServer
from tests.web.test_browser import host_page, open_from_host, phone

LOCALES = {"fr": "fr-FR", "es": "es-ES", "en": "en-GB"}
#: What each language calls the cards, the roads and a tie's bead.
WORDS = {
    "fr": {
        "9H": "9 de cœur",
        "KC": "roi de trèfle",
        "9S": "9 de pique",
        "KD": "roi de carreau",
        "bead_plate": "Plateau de perles",
        "big_road": "Grande route",
        "tie": "E",
        # French cards print R, D, V (roi, dame, valet); the host types what it reads.
        "typed": ("9h", "9s", "Rc", "R♦"),
        "faces": ["9♥", "R♣", "9♠", "R♦"],
        "court": ["V", "D", "R"],
    },
    "es": {
        "9H": "9 de corazones",
        "KC": "rey de tréboles",
        "9S": "9 de picas",
        "KD": "rey de diamantes",
        "bead_plate": "Plato de cuentas",
        "big_road": "Gran camino",
        "tie": "I",
        # Spanish casinos deal cards with J, Q, K (jota, reina, rey).
        "typed": ("9h", "9s", "Kc", "k♦"),
        "faces": ["9♥", "K♣", "9♠", "K♦"],
        "court": ["J", "Q", "K"],
    },
}


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_cards_hands_roads_and_a_tie_s_bead_read_in_the_page_s_language(
    browser: Browser, live: LiveServer, lang: str
) -> None:
    words = WORDS[lang]
    host = host_page(browser, live, locale=LOCALES[lang])
    host.check("input[name=format][value=session]")
    host.check("input[name=real_cards]")
    code = open_from_host(host, "session", deals="2")
    ana = phone(browser, live, code, "Ana", locale=LOCALES[lang])
    ben = phone(browser, live, code, "Ben", locale=LOCALES[lang])
    ana.click("button[data-box=egalite]")
    ben.click("button[data-box=banco]")
    expect(host.locator("#close-bets")).to_be_visible()
    host.click("#close-bets")
    for card in words["typed"]:  # Punto 9 + K = 9, Banco 9 + K = 9: a tie
        host.fill("#card-input", card)
        host.press("#card-input", "Enter")
        expect(host.locator("#card-input")).to_have_value("")  # taken: the field is cleared
    expect(host.locator("#next")).to_be_visible()
    expect(ana.locator("#last-cards .card")).to_have_count(4)
    expect(host.locator(".bead-plate .bead.rT")).to_have_count(1)
    labels = "el => el.getAttribute('aria-label')"
    texts = "el => el.textContent.trim()"
    shown = {
        "cards": host.locator("#punto-cards .card, #banco-cards .card").evaluate_all(
            f"els => els.map({labels})"
        ),
        "phone's cards": ana.locator("#last-cards .card").evaluate_all(f"els => els.map({labels})"),
        "hands": ana.locator("#last-cards .hand-label").evaluate_all(f"els => els.map({texts})"),
        "roads": host.locator("#roads .road h3").evaluate_all(f"els => els.map({texts})")[:2],
        "tie's bead": host.locator(".bead-plate .bead.rT").inner_text(),
        "faces": host.locator("#punto-cards .card, #banco-cards .card").all_text_contents(),
        "phone's faces": ana.locator("#last-cards .card").all_text_contents(),
        "court keys": host.locator("#ranks button").all_text_contents()[-3:],
    }
    punto, banco = [words["9H"], words["KC"]], [words["9S"], words["KD"]]
    assert shown == {
        "cards": punto + banco,
        "phone's cards": punto + banco,
        "hands": ["Punto", "Banco"],  # the hands' names, not P and B
        "roads": [words["bead_plate"], words["big_road"]],
        "tie's bead": words["tie"],
        "faces": words["faces"],
        "phone's faces": words["faces"],
        "court keys": words["court"],
    }


@pytest.mark.parametrize(
    ("lang", "balance", "chips"),
    [
        # CLDR: French groups with a narrow no-break space, Spanish from five digits on.
        ("fr", "12\u202f345,67", ["10,00", "25,00", "100,00", "500,00"]),
        ("es", "12.345,67", ["10,00", "25,00", "100,00", "500,00"]),
        ("en", "12,345.67", ["10.00", "25.00", "100.00", "500.00"]),
    ],
)
def test_money_is_written_as_the_page_s_language_writes_it(
    browser: Browser, live: LiveServer, lang: str, balance: str, chips: list[str]
) -> None:
    table = httpx.post(
        live.url + "/api/tables",
        json={"format": "casino", "settings": {"seed": 4, "bankroll": 1_234_567}},
    ).json()
    ana = phone(browser, live, table["join_code"], "Ana", locale=LOCALES[lang])
    expect(ana.locator("#balance")).to_have_text(balance)
    expect(ana.locator("#chips .chip")).to_have_text(chips)
    ana.click("#chips .chip >> nth=2")
    ana.click("button[data-box=banco]")
    expect(ana.locator("#my-bets li span").first).to_have_text(f"Banco {chips[2]}")
    four = {"fr": "1\u202f000,00", "es": "1000,00", "en": "1,000.00"}[lang]
    ana.click("#chips .chip >> nth=3")
    ana.click("button[data-box=banco]")  # 100 + 500
    expect(ana.locator("#my-bets li span").first).to_have_text(
        f"Banco {chips[3].replace('5', '6', 1)}"
    )
    ana.click("#chips .chip >> nth=2")
    for _ in range(4):  # + 4 x 100: four digits, grouped in French, not in Spanish
        ana.click("button[data-box=banco]")
    expect(ana.locator("#my-bets li span").first).to_have_text(f"Banco {four}")


NO_COMMISSION = {
    "fr": "Sans commission (Banco payé à moitié s’il gagne avec 6)",
    "es": "Sin comisión (Banco 1 a 2 con un 6)",
}


@pytest.mark.parametrize(
    ("lang", "standard"),
    [("fr", "Standard (Égalité 8 contre 1)"), ("es", "Estándar (Igualdad 8 a 1)")],
)
def test_the_host_s_paytables_are_worded_as_the_room_says_them(
    browser: Browser, live: LiveServer, lang: str, standard: str
) -> None:
    host = host_page(browser, live, locale=LOCALES[lang])
    options = host.locator("select[name=paytable] option")
    expect(options.nth(0)).to_have_text(standard)
    expect(options.nth(2)).to_have_text(NO_COMMISSION[lang])


#: What a phone shows when a tap would take Banco, then Dragon Bonus on Punto,
#: past the table's maximum: the box by its name, the amounts as the language
#: writes them (never "500.00 sur banco" or "dragon_bonus_punto").
PAST_THE_MAXIMUM = {
    "fr": (
        "500,00 sur Banco porterait la case au-delà du maximum de la table, 1\u202f000,00.",
        "500,00 sur Bonus Dragon Punto porterait la case au-delà du maximum de la table, 500,00.",
    ),
    "es": (
        "500,00 a Banco llevaría la casilla por encima del máximo de la mesa, 1000,00.",
        "500,00 a Bono Dragón Punto llevaría la casilla por encima del máximo de la mesa, 500,00.",
    ),
}


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_bet_past_the_maximum_is_refused_in_the_phone_s_language(
    browser: Browser, live: LiveServer, lang: str
) -> None:
    settings = {"seed": 4, "bankroll": 1_000_000, "maximum": 100_000, "side_bets": ["dragon-bonus"]}
    table = httpx.post(
        live.url + "/api/tables", json={"format": "casino", "settings": settings}
    ).json()
    ana = phone(browser, live, table["join_code"], "Ana", locale=LOCALES[lang])
    banco, dragon = PAST_THE_MAXIMUM[lang]
    ana.click("#chips .chip >> nth=3")  # 500,00
    for _ in range(2):  # 1 000,00: the table's maximum
        ana.click("button[data-box=banco]")
    held = {"fr": "Banco 1\u202f000,00", "es": "Banco 1000,00"}[lang]
    expect(ana.locator("#my-bets li span").first).to_have_text(held)
    ana.click("button[data-box=banco]")
    expect(ana.locator("#error")).to_have_text(banco)
    ana.click("button[data-box=dragon_bonus_punto]")  # 500,00: the side bet's maximum
    ana.click("button[data-box=dragon_bonus_punto]")
    expect(ana.locator("#error")).to_have_text(dragon)
