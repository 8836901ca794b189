"""The known card: what knowing the value of one card of the next coup is worth.

A player who knows the point value of one of the next six cards out of the shoe
(a card turned by mistake, or followed through the shoe since the cut) bets
what that value favours. Positions count in the order the cards leave the
shoe for the next coup: 1 and 3 are Punto's first two cards, 2 and 4 Banco's,
5 and 6 the next two, whichever hand takes them, or none.

For each value of the card, every bet's exact expectation given it; the
player's edge is the average over all coups of the best positive expectation,
no bet being made when none is positive (Eliot Jacobson's convention, which
reproduces his 6.765 %, 6.406 %, 8.973 % and 9.098 % for eight decks).

>>> from puntobanco.odds.facts import rank_composition
>>> known = known_card(rank_composition(8), 1)
>>> round(float(known.edge) * 100, 3), known.values[9].best
(6.765, 'punto')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from puntobanco.errors import InvalidAnalysisError
from puntobanco.odds.conditional import Counts, add, classes, hand_counts, pinned_counts
from puntobanco.paytable import STANDARD, Paytable

#: The positions of a coup's cards a player may know: P1 B1 P2 B2, then the next two.
POSITIONS: Final = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class Choice:
    """What a player who knows something of the next coup bets: the best bet's key
    (None when no bet is positive) and its expectation per unit (0 when none)."""

    best: str | None
    gain: Fraction


def best_bet(paytable: Paytable, expectations: Sequence[Fraction]) -> Choice:
    """The bet of ``paytable`` with the largest positive expectation (the first in
    the paytable's order on a tie), or no bet when none is positive."""
    top = max(expectations)
    if top <= 0:
        return Choice(None, Fraction(0))
    return Choice(paytable.wagers[list(expectations).index(top)].key, top)


@dataclass(frozen=True, slots=True)
class KnownValue:
    """One value of the known card: how likely it is (its sequences over all), each
    bet's expectation given it (``paytable.wagers`` order; None when no card of the
    value is left), and the bet to make."""

    value: int
    sequences: int
    probability: Fraction
    expectations: tuple[Fraction, ...] | None
    choice: Choice

    @property
    def best(self) -> str | None:
        """The key of the bet to make, None for no bet."""
        return self.choice.best


@dataclass(frozen=True, slots=True)
class KnownCard:
    """The known-card analysis of one position for one shoe and paytable."""

    position: int
    ranks: tuple[int, ...]
    paytable: Paytable
    values: tuple[KnownValue, ...]

    @property
    def edge(self) -> Fraction:
        """The player's average gain per coup, betting one unit on the best positive
        bet and nothing when none is positive."""
        return sum((v.probability * v.choice.gain for v in self.values), start=Fraction(0))


def _by_value(ranks: Sequence[int], paytable: Paytable, position: int) -> list[Counts]:
    if position in (5, 6):
        return list(pinned_counts(ranks, paytable, position))
    punto = position in (1, 3)
    empty = (0,) * classes(paytable).count
    rows = [empty] * 10
    for (pp, bp), counts in hand_counts(ranks, paytable).items():
        a, b = pp if punto else bp
        if a == b:
            rows[a] = add(rows[a], counts)
        else:  # each value is the known card in half of the hand's two orders
            assert all(c % 2 == 0 for c in counts)
            half = tuple(c // 2 for c in counts)
            rows[a] = add(rows[a], half)
            rows[b] = add(rows[b], half)
    return rows


def known_card(ranks: Sequence[int], position: int, paytable: Paytable = STANDARD) -> KnownCard:
    """The exact value of knowing the card at ``position`` (1 to 6) of the next coup
    dealt from a shoe holding ``ranks`` (cards of each rank, ``Rank`` order).

    Raises ``InvalidAnalysisError`` for a position other than 1 to 6 and
    ``ValueError`` for a composition that is not 13 counts >= 0.
    """
    if position not in POSITIONS:
        raise InvalidAnalysisError("error.odds.position", position=position)
    cls = classes(paytable)
    rows = _by_value(ranks, paytable, position)
    whole = sum(map(sum, rows))
    values = []
    for v, counts in enumerate(rows):
        n = sum(counts)
        expectations = cls.expectations(counts)
        choice = best_bet(paytable, expectations) if expectations else Choice(None, Fraction(0))
        share = Fraction(n, whole) if whole else Fraction(0)
        values.append(KnownValue(v, n, share, expectations, choice))
    return KnownCard(position, tuple(ranks), paytable, tuple(values))
