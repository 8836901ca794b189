"""One coup in progress: the cards so far, what the next card is for, the decisions taken.

The same record serves a coup dealt from the table's shoe (turned card by card
on a screen) and a coup of physical cards placed by the host: every renderer
reads it instead of deriving the drawing rules again. Pure; the rules stay in
``rules`` and ``coup``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from puntobanco.cards import Card
from puntobanco.coup import Coup, Rule, Side, Step, resolve
from puntobanco.rules import REFUS, Action, banco_draws, is_natural, punto_draws, total


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


@dataclass(frozen=True, slots=True)
class CoupInProgress:
    """A coup being dealt: its cards in dealing order so far.

    >>> from puntobanco.cards import parse_cards
    >>> p = CoupInProgress(parse_cards("4h 2s 9c Ad"))
    >>> p.expecting.value, p.complete, p.add(parse_cards("8d")[0]).complete
    ('punto_third', False, True)
    """

    cards: tuple[Card, ...] = ()

    @property
    def expecting(self) -> Expect:
        """What the next card is for (``OVER`` once the coup is complete)."""
        return expected(self.cards)

    @property
    def complete(self) -> bool:
        """True when no more card is due."""
        return self.expecting is Expect.OVER

    @property
    def steps(self) -> tuple[Step, ...]:
        """The decisions known so far (a pending draw has ``card=None``)."""
        return decisions(self.cards)

    @property
    def coup(self) -> Coup | None:
        """The finished coup (None until complete)."""
        return resolve(self.cards) if self.complete and self.cards else None

    def add(self, card: Card) -> CoupInProgress:
        """The coup with one more card."""
        return CoupInProgress((*self.cards, card))

    def first(self, n: int) -> CoupInProgress:
        """The coup as it stood after its first ``n`` cards (a screen's reveal)."""
        return CoupInProgress(self.cards[:n])

    def to_json(self) -> dict[str, object]:
        """Cards, what comes next, the steps so far (JSON-ready)."""
        return {
            "cards": [str(c) for c in self.cards],
            "expects": self.expecting.value,
            "steps": [s.to_json() for s in self.steps],
        }
