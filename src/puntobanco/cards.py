"""Cards: ranks, suits, point values, and the text people type.

Seeds 000 and 004: the ace is worth 1, two to nine their number, ten and the
court cards ("bûches") nothing.

A card's text for programs (the log, JSON, ``str(card)``) is canonical: ``KD``,
``10H``. A person reads it in their language's letters (``Card.shown``: ``R♦``
in French, whose cards print R, D, V for roi, dame, valet), and may type any
of them back.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from puntobanco.errors import InvalidCardError, InvalidShoeError
from puntobanco.i18n import Lang, t
from puntobanco.i18n.shown import Shown, Word


class Rank(Enum):
    """A card's rank; the value is its canonical text."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def point(self) -> int:
        """Point value (seed 000: "l'as vaut 1 ... bûches et les dix valent 0")."""
        return POINTS[self]


# Seed 000 / 004: A=1, 2-9 their number, 10 J Q K zero.
POINTS: Final[dict[Rank, int]] = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 0,
    Rank.JACK: 0,
    Rank.QUEEN: 0,
    Rank.KING: 0,
}


class Suit(Enum):
    """A card's suit; the value is its canonical letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol, for display."""
        return SYMBOLS[self]


SYMBOLS: Final[dict[Suit, str]] = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}

# What people type for a rank. "1" is the ace (as in the seeds: "l'as vaut 1"),
# "T" is ten, and V/D/R are the French valet, dame, roi (the letters French
# cards print, catalogue card.letter.*), accepted whatever the language.
_RANK_WORDS: Final[dict[str, Rank]] = {
    "a": Rank.ACE,
    "1": Rank.ACE,
    **{str(n): Rank(str(n)) for n in range(2, 11)},
    "t": Rank.TEN,
    "j": Rank.JACK,
    "v": Rank.JACK,
    "q": Rank.QUEEN,
    "d": Rank.QUEEN,
    "k": Rank.KING,
    "r": Rank.KING,
}
_SUIT_WORDS: Final[dict[str, Suit]] = {
    "s": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "h": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
#: Examples of cards as one types them, in the reader's letters (catalogue
#: ``card.forms``; programs read the English).
ACCEPTED_FORMS: Final = Word(
    "card.forms", "4h or 4♥, 10d or Td, K♠, Q♣, J♥, A♦ or 1♦ (ace); suits: h ♥, d ♦, c ♣, s ♠"
)
#: The ranks whose letter depends on the language (catalogue ``card.letter.J``...).
_LETTERED: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})
_SEPARATORS: Final = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One playing card. ``str(card)`` is the canonical form, e.g. ``10D``."""

    rank: Rank
    suit: Suit

    @property
    def point(self) -> int:
        """Point value, 0 to 9."""
        return POINTS[self.rank]

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """Display form with the suit symbol and the English letters, e.g. ``K♦``."""
        return self.rank.value + self.suit.symbol

    def shown(self, lang: Lang) -> str:
        """The card as a person reads it in ``lang``: its rank in the letter the
        language's cards print, and the suit's symbol.

        >>> card = Card.parse("KD")
        >>> card.shown("fr"), card.shown("es"), card.shown("en")
        ('R♦', 'K♦', 'K♦')
        """
        return rank_letter(self.rank, lang) + self.suit.symbol

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card as a person types it.

        >>> Card.parse("4♥"), Card.parse("td"), Card.parse("Rh")
        (Card.parse('4H'), Card.parse('10D'), Card.parse('KH'))

        Raises ``InvalidCardError`` quoting the input and the accepted forms
        (also for anything that is not text, such as ``None``).
        """
        if not isinstance(text, str):
            raise InvalidCardError("error.card.invalid", text=repr(text), forms=ACCEPTED_FORMS)
        # Compatibility forms (full-width "４ｈ") read as their plain letters.
        word = unicodedata.normalize("NFKC", text).strip()
        if len(word) >= 2:
            rank = _RANK_WORDS.get(word[:-1].lower())
            suit = _SUIT_WORDS.get(word[-1].lower())
            if rank is not None and suit is not None:
                return cls(rank, suit)
        raise InvalidCardError("error.card.invalid", text=text, forms=ACCEPTED_FORMS)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas.

    >>> [str(c) for c in parse_cards("4h, 9♣ 10d")]
    ['4H', '9C', '10D']

    An empty list raises ``InvalidCardError``.
    """
    if not isinstance(text, str):
        raise InvalidCardError("error.card.invalid", text=repr(text), forms=ACCEPTED_FORMS)
    words = [w for w in _SEPARATORS.split(text.strip()) if w]
    if not words:
        raise InvalidCardError("error.card.empty", text=text, forms=ACCEPTED_FORMS)
    return tuple(Card.parse(w) for w in words)


def format_cards(cards: Iterable[Card], *, pretty: bool = False, lang: Lang | None = None) -> str:
    """Cards as text: canonical (``4H 10D``), with symbols (``4♥ 10♦``), or as a
    reader of ``lang`` reads them (``Card.shown``, which ``lang`` implies)."""
    if lang is not None:
        return " ".join(c.shown(lang) for c in cards)
    return " ".join(c.pretty if pretty else str(c) for c in cards)


def rank_letter(rank: Rank, lang: Lang) -> str:
    """The rank as the cards of ``lang`` print it (``R`` for a king in French).

    >>> rank_letter(Rank.QUEEN, "fr"), rank_letter(Rank.TEN, "fr")
    ('D', '10')
    """
    return t(f"card.letter.{rank.value}", lang) if rank in _LETTERED else rank.value


@dataclass(frozen=True, slots=True)
class ShownCards(Shown):
    """Cards named in a message: in the reader's letters, and canonical with
    symbols for programs (an error is raised before its reader is known).

    >>> shown = ShownCards((Card.parse("Qh"), Card.parse("10c")))
    >>> shown.words("fr"), str(shown)
    ('D♥ 10♣', 'Q♥ 10♣')
    """

    cards: tuple[Card, ...]

    def words(self, lang: Lang) -> str:
        return format_cards(self.cards, lang=lang)

    def __str__(self) -> str:
        return format_cards(self.cards, pretty=True)


#: One 52-card deck in a fixed order: suits S, H, D, C; ranks A to K.
DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)

#: A shoe holds 1 to 8 decks (``puntobanco.shoe``; here so that the odds, which
#: need only the cards, do not load the shoe and its random sources).
MIN_DECKS: Final = 1
MAX_DECKS: Final = 8


def check_decks(decks: int) -> int:
    """1 to 8 decks; anything else raises ``InvalidShoeError``."""
    if isinstance(decks, bool) or not isinstance(decks, int) or not MIN_DECKS <= decks <= MAX_DECKS:
        raise InvalidShoeError("error.shoe.decks", decks=decks, low=MIN_DECKS, high=MAX_DECKS)
    return decks
