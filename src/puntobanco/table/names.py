"""Players' names: what a table accepts and how two names are compared.

A name is trimmed and put in Unicode NFC form, then must be 1 to 24
characters: letters of any language (with their accents), digits, spaces,
hyphens, apostrophes and full stops, with at least one letter. Control
characters, symbols and emoji are refused. Two names that differ only by case
(``ana`` and ``Ana``) are the same player.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from puntobanco.errors import InvalidNameError

MAX_NAME: Final = 24
#: Punctuation allowed inside a name besides letters, digits and spaces.
NAME_PUNCTUATION: Final = frozenset("-'’.")


def check_name(name: object) -> str:
    """The name as the table keeps it; ``InvalidNameError`` naming the problem.

    >>> check_name("  Chloé ")
    'Chloé'
    >>> check_name("Jean-Loup O'Hara")
    "Jean-Loup O'Hara"
    """
    if not isinstance(name, str):
        raise InvalidNameError("table.error.name.chars", name=name, char=name)
    text = unicodedata.normalize("NFC", name).strip()
    if not text:
        raise InvalidNameError("table.error.name.empty", name=name)
    if len(text) > MAX_NAME:
        # The message quotes a very long name by its start, not 5,000 characters.
        shown = text if len(text) <= 3 * MAX_NAME else text[:MAX_NAME] + "…"
        raise InvalidNameError("table.error.name.long", name=shown, length=len(text), high=MAX_NAME)
    previous = " "
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
        previous = char
    if not any(unicodedata.category(c)[0] == "L" for c in text):
        raise InvalidNameError("table.error.name.letter", name=text)
    return text


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
