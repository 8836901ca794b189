"""Exact odds of Punto Banco for any shoe composition.

See ``puntobanco.odds.exact``; this package grows the batched and removal
analyses on top of it, and the advantage player's: the known card
(``odds.known``), edge sorting (``odds.edgesort``) and effects of removal by
rank (``odds.removal``). Each name loads its module on first use, so that
``puntobanco odds`` imports only the analysis it prints.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puntobanco.odds.edgesort import best_grouping, edge_sort
    from puntobanco.odds.exact import Composition, Odds, analyse, composition, outcome_counts
    from puntobanco.odds.known import known_card
    from puntobanco.odds.removal import effects_by_rank, effects_of_removal

_HOME_OF = {
    "Composition": "exact",
    "Odds": "exact",
    "analyse": "exact",
    "composition": "exact",
    "outcome_counts": "exact",
    "best_grouping": "edgesort",
    "edge_sort": "edgesort",
    "known_card": "known",
    "effects_by_rank": "removal",
    "effects_of_removal": "removal",
}


def __getattr__(name: str) -> object:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'puntobanco.odds' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"puntobanco.odds.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME_OF])


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
