"""A paytable's coups in classes, for the compiled kernels.

Two coups fall in the same class when every bet of the configuration pays
them alike. The kernels look up a coup's class as they look up its outcome,
count the coups of each class, and a bet's net is the count of each class
times its price: any paytable and side bet is then flat-bet speed, and a new
one is a record of ``puntobanco.paytable``, not kernel code. Prices are in
hundredths of a unit (``SCALE``).

Built from the rule functions and the records themselves, never retyped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from puntobanco.cards import DECK, Rank
from puntobanco.coup import Outcome
from puntobanco.errors import InvalidStrategyError
from puntobanco.odds.facts import CELLS, cell_facts
from puntobanco.paytable import Paytable, Wager
from puntobanco.tableau import WIDE_CELLS, finals

if TYPE_CHECKING:
    from puntobanco.odds.levels import Level

I64 = npt.NDArray[np.int64]
#: Amounts are counted in hundredths of a unit: Banco pays 19 to 20 or 24 for 25.
SCALE = 100


@lru_cache(maxsize=1)
def wide_cells() -> tuple[I64, I64]:
    """(cell, cards used) of every ``tableau.wide_coup_table()`` index (0 where
    no coup reaches it)."""
    pt, bt, c5, c6 = np.indices((10, 10, 10, 10)).reshape(4, -1)
    pfinal, bfinal, pdraw, bdraw = finals(pt, bt, c5, c6)
    cell = ((pfinal * 2 + pdraw) * 10 + bfinal) * 2 + bdraw
    used = 4 + pdraw + bdraw
    index = (pt << 11) | (bt << 7) | (c5 * 10 + c6)
    cells = np.zeros(WIDE_CELLS, dtype=np.int64)
    uses = np.zeros(WIDE_CELLS, dtype=np.int64)
    cells[index] = cell
    uses[index] = used
    return cells, uses


def cell_table() -> npt.NDArray[np.uint16]:
    """``(cell << 3) | used`` for every wide index, as ``run_classes_chunk`` reads it."""
    cells, uses = wide_cells()
    table: npt.NDArray[np.uint16] = ((cells << 3) | uses).astype(np.uint16)
    return table


def rank_base(decks: int) -> npt.NDArray[np.int8]:
    """Rank index of each card of ``fresh_order(decks)`` (``Rank`` order)."""
    ranks = list(Rank)
    return np.array([ranks.index(c.rank) for c in DECK] * decks, dtype=np.int8)


def rank_points() -> npt.NDArray[np.int8]:
    """Point value of each rank index."""
    return np.array([r.point for r in Rank], dtype=np.int8)


def _scaled(price: Fraction) -> int:
    scaled = price * SCALE
    if scaled.denominator != 1:
        raise InvalidStrategyError("error.sim.paytable", name=str(price))
    return int(scaled)


@dataclass(frozen=True, slots=True)
class Classes:
    """The classes of a configuration for some of its wagers."""

    wagers: tuple[Wager, ...]
    #: ``klass[cell * 4 + 2 * punto_pair + banco_pair]``: the class of those facts.
    klass: I64
    #: ``prices[c, w]``: a unit's net on wager w in class c, in hundredths.
    prices: I64
    #: ``outcome[c]``: 0 Punto, 1 Banco, 2 Égalité, the winner of class c's coups.
    outcome: I64

    @property
    def count(self) -> int:
        """How many classes."""
        return len(self.prices)

    def value_classes(self) -> npt.NDArray[np.uint8]:
        """The class of every wide index (pairs aside), for the strategy kernel."""
        cells, _ = wide_cells()
        assert self.count < 256
        table: npt.NDArray[np.uint8] = self.klass[cells * 4].astype(np.uint8)
        return table

    def reduced(self) -> I64:
        """``prices`` with each column divided by its gcd (exact sign tests in int64)."""
        out = self.prices.copy()
        for w in range(out.shape[1]):
            g = math.gcd(*(int(x) for x in out[:, w])) or 1
            out[:, w] //= g
        return out


@lru_cache(maxsize=32)
def classes(
    paytable: Paytable, wagers: tuple[Wager, ...] | None = None, *, by_winner: bool = True
) -> Classes:
    """Group every combination of coup facts by the prices of ``wagers`` (all of
    the paytable's when None), and by the winner unless ``by_winner`` is False
    (then ``outcome`` is meaningless: the exact strategies need prices only)."""
    chosen = paytable.wagers if wagers is None else wagers
    pairs = any(w.reads_pairs for w in chosen)
    found: dict[tuple[int, ...], int] = {}
    outcomes: list[int] = []
    klass = np.zeros(CELLS * 4, dtype=np.int64)
    order = list(Outcome)
    for cell in range(CELLS):
        for flags in range(4):
            facts = cell_facts(cell, pairs and flags >= 2, pairs and flags % 2 == 1)
            winner = order.index(facts.winner) if by_winner else 0
            key = (winner, *(_scaled(w.price(facts)) for w in chosen))
            if key not in found:
                found[key] = len(found)
                outcomes.append(key[0])
            klass[cell * 4 + flags] = found[key]
    prices = np.array([k[1:] for k in found], dtype=np.int64).reshape(len(found), len(chosen))
    return Classes(tuple(chosen), klass, prices, np.array(outcomes, dtype=np.int64))


def value_wagers(paytable: Paytable) -> tuple[Wager, ...]:
    """The wagers of ``paytable`` that read no pair: what strategies may bet."""
    return tuple(w for w in paytable.wagers if not w.reads_pairs)


@lru_cache(maxsize=8)
def level_classes(
    paytable: Paytable, wagers: tuple[Wager, ...] | None = None, by_winner: bool = True
) -> tuple[Level, Level, Level, int]:
    """The coups of each class of ``classes(paytable, wagers, by_winner)`` (``wagers``:
    ``value_wagers(paytable)`` when None) by coup length, as
    ``odds.levels.counts_by_levels`` reads them (``odds.levels.level_tables``)."""
    from puntobanco.odds.levels import level_tables, sequence_indices

    chosen = value_wagers(paytable) if wagers is None else wagers
    cls = classes(paytable, chosen, by_winner=by_winner)
    cells, uses = wide_cells()
    index = sequence_indices()
    return level_tables(cls.klass[cells[index] * 4], uses[index], cls.count)
