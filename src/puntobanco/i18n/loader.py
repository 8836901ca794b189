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

import struct
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Final, NamedTuple

from puntobanco.i18n import build

#: Contexts that are not keys: argparse asks for its sentences by their English,
#: and the compiled catalogue adds the CLDR facts of numbers (``build.CLDR``).
ARGPARSE: Final = "argparse"
_MAGIC: Final = {0x950412DE: "<", 0xDE120495: ">"}


class Entry(NamedTuple):
    """One message in one language: its text, or its plural forms and what they agree with."""

    forms: tuple[str, ...]
    #: The parameter whose number picks the form; None for a message with one text.
    number: str | None
    #: The plural rule of the language the forms are in (an untranslated message
    #: keeps the English text and the English rule).
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
    #: Every message by key (the translations, the English where one is missing).
    messages: Mapping[str, Entry]
    #: Entries asked for by (context, msgid): argparse's words, the CLDR facts.
    words: Mapping[tuple[str, str], tuple[str, ...]]
    plural: Callable[[int], int]

    def fact(self, name: str) -> str:
        """A CLDR fact of numbers (``decimal``, ``group``, ``group_from``, ``percent``...)."""
        return self.words[(build.CLDR, name)][0]


def read_mo(data: bytes) -> tuple[dict[str, str], list[tuple[str | None, str, tuple[str, ...]]]]:
    """The headers and the entries (context, msgid, forms) of a GNU ``.mo`` file."""
    order = _MAGIC.get(struct.unpack("<I", data[:4])[0])
    if order is None:
        raise ValueError("not a compiled gettext catalogue (.mo)")
    _, count, originals, translations = struct.unpack(order + "4I", data[4:20])
    headers: dict[str, str] = {}
    entries: list[tuple[str | None, str, tuple[str, ...]]] = []
    for i in range(count):
        length, offset = struct.unpack_from(order + "2I", data, originals + 8 * i)
        original = data[offset : offset + length].decode("utf-8")
        length, offset = struct.unpack_from(order + "2I", data, translations + 8 * i)
        translation = data[offset : offset + length].decode("utf-8")
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


def compiled_bytes(lang: str, locale_dir: Path = build.LOCALE_DIR) -> bytes:
    """``lang``'s ``.mo`` file, compiled again first where its source is newer."""
    target = build.compiled(lang, locale_dir)
    source = build.source(lang, locale_dir)
    if source.exists() and _stale(target, source):
        try:
            import babel  # noqa: F401
        except ImportError:
            if not target.exists():
                raise RuntimeError(
                    f"{target} is missing and Babel is not installed to compile {source}: "
                    "install puntobanco again (pip install -e .) or install Babel"
                ) from None
            import warnings

            warnings.warn(
                f"{source} is newer than {target}; install Babel to compile it", stacklevel=3
            )
        else:
            try:
                build.write(lang, locale_dir)
            except OSError:  # a read-only checkout: compiled in memory only
                return build.compile_catalogue(lang, locale_dir)
    return target.read_bytes()


def _stale(target: Path, source: Path) -> bool:
    if not target.exists():
        return True
    built = target.stat().st_mtime_ns
    return built < source.stat().st_mtime_ns or built < Path(build.__file__).stat().st_mtime_ns


def load(
    lang: str, fallback: Language | None = None, locale_dir: Path = build.LOCALE_DIR
) -> Language:
    """Read ``lang``'s compiled catalogue; messages it lacks come from ``fallback``."""
    headers, entries = read_mo(compiled_bytes(lang, locale_dir))
    plural = plural_rule(headers)
    messages: dict[str, Entry] = dict(fallback.messages) if fallback is not None else {}
    words: dict[tuple[str, str], tuple[str, ...]] = {}
    for context, msgid, forms in entries:
        if context is None or context == ARGPARSE or context == build.CLDR:
            words[(context or "", msgid)] = forms
            continue
        key, _, count = context.partition("#")
        messages[key] = Entry(forms, count or None, plural)
    return Language(lang, messages, words, plural)
