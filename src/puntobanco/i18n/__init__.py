"""One message catalogue in French, English and Spanish, the seeds' languages.

Every sentence a person reads comes from here. The catalogue is gettext's:
``locale/puntobanco.pot`` holds the English (each entry's msgctxt is the key the
code asks for, its msgid the English, with comments for the translators) and
``locale/fr/LC_MESSAGES/puntobanco.po`` and ``locale/es/...`` the translations,
the files every translator's tool opens. They are compiled to ``.mo`` files when
puntobanco is built (``hatch_build.py``), and read here with the standard library.

``t(key, lang, **params)`` writes a message: ``str.format`` placeholders, plural
forms chosen by the language's CLDR rule (a plural entry's context names the
parameter it agrees with), ``{n:,}`` digit groups and ``{x!r}`` quotes as the
language writes them (``numbers``, ``format.quoted``), and ``{message:lower}``
for a sentence written after a colon, which French and Spanish begin in lower
case ("erreur : un sabot…").
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, cast

if TYPE_CHECKING:
    from puntobanco.i18n.loader import Entry, Language

Lang = Literal["en", "fr", "es"]
LANGS: Final[tuple[Lang, ...]] = ("en", "fr", "es")
DEFAULT_LANG: Final[Lang] = "en"


class Message(NamedTuple):
    """A message's text in the three languages (a plural message gives its most
    general form, the last one; ``t`` writes the one that agrees with a number).
    Old per-area modules of ``Message`` tuples are moved into the catalogue files
    with ``tools/po_from_messages.py``."""

    en: str
    fr: str
    es: str


_catalogue: Mapping[str, Message] | None = None
_current: Lang | None = None


def language(lang: Lang) -> Language:
    """``lang``'s compiled catalogue (read once, when its first message is asked for)."""
    from puntobanco.i18n.loader import language as loaded

    return loaded(lang)


def messages(lang: Lang) -> Mapping[str, Entry]:
    """Every message ``lang``'s catalogue translates, by key (``t`` writes the English
    of one it lacks; ``tests/test_catalogue.py`` fails on any)."""
    return language(lang).messages


def catalogue() -> Mapping[str, Message]:
    """Every message by key, in the three languages."""
    global _catalogue
    if _catalogue is None:
        en, fr, es = (messages(lang) for lang in LANGS)
        _catalogue = MappingProxyType(
            {
                k: Message(e.forms[-1], fr.get(k, e).forms[-1], es.get(k, e).forms[-1])
                for k, e in en.items()
            }
        )
    return _catalogue


def parse_lang(value: str | None) -> Lang | None:
    """``"fr_FR.UTF-8"`` -> ``"fr"``; anything not fr/en/es -> None.

    >>> parse_lang("es_ES.UTF-8"), parse_lang("de_DE"), parse_lang(None)
    ('es', None, None)
    """
    if not value:
        return None
    code = value.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    return code if code in LANGS else None


def lang_from_environment(environ: Mapping[str, str] | None = None) -> Lang:
    """The locale's language (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), else English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        for part in env.get(name, "").split(":"):
            lang = parse_lang(part)
            if lang is not None:
                return lang
    return DEFAULT_LANG


def set_language(lang: Lang | None) -> None:
    """Choose the language of ``str(error)`` and of ``t()`` without a ``lang``."""
    global _current
    _current = lang


def current_language() -> Lang:
    """The language chosen by ``set_language``, else English."""
    return _current or DEFAULT_LANG


def t(key: str, lang: Lang | None = None, /, **params: object) -> str:
    """The message ``key`` in ``lang`` with its placeholders filled.

    >>> t("outcome.egalite", "es")
    'Igualdad'
    >>> t("error.coup.too_few", "fr", given=1, more=3)
    '1 carte donnée\\xa0: ce coup en demande encore 3.'
    """
    found = language(lang or current_language())
    entry = found.messages.get(key)
    if entry is None:  # not translated: the English (the catalogue's check fails on it)
        found = language(DEFAULT_LANG)
        entry = found.messages[key]
    text = entry.text(params)
    written = _Formatter(found, key).format(text, **params) if params else text
    first = _FIRST_WORD.match(text)
    return Sentence(written, first.start(1), first.group(1)) if first else written


#: A message's first word when the message itself writes it (not a placeholder),
#: after any opening mark, with its capital.
_FIRST_WORD: Final = re.compile(r"[\s«¿¡(\u00a0]*([^\W\d_][^\W\d_A-Z]+)\b")


class Sentence(str):
    """A message that begins with a word of its own (``t`` returns one): a message
    that quotes it after a colon (``{message:lower}``) may begin it in lower case,
    unless the word is one of the game's names (Punto, Banco, Égalité)."""

    __slots__ = ("at", "word")

    def __new__(cls, text: str, at: int, word: str) -> Sentence:
        sentence = super().__new__(cls, text)
        sentence.at = at
        sentence.word = word
        return sentence

    at: int
    word: str

    def lowered(self, lang: str) -> str:
        """The sentence as it follows a colon in ``lang``: its first word in lower case."""
        if not self.word[0].isupper() or self.word in names(lang):
            return str(self)
        return f"{self[: self.at]}{self[self.at].lower()}{self[self.at + 1 :]}"


_names: dict[str, frozenset[str]] = {}


def names(lang: str) -> frozenset[str]:
    """The words that keep their capital wherever they stand: those the catalogue of
    ``lang`` writes with one inside a sentence (Punto, Banco, Égalité, Dragon, Ctrl).

    >>> sorted({"Punto", "Banco", "Égalité"} & names("fr"))
    ['Banco', 'Punto', 'Égalité']
    """
    found = _names.get(lang)
    if found is None:
        inside = re.compile(r"(?<=[\w,;)\u00a0] )([^\W\d_][^\W\d_A-Z]+)\b")
        found = _names[lang] = frozenset(
            word
            for entry in language(cast(Lang, lang)).messages.values()
            for form in entry.forms
            for word in inside.findall(form)
            if word[0].isupper()
        )
    return found


def gettext(context: str, msgid: str, lang: Lang) -> str:
    """An entry asked for by its English (argparse's words): its translation, else the English."""
    forms = language(lang).words.get((context, msgid))
    return msgid if forms is None else forms[0]


def ngettext(context: str, singular: str, plural: str, n: int, lang: Lang) -> str:
    """``gettext`` of a sentence with a plural: the form that agrees with ``n``."""
    found = language(lang)
    forms = found.words.get((context, singular))
    if forms is None:
        return singular if n == 1 else plural
    return forms[min(found.plural(abs(n)), len(forms) - 1)]


class QuotedValue:
    """A text a message quotes: ``{value!r}`` is Python's repr, ``{value}`` the text
    itself with what cannot be printed escaped (for quotes of the language's own)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return repr(self.text)

    def __str__(self) -> str:
        return "".join(c if c.isprintable() else repr(c)[1:-1] for c in self.text)


class _Formatter(string.Formatter):
    """``str.format`` as the language writes: ``{n:,}`` groups a whole number's digits
    (``1 236`` in French), ``{x!r}`` quotes a text as ``format.quoted`` says
    (« x » in French), and ``{n}`` in a message with several counts is the
    entry ``KEY.n`` (its number and its words, in agreement)."""

    def __init__(self, found: Language, key: str) -> None:
        self.found = found
        self.key = key

    def get_value(self, key: int | str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str):
            part = self.found.messages.get(f"{self.key}.{key}")
            if part is not None and part.number == key:
                return _Formatter(self.found, f"{self.key}.{key}").format(
                    part.text(kwargs), **kwargs
                )
        return super().get_value(key, args, kwargs)

    def convert_field(self, value: object, conversion: str | None) -> object:
        if conversion == "r" and isinstance(value, str):
            quoted = self.found.messages.get("format.quoted")
            quote = "{value!r}" if quoted is None else quoted.forms[0]
            return _Formatter(self.found, "format.quoted").format(quote, value=QuotedValue(value))
        return super().convert_field(value, conversion)

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec == "lower":  # a sentence after a colon (only ours are lowered)
            if isinstance(value, Sentence):
                return value.lowered(self.found.lang)
            format_spec = ""
        if format_spec == "," and isinstance(value, int) and not isinstance(value, bool):
            from puntobanco.i18n.numbers import number

            return number(value, self.found.lang)
        return str(super().format_field(value, format_spec))
