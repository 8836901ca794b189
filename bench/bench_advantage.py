"""The advantage player's exact analyses of 8 decks: their figures and how long each takes.

Run: ``python bench/bench_advantage.py [--repeat 3]``. Each analysis is timed on a
full 8-deck shoe (pure Python, one core), for the standard paytable and for the
heaviest configuration (EZ with pairs and the Dragon Bonus: every class of coup
the records tell apart), with the figure the analysis publishes beside it.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from figures import figure
from puntobanco.odds.edgesort import DEFAULT_HIGH, best_grouping, edge_sort
from puntobanco.odds.facts import rank_composition
from puntobanco.odds.known import known_card
from puntobanco.odds.removal import effects_by_rank
from puntobanco.paytable import STANDARD, Paytable, configuration

T = TypeVar("T")


def timed(call: Callable[[], T], repeat: int) -> tuple[T, float]:
    """(the result, the best of ``repeat`` wall-clock times in seconds)."""
    best = float("inf")
    result: T
    for _ in range(repeat):
        start = time.perf_counter()
        result = call()
        best = min(best, time.perf_counter() - start)
    return result, best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    ranks = rank_composition(8)
    heavy = configuration("ez", ["pairs", "dragon-bonus"])
    tables: tuple[tuple[str, str, Paytable], ...] = (
        ("standard", "standard", STANDARD),
        ("ez+pairs+dragon-bonus", "heavy", heavy),
    )
    print(f"{'analysis, 8 decks, one core':<52}{'figure':>14}{'seconds':>10}")
    for label, short, paytable in tables:
        slowest_known = 0.0
        for position in range(1, 7):
            known, seconds = timed(partial(known_card, ranks, position, paytable), args.repeat)
            name = f"known card {position}, {label}"
            print(f"{name:<52}{float(known.edge) * 100:>13.3f}%{seconds:>10.2f}")
            slowest_known = max(slowest_known, seconds)
        figure(f"advantage.known_{short}_s", slowest_known, "s", f"known card, slowest, {label}")
        sort, seconds = timed(partial(edge_sort, ranks, DEFAULT_HIGH, paytable), args.repeat)
        name = f"edge sort 6-9, {label}"
        print(f"{name:<52}{float(sort.edge) * 100:>13.3f}%{seconds:>10.2f}")
        figure(f"advantage.edge_sort_{short}_s", seconds, "s", name)
        best, seconds = timed(partial(best_grouping, ranks, paytable), args.repeat)
        name = f"best grouping ({''.join(map(str, sorted(best.high)))}), {label}"
        print(f"{name:<52}{float(best.edge) * 100:>13.3f}%{seconds:>10.2f}")
        figure(f"advantage.best_grouping_{short}_s", seconds, "s", name)
        effects, seconds = timed(partial(effects_by_rank, 8, paytable), args.repeat)
        four = effects.probability[3]
        assert four is not None
        name = f"effects by rank (a 4, Punto's chance), {label}"
        print(f"{name:<52}{float(four['punto']) * 1e6:>13.4f}e-6{seconds:>7.2f}")
        figure(f"advantage.effects_by_rank_{short}_s", seconds, "s", f"effects by rank, {label}")
    commands(args.repeat)


def commands(repeat: int) -> None:
    """Whole commands, start-up included (the heaviest table)."""
    import subprocess
    import sys

    side = ["--paytable", "ez", "--side-bets", "pairs,dragon-bonus"]
    print(f"\n{'puntobanco command, 8 decks':<64}{'seconds':>10}")
    for key, args in (
        ("known_card", ["--known-card", "6"]),
        ("edge_sort", ["--edge-sort"]),
        ("effects_by_rank", ["--effects", "--by-rank"]),
    ):
        argv = [sys.executable, "-m", "puntobanco", "odds", *args, *side]
        _, seconds = timed(partial(subprocess.run, argv, check=True, capture_output=True), repeat)
        command = " ".join(["odds", *args, *side])
        print(f"{command:<64}{seconds:>10.2f}")
        figure(f"advantage.command_{key}_s", seconds, "s", f"puntobanco {command}")


if __name__ == "__main__":
    main()
