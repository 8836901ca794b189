"""argparse's own words ("usage:", "options", "the following arguments are
required") in the person's language.

argparse asks ``gettext`` for each of its sentences through the module-level
names ``_`` and ``ngettext``, looked up when a parser is built and when it
reports an error; ``install`` points them at our catalogue
(``puntobanco.i18n.cli.ARGPARSE``), so help and errors read in one language.
The names of the values (metavars) come from ``METAVARS``, and the headings'
colon is set as the language sets it (``options :`` in French).
"""

from __future__ import annotations

import argparse

from puntobanco.i18n import Lang
from puntobanco.i18n.cli import ARGPARSE, ARGPARSE_PLURAL, METAVARS
from puntobanco.i18n.numbers import plural_index


def install(lang: Lang) -> None:
    """Make argparse speak ``lang`` from now on (English leaves its words as they are)."""

    def gettext(message: str) -> str:
        entry = ARGPARSE.get(message)
        return message if entry is None else getattr(entry, lang)

    def ngettext(singular: str, plural: str, n: int) -> str:
        entry = ARGPARSE_PLURAL.get(singular)
        if entry is None:
            return singular if n == 1 else plural
        forms: tuple[str, str] = getattr(entry, lang)
        return forms[min(plural_index(n, lang), len(forms) - 1)]

    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def metavar(english: str, lang: Lang) -> str:
    """The name of a value in ``--help`` in ``lang`` (unknown names stay as they are).

    >>> metavar("DECKS", "fr"), metavar("table", "es"), metavar("ZZZ", "fr")
    ('JEUX', 'mesa', 'ZZZ')
    """
    entry = METAVARS.get(english)
    return english if entry is None else str(getattr(entry, lang))


#: What a language writes before the colon that ends a heading (French typography:
#: a space, "options :").
_BEFORE_COLON: dict[str, str] = {"en": "", "fr": " ", "es": ""}


def help_formatter(lang: Lang) -> type[argparse.HelpFormatter]:
    """argparse's help formatter, its headings' colon as ``lang`` writes it."""
    before = _BEFORE_COLON[lang]

    class Formatter(argparse.HelpFormatter):
        def start_section(self, heading: str | None) -> None:
            # argparse writes the heading followed by ":"; French wants "options :".
            super().start_section(None if heading is None else heading + before)

    return Formatter
