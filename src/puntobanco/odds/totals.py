"""Exact counts of every final (Punto total, Banco total) pair, for any shoe.

The same convention as ``puntobanco.odds.exact``: every coup stands for six
ordered cards, so the 100 counts add up to N(N-1)(N-2)(N-3)(N-4)(N-5). The
four-card starts are walked by pairs of values as there, and third cards are drawn
through the rule functions the game uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from puntobanco.odds.exact import weighted_starts
from puntobanco.rules import banco_draws, is_natural, punto_draws

#: ``TotalsTable[p][b]``: sequences whose coup ends with Punto on p and Banco on b.
TotalsTable = tuple[tuple[int, ...], ...]


def _add_after_start(
    table: list[list[int]], pt: int, bt: int, r: Sequence[int], n4: int, k: int
) -> None:
    """Add ``k`` times the six-card sequences after a start with totals pt, bt."""
    if is_natural(pt) or is_natural(bt) or not (punto_draws(pt) or banco_draws(bt, None)):
        table[pt][bt] += k * n4 * (n4 - 1)
        return
    if not punto_draws(pt):
        for v in range(10):
            if r[v]:
                table[pt][(bt + v) % 10] += k * r[v] * (n4 - 1)
        return
    for p3 in range(10):
        w = r[p3]
        if not w:
            continue
        pt3 = (pt + p3) % 10
        if banco_draws(bt, p3):
            for v in range(10):
                ways = r[v] - (v == p3)
                if ways:
                    table[pt3][(bt + v) % 10] += k * w * ways
        else:
            table[pt3][bt] += k * w * (n4 - 1)


def totals_counts(counts: Sequence[int]) -> TotalsTable:
    """Ordered six-card sequences ending with each (Punto total, Banco total).

    >>> table = totals_counts((16, 4, 4, 4, 4, 4, 4, 4, 4, 4))
    >>> sum(map(sum, table)) == 52 * 51 * 50 * 49 * 48 * 47
    True
    """
    assert len(counts) == 10 and all(c >= 0 for c in counts)
    n = sum(counts)
    table = [[0] * 10 for _ in range(10)]
    if n < 6:
        return tuple(tuple(row) for row in table)
    for pt, bt, k, r in weighted_starts(counts):
        _add_after_start(table, pt, bt, r, n - 4, k)
    return tuple(tuple(row) for row in table)


def totals_probabilities(counts: Sequence[int]) -> tuple[tuple[Fraction, ...], ...]:
    """Exact probability of each final (Punto total, Banco total) pair."""
    table = totals_counts(counts)
    whole = sum(map(sum, table))
    if not whole:
        return tuple(tuple(Fraction(0) for _ in row) for row in table)
    return tuple(tuple(Fraction(c, whole) for c in row) for row in table)
