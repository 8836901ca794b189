"""``puntobanco history``, ``export`` and ``import`` over a SQLite log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puntobanco import CasinoTable, Session
from puntobanco.cli import main

FIELDS = [
    "table",
    "format",
    "coup",
    "time",
    "cards",
    "punto_total",
    "banco_total",
    "winner",
    "bets",
    "settlements",
    "balances_before",
    "balances_after",
]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "games.db"
    with Session(["Ana", "Bruno"], seed=7, db=path, deals=2) as s:
        for _ in range(2):
            s.predict("Ana", "banco")
            s.predict("Bruno", "egalite")
            s.deal()
    with CasinoTable(seed=1, db=path, table="club") as t:
        t.sit("Ana", 1_000_000)
        for _ in range(3):
            t.bet("Ana", "banco", 2010)
            t.bet("Ana", "egalite", 500)
            t.deal()
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_history_json_lists_coups_oldest_first_with_the_documented_fields(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "history", "--db", str(db), "--json")
    coups = json.loads(out)
    assert code == 0 and len(coups) == 5
    assert all(list(c) == FIELDS for c in coups)
    assert [c["time"] for c in coups] == sorted(c["time"] for c in coups)
    first = coups[0]
    assert first["table"] == "session" and first["format"] == "session" and first["coup"] == 1
    assert first["winner"] == "banco" and first["balances_before"] == {"Ana": 0, "Bruno": 0}
    assert first["balances_after"] == {"Ana": 19, "Bruno": -20}
    assert first["bets"] == [
        {"player": "Ana", "box": "banco", "stake": 20},
        {"player": "Bruno", "box": "egalite", "stake": 20},
    ]
    for coup in coups:
        for name, before in coup["balances_before"].items():
            nets = sum(s["net"] for s in coup["settlements"] if s["player"] == name)
            assert coup["balances_after"][name] == before + nets


def test_history_of_one_table_keeps_its_last_coups(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "history", "club", "--last", "2", "--db", str(db), "--json")
    coups = json.loads(out)
    assert code == 0 and [c["coup"] for c in coups] == [2, 3]
    assert {c["format"] for c in coups} == {"casino"}
    code, out, _ = run(capsys, "history", "club", "--last", "1", "--db", str(db))
    assert code == 0 and out.startswith("club coup 3 (") and "Ana" in out


def test_history_of_an_unknown_table_is_an_error(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "history", "nope", "--db", str(db))
    assert code == 2
    assert err.strip() == f"error: No table 'nope' in {db}. Tables: session, club."


def test_export_then_import_rebuilds_the_same_history(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "export", "club", "--jsonl", "--db", str(db))
    assert code == 0
    lines = out.splitlines()
    assert json.loads(lines[0])["event"]["type"] == "TableOpened"
    assert [json.loads(line)["seq"] for line in lines] == list(range(1, len(lines) + 1))
    file = tmp_path / "club.jsonl"
    file.write_text(out, encoding="utf-8")
    other = tmp_path / "other.db"
    code, out, _ = run(capsys, "import", str(file), "--db", str(other))
    assert code == 0
    assert out.strip() == f"Imported table 'club': {len(lines)} events, 3 coups settled."
    _, before, _ = run(capsys, "history", "club", "--db", str(db), "--json")
    _, after, _ = run(capsys, "history", "club", "--db", str(other), "--json")
    assert json.loads(before) == json.loads(after)
    code, _, err = run(capsys, "import", str(file), "--db", str(other))
    assert code == 2 and "already exists" in err


def test_reading_a_log_that_does_not_exist_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none" / "games.db"
    for command in (["history"], ["export", "club"]):
        code, _, err = run(capsys, *command, "--db", str(missing))
        assert code == 2 and err.strip() == f"error: There is no game log at {missing}."
    assert not missing.parent.exists()
