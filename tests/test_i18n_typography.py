"""French and Spanish typography over every entry of the catalogue.

French: the typographic apostrophe ’ and « » quotes (no straight ' or "), the
ellipsis …, a no-break space after n°, lower case after a colon (the no-break
spaces before : ; ! ? % and inside « » are ``test_catalogue``'s). Spanish: «»
quotes without spaces inside, ¿ and ¡ opening what ? and ! close, the ellipsis,
a no-break space before %, and payouts written "8 a 1". Each test lists every
entry it finds wrong, so one run shows all there is to fix.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Message

from puntobanco.i18n import Lang, build, names

TRANSLATIONS = ("fr", "es")

#: What is typed at a shell as it is written: a package with its extra, quoted
#: for the shell (``pip install 'puntobanco[pg]'``), and pg_dump's command line.
_COMMAND = re.compile(r"pip install '[^']*'|pg_dump [^()]*'\x00'")
#: A URL (its ``?`` and ``:`` are syntax), the command line's ``NAME:VALUE`` and
#: a key's name in brackets (``[?]`` is the help key, not a question).
_SYNTAX = re.compile(r"\b[a-z][a-z0-9+.-]*://\S*|\b[a-z][\w-]*:[A-Z]+\b|\[[^\]\s]+\]")


def _literals(text: str) -> str:
    """A message without its placeholders (each becomes \\x00) and printf directives."""
    return re.sub(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]", "\x00", text)


def _texts(lang: str) -> Iterator[tuple[str, str]]:
    """Every translated text of ``lang`` (each plural form) with its key, placeholders
    and commands left out."""
    for message in build.read(lang):
        if not message.id:
            continue
        forms = (message.string,) if isinstance(message.string, str) else message.string
        for text in forms or ():
            yield _key(message), _COMMAND.sub("\x00", _literals(text))


def _key(message: Message) -> str:
    return message.context or message.id if isinstance(message.id, str) else message.id[0]


def _offenders(lang: str, pattern: str) -> list[tuple[str, str]]:
    found = re.compile(pattern)
    return [(key, text) for key, text in _texts(lang) if found.search(text)]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_straight_quote_or_apostrophe(lang: str) -> None:
    """French writes l’as and « as », Spanish «as»; ' and " are a typewriter's."""
    assert _offenders(lang, "['\"]") == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_three_dots_are_an_ellipsis(lang: str) -> None:
    assert _offenders(lang, r"\.\.\.") == []


def test_french_numero_is_bound_to_its_number() -> None:
    assert _offenders("fr", "n°(?!\u00a0)") == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_lower_case_after_a_colon(lang: Lang) -> None:
    """ "Erreur : un sabot…", "Error: un zapato…": a colon does not start a sentence
    (names keep their capital: "Carte suivante : Punto"; ``i18n.names``)."""
    after = re.compile(r":[ \u00a0]+([A-ZÀ-ÝÁÉÍÓÚÑ][a-zà-ÿ]+)")
    found = [
        (key, text)
        for key, text in _texts(lang)
        for word in after.findall(_SYNTAX.sub(" ", text))
        if word not in names(lang)
    ]
    assert found == []


def test_spanish_quotes_hold_no_space() -> None:
    assert _offenders("es", r"«\s|\s»") == []


@pytest.mark.parametrize(("opening", "closing"), [("¿", "?"), ("¡", "!")])
def test_spanish_opens_what_it_asks_and_exclaims(opening: str, closing: str) -> None:
    """Every ? has its ¿ and every ! its ¡, opened before it is closed."""
    wrong = []
    for key, text in _texts("es"):
        depth = 0
        for char in _SYNTAX.sub(" ", text):
            depth += (char == opening) - (char == closing)
            if depth < 0:
                wrong.append((key, text))
                break
        else:
            if depth:
                wrong.append((key, text))
    assert wrong == []


def test_spanish_percent_is_spaced_as_cldr_writes_it() -> None:
    """ "95 %", with a no-break space (CLDR's es pattern ``#,##0 %``)."""
    assert _offenders("es", r"[\w\x00][ ]?%") == []


def test_spanish_payouts_are_x_a_1() -> None:
    """ "Igualdad 8 a 1": a colon between two numbers is the English way."""
    assert _offenders("es", r"[\d\x00]:\d|\d:\x00") == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_sentence_quoted_after_a_colon_is_marked_to_begin_in_lower_case(lang: str) -> None:
    """A message or a reason written after a colon is ``{message:lower}``."""
    sentence = re.compile(r":[ \u00a0]*\{(?:message|reason|error|detail)\}")
    assert [
        (message.context, message.string)
        for message in build.read(lang)
        if message.id and isinstance(message.string, str) and sentence.search(message.string)
    ] == []


@pytest.mark.parametrize(
    ("lang", "said"),
    [("fr", "erreur\u00a0: un sabot contient de 1 à 8 jeux, pas 0."),
     ("es", "error: un zapato contiene de 1 a 8 barajas, no 0."),
     ("en", "error: A shoe holds 1 to 8 decks, not 0.")],
)  # fmt: skip
def test_an_error_after_the_colon_begins_in_lower_case_in_french_and_spanish(
    lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from puntobanco.cli import main

    assert main(["--lang", lang, "odds", "--decks", "0"]) == 2
    assert capsys.readouterr().err.strip() == said


def test_a_name_keeps_its_capital_after_a_colon() -> None:
    """The game's names keep their capital; a player's name is a placeholder, never lowered."""
    from puntobanco.i18n import t

    coup = t("step.natural", "fr", hand="Punto", total=8)
    assert t("cli.error", "fr", message=coup).startswith("erreur\u00a0: Punto a 8")
    named = t("error.assist.unknown_name", "fr", name="Ana")
    assert t("cli.error", "fr", message=named) == f"erreur\u00a0: {named}"
    banco = t("paytable.standard", "es")
    assert t("cli.error", "es", message=banco) == f"error: {banco}"
    assert t("cli.error", "fr", message="Texte d’ailleurs") == "erreur\u00a0: Texte d’ailleurs"
