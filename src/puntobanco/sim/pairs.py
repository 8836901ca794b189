"""The perfect count of the pair bets: bet a pair only when the cards not yet seen make it pay.

A pair bet (Punto Pair, Banco Pair: the hand's first two cards of one rank)
reads ranks, which the value kernels of ``sim.engine`` do not keep, and its
exact expectation on the unseen cards needs no table: with ``u[r]`` unseen
cards of rank r and ``U`` in all, the hand's first two cards are two of them
drawn at random (the burned cards face down are unseen too, and by symmetry
change nothing), so

    P(pair) = sum_r u[r] (u[r] - 1) / (U (U - 1))

and a bet paying ``a/b`` to one is worth making when ``P (a + b) > b``, an
integer test. Punto's and Banco's pairs have the same probability before a
coup, so the perfect player bets both or neither; their outcomes differ.

The shoes are the simulator's own: chunk k of a run seeded S deals its shoe s
from ``derive_seed(derive_seed(S, k), s)`` with the burn and the cut card of
``sim.deal``, so the pairs are played on the very shoes the value strategies
of the same run play (``tests/test_sim_pairs.py`` compares them).

Needs the ``sim`` extra.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import numpy as np

from puntobanco.jit import numba
from puntobanco.paytable import Wager
from puntobanco.rng import derive_seed
from puntobanco.sim.classes import cell_table, rank_base, rank_points
from puntobanco.sim.config import SCALE, SimConfig
from puntobanco.sim.deal import NO_CUT, PAD, S_COMPLETE, S_COUPS
from puntobanco.sim.flat import rank_index
from puntobanco.sim.results import Summary, Totals
from puntobanco.sim.shuffle import derive_seed as compiled_seed
from puntobanco.sim.shuffle import shuffle
from puntobanco.sim.strategies import PERFECT, Strategy
from puntobanco.sim.study import FLAT, Play, play_of

#: Ranks in a deck.
RANKS = 13


@numba.njit(cache=True, nogil=True)
def run_pairs_chunk(
    chunk_seed: Any,
    base: Any,
    points: Any,
    burn: Any,
    cut: Any,
    budget: Any,
    cells: Any,
    pays: Any,
    shoes: Any,
    nets: Any,
    bets: Any,
    squares: Any,
) -> Any:
    """Deal shoes of ranks (``base``: the rank index of each card of a fresh shoe)
    until ``budget`` coups are dealt; before each coup bet one unit on each
    pair when ``P(pair) * (a + b) > b`` (``pays`` = a, b: the pair pays a/b to
    one). Fills ``shoes[s]`` (coups, complete), ``nets[s, h]`` (hand h's net of
    shoe s, in units of 1/b) and ``bets[h]``, ``squares[h]`` (sum of squared
    nets, in 1/b squared); returns the number of shoes."""
    n = base.shape[0]
    cards = np.zeros(n + PAD, np.int8)
    unseen = np.zeros(RANKS, np.int64)
    limit = n - cut if cut != NO_CUT else n + 1
    a = np.int64(pays[0])
    b = np.int64(pays[1])
    dealt = 0
    s = 0
    while dealt < budget:
        shuffle(cards, base, compiled_seed(chunk_seed, s))
        for r in range(RANKS):
            unseen[r] = 0
        for x in range(n):
            unseen[cards[x]] += 1
        left = np.int64(n)
        pos = 0
        if burn:  # the turned card is seen, the ones it burns are not
            turned = points[cards[0]]
            unseen[cards[0]] -= 1
            left -= 1
            pos = 1 + (turned if turned != 0 else 10)
        nets[s, 0] = 0
        nets[s, 1] = 0
        k = 0
        complete = 1
        while True:
            if dealt >= budget:
                complete = 0
                break
            last = pos >= limit
            used = int(cells[rank_index(cards, points, pos)] & 7)
            if pos + used > n:
                break
            same = np.int64(0)
            for r in range(RANKS):
                same += unseen[r] * (unseen[r] - 1)
            if same * (a + b) > b * left * (left - 1):
                for h in range(2):
                    net = a if cards[pos + h] == cards[pos + h + 2] else -b
                    nets[s, h] += net
                    bets[h] += 1
                    squares[h] += net * net
            for j in range(used):
                unseen[cards[pos + j]] -= 1
            left -= used
            pos += used
            k += 1
            dealt += 1
            if last:
                break
        shoes[s, S_COUPS] = k
        shoes[s, S_COMPLETE] = complete
        s += 1
    return s


def pair_wagers(config: SimConfig) -> tuple[Wager, ...]:
    """The wagers of ``config``'s table that read a pair."""
    return tuple(w for w in config.table.wagers if w.reads_pairs)


def _pays(wager: Wager) -> Fraction:
    """What ``wager`` pays to one when its pair comes (its one winning line)."""
    (pays,) = {line.pays for line in wager.lines}
    return pays


def pair_summary(config: SimConfig, *, workers: int = 1) -> Summary:
    """``config``'s run (its shoes, coups and chunks; its strategies ignored) with
    the perfect count of each pair bet of its table (``pair_wagers``) as its
    strategies' totals, in that order.

    Raises ``ValueError`` when the table's two pair bets pay differently (the
    one decision would not be each one's perfect count)."""
    wagers = pair_wagers(config)
    paid = {_pays(w) for w in wagers}
    if len(paid) > 1:
        raise ValueError(f"the pair bets pay differently: {sorted(paid)}")
    pays = paid.pop() if paid else Fraction(11)
    keys = [w.key for w in wagers]
    hands = [0 if "punto" in k else 1 for k in keys]
    base = rank_base(config.decks)
    points = rank_points()
    cells = cell_table()
    cut = NO_CUT if config.cut_card is None else config.cut_card

    def chunk(index: int) -> tuple[Any, ...]:
        budget = config.budget(index)
        least = max(1, (base.shape[0] - (config.cut_card or 5) - 11) // 6)
        shoes = np.zeros((budget // least + 3, 5), np.int64)
        nets = np.zeros((shoes.shape[0], 2), np.int64)
        bets = np.zeros(2, np.int64)
        squares = np.zeros(2, np.int64)
        count = run_pairs_chunk(
            np.uint64(derive_seed(config.seed, index)),
            base,
            points,
            config.burn,
            cut,
            budget,
            cells,
            np.array([pays.numerator, pays.denominator], np.int64),
            shoes,
            nets,
            bets,
            squares,
        )
        return budget, shoes[:count], nets[:count], bets, squares

    summary = Summary(config)
    summary.strategies = [Totals() for _ in wagers]
    scale = SCALE // pays.denominator
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        for budget, shoes, nets, bets, squares in pool.map(chunk, range(config.chunks)):
            complete = shoes[:, S_COMPLETE] == 1
            summary.coups += budget
            summary.chunks += 1
            summary.shoes += int(complete.sum())
            summary.partial += int((~complete).sum())
            for totals, h in zip(summary.strategies, hands, strict=True):
                totals.net += int(nets[:, h].sum()) * scale
                totals.bets += int(bets[h])
                totals.wagered += int(bets[h])
                totals.squares += float(squares[h]) * scale * scale
                totals.add_shoes(nets[complete, h] * scale)
    return summary


def pair_plays(config: SimConfig, *, workers: int = 1) -> tuple[Play, ...]:
    """The perfect count of each pair bet of ``config``'s table, as analysts
    report it (empty when the table has none)."""
    if not pair_wagers(config):
        return ()
    summary = pair_summary(config, workers=workers)
    return tuple(
        play_of(summary, Strategy(f"perfect:{w.key}", PERFECT, w.key, 0, FLAT), totals)
        for w, totals in zip(pair_wagers(config), summary.strategies, strict=True)
    )
