"""The command line: coup and odds, text and JSON, errors in the user's language."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from puntobanco.cli import COMMANDS, _chosen_command, build_parser, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_coup_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "coup", "4h 2s 9c Ad 8d", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["punto"] == {"cards": ["4H", "9C", "8D"], "two_card_total": 3, "total": 1}
    assert data["banco"] == {"cards": ["2S", "AD"], "two_card_total": 3, "total": 3}
    assert data["natural"] is False and data["winner"] == "banco"
    assert data["settlement"] == {"punto": -20, "banco": 19, "egalite": -20}
    assert [s["action"] for s in data["steps"]] == ["draw", "stand"]
    assert data["steps"][1]["column"] == 8


def test_coup_text_explains_each_rule_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr", "coup", "4♥ 2♠ 9♣ A♦ 8♦")
    assert code == 0
    assert "Punto a 3\u00a0: il tire (0 à 5) et reçoit 8♦." in out
    assert "Banco a 3 et la troisième carte de Punto vaut 8\u00a0: il reste." in out
    assert "Banco 3, Punto 1\u00a0: Banco gagne." in out
    assert "+19" in out


def test_coup_on_a_tie_refunds_punto_and_banco(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "coup", "4h 4s 4c 4d", "--json")
    assert json.loads(out)["settlement"] == {"punto": 0, "banco": 0, "egalite": 160}


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["coup", "4h 2s 9c"], "needs 1 more"),
        (["coup", "9h Kd Kc 2s 5h"], "5♥ (card 5) is not used"),
        (["coup", "4h 4h 9c Ad 8d", "--decks", "1"], "appears 2 times"),
        (["coup", "4x 2s 9c Ad 8d"], "'4x' is not a card"),
        (["coup", "4h 2s 9c Ad 8d", "--decks", "9"], "1 to 8 decks"),
        (["odds", "--remove", "5h 5h", "--decks", "1"], "appears 2 times"),
    ],
)
def test_mistakes_get_a_sentence_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, out, err = run(capsys, "--lang", "en", *argv)
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err


def test_errors_follow_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    code, _, err = run(capsys, "coup", "4h")
    assert code == 2 and "necesita 3 más" in err


def test_odds_json_has_exact_counts_and_decimal_strings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--decks", "8", "--json")
    data = json.loads(out)
    assert code == 0 and data["decks"] == 8 and data["removed"] == []
    assert data["counts"]["banco"] == 2_292_252_566_437_888
    assert sum(data["counts"].values()) == data["total"]
    assert data["house_edge"]["banco"].startswith("0.01057905784247")
    assert len(data["probabilities"]["punto"].lstrip("0.").replace(".", "")) >= 12
    assert data["exact"]["probabilities"]["egalite"].count("/") == 1


def test_odds_with_removed_cards_and_the_tie_nine_table(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "odds", "--remove", "5h 5d 6c", "--paytable", "tie-nine", "--json")
    data = json.loads(out)
    assert data["removed"] == ["5H", "5D", "6C"] and data["paytable"] == "tie-nine"
    assert data["total"] == 413 * 412 * 411 * 410 * 409 * 408


def test_odds_text_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--lang", "es", "odds", "--decks", "6")
    assert "Igualdad" in out and "Ventaja de la casa" in out and "312 cartas" in out


def test_python_dash_m_runs_the_same_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "puntobanco", "coup", "9h Kd Kc 2s", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["winner"] == "punto"


def test_a_reader_that_goes_away_is_not_an_error() -> None:
    # `puntobanco ... | head`: the pipe closes before the command writes.
    process = subprocess.Popen(
        [sys.executable, "-m", "puntobanco", "odds", "--decks", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    error = process.stderr.read().decode()
    process.stderr.close()
    assert process.wait(timeout=60) == 0
    assert "Traceback" not in error and "BrokenPipe" not in error


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_loads_alone_under_its_own_name(name: str) -> None:
    _, commands = build_parser("en", name)
    assert list(commands) == [name]


def test_the_command_is_found_after_the_language_option() -> None:
    assert _chosen_command(["--lang", "fr", "coup", "4h"]) == "coup"
    assert _chosen_command(["--lang=es", "odds"]) == "odds"
    assert _chosen_command(["--help"]) is None
