"""Exact counts of every final (Punto total, Banco total) pair, for any shoe.

The same convention as ``puntobanco.odds.exact``: every coup stands for six
ordered cards, so the 100 counts add up to N(N-1)(N-2)(N-3)(N-4)(N-5). The
four-card starts are walked by pairs of values as there, and what follows each start
is ``puntobanco.odds.facts``'s: third cards drawn through the rule functions the game
uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from puntobanco.odds.exact import weighted_starts
from puntobanco.odds.facts import after_start_cells

#: ``TotalsTable[p][b]``: sequences whose coup ends with Punto on p and Banco on b.
TotalsTable = tuple[tuple[int, ...], ...]


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
        for cell, sequences in after_start_cells(pt, bt, r, n - 4):
            # ``cell_index``: Punto's final total is cell // 40, Banco's (cell // 2) % 10.
            table[cell // 40][cell // 2 % 10] += k * sequences
    return tuple(tuple(row) for row in table)


def totals_probabilities(counts: Sequence[int]) -> tuple[tuple[Fraction, ...], ...]:
    """Exact probability of each final (Punto total, Banco total) pair."""
    table = totals_counts(counts)
    whole = sum(map(sum, table))
    if not whole:
        return tuple(tuple(Fraction(0) for _ in row) for row in table)
    return tuple(tuple(Fraction(c, whole) for c in row) for row in table)
