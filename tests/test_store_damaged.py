"""Damaged game logs: every reader either refuses the file with a named error that
names it, or shows exactly what the sound file shows; never a traceback, never a
different output. The corpus is made here from one sound log: single bit flips at
many offsets, cuts at many lengths, a deleted middle row, a folder, an empty file,
a file that is not SQLite, an export with garbage in it."""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import sqlite3
import traceback
from pathlib import Path

import pytest

from puntobanco import Session
from puntobanco.cli import main

#: The readers run over every damaged file (each command reads a different way).
READERS = [
    ["history"],
    ["history", "--roads"],
    ["export", "session"],
    ["shoes", "session", "--json"],
    ["verify", "session"],
]
FLIPS = 120
CUTS = 30


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:
            code = int(stop.code or 0)
        except Exception:  # a traceback a person would read
            pytest.fail(f"{argv!r} raised:\n{traceback.format_exc()}")
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[str, tuple[int, str]]]:
    """The sound log's bytes and what each reader prints for it."""
    root = tmp_path_factory.mktemp("sound")
    db = root / "game.db"
    s = Session(["Ana", "Bruno"], seed=7, db=db)
    for n in range(4):
        s.predict("Ana", "banco" if n % 2 else "punto")
        s.predict("Bruno", "egalite")
        s.deal()
    s.close()
    assert not Path(f"{db}-wal").exists() or not Path(f"{db}-wal").stat().st_size
    shown = {}
    for argv in READERS:
        code, out, err = run([*argv, "--db", str(db)])
        assert code == 0 and out, (argv, err)
        shown[" ".join(argv)] = (code, out.replace(str(db), "DB"))
    return db.read_bytes(), shown


def check(place: Path, data: bytes | None, sound: dict[str, tuple[int, str]], what: str) -> int:
    """Every reader on ``data`` (None: ``place`` is left as it is) refuses it naming
    the file, or prints what it prints for the sound log. Returns the refusals."""
    db = place / "game.db"
    refused = 0
    for argv in READERS:
        for extra in place.glob("game.db*"):
            if extra.is_file():
                extra.unlink()
        if data is not None:
            db.write_bytes(data)
        code, out, err = run([*argv, "--db", str(db)])
        if code == 0:
            assert (code, out.replace(str(db), "DB")) == sound[" ".join(argv)], (what, argv)
        else:
            refused += 1
            assert code == 2 and str(db) in err and "Traceback" not in err, (what, argv, err)
            assert not out.strip() or argv[0] == "verify", (what, argv, out)
    return refused


def test_bit_flips_are_refused_or_change_nothing(
    sound: tuple[bytes, dict[str, tuple[int, str]]], tmp_path: Path
) -> None:
    data, shown = sound
    rng = random.Random(9)
    offsets = sorted(rng.sample(range(len(data)), FLIPS))
    refused = 0
    for offset in offsets:
        flipped = bytearray(data)
        flipped[offset] ^= 1 << rng.randrange(8)
        refused += check(tmp_path, bytes(flipped), shown, f"bit flip at {offset}") > 0
    assert refused > 0  # the corpus does hit what matters


def test_cut_files_are_refused_or_change_nothing(
    sound: tuple[bytes, dict[str, tuple[int, str]]], tmp_path: Path
) -> None:
    data, shown = sound
    lengths = sorted({0, 1, 15, 16, 99, 100, *random.Random(3).sample(range(len(data)), CUTS)})
    for length in lengths:
        check(tmp_path, data[:length], shown, f"cut at {length} of {len(data)} bytes")


def test_a_deleted_middle_row_is_refused_naming_the_gap(
    sound: tuple[bytes, dict[str, tuple[int, str]]], tmp_path: Path
) -> None:
    data, shown = sound
    db = tmp_path / "game.db"
    db.write_bytes(data)
    with contextlib.closing(sqlite3.connect(db)) as raw:
        (count,) = raw.execute("SELECT COUNT(*) FROM events").fetchone()
        raw.execute("DELETE FROM events WHERE seq = ?", (count // 2,))
        raw.commit()
    gapped = db.read_bytes()
    assert check(tmp_path, gapped, shown, "a deleted row") == len(READERS)
    code, _, err = run(["--lang", "fr", "history", "--db", str(db)])
    assert code == 2 and str(count // 2) in err and "session" in err


@pytest.mark.parametrize("kind", ["folder", "empty", "text", "zeros"])
def test_what_is_not_a_log_is_refused_naming_the_file(
    sound: tuple[bytes, dict[str, tuple[int, str]]], tmp_path: Path, kind: str
) -> None:
    _, shown = sound
    db = tmp_path / "game.db"
    if kind == "folder":
        db.mkdir()
        data = None
    else:
        data = {"empty": b"", "text": b"hello\n", "zeros": bytes(8192)}[kind]
    assert check(tmp_path, data, shown, kind) == len(READERS)
    if kind == "folder":
        shutil.rmtree(db)


def test_an_export_with_garbage_is_refused_or_verifies_the_same(
    sound: tuple[bytes, dict[str, tuple[int, str]]], tmp_path: Path
) -> None:
    _, shown = sound
    lines = shown["export session"][1].splitlines()
    rng = random.Random(5)
    target = tmp_path / "in.jsonl"
    target.write_text("\n".join(lines) + "\n")
    _, same, _ = run(["verify", str(target)])
    for case in range(60):
        changed = list(lines)
        i = rng.randrange(len(changed))
        line = bytearray(changed[i].encode())
        line[rng.randrange(len(line))] ^= 1 << rng.randrange(7)
        changed[i] = line.decode("utf-8", "replace")
        target.write_text("\n".join(changed) + "\n")
        code, out, _ = run(["verify", str(target)])
        if code == 0 and out == same:
            continue  # the same events written another way ("7d" for "7D"): same chain head
        for argv in (
            ["verify", str(target)],
            ["import", str(target), "--db", str(tmp_path / "i.db")],
        ):
            code, out, err = run(argv)
            if changed[i] == lines[i]:
                continue
            assert code == 2 and "Traceback" not in err and err.strip(), (case, argv, out)
            assert not (tmp_path / "i.db").exists()
