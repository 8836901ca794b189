"""The perfect count of the pair bets (``sim.pairs``): its rule against the exact
odds of a composition, and its kernel against the core's shoes replayed card by
card, with the decision and the settlement made here from the cards."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from puntobanco.cards import Rank
from puntobanco.errors import ShoeExhaustedError
from puntobanco.odds.facts import table_odds
from puntobanco.paytable import configuration
from puntobanco.shoe import Shoe
from puntobanco.sim.config import SCALE, SimConfig
from puntobanco.sim.pairs import pair_plays, pair_summary
from puntobanco.sim.runner import run_chunk

RANKS = list(Rank)


def pair_chance(unseen: Counter[Rank]) -> Fraction:
    """Two cards drawn from ``unseen`` share a rank: counted pair by pair."""
    total = sum(unseen.values())
    if total < 2:
        return Fraction(0)
    same = sum(n * (n - 1) for n in unseen.values())
    return Fraction(same, total * (total - 1))


@pytest.mark.parametrize("removed", [0, 9, 21, 30])
def test_the_pair_chance_is_the_exact_odds_of_the_composition(removed: int) -> None:
    """The kernel's rule (two unseen cards of one rank) against the exact odds of
    the pair bets, every coup of the composition enumerated by ``odds.facts``."""
    rng = random.Random(removed)
    deck = [r for r in RANKS for _ in range(4)]
    for _ in range(removed):
        deck.remove(rng.choice(deck))
    counts = Counter(deck)
    _, bets = table_odds([counts[r] for r in RANKS], configuration("standard", ["pairs"]))
    found = {b.key: b.probability for b in bets}
    assert found["punto_pair"] == found["banco_pair"] == pair_chance(counts)


def replayed(config: SimConfig) -> tuple[list[tuple[int, int, int]], int, int, int]:
    """Chunk 0 of ``config`` dealt by the core shoe by shoe: each shoe's (coups,
    Punto pair's net, Banco pair's net) in units, and the bets, Punto's and
    Banco's nets over every shoe, complete or not."""
    pays = Fraction(11)
    budget = config.budget(0)
    shoes: list[tuple[int, int, int]] = []
    bets = punto = banco = 0
    dealt = 0
    s = 0
    while dealt < budget:
        shoe = Shoe(config.decks, seed=config.shoe_seed(0, s), cut_card=config.cut_card)
        unseen = Counter(c.rank for c in shoe.order)
        if config.burn:
            unseen[shoe.burn().turned.rank] -= 1  # the burned cards stay unseen
        coups = net_p = net_b = 0
        while not shoe.finished and dealt < budget:
            worth = pair_chance(unseen) * (pays + 1) > 1
            before = shoe.dealt
            try:
                coup = shoe.deal_coup()
            except ShoeExhaustedError:
                break
            if worth:
                bets += 1
                net_p += 11 if coup.punto.pair else -1
                net_b += 11 if coup.banco.pair else -1
            unseen.subtract(c.rank for c in shoe.order[before : shoe.dealt])
            coups += 1
            dealt += 1
        shoes.append((coups, net_p, net_b))
        punto += net_p
        banco += net_b
        s += 1
    return shoes, bets, punto, banco


@pytest.mark.parametrize(
    ("decks", "cut_card", "burn", "coups"),
    [(1, None, False, 400), (2, 16, True, 600), (8, 14, True, 700)],
)
def test_the_kernel_bets_and_settles_as_the_core_replayed(
    decks: int, cut_card: int | None, burn: bool, coups: int
) -> None:
    config = SimConfig(
        coups=coups, decks=decks, seed=2026, cut_card=cut_card, burn=burn, side_bets=("pairs",)
    )
    shoes, bets, punto, banco = replayed(config)
    summary = pair_summary(config)
    p_totals, b_totals = summary.strategies
    assert bets > 0  # the rule bets somewhere, or the test proves nothing
    assert (p_totals.bets, b_totals.bets) == (bets, bets)
    assert (p_totals.net, b_totals.net) == (punto * SCALE, banco * SCALE)
    complete = shoes[:-1] if summary.partial else shoes
    assert summary.shoes == len(complete)
    assert summary.coups == sum(c for c, _, _ in shoes) == coups
    assert p_totals.shoe_net == Counter(p * SCALE for _, p, _ in complete)
    assert b_totals.shoe_net == Counter(b * SCALE for _, _, b in complete)


def test_the_pairs_are_played_on_the_shoes_of_the_value_strategies() -> None:
    """Same seed, same shoes: the pair run's shoes deal as many coups as the
    value strategies' shoes of the same run."""
    config = SimConfig(coups=3_000, decks=8, seed=7, cut_card=14, side_bets=("pairs",))
    flat = run_chunk(config, 0)
    summary = pair_summary(config)
    assert summary.shoes + summary.partial == flat.shoes.shape[0]
    assert summary.shoes == int(np.sum(flat.shoes[:, 4] == 1))


def test_workers_change_nothing_and_a_table_without_pairs_has_none() -> None:
    config = SimConfig(
        coups=5_000, chunk_coups=1_000, decks=8, seed=3, cut_card=14, side_bets=("pairs",)
    )
    assert pair_plays(config, workers=1) == pair_plays(config, workers=2)
    assert pair_plays(SimConfig(coups=100, seed=3)) == ()
