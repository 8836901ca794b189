"""The exact-count strategies through the runner, to compare two checkouts side by side.

Only the public runner is used, so the same file measures any version of the
package: run it alternately against this checkout and another one (its
``src`` first on ``PYTHONPATH``, its own compile cache), several rounds, and
compare the medians and the best of each; the load average is printed
before and after every round, since the machine is shared.

    python bench/bench_count_ab.py --label now
    PYTHONPATH=/tmp/base/src PUNTOBANCO_CACHE_DIR=/tmp/base-cache \\
        python bench/bench_count_ab.py --label before
"""

from __future__ import annotations

import argparse
import time

import puntobanco
from puntobanco.sim.results import Summary
from puntobanco.sim.runner import SimConfig, default_workers, run_local, warm_up
from puntobanco.sim.strategies import parse_strategy


def load() -> str:
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def rate(strategy: str, coups: int, workers: int) -> tuple[float, float]:
    """(coups per second, CPU seconds a coup over every thread) of ``simulate
    --strategy`` on EZ, 8 decks, seed 1, four chunks a core. The second
    figure is what each coup costs a core whatever else the machine runs:
    ``workers`` free cores play ``workers`` / it coups a second."""
    config = SimConfig(
        coups=coups,
        decks=8,
        seed=1,
        paytable="ez",
        strategies=(parse_strategy(strategy),),
        chunk_coups=-(-coups // (4 * workers)),
    )
    warm_up(config)
    summary = Summary(config)
    start = time.perf_counter()
    cpu = time.process_time()
    assert run_local(config, summary.add, workers=workers)
    return coups / (time.perf_counter() - start), (time.process_time() - cpu) / coups


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--label", default="this checkout")
    parser.add_argument("--coups", type=int, default=1_000_000)
    args = parser.parse_args()
    workers = default_workers()
    print(f"{args.label}: {puntobanco.__file__}, {workers} cores")
    for strategy in ("count", "perfect:dragon_7"):
        before = load()
        r, cpu = rate(strategy, args.coups, workers)
        print(
            f"{args.label:<12} {strategy:<18} {r:>12,.0f} coups/s   {cpu * 1e6:5.2f} µs CPU a coup"
            f"   load {before} -> {load()}"
        )


if __name__ == "__main__":
    main()
