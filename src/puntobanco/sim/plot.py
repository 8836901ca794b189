"""One PNG of a run: sample bankroll paths, final bankrolls, the exact edge along a shoe.

Needs the ``plot`` extra (matplotlib); drawn off-screen (Agg).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from puntobanco.coup import Outcome
from puntobanco.explain import outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.odds.batch import expectations_batch
from puntobanco.sim.results import Summary
from puntobanco.sim.runner import SCALE, SimConfig, trace
from puntobanco.sim.strategies import Limits, parse_strategy

SAMPLE_SHOES = 12


def plot(summary: Summary, path: str | Path, lang: Lang = "en") -> None:
    """Draw the run of ``summary`` into ``path`` (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    config = summary.config
    strategies = config.strategies or tuple(
        parse_strategy(f"flat:{box.value}", Limits(maximum=1, bankroll=10**6))
        for box in (Outcome.PUNTO, Outcome.BANCO)
    )
    traced = trace(
        SimConfig(
            coups=config.coups,
            decks=config.decks,
            seed=config.seed,
            burn=config.burn,
            cut_card=config.cut_card,
            paytable=config.paytable,
            strategies=strategies,
            chunk_coups=config.chunk_coups,
        ),
        SAMPLE_SHOES,
    )
    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(16, 4.8))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for i, s in enumerate(strategies):
        colour = colours[i % len(colours)]
        start = s.limits.bankroll
        for shoe in range(traced.bank.shape[0]):
            k = int(traced.coups[shoe])
            steps = traced.bank[shoe, :k, i] / SCALE
            if config.strategies:
                values = np.concatenate([[start], steps])
            else:  # flat lines without a bankroll: show the running result
                values = np.concatenate([[0.0], steps - start])
            left.plot(values, color=colour, alpha=0.55, lw=1, label=s.name if shoe == 0 else None)
    left.set_title(t("sim.plot.paths", lang))
    left.set_xlabel(t("sim.plot.coup", lang))
    left.set_ylabel(t("sim.plot.bankroll", lang))
    left.legend(fontsize=8)

    rows = (
        [
            (s.name, s.limits.bankroll, tot)
            for s, tot in zip(config.strategies, summary.strategies, strict=True)
        ]
        if config.strategies
        else [(f"flat:{b.value}", 0, summary.flat[i]) for i, b in enumerate(Outcome)][:2]
    )
    for i, (name, bankroll, totals) in enumerate(rows):
        if not totals.shoe_net:
            continue
        values = np.array(sorted(totals.shoe_net), dtype=np.float64)
        weights = np.array([totals.shoe_net[int(v)] for v in values], dtype=np.float64)
        middle.hist(
            bankroll + values / SCALE,
            bins=60,
            weights=weights,
            histtype="step",
            lw=1.5,
            color=colours[i % len(colours)],
            label=name,
        )
    middle.set_title(t("sim.plot.finals", lang))
    middle.set_xlabel(t("sim.plot.bankroll", lang))
    middle.set_ylabel(t("sim.plot.shoes", lang))
    middle.legend(fontsize=8)

    k = int(traced.coups[0]) if traced.coups.size else 0
    if k:
        edges = expectations_batch(traced.unseen[0, :k])
        for i, box in enumerate(Outcome):
            right.plot(np.arange(1, k + 1), edges[:, i], label=outcome_name(box, lang))
        right.axhline(0.0, color="grey", lw=0.8)
    right.set_title(t("sim.plot.edge", lang))
    right.set_xlabel(t("sim.plot.coup", lang))
    right.set_ylabel(t("sim.plot.expectation", lang))
    right.legend(fontsize=8)
    fig.suptitle(f"{config.decks} decks, seed {config.seed}, {summary.coups:,} coups")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
