"""Cards as each reader reads them wherever they are shown: the command line's
coup, odds and history, the terminal game's lines and the table's sentences.
French cards print R, D, V (roi, dame, valet); English and Spanish K, Q, J. What
programs read (JSON, the log) stays canonical: ``KD``, ``10H``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from puntobanco.cards import parse_cards
from puntobanco.cli import main

FRENCH_COURT = re.compile(r"(?<!\w)[VDR][♠♥♦♣]")
ENGLISH_COURT = re.compile(r"(?<!\w)[JQK][♠♥♦♣]")


@pytest.mark.parametrize(("lang", "king"), [("fr", "R♦"), ("es", "K♦"), ("en", "K♦")])
def test_coup_prints_the_king_in_the_reader_s_letter(
    capsys: pytest.CaptureFixture[str], lang: str, king: str
) -> None:
    assert main(["--lang", lang, "coup", "4h 2s Ac Ad Kd 5c"]) == 0
    out = capsys.readouterr().out
    assert f"4♥ A♣ {king}" in out
    assert out.count(king) == 2  # the hand and the sentence that draws it


def test_coup_s_json_keeps_the_canonical_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "coup", "4h 2s Ac Ad Rd 5c", "--json"]) == 0
    assert "KD" in json.dumps(json.loads(capsys.readouterr().out))


def test_odds_names_the_removed_cards_in_french_letters(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "fr", "odds", "--decks", "1", "--remove", "Kd Qs Jh"]) == 0
    assert "R♦ D♠ V♥" in capsys.readouterr().out


def test_history_shows_french_letters_in_french_only(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from puntobanco import Session

    s = Session(["Ana", "Bruno"], seed=3, db=tmp_path / "g.db")
    for _ in range(6):
        s.predict("Ana", "banco")
        s.predict("Bruno", "punto")
        s.deal()
    s.close()
    shown = {}
    for lang in ("fr", "es", "en"):
        assert main(["--lang", lang, "history", "--db", str(tmp_path / "g.db")]) == 0
        shown[lang] = capsys.readouterr().out
    assert FRENCH_COURT.search(shown["fr"]) and not ENGLISH_COURT.search(shown["fr"])
    for lang in ("es", "en"):
        assert ENGLISH_COURT.search(shown[lang]) and not FRENCH_COURT.search(shown[lang])


def test_the_terminal_game_and_the_table_s_sentences_use_the_reader_s_letters() -> None:
    from puntobanco.tui.render import coup_lines

    cards = parse_cards("Kh Qs Jd 9c")
    assert coup_lines(cards, "fr")[0].split()[1:3] == ["R♥", "V♦"]
    assert coup_lines(cards, "es")[1].split()[1:3] == ["Q♠", "9♣"]
