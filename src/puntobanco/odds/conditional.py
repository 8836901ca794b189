"""Exact odds of the next coup when something of its cards is known before betting.

An advantage player may know a little of the next coup before the bets close:
the value of one of its cards (a known card), or to which of two groups each of
its first four cards belongs (edge sorting). Both are sums of the counts here,
under ``odds.exact``'s convention (every coup stands for six ordered cards), for
a shoe by rank and any paytable, side bets included:

- ``hand_counts``: split by each hand's first two values (Punto's cards 1 and 3,
  Banco's 2 and 4). Their order within a hand changes neither the hand's total
  nor anything after, so a hand's two values are kept unordered: 55 × 55 starts.
- ``pinned_counts``: split by the value of the fifth or the sixth card out of
  the shoe, whichever hand takes it, or none.

What is counted for each split is the coups of each *class* of the paytable
(coups that every bet pays alike, ``classes``), so a bet's expectation is a sum
over a few classes. Third cards are drawn through the rule functions the game
uses (``puntobanco.rules``); the pairs of the first four cards are counted by
rank exactly, as ``odds.facts`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Final

from puntobanco.odds.facts import (
    CELLS,
    RANKS,
    ZERO_RANKS,
    after_start_cells,
    cell_facts,
    cell_index,
    start_weight,
    values_of,
    zero_splits,
)
from puntobanco.paytable import Paytable
from puntobanco.rules import banco_draws, is_natural, punto_draws

#: A hand's first two point values, smaller first: (0, 0), (0, 1) ... (9, 9).
HAND_PAIRS: Final = tuple(combinations_with_replacement(range(10), 2))
#: Sequences of each class of a paytable (``Classes``), in class order.
Counts = tuple[int, ...]
#: The positions whose card ``pinned_counts`` fixes: the fifth and the sixth out of the shoe.
PINNED: Final = (5, 6)


@dataclass(frozen=True, slots=True)
class Classes:
    """A paytable's coups in classes: ``prices[c][w]`` is what wager ``w`` (in
    ``paytable.wagers`` order) pays per unit on a coup of class c (-1 lost, 0 a
    push); ``of[flags][cell]`` is the class of the final cell (``facts.cell_index``)
    with the pair flags ``flags`` = 2 × Punto pair + Banco pair."""

    paytable: Paytable
    prices: tuple[tuple[Fraction, ...], ...]
    of: tuple[tuple[int, ...], ...]

    @property
    def count(self) -> int:
        """How many classes."""
        return len(self.prices)

    def expectations(self, counts: Counts) -> tuple[Fraction, ...] | None:
        """Each wager's expected net per unit over the coups ``counts`` counts, in
        ``paytable.wagers`` order; None when they count no coup."""
        total = sum(counts)
        if not total:
            return None
        return tuple(
            Fraction(sum(n * row[w] for n, row in zip(counts, self.prices, strict=True)), total)
            for w in range(len(self.paytable.wagers))
        )


@lru_cache(maxsize=16)
def classes(paytable: Paytable) -> Classes:
    """The classes of ``paytable``'s coups, from its records (never retyped)."""
    found: dict[tuple[Fraction, ...], int] = {}
    of: list[tuple[int, ...]] = []
    for flags in range(4):
        row = []
        for cell in range(CELLS):
            facts = cell_facts(cell, flags >= 2, flags % 2 == 1)
            prices = tuple(w.price(facts) for w in paytable.wagers)
            row.append(found.setdefault(prices, len(found)))
        of.append(tuple(row))
    return Classes(paytable, tuple(found), tuple(of))


def add(a: Counts, b: Counts) -> Counts:
    """The sum of two count vectors, class by class."""
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _pair_flag(hand: tuple[int, int]) -> int:
    """0: two different values; 1: the same value 1 to 9 (a pair); 2: two zeros
    (a pair only when their ranks agree)."""
    if hand[0] != hand[1]:
        return 0
    return 1 if hand[0] else 2


#: (Punto's two values, Banco's two values, 10 × Punto's total + Banco's, ways by pair flags).
Start = tuple[tuple[int, int], tuple[int, int], int, dict[int, int]]


def _starts(ranks: Sequence[int]) -> list[Start]:
    """Every (Punto's two values, Banco's two values) the shoe can deal, with the
    ordered ways to deal them by value and, for each pair flag (2 × Punto pair +
    Banco pair), the share of those ways: the ranks of the zero-valued cards
    split them."""
    if len(ranks) != len(RANKS) or any(n < 0 for n in ranks):
        raise ValueError(f"a composition by rank is 13 counts >= 0, not {tuple(ranks)!r}")
    counts = values_of(ranks)
    splits = zero_splits([ranks[i] for i in ZERO_RANKS])
    out: list[Start] = []
    for pp in HAND_PAIRS:
        for bp in HAND_PAIRS:
            weight, zeros = start_weight(pp + bp, counts)
            if not weight:
                continue
            weight *= (2 if pp[0] != pp[1] else 1) * (2 if bp[0] != bp[1] else 1)
            pf, bf = _pair_flag(pp), _pair_flag(bp)
            shares: dict[int, int] = {}
            for (zp, zb), ways in splits[pf == 2, bf == 2, zeros].items():
                if ways:
                    flags = 2 * (pf == 1 or zp) + (bf == 1 or zb)
                    shares[flags] = shares.get(flags, 0) + weight * ways
            out.append((pp, bp, sum(pp) % 10 * 10 + sum(bp) % 10, shares))
    return out


def hand_counts(
    ranks: Sequence[int], paytable: Paytable
) -> dict[tuple[tuple[int, int], tuple[int, int]], Counts]:
    """Sequences of each class of ``paytable``, by (Punto's two first values, Banco's
    two first values), each pair smaller value first; starts the shoe cannot deal
    are left out. ``ranks`` counts the cards left of each rank (``Rank`` order).

    Raises ``ValueError`` for a composition that is not 13 counts >= 0.
    """
    cls = classes(paytable)
    counts = values_of(ranks)
    n = sum(counts)
    out: dict[tuple[tuple[int, int], tuple[int, int]], Counts] = {}
    starts = _starts(ranks)
    if n < 6:
        return out
    r = list(counts)
    for pp, bp, totals, shares in starts:
        for v in pp + bp:
            r[v] -= 1
        after = after_start_cells(totals // 10, totals % 10, r, n - 4)
        for v in pp + bp:
            r[v] += 1
        acc = [0] * cls.count
        for flags, ways in shares.items():
            of = cls.of[flags]
            for cell, seqs in after:
                acc[of[cell]] += ways * seqs
        out[pp, bp] = tuple(acc)
    return out


def _pinned_after(
    pt: int, bt: int, r: Sequence[int], n4: int, position: int
) -> list[tuple[int, int, int]]:
    """(value of the pinned card, cell, sequences) after a start with totals pt, bt:
    the fifth card (``position`` 5) or the sixth (6) of the six-card sequence is
    the pinned one, ``r`` the cards left by value and ``n4`` their number."""
    out: list[tuple[int, int, int]] = []
    stands = is_natural(pt) or is_natural(bt) or not (punto_draws(pt) or banco_draws(bt, None))
    for v in range(10):
        if not r[v]:
            continue
        if stands:  # the pinned card is one of the two the coup leaves in the shoe
            out.append((v, cell_index(pt, 2, bt, 2), r[v] * (n4 - 1)))
            continue
        # x5, x6: the fifth and sixth cards, one of them v; w: the ways to deal both.
        pairs = (
            [(v, x6, r[v] * (r[x6] - (x6 == v))) for x6 in range(10)]
            if position == 5
            else [(x5, v, r[x5] * (r[v] - (x5 == v))) for x5 in range(10)]
        )
        if not punto_draws(pt):  # only Banco draws: the fifth card, the sixth unused
            if position == 5:
                out.append((v, cell_index(pt, 2, (bt + v) % 10, 3), r[v] * (n4 - 1)))
            else:
                for x5, _, w in pairs:
                    if w:
                        out.append((v, cell_index(pt, 2, (bt + x5) % 10, 3), w))
            continue
        for x5, x6, w in pairs:
            if not w:
                continue
            p = (pt + x5) % 10
            if banco_draws(bt, x5):
                out.append((v, cell_index(p, 3, (bt + x6) % 10, 3), w))
            else:
                out.append((v, cell_index(p, 3, bt, 2), w))
    return out


def pinned_counts(ranks: Sequence[int], paytable: Paytable, position: int) -> tuple[Counts, ...]:
    """Sequences of each class of ``paytable`` whose card at ``position`` (5 or 6: the
    fifth or sixth out of the shoe for the next coup, whichever hand takes it, or
    none) has each point value 0 to 9.

    Raises ``ValueError`` for a position other than 5 or 6, or a composition that
    is not 13 counts >= 0.
    """
    if position not in PINNED:
        raise ValueError(f"the pinned card is the fifth or the sixth, not {position!r}")
    cls = classes(paytable)
    counts = values_of(ranks)
    n = sum(counts)
    acc = [[0] * cls.count for _ in range(10)]
    starts = _starts(ranks)
    if n < 6:
        return tuple(tuple(row) for row in acc)
    r = list(counts)
    for pp, bp, totals, shares in starts:
        for v in pp + bp:
            r[v] -= 1
        after = _pinned_after(totals // 10, totals % 10, r, n - 4, position)
        for v in pp + bp:
            r[v] += 1
        for flags, ways in shares.items():
            of = cls.of[flags]
            for v, cell, seqs in after:
                acc[v][of[cell]] += ways * seqs
    return tuple(tuple(row) for row in acc)
