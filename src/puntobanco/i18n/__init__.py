"""One message catalogue in French, English and Spanish, the seeds' languages.

Every sentence a person reads comes from here. Messages are grouped by area
(``core``, ``table``, ...) in modules of their own so that each part of the
project owns its words; each entry carries all three languages side by side,
which keeps a missing translation visible in review and a test fails on it.
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, NamedTuple

Lang = Literal["en", "fr", "es"]
LANGS: Final[tuple[Lang, ...]] = ("en", "fr", "es")
DEFAULT_LANG: Final[Lang] = "en"
#: The catalogue's areas: one module each under ``puntobanco/i18n/`` with a
#: ``MESSAGES`` dict. A new part of the project adds its module name here.
AREAS: Final[tuple[str, ...]] = (
    "core",
    "assist",
    "tui",
    "roads",
    "table",
    "sim",
    "paytables",
    "cli",
    "engine",
    "store",
    "web",
    "fair",
    "ops",
    "host",
    "entropy",
)


class Message(NamedTuple):
    """One sentence in the three languages; ``{name}`` placeholders are shared."""

    en: str
    fr: str
    es: str


def _load() -> Mapping[str, Message]:
    import importlib

    merged: dict[str, Message] = {}
    for area in AREAS:
        module = importlib.import_module(f"puntobanco.i18n.{area}")
        for key, message in module.MESSAGES.items():
            assert key not in merged, f"message key {key!r} defined twice"
            merged[key] = message
    return MappingProxyType(merged)


_catalogue: Mapping[str, Message] | None = None
_current: Lang | None = None


def catalogue() -> Mapping[str, Message]:
    """Every message, by key (loaded once)."""
    global _catalogue
    if _catalogue is None:
        _catalogue = _load()
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
    """
    message = catalogue()[key]
    chosen = lang or current_language()
    text = getattr(message, chosen)
    assert isinstance(text, str)
    return _Formatter(chosen).format(text, **params) if params else text


class _Formatter(string.Formatter):
    """``str.format`` plus two specs that depend on the language (``numbers``' rules):
    ``{n:,}`` groups a whole number's digits as the language does (``1 236`` in
    French), and ``{n:plural:deck|decks}`` writes the form that agrees with ``n``.

    >>> t("cli.error.empty_import", "fr", path="x")
    "x est vide : il n'y a rien à importer."
    """

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        from puntobanco.i18n.numbers import number, plural_index

        if format_spec.startswith("plural:") and isinstance(value, int):
            forms = format_spec[len("plural:") :].split("|")
            return forms[min(plural_index(value, self.lang), len(forms) - 1)]
        if format_spec == "," and isinstance(value, int) and not isinstance(value, bool):
            return number(value, self.lang)
        return str(super().format_field(value, format_spec))
