"""One coup in progress: the cards so far, what the next card is for, the decisions taken.

The same record serves a coup dealt from the table's shoe (turned card by card
on a screen) and a coup of physical cards placed by the host: every renderer
reads it instead of deriving the drawing rules again. Pure; the rules stay in
``rules`` and ``coup`` (``Expect``, ``expected``, ``decisions``, ``split_hands``).
"""

from __future__ import annotations

from dataclasses import dataclass

from puntobanco.cards import Card
from puntobanco.coup import Coup, Expect, Step, decisions, expected, resolve, split_hands

# What the next card is for is a rule of the deal, so it lives in the core
# (``coup``), where ``explain`` can read it; the table's modules, the engine and
# the web table still find it here.
__all__ = ["CoupInProgress", "Expect", "decisions", "expected", "split_hands"]


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
