"""Who leads: a ranking by score with shared places, and the leaders who share a win.

Seed 004: the best score wins, and several players with the same best score
share the win. Pure; the scores are any exact amounts, in the order their
players sit (equal scores keep that order).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from puntobanco.paytable import Amount


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the ranking; ``rank`` is shared by equal scores (1, 1, 3)."""

    rank: int
    name: str
    score: Amount
    winner: bool


def ranking(scores: Mapping[str, Amount]) -> tuple[Standing, ...]:
    """Best score first; equal scores share a rank; every leader is a winner (seed 004).

    >>> [(s.rank, s.name, s.winner) for s in ranking({"Ana": 19, "Bruno": 40, "Chloé": 40})]
    [(1, 'Bruno', True), (1, 'Chloé', True), (3, 'Ana', False)]
    """
    order = sorted(scores.items(), key=lambda item: -item[1])
    best = order[0][1] if order else 0
    standings: list[Standing] = []
    for i, (name, score) in enumerate(order):
        rank = standings[-1].rank if standings and standings[-1].score == score else i + 1
        standings.append(Standing(rank, name, score, score == best))
    return tuple(standings)


def leaders(scores: Mapping[str, Amount]) -> tuple[str, ...]:
    """The players with the best score, in their order (they share the win).

    >>> leaders({"Ana": 19, "Bruno": 40, "Chloé": 40})
    ('Bruno', 'Chloé')
    """
    return tuple(s.name for s in ranking(scores) if s.winner)
