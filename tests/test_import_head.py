"""``import --head``: an unbroken hash chain proves only that a file's lines hang
together; a file edited with its chain computed again (a stake and its payout raised,
the last coup dropped) has one too, and imports. A chain head noted before the file was
handed over proves the file is that log: ``import --head HEAD`` refuses any other."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from puntobanco import CasinoTable
from puntobanco.cli import main
from puntobanco.store.chain import hashes
from puntobanco.store.sqlite import SQLiteStore


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def exported(tmp_path: Path) -> tuple[list[dict[str, Any]], str]:
    """A casino table still in play, exported as its operator moves it (with its
    secrets), and the chain head ``verify`` printed for it then."""
    db = tmp_path / "club.db"
    table = CasinoTable(seed=5, db=db, table="club")
    table.sit("Ana", 1_000_000)
    for _ in range(6):
        table.bet("Ana", "punto", 1000)
        table.deal()
    code, out, err = run("verify", "club", "--db", str(db))
    assert code == 0, err
    head = re.findall(r"chain head ([0-9a-f]{64})", out)[-1]
    code, out, err = run("export", "club", "--jsonl", "--with-secrets", "--db", str(db))
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()], head


def chained(lines: list[dict[str, Any]]) -> str:
    """The lines with their hash chain computed again, as a forger would."""
    links = hashes((d["table"], d["seq"], d["time"], d["event"]) for d in lines)
    for line, (prev, own) in zip(lines, links, strict=True):
        line["prev"], line["hash"] = prev, own
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def raised(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ana's first stake and its payout raised fivefold: a consistent edit."""
    placed = next(d for d in lines if d["event"]["type"] == "BetPlaced")
    paid = next(d for d in lines if d["event"]["type"] == "BetPaid")
    placed["event"]["stake"] *= 5
    paid["event"]["stake"] *= 5
    paid["event"]["win"] *= 5
    return lines


def cut(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The last coup dropped, from its bet on (a chain's beginning is a chain)."""
    last = max(i for i, d in enumerate(lines) if d["event"]["type"] == "BetPlaced")
    return lines[:last]


@pytest.mark.parametrize("forge", [raised, cut], ids=["stake-and-payout-raised", "coup-dropped"])
def test_a_forged_export_with_its_chain_computed_again_is_refused_against_the_noted_head(
    exported: tuple[list[dict[str, Any]], str], tmp_path: Path, forge: Any
) -> None:
    lines, head = exported
    forged = tmp_path / "forged.jsonl"
    forged.write_text(chained(forge(lines)), encoding="utf-8")
    target = tmp_path / "new.db"
    # The chain is unbroken and the replay agrees: without a head, the forgery imports.
    code, out, err = run("import", str(forged), "--db", str(tmp_path / "naive.db"))
    assert code == 0, err
    code, out, err = run("import", str(forged), "--head", head, "--db", str(target))
    assert code == 2 and not out
    assert "Table 'club' of the file ends at the chain head" in err and head in err
    assert "Nothing was imported" in err
    assert not target.exists()  # refused before the log is even made


def test_the_export_itself_imports_against_its_noted_head(
    exported: tuple[list[dict[str, Any]], str], tmp_path: Path
) -> None:
    lines, head = exported
    file = tmp_path / "club.jsonl"
    file.write_text("".join(json.dumps(d) + "\n" for d in lines), encoding="utf-8")
    target = tmp_path / "new.db"
    for noted in (head, head[:16].upper()):  # whole, or the screen's first 16 digits
        target.unlink(missing_ok=True)
        code, out, err = run("import", str(file), "--head", noted, "--db", str(target))
        assert code == 0 and "Imported table 'club'" in out, err
    assert len(SQLiteStore(target, readonly=True).load("club")) == len(lines)
    code, out, err = run("import", str(file), "--head", head[:15], "--db", str(tmp_path / "x.db"))
    assert code == 2 and "ends at the chain head" in err  # 15 digits are not enough


def test_a_noted_head_that_ends_no_table_is_refused(
    exported: tuple[list[dict[str, Any]], str], tmp_path: Path
) -> None:
    lines, head = exported
    file = tmp_path / "club.jsonl"
    file.write_text("".join(json.dumps(d) + "\n" for d in lines), encoding="utf-8")
    other = "f" * 64
    code, out, err = run(
        "--lang", "fr", "import", str(file), "--head", head, "--head", other, "--db",
        str(tmp_path / "new.db"),
    )  # fmt: skip
    assert code == 2 and f"tête de chaîne {other}" in err and "Rien n’a été importé" in err
