"""Exact odds of Punto Banco for any shoe composition.

See ``puntobanco.odds.exact``; this package grows the batched and removal
analyses on top of it.
"""

from puntobanco.odds.exact import (
    Composition,
    Odds,
    analyse,
    composition,
    outcome_counts,
)

__all__ = ["Composition", "Odds", "analyse", "composition", "outcome_counts"]
