"""Exact odds of Punto Banco for any shoe composition.

See ``puntobanco.odds.exact``; this package grows the batched and removal
analyses on top of it, and the advantage player's: the known card
(``odds.known``), edge sorting (``odds.edgesort``) and effects of removal by
rank (``odds.removal``).
"""

from puntobanco.odds.edgesort import best_grouping, edge_sort
from puntobanco.odds.exact import (
    Composition,
    Odds,
    analyse,
    composition,
    outcome_counts,
)
from puntobanco.odds.known import known_card
from puntobanco.odds.removal import effects_by_rank, effects_of_removal

__all__ = [
    "Composition",
    "Odds",
    "analyse",
    "best_grouping",
    "composition",
    "edge_sort",
    "effects_by_rank",
    "effects_of_removal",
    "known_card",
    "outcome_counts",
]
