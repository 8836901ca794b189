"""Every glyph the pages draw exists in one of this machine's fonts: a character no
installed font has is drawn as a missing-glyph box (the pause button's U+23F8 was,
with Debian's fonts). The characters are those of the pages' own files (HTML, CSS,
JavaScript: written out, as an escape or as an entity) and of every message the
server may send them, in each language; fontconfig (``fc-list``, which Chromium's
font fallback reads) says which font has each."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from puntobanco.i18n import language

STATIC = Path(__file__).resolve().parents[2] / "src" / "puntobanco" / "web" / "static"
#: JavaScript's escapes (``"\u23f8"``, ``"\u{1F0A1}"``) and CSS's (``content: "\23F8"``).
JS_ESCAPE = re.compile(r"\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})")
CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})")


def written(text: str, suffix: str) -> set[str]:
    """The characters beyond ASCII that a page file's text draws, however written;
    control and format characters (never drawn) left out.

    >>> sorted(written('a = "\\\\u23f8 ♠";', ".js"))
    ['⏸', '♠']
    """
    found = set(text)
    if suffix == ".js":
        found |= {chr(int(a or b, 16)) for a, b in JS_ESCAPE.findall(text)}
    elif suffix == ".css":
        found |= {chr(int(code, 16)) for code in CSS_ESCAPE.findall(text)}
    elif suffix == ".html":
        found |= set(html.unescape(text))
    return {c for c in found if ord(c) > 127 and unicodedata.category(c) not in ("Cc", "Cf")}


def page_characters() -> dict[str, str]:
    """Each character the pages may draw -> where it comes from (a file, a message)."""
    where: dict[str, str] = {}
    for path in sorted(STATIC.iterdir()):  # the pages' own files (vendor/ is the API docs')
        if path.suffix in (".js", ".html", ".css"):
            for char in written(path.read_text(encoding="utf-8"), path.suffix):
                where.setdefault(char, path.name)
    for lang in ("en", "fr", "es"):
        for key, entry in language(lang).messages.items():
            for form in entry.forms:
                for char in written(form, ""):
                    where.setdefault(char, f"{key} ({lang})")
    return where


@cache
def has_font(char: str) -> bool:
    """True when an installed font has a glyph for ``char`` (fontconfig's answer)."""
    found = subprocess.run(
        ["fc-list", f":charset={ord(char):x}", "family"],
        capture_output=True,
        text=True,
        check=True,
    )
    return bool(found.stdout.strip())


@pytest.fixture(scope="module")
def fontconfig() -> None:
    if shutil.which("fc-list") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("fontconfig (fc-list) is required under CI: .ci/run installs it")
        pytest.skip("fontconfig (fc-list) is not installed")


def test_the_pages_characters_are_read_from_their_files_and_messages() -> None:
    where = page_characters()
    for char in "♠♥♦♣✓":  # the suits and the checked shoe, drawn by every page
        assert char in where, char
    assert "é" in where and "ñ" in where  # the French and Spanish words
    assert written("content: '\\23F8'", ".css") == {"⏸"}
    assert written("<b>&#x23F8;</b>", ".html") == {"⏸"}


@pytest.mark.usefixtures("fontconfig")
def test_fontconfig_tells_a_character_no_font_has() -> None:
    assert has_font("♠")
    assert not has_font("\uffff")  # a noncharacter: in no font


@pytest.mark.usefixtures("fontconfig")
def test_every_glyph_the_pages_draw_is_in_an_installed_font() -> None:
    missing = {
        f"U+{ord(char):04X} {unicodedata.name(char, '?')} ({source})"
        for char, source in page_characters().items()
        if not has_font(char)
    }
    assert not missing, sorted(missing)
