"""The tableau: when Punto and Banco draw a third card, as literal data.

Seeds 000 (French), 003 (Spanish) and 004 agree on every cell; seed 002 is
loose in places and does not rule. Each table is transcribed as printed and
read by one small pure function.
"""

from __future__ import annotations

from enum import Enum
from typing import Final


class Action(Enum):
    """What a hand does with its two-card total."""

    DRAW = "draw"  # "Tirer" / "Hit"
    STAND = "stand"  # "Rester" / "Stand"
    NATURAL = "natural"  # "Abattage" / "Down": 8 or 9, nobody draws


D, S, N = Action.DRAW, Action.STAND, Action.NATURAL

# Seed 000, first table ("Point avec deux cartes | Action de PUNTO"):
# 0-5 Tirer, 6-7 Rester, 8-9 Abattage. Seed 003 and seed 004 section 04 agree.
PUNTO_TABLE: Final[tuple[Action, ...]] = (D, D, D, D, D, D, S, S, N, N)

#: Column key of the Banco table when Punto stood ("Refus" in seed 000).
REFUS: Final = "refus"

# Seed 000, second table: rows are Banco's two-card total, columns the point
# value of Punto's third card 0..9, then "Refus" (Punto stood). T=Tirer (True),
# R=Rester (False). Rows 0-2 always draw and row 7 always stands (seed 000 text:
# "lorsqu'il a 0,1 ou 2, BANCO tire"; seed 004's table rows "0-2 Toujours",
# "7 Jamais"; its text "Si Punto reste, Banco tire sur 0-5 et reste sur 6-7").
T, R = True, False
BANCO_TABLE: Final[dict[int, tuple[bool, ...]]] = {
    #   0  1  2  3  4  5  6  7  8  9  Refus
    0: (T, T, T, T, T, T, T, T, T, T, T),
    1: (T, T, T, T, T, T, T, T, T, T, T),
    2: (T, T, T, T, T, T, T, T, T, T, T),
    3: (T, T, T, T, T, T, T, T, R, T, T),
    4: (R, R, T, T, T, T, T, T, R, R, T),
    5: (R, R, R, R, T, T, T, T, R, R, T),
    6: (R, R, R, R, R, R, T, T, R, R, R),
    7: (R, R, R, R, R, R, R, R, R, R, R),
}
del T, R, D, S, N


def total(points: int) -> int:
    """Keep the units digit only (seed 004: "7+8=15 vaut cinq").

    >>> total(7 + 8), total(4 + 9 + 8)
    (5, 1)
    """
    return points % 10


def is_natural(two_card_total: int) -> bool:
    """8 or 9 with two cards: "abattage", and no hand draws."""
    return PUNTO_TABLE[two_card_total] is Action.NATURAL


def punto_draws(two_card_total: int) -> bool:
    """Punto draws on 0-5 and stands on 6-7 (and on a natural).

    >>> [punto_draws(n) for n in range(10)].count(True)
    6
    """
    return PUNTO_TABLE[two_card_total] is Action.DRAW


def banco_column(punto_third: int | None) -> int:
    """The column index of the Banco table: Punto's third card, or Refus."""
    return 10 if punto_third is None else punto_third


def banco_draws(two_card_total: int, punto_third: int | None) -> bool:
    """Banco's decision with neither hand natural.

    ``punto_third`` is the point value of Punto's third card, or ``None``
    when Punto stood (the "Refus" column).

    >>> banco_draws(3, 8), banco_draws(3, 7), banco_draws(6, None)
    (False, True, False)
    """
    assert 0 <= two_card_total <= 7, "a natural Banco never reaches the table"
    assert punto_third is None or 0 <= punto_third <= 9
    return BANCO_TABLE[two_card_total][banco_column(punto_third)]
