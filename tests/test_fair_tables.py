"""Fair shoes at the tables: committed before the first bet, revealed at the
shoe's end, every card checkable, by puntobanco and by the standalone verifier."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from puntobanco import CasinoTable, Session, fair
from puntobanco.cli import main
from puntobanco.engine import Bet, Deal, Engine, Viewer
from puntobanco.errors import FairnessError, StoreError
from puntobanco.fair.contributor import Contributor
from puntobanco.fair.log import fair_shoes
from puntobanco.rng import SeededRandom
from puntobanco.store import MemoryStore
from puntobanco.store.chain import hashes
from puntobanco.store.jsonl import export_lines, import_lines
from puntobanco.table.events import ShoeShuffled

VERIFIER = Path(__file__).resolve().parents[1] / "tools" / "verify_shoe.py"


def test_a_thousand_session_deals_are_a_thousand_fair_shoes_that_verify(tmp_path: Path) -> None:
    store = MemoryStore()
    session = Session(["Ana", "Bruno"], deals=1000, db=store)
    for _ in range(1000):
        session.predict("Ana", "banco")
        session.predict("Bruno", "punto")
        session.deal()
    shoes = fair_shoes(r.event for r in store.load("session"))
    assert [s.shoe for s in shoes] == list(range(1, 1001))
    assert all(s.secret and s.server_seed is not None and 4 <= len(s.dealt) <= 6 for s in shoes)
    assert all(fair.verify_shoe(s) for s in shoes)
    assert len({s.commitment for s in shoes}) == 1000
    path = tmp_path / "shoes.json"
    path.write_text(json.dumps([s.to_dict() for s in shoes]), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "1000 shoe(s) checked, 0 not revealed yet." in result.stdout
    for shoe in shoes[:50]:
        dealt = list(shoe.dealt)
        dealt[-1] = next(c for c in fair.canonical_order(1) if c != dealt[-1])
        with pytest.raises(FairnessError):
            fair.verify_shoe(replace(shoe, dealt=tuple(dealt)))


def casino(engine: Engine, coups: int) -> None:
    for _ in range(coups):
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        engine.do("club", Deal())
        Contributor().run(engine, "club")  # Ana's phone, at a shoe change


def opened(engine: Engine) -> None:
    """Ana sits at a casino table; her contribution goes into the first shoe."""
    engine.open("club", "casino", players=[("Ana", 10**9)])
    Contributor().run(engine, "club")


def test_casino_shoe_is_committed_before_the_first_bet_and_revealed_when_it_ends() -> None:
    engine = Engine(rng=SeededRandom(5))
    published: list[dict[str, object]] = []
    published += engine.open("club", "casino", players=[("Ana", 10**9)]).events
    engine.subscribe("club", lambda c: published.extend(c.events))
    # The first shoe's seed is committed as the table opens, shuffled once Ana's phone
    # has contributed (with her value in its client seed).
    assert [e["type"] for e in published[:2]] == ["TableOpened", "NextShoeCommitted"]
    assert not any(e["type"] == "ShoeShuffled" for e in published)
    Contributor().run(engine, "club")
    shuffled = next(e for e in published if e["type"] == "ShoeShuffled")
    (shoe,) = fair_shoes(r.event for r in engine.store.load("club"))
    (value,) = shoe.contributions
    assert shuffled["commitment"] == shoe.commitment == published[1]["commitment"]
    assert shuffled["client_seed"] == f"club/1|{value}"
    # The engine was given a random source of its own: its shoes say they are not secret.
    assert shuffled["nonce"] == 1 and shuffled["secret"] is False
    assert shuffled["source"] == fair.INJECTED
    assert shoe.server_seed is None and len(shoe.dealt) == 1 + (shoe.dealt[0].point or 10)
    seen = json.dumps([published, engine.view("club"), engine.view("club", Viewer.HOST)])
    secret = engine.store.load("club")[1].event.server_seed  # type: ignore[union-attr]
    assert isinstance(secret, str) and secret not in seen
    casino(engine, 90)  # more than a 6-deck shoe's coups
    shoes = fair_shoes(r.event for r in engine.store.load("club"))
    assert len(shoes) >= 2 and shoes[0].server_seed == secret
    assert fair.verify_shoe(shoes[0]) and shoes[-1].server_seed is None
    assert len(shoes[0].dealt) >= 312 - 16


def test_a_reopened_table_goes_on_with_the_same_seed(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    first = Engine(db)
    opened(first)
    casino(first, 5)
    before = fair_shoes(r.event for r in first.store.load("club"))
    first.shutdown()
    second = Engine(db)
    second.resume("club")
    casino(second, 100)
    after = fair_shoes(r.event for r in second.store.load("club"))
    assert after[0].commitment == before[0].commitment
    assert after[0].dealt[: len(before[0].dealt)] == before[0].dealt
    assert fair.verify_shoe(after[0])
    second.shutdown()


def test_shoes_and_verify_commands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "club.db"
    table = CasinoTable(db=db, table="club")
    table.sit("Ana", 10**9)
    for _ in range(90):
        table.bet("Ana", "banco", 1000)
        table.deal()
    table.close()
    assert main(["shoes", "club", "--db", str(db), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown[0]["server_seed"] and shown[-1]["server_seed"] is None
    assert set(shown[0]) >= {"shoe", "decks", "commitment", "client_seed", "nonce", "secret"}
    path = tmp_path / "shoes.json"
    path.write_text(json.dumps(shown), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout
    assert main(["--lang", "fr", "shoes", "club", "--db", str(db)]) == 0
    listed = capsys.readouterr().out
    assert "graine du serveur\u00a0: révélée à la fin du sabot" in listed
    assert "pas secret" not in listed  # a table without a seed: its shoes are secret
    assert main(["verify", "club", "--db", str(db)]) == 0
    revealed = sum(1 for s in shown if s["server_seed"])
    assert f"every card dealt: {revealed}; shoes not revealed yet: 1." in capsys.readouterr().out


def test_import_refuses_a_fair_shoe_whose_seed_was_changed() -> None:
    store = MemoryStore()
    table = CasinoTable(db=store, table="club")
    table.sit("Ana", 10**9)
    table.bet("Ana", "banco", 1000)
    table.deal()
    lines = [json.loads(x) for x in export_lines(store.load("club"), secrets=True)]
    shuffled = next(x for x in lines if x["event"]["type"] == "ShoeShuffled")
    seed = shuffled["event"]["server_seed"]
    shuffled["event"]["server_seed"] = ("0" if seed[0] != "0" else "1") + seed[1:]
    links = hashes((x["table"], x["seq"], x["time"], x["event"]) for x in lines)
    forged = [
        json.dumps({**x, "prev": p, "hash": h}) for x, (p, h) in zip(lines, links, strict=True)
    ]
    with pytest.raises(StoreError) as error:
        import_lines(MemoryStore(), forged)
    # Refused by the contributions' check: not the seed committed before them.
    assert error.value.key == "entropy.log.seed"
    assert f"Line {shuffled['seq']} (ShoeShuffled, shoe 1)" in error.value.message("en")


def test_the_view_shows_the_shoes_commitment_before_its_first_bet_and_a_new_one_per_shoe() -> None:
    engine = Engine()  # the operating system's source: secret shoes
    opened(engine)
    seen: dict[int, str] = {}
    for _ in range(90):  # past a 6-deck shoe
        for viewer in (Viewer.player("Ana"), Viewer.HOST, Viewer.SPECTATOR):
            shoe = engine.view("club", viewer)["shoe"]
            assert shoe["secret"] is True and shoe["number"] >= 1
            assert shoe["client_seed"].startswith(f"club/{shoe['number']}|")
            assert shoe["contributions"] == {"contributors": ["Ana"], "excluded": []}
            seen.setdefault(shoe["number"], shoe["commitment"])
            assert seen[shoe["number"]] == shoe["commitment"]
        casino(engine, 1)
    shoes = fair_shoes(r.event for r in engine.store.load("club"))
    assert {s.shoe: s.commitment for s in shoes} == seen and len(seen) >= 2


def test_a_table_with_a_public_seed_derives_its_shoes_and_says_they_are_not_secret() -> None:
    engine = Engine()
    engine.open("club", "casino", players=[("Ana", 10**9)], settings={"seed": 3})
    shoe = engine.view("club")["shoe"]
    derived = fair.derived_server_seed(3, 1)
    assert shoe["secret"] is False and shoe["commitment"] == fair.commitment(derived)
    assert shoe["client_seed"] == "club/1"
    events = [r.event for r in engine.store.load("club")]
    shuffled = next(e for e in events if isinstance(e, ShoeShuffled))
    assert shuffled.order == fair.shoe_order(derived, "club/1", 1, 6)
    # Its record carries the table's seed and the shoe's, from the start: anyone can
    # derive them, and a record-only verifier checks the one from the other.
    (listed,) = fair_shoes(events)
    assert listed.secret is False and listed.server_seed == derived.hex()
    assert listed.table_seed == 3 and listed.to_dict()["table_seed"] == 3
    assert fair.verify_shoe(listed) and not listed.server_only
    with pytest.raises(FairnessError) as other:
        fair.verify_shoe(replace(listed, table_seed=4))
    assert other.value.key == "fair.error.table_seed"
