"""The simulator with any paytable and side bet: the same coups as the core's ``Shoe``,
each settled by the paytable's records; the counting strategies of the side bets."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from puntobanco.errors import PuntoBancoError, ShoeExhaustedError
from puntobanco.odds.facts import analyse_table, rank_composition
from puntobanco.paytable import Facts, configuration
from puntobanco.shoe import Shoe
from puntobanco.sim import engine
from puntobanco.sim.classes import SCALE, classes, level_classes, value_wagers
from puntobanco.sim.results import Summary
from puntobanco.sim.runner import SimConfig, run_chunk
from puntobanco.sim.strategies import parse_strategy


def core_facts(decks: int, seed: int) -> list[Facts]:
    shoe = Shoe(decks, seed=seed, cut_card=16)
    shoe.burn()
    out = []
    while not shoe.finished:
        try:
            out.append(Facts.of(shoe.deal_coup()))
        except ShoeExhaustedError:
            break
    return out


@pytest.mark.parametrize("table", ["ez", "no-commission", "commission-4", "standard"])
def test_every_shoe_settles_each_bet_as_the_records_settle_the_cores_coups(table: str) -> None:
    side = ("pairs", "dragon-bonus")
    config = SimConfig(coups=400, decks=1, seed=11, paytable=table, side_bets=side)
    result = run_chunk(config, 0)
    assert result.nets is not None
    paytable = configuration(table, side)
    for j, row in enumerate(result.shoes.tolist()):
        facts = core_facts(1, config.shoe_seed(0, j))
        if not row[engine.S_COMPLETE]:
            facts = facts[: row[engine.S_COUPS]]
        assert row[engine.S_COUPS] == len(facts)
        wanted = [sum(w.price(f) for f in facts) for w in paytable.wagers]
        got = [Fraction(int(v), SCALE) for v in result.nets[j]]
        assert got == wanted


def test_summary_of_a_side_bet_run_has_every_bet_and_its_exact_expectation() -> None:
    config = SimConfig(coups=20_000, decks=8, seed=3, paytable="ez", side_bets=("pairs",))
    summary = Summary(config)
    summary.add(run_chunk(config, 0, digest=True))
    data = summary.to_json()
    assert list(data["flat"]) == list(configuration("ez", ["pairs"]).keys)
    assert abs(data["flat"]["dragon_7"]["exact_expectation"] + 0.0761133) < 1e-6
    assert sum(data["counts"].values()) == 20_000


def test_the_class_table_of_multisets_counts_the_exact_side_bets() -> None:
    from puntobanco.odds.levels import counts_by_levels

    table = configuration("ez")
    cls = classes(table, value_wagers(table))
    counts = np.array([[128] + [32] * 9, [100, 30, 29, 31, 25, 32, 32, 30, 28, 32]])
    out = counts_by_levels(counts, level_classes(table), cls.count)
    exact = analyse_table(rank_composition(8), table)
    d7 = list(value_wagers(table)).index(table.wager("dragon_7"))
    wins = sum(out[0, c] for c in range(cls.count) if cls.prices[c, d7] > 0)
    assert int(wins) == exact.wins("dragon_7")


def test_the_counting_strategies_bet_only_some_coups_and_the_side_bet_only() -> None:
    strategies = tuple(parse_strategy(s) for s in ("dragon7-count", "perfect:dragon_7", "count"))
    config = SimConfig(coups=3_000, decks=8, seed=5, paytable="ez", strategies=strategies)
    summary = Summary(config)
    summary.add(run_chunk(config, 0, digest=True))
    jacobson, perfect, count = summary.strategies
    assert 0 < jacobson.bets < 3_000 and 0 < perfect.bets < 3_000
    assert count.bets < 3_000


def test_a_strategy_on_a_bet_the_table_does_not_offer_is_refused() -> None:
    with pytest.raises(PuntoBancoError):
        SimConfig(coups=10, paytable="standard", strategies=(parse_strategy("dragon7-count"),))
    with pytest.raises(PuntoBancoError):
        parse_strategy("perfect:lucky")


def test_jacobson_count_bets_exactly_when_the_true_count_reaches_the_trigger() -> None:
    tags = {4: -1, 5: -1, 6: -1, 7: -1, 8: 2, 9: 2}
    config = SimConfig(
        coups=200, decks=8, seed=9, paytable="ez", strategies=(parse_strategy("dragon7-count:1"),)
    )
    result = run_chunk(config, 0)
    shoe = Shoe(8, seed=config.shoe_seed(0, 0), cut_card=16)
    running = tags.get(shoe.burn().turned.point, 0)
    bets = wins = 0
    while not shoe.finished:
        left = 416 - shoe.dealt
        bet = running * 52 >= 1 * left
        try:
            coup = shoe.deal_coup()
        except ShoeExhaustedError:
            break
        f = Facts.of(coup)
        if bet:
            bets += 1
            wins += configuration("ez").wager("dragon_7").price(f) > 0
        running += sum(tags.get(c.point, 0) for c in coup.cards)
    net, count, _, _ = result.results[0, 0].tolist()
    assert count == bets
    assert bets > 0 and Fraction(net, SCALE) == 41 * wins - bets
