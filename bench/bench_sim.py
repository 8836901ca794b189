"""The simulator and the batched exact analysis, side by side with their baselines.

Run: ``python bench/bench_sim.py`` (add ``--quick`` for a short run, ``--command``
to also time ``puntobanco simulate --coups 1e9 --decks 8 --json`` as a whole).

Prints, in coups per second: the pure-Python table engine (the core's
``Shoe.burn()`` + ``Shoe.deal_coup()`` loop), the simulator's floor (``floor.py``:
the tightest loop that shuffles and deals the same shoes, and nothing else), the
fast simulator on one core and on every core (flat bets on the three chances,
with their ratio to the floor, then betting systems), and the exact analysis per
composition: batched (numba) against the core's pure Python ``outcome_counts``
and against a plain compiled loop over every ordered four-card start. Figures
depend on what else the machine is doing, so each fast run is repeated
(``--repeat``, 3 by default) and the median and the best are printed;
``--command`` times the whole command as many times, and a first run that
compiles every kernel (an empty cache) beside the next one.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import floor
from figures import figure
from puntobanco.jit import numba
from puntobanco.odds import outcome_counts
from puntobanco.odds.batch import outcome_counts_batch
from puntobanco.shoe import Shoe
from puntobanco.sim.results import Summary
from puntobanco.sim.runner import SimConfig, default_workers, run_local, trace, warm_up
from puntobanco.sim.strategies import parse_strategy
from puntobanco.tableau import tables

SYSTEMS = ("martingale", "paroli", "dalembert", "fibonacci", "1326", "labouchere")


def python_engine(seconds: float) -> float:
    """Coups per second of the core's own table engine, dealing whole 8-deck shoes."""
    coups = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        shoe = Shoe(8, seed=seed, cut_card=16)
        shoe.burn()
        while not shoe.finished:
            shoe.deal_coup()
            coups += 1
        seed += 1
    return coups / (time.perf_counter() - start)


def fast(coups: int, workers: int, strategies: tuple[str, ...] = ()) -> float:
    """Coups per second of the compiled simulator (compilation excluded)."""
    config = SimConfig(
        coups=coups, decks=8, seed=1, strategies=tuple(parse_strategy(s) for s in strategies)
    )
    warm_up(config)
    summary = Summary(config)
    start = time.perf_counter()
    assert run_local(config, summary.add, workers=workers)
    elapsed = time.perf_counter() - start
    assert summary.coups == coups
    return coups / elapsed


@numba.njit(cache=True)
def plain_compiled(c: Any, natural: Any, punto: Any, banco: Any) -> tuple[int, int, int]:
    """Every ordered four-card start, every third card: the obvious loop, compiled."""
    out = np.zeros(3, np.int64)
    n = c.sum()
    for p1 in range(10):
        w1 = c[p1]
        c[p1] -= 1
        for b1 in range(10):
            w2 = w1 * c[b1]
            c[b1] -= 1
            for p2 in range(10):
                w3 = w2 * c[p2]
                c[p2] -= 1
                for b2 in range(10):
                    w4 = w3 * c[b2]
                    if w4 > 0:
                        c[b2] -= 1
                        pt = (p1 + p2) % 10
                        bt = (b1 + b2) % 10
                        if natural[pt] or natural[bt] or not (punto[pt] or banco[bt, 10]):
                            k = 0 if pt > bt else (1 if bt > pt else 2)
                            out[k] += w4 * (n - 4) * (n - 5)
                        elif not punto[pt]:
                            for b3 in range(10):
                                t = (bt + b3) % 10
                                k = 0 if pt > t else (1 if t > pt else 2)
                                out[k] += w4 * c[b3] * (n - 5)
                        else:
                            for p3 in range(10):
                                w5 = w4 * c[p3]
                                if w5 > 0:
                                    c[p3] -= 1
                                    q = (pt + p3) % 10
                                    if banco[bt, p3]:
                                        for b3 in range(10):
                                            t = (bt + b3) % 10
                                            k = 0 if q > t else (1 if t > q else 2)
                                            out[k] += w5 * c[b3]
                                    else:
                                        k = 0 if q > bt else (1 if bt > q else 2)
                                        out[k] += w5 * (n - 5)
                                    c[p3] += 1
                        c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return out[0], out[1], out[2]


def compositions(count: int) -> np.ndarray[Any, Any]:
    """``count`` compositions met along simulated 8-deck shoes: the unseen cards
    before every coup of the first shoes of a run (``sim.runner.trace``)."""
    config = SimConfig(coups=10**9, decks=8, seed=2026, strategies=(parse_strategy("flat"),))
    traced = trace(config, count // 60 + 1)
    rows = [traced.unseen[s, : traced.coups[s]] for s in range(len(traced.coups))]
    stacked = np.concatenate(rows)
    assert len(stacked) >= count
    return np.ascontiguousarray(stacked[:count])


def per_call(fn: Callable[[], object], repeat: int) -> float:
    """Best time of ``repeat`` calls, seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def exact_figures(batch: int) -> tuple[float, float, float]:
    """(batched, pure Python, plain compiled) seconds per composition."""
    rows = compositions(batch)
    outcome_counts_batch(rows[:2])
    batched = per_call(lambda: outcome_counts_batch(rows), 3) / batch
    sample = rows[:20]
    start = time.perf_counter()
    for row in sample:
        outcome_counts(row.tolist())
    python = (time.perf_counter() - start) / len(sample)
    natural, punto, banco = (a.astype(np.bool_) for a in tables())
    plain_compiled(rows[0].copy(), natural, punto, banco)
    start = time.perf_counter()
    for row in sample:
        plain_compiled(row.copy(), natural, punto, banco)
    plain = (time.perf_counter() - start) / len(sample)
    got = outcome_counts_batch(sample)
    for row, counts in zip(sample, got, strict=True):
        assert tuple(counts.tolist()) == outcome_counts(row.tolist())
        assert plain_compiled(row.copy(), natural, punto, banco) == tuple(counts.tolist())
    return batched, python, plain


def repeated(measure: Callable[[], float], times: int) -> tuple[float, float]:
    """(median, best) of ``times`` measurements, largest best."""
    values = sorted(measure() for _ in range(times))
    return values[len(values) // 2], values[-1]


def whole_command() -> float:
    """Seconds of ``puntobanco simulate --coups 1e9 --decks 8 --json``, start-up included."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "puntobanco", "simulate", "--coups", "1e9", "--decks", "8"]
        + ["--json", "--seed", "1"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def compiling_run() -> tuple[float, float]:
    """Seconds of ``puntobanco simulate --coups 1000 --decks 8 --json`` with an empty
    kernel cache (everything compiled), then of the same run once it is cached."""
    argv = [sys.executable, "-m", "puntobanco", "simulate", "--coups", "1000", "--json"]
    times = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, PUNTOBANCO_CACHE_DIR=cache)
        env.pop("NUMBA_CACHE_DIR", None)  # set by puntobanco.jit for this process
        for _ in range(2):
            start = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
            times.append(time.perf_counter() - start)
    return times[0], times[1]


def main() -> None:
    """Print every figure, side by side."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    parser.add_argument("--command", action="store_true", help="also time the 1e9 command")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each fast figure")
    args = parser.parse_args()
    scale = 1 if args.quick else 4
    cores = default_workers()
    print(f"cores: {cores}")
    print(f"{'engine':<44} {'coups/s median':>14} {'best':>14}")
    base = python_engine(1.0 * scale / 2)
    print(f"{'pure-Python table engine (Shoe.deal_coup)':<44} {base:>14,.0f}")
    figure("sim.python_engine", base, "coups/s", "pure-Python table engine")
    floors = {}
    for workers, key in ((1, "1"), (cores, "all")):
        shoes = 150_000 * scale // 4
        cores_text = f"{workers} core{'s' if workers > 1 else ''}"
        found = [floor.rates(shoes, workers) for _ in range(args.repeat)]
        floors[key] = max(f[0] for f in found)
        straight = max(f[1] for f in found)
        name = f"floor: shuffling alone, {cores_text}"
        print(f"{name:<44} {floors[key]:>14,.0f}")
        figure(f"sim.floor_{key}", floors[key], "coups/s", name)
        name = f"straight shuffle-then-deal loop, {cores_text}"
        print(f"{name:<44} {straight:>14,.0f}")
        figure(f"sim.straight_{key}", straight, "coups/s", name)
    shoe_us = min(floor.run(100_000, 1, deal=False)[1] for _ in range(args.repeat)) * 10
    whole_us = min(floor.run(100_000, 1)[1] for _ in range(args.repeat)) * 10
    print(f"{'floor: shuffling an 8-deck shoe, 1 core':<44} {shoe_us:>11.2f} µs")
    print(f"{'straight loop: dealing its coups, 1 core':<44} {whole_us - shoe_us:>11.2f} µs")
    figure("sim.shuffle_us", shoe_us, "µs", "shuffling an 8-deck shoe, 1 core")
    figure("sim.deal_us", whole_us - shoe_us, "µs", "dealing its coups after it, 1 core")
    rows = [
        ("fast, flat bets, 1 core", "flat_1", 50_000_000, 1, ()),
        (f"fast, flat bets, {cores} cores", "flat_all", 100_000_000, cores, ()),
        ("fast, martingale:banco, 1 core", "martingale_1", 10_000_000, 1, ("martingale:banco",)),
        (
            f"fast, martingale:banco, {cores} cores",
            "martingale_all",
            20_000_000,
            cores,
            ("martingale:banco",),
        ),
        ("fast, follow, 1 core", "follow_1", 10_000_000, 1, ("follow",)),
        (f"fast, follow, {cores} cores", "follow_all", 20_000_000, cores, ("follow",)),
        (f"fast, 6 systems at once, {cores} cores", "systems_all", 10_000_000, cores, SYSTEMS),
        ("fast, count (exact edge every coup), 1 core", "count_1", 50_000, 1, ("count",)),
    ]
    for name, key, coups, workers, strategies in rows:
        count = args.repeat if coups >= 10**6 else 1

        def measure(c: int = coups, w: int = workers, s: tuple[str, ...] = strategies) -> float:
            return fast(c * scale, w, s)

        median, best = repeated(measure, count)
        print(f"{name:<44} {median:>14,.0f} {best:>14,.0f}   {median / base:>7.0f}x")
        figure(f"sim.{key}", median, "coups/s", f"{name}, median")
        if key.startswith("flat_"):
            against = floors[key.removeprefix("flat_")]
            print(f"{'  its share of the floor':<44} {median / against:>14.2f}")
            figure(f"sim.{key}_vs_floor", median / against, "x", f"{name}, share of the floor")
        if key == "flat_1":
            chunk = 2**20 / median * 1000
            figure("sim.chunk_ms", chunk, "ms", "a chunk of 2^20 flat coups, 1 core")
    batch = 10_000
    batched, python, plain = exact_figures(batch)
    print()
    print(f"{'exact analysis, one composition':<44} {'time':>14}")
    print(f"{f'batched (numba), batch of {batch:,}, 1 core':<44} {batched * 1e6:>11.1f} µs")
    print(f"{'pure Python (odds.exact.outcome_counts)':<44} {python * 1e6:>11.1f} µs")
    print(f"{'plain compiled loop over ordered starts':<44} {plain * 1e6:>11.1f} µs")
    figure("sim.batched_us", batched * 1e6, "µs", f"batched exact analysis, batch of {batch:,}")
    figure("sim.python_us", python * 1e6, "µs", "pure-Python exact analysis")
    figure("sim.plain_us", plain * 1e6, "µs", "plain compiled loop over ordered starts")
    if args.command:
        times = sorted(whole_command() for _ in range(args.repeat))
        print()
        runs = ", ".join(f"{t:.1f}" for t in times)
        median = times[len(times) // 2]
        print(f"puntobanco simulate --coups 1e9 --decks 8 --json: median {median:.1f} s ({runs})")
        figure("sim.command_1e9_s", median, "s", "simulate --coups 1e9 --decks 8, median")
        first, cached = compiling_run()
        print(f"puntobanco simulate --coups 1000: {first:.1f} s compiling, then {cached:.2f} s")
        figure("sim.first_run_s", first, "s", "simulate --coups 1000, kernels compiled")
        figure("sim.cached_run_s", cached, "s", "simulate --coups 1000, kernels cached")


if __name__ == "__main__":
    main()
