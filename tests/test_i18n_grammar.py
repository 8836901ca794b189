"""Sentences agree with their numbers and their names, in the three languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puntobanco.cli import main
from puntobanco.i18n import LANGS, t
from tests.catalogue_texts import catalogue


@pytest.mark.parametrize(
    ("key", "params", "lang", "words"),
    [
        ("tui.points", {"n": 1}, "en", "1 pt"),
        ("tui.points", {"n": 0}, "fr", "0 pt"),
        ("tui.points", {"n": 1}, "es", "1 pto"),
        ("tui.points", {"n": 7}, "es", "7 ptos"),
        (
            "import.done",
            {"table": "s", "events": 17, "coups": 1},
            "en",
            "17 events, 1 coup settled",
        ),
        (
            "import.done",
            {"table": "s", "events": 1, "coups": 2},
            "fr",
            "1 événement, 2 coups réglés",
        ),
        ("import.done", {"table": "s", "events": 2, "coups": 1}, "es", "2 eventos, 1 mano pagada"),
        ("table.event.winners", {"names": "Ana", "count": 1}, "en", "Winner: Ana."),
        ("table.event.winners", {"names": "Ana, Bo", "count": 2}, "es", "Ganadores: Ana, Bo."),
        ("roads.ties_held", {"n": 1}, "en", "1 tie held"),
        ("error.coup.too_few", {"given": 1, "more": 3}, "fr", "1 carte donnée\u00a0:"),
        (
            "error.shoe.too_many_copies",
            {"card": "5♥", "count": 2, "decks": 1},
            "es",
            "un zapato de 1 baraja solo",
        ),  # fmt: skip
    ],
)
def test_words_agree_with_their_number(
    key: str, params: dict[str, object], lang: str, words: str
) -> None:
    assert words in t(key, lang, **params)  # type: ignore[arg-type]


def test_the_simulation_header_agrees_with_its_figures() -> None:
    text = t(
        "sim.header", "fr", coups=1236, decks=1, seed=7, shoes=1, partial=1, seconds="0,5",
        rate="2",
    )  # fmt: skip
    assert text.startswith("1\u202f236 coups, 1 jeu, graine 7\u00a0: 1 sabot (1 écourté)")


def test_no_message_is_a_plural_guess_or_an_elision_to_come() -> None:
    for key, message in catalogue().items():
        for lang in LANGS:
            text = getattr(message, lang)
            assert not re.search(r"\w\((s|es|e|x)\)", text), (key, lang, text)  # "coup(s)"
        # "de {name}" reads "de Ana" before a vowel: French sentences avoid it
        assert not re.search(r"\bde \{(name|names|player)\}", message.fr), key


def test_the_default_player_is_a_name_not_a_pronoun() -> None:
    for lang in LANGS:
        name = t("tui.you", lang)
        assert name.split()[0] not in ("You", "Vous", "Usted")
        assert t("tui.ranking.single", lang, name=name).startswith(name)


def test_history_names_the_boxes_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from puntobanco import Session

    s = Session(["Ana", "Bruno"], seed=7, db=tmp_path / "g.db")
    s.predict("Ana", "egalite")
    s.predict("Bruno", "banco")
    s.deal()
    s.close()
    for lang, word in (("en", "Tie 20"), ("fr", "Égalité 20"), ("es", "Igualdad 20")):
        assert main(["--lang", lang, "history", "--db", str(tmp_path / "g.db")]) == 0
        out = capsys.readouterr().out
        assert word in out and "egalite" not in out
        assert max(map(len, out.splitlines())) <= 80


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["4\u202f998\u202f398\u202f275\u202f503\u202f360", "44,624661\u00a0%"]),
        ("en", ["4,998,398,275,503,360", "44.624661%"]),
        ("es", ["4.998.398.275.503.360", "44,624661\u00a0%"]),
    ],
)
def test_odds_write_numbers_as_the_language_does(
    capsys: pytest.CaptureFixture[str], lang: str, words: list[str]
) -> None:
    assert main(["--lang", lang, "odds"]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    assert max(map(len, out.splitlines())) <= 80


def test_history_writes_money_as_the_language_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from puntobanco import CasinoTable

    table = CasinoTable(seed=3, db=tmp_path / "club.db", table="club")
    table.sit("Ana", 1_000_000)
    table.bet("Ana", "banco", 2010)
    table.deal()
    table.close()
    expected = {"en": "10,000.00 -> ", "fr": "10\u202f000,00 -> ", "es": "10.000,00 -> "}
    for lang, words in expected.items():
        assert main(["--lang", lang, "history", "--db", str(tmp_path / "club.db")]) == 0
        out = capsys.readouterr().out
        assert words in out and ("Banco 20,10" in out) == (lang != "en")
