"""argparse's own words ("usage:", "options", "the following arguments are
required") in the person's language.

argparse asks ``gettext`` for each of its sentences through the module-level
names ``_`` and ``ngettext``, looked up when a parser is built and when it
reports an error; ``install`` points them at our catalogue (its entries of
context ``argparse``, whose msgid is argparse's English), so help and errors
read in one language. The names of the values (metavars) are the catalogue's
``metavar.NAME`` messages, and the headings' colon is set as the language sets
it (``options :`` in French, with a no-break space).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from puntobanco.i18n import Lang, messages, t
from puntobanco.i18n import gettext as catalogue_gettext
from puntobanco.i18n import ngettext as catalogue_ngettext

#: The catalogue's context of argparse's own sentences.
ARGPARSE = "argparse"
#: The prefix of the keys of the value names (``metavar.DECKS``).
METAVAR = "metavar."


def install(lang: Lang) -> None:
    """Make argparse speak ``lang`` from now on (English leaves its words as they are)."""

    def gettext(message: str) -> str:
        return catalogue_gettext(ARGPARSE, message, lang)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return catalogue_ngettext(ARGPARSE, singular, plural, n, lang)

    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def metavar(english: str, lang: Lang) -> str:
    """The name of a value in ``--help`` in ``lang`` (unknown names stay as they are).

    >>> metavar("DECKS", "fr"), metavar("table", "es"), metavar("ZZZ", "fr")
    ('JEUX', 'mesa', 'ZZZ')
    """
    key = METAVAR + english
    return t(key, lang) if key in messages(lang) else english


def help_formatter(lang: Lang) -> type[argparse.HelpFormatter]:
    """argparse's help formatter, its headings' colon as ``lang`` writes it: after
    what its catalogue puts before the colon of argparse's ``usage:`` (French
    typography: a no-break space, "options\u00a0:"), so a language brings no rule here."""
    head = catalogue_gettext(ARGPARSE, "usage: ", lang).rstrip().removesuffix(":")
    before = head[len(head.rstrip()) :]

    class Formatter(argparse.HelpFormatter):
        def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
            # argparse would import shutil (and with it zlib, bz2, lzma) for the width,
            # and it builds a formatter for every argument declared: at every start.
            kwargs.setdefault("width", _columns() - 2)
            super().__init__(prog, *args, **kwargs)

        def start_section(self, heading: str | None) -> None:
            # argparse writes the heading followed by ":"; French wants "options :".
            super().start_section(None if heading is None else heading + before)

    return Formatter


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it: ``COLUMNS``,
    else the terminal of standard output, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Shown:
    """A value whose ``repr`` is the language's quotation of it (argparse writes
    the refused value with ``%(value)r``)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def parser_class(lang: Lang) -> type[argparse.ArgumentParser]:
    """argparse's parser quoting a refused choice and the choices as ``lang`` quotes
    them (« frobnicate » in French, «frobnicate» in Spanish, 'frobnicate' in English)."""

    def quoted(value: object) -> str:
        from puntobanco.i18n.shown import Quoted  # only for an error: not at every start

        return Quoted(str(value)).words(lang)

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            # The commands' parsers too: argparse's own formatter would load shutil.
            kwargs.setdefault("formatter_class", help_formatter(lang))
            super().__init__(*args, **kwargs)

        def _check_value(self, action: argparse.Action, value: object) -> None:
            if action.choices is not None and value not in action.choices:
                found = {
                    "value": _Shown(quoted(value)),
                    "choices": ", ".join(map(quoted, action.choices)),
                }
                message = argparse._("invalid choice: %(value)r (choose from %(choices)s)")  # type: ignore[attr-defined]
                raise argparse.ArgumentError(action, message % found)

    return Parser
