"""What a simulation is asked (``SimConfig``) and what a chunk of it returns.

Shared by the runner, which deals the chunks, and the results, which merge
them; neither imports the other's internals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from puntobanco.errors import InvalidBetError, InvalidStrategyError
from puntobanco.paytable import PAYTABLES, Paytable, configuration
from puntobanco.rng import check_seed, derive_seed
from puntobanco.shoe import check_cut_card, check_decks
from puntobanco.sim.classes import SCALE as SCALE
from puntobanco.sim.strategies import Strategy

#: Coups per chunk: about 20 ms of one core, fine enough for progress and Ctrl-C.
CHUNK_COUPS: Final = 1 << 20
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
    side_bets: tuple[str, ...] = ()
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
        offered = {w.key for w in self.table.wagers if not w.reads_pairs}
        for strategy in self.strategies:
            if strategy.bet is not None and strategy.bet not in offered:
                raise InvalidBetError(
                    "error.bet.not_offered", box=strategy.bet, paytable=self.paytable
                )

    @property
    def chunks(self) -> int:
        """How many chunks the run is cut into."""
        return -(-self.coups // self.chunk_coups)

    def budget(self, chunk: int) -> int:
        """Coups dealt by ``chunk``."""
        return min(self.chunk_coups, self.coups - chunk * self.chunk_coups)

    @property
    def table(self) -> Paytable:
        """The paytable by name, with the side bets added."""
        return configuration(self.paytable, self.side_bets)

    @property
    def flat_fast(self) -> bool:
        """True when every bet reads only the winner: flat bets settle from the
        three outcome counts of each shoe (the pipelined kernel)."""
        return all(w.winner_only for w in self.table.wagers)

    def shoe_seed(self, chunk: int, shoe: int) -> int:
        """The seed of shoe ``shoe`` of chunk ``chunk``: ``Shoe(decks, seed=...)`` deals it."""
        return derive_seed(derive_seed(self.seed, chunk), shoe)


@dataclass(slots=True)
class ChunkResult:
    """What one chunk returns: one row per shoe (and per strategy), in shoe order."""

    chunk: int
    coups: int
    shoes: I64  # (n, 5): coups, punto, banco, egalite, complete
    results: I64  # (n, strategies, 4): net (hundredths), bets, ruined, wagered
    coup_squares: npt.NDArray[np.float64]  # (strategies,) sum of squared nets per coup
    config: SimConfig
    seconds: float = 0.0
    digest: object = None  # the chunk's totals (a results.Summary), made by the worker
    # Without flat_fast: coups of each class in the chunk, each flat bet's net per shoe.
    classes: I64 | None = None  # (classes,)
    nets: I64 | None = None  # (n, bets), hundredths


@dataclass(slots=True)
class Trace:
    """The first shoes of chunk 0 coup by coup: bankrolls and unseen compositions."""

    bank: I64  # (shoes, coups, strategies), hundredths; -1 where the shoe had ended
    unseen: I64  # (shoes, coups, 10) composition before each coup
    coups: I64  # (shoes,) coups in each shoe
