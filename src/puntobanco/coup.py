"""Deal one coup from any source of cards and record it, frozen.

The deal order is Punto, Banco, Punto, Banco (seeds 000, 003, 004), then
Punto's third card if any, then Banco's. Every decision is kept with the rule
and the cell of the tableau that made it, so that the terminal, the web table
and the dealer's assistant can say *why* in a sentence.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from puntobanco.cards import Card, ShownCards
from puntobanco.enums import IdentityEnum
from puntobanco.errors import CoupCardsError
from puntobanco.rules import (
    REFUS,
    Action,
    banco_column,
    banco_draws,
    is_natural,
    punto_draws,
    total,
)


class Outcome(IdentityEnum):
    """The winning chance of a coup, and the box a bet is placed on."""

    PUNTO = "punto"
    BANCO = "banco"
    EGALITE = "egalite"

    @classmethod
    def parse(cls, text: str) -> Outcome:
        """``"banco"``, ``"B"``, ``"égalité"``, ``"tie"``, ``"igualdad"`` ... -> Outcome."""
        from puntobanco.errors import InvalidBetError

        if not isinstance(text, str):
            raise InvalidBetError("error.bet.box", box=repr(text))
        # Any Unicode form of the same word ("e" + combining acute, full-width
        # letters) and any case read alike.
        word = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
        word = word.strip()
        for outcome, words in _OUTCOME_WORDS.items():
            if word in words:
                return outcome
        raise InvalidBetError("error.bet.box", box=text)


_OUTCOME_WORDS: dict[Outcome, frozenset[str]] = {
    Outcome.PUNTO: frozenset({"punto", "p", "player", "ponte", "joueur", "jugador"}),
    Outcome.BANCO: frozenset({"banco", "b", "banker", "banque", "banca", "banquier"}),
    Outcome.EGALITE: frozenset(
        {"egalite", "égalité", "e", "t", "tie", "igualdad", "i", "standoff", "empate"}
    ),
}


class Side(Enum):
    """One of the two hands."""

    PUNTO = "punto"
    BANCO = "banco"


class Rule(Enum):
    """Which rule decided a hand's third card."""

    NATURAL = "natural"  # own two-card 8 or 9: abattage
    OTHER_NATURAL = "other_natural"  # the other hand's 8 or 9 stops all drawing
    PUNTO_TABLE = "punto_table"  # Punto: 0-5 draws, 6-7 stands
    BANCO_REFUS = "banco_refus"  # Banco when Punto stood: 0-5 draws, 6-7 stands
    BANCO_TABLE = "banco_table"  # Banco when Punto drew: row total, column third card


@dataclass(frozen=True, slots=True)
class Step:
    """Why one hand drew or stood.

    ``column`` is set for Banco's decisions on the tableau: the point value of
    Punto's third card, or ``"refus"`` when Punto stood.
    """

    side: Side
    rule: Rule
    two_card_total: int
    action: Action
    card: Card | None = None
    column: int | str | None = None

    @property
    def drew(self) -> bool:
        """True when this hand took a third card."""
        return self.action is Action.DRAW

    def to_json(self) -> dict[str, object]:
        """A JSON-ready description of the decision."""
        data: dict[str, object] = {
            "hand": self.side.value,
            "rule": self.rule.value,
            "two_card_total": self.two_card_total,
            "action": self.action.value,
        }
        if self.column is not None:
            data["column"] = self.column
        if self.card is not None:
            data["card"] = str(self.card)
        return data


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand's cards in the order dealt, with its two-card and final totals."""

    cards: tuple[Card, ...]

    @property
    def two_card_total(self) -> int:
        """Total of the first two cards, units digit."""
        return total(self.cards[0].point + self.cards[1].point)

    @property
    def total(self) -> int:
        """Final total, units digit."""
        return total(sum(c.point for c in self.cards))

    @property
    def third(self) -> Card | None:
        """The third card, if the hand drew one."""
        return self.cards[2] if len(self.cards) == 3 else None

    @property
    def pair(self) -> bool:
        """The first two cards share a rank (for pair flags on the scoreboards)."""
        return self.cards[0].rank is self.cards[1].rank

    def to_json(self) -> dict[str, object]:
        """``{"cards": [...], "two_card_total": n, "total": n}``."""
        return {
            "cards": [str(c) for c in self.cards],
            "two_card_total": self.two_card_total,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class Coup:
    """One finished coup: both hands, the decisions, the winner."""

    punto: Hand
    banco: Hand
    steps: tuple[Step, Step]

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card in dealing order: P1 B1 P2 B2 [P3] [B3]."""
        p, b = self.punto.cards, self.banco.cards
        return (p[0], b[0], p[1], b[1], *p[2:], *b[2:])

    @property
    def natural(self) -> bool:
        """True when either two-card total was 8 or 9."""
        return is_natural(self.punto.two_card_total) or is_natural(self.banco.two_card_total)

    @property
    def outcome(self) -> Outcome:
        """The higher final total wins; equal totals are Égalité."""
        p, b = self.punto.total, self.banco.total
        if p > b:
            return Outcome.PUNTO
        if b > p:
            return Outcome.BANCO
        return Outcome.EGALITE

    def to_json(self) -> dict[str, object]:
        """The coup as the CLI's ``--json`` prints it (without settlement)."""
        return {
            "punto": self.punto.to_json(),
            "banco": self.banco.to_json(),
            "natural": self.natural,
            "winner": self.outcome.value,
            "cards": [str(c) for c in self.cards],
            "steps": [s.to_json() for s in self.steps],
        }


def deal(draw: Callable[[], Card]) -> Coup:
    """Deal one coup, taking each card from ``draw()`` as it is needed.

    ``draw`` raises when it runs out (a shoe raises ``ShoeExhaustedError``).
    """
    p1, b1, p2, b2 = draw(), draw(), draw(), draw()
    pt = total(p1.point + p2.point)
    bt = total(b1.point + b2.point)
    punto: tuple[Card, ...] = (p1, p2)
    banco: tuple[Card, ...] = (b1, b2)

    if is_natural(pt) or is_natural(bt):
        steps = (
            _natural_step(Side.PUNTO, pt),
            _natural_step(Side.BANCO, bt),
        )
        return Coup(Hand(punto), Hand(banco), steps)

    punto_step: Step
    punto_third: int | None = None
    if punto_draws(pt):
        card = draw()
        punto += (card,)
        punto_third = card.point
        punto_step = Step(Side.PUNTO, Rule.PUNTO_TABLE, pt, Action.DRAW, card)
    else:
        punto_step = Step(Side.PUNTO, Rule.PUNTO_TABLE, pt, Action.STAND)

    rule = Rule.BANCO_REFUS if punto_third is None else Rule.BANCO_TABLE
    column: int | str = REFUS if punto_third is None else banco_column(punto_third)
    if banco_draws(bt, punto_third):
        card = draw()
        banco += (card,)
        banco_step = Step(Side.BANCO, rule, bt, Action.DRAW, card, column)
    else:
        banco_step = Step(Side.BANCO, rule, bt, Action.STAND, None, column)
    return Coup(Hand(punto), Hand(banco), (punto_step, banco_step))


def _natural_step(side: Side, two_card_total: int) -> Step:
    if is_natural(two_card_total):
        return Step(side, Rule.NATURAL, two_card_total, Action.NATURAL)
    return Step(side, Rule.OTHER_NATURAL, two_card_total, Action.STAND)


def resolve(cards: Sequence[Card]) -> Coup:
    """Resolve exactly one coup from ``cards`` in dealing order.

    Raises ``CoupCardsError`` when the coup needs more cards (saying how many),
    when cards are left over (naming the first unused one), or when ``cards``
    is not a sequence of ``Card`` (``None``, text: see ``parse_cards``).
    """
    if (
        isinstance(cards, str | bytes)
        or not isinstance(cards, Sequence)
        or not all(isinstance(card, Card) for card in cards)
    ):
        raise CoupCardsError("error.coup.not_cards", cards=repr(cards)[:80])
    source: Iterator[Card] = iter(cards)
    used = 0

    def draw() -> Card:
        nonlocal used
        used += 1
        for card in source:
            return card
        raise _Short()

    try:
        coup = deal(draw)
    except _Short:
        needed = _cards_needed(cards)
        raise CoupCardsError(
            "error.coup.too_few", given=len(cards), more=needed - len(cards)
        ) from None
    if used < len(cards):
        raise CoupCardsError(
            "error.coup.extra", card=ShownCards((cards[used],)), position=used + 1, used=used
        )
    return coup


class _Short(Exception):
    pass


def _cards_needed(cards: Sequence[Card]) -> int:
    """How many cards the coup begun by ``cards`` needs, as far as can be known.

    With fewer than four cards it needs at least four; after that the rules
    say whether a fifth and a sixth are needed.
    """
    if len(cards) < 4:
        return 4
    p1, b1, p2, b2 = cards[:4]
    pt, bt = total(p1.point + p2.point), total(b1.point + b2.point)
    if is_natural(pt) or is_natural(bt):
        return 4
    if punto_draws(pt):
        if len(cards) < 5:
            return 5  # Banco's need depends on the fifth card
        return 6 if banco_draws(bt, cards[4].point) else 5
    return 5 if banco_draws(bt, None) else 4


# -- a coup dealt card by card ---------------------------------------------------


class Expect(Enum):
    """What the next card is for, or that the coup is over."""

    PUNTO = "punto"  # one of Punto's first two cards
    BANCO = "banco"  # one of Banco's first two cards
    PUNTO_THIRD = "punto_third"
    BANCO_THIRD = "banco_third"
    OVER = "over"


_FIRST_FOUR: Final = (Expect.PUNTO, Expect.BANCO, Expect.PUNTO, Expect.BANCO)


def expected(cards: Sequence[Card]) -> Expect:
    """What the card after ``cards`` (a coup begun in dealing order) is for.

    >>> from puntobanco.cards import parse_cards
    >>> expected(parse_cards("4h 2s 9c")).value
    'banco'
    >>> expected(parse_cards("4h 2s 9c Ad")).value, expected(parse_cards("4h 2s 9c Ad 8d")).value
    ('punto_third', 'over')
    """
    n = len(cards)
    if n < 4:
        return _FIRST_FOUR[n]
    pt = total(cards[0].point + cards[2].point)
    bt = total(cards[1].point + cards[3].point)
    if is_natural(pt) or is_natural(bt) or n >= 6:
        return Expect.OVER
    if punto_draws(pt):
        if n == 4:
            return Expect.PUNTO_THIRD
        return Expect.BANCO_THIRD if banco_draws(bt, cards[4].point) else Expect.OVER
    if n == 4 and banco_draws(bt, None):
        return Expect.BANCO_THIRD
    return Expect.OVER


def split_hands(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """Punto's and Banco's cards among the first ``len(cards)`` dealt (P, B, P, B, thirds).

    >>> from puntobanco.cards import parse_cards
    >>> [[str(c) for c in hand] for hand in split_hands(parse_cards("4h 2s 9c Ad 8d"))]
    [['4H', '9C', '8D'], ['2S', 'AD']]
    """
    punto = [c for i, c in enumerate(cards[:4]) if i % 2 == 0]
    banco = [c for i, c in enumerate(cards[:4]) if i % 2 == 1]
    if len(cards) > 4:
        (punto if expected(cards[:4]) is Expect.PUNTO_THIRD else banco).append(cards[4])
    if len(cards) > 5:
        banco.append(cards[5])
    return punto, banco


def decisions(cards: Sequence[Card]) -> tuple[Step, ...]:
    """The decisions known once ``cards`` are out, in the order they are taken.

    A hand that must draw but has not received its card yet has a ``Step``
    with ``card=None``. Nothing is known before the fourth card.
    """
    if len(cards) < 4:
        return ()
    if expected(cards) is Expect.OVER:
        return resolve(cards).steps
    pt = total(cards[0].point + cards[2].point)
    bt = total(cards[1].point + cards[3].point)
    if punto_draws(pt):
        punto = Step(
            Side.PUNTO, Rule.PUNTO_TABLE, pt, Action.DRAW, cards[4] if len(cards) > 4 else None
        )
        if len(cards) == 4:
            return (punto,)
        third = cards[4].point
        return (punto, Step(Side.BANCO, Rule.BANCO_TABLE, bt, Action.DRAW, None, third))
    punto = Step(Side.PUNTO, Rule.PUNTO_TABLE, pt, Action.STAND)
    return (punto, Step(Side.BANCO, Rule.BANCO_REFUS, bt, Action.DRAW, None, REFUS))
