"""Paytables and side bets at speed, each figure beside its baseline in the same run.

1. Batched exact counts per composition, one core: the counts by coup length
   (``counts_by_levels``, 64 compositions side by side) for the main bets, for
   EZ with its Dragon 7 and Panda 8, and for EZ with the Dragon Bonus too;
   beside the six-card float64 kernel on the same tables (the method before)
   and the int64 kernel, one composition at a time; the last column is each
   figure against the faster main-bets figure of the same run.
2. ``simulate`` flat bets, one core: the standard table (pipelined kernel)
   beside every paytable with every side bet (the classes kernel).
3. The exact-count strategies (``count``, ``perfect:dragon_7``) and Jacobson's
   Dragon 7 count on every core (four chunks per core, threads of the runner),
   beside the int64 kernel's rate of one exact analysis per coup on one core.
4. The exact-count strategies before and after their decisions were read
   from float32 counts with a proven bound (``sim.decisions``): every
   composition counted exactly in float64 (before, ``gamma`` < 0) beside
   float32 with exact counts only where the bound does not decide (now); the
   decisions alone per composition on one core (CPU time, with the share
   counted exactly), the chunks' kernels alone on every core, the whole
   runner on every core, and one chunk shared among every core.

    python bench/bench_paytables.py [--quick] [--counts-only] [--strategies-only]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import numpy as np

from figures import figure
from puntobanco.odds.bounded import relative_bound
from puntobanco.odds.levels import counts_by_levels, main_levels
from puntobanco.paytable import PAYTABLES, configuration
from puntobanco.rng import derive_seed
from puntobanco.sim import engine, runner
from puntobanco.sim.classes import level_classes
from puntobanco.sim.decisions import decide_rows
from puntobanco.sim.results import Summary
from puntobanco.sim.runner import (
    SimConfig,
    _cached_arrays,
    _max_shoes,
    _strategy_kernel,
    default_workers,
    run_chunk,
    run_local,
    trace,
    warm_up,
)
from puntobanco.sim.strategies import parse_strategy
from six_card import counts_many_f64, multiset_classes, multiset_table, outcome_counts_batch_int

SIDE = ("pairs", "dragon-bonus")


def compositions(count: int) -> np.ndarray[Any, Any]:
    """``count`` compositions met along simulated 8-deck shoes."""
    traced = trace(SimConfig(coups=10**6, decks=8, seed=3), count // 60 + 1)
    stacked = np.concatenate(
        [traced.unseen[s, : traced.coups[s]] for s in range(len(traced.coups))]
    )
    return np.ascontiguousarray(stacked[:count])


def best_of(fn: Any, repeat: int = 5) -> float:
    """The least CPU time of ``repeat`` runs (the shared machine's wall clock drifts)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def exact_everywhere() -> None:
    """Make every run count every composition exactly (the method before): the
    runner's tables get a negative bound (``decisions.decide_rows``)."""
    setattr(runner, "relative_bound", lambda levels: -1.0)  # noqa: B010 - a test double
    runner._ARRAYS.clear()


def bounded_again() -> None:
    """Undo ``exact_everywhere``: the proven bound of the tables."""
    setattr(runner, "relative_bound", relative_bound)  # noqa: B010 - restored
    runner._ARRAYS.clear()


def rate(config: SimConfig, workers: int) -> float:
    """Coups per second of ``run_local`` on ``workers`` threads, the best of two runs
    after a first one untimed: the kernels ``warm_up`` compiles for its one-coup
    chunk are not all a run's (the threads' own, the run's tables), and loading
    them inside the timing made a short run look several times slower."""
    warm_up(config)
    best = float("inf")
    for run in range(3):
        summary = Summary(config)
        start = time.perf_counter()
        assert run_local(config, summary.add, workers=workers)
        if run:
            best = min(best, time.perf_counter() - start)
    return config.coups / best


def kernel_rate(config: SimConfig, workers: int, plan_coups: int) -> float:
    """Coups per second of the strategy kernel alone over every chunk of
    ``config`` on ``workers`` threads (``plan_coups=0``: shoe by shoe)."""
    a = _cached_arrays(config)
    n = len(config.strategies)

    def chunk(k: int) -> int:
        budget = config.budget(k)
        rows = np.zeros((_max_shoes(config, budget), 5), dtype=np.int64)
        return _strategy_kernel(
            a,
            np.uint64(derive_seed(config.seed, k)),
            budget,
            rows,
            np.zeros((rows.shape[0], n, 4), dtype=np.int64),
            np.zeros(n),
            np.zeros((0, 0, n), dtype=np.int64),
            np.zeros((0, 0, 10), dtype=np.int64),
            plan_coups,
        )

    chunk(0)
    best = float("inf")
    for _ in range(3):  # the best of three: the shared machine's load comes and goes
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=workers) as pool:
            list(pool.map(chunk, range(config.chunks)))
        best = min(best, time.perf_counter() - start)
    return config.coups / best


def one_chunk_rate(config: SimConfig, threads: int) -> float:
    """Coups per second of one chunk played by ``runner.run_chunk`` (the best of three)."""
    run_chunk(replace(config, coups=1000), 0, threads=threads)
    _cached_arrays(config)  # the run's tables, built once, outside the timing
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run_chunk(config, 0, threads=threads)
        best = min(best, time.perf_counter() - start)
    return config.coups / best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    parser.add_argument("--counts-only", action="store_true", help="the batched counts only")
    parser.add_argument(
        "--strategies-only", action="store_true", help="the batched counts and sections 3, 4"
    )
    args = parser.parse_args()
    scale = 1 if args.quick else 4
    cores = default_workers()
    rows = compositions(5_000)
    print(f"cores: {cores}, load average at the start: {open('/proc/loadavg').read().split()[0]}")
    print(f"\n{'batched exact counts, one composition, 1 core':<52} {'time':>10}")
    outcome_counts_batch_int(rows[:2])
    base = best_of(lambda: outcome_counts_batch_int(rows)) / len(rows)
    print(f"{'baseline: int64 kernel, one at a time (main bets)':<52} {base * 1e6:>7.2f} µs")
    figure("paytables.int64_us", base * 1e6, "µs", "int64 kernel, one composition at a time")
    ez, ezdb = configuration("ez"), configuration("ez", ["dragon-bonus"])
    tables = [
        ("main bets (standard)", "main", multiset_table()[3].astype(np.float64), main_levels()),
        ("ez: + Dragon 7, Panda 8", "ez", multiset_classes(ez), level_classes(ez)),
        ("ez + dragon-bonus", "ez_dragon_bonus", multiset_classes(ezdb), level_classes(ezdb)),
    ]
    main = 0.0
    for name, key, table, levels in tables:
        k = table.shape[1]
        out = np.zeros((len(rows), k))
        counts_many_f64(rows, table, out)
        assert (counts_by_levels(rows, levels, k) == out).all()
        six = best_of(lambda o=out, tb=table: counts_many_f64(rows, tb, o)) / len(rows)
        by_length = best_of(lambda lv=levels, k=k: counts_by_levels(rows, lv, k)) / len(rows)
        main = main or min(six, by_length)
        label = f"{name} ({k} classes): six-card kernel"
        print(f"{label:<52} {six * 1e6:>7.2f} µs   {base / six:>5.1f}x   {six / main:>5.2f}x main")
        label = f"{name}: by coup length"
        print(
            f"{label:<52} {by_length * 1e6:>7.2f} µs   {base / by_length:>5.1f}x"
            f"   {by_length / main:>5.2f}x main"
        )
        figure(f"paytables.{key}_six_us", six * 1e6, "µs", f"{name}, six-card kernel")
        figure(f"paytables.{key}_length_us", by_length * 1e6, "µs", f"{name}, by coup length")
    if args.counts_only:
        return
    if not args.strategies_only:
        coups = 5_000_000 * scale
        print(f"\n{'simulate, flat bets, 1 core':<52} {'coups/s':>12}")
        flat = rate(SimConfig(coups=coups, decks=8, seed=1), 1)
        print(f"{'baseline: standard (pipelined kernel)':<52} {flat:>12,.0f}")
        figure("paytables.flat_standard", flat, "coups/s", "flat bets, standard, 1 core")
        for name in PAYTABLES:
            r = rate(SimConfig(coups=coups, decks=8, seed=1, paytable=name, side_bets=SIDE), 1)
            label = f"{name} + pairs + dragon-bonus (classes kernel)"
            print(f"{label:<52} {r:>12,.0f}   {r / flat:>5.2f}x")
            key = f"paytables.flat_{name.replace('-', '_')}_side_bets"
            figure(key, r, "coups/s", f"flat bets, {label}, 1 core")
            figure(f"{key}_ratio", r / flat, "x", f"{label}, against the standard table")
    print(f"\n{f'exact-count strategies, {cores} cores':<52} {'coups/s':>12}")
    print(f"{'baseline: one int64 analysis per coup, 1 core':<52} {1 / base:>12,.0f}")
    for strategy in ("count", "perfect:dragon_7", "dragon7-count"):
        n = (250_000 if strategy != "dragon7-count" else 5_000_000) * scale
        config = SimConfig(  # chunks enough for every core (simulate --chunk)
            coups=n,
            decks=8,
            seed=1,
            paytable="ez",
            strategies=(parse_strategy(strategy),),
            chunk_coups=-(-n // (4 * cores)),
        )
        r = rate(config, cores)
        print(f"{strategy:<52} {r:>12,.0f}   {r * base:>5.1f}x")
        key = strategy.replace(":", "_").replace("-", "_")
        figure(f"paytables.{key}_all", r, "coups/s", f"{strategy}, ez, {cores} cores")
    title = "exact-count strategies: all exact -> float32 bound"
    print(f"\n{title:<52} {'before':>12}    {'now':>12}")
    for strategy in ("count", "perfect:dragon_7"):
        n = 250_000 * scale
        config = SimConfig(
            coups=n,
            decks=8,
            seed=1,
            paytable="ez",
            strategies=(parse_strategy(strategy),),
            chunk_coups=-(-n // (4 * cores)),
        )
        before, after, exact = decision_times(_cached_arrays(config), compositions(8192))
        label = f"{strategy}: decisions, a composition, 1 core"
        print(
            f"{label:<52} {before * 1e6:>9.2f} µs -> {after * 1e6:>9.2f} µs"
            f"   {before / after:>5.2f}x   ({exact:.2%} counted exactly)"
        )
        key = strategy.replace(":", "_")
        figure(f"paytables.{key}_decisions_exact_us", before * 1e6, "µs", f"{label}, all exact")
        figure(f"paytables.{key}_decisions_us", after * 1e6, "µs", f"{label}, float32 bound")
        figure(f"paytables.{key}_counted_exactly", exact * 100, "%", f"{strategy}: counted exactly")
        single = replace(config, chunk_coups=n)
        measures: list[tuple[str, SimConfig, Any]] = [
            (f"kernels, {cores} cores", config, lambda c: kernel_rate(c, cores, engine.PLAN_COUPS)),
            (f"runner, {cores} cores", config, lambda c: rate(c, cores)),
            (f"one chunk, {cores} cores", single, lambda c: one_chunk_rate(c, cores)),
        ]
        for name, chosen, measure in measures:
            exact_everywhere()
            slow = measure(chosen)
            bounded_again()
            fast = measure(chosen)
            label = f"{strategy}: {name} (coups/s)"
            print(f"{label:<52} {slow:>12,.0f} -> {fast:>12,.0f}   {fast / slow:>5.2f}x")
            part = name.split(",")[0].replace(" ", "_")
            figure(f"paytables.{key}_{part}_exact", slow, "coups/s", f"{label}, all exact")
            figure(f"paytables.{key}_{part}", fast, "coups/s", f"{label}, float32 bound")


def decision_times(a: dict[str, Any], rows: np.ndarray[Any, Any]) -> tuple[float, float, float]:
    """(CPU seconds a composition, every one exact; the same with the bound;
    share counted exactly with the bound) of ``decide_rows`` on ``rows``."""
    val = np.zeros((len(rows), a["epay"].shape[1]), dtype=np.int64)

    def decide(gamma: float) -> int:
        levels32, levels, epay = a["levels32"], a["levels"], a["epay"]
        return int(decide_rows(rows, 0, len(rows), levels32, gamma, levels, epay, val))

    decide(-1.0)
    exact = decide(a["gamma"])
    before = best_of(lambda: decide(-1.0)) / len(rows)
    after = best_of(lambda: decide(a["gamma"])) / len(rows)
    return before, after, exact / len(rows)


if __name__ == "__main__":
    main()
