"""Effects of removal: how one card of each point value moves each bet's expectation.

For a full shoe of N decks and each point value v (0 for the ten and the court
cards, then 1..9), the effect is the exact expectation per unit staked with one
card of value v taken out, minus the expectation of the full shoe: eleven exact
analyses in all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from puntobanco.cards import Card
from puntobanco.coup import Outcome
from puntobanco.odds.exact import Odds, analyse, composition
from puntobanco.paytable import STANDARD, Paytable
from puntobanco.shoe import check_decks


@dataclass(frozen=True, slots=True)
class Effects:
    """Exact effects of removal for a full shoe of ``decks`` decks."""

    decks: int
    paytable: Paytable
    full: Odds
    #: ``by_value[v][outcome]``: change of the expectation per unit on ``outcome``.
    by_value: tuple[dict[Outcome, Fraction], ...]

    def effect(self, value: int, box: Outcome) -> Fraction:
        """The change in ``box``'s expectation when one card of ``value`` leaves."""
        return self.by_value[value][box]


def effects_of_removal(
    decks: int, paytable: Paytable = STANDARD, *, removed: Iterable[Card] = ()
) -> Effects:
    """Exact effects of removal of one card of each point value from ``decks`` decks
    (after ``removed`` cards have left, when given).

    Raises ``InvalidShoeError`` for a number of decks out of range and
    ``InvalidCardError`` when ``removed`` holds more of a card than the decks.
    A value with no card left has no effect (zero).
    """
    check_decks(decks)
    full_counts = list(composition(decks, removed))
    full = analyse(full_counts)
    base = {o: full.expectation(o, paytable) for o in Outcome}
    rows: list[dict[Outcome, Fraction]] = []
    for value in range(10):
        if not full_counts[value]:
            rows.append(dict.fromkeys(Outcome, Fraction(0)))
            continue
        counts = list(full_counts)
        counts[value] -= 1
        odds = analyse(counts)
        rows.append({o: odds.expectation(o, paytable) - base[o] for o in Outcome})
    return Effects(decks, paytable, full, tuple(rows))
