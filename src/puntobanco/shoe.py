"""The shoe (sabot): N decks, shuffled, dealt card by card, never a card twice.

Seed 004 uses eight decks (416 cards) and reshuffles every card before every
deal; the casino of seeds 000/001 uses six (the "sixain"), burns cards at the
start of a shoe and deals to a cut card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from puntobanco.cards import DECK, Card, ShownCards, parse_cards
from puntobanco.cards import MAX_DECKS as MAX_DECKS
from puntobanco.cards import MIN_DECKS as MIN_DECKS
from puntobanco.cards import check_decks as check_decks
from puntobanco.coup import Coup, deal
from puntobanco.errors import InvalidCardError, InvalidShoeError, ShoeExhaustedError
from puntobanco.rng import RandomSource, SecureRandom, SeededRandom

SESSION_DECKS: Final = 8  # seed 004: "huit paquets ordinaires de 52 cartes"
CASINO_DECKS: Final = 6  # seeds 000/001: "six jeux de 52 cartes" (sixain)
#: Cards left behind the cut card in the casino procedure (a common casino
#: procedure places it 16 cards from the bottom).
DEFAULT_CUT_CARD: Final = 16
#: A coup takes at most 6 cards; after the cut card comes out the coup in
#: progress (up to 5 more) and one more coup (6) must still be possible.
MIN_CUT_CARD: Final = 11
MAX_BURN: Final = 11  # the turned card and up to ten burned


@dataclass(frozen=True, slots=True)
class ShoeConfig:
    """How a table uses its shoe.

    ``cut_card`` is the number of cards left behind the cut card (None: no cut
    card, the shoe is dealt to the end). ``reshuffle_every_coup`` is seed 004's
    procedure: all cards gathered and reshuffled before every deal.
    """

    decks: int = CASINO_DECKS
    burn: bool = True
    cut_card: int | None = DEFAULT_CUT_CARD
    reshuffle_every_coup: bool = False

    def __post_init__(self) -> None:
        check_decks(self.decks)
        if self.cut_card is not None:
            check_cut_card(self.cut_card, 52 * self.decks)


def check_cut_card(cut_card: int, size: int) -> int:
    """The cut card must leave room for the last coups and the burn."""
    high = size - MAX_BURN - 6
    if (
        isinstance(cut_card, bool)
        or not isinstance(cut_card, int)
        or not (MIN_CUT_CARD <= cut_card <= high)
    ):
        raise InvalidShoeError(
            "error.shoe.cut_card", cut_card=cut_card, low=MIN_CUT_CARD, high=high
        )
    return cut_card


CASINO: Final = ShoeConfig()
SESSION: Final = ShoeConfig(
    decks=SESSION_DECKS, burn=False, cut_card=None, reshuffle_every_coup=True
)


def fresh_order(decks: int) -> list[Card]:
    """``decks`` decks in factory order, before shuffling."""
    return list(DECK) * check_decks(decks)


def shuffle(cards: list[Card], rng: RandomSource) -> None:
    """Fisher-Yates in place, drawing unbiased indices from ``rng``."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


@dataclass(frozen=True, slots=True)
class Burn:
    """The start of a casino shoe: one card turned, then as many burned as its
    point value (ten for a zero-value card)."""

    turned: Card
    burned: tuple[Card, ...]


class Shoe:
    """Cards in the order they will leave the shoe.

    ``Shoe(decks=8)`` is shuffled from the operating system's secure source;
    ``Shoe(decks=8, seed=7)`` gives the same order on every machine.
    """

    def __init__(
        self,
        decks: int = SESSION_DECKS,
        *,
        seed: int | None = None,
        rng: RandomSource | None = None,
        cut_card: int | None = None,
    ) -> None:
        if seed is not None and rng is not None:
            raise InvalidShoeError("error.shoe.seed_and_rng")
        cards = fresh_order(decks)
        shuffle(cards, rng or (SeededRandom(seed) if seed is not None else SecureRandom()))
        self._init(tuple(cards), decks, cut_card)

    def _init(self, order: tuple[Card, ...], decks: int, cut_card: int | None) -> None:
        self.decks = decks
        self.order = order
        self.dealt = 0
        self.cut_card = None if cut_card is None else check_cut_card(cut_card, len(order))
        self.finished = False

    @classmethod
    def stacked(cls, cards: str | Iterable[Card], *, decks: int = SESSION_DECKS) -> Shoe:
        """A shoe that deals exactly ``cards``, in order (for any scenario or a replay).

        Raises ``InvalidCardError`` when a card appears more often than ``decks``
        decks hold.
        """
        order = parse_cards(cards) if isinstance(cards, str) else tuple(cards)
        check_decks(decks)
        for card, count in Counter(order).items():
            if count > decks:
                raise InvalidCardError(
                    "error.shoe.too_many_copies", card=ShownCards((card,)), count=count, decks=decks
                )
        shoe = cls.__new__(cls)
        shoe._init(order, decks, None)
        return shoe

    def __len__(self) -> int:
        return len(self.order)

    @property
    def remaining(self) -> int:
        """Cards not yet dealt."""
        return len(self.order) - self.dealt

    def draw(self) -> Card:
        """The next card; ``ShoeExhaustedError`` when none is left."""
        if self.dealt >= len(self.order):
            raise ShoeExhaustedError("error.shoe.exhausted", size=len(self.order))
        card = self.order[self.dealt]
        self.dealt += 1
        return card

    def burn(self) -> Burn:
        """Turn the first card and burn as many as its point value (ten for a zero)."""
        turned = self.draw()
        count = turned.point or 10
        return Burn(turned, tuple(self.draw() for _ in range(count)))

    @property
    def cut_card_out(self) -> bool:
        """True once the dealer has reached the cut card."""
        return self.cut_card is not None and self.dealt >= len(self.order) - self.cut_card

    def deal_coup(self) -> Coup:
        """Deal the next coup; marks the shoe finished after its last coup.

        The cut card rule: when the cut card comes out during a coup, that coup
        is completed and one more is dealt; when it comes out instead of a
        coup's first card, that coup is the last.
        """
        if self.finished:
            raise ShoeExhaustedError("error.shoe.finished", size=len(self.order))
        last = self.cut_card_out
        start = self.dealt
        try:
            coup = deal(self.draw)
        except ShoeExhaustedError:
            self.dealt = start  # all or nothing: no half-dealt coup
            raise
        if last:
            self.finished = True
        return coup
