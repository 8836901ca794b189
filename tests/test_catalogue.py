"""The gettext catalogue: complete, checked by Babel, placeholders as in the English,
plural forms and numbers from CLDR, French typography, compiled as it is written."""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from puntobanco.i18n import LANGS, Lang, build, language, t
from puntobanco.i18n.loader import load, read_mo

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ("fr", "es")


def _texts(message: Message) -> tuple[str, ...]:
    value = message.string
    return (value,) if isinstance(value, str) else tuple(value or ())


def _english(message: Message) -> tuple[str, ...]:
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def _entries(catalog: Catalog) -> Iterator[Message]:
    return (m for m in catalog if m.id)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _printf(text: str) -> list[str]:
    return sorted(re.findall(r"%(?:\([a-z_]+\))?[sdr]", text))


@pytest.fixture(scope="module")
def template() -> Catalog:
    return build.read("en")


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_message_of_the_template_is_translated_and_none_is_fuzzy(
    lang: str, template: Catalog
) -> None:
    catalog = build.read(lang)
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in _entries(template)}
    found = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in _entries(catalog)}
    assert wanted - found == set(), "missing: run pybabel update (see the README), translate"
    assert found - wanted == set(), "not in the template (obsolete)"
    assert not catalog.obsolete, sorted(catalog.obsolete)
    assert not catalog.fuzzy, "the header is fuzzy"
    for message in _entries(catalog):
        assert not message.fuzzy, message.context
        texts = _texts(message)
        assert texts and all(text.strip() for text in texts), message.context
        assert len(texts) == (catalog.num_plurals if message.pluralizable else 1), message.context


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalogue_file_reads_without_a_problem(lang: str) -> None:
    """A file Babel reads only with a warning (an entry without its msgstr, say, as a
    hand-resolved merge can leave) is refused: gettext's tools would stop on it."""
    import warnings

    from babel.messages.pofile import read_po

    with build.source(lang).open("rb") as file, warnings.catch_warnings():
        warnings.simplefilter("error")
        read_po(file, abort_invalid=True)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_babel_s_checkers_find_nothing(lang: str) -> None:
    catalog = build.read(lang)
    for message in _entries(catalog):
        # Babel takes any "%" before a letter for printf ("95% interval"); only
        # argparse's sentences are printf, the others are str.format's.
        if message.context != "argparse":
            message.flags.discard("python-format")
    problems = [(m.context, [str(e) for e in errors]) for m, errors in catalog.check()]
    assert problems == []


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_each_translation_has_the_english_s_placeholders(lang: str) -> None:
    for message in _entries(build.read(lang)):
        english = _english(message)
        count = message.context.partition("#")[2] if message.context else ""
        wanted = set().union(*map(_fields, english)) - {count}
        for text in _texts(message):
            assert _fields(text) - {count} == wanted, (message.context, text)
            assert _printf(text) == _printf(english[-1]), (message.context, text)


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_cldr_s(lang: str) -> None:
    assert build.read(lang).plural_forms == build.plural_forms(lang)
    assert build.read(lang).num_plurals == len(build.plural_tags(lang))


def test_every_entry_of_the_template_says_what_it_is() -> None:
    for message in _entries(build.read("en")):
        assert message.context, message.id  # the key the code asks for, or argparse's context
        assert message.auto_comments, message.context  # a comment for the translators
        for name in set().union(*map(_fields, _english(message))):
            comments = " ".join(message.auto_comments)
            assert f"{{{name}}}" in comments, (message.context, name)


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogue_holds_what_the_po_file_says(lang: str) -> None:
    headers, entries = read_mo(build.compile_catalogue(lang))
    compiled = {(context, msgid): forms for context, msgid, forms in entries}
    assert headers["plural-forms"] == build.plural_forms(lang)
    for message in _entries(build.read(lang)):
        english = _english(message)
        forms = english if lang == "en" else _texts(message)
        assert compiled[(message.context, english[0])] == forms, message.context
    facts = {msgid: forms[0] for (context, msgid), forms in compiled.items() if context == "cldr"}
    assert facts == build.cldr_facts(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_loaded_catalogue_is_the_one_on_disk(lang: Lang) -> None:
    assert set(language(lang).messages) == set(language("en").messages)
    assert build.compiled(lang).read_bytes() == build.compile_catalogue(lang)


# -- French typography, quotes, payout wording ----------------------------------


def _literals(text: str) -> str:
    """A message without its placeholders and printf directives."""
    return re.sub(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr]", "\x00", text)


#: What a French text writes as the user types it or reads it elsewhere, ``:`` and
#: ``?`` against letters: a URL (``tcp://HÔTE:PORT``, ``sqlite:///PATH``), the
#: command line's ``NAME:VALUE`` (``flat:CASE``, ``against-streak:K``) and a suffix
#: of it said alone (``:punto``, ``:K``).
_SYNTAX = re.compile(r"\b[a-z][a-z0-9+.-]*://\S*|\b[a-z][\w-]*:[A-Z]+\b|(?<= ):(?:[a-z]+|[A-Z]+)\b")


def test_french_sets_its_no_break_spaces_and_guillemets() -> None:
    for message in _entries(build.read("fr")):
        for text in map(_literals, _texts(message)):
            where = (message.context, text)
            prose = _SYNTAX.sub(" ", text)
            assert not re.search(r"[ \u00a0][;!?]", text), where  # U+202F before ; ! ?
            assert not re.search(r"[ \u202f][:%]", prose), where  # U+00A0 before : and %
            assert not re.search(r"\d%", text), where
            # Nor none at all: after a word, a value (\x00: a placeholder), a closing
            # guillemet or parenthesis, each mark has its own space.
            assert not re.search(r"[\w\x00»)][:%]", prose), where  # U+00A0 missing
            assert not re.search(r"[\w\x00»)][;!?]", prose), where  # U+202F missing
            assert not re.search(r"«(?!\u00a0)|(?<!\u00a0)»", text), where
            if message.context != "store.error.backup_pg":  # a shell command, quoted as one
                assert "'\x00'" not in text and '"\x00"' not in text, where


def test_a_quoted_value_is_in_the_language_s_quotes() -> None:
    """French « x », Spanish «x»; English keeps Python's quotes."""
    assert t("error.card.invalid", "fr", text="zz", forms="4h").startswith(
        "«\u00a0zz\u00a0» n’est pas une carte."
    )
    assert t("error.card.invalid", "en", text="zz", forms="4h").startswith("'zz' is not a card.")
    assert t("error.card.invalid", "es", text="zz", forms="4h").startswith("«zz» no es una carta.")
    # What cannot be printed stays escaped; a value that is not a text keeps its repr.
    assert t("error.card.invalid", "fr", text="a\nb", forms="").startswith("«\u00a0a\\nb\u00a0»")
    assert t("error.shoe.decks", "fr", low=1, high=8, decks=0).endswith(", pas 0.")
    assert t("error.shoe.decks", "fr", low=1, high=8, decks=None).endswith(", pas None.")


def test_french_says_what_a_bet_pays_against_the_stake() -> None:
    """ "8 pour 1" gives back 8 for 1 staked (7 to 1): French payouts say "contre"."""
    for message in _entries(build.read("fr")):
        for text in map(_literals, _texts(message)):
            assert not re.search(r"\d pour \d|\d:\d", text), (message.context, text)
    assert (
        t("paytable.standard", "fr") == "Punto 1 contre 1, Banco 19 contre 20, Égalité 8 contre 1"
    )
    assert "payé à moitié s’il gagne avec 6" in t("paytable.no-commission", "fr")
    assert t("web.ui.paytable.no_commission", "fr") == (
        "Sans commission (Banco payé à moitié s’il gagne avec 6)"
    )


def test_the_command_line_and_the_terminal_say_contre(capsys: pytest.CaptureFixture[str]) -> None:
    from puntobanco.cli import main

    assert main(["--lang", "fr", "odds", "--decks", "1"]) == 0
    assert "(Punto 1 contre 1, Banco 19 contre 20, Égalité 8 contre 1)." in capsys.readouterr().out
    assert "Égalité 8 contre 1" in t("tui.casino.rules", "fr")
    assert "Égalité 8 contre 1" in t("tui.help.rules", "fr")


def test_the_pages_get_their_words_from_the_same_catalogue() -> None:
    from puntobanco.i18n.pages import page_words

    words = page_words("fr")
    assert words["paytable.standard"] == "Standard (Égalité 8 contre 1)"  # web.ui.* wins
    assert words["host.road.bead_plate"] == t("roads.bead_plate", "fr") == "Plateau de perles"
    assert words["host.bead.T"] == t("roads.letter.T", "fr") == "E" and words["rank.K"] == "roi"
    assert words["_plural"] == ["one", "many", "other"]  # Intl.PluralRules' categories
    assert page_words("es")["host.bead.T"] == "I" and page_words("es")["rank.K"] == "rey"


# -- a checkout's edited catalogue ----------------------------------------------


def _copy_of_the_catalogue(tmp_path: Path) -> Path:
    import shutil

    locale = tmp_path / "locale"
    shutil.copytree(build.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.mo"))
    return locale


def _edit_french(locale: Path, old: str, new: str) -> None:
    import os

    po = build.source("fr", locale)
    po.write_text(po.read_text("utf-8").replace(old, new, 1), "utf-8")
    later = build.compiled("fr", locale).stat().st_mtime_ns + 10**9
    os.utime(po, ns=(later, later))  # newer than its .mo, as after an edit or a checkout


def test_an_edited_po_file_is_compiled_again_at_the_next_start(tmp_path: Path) -> None:
    locale = _copy_of_the_catalogue(tmp_path)
    assert load("fr", locale_dir=locale).messages["outcome.egalite"].forms == ("Égalité",)
    _edit_french(locale, 'msgstr "Égalité"', 'msgstr "Égalité !"')
    assert load("fr", locale_dir=locale).messages["outcome.egalite"].forms == ("Égalité !",)
    assert build.compiled("fr", locale).read_bytes() == build.compile_catalogue("fr", locale)


def test_without_babel_a_stale_catalogue_is_read_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locale = _copy_of_the_catalogue(tmp_path)
    load("fr", locale_dir=locale)
    _edit_french(locale, 'msgstr "Égalité"', 'msgstr "Égalité !"')
    monkeypatch.setitem(sys.modules, "babel", None)  # import babel fails
    with pytest.warns(UserWarning, match="install Babel"):
        fr = load("fr", locale_dir=locale)
    assert fr.messages["outcome.egalite"].forms == ("Égalité",)
    assert not build.compiled("es", locale).exists()  # never compiled here
    with pytest.raises(RuntimeError, match="Babel is not installed"):
        load("es", locale_dir=locale)


def test_pybabel_update_leaves_the_files_as_they_are(tmp_path: Path) -> None:
    """The README's command brings the translations up to date; on files that are,
    it changes nothing (the files are written as Babel writes them)."""
    import shutil

    from babel.messages.frontend import CommandLineInterface

    locale = tmp_path / "locale"
    shutil.copytree(build.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.mo"))
    template = str(locale / "puntobanco.pot")
    argv = ["pybabel", "-q", "update", "-i", template, "-d", str(locale), "-D", "puntobanco"]
    CommandLineInterface().run([*argv, "-w", "76"])  # type: ignore[no-untyped-call]
    for lang in TRANSLATIONS:
        assert build.source(lang, locale).read_bytes() == build.source(lang).read_bytes(), lang


def test_the_loader_and_the_compiler_agree_on_where_the_catalogue_is() -> None:
    from puntobanco.i18n import loader

    assert Path(loader.LOCALE_DIR) == build.LOCALE_DIR
    assert (loader.DOMAIN, loader.CLDR) == (build.DOMAIN, build.CLDR)


def test_a_message_a_translation_lacks_is_written_in_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from puntobanco.i18n import loader

    fr = language("fr")
    lacking = {k: v for k, v in fr.messages.items() if k != "error.coup.too_few"}
    monkeypatch.setitem(loader._languages, "fr", fr._replace(messages=lacking))
    english = "2 cards given: this coup needs 1 more."
    assert t("error.coup.too_few", "fr", given=2, more=1) == english
    assert t("error.card.invalid", "fr", text="zz", forms="4h").startswith("«\u00a0zz\u00a0»")


def test_the_languages_are_those_with_a_catalogue_file() -> None:
    """The list of languages is written once (``i18n.loader.LANGS``); the build reads
    the same from the files, and the pages from the server (``data-langs``)."""
    assert set(build.LANGS) == set(LANGS) and build.LANGS[0] == LANGS[0] == "en"
    static = ROOT / "src" / "puntobanco" / "web" / "static"
    for page in ("host.html", "phone.html", "common.js"):
        text = (static / page).read_text("utf-8")
        assert not re.search(r"""["'>](fr|es)["'<]""", text), page  # no list of its own
