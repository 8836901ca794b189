"""Counting the Dragon 7 through real shoes: Jacobson's count at each trigger, the perfect count.

Every strategy plays the same shoes (8 decks, burn, cut card 16 cards from the end,
dealt to the cut card as the casino table deals them): Eliot Jacobson's count
(``dragon7-count:T``: tags 4-7 = -1, 8 and 9 = +2, bet when the running count
per deck left is at least T) for T = 0..8, and the perfect count
(``perfect:dragon_7``: bet only when the exact edge of the cards not yet seen is
positive). For each: the share of coups bet, and the player's edge when betting
(mean net per unit bet, with its standard error). Writes the plot with ``--plot``.

    python bench/study_dragon7.py --coups 2e7 --plot docs/dragon7-study.png
"""

from __future__ import annotations

import argparse
import math
import time

from puntobanco.sim.config import SCALE
from puntobanco.sim.results import Summary
from puntobanco.sim.runner import SimConfig, default_workers, run_local
from puntobanco.sim.strategies import parse_strategy

TRIGGERS = range(0, 9)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--coups", type=float, default=2e6)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--plot", default=None)
    args = parser.parse_args()
    names = [f"dragon7-count:{t}" for t in TRIGGERS] + ["perfect:dragon_7"]
    config = SimConfig(
        coups=int(args.coups),
        decks=8,
        seed=args.seed,
        paytable="ez",
        strategies=tuple(parse_strategy(n) for n in names),
    )
    summary = Summary(config)
    start = time.perf_counter()
    assert run_local(config, summary.add, workers=default_workers())
    seconds = time.perf_counter() - start
    print(
        f"{summary.coups:,} coups, {summary.shoes:,} shoes, seed {args.seed}, "
        f"{seconds:.0f} s ({summary.coups / seconds:,.0f} coups/s)"
    )
    print()
    print("| strategy | share of coups bet | bets per shoe | edge when betting | ± 1 s.e. |")
    print("|---|---|---|---|---|")
    rows = []
    for name, totals in zip(names, summary.strategies, strict=True):
        bets = max(totals.bets, 1)
        mean = totals.net / SCALE / bets
        var = max(totals.squares / SCALE**2 / bets - mean * mean, 0.0)
        se = math.sqrt(var / bets)
        share = totals.bets / summary.coups
        per_shoe = totals.bets / max(summary.shoes + summary.partial, 1)
        rows.append((name, share, mean, se))
        print(
            f"| `{name}` | {share * 100:.2f} % | {per_shoe:.2f} | {mean * 100:+.2f} % "
            f"| {se * 100:.2f} % |"
        )
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
        counted = rows[:-1]
        perfect = rows[-1]
        xs = list(TRIGGERS)
        left.errorbar(
            xs, [r[2] * 100 for r in counted], yerr=[r[3] * 100 for r in counted], fmt="o-",
            label="Jacobson count, bet at true count >= T",
        )  # fmt: skip
        left.axhline(perfect[2] * 100, color="C3", label="perfect count")
        left.axhline(-7.6113, color="grey", linestyle=":", label="off the top (-7.61 %)")
        left.set_xlabel("trigger T (true count)")
        left.set_ylabel("player's edge when betting (%)")
        left.legend(fontsize=8)
        right.plot(xs, [r[1] * 100 for r in counted], "o-", label="Jacobson count")
        right.axhline(perfect[1] * 100, color="C3", label="perfect count")
        right.set_xlabel("trigger T (true count)")
        right.set_ylabel("share of coups bet (%)")
        right.legend(fontsize=8)
        fig.suptitle(f"Dragon 7 (EZ Baccarat, 8 decks, cut card 16): {summary.coups:,} coups")
        fig.tight_layout()
        fig.savefig(args.plot, dpi=110)
        print(f"\nwritten: {args.plot}")


if __name__ == "__main__":
    main()
