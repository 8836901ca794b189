"""One word per concept of the game in each language (tests/data/glossary.toml, which
docs/glossary.md shows): no catalogue entry uses another word for a concept, and a
translation of an English message that names the concept uses the glossary's word."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puntobanco.i18n import build

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY: list[dict[str, Any]] = tomllib.loads(
    (ROOT / "tests" / "data" / "glossary.toml").read_text("utf-8")
)["concept"]
TRANSLATIONS = ("fr", "es")


def _prose(text: str) -> str:
    """A message without its placeholders, its keys' names in brackets ([R]) and
    what is typed as it is (--options, identifiers_with_underscores)."""
    text = re.sub(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]", " ", text)
    return re.sub(r"\[[^\]\s]+\]|--[\w-]+|\b\w+_\w+\b", " ", text)


def _entries(lang: str, concept: dict[str, Any] | None = None) -> Iterator[tuple[str, str, str]]:
    """(key, English, translation) of every entry and plural form; the English of a
    plural entry is its plural form; those of ``concept``'s keys, less its ``skip``."""
    keys = re.compile(concept.get("keys", "")) if concept else re.compile("")
    skip = set(concept.get("skip", ())) if concept else set()
    for message in build.read(lang):
        if not message.id or message.context == "argparse":
            continue
        english = message.id if isinstance(message.id, str) else message.id[-1]
        forms = (message.string,) if isinstance(message.string, str) else message.string
        key = (message.context or "").split("#")[0]
        if key in skip or not keys.search(key):
            continue
        for text in forms or ():
            yield key, _prose(english), _prose(text)


def _concept_ids() -> list[str]:
    return [concept["name"] for concept in GLOSSARY]


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("concept", GLOSSARY, ids=_concept_ids())
def test_no_entry_uses_another_word_for_a_concept(concept: dict[str, Any], lang: str) -> None:
    others = [re.compile(p) for p in concept[f"{lang}_not"]]
    found = sorted(
        {(key, match.group(0)) for key, _, text in _entries(lang, concept) for o in others
         if (match := o.search(text))}
    )  # fmt: skip
    assert found == [], f"say {concept[lang]!r} ({concept[f'{lang}_source']})"


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("concept", GLOSSARY, ids=_concept_ids())
def test_an_entry_naming_a_concept_uses_the_glossary_s_word(
    concept: dict[str, Any], lang: str
) -> None:
    english = re.compile(concept["english"])
    word = re.compile(concept[f"{lang}_forms"])
    lacking = sorted(
        key
        for key, en, text in _entries(lang, concept)
        if english.search(en) and not word.search(text)
    )
    assert lacking == [], f"say {concept[lang]!r} ({concept[f'{lang}_source']})"


def test_every_concept_is_complete_and_shown_in_the_docs() -> None:
    page = (ROOT / "docs" / "glossary.md").read_text("utf-8")
    wanted = {"name", "en", "english", "fr", "fr_forms", "fr_not", "fr_source", "es",
              "es_forms", "es_not", "es_source"}  # fmt: skip
    for concept in GLOSSARY:
        assert wanted <= set(concept), concept["name"]
        for lang in TRANSLATIONS:  # the glossary's word is one of its own forms
            assert re.search(concept[f"{lang}_forms"], concept[lang]), (concept["name"], lang)
        row = f"| {concept['name']} | {concept['en']} | {concept['fr']} | {concept['es']} |"
        assert row in page, row


def test_the_glossary_test_fails_on_the_words_the_review_found() -> None:
    """The words the December 2026 review found are refused by the glossary."""
    refused = {
        "fr": ["Assistant du donneur", "Table de paiement", "une bankroll", "Avantage maison",
               "Tableaux", "faces cachées", "un nouveau est battu"],
        "es": ["añade 5 a su banca", "en un empate", "El puesto 3", "está liquidada",
               "Marcadores", "Este token"],
    }  # fmt: skip
    for lang, texts in refused.items():
        others = [re.compile(p) for c in GLOSSARY for p in c[f"{lang}_not"]]
        for text in texts:
            assert any(o.search(text) for o in others), (lang, text)
