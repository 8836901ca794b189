"""Players' names: what a table accepts and how two names are compared.

A name is trimmed and put in Unicode NFKC form (full-width "Ａｎａ" is "Ana"),
then must be 1 to 24 characters: letters of any language (with their accents),
digits, spaces, hyphens, apostrophes and full stops, with at least one letter.
Control characters, symbols and emoji are refused. Its letters are of one
script (Latin, Cyrillic, Greek, ...; Japanese may mix kanji and kana, Korean
hangul and hanja, as Unicode's "highly restrictive" level of UTS #39 allows),
so that "Вruno" with a Cyrillic "В" cannot sit beside "Bruno"; and no letter
carries more than ``MAX_MARKS`` combining marks. Two names that differ only by
case (``ana`` and ``Ana``) are the same player.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from puntobanco.errors import InvalidNameError

MAX_NAME: Final = 24
#: Punctuation allowed inside a name besides letters, digits and spaces.
NAME_PUNCTUATION: Final = frozenset("-'’.")
#: Combining marks one letter may carry (Vietnamese stacks two; Devanagari a
#: virama and a vowel sign); more is "Zalgo" text drawn over its neighbours.
MAX_MARKS: Final = 3
#: Scripts one name may mix (UTS #39, "highly restrictive"): Japanese, Chinese
#: with bopomofo, Korean.
MIXES: Final = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "BOPOMOFO"}),
    frozenset({"HAN", "HANGUL"}),
)


def check_name(name: object) -> str:
    """The name as the table keeps it; ``InvalidNameError`` naming the problem.

    >>> check_name("  Chloé ")
    'Chloé'
    >>> check_name("Jean-Loup O'Hara")
    "Jean-Loup O'Hara"
    """
    if not isinstance(name, str):
        raise InvalidNameError("table.error.name.chars", name=name, char=name)
    text = unicodedata.normalize("NFKC", name).strip()
    if not text:
        raise InvalidNameError("table.error.name.empty", name=name)
    if len(text) > MAX_NAME:
        # The message quotes a very long name by its start, not 5,000 characters.
        shown = text if len(text) <= 3 * MAX_NAME else text[:MAX_NAME] + "…"
        raise InvalidNameError("table.error.name.long", name=shown, length=len(text), high=MAX_NAME)
    previous, marks = " ", 0
    for char in text:
        category = unicodedata.category(char)
        if not (category[0] in "LM" or category == "Nd" or char == " " or char in NAME_PUNCTUATION):
            raise InvalidNameError("table.error.name.chars", name=text, char=char)
        # A combining mark belongs to the letter or digit before it; one at the
        # start or after a space would sit on the quote marks of every message.
        if category[0] == "M" and not (
            unicodedata.category(previous)[0] in "LM" or unicodedata.category(previous) == "Nd"
        ):
            raise InvalidNameError("table.error.name.chars", name=text, char=char)
        marks = marks + 1 if category[0] == "M" else 0
        if marks > MAX_MARKS:
            raise InvalidNameError("table.error.name.marks", name=text, most=MAX_MARKS)
        previous = char
    if not any(unicodedata.category(c)[0] == "L" for c in text):
        raise InvalidNameError("table.error.name.letter", name=text)
    _one_script(text)
    return text


def script_of(char: str) -> str | None:
    """The script of a letter, by the first word of its Unicode name (``LATIN``,
    ``CYRILLIC``, ``HAN`` for a CJK ideograph); None for one shared by scripts
    (the kana's prolonged sound mark, a modifier letter).

    >>> script_of("B"), script_of("В"), script_of("漢"), script_of("ー")
    ('LATIN', 'CYRILLIC', 'HAN', None)
    """
    word = unicodedata.name(char, "").split(" ")[0]
    if word == "CJK":
        return "HAN"
    if not word or "-" in word or word == "MODIFIER":
        return None
    return word


def _one_script(text: str) -> None:
    """``InvalidNameError`` for a name whose letters are of scripts no language mixes."""
    seen: list[str] = []
    for char in text:
        script = script_of(char) if unicodedata.category(char)[0] == "L" else None
        if script is None or script in seen:
            continue
        if seen and not any({*seen, script} <= mix for mix in MIXES):
            raise InvalidNameError("table.error.name.scripts", name=text, char=char)
        seen.append(script)


def same_name(a: str, b: str) -> bool:
    """True when two names are the same player (case and outer spaces ignored).

    >>> same_name("Ana", " ANA")
    True
    """
    return name_key(a) == name_key(b)


def name_key(name: str) -> str:
    """The form under which names are compared: NFKC with case folding, so that
    full-width "Ａｎａ", "ANA" and "Ana" are one player.

    >>> name_key("Ａｎａ") == name_key("ana")
    True
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).strip()


def shown(text: str) -> str:
    """``text`` safe to print on a terminal: control and format characters
    (escapes, bidi overrides) written as ``\\uXXXX``, the rest as it is.

    >>> shown("Ana\\x1b[31m")
    'Ana\\\\u001b[31m'
    """
    return "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c)[0] in "CZ" and c != " " else c for c in text
    )
