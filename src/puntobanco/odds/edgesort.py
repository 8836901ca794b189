"""Edge sorting: what seeing to which group each of the first four cards belongs is worth.

When the backs of the cards are sorted into two groups, a "high" one and a "low"
one (a defect along their edges, turned one way or the other), and the player
sees the first four cards of the coup before betting, he knows how many of
Punto's two cards (cards 1 and 3) and of Banco's (2 and 4) are high: nine
patterns, from both hands high to both low. Their order within a hand changes
nothing (a hand's total does not depend on it), so the nine are all there is.

For each pattern: its probability, every bet's exact expectation given it, and
the best bet; the player's edge is the average over all coups of the best
positive expectation, no bet when none is positive (Eliot Jacobson's
convention, which reproduces his 20.928 % for high = 6, 7, 8, 9 on eight
decks, and 30.291 % for the best grouping, high = 4 to 9).

``best_grouping`` searches every split of the ten values into two groups.

>>> from puntobanco.odds.facts import rank_composition
>>> sort = edge_sort(rank_composition(8))
>>> round(float(sort.edge) * 100, 3), sort.best_pattern.name
(20.928, 'HL/LL')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Final

from puntobanco.errors import InvalidAnalysisError
from puntobanco.odds.conditional import Counts, add, classes, hand_counts
from puntobanco.odds.known import Choice, best_bet
from puntobanco.paytable import STANDARD, Paytable

#: The usual sort: the cards that most often stop a hand from drawing.
DEFAULT_HIGH: Final = frozenset({6, 7, 8, 9})
#: A hand's two first cards by how many are high: 2, 1, 0.
HAND_NAMES: Final = ("LL", "HL", "HH")


@dataclass(frozen=True, slots=True)
class Pattern:
    """One pattern of the first four cards' groups: how many of Punto's two first
    cards are high (0 to 2) and of Banco's, its sequences and probability, each
    bet's expectation given it (``paytable.wagers`` order; None when the shoe cannot
    deal it), and the bet to make."""

    punto_high: int
    banco_high: int
    sequences: int
    probability: Fraction
    expectations: tuple[Fraction, ...] | None
    choice: Choice

    @property
    def name(self) -> str:
        """``"HL/LL"``: Punto's two cards, then Banco's (H high, L low)."""
        return f"{HAND_NAMES[self.punto_high]}/{HAND_NAMES[self.banco_high]}"

    @property
    def best(self) -> str | None:
        """The key of the bet to make, None for no bet."""
        return self.choice.best


@dataclass(frozen=True, slots=True)
class EdgeSort:
    """The edge-sorting analysis of one grouping for one shoe and paytable: the
    nine patterns, Punto's count of high cards first, from 2 (HH/HH) down."""

    high: frozenset[int]
    ranks: tuple[int, ...]
    paytable: Paytable
    patterns: tuple[Pattern, ...]

    @property
    def low(self) -> frozenset[int]:
        """The values of the other group."""
        return frozenset(range(10)) - self.high

    @property
    def edge(self) -> Fraction:
        """The player's average gain per coup, betting one unit on each pattern's best
        positive bet and nothing when none is positive."""
        return sum((p.probability * p.choice.gain for p in self.patterns), start=Fraction(0))

    @property
    def best_pattern(self) -> Pattern:
        """The pattern whose best bet has the largest expectation (the first, in
        ``patterns`` order, on a tie)."""
        return max(self.patterns, key=lambda p: p.choice.gain)


def check_high(high: Iterable[int]) -> frozenset[int]:
    """The high group as a set of point values; raises ``InvalidAnalysisError``
    unless it is some of the values 0 to 9, but not none or all of them."""
    values = tuple(high)
    group = frozenset(values)
    if not group or group >= frozenset(range(10)) or any(v not in range(10) for v in values):
        raise InvalidAnalysisError("error.odds.groups", high=" ".join(map(str, sorted(group))))
    return group


def _hand_high(group: frozenset[int]) -> dict[tuple[int, int], int]:
    return {(a, b): (a in group) + (b in group) for a in range(10) for b in range(a, 10)}


def _patterns(
    counts: dict[tuple[tuple[int, int], tuple[int, int]], Counts], group: frozenset[int], size: int
) -> list[Counts]:
    """The class counts of each pattern, index 3 × Punto's high cards + Banco's."""
    high = _hand_high(group)
    rows: list[Counts] = [(0,) * size] * 9
    for (pp, bp), c in counts.items():
        i = 3 * high[pp] + high[bp]
        rows[i] = add(rows[i], c)
    return rows


def edge_sort(
    ranks: Sequence[int], high: Iterable[int] = DEFAULT_HIGH, paytable: Paytable = STANDARD
) -> EdgeSort:
    """The exact value of seeing the groups of the first four cards of the next coup
    dealt from a shoe holding ``ranks`` (cards of each rank, ``Rank`` order), the
    values of ``high`` forming one group and the others the second.

    Raises ``InvalidAnalysisError`` for a group that is empty, holds every value or
    a value outside 0 to 9, and ``ValueError`` for a composition that is not 13
    counts >= 0.
    """
    group = check_high(high)
    cls = classes(paytable)
    rows = _patterns(hand_counts(ranks, paytable), group, cls.count)
    return _analysis(ranks, group, paytable, rows)


def _analysis(
    ranks: Sequence[int], group: frozenset[int], paytable: Paytable, rows: Sequence[Counts]
) -> EdgeSort:
    cls = classes(paytable)
    whole = sum(map(sum, rows))
    patterns = []
    for i in reversed(range(9)):
        counts = rows[i]
        n = sum(counts)
        expectations = cls.expectations(counts)
        choice = best_bet(paytable, expectations) if expectations else Choice(None, Fraction(0))
        share = Fraction(n, whole) if whole else Fraction(0)
        patterns.append(Pattern(i // 3, i % 3, n, share, expectations, choice))
    return EdgeSort(group, tuple(ranks), paytable, tuple(patterns))


def groupings() -> tuple[frozenset[int], ...]:
    """Every split of the ten values into two groups, once each: the high group
    never holds 0 (a split and its mirror tell the player the same). 511 of them."""
    return tuple(frozenset(high) for k in range(1, 10) for high in combinations(range(1, 10), k))


def best_grouping(ranks: Sequence[int], paytable: Paytable = STANDARD) -> EdgeSort:
    """The grouping with the largest edge over every split of ``groupings``, found by
    trying each (the smallest high group, then the first in ``groupings`` order, on
    a tie). Raises ``ValueError`` for a composition that is not 13 counts >= 0.

    Each try is exact: the class counts of each hand's two values are packed into
    one integer a hand (fields wide enough for every coup), so a pattern's counts
    are one sum of integers; the prices are scaled to integers.
    """
    cls = classes(paytable)
    counts = hand_counts(ranks, paytable)
    pairs = sorted({pp for pp, _ in counts})
    width = max(1, sum(map(sum, counts.values())).bit_length() + 1)
    packed = {
        pp: [sum(c << (width * k) for k, c in enumerate(counts.get((pp, bp), ()))) for bp in pairs]
        for pp in pairs
    }
    scale = math.lcm(*(p.denominator for row in cls.prices for p in row))
    prices = [[int(p * scale) for p in row] for row in cls.prices]
    mask = (1 << width) - 1
    best_gain, best_group = -1, frozenset[int]()
    for group in groupings():
        high = [(a in group) + (b in group) for a, b in pairs]
        bins = [[j for j, h in enumerate(high) if h == k] for k in range(3)]
        sums = [0] * 9
        for i, pp in enumerate(pairs):
            row = packed[pp]
            for k in range(3):
                sums[3 * high[i] + k] += sum(map(row.__getitem__, bins[k]))
        gain = 0
        for total in sums:
            fields = [(total >> (width * c)) & mask for c in range(cls.count)]
            values = (
                sum(n * row[w] for n, row in zip(fields, prices, strict=True))
                for w in range(len(paytable.wagers))
            )
            gain += max(0, *values)
        if gain > best_gain:
            best_gain, best_group = gain, group
    return _analysis(ranks, best_group, paytable, _patterns(counts, best_group, cls.count))
