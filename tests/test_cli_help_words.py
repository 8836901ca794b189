"""``--help`` in French and Spanish down to the last word: the names of the values
(argparse's metavars) come from the catalogue, and French sets a space before a
heading's colon ("options :")."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from puntobanco.cli import COMMANDS, build_parser, main
from puntobanco.i18n import Lang
from tests.catalogue_texts import catalogue


def help_of(lang: str, *command: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["--lang", lang, *command, "--help"])
    return out.getvalue()


def value_names(lang: Lang) -> dict[tuple[str, str], str]:
    """Every argument's shown value name, by (command, argument), in ``lang``."""
    parser, _ = build_parser(lang)
    (sub,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    names = {}
    for command, p in sub.choices.items():
        for action in p._actions:
            if action.nargs == 0 or (action.metavar is None and action.choices is not None):
                continue
            names[(command, action.dest)] = str(action.metavar)
    return names


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_value_name_in_the_help_is_in_the_language(lang: Lang) -> None:
    english = value_names("en")
    shown = value_names(lang)
    assert set(shown) == set(english) and len(shown) > 30
    translated = {getattr(m, lang) for k, m in catalogue().items() if k.startswith("metavar.")}
    for where, name in shown.items():
        assert name in translated, (where, name)  # a name missing from the catalogue
    assert shown[("history", "db")] == {"fr": "JOURNAL", "es": "REGISTRO"}[lang]
    assert shown[("coup", "decks")] == {"fr": "JEUX", "es": "BARAJAS"}[lang]
    assert shown[("history", "table")] == {"fr": "table", "es": "mesa"}[lang]


def test_the_help_shows_the_translated_value_names() -> None:
    assert "--db JOURNAL" in help_of("fr", "history")
    assert "--decks BARAJAS" in help_of("es", "coup")
    assert "--seed GRAINE" in help_of("fr", "play")
    assert "--db DB" in help_of("en", "history")  # English keeps argparse's names
    assert "--remove CARDS" in help_of("en", "odds")


@pytest.mark.parametrize("command", [[], *([c] for c in sorted(COMMANDS))])
def test_french_headings_have_a_space_before_the_colon(command: list[str]) -> None:
    french = help_of("fr", *command)
    assert "options\u00a0:\n" in french and "options:" not in french
    assert "arguments:" not in french
    assert "options:\n" in help_of("en", *command)
    assert "opciones:\n" in help_of("es", *command)


def test_an_error_names_a_positional_argument_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "es", "export"])
    assert "mesa" in capsys.readouterr().err
