"""The catalogue is complete in fr, en and es, and every key the code uses exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from puntobanco.i18n import LANGS, lang_from_environment, t
from tests.catalogue_texts import catalogue

SRC = Path(__file__).resolve().parents[1] / "src" / "puntobanco"


def _fields(text: str) -> set[str]:
    return {name.split("!")[0].split(":")[0] for _, name, _, _ in string.Formatter().parse(text)
            if name}  # fmt: skip


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_every_message_has_all_three_languages_with_the_same_placeholders(key: str) -> None:
    message = catalogue()[key]
    texts = [getattr(message, lang) for lang in LANGS]
    assert all(text.strip() for text in texts), key
    assert _fields(texts[0]) == _fields(texts[1]) == _fields(texts[2]), key


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    pattern = re.compile(r"""(?:Error|\bt)\(\s*["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']""")
    used = {key for path in SRC.rglob("*.py") for key in pattern.findall(path.read_text("utf-8"))}
    assert used, "the scan found no keys"
    missing = sorted(used - set(catalogue()))
    assert not missing, f"keys without a message: {missing}"


def test_every_event_told_by_its_own_fields_has_a_message_of_those_fields() -> None:
    # ``describe`` fills these messages with the event's fields by name: the scan
    # above does not see their keys, and a placeholder no field fills would fail.
    from dataclasses import fields

    from puntobanco.table.describe import _PLAIN

    assert len(_PLAIN) > 20
    for kind, key in _PLAIN.items():
        assert key in catalogue(), f"{kind.__name__}: {key} has no message"
        names = {f.name for f in fields(kind)}
        for lang in LANGS:
            unfilled = _fields(getattr(catalogue()[key], lang)) - names
            assert not unfilled, f"{kind.__name__}: {key} ({lang}) wants {unfilled}"


def test_the_game_keeps_its_own_words() -> None:
    assert [t("outcome.punto", lang) for lang in LANGS] == ["Punto"] * 3
    assert [t("outcome.banco", lang) for lang in LANGS] == ["Banco"] * 3
    assert [t("outcome.egalite", lang) for lang in LANGS] == ["Tie", "Égalité", "Igualdad"]


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "es_MX", "LANG": "fr_FR"}, "es"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "de:fr"}, "fr"),
    ],
)
def test_the_language_comes_from_the_locale_else_english(
    environ: dict[str, str], lang: str
) -> None:
    assert lang_from_environment(environ) == lang
