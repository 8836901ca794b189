"""What a simulation is asked (``SimConfig``) and what a chunk of it returns.

Shared by the runner, which deals the chunks, and the results, which merge
them; neither imports the other's internals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from puntobanco.coup import Outcome
from puntobanco.errors import InvalidStrategyError
from puntobanco.paytable import PAYTABLES, Paytable
from puntobanco.rng import check_seed, derive_seed
from puntobanco.shoe import check_cut_card, check_decks
from puntobanco.sim.strategies import Strategy

#: Coups per chunk: about 20 ms of one core, fine enough for progress and Ctrl-C.
CHUNK_COUPS: Final = 1 << 20
#: Amounts are counted in twentieths of a unit: Banco pays 19 for 20.
SCALE: Final = 20
MAX_COUPS: Final = 10**15

I64 = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What to simulate: the shoe, the seed, the strategies, how to cut the work."""

    coups: int
    decks: int = 8
    seed: int = 0
    burn: bool = True
    cut_card: int | None = 16
    paytable: str = "standard"
    strategies: tuple[Strategy, ...] = ()
    chunk_coups: int = CHUNK_COUPS
    keep_shoes: bool = False

    def __post_init__(self) -> None:
        check_decks(self.decks)
        check_seed(self.seed)
        if self.cut_card is not None:
            check_cut_card(self.cut_card, 52 * self.decks)
        if (
            isinstance(self.coups, bool)
            or not isinstance(self.coups, int)
            or not 1 <= self.coups <= MAX_COUPS
        ):
            raise InvalidStrategyError("error.sim.coups", coups=self.coups, maximum=MAX_COUPS)
        if not 1 <= self.chunk_coups <= 1 << 30:
            raise InvalidStrategyError("error.sim.chunk", chunk=self.chunk_coups)
        if self.paytable not in PAYTABLES:
            raise InvalidStrategyError("error.sim.paytable", name=self.paytable)

    @property
    def chunks(self) -> int:
        """How many chunks the run is cut into."""
        return -(-self.coups // self.chunk_coups)

    def budget(self, chunk: int) -> int:
        """Coups dealt by ``chunk``."""
        return min(self.chunk_coups, self.coups - chunk * self.chunk_coups)

    @property
    def table(self) -> Paytable:
        """The paytable by name."""
        return PAYTABLES[self.paytable]

    def pay(self) -> I64:
        """A winning unit's profit on each box, in twentieths."""
        table = self.table
        values = []
        for box in Outcome:
            scaled = table.odds(box) * SCALE
            assert scaled.denominator == 1, "paytable odds must be multiples of 1/20"
            values.append(int(scaled))
        return np.array(values, dtype=np.int64)

    def shoe_seed(self, chunk: int, shoe: int) -> int:
        """The seed of shoe ``shoe`` of chunk ``chunk``: ``Shoe(decks, seed=...)`` deals it."""
        return derive_seed(derive_seed(self.seed, chunk), shoe)


@dataclass(slots=True)
class ChunkResult:
    """What one chunk returns: one row per shoe (and per strategy), in shoe order."""

    chunk: int
    coups: int
    shoes: I64  # (n, 5): coups, punto, banco, egalite, complete
    results: I64  # (n, strategies, 4): net (twentieths), bets, ruined, wagered
    coup_squares: npt.NDArray[np.float64]  # (strategies,) sum of squared nets per coup
    config: SimConfig
    seconds: float = 0.0
    digest: object = None  # the chunk's totals (a results.Summary), made by the worker


@dataclass(slots=True)
class Trace:
    """The first shoes of chunk 0 coup by coup: bankrolls and unseen compositions."""

    bank: I64  # (shoes, coups, strategies), twentieths; -1 where the shoe had ended
    unseen: I64  # (shoes, coups, 10) composition before each coup
    coups: I64  # (shoes,) coups in each shoe
