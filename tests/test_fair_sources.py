"""Where a shoe's seed came from, and whose seats contributed to it, are in the log.

A table given a random source other than the operating system's (``Engine(rng=...)``,
meant for tests) says so in its log, its views, its shoes' records and both verifiers:
its shoes are not secret. A seat the operator takes itself (the Python API's, the
host's) is marked in the log; a secret shoe none of whose values came from another
seat is the server's alone, flagged everywhere and refused by ``contributed_only``.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import puntobanco.fair as fair
from puntobanco import CasinoTable
from puntobanco.cli import main
from puntobanco.engine import Bet, CloseTable, Deal, Engine, Sit, Viewer
from puntobanco.errors import IllegalActionError, StoreError
from puntobanco.fair.contributor import Contributor
from puntobanco.fair.log import fair_shoes, public_log
from puntobanco.i18n import t
from puntobanco.rng import SecureRandom, SeededRandom
from puntobanco.store import MemoryStore
from puntobanco.store.jsonl import check_log, export_lines, read_lines
from puntobanco.table.events import NextShoeCommitted, PlayerSeated, ShoeShuffled
from tests.test_entropy_log import chained, find, standalone
from tests.test_fair_flags import Clock

ROOT = Path(__file__).resolve().parents[1]
VERIFIER = ROOT / "tools" / "verify_shoe.py"
verify_shoe = standalone()

NOT_SECRET = {
    "en": "not secret: the seeds came from a source other than the operating system's",
    "fr": "pas secret\u00a0: les graines viennent d’une autre source que celle du système "
    "d’exploitation",
    "es": "no es secreto: las semillas vienen de otra fuente que la del sistema operativo",
}
ALONE = "no player contributed: the server alone chose this shoe"


def played(engine: Engine, clock: Clock, coups: int) -> None:
    """Ana's phone contributes to every shoe; she bets and the dealer deals ``coups``."""
    ana = Contributor(["Ana"])
    for _ in range(coups):
        ana.run(engine, "club")
        clock.now += 5.0
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        engine.do("club", Deal())


def table(rng: Any = None, *, coups: int = 12) -> Engine:
    """A one-deck casino table (short shoes) whose one player sat down from her phone."""
    clock = Clock()
    engine = Engine(MemoryStore(clock=clock.text), clock=clock, rng=rng)
    engine.open("club", "casino", players=[("Ana", 10**9)], settings={"decks": 1}, own=["Ana"])
    played(engine, clock, coups)
    return engine


def run_tool(path: Path, *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(path), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_a_table_given_another_random_source_says_its_shoes_are_not_secret_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = table(SeededRandom(3))  # past a shoe change
    events = [r.event for r in engine.store.load("club")]
    committed = [e for e in events if isinstance(e, NextShoeCommitted)]
    shuffled = [e for e in events if isinstance(e, ShoeShuffled)]
    assert len(shuffled) >= 2
    assert all(e.source == fair.INJECTED for e in committed)
    assert all(e.source == fair.INJECTED for e in shuffled)
    # Every view: the shoe in play and the next one say they are not secret, and why.
    for viewer in (Viewer.player("Ana"), Viewer.HOST, Viewer.SPECTATOR):
        view = engine.view("club", viewer)
        assert view["shoe"]["secret"] is False and view["shoe"]["source"] == fair.INJECTED
        assert view["shoe"]["server_only"] is False  # not secret: flagged as such instead
        assert view["next_shoe"]["secret"] is False
        assert view["next_shoe"]["source"] == fair.INJECTED
    # An export taken in play keeps the source of the seeds it hides.
    hidden = [json.loads(x)["event"] for x in export_lines(engine.store.load("club"))]
    assert {e["source"] for e in hidden if e["type"].endswith("Hidden")} == {fair.INJECTED}
    engine.do("club", CloseTable())
    records = engine.store.load("club")
    shoes = fair_shoes([r.event for r in records], [r.time for r in records])
    assert shoes and all(not s.secret and s.source == fair.INJECTED for s in shoes)
    data = [s.to_dict() for s in shoes]
    assert all(d["secret"] is False and d["source"] == fair.INJECTED for d in data)
    assert [fair.FairShoe.from_dict(d) for d in json.loads(json.dumps(data))] == shoes
    log = tmp_path / "club.jsonl"
    log.write_text("\n".join(export_lines(records)) + "\n", encoding="utf-8")
    check_log("club", read_lines(log.read_text(encoding="utf-8").splitlines())["club"])
    for lang in ("en", "fr", "es"):
        assert main(["--lang", lang, "verify", str(log)]) == 0
        out = capsys.readouterr().out
        for shoe in shoes:
            assert t("verify.not_secret", lang, table="club", shoe=shoe.shoe) in out, out
        assert out.count(NOT_SECRET[lang]) == len(shoes), out
        said = run_tool(log, "--lang", lang)
        assert said.count(verify_shoe.say(lang, "injected")) == len(shoes), said
    records_file = tmp_path / "shoes.json"
    records_file.write_text(json.dumps(data), encoding="utf-8")
    assert run_tool(records_file).count(verify_shoe.say("en", "injected")) == len(shoes)
    # A record that calls such a shoe secret is refused by both.
    forged = {**data[0], "secret": True}
    with pytest.raises(verify_shoe.Mismatch):
        verify_shoe.check(forged)
    with pytest.raises(Exception, match="secret"):
        fair.FairShoe.from_dict(forged)


def test_the_operating_systems_source_is_secret_and_writes_no_source() -> None:
    for rng in (None, SecureRandom()):
        engine = table(rng, coups=2)
        lines = [json.loads(x)["event"] for x in export_lines(engine.store.load("club"))]
        assert not any("source" in e for e in lines)
        assert engine.view("club")["shoe"]["secret"] is True


def test_a_shuffle_that_drops_its_seeds_source_is_refused_by_both_verifiers() -> None:
    engine = table(SeededRandom(4), coups=12)
    engine.do("club", CloseTable())
    lines = [json.loads(x) for x in export_lines(engine.store.load("club"))]
    at = find(lines, "ShoeShuffled", shoe=2)
    del lines[at]["event"]["source"]  # "the OS's", where its commitment said otherwise
    text = chained(copy.deepcopy(lines))
    with pytest.raises(StoreError) as refused:
        check_log("club", read_lines(text)["club"])
    assert refused.value.params["line"] == at + 1
    with pytest.raises(verify_shoe.LogFault) as fault:
        verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    assert (fault.value.key, fault.value.line) == ("source", at + 1)


def test_the_python_apis_seats_are_the_operators_and_its_shoes_the_servers_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.db"
    casino = CasinoTable(table="club", decks=1, db=db)
    casino.sit("Ana", 10**6)
    for _ in range(12):  # its own seat contributes to every shoe, from secrets
        casino.bet("Ana", "banco", 1000)
        casino.deal()
    events = casino.events
    assert all(e.house for e in events if isinstance(e, PlayerSeated))
    view = casino.engine.view("club", Viewer.player("Ana"))
    assert view["shoe"]["secret"] is True and view["shoe"]["server_only"] is True
    casino.close_table()
    casino.close()
    shoes = fair_shoes(CasinoTable.resume("club", db=db).events)
    assert shoes and all(s.contributions and s.server_only for s in shoes)
    assert all(s.house == s.contributors == ("Ana",) for s in shoes)
    assert main(["verify", "club", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    for shoe in shoes:
        assert f"Table 'club', shoe {shoe.shoe}: {ALONE}." in out
    assert "shuffled with their players' contributions" not in out
    assert main(["shoes", "club", "--json", "--db", str(db)]) == 0
    listed = tmp_path / "shoes.json"
    listed.write_text(capsys.readouterr().out, encoding="utf-8")
    assert run_tool(listed).count(f"  {ALONE}") == len(shoes)
    assert main(["export", "club", "--jsonl", "--db", str(db)]) == 0
    log = tmp_path / "club.jsonl"
    log.write_text(capsys.readouterr().out, encoding="utf-8")
    said = run_tool(log)
    assert said.count(f"  {ALONE}") == len(shoes) and "contributions" not in said
    # Such a table set to deal only shoes a player contributed to deals none of them.
    strict = CasinoTable(table="strict", decks=1, contributed_only=True)
    strict.sit("Ana", 10**6)
    strict.bet("Ana", "banco", 1000)
    with pytest.raises(IllegalActionError) as refused:
        strict.deal()
    assert refused.value.key == "table.error.server_only"
    strict.close()


@pytest.mark.parametrize(("who", "alone"), [("Ana", False), ("Bruno", True), ("both", False)])
def test_a_shoe_is_the_servers_alone_unless_a_seat_of_a_players_own_contributed(
    who: str, alone: bool
) -> None:
    """Ana sat down from her phone (a join); the host seated Bruno itself."""
    clock = Clock()
    engine = Engine(MemoryStore(clock=clock.text), clock=clock)
    engine.open("club", "casino", settings={"decks": 1, "contributed_only": True})
    engine.do("club", Sit("Ana", 10**6), by=Viewer.SPECTATOR)
    engine.do("club", Sit("Bruno", 10**6))  # the host's
    events = engine.machine("club").events
    seated = {e.name: e.house for e in events if isinstance(e, PlayerSeated)}
    assert seated == {"Ana": None, "Bruno": True}
    device = Contributor(["Ana", "Bruno"] if who == "both" else [who])
    device.run(engine, "club")
    for _ in range(4):  # the other's windows run out; this one reveals
        clock.now += 3600.0
        engine.tick(["club"])
        device.run(engine, "club")
    shoe = engine.view("club")["shoe"]
    assert shoe["server_only"] is alone and shoe["secret"] is True
    engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
    if alone:
        with pytest.raises(IllegalActionError) as refused:
            engine.do("club", Deal())
        assert refused.value.key == "table.error.server_only"
    else:
        assert engine.do("club", Deal())
    stored = [r.event for r in engine.store.load("club")]
    (record,) = fair_shoes(stored)
    assert record.server_only is alone
    assert record.house == (("Bruno",) if who != "Ana" else ())
    assert fair.FairShoe.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    # The standalone verifier reads the same from the log.
    text = export_lines(engine.store.load("club"))
    report = verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    (flags,) = [f for *_, f in report["shoes"]]
    assert flags["server_only"] is alone
    assert public_log(stored)  # an export in play hides the shoe, flags and all


def strict_log() -> list[dict[str, Any]]:
    """A table set to deal only shoes a player contributed to, where Ana, who sat down
    from her own phone, contributed to the one shoe dealt."""
    clock = Clock()
    engine = Engine(MemoryStore(clock=clock.text), clock=clock)
    settings = {"decks": 1, "contributed_only": True}
    engine.open("club", "casino", players=[("Ana", 10**9)], settings=settings, own=["Ana"])
    played(engine, clock, 2)
    engine.do("club", CloseTable())
    return [json.loads(x) for x in export_lines(engine.store.load("club"))]


def test_a_log_that_makes_a_seat_the_operators_after_the_fact_is_refused_by_both() -> None:
    """Ana's seat turned into the operator's (the chain redone): the shoes dealt were
    then the server's alone, which this table deals none of."""
    lines = strict_log()
    chained(copy.deepcopy(lines))  # the honest log is fine
    at = find(lines, "PlayerSeated", name="Ana")
    lines[at]["event"]["house"] = True
    text = chained(lines)
    with pytest.raises(StoreError) as refused:
        check_log("club", read_lines(text)["club"])
    assert refused.value.key == "import.error.refused"
    assert "the server alone chose" in refused.value.message("en")
    with pytest.raises(verify_shoe.LogFault) as fault:
        verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    dealt = find(lines, "CoupDealt")
    assert (fault.value.key, fault.value.line) == ("server_only_dealt", dealt + 1)


@pytest.mark.parametrize(
    ("kind", "field", "value"),
    [("PlayerSeated", "house", False), ("NextShoeCommitted", "source", "mine")],
)
def test_a_mark_of_another_value_than_the_documented_ones_is_refused_by_both(
    kind: str, field: str, value: object
) -> None:
    lines = strict_log()
    at = find(lines, kind)
    lines[at]["event"][field] = value
    text = chained(lines)
    with pytest.raises(StoreError) as refused:
        check_log("club", read_lines(text)["club"])
    assert refused.value.params.get("line") == at + 1, refused.value.message("en")
    with pytest.raises(verify_shoe.LogFault) as fault:
        verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    assert (fault.value.key, fault.value.line) == ("field", at + 1)


def test_a_seat_of_the_operators_stays_its_own_under_a_new_name() -> None:
    """The host seats Bruno itself, then renames him Bea: the seat is the same, so a
    shoe only Bea contributed to is still the server's alone, in the views, the records
    and the standalone verifier."""
    from puntobanco.engine.commands import RenamePlayer

    clock = Clock()
    engine = Engine(MemoryStore(clock=clock.text), clock=clock)
    engine.open("club", "casino", settings={"decks": 1})
    engine.do("club", Sit("Bruno", 10**6))  # the host's
    engine.do("club", RenamePlayer("Bruno", "Bea"))
    device = Contributor(["Bea"])
    device.run(engine, "club")
    for _ in range(4):
        clock.now += 3600.0
        engine.tick(["club"])
        device.run(engine, "club")
    assert engine.view("club")["shoe"]["server_only"] is True
    (record,) = fair_shoes([r.event for r in engine.store.load("club")])
    assert record.contributors == record.house == ("Bea",) and record.server_only
    text = export_lines(engine.store.load("club"))
    report = verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    assert [f["server_only"] for *_, f in report["shoes"]] == [True]


def test_puntobanco_shoes_says_which_shoes_are_not_secret_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.db"
    for table, rng in (("club", SeededRandom(6)), ("seeded", None)):
        engine = Engine(str(db), rng=rng)
        settings: dict[str, Any] = {"decks": 1} if rng else {"decks": 1, "seed": 4}
        engine.open(table, "casino", players=[("Ana", 10**6)], settings=settings, own=["Ana"])
        Contributor(["Ana"]).run(engine, table)
        engine.shutdown()
    assert main(["shoes", "club", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert t("shoes.injected", "en") in out and t("shoes.not_secret", "en") not in out
    assert main(["shoes", "seeded", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert t("shoes.not_secret", "en") in out and t("shoes.injected", "en") not in out
