"""Exact odds of a full shoe: ours against a plain loop, side by side.

Run: ``python bench/bench_odds.py``. The baseline enumerates every ordered
four-card start by point value (10**4 of them) and each third card, the
straightforward way; both must give the same counts. Then every bet of the
heaviest table (EZ with the pairs and the Dragon Bonus), counted by facts.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial

from figures import figure
from puntobanco.odds.exact import composition, count_outcomes, outcome_counts
from puntobanco.odds.facts import rank_composition, table_odds
from puntobanco.paytable import configuration
from puntobanco.rules import banco_draws, is_natural, punto_draws


def plain_counts(counts: Sequence[int]) -> tuple[int, int, int]:
    """Every ordered start, every third card: the obvious loop."""
    c = list(counts)
    n = sum(c)
    out = [0, 0, 0]

    def add(p: int, b: int, ways: int) -> None:
        out[0 if p > b else 1 if b > p else 2] += ways

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
                    if w4 <= 0:
                        continue
                    c[b2] -= 1
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if is_natural(pt) or is_natural(bt):
                        add(pt, bt, w4 * (n - 4) * (n - 5))
                    elif not punto_draws(pt):
                        if banco_draws(bt, None):
                            for b3 in range(10):
                                add(pt, (bt + b3) % 10, w4 * c[b3] * (n - 5))
                        else:
                            add(pt, bt, w4 * (n - 4) * (n - 5))
                    else:
                        for p3 in range(10):
                            w5 = w4 * c[p3]
                            if w5 <= 0:
                                continue
                            c[p3] -= 1
                            pt3 = (pt + p3) % 10
                            if banco_draws(bt, p3):
                                for b3 in range(10):
                                    add(pt3, (bt + b3) % 10, w5 * c[b3])
                            else:
                                add(pt3, bt, w5 * (n - 5))
                            c[p3] += 1
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return out[0], out[1], out[2]


def best_of(fn: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Print both timings for 6 and 8 decks, then every bet of the heaviest table."""
    print(f"{'shoe':<8} {'ours':>16} {'plain loop':>12} {'speed-up':>9}")
    for decks in (6, 8):
        comp = composition(decks)
        # The counts worked out, not looked up: a full shoe's are also written down
        # for the command's start-up (``FULL_SHOES``), which would time a lookup.
        assert outcome_counts(comp) == count_outcomes(comp) == plain_counts(comp)
        ours = best_of(partial(count_outcomes, comp), 10)
        plain = best_of(partial(plain_counts, comp), 2)
        print(
            f"{decks} decks  {ours * 1000:>13.1f} ms {plain * 1000:>9.1f} ms {plain / ours:>8.1f}x"
        )
        figure(f"odds.exact_{decks}_decks_ms", ours * 1000, "ms", f"{decks} decks, ours")
        figure(f"odds.plain_{decks}_decks_ms", plain * 1000, "ms", f"{decks} decks, plain loop")
        figure(f"odds.speedup_{decks}_decks", plain / ours, "x", f"{decks} decks, speed-up")
    heavy = configuration("ez", ["pairs", "dragon-bonus"])
    seconds = best_of(partial(table_odds, rank_composition(8), heavy), 3)
    print(f"\n8 decks, every bet of ez with pairs and dragon-bonus: {seconds * 1000:.0f} ms")
    label = "8 decks, every bet of ez with pairs and dragon-bonus"
    figure("odds.heavy_8_decks_ms", seconds * 1000, "ms", label)


if __name__ == "__main__":
    main()
