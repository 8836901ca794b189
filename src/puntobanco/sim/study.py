"""Counting systems and perfect play, reported as analysts publish them, through real shoes.

A count study plays one linear count (``puntobanco.counts``: Jacobson's Dragon 7
and Panda 8 counts, or tags of one's own) at each trigger of a range, and the
perfect count of the same bet (bet only when the exact edge of the cards not
yet seen is positive), all on the same shoes of the compiled table (the burn,
the cut card, every shoe dealt to its cut card as the casino deals it). For
each way of betting: how often it bets, its edge when betting, and the units
it wins per 100 coups and per shoe, each with its standard error; the best
trigger is the one that wins the most per shoe.

A perfect study plays the perfect count of every bet of a table: the most a
player who knows the exact composition of the shoe can win per shoe on each
(the pairs, which read ranks, on the same shoes by ``sim.pairs``).

Standard errors: per shoe, the spread of the complete shoes' nets over the root
of their number; per 100 coups, the same scaled by the coups a complete shoe
deals on average (shoes are independent, coups within a shoe are not); when
betting, the spread of the bets' nets over the root of their number.

Needs the ``sim`` extra.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Final

from puntobanco.counts import CountSystem
from puntobanco.sim.config import SCALE, SimConfig
from puntobanco.sim.results import Summary, Totals
from puntobanco.sim.strategies import PERFECT, Limits, Strategy, count_strategy, parse_strategy

#: The triggers a count study tries when none are given: Jacobson's range.
TRIGGERS: Final = tuple(range(0, 9))
#: One unit a bet, and a bankroll no run of bad luck exhausts: flat betting.
FLAT: Final = Limits(unit=1, minimum=1, maximum=1, bankroll=10**9)


@dataclass(frozen=True, slots=True)
class Play:
    """One way of betting over a run, as analysts report it (units of one stake)."""

    name: str
    bet: str
    trigger: int | None  # None: the perfect count
    coups: int
    shoes: int  # complete shoes
    bets: int
    net: float
    frequency: float  # bets per coup dealt
    bets_per_shoe: float
    edge: float | None  # mean net per unit bet
    edge_se: float | None
    per_100: float  # units won per 100 coups dealt
    per_100_se: float | None
    per_shoe: float | None  # units won per complete shoe
    per_shoe_se: float | None


def play_of(summary: Summary, strategy: Strategy, totals: Totals) -> Play:
    """``strategy``'s ``totals`` over the coups and shoes of ``summary``, as analysts
    report them."""
    coups = summary.coups
    shoes = sum(totals.shoe_net.values())
    s1 = sum(v * c for v, c in totals.shoe_net.items()) / SCALE
    s2 = sum(v * v * c for v, c in totals.shoe_net.items()) / SCALE**2
    per_shoe = s1 / shoes if shoes else None
    per_shoe_se = None
    if shoes > 1 and per_shoe is not None:
        per_shoe_se = math.sqrt(max(s2 - shoes * per_shoe**2, 0.0) / (shoes - 1) / shoes)
    shoe_coups = coups / (summary.shoes + summary.partial) if coups else math.nan
    bets = totals.bets
    edge = edge_se = None
    if bets:
        edge = totals.net / SCALE / bets
        spread = max(totals.squares / SCALE**2 / bets - edge * edge, 0.0)
        edge_se = math.sqrt(spread / bets) if bets > 1 else None
    return Play(
        name=strategy.name,
        bet=strategy.bet or "",
        trigger=None if strategy.kind == PERFECT else strategy.arg,
        coups=coups,
        shoes=shoes,
        bets=bets,
        net=totals.net / SCALE,
        frequency=bets / coups if coups else math.nan,
        bets_per_shoe=bets / (summary.shoes + summary.partial) if coups else math.nan,
        edge=edge,
        edge_se=edge_se,
        per_100=100 * totals.net / SCALE / coups if coups else math.nan,
        per_100_se=None if per_shoe_se is None else 100 * per_shoe_se / shoe_coups,
        per_shoe=per_shoe,
        per_shoe_se=per_shoe_se,
    )


def plays(summary: Summary) -> tuple[Play, ...]:
    """Each strategy of a finished run, as analysts report it."""
    return tuple(
        play_of(summary, s, totals)
        for s, totals in zip(summary.config.strategies, summary.strategies, strict=True)
    )


def count_strategies(
    system: CountSystem, triggers: Iterable[int] = TRIGGERS
) -> tuple[Strategy, ...]:
    """``system`` at each trigger, then the perfect count of its bet, one unit a bet.

    Raises ``InvalidStrategyError`` as ``count_strategy`` does.
    """
    counted = tuple(count_strategy(system, trigger, FLAT) for trigger in triggers)
    return (*counted, parse_strategy(f"perfect:{system.bet}", FLAT))


def perfect_strategies(config: SimConfig) -> tuple[Strategy, ...]:
    """The perfect count of every bet of ``config``'s table the simulator settles
    by point values (every bet but the pairs: ``sim.pairs`` plays those), one unit
    a bet."""
    return tuple(
        parse_strategy(f"perfect:{w.key}", FLAT) for w in config.table.wagers if not w.reads_pairs
    )


@dataclass(frozen=True, slots=True)
class CountStudy:
    """A count at each trigger, and the perfect count of its bet, on the same shoes."""

    system: CountSystem
    config: SimConfig
    counted: tuple[Play, ...]
    perfect: Play

    @property
    def best(self) -> Play:
        """The trigger that wins the most per shoe (the lowest such trigger on a tie)."""
        return max(self.counted, key=lambda p: -math.inf if p.per_shoe is None else p.per_shoe)


def count_study(system: CountSystem, summary: Summary) -> CountStudy:
    """The study of a finished run of ``count_strategies(system, ...)``."""
    found = plays(summary)
    return CountStudy(system, summary.config, found[:-1], found[-1])


def run_study(
    config: SimConfig,
    *,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Run ``config`` on local threads and return its merged totals."""
    from puntobanco.sim.runner import run_local

    summary = Summary(config)
    run_local(config, summary.add, workers=workers, progress=progress)
    return summary


def study_count(
    system: CountSystem,
    triggers: Iterable[int] = TRIGGERS,
    *,
    coups: int,
    workers: int | None = None,
    **settings: object,
) -> CountStudy:
    """Play ``system`` at each of ``triggers`` and the perfect count of its bet on
    ``coups`` coups of the same shoes; ``settings`` are ``SimConfig``'s (``decks``,
    ``seed``, ``cut_card``, ``burn``, ``paytable``, ``side_bets``...).

    Raises what ``SimConfig`` and ``count_strategy`` raise.
    """
    config = SimConfig(coups=coups, **settings)  # type: ignore[arg-type]
    config = replace(config, strategies=count_strategies(system, triggers))
    return count_study(system, run_study(config, workers=workers))
