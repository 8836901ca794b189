"""Where a drill's questions come from: real coups of seeded shoes, and seeded choices.

One seeded generator (xoshiro256**, ``rng.SeededRandom``) shuffles shoe after
shoe and makes every choice of the drill (which hand to ask about, which box,
which stake), so that the same seed gives the same drill on every machine.
The shoes are dealt as a casino deals them, to a cut card 16 cards from the
end, with no burn: a counter sees every card of the shoe.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from puntobanco.cards import Card
from puntobanco.coup import Coup
from puntobanco.rng import SeededRandom, check_seed
from puntobanco.shoe import DEFAULT_CUT_CARD, Shoe, check_decks

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Dealt:
    """A coup and where it stands in its shoe: ``shoe`` is the shoe's whole order,
    the coup's cards are ``shoe[start:end]``."""

    coup: Coup
    shoe: tuple[Card, ...]
    start: int
    end: int

    @property
    def before(self) -> tuple[Card, ...]:
        """The cards of the shoe dealt before this coup."""
        return self.shoe[: self.start]

    @property
    def left(self) -> int:
        """Cards left in the shoe after this coup."""
        return len(self.shoe) - self.end


class CoupSource:
    """Coups dealt from shoes of ``decks`` decks, one shoe after another, and the
    drill's choices, all from one generator seeded with ``seed``.

    Raises ``InvalidShoeError`` for a seed or a number of decks out of range.
    """

    def __init__(self, seed: int, decks: int) -> None:
        self._rng = SeededRandom(check_seed(seed))
        self._decks = check_decks(decks)
        self._shoe: Shoe | None = None

    def deal(self) -> Dealt:
        """The next coup (from a new shoe once the last one is finished)."""
        shoe = self._shoe
        if shoe is None or shoe.finished:
            shoe = self._shoe = Shoe(self._decks, rng=self._rng, cut_card=DEFAULT_CUT_CARD)
        start = shoe.dealt
        coup = shoe.deal_coup()
        return Dealt(coup, shoe.order, start, shoe.dealt)

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely."""
        return self._rng.randbelow(n)

    def chance(self, percent: int) -> bool:
        """True ``percent`` times in a hundred."""
        return self.below(100) < percent

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items``, each equally likely."""
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[tuple[T, int]]) -> T:
        """One of ``items``' values, each as likely as its whole weight."""
        total = sum(weight for _, weight in items)
        assert total > 0, items
        at = self.below(total)
        for value, weight in items:
            if at < weight:
                return value
            at -= weight
        raise AssertionError("unreachable: the weights add up to the total")
