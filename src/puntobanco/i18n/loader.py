"""The compiled catalogues (``.mo`` files) read into memory, one language at a time.

A ``.mo`` file holds, for each entry, its context, its msgid (and msgid_plural)
and its translation (or its plural forms); the key the code asks for is the
context (``error.coup.too_few``), and a plural entry's context also names the
number its form agrees with (``error.coup.too_few#given``). The format is
GNU gettext's; reading it takes the standard library only.

In a checkout, a ``.po`` file newer than its ``.mo`` (edited, or changed by
git) is compiled again with Babel before it is read, so an edit shows at the
next start; where Babel is missing the older ``.mo`` is read, with a warning.
An installed wheel has no ``.po`` files and reads its ``.mo`` files as they are.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable, Mapping
from typing import Final, Literal, NamedTuple, get_args

#: The languages, written here once: each has its catalogue file under ``locale/``
#: (English, the template's msgids); every other list of them is read from this one.
Lang = Literal["en", "fr", "es"]
LANGS: Final[tuple[Lang, ...]] = get_args(Lang)

# The loader keeps to os.path and leaves ``build`` (and Babel) unimported until a
# catalogue must be compiled: reading one is part of every command's start.
_HERE: Final = os.path.dirname(os.path.abspath(__file__))
#: Where the catalogue lives (``build.LOCALE_DIR``) and its gettext domain.
LOCALE_DIR: Final = os.path.join(_HERE, "locale")
DOMAIN: Final = "puntobanco"
#: Contexts that are not keys: argparse asks for its sentences by their English,
#: and the compiled catalogue adds the CLDR facts of numbers (``build.CLDR``).
ARGPARSE: Final = "argparse"
CLDR: Final = "cldr"
_MAGIC: Final = {0x950412DE: "<", 0xDE120495: ">"}


class Entry(NamedTuple):
    """One message in one language: its text, or its plural forms and what they agree with."""

    forms: tuple[str, ...]
    #: The parameter whose number picks the form; None for a message with one text.
    number: str | None
    #: The plural rule of the language the forms are in.
    plural: Callable[[int], int]

    def text(self, params: Mapping[str, object]) -> str:
        """The form that agrees with ``params[number]`` (the last form for anything but
        a whole number)."""
        if self.number is None:
            return self.forms[0]
        n = params.get(self.number)
        if not isinstance(n, int) or isinstance(n, bool):
            return self.forms[-1]
        return self.forms[min(self.plural(abs(n)), len(self.forms) - 1)]


class Language(NamedTuple):
    """A language's compiled catalogue."""

    lang: str
    #: Every message the catalogue holds, by key.
    messages: Mapping[str, Entry]
    #: Entries asked for by (context, msgid): argparse's words, the CLDR facts.
    words: Mapping[tuple[str, str], tuple[str, ...]]
    plural: Callable[[int], int]

    def fact(self, name: str) -> str:
        """A CLDR fact of numbers (``decimal``, ``group``, ``group_from``, ``percent``...)."""
        return self.words[(CLDR, name)][0]


def read_mo(data: bytes) -> tuple[dict[str, str], list[tuple[str | None, str, tuple[str, ...]]]]:
    """The headers and the entries (context, msgid, forms) of a GNU ``.mo`` file."""
    order = _MAGIC.get(struct.unpack("<I", data[:4])[0])
    if order is None:
        raise ValueError("not a compiled gettext catalogue (.mo)")
    _, count, originals, translations = struct.unpack(order + "4I", data[4:20])
    headers: dict[str, str] = {}
    entries: list[tuple[str | None, str, tuple[str, ...]]] = []
    table = order + "2I"
    pairs = zip(
        struct.iter_unpack(table, data[originals : originals + 8 * count]),
        struct.iter_unpack(table, data[translations : translations + 8 * count]),
        strict=True,
    )
    for (length, offset), (tlength, toffset) in pairs:
        original = data[offset : offset + length].decode("utf-8")
        translation = data[toffset : toffset + tlength].decode("utf-8")
        context, _, msgid = original.rpartition("\x04")
        if not original:
            for line in translation.splitlines():
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            continue
        entries.append((context or None, msgid.split("\x00")[0], tuple(translation.split("\x00"))))
    return headers, entries


def plural_rule(headers: Mapping[str, str]) -> Callable[[int], int]:
    """The ``Plural-Forms`` header's rule as a function (the standard library's ``c2py``)."""
    from gettext import c2py

    forms = headers.get("plural-forms", "nplurals=2; plural=(n != 1);")
    return c2py(forms.split(";")[1].split("plural=")[1])


def compiled_bytes(lang: str, locale_dir: str | os.PathLike[str] = LOCALE_DIR) -> bytes:
    """``lang``'s ``.mo`` file, compiled again first where its source is newer."""
    folder = os.fspath(locale_dir)
    target = os.path.join(folder, lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    source = (
        os.path.join(folder, f"{DOMAIN}.pot")
        if lang == "en"
        else os.path.join(folder, lang, "LC_MESSAGES", f"{DOMAIN}.po")
    )
    if os.path.exists(source) and _stale(target, source):
        try:
            import babel  # noqa: F401
        except ImportError:
            if not os.path.exists(target):
                raise RuntimeError(
                    f"{target} is missing and Babel is not installed to compile {source}: "
                    "install puntobanco again (pip install -e .) or install Babel"
                ) from None
            import warnings

            warnings.warn(
                f"{source} is newer than {target}; install Babel to compile it", stacklevel=3
            )
        else:
            from pathlib import Path

            from puntobanco.i18n.build import compile_catalogue, write

            try:
                write(lang, Path(folder))
            except OSError:  # a read-only checkout: compiled in memory only
                return compile_catalogue(lang, Path(folder))
    with open(target, "rb") as handle:
        return handle.read()


def _stale(target: str, source: str) -> bool:
    """Whether ``target`` is missing, or older than its source or than the compiler."""
    if not os.path.exists(target):
        return True
    built = os.stat(target).st_mtime_ns
    compiler = os.path.join(_HERE, "build.py")
    return built < os.stat(source).st_mtime_ns or built < os.stat(compiler).st_mtime_ns


def load(lang: str, locale_dir: str | os.PathLike[str] = LOCALE_DIR) -> Language:
    """Read ``lang``'s compiled catalogue."""
    headers, entries = read_mo(compiled_bytes(lang, locale_dir))
    plural = plural_rule(headers)
    messages: dict[str, Entry] = {}
    words: dict[tuple[str, str], tuple[str, ...]] = {}
    for context, msgid, forms in entries:
        if context is None or context == ARGPARSE or context == CLDR:
            words[(context or "", msgid)] = forms
            continue
        key, _, count = context.partition("#")
        messages[key] = Entry(forms, count or None, plural)
    return Language(lang, messages, words, plural)


_languages: dict[str, Language] = {}


def language(lang: str) -> Language:
    """``lang``'s compiled catalogue, read once, when its first message is asked for."""
    found = _languages.get(lang)
    if found is None:
        found = _languages[lang] = load(lang)
    return found
