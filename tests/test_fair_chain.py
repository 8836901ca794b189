"""The log's hash chain: exports carry it, import and verify refuse any edit."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from puntobanco import CasinoTable
from puntobanco.cli import main
from puntobanco.errors import StoreError
from puntobanco.store import MemoryStore
from puntobanco.store.chain import GENESIS, canonical, link
from puntobanco.store.jsonl import chain_head, export_lines, import_lines, read_lines


def exported(coups: int = 4) -> list[str]:
    store = MemoryStore()
    club = CasinoTable(db=store, table="club", seed=5)
    club.sit("Ana", 100_000)
    for _ in range(coups):
        club.bet("Ana", "banco", 1_010)
        club.deal()
    return export_lines(store.load("club"))


def last_hash(lines: list[str]) -> str:
    return str(json.loads(lines[-1])["hash"])


def detected(lines: list[str], head: str) -> bool:
    """True when the chain check refuses the lines or they no longer end at ``head``."""
    try:
        tables = read_lines(lines)
    except StoreError:
        return True
    return chain_head(tables.get("club", [])) != head


def edit(line: str, rng: random.Random) -> str:
    data = json.loads(line)
    event = data["event"]
    key = rng.choice([k for k in event if k != "type"] or ["type"])
    value = event[key]
    if isinstance(value, bool):
        event[key] = not value
    elif isinstance(value, int):
        event[key] = value + rng.choice([-1, 1])
    elif isinstance(value, str):
        event[key] = value + "x"
    elif isinstance(value, list) and value:
        event[key] = value[1:]
    else:
        data["time"] = data["time"].replace("2", "3", 1) + "0"
    return json.dumps(data, ensure_ascii=False)


def test_each_line_names_its_predecessor_and_its_own_hash() -> None:
    lines = [json.loads(line) for line in exported(1)]
    assert lines[0]["prev"] == GENESIS
    for before, after in zip(lines, lines[1:], strict=False):
        assert after["prev"] == before["hash"]
    first = lines[0]
    body = canonical(first["table"], 1, first["time"], first["event"], GENESIS)
    assert body.startswith(b'{"event":{') and b" " not in body.split(b'"time"')[1]
    assert first["hash"] == link(first["table"], 1, first["time"], first["event"], GENESIS)


def test_a_thousand_edits_deletions_insertions_and_reorders_are_all_detected() -> None:
    original = exported()
    head = last_hash(original)
    assert not detected(original, head)
    rng = random.Random(2026)
    caught = {"edit": 0, "delete": 0, "insert": 0, "reorder": 0}
    for n in range(1000):
        kind = list(caught)[n % 4]
        lines = list(original)
        i = rng.randrange(len(lines))
        if kind == "edit":
            lines[i] = edit(lines[i], rng)
        elif kind == "delete":
            del lines[i]
        elif kind == "insert":
            lines.insert(rng.randrange(len(lines) + 1), edit(lines[i], rng))
        else:
            j = rng.choice([k for k in range(len(lines)) if k != i])
            lines[i], lines[j] = lines[j], lines[i]
        assert lines != original
        caught[kind] += detected(lines, head)
    assert caught == {"edit": 250, "delete": 250, "insert": 250, "reorder": 250}


def test_import_refuses_a_broken_chain_naming_the_first_bad_line() -> None:
    lines = exported(2)
    lines[3] = edit(lines[3], random.Random(1))
    with pytest.raises(StoreError) as error:
        import_lines(MemoryStore(), lines)
    assert error.value.key == "store.error.chain_hash" and error.value.params["line"] == 4
    del lines[3]
    with pytest.raises(StoreError) as error:
        import_lines(MemoryStore(), lines)
    assert "Line 4 " in error.value.message("en")
    unchained = [json.dumps({k: v for k, v in json.loads(x).items() if k != "hash"}) for x in lines]
    with pytest.raises(StoreError, match="Line 1 "):
        import_lines(MemoryStore(), unchained)


def test_an_imported_log_keeps_its_chain(tmp_path: Path) -> None:
    lines = exported(3)
    store = MemoryStore()
    import_lines(store, lines)
    assert export_lines(store.load("club")) == lines


def test_verify_checks_a_file_and_a_noted_head(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = exported(2)
    path = tmp_path / "club.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    noted = json.loads(lines[6])["hash"]
    assert main(["verify", str(path), "--head", noted]) == 0
    out = capsys.readouterr().out
    assert f"the noted head {noted} is event 7" in out
    assert f"{len(lines)} events checked, hash chain unbroken; chain head {last_hash(lines)}" in out
    # A log cut short is a valid chain, but the head noted earlier is gone.
    path.write_text("\n".join(lines[:6]) + "\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    assert main(["verify", str(path), "--head", noted]) == 2
    assert "is the hash of no event in this log" in capsys.readouterr().err
    lines[5] = edit(lines[5], random.Random(3))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["--lang", "es", "verify", str(path)]) == 2
    assert "error: la línea 6 del registro rompe su cadena de hash" in capsys.readouterr().err
