"""The exact-count strategies play the same with their counts planned ahead as shoe by shoe.

``run_chunk`` decides on the compositions of several shoes together (full
vector blocks, float32 with a proven bound, exact counts where it does not
decide); the reference counts each shoe alone, exactly. Every decision,
bankroll and record must be the same, for every strategy that reads the counts.
"""

from __future__ import annotations

import numpy as np
import pytest

from puntobanco.rng import derive_seed
from puntobanco.sim import engine, runner
from puntobanco.sim.runner import SimConfig, _cached_arrays, _max_shoes, _strategy_kernel
from puntobanco.sim.strategies import parse_strategy

Records = tuple[np.ndarray, np.ndarray, np.ndarray]


def play(config: SimConfig, chunk: int, plan_coups: int, gamma: float | None = None) -> Records:
    """(shoes, results, squared nets) of one chunk, counted ``plan_coups`` ahead
    (float32 trusted outside ``gamma`` when given, else outside its proven bound)."""
    a = _cached_arrays(config)
    if gamma is not None:
        a = {**a, "gamma": gamma}
    budget = config.budget(chunk)
    n_strat = len(config.strategies)
    shoes = np.zeros((_max_shoes(config, budget), 5), dtype=np.int64)
    results = np.zeros((shoes.shape[0], n_strat, 4), dtype=np.int64)
    squares = np.zeros(n_strat, dtype=np.float64)
    count = _strategy_kernel(
        a,
        np.uint64(derive_seed(config.seed, chunk)),
        budget,
        shoes,
        results,
        squares,
        np.zeros((0, 0, n_strat), dtype=np.int64),
        np.zeros((0, 0, 10), dtype=np.int64),
        plan_coups,
    )
    return shoes[:count], results[:count], squares


CASES = [
    ("standard", (), ("count", "perfect:banco", "perfect:egalite", "martingale:banco")),
    ("ez", (), ("count", "perfect:dragon_7", "perfect:panda_8", "perfect:banco")),
    ("ez", ("dragon-bonus",), ("perfect:dragon_bonus_banco", "count")),
    ("no-commission", (), ("count", "perfect:punto")),
]


@pytest.mark.parametrize(("paytable", "side_bets", "names"), CASES)
@pytest.mark.parametrize("plan_coups", [1, 300, engine.PLAN_COUPS])
def test_counts_planned_ahead_give_every_decision_of_the_shoe_by_shoe_counts(
    paytable: str, side_bets: tuple[str, ...], names: tuple[str, ...], plan_coups: int
) -> None:
    # 9,000 coups a chunk: many shoes, planning batches that end inside the
    # budget and a last shoe cut short by it.
    config = SimConfig(
        coups=18_000,
        decks=8,
        seed=2026,
        paytable=paytable,
        side_bets=side_bets,
        strategies=tuple(parse_strategy(n) for n in names),
        chunk_coups=9_000,
    )
    for chunk in range(config.chunks):
        reference = play(config, chunk, 0)
        planned = play(config, chunk, plan_coups)
        assert reference[0][:, engine.S_COUPS].sum() == config.budget(chunk)
        for ref, fast in zip(reference, planned, strict=True):
            assert np.array_equal(ref, fast)
    # The exact strategies did bet: the comparison is not between idle players.
    assert reference[1][:, 0, engine.R_BETS].sum() > 0


@pytest.mark.parametrize(("decks", "cut_card", "burn"), [(1, 16, True), (2, None, False)])
def test_small_shoes_plan_many_shoes_a_batch_and_still_play_the_same(
    decks: int, cut_card: int | None, burn: bool
) -> None:
    config = SimConfig(
        coups=5_000,
        decks=decks,
        seed=7,
        burn=burn,
        cut_card=cut_card,
        strategies=(parse_strategy("count"), parse_strategy("perfect:egalite")),
    )
    reference = play(config, 0, 0)
    for ref, fast in zip(reference, play(config, 0, engine.PLAN_COUPS), strict=True):
        assert np.array_equal(ref, fast)


@pytest.mark.parametrize(("paytable", "side_bets", "names"), CASES[1:3])
def test_a_chunk_sharing_its_counts_among_threads_keeps_every_record(
    paytable: str,
    side_bets: tuple[str, ...],
    names: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Small listings: many rounds of list, count on three threads, play.
    monkeypatch.setattr(runner, "SHARED_COUPS", 700)
    config = SimConfig(
        coups=9_000,
        decks=8,
        seed=11,
        paytable=paytable,
        side_bets=side_bets,
        strategies=tuple(parse_strategy(n) for n in names),
    )
    reference = play(config, 0, 0)
    shared = runner.run_chunk(config, 0, threads=3)
    assert np.array_equal(reference[0], shared.shoes)
    assert np.array_equal(reference[1], shared.results)
    assert np.array_equal(reference[2], shared.coup_squares)


@pytest.mark.parametrize("gamma", [-1.0, 0.001])
@pytest.mark.parametrize("names", [("count",), ("perfect:dragon_7", "perfect:panda_8")])
def test_exact_counts_where_float32_does_not_decide_keep_every_record(
    gamma: float, names: tuple[str, ...]
) -> None:
    # -1: every composition counted exactly (the method before the bound);
    # 0.001: a bound wider than the proven one, so many more are.
    config = SimConfig(
        coups=40_000,
        decks=8,
        seed=77,
        paytable="ez",
        strategies=tuple(parse_strategy(n) for n in names),
    )
    reference = play(config, 0, 0)
    for records in (play(config, 0, engine.PLAN_COUPS), play(config, 0, 300, gamma)):
        for ref, fast in zip(reference, records, strict=True):
            assert np.array_equal(ref, fast)
    assert reference[1][:, :, engine.R_BETS].sum() > 0
