"""The engine's view shows the log's chain head: the hash of the table's last stored
event, what ``puntobanco verify`` prints, new after each commit; a head noted from
it (whole, or its first 16 hex digits) proves the log later."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puntobanco.cli import main
from puntobanco.engine import Bet, Deal, Engine, Sit, Viewer
from puntobanco.store import MemoryStore
from puntobanco.store.chain import GENESIS
from puntobanco.store.jsonl import chain_head, chain_of
from puntobanco.store.sqlite import SQLiteStore


def verify_head(db: Path, table: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The chain head ``puntobanco verify TABLE`` prints."""
    capsys.readouterr()
    assert main(["verify", table, "--db", str(db)]) == 0
    (head,) = re.findall(r"chain head ([0-9a-f]{64})", capsys.readouterr().out)
    return str(head)


def play(engine: Engine, coups: int) -> list[str]:
    """The heads every viewer saw, after each command of ``coups`` coups."""
    engine.open("club", "casino", settings={"seed": 3})
    engine.do("club", Sit("Ana", 100_000))
    heads = [engine.view("club", Viewer.SPECTATOR)["chain_head"]]
    for _ in range(coups):
        engine.do("club", Bet("Ana", "banco", 1_010), by=Viewer.player("Ana"))
        heads.append(engine.view("club", Viewer.player("Ana"))["chain_head"])
        engine.do("club", Deal())
        heads.append(engine.view("club", Viewer.HOST)["chain_head"])
    return heads


def test_the_view_s_head_is_the_one_verify_prints_and_changes_with_each_commit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.db"
    engine = Engine(db)
    heads = play(engine, 3)
    assert len(set(heads)) == len(heads) and GENESIS not in heads
    for viewer in (Viewer.SPECTATOR, Viewer.player("Ana"), Viewer.HOST):
        assert engine.view("club", viewer)["chain_head"] == heads[-1]
    assert verify_head(db, "club", capsys) == heads[-1]
    engine.do("club", Bet("Ana", "punto", 2_000), by=Viewer.player("Ana"))
    assert engine.view("club", Viewer.HOST)["chain_head"] == verify_head(db, "club", capsys)
    engine.shutdown()
    again = Engine(db)  # reopened: the head is read from the store, not remembered
    assert again.view("club", Viewer.HOST)["chain_head"] == verify_head(db, "club", capsys)
    again.shutdown()


def test_the_head_is_the_hash_of_the_stored_log_in_every_store(tmp_path: Path) -> None:
    memory = Engine(MemoryStore())
    heads = play(memory, 2)
    assert heads[-1] == chain_head(memory.store.load("club"))
    engine = Engine(SQLiteStore(tmp_path / "club.db"))
    assert play(engine, 2)[-1] == chain_head(engine.store.load("club"))
    engine.store.close()


def test_a_head_noted_from_a_view_is_found_by_verify_whole_or_by_its_first_16_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.db"
    engine = Engine(db)
    noted = play(engine, 2)[2]  # the head after the first coup was dealt
    engine.do("club", Bet("Ana", "banco", 1_010), by=Viewer.player("Ana"))
    seq = [h for _, h in chain_of(engine.store.load("club"))].index(noted) + 1
    engine.shutdown()
    for given in (noted, noted[:16], noted[:16].upper()):
        capsys.readouterr()
        assert main(["verify", "club", "--head", given, "--db", str(db)]) == 0
        assert f"the noted head {given} is event {seq}: nothing up to it" in capsys.readouterr().out
    capsys.readouterr()
    assert main(["verify", "club", "--head", noted[:15], "--db", str(db)]) == 2  # too short
    assert main(["verify", "club", "--head", "0" * 16, "--db", str(db)]) == 2
