"""Compile the message catalogue: each language's ``.po`` file into a ``.mo`` file.

The English is the template itself (``locale/puntobanco.pot``: its msgids are
the English text), so ``en.mo`` is compiled from it with each text as its own
translation. Each ``.mo`` also receives the few CLDR facts that writing numbers
needs (decimal mark, digit groups, percent sign, the order of the plural
categories), under the context ``cldr``, taken from Babel here, at build time,
so that nothing reads Babel when puntobanco runs.

Runs from ``hatch_build.py`` (a wheel, an sdist's install, ``pip install -e``)
and from the loader when a checkout's ``.po`` is newer than its ``.mo``. It
imports only the standard library and Babel, and nothing of puntobanco, so the
build hook can load it by its path before puntobanco is installed.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
DOMAIN: Final = "puntobanco"
#: The template's language: its msgids are the English text.
SOURCE: Final = "en"
#: The languages: the template's and each one with its catalogue file (this module
#: runs at build time, before the package can be imported: ``loader.LANGS`` is the
#: same list, checked by ``tests/test_catalogue.py``).
LANGS: Final = (
    SOURCE,
    *sorted(d.name for d in LOCALE_DIR.iterdir() if (d / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()),
)
#: The context of the CLDR facts in a compiled catalogue.
CLDR: Final = "cldr"
#: CLDR's ``minimumGroupingDigits`` (common/main/es.xml: 2, "1236" but "12.345"),
#: which Babel does not import; every other language here has 1.
MINIMUM_GROUPING_DIGITS: Final = {"es": 2}
#: CLDR's plural categories in the order gettext numbers them (Babel's ``to_gettext``).
PLURAL_TAGS: Final = ("zero", "one", "two", "few", "many", "other")


def source(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """The file a person edits: the template for English, ``LANG/LC_MESSAGES/*.po`` otherwise."""
    if lang == SOURCE:
        return locale_dir / f"{DOMAIN}.pot"
    return locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiled(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Where ``lang``'s compiled catalogue lives (``gettext``'s layout)."""
    return locale_dir / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def plural_forms(lang: str) -> str:
    """The ``Plural-Forms`` header of ``lang``, from CLDR's plural rule (Babel's ``to_gettext``).

    CLDR's French and Spanish rules also read ``e``, the exponent of a compact
    number ("1,2 M"); gettext knows only ``n``, and the catalogue writes whole
    numbers in full, whose exponent is 0.
    """
    from babel import Locale
    from babel.plural import to_gettext

    return re.sub(r"\be\b", "0", to_gettext(Locale.parse(lang).plural_form))


def plural_tags(lang: str) -> tuple[str, ...]:
    """CLDR's plural categories of ``lang``, in the order of the ``msgstr[i]`` forms."""
    from babel import Locale

    used = Locale.parse(lang).plural_form.tags | {"other"}
    return tuple(tag for tag in PLURAL_TAGS if tag in used)


def cldr_facts(lang: str) -> dict[str, str]:
    """What writing a number in ``lang`` needs, from CLDR (Babel's locale data)."""
    from babel import Locale

    locale = Locale.parse(lang)
    symbols = locale.number_symbols["latn"]
    percent = locale.percent_formats[None]
    return {
        "decimal": symbols["decimal"],
        "group": symbols["group"],
        "group_from": str(3 + MINIMUM_GROUPING_DIGITS.get(lang, 1)),
        # "{}" stands for the number (a fact that is empty would not be compiled).
        "percent": f"{percent.prefix[0]}{{}}{percent.suffix[0]}",
        "plural_tags": " ".join(plural_tags(lang)),
    }


def read(lang: str, locale_dir: Path = LOCALE_DIR) -> Catalog:
    """``lang``'s catalogue as Babel reads it (the template for English)."""
    from babel.messages.pofile import read_po

    with source(lang, locale_dir).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def compile_catalogue(lang: str, locale_dir: Path = LOCALE_DIR) -> bytes:
    """The ``.mo`` file of ``lang``: its translations (fuzzy ones left out) and the CLDR facts."""
    from babel.messages.mofile import write_mo

    catalog = read(lang, locale_dir)
    if lang == SOURCE:
        for message in catalog:
            if message.id:
                message.string = message.id
    for name, value in cldr_facts(lang).items():
        catalog.add(name, value, context=CLDR)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def write(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    """Compile ``lang`` and write its ``.mo`` next to its source (atomically)."""
    import tempfile

    target = compiled(lang, locale_dir)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = compile_catalogue(lang, locale_dir)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".mo-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temporary, 0o644)  # mkstemp's 0600 would go into the wheel
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise
    return target


def write_all(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Compile every language; the paths written."""
    return [write(lang, locale_dir) for lang in LANGS]
