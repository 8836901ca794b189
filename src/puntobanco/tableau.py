"""The tableau of ``puntobanco.rules`` as small integer arrays for compiled code.

Built from the rule functions themselves, never retyped, and tested cell by cell.
Both the batched exact counts (``puntobanco.odds.batch``) and the simulator
(``puntobanco.sim``) read it, so it sits beside the rules, in neither of them.
Needs numpy (the ``sim`` extra).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from puntobanco.cards import DECK
from puntobanco.rules import banco_draws, is_natural, punto_draws

Int8Array = npt.NDArray[np.int8]
Uint8Array = npt.NDArray[np.uint8]

#: Cells of ``wide_coup_table()``: Punto's total 0..9 in the top bits.
WIDE_CELLS = 10 << 11


def natural_table() -> Int8Array:
    """``[t]`` is 1 when a two-card total t is a natural."""
    return np.array([is_natural(t) for t in range(10)], dtype=np.int8)


def punto_table() -> Int8Array:
    """``[t]`` is 1 when Punto draws on two-card total t."""
    return np.array([punto_draws(t) for t in range(10)], dtype=np.int8)


def banco_table() -> Int8Array:
    """``[t, c]`` is 1 when Banco draws on t against column c (Punto's third card,
    10 when Punto stood); rows 8 and 9 (naturals) never draw."""
    table = np.zeros((10, 11), dtype=np.int8)
    for t in range(8):
        for column in range(11):
            table[t, column] = banco_draws(t, None if column == 10 else column)
    return table


def deck_points(decks: int) -> Int8Array:
    """Point values of ``fresh_order(decks)``: the order the shuffle starts from."""
    return np.array([c.point for c in DECK] * decks, dtype=np.int8)


def tables() -> tuple[Any, Any, Any]:
    """(natural, punto, banco) tables, as the compiled kernels take them."""
    return natural_table(), punto_table(), banco_table()


def finals(pt: Any, bt: Any, c5: Any, c6: Any) -> tuple[Any, Any, Any, Any]:
    """(Punto's final total, Banco's, whether Punto drew, whether Banco drew) of each
    coup, for arrays of two-card totals ``pt``, ``bt`` and the values ``c5``, ``c6``
    of the two cards after them: the tables above, element by element."""
    natural, punto, banco = (a.astype(bool) for a in tables())
    nat = natural[pt] | natural[bt]
    pdraw = ~nat & punto[pt]
    pfinal = np.where(pdraw, (pt + c5) % 10, pt)
    bdraw = ~nat & banco[bt, np.where(pdraw, c5, 10)]
    bfinal = np.where(bdraw, (bt + np.where(pdraw, c6, c5)) % 10, bt)
    return pfinal, bfinal, pdraw, bdraw


def coup_table() -> Int8Array:
    """Every coup by its two-card totals and the next two cards, flattened.

    Entry ``((pt * 10 + bt) * 10 + c5) * 10 + c6`` is ``4 * used + outcome``:
    how many cards the coup takes (4, 5 or 6) and who wins (0 Punto, 1 Banco,
    2 Égalité), when Punto's two cards total pt, Banco's bt and the cards after
    them are worth c5 and c6. The simulator deals a coup with one look-up.
    """
    pfinal, bfinal, pdraw, bdraw = finals(*np.indices((10, 10, 10, 10)).reshape(4, -1))
    used = 4 + pdraw + bdraw
    outcome = np.where(pfinal > bfinal, 0, np.where(bfinal > pfinal, 1, 2))
    codes: Int8Array = (4 * used + outcome).astype(np.int8)
    return codes


def wide_coup_table() -> Uint8Array:
    """``coup_table()`` re-indexed by shifts: entry ``(pt << 11) | (bt << 7) | (c5 * 10 + c6)``.

    The same codes as ``coup_table()`` (cells no coup reaches hold 0); the
    flat simulator indexes it without multiplications (20 KiB, so it stays
    in the processor's first-level cache with the shoe).
    """
    codes = coup_table().reshape(10, 10, 100)
    wide = np.zeros((10, 16, 128), dtype=np.uint8)
    wide[:, :10, :100] = codes
    flat: Uint8Array = wide.reshape(WIDE_CELLS)
    return flat
