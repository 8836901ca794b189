"""Phones contribute to every shoe by themselves, in a real browser: two players join a
session and play, and neither ever touches anything for it; the page's own SHA-256
(no SubtleCrypto: phones join over plain http://) is Python's on many inputs; a reload
between the commitment and the reveal loses nothing."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

import puntobanco.fair.contributions as contributions
from puntobanco.fair.log import fair_shoes
from puntobanco.store import Record
from puntobanco.store.jsonl import check_log
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import ContributionRevealed
from tests.web.conftest import LiveServer
from tests.web.test_browser import axe_violations, host_page, open_from_host, phone

# As on a phone over http:// on a LAN, where the page is not a secure context.
NO_SUBTLE = "Object.defineProperty(window.crypto, 'subtle', {value: undefined});"


def stored(tmp_path: Path, table: str) -> list[Record]:
    store = SQLiteStore(tmp_path / "web.db")  # the ``live`` server's log
    try:
        return store.load(table)
    finally:
        store.close()


def test_two_phones_contribute_to_every_shoe_without_their_players_doing_anything(
    browser: Browser, live: LiveServer, tmp_path: Path
) -> None:
    host = host_page(browser, live)
    code = open_from_host(host, "session", deals="3")
    table = host.url.rsplit("/", 1)[-1]
    phones: list[Page] = []
    for name in ("Ana", "Ben"):
        p = phone(browser, live, code, name, bypass_csp=True)  # axe below
        p.context.add_init_script(NO_SUBTLE)
        p.reload()
        expect(p.locator("#me-name")).to_have_text(name)
        phones.append(p)
    for p in phones:  # nobody clicked anything: the first shoe has both phones' bits
        expect(p.locator("#entropy")).to_contain_text(
            "Your phone's contribution is in this shoe, number 1."
        )
        expect(p.locator("#entropy")).to_contain_text("committed to its contribution to shoe 2.")
        expect(p.locator("#error")).to_be_empty()
    assert phones[0].evaluate("() => window.crypto.subtle") is None
    for deal in (1, 2):
        for p, box in zip(phones, ("banco", "punto"), strict=True):
            p.click(f"button[data-box={box}]")  # the players predict, and only that
            expect(p.locator(f"button[data-box={box}]")).to_have_class(re.compile(r"\bhas-stake\b"))
        host.click("#deal")
        for p in phones:
            expect(p.locator("#entropy")).to_contain_text(f"in this shoe, number {deal + 1}.")
    found = axe_violations(phones[0])
    assert found == [], json.dumps(found, indent=1)[:3000]
    records = stored(tmp_path, table)
    shoes = fair_shoes(r.event for r in records)
    assert [len(s.contributions) for s in shoes] == [2, 2, 2]
    revealed = [r.event for r in records if isinstance(r.event, ContributionRevealed)]
    assert sorted({e.name for e in revealed}) == ["Ana", "Ben"] and len(revealed) == 6
    check_log(table, records)


def test_the_pages_sha256_and_commitments_are_pythons(browser: Browser, live: LiveServer) -> None:
    page = browser.new_context().new_page()
    page.add_init_script(NO_SUBTLE)
    page.goto(live.url + "/j")
    rng = random.Random(180)
    lengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_000]
    inputs = [rng.randbytes(n) for n in lengths] + [
        rng.randbytes(rng.randrange(300)) for _ in range(300)
    ]
    found = page.evaluate(
        "(inputs) => inputs.map((h) => PBEntropy.hex(PBEntropy.sha256(PBEntropy.fromHex(h))))",
        [b.hex() for b in inputs],
    )
    assert found == [hashlib.sha256(b).hexdigest() for b in inputs]
    cases = [
        ("club", 1, "Ana"),
        ("t6f1c2a9b3e", 70000, "Chloé"),
        ("tü", 4_000_000_000, "Zoë O'Neil"),
    ]
    for table, shoe, name in cases:
        value = rng.randbytes(32)
        shown = page.evaluate(
            "([t, s, n, v]) => PBEntropy.digest(t, s, n, PBEntropy.fromHex(v))",
            [table, shoe, name, value.hex()],
        )
        assert shown == contributions.digest(table, shoe, name, value)


def test_a_phone_reloaded_between_its_commitment_and_the_reveals_still_reveals(
    browser: Browser, live: LiveServer, tmp_path: Path
) -> None:
    host = host_page(browser, live)
    code = open_from_host(host, "session", deals="2")
    table = host.url.rsplit("/", 1)[-1]
    ana, ben = (phone(browser, live, code, name) for name in ("Ana", "Ben"))
    for p in (ana, ben):
        expect(p.locator("#entropy")).to_contain_text("committed to its contribution to shoe 2.")
    kept = ana.evaluate("() => Object.entries(localStorage).filter(([k]) => k.includes('/2/'))")
    ana.reload()  # its value for shoe 2 is kept in the phone
    expect(ana.locator("#entropy")).to_contain_text("committed to its contribution to shoe 2.")
    for p, box in ((ana, "banco"), (ben, "punto")):
        p.click(f"button[data-box={box}]")
        expect(p.locator(f"button[data-box={box}]")).to_have_class(re.compile(r"\bhas-stake\b"))
    host.click("#deal")
    expect(ana.locator("#entropy")).to_contain_text("in this shoe, number 2.")
    (value,) = [v for k, v in kept]
    second = fair_shoes(r.event for r in stored(tmp_path, table))[1]
    assert value in second.contributions
