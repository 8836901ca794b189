"""How a drill shows cards, ranks and amounts to a learner, in the learner's language.

Cards go through the project's own formatting (``cards.format_cards``), never a
second one; amounts are the table's minor units (cents) written as the language
writes numbers (``i18n.numbers``).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from puntobanco.cards import Card, Rank, format_cards, rank_letter
from puntobanco.i18n import Lang
from puntobanco.i18n.numbers import decimal_text
from puntobanco.paytable import Amount, format_amount

CENTS = 100


def cards_text(cards: Iterable[Card], lang: Lang) -> str:
    """Cards as a learner reads them: ``4♥ R♦`` in French, ``4♥ K♦`` in Spanish."""
    return format_cards(cards, lang=lang)


def rank_text(rank: Rank, lang: Lang) -> str:
    """A rank alone, as a card shows it in ``lang``: ``A``, ``10``, ``R`` (French king)."""
    return rank_letter(rank, lang)


def codes(cards: Iterable[Card]) -> list[str]:
    """Cards as codes for programs: ``["4H", "10D"]``."""
    return [str(card) for card in cards]


def money(cents: Amount, lang: Lang, *, sign: bool = False) -> str:
    """An amount of cents in units as ``lang`` writes it: ``1187`` -> ``11.87``
    (``11,87`` in French), an exact fraction of a cent with its digits (``11.875``).

    >>> money(1187, "fr"), money(Fraction(2375, 2), "en"), money(-2000, "es", sign=True)
    ('11,87', '11.875', '-20,00')
    >>> money(1900, "en", sign=True), money(0, "en", sign=True)
    ('+19.00', '0.00')
    """
    units = Fraction(cents) / CENTS
    text = format_amount(units)
    if "." not in text and "/" not in text:
        text += ".00"
    elif "." in text and len(text.split(".")[1]) == 1:
        text += "0"
    shown = decimal_text(text, lang)
    return "+" + shown if sign and units > 0 else shown


def signed_number(value: int) -> str:
    """A count with its sign: ``+3``, ``-2``, ``0``."""
    return f"+{value}" if value > 0 else str(value)
