"""Each phone checks every shoe it played, in a real browser (``static/fair.js``):
its check agrees with the Python verifier on the same shoes, good and tampered, and
three phones at a casino table show every revealed shoe checked, or, with a server
that re-seeds a shoe, the warning."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from puntobanco import fair
from puntobanco.cli import main
from puntobanco.engine import Bet, CloseTable, Deal, Engine, Viewer
from puntobanco.errors import FairnessError
from puntobanco.fair.contributor import Contributor
from puntobanco.fair.log import fair_shoes
from puntobanco.store.sqlite import SQLiteStore
from tests.reseeding import reseed_shoe_2
from tests.web.conftest import LiveServer
from tests.web.test_browser import host_page, phone


def python_says(shoe: fair.FairShoe) -> str | None:
    """None when the Python verifier accepts the shoe, else the key of its refusal."""
    try:
        assert fair.verify_shoe(shoe)
    except FairnessError as error:
        return error.key
    return None


def closed_table(coups: int) -> list[fair.FairShoe]:
    engine = Engine()
    engine.open("club", "casino", players=[("Ana", 10**9), ("Ben", 10**9)], settings={"decks": 1})
    phones = Contributor()
    for _ in range(coups):
        phones.run(engine, "club")
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        engine.do("club", Deal())
    engine.do("club", CloseTable())
    records = engine.store.load("club")
    return fair_shoes([r.event for r in records], [r.time for r in records])


def tampered(shoe: fair.FairShoe, rng: random.Random) -> list[tuple[str, fair.FairShoe]]:
    dealt = list(shoe.dealt)
    k = rng.randrange(len(dealt))
    dealt[k] = next(c for c in fair.canonical_order(1) if c != dealt[k])
    value = "ab" * 32
    values = (value, *shoe.contributions[1:])
    commits = tuple(replace(c, value=value) if i == 0 else c for i, c in enumerate(shoe.commits))
    other = fair.new_server_seed()
    return [
        ("card", replace(shoe, dealt=tuple(dealt))),
        ("seed", replace(shoe, server_seed=other.hex())),
        (
            "value",
            replace(
                shoe,
                commits=commits,
                contributions=values,
                client_seed=fair.client_seed(shoe.table, shoe.nonce, values),
            ),
        ),
        ("excluded", replace(shoe, excluded=("Ben",))),
    ]


def reseeded(shoe: fair.FairShoe) -> fair.FairShoe:
    """The operator's consistent forgery: another seed, its commitment and order, the
    cards dealt from it. Every verifier of the record alone accepts it."""
    seed = fair.new_server_seed()
    order = fair.shoe_order(seed, shoe.client_seed, shoe.nonce, shoe.decks)
    return replace(
        shoe,
        server_seed=seed.hex(),
        commitment=fair.commitment(seed),
        dealt=order[: len(shoe.dealt)],
    )


def js(page: Page, record: dict[str, Any], noted: dict[str, Any] | None = None) -> Any:
    return page.evaluate("([r, n]) => PBFair.check(r, n)", [record, noted])


def test_the_phones_check_agrees_with_the_python_verifier_on_good_and_tampered_shoes(
    browser: Browser, live: LiveServer
) -> None:
    page = browser.new_context().new_page()
    page.goto(live.url + "/j")
    rng = random.Random(35)
    for seed_hex, client, nonce, decks in [
        (rng.randbytes(32).hex(), f"t/{n}|{rng.randbytes(32).hex()}", n, d)
        for n, d in ((1, 1), (2, 6), (7, 8))
    ]:
        order = [str(c) for c in fair.shoe_order(bytes.fromhex(seed_hex), client, nonce, decks)]
        assert page.evaluate("(a) => PBFair.order(...a)", [seed_hex, client, nonce, decks]) == order
    shoes = closed_table(14)
    assert len(shoes) >= 2 and all(s.server_seed and len(s.commits) == 2 for s in shoes)
    for shoe in shoes:
        assert python_says(shoe) is None and js(page, shoe.to_dict()) is None
        noted = {"commitment": shoe.commitment, "coups": {}}
        assert js(page, shoe.to_dict(), noted) is None
        for kind, bad in tampered(shoe, rng):
            assert python_says(bad) is not None, kind
            assert js(page, bad.to_dict()) is not None, kind
        # The consistent re-seeding passes the record's check, Python's and the
        # phone's without notes; the commitment the phone noted refuses it.
        forged = reseeded(shoe)
        assert python_says(forged) is None and js(page, forged.to_dict()) is None
        fault = js(page, forged.to_dict(), noted)
        assert fault["key"] == "bad.commitment" and fault["params"]["shoe"] == shoe.shoe
        # A phone whose contribution is neither used nor named says so.
        mine = {"commitment": shoe.commitment, "name": "Ana", "value": "cd" * 32}
        assert js(page, shoe.to_dict(), mine)["key"] == "bad.mine"
        # Cards the phone saw that the shoe did not deal.
        seen = {"commitment": shoe.commitment, "coups": {"1": [str(shoe.dealt[-1]), "KS", "KS"]}}
        assert js(page, shoe.to_dict(), seen)["key"] == "bad.seen"


def play_shoes(browser: Browser, live: LiveServer, until: int) -> tuple[str, list[Page]]:
    """A one-deck casino table (short shoes), three phones contributing, dealt until
    shoe ``until`` is shuffled (every shoe before it ended); returns the table and phones."""
    r = httpx.post(
        live.url + "/api/tables",
        json={"format": "casino", "settings": {"decks": 1, "turn_seconds": None}},
    )
    table = r.json()
    host = host_page(browser, live)
    host.context.add_cookies(
        [{"name": "pb_host", "value": table["host_token"],
          "url": f"{live.url}/api/tables/{table['table']}/"}]
    )  # fmt: skip
    host.goto(f"{live.url}/host/{table['table']}")
    phones = [phone(browser, live, table["join_code"], n) for n in ("Ana", "Ben", "Cleo")]
    for p in phones:  # each phone contributes to shoe 2 (shoe 1 went with Ana's alone)
        expect(p.locator("#entropy")).to_contain_text("committed to its contribution to shoe 2.")
    for coup in range(1, 20 * until):
        phones[coup % 3].click("button[data-box=banco]")
        expect(phones[coup % 3].locator("#my-bets")).to_contain_text("10.00")
        host.click("#deal")
        expect(host.locator("#status")).to_contain_text(f"Coup {coup + 1}")
        if f"Shoe {until}" in host.inner_text("#shoe"):
            break
    else:
        raise AssertionError(f"the one-deck table never reached shoe {until}")
    return table["table"], phones


def test_three_phones_each_show_every_revealed_shoe_checked(
    browser: Browser, live: LiveServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Shoes 2 and 3 are played whole with the three phones' contributions (shoe 1
    # was shuffled before Ben and Cleo sat down); shoe 4 is being dealt.
    table, phones = play_shoes(browser, live, until=4)
    for p in phones:
        expect(p.locator("#fair-line")).to_have_text("Shoe 3: checked ✓")
        expect(p.locator("#fair-line")).to_have_attribute("data-state", "checked")
        results = p.evaluate("(t) => PBFair.results(t)", table)
        assert {n: r["state"] for n, r in results.items()} == {
            "1": "checked",
            "2": "checked",
            "3": "checked",
        }
        saved = p.evaluate("(t) => PBFair.exportHeads(t)", table)
        noted = json.loads(saved)
        assert set(noted["commitments"]) >= {"1", "2", "3", "4"} and noted["heads"]
        # What the phone saved is this log's: ``verify --heads`` says so.
        path = tmp_path / "noted.json"
        path.write_text(saved, encoding="utf-8")
        db = str(tmp_path / "web.db")
        assert main(["verify", table, "--heads", str(path), "--db", db]) == 0
        assert "commitments the phone noted are this log's" in capsys.readouterr().out
    store = SQLiteStore(tmp_path / "web.db", readonly=True)
    shoes = fair_shoes(r.event for r in store.load(table))
    store.close()
    assert [len(s.contributions) for s in shoes[1:3]] == [3, 3]  # every phone's, in each
    assert all(s.server_seed for s in shoes[:3])  # revealed, so every phone checked them


def test_a_server_that_reseeds_a_shoe_is_caught_by_every_phone(
    browser: Browser, live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    reseed_shoe_2(monkeypatch)
    table, phones = play_shoes(browser, live, until=3)
    for p in phones:
        # The one line says which shoe failed; the details open by themselves on the
        # reason, read out at once (role "alert").
        expect(p.locator("#fair-line")).to_have_text("Shoe 2: check failed ✗")
        reason = p.locator("#fair-reason")
        expect(reason).to_be_visible()
        expect(reason).to_contain_text("The server changed the shoe.")
        expect(reason).to_have_attribute("role", "alert")
        results = p.evaluate("(t) => PBFair.results(t)", table)
        assert results["1"]["state"] == "checked" and results["2"]["state"] == "failed"
