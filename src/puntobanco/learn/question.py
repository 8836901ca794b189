"""What every question of a drill offers, and how answers are read.

An answer is a JSON value, as a program sends it or a front-end builds it from
what the learner typed: ``"draw"``, ``7``, ``"-2000"``. Anything that cannot be
read is a wrong answer, never an error: a learner's typo is a mistake to review.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Final, Protocol

from puntobanco.i18n import Lang

#: Signs a learner may type for minus: the ASCII hyphen, the minus sign, dashes.
_MINUS: Final = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})
_DECIMAL: Final = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)")


class Question(Protocol):
    """One question of a drill: what it shows, its answer, and why."""

    @property
    def id(self) -> str:
        """Its name in the drill: ``"1"``, ``"2"``..."""

    @property
    def kind(self) -> str:
        """The drill it belongs to: ``"third-card"``, ``"payout"``..."""

    @property
    def cell(self) -> str:
        """What it exercises, as a stable key (the tableau's cell ``"banco 3 v 8"``,
        a box at a paytable...): a review gathers the mistakes by it."""

    def to_json(self) -> dict[str, object]:
        """Everything needed to answer it, cards as codes; never the answer."""

    def prompt(self, lang: Lang) -> str:
        """The question put in words: "Does Banco draw or stand?"."""

    def text(self, lang: Lang) -> str:
        """What the question shows (the cards, the bet) and asks, in one paragraph."""

    def expected(self, lang: Lang) -> object:
        """The right answer as a JSON value (the call: the croupier's words in ``lang``)."""

    def shown(self, lang: Lang) -> str:
        """The right answer as a learner reads it: "stands", "+11.87"."""

    def check(self, answer: object) -> bool:
        """Whether ``answer`` is right; an answer that cannot be read is wrong."""

    def why(self, lang: Lang) -> str:
        """The rule that decides the answer, applied to this question, in ``lang``."""

    def cell_words(self, lang: Lang) -> str:
        """``cell`` as a learner reads it."""


def word(answer: object) -> str | None:
    """A text answer folded for comparison (case, accents' forms, spaces), else None."""
    if not isinstance(answer, str):
        return None
    return unicodedata.normalize("NFKC", answer).casefold().strip()


def number(answer: object) -> Fraction | None:
    """A numeric answer: a JSON integer, or a text such as ``"-20"``, ``"+1187"``,
    ``"11,87"``, ``"−3"`` (a minus sign); None for anything else (``true``, ``"1e3"``).

    >>> number(7), number("−3"), number(" +11,5 "), number("1e3"), number(True)
    (Fraction(7, 1), Fraction(-3, 1), Fraction(23, 2), None, None)
    """
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return Fraction(answer)
    text = word(answer)
    if text is None:
        return None
    text = text.translate(_MINUS).replace(" ", "").replace("\u202f", "").replace("\u00a0", "")
    if not _DECIMAL.fullmatch(text):
        return None
    try:
        return Fraction(Decimal(text.replace(",", ".")))
    except (InvalidOperation, ValueError):
        return None


def typed_cents(text: str) -> str | None:
    """An amount a learner typed in units (``"23.75"``, ``"23,75"``, ``"-20"``) as
    the decimal string of its cents that a payout question reads (``"2375"``);
    None when it is no amount or has a fraction of a cent.

    >>> typed_cents("23,75"), typed_cents("-20"), typed_cents("1.234"), typed_cents("x")
    ('2375', '-2000', None, None)
    """
    value = number(text)
    if value is None:
        return None
    cents = value * 100
    return str(cents.numerator) if cents.denominator == 1 else None
