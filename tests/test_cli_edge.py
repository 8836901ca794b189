"""The command line's edge: every refusal is one sentence and a non-zero status,
never a traceback, never a silent success."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from puntobanco.cli import main

# 47 of a deck's 52 cards: five are left.
ALL_BUT_FIVE = " ".join(f"{r}{s}" for s in "hsc" for r in "A23456789TJQK") + " Ad 2d 3d 4d 5d 6d"
ALL_BUT_FIVE += " 7d 8d"
ALL_BUT_SIX = ALL_BUT_FIVE.rsplit(" ", 1)[0]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse's refusals
        code = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, "--lang", "en", *argv)
    assert code != 0, (argv, out)
    assert err.strip() and "Traceback" not in err, (argv, err)
    return err


@pytest.fixture
def log(tmp_path: Path) -> Path:
    """A game log holding one session coup."""
    from puntobanco import Session

    db = tmp_path / "game.db"
    s = Session(["Ana", "Bruno"], seed=7, db=db)
    s.predict("Ana", "banco")
    s.predict("Bruno", "punto")
    s.deal()
    s.close()
    return db


# -- odds with a shoe too short --------------------------------------------------


def test_odds_of_a_shoe_of_five_cards_is_refused_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for extra in ([], ["--totals"], ["--json"]):
        err = refused(capsys, "odds", "--decks", "1", "--remove", ALL_BUT_FIVE, *extra)
        assert "5 cards are left in the shoe; this needs 6 at least" in err


def test_effects_of_removal_need_a_seventh_card(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "odds", "--effects", "--decks", "1", "--remove", ALL_BUT_SIX)
    assert "6 cards are left in the shoe; this needs 7 at least" in err
    code, out, _ = run(capsys, "odds", "--decks", "1", "--remove", ALL_BUT_SIX, "--json")
    assert code == 0 and '"total": 720' in out  # six cards: 6! orders, one coup


# -- simulate: its files are checked before the run ------------------------------


@pytest.mark.parametrize(
    ("option", "path", "words"),
    [
        ("--csv", "{tmp}/missing/run.csv", "no such file or folder"),
        ("--csv", "{tmp}", "this is a folder"),
        ("--plot", "{tmp}/run.txt", "unknown picture format"),
        ("--plot", "{tmp}", "unknown picture format"),
        ("--csv", "/dev/full", "no space left on the device"),
        ("--csv", "{tmp}/afile/run.csv", "a part of the path is a file"),
    ],
)
def test_simulate_refuses_an_output_file_before_it_simulates(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, path: str, words: str
) -> None:
    if importlib.util.find_spec("numba") is None:
        pytest.skip("the sim extra is not installed")
    (tmp_path / "afile").write_text("x")
    err = refused(capsys, "simulate", "--coups", "1e9", option, path.format(tmp=tmp_path))
    assert words in err
    assert "coups/s" not in err  # refused at once, not after a billion coups


# -- files and databases that cannot be used ---------------------------------------


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "no such file or folder"),
        ("DIR", "this is a folder"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "is not a text file in UTF-8"),
        ("é".encode("latin-1"), "is not a text file in UTF-8"),
        (b"", "is empty: there is nothing to import"),
        (b"\n  \n", "is empty: there is nothing to import"),
    ],
)
def test_import_of_a_file_that_is_not_a_log_says_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes | str | None, words: str
) -> None:
    source = tmp_path / "in.jsonl"
    if content == "DIR":
        source.mkdir()
    elif isinstance(content, bytes):
        source.write_bytes(content)
    db = tmp_path / "new.db"
    assert words in refused(capsys, "import", str(source), "--db", str(db))
    assert not db.exists()  # nothing is created for a file that is refused


@pytest.mark.parametrize(
    ("db", "words"),
    [
        ("{tmp}", "this is a folder"),
        ("{tmp}/notadb.db", "it is not a SQLite database"),
        ("/proc/puntobanco.db", "cannot be used as a game log"),
        ("{tmp}/notadb.db/below.db", "a part of the path is a file"),
    ],
)
@pytest.mark.parametrize("command", ["import", "history", "export", "play", "assist"])
def test_a_db_that_cannot_be_a_log_is_named_with_the_reason(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    log: Path,
    db: str,
    words: str,
    command: str,
) -> None:
    (tmp_path / "notadb.db").write_text("not a database\n")
    source = tmp_path / "s.jsonl"
    assert main(["export", "session", "--db", str(log)]) == 0
    source.write_text(capsys.readouterr().out)
    args = {
        "import": ["import", str(source)],
        "history": ["history"],
        "export": ["export", "session"],
        "play": ["play"],
        "assist": ["assist"],
    }[command]
    err = refused(capsys, *args, "--db", db.format(tmp=tmp_path))
    if command in ("history", "export") and db == "{tmp}":
        words = "is not a game log: it is a folder"
    elif command in ("history", "export") and not db.endswith("notadb.db"):
        words = "There is no game log"  # readers never create a log, whatever the path
    assert words in err
    assert (tmp_path / "notadb.db").read_text() == "not a database\n"


def test_a_crash_of_the_terminal_game_exits_non_zero() -> None:
    from puntobanco.cli.play import run_app

    class Crashed:
        return_code = 1

        def run(self) -> None:
            """Textual catches the exception, prints it and sets return_code."""

    class Finished(Crashed):
        return_code = 0

    assert run_app(Crashed()) == 1
    assert run_app(Finished()) == 0


@pytest.mark.parametrize("command", ["play", "assist"])
def test_the_game_without_the_tui_extra_says_which_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: object) -> object:
        return None if name == "textual" else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    err = refused(capsys, command, "--no-store")
    assert "needs the optional 'tui' extra" in err and "pip install 'puntobanco[tui]'" in err


# -- standard output that cannot be written ----------------------------------------


def _puntobanco(shell_redirect: str) -> subprocess.CompletedProcess[str]:
    command = f'exec "{sys.executable}" -m puntobanco coup "4h 2s 9c Ad 8d" {shell_redirect}'
    env = {**os.environ, "LC_ALL": "C"}
    return subprocess.run(["sh", "-c", command], capture_output=True, text=True, env=env)


@pytest.mark.parametrize(
    ("redirect", "words"),
    [(">/dev/full", "no space left on the device"), (">&-", "standard output is closed")],
)
def test_output_that_cannot_be_written_is_an_error(redirect: str, words: str) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    done = _puntobanco(redirect)
    assert done.returncode != 0
    assert words in done.stderr and "Traceback" not in done.stderr
    assert "Exception ignored" not in done.stderr


# -- loose validation ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["history", "--last", "-1"], "-1 is too small: 0 at least"),
        (["history", "--last", "two"], "'two' is not a whole number"),
        (["history", "--shoe", "2"], "--shoe goes with --roads"),
        (["history", "--roads", "--shoe", "0"], "0 is too small: 1 at least"),
        (["simulate", "--chunk", "0"], "shorter than one shoe"),
        (["simulate", "--chunk", "1"], "A chunk of 1 coup is shorter than one shoe"),
        (["simulate", "--strategy", "martingale:"], "'martingale:' is not a strategy"),
        (["play", "--no-store", "--db", "x.db"], "--db cannot go with --no-store"),
        (["play", "--no-store", "--resume"], "--resume cannot go with --no-store"),
        (["assist", "--no-store", "--resume"], "--resume cannot go with --no-store"),
        (["coup", "4h 2s 9c Ad 8d", "--decks", "eight"], "'eight' is not a whole number"),
    ],
)
def test_loose_arguments_are_refused_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], words: str
) -> None:
    if argv[0] == "simulate" and importlib.util.find_spec("numba") is None:
        pytest.skip("the sim extra is not installed")
    argv = [a.replace("x.db", str(tmp_path / "x.db")) for a in argv]
    assert words in refused(capsys, *argv, *(["--coups", "1000"] if argv[0] == "simulate" else []))
    assert not (tmp_path / "x.db").exists()


# -- the language, the help, the version -------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "fr", "coup", "4h"],
        ["coup", "4h", "--lang", "fr"],
        ["coup", "--lang=fr", "4h"],
        ["odds", "--decks", "9", "--lang", "fr"],
    ],
)
def test_the_language_may_come_before_or_after_the_command(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith("erreur\u00a0: ")


@pytest.mark.parametrize(
    ("lang", "words", "english"),
    [
        (
            "fr",
            ["utilisation\u00a0:", "afficher cette aide et quitter", "options\u00a0:"],
            "usage:",
        ),
        ("es", ["uso:", "mostrar esta ayuda y salir", "opciones:"], "show this help"),
    ],
)
def test_help_is_translated_with_argparse_s_own_words(
    capsys: pytest.CaptureFixture[str], lang: str, words: list[str], english: str
) -> None:
    for argv in (["--help"], ["coup", "--help"], ["simulate", "--help"]):
        code, out, _ = run(capsys, "--lang", lang, *argv)
        assert code == 0
        for word in words:
            assert word in out, (argv, word)
        assert english not in out


def test_argparse_refusals_are_translated(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--lang", "fr", "coup")
    assert code == 2
    assert "utilisation\u00a0:" in err and "ces arguments sont obligatoires\u00a0: cartes" in err
    code, _, err = run(capsys, "--lang", "es", "roads", "B", "--nope")
    assert "argumentos desconocidos: --nope" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from puntobanco import __version__

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"puntobanco {__version__}"
