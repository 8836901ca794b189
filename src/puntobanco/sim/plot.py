"""One PNG of a run: sample bankroll paths, final bankrolls, the exact edge along a shoe;
or of a study (``sim.study``): a count by trigger, every bet's perfect count.

Needs the ``plot`` extra (matplotlib); drawn off-screen (Agg).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


def edges_along(config: SimConfig, shoes: int = 1) -> tuple[tuple[str, ...], np.ndarray]:
    """(the bets' keys, ``[coup, bet]``: each bet's exact expectation per unit before
    each coup of the run's first shoe), for every bet the simulator settles by value."""
    from puntobanco.odds.levels import counts_by_levels
    from puntobanco.sim.classes import classes, level_classes, value_wagers

    table = config.table
    wagers = value_wagers(table)
    cls = classes(table, wagers, by_winner=False)
    traced = trace(config, shoes)
    k = int(traced.coups[0]) if traced.coups.size else 0
    counts = counts_by_levels(traced.unseen[0, :k], level_classes(table, wagers, False), cls.count)
    whole = counts.sum(axis=1, keepdims=True)
    values = counts @ cls.prices.astype(np.float64) / SCALE / np.where(whole > 0, whole, np.nan)
    return tuple(w.key for w in wagers), values


def plot_study(summary: Summary, data: dict[str, Any], path: str | Path, lang: Lang = "en") -> None:
    """Draw a count study (``data["triggers"]``) or a perfect study into ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from puntobanco.explain import bet_name as box_name
    from puntobanco.paytable import box_from_key

    def bet_name(key: str, lang: Lang) -> str:
        return box_name(box_from_key(key), lang)

    config = summary.config
    title = t(
        "sim.plot.study_title",
        lang,
        decks=config.decks,
        cut=config.cut_card or 0,
        coups=f"{summary.coups:,}",
        seed=config.seed,
    )
    if "triggers" in data:
        rows = data["triggers"]
        perfect = data["perfect"]
        xs = [r["trigger"] for r in rows]
        fig, (left, middle, right) = plt.subplots(1, 3, figsize=(16, 4.8))
        for axis, key, se, scale in (
            (left, "edge_when_betting", "edge_stderr", 100),
            (right, "units_per_shoe", "units_per_shoe_stderr", 1),
        ):
            ys = [np.nan if r[key] is None else r[key] * scale for r in rows]
            errs = [0.0 if r[se] is None else r[se] * scale for r in rows]
            axis.errorbar(xs, ys, yerr=errs, fmt="o-", label=t("sim.plot.count", lang))
            if perfect[key] is not None:
                axis.axhline(perfect[key] * scale, color="C3", label=t("sim.plot.perfect", lang))
            axis.axhline(0.0, color="grey", lw=0.8)
            axis.set_xlabel(t("sim.plot.trigger", lang))
            axis.legend(fontsize=8)
        left.set_ylabel(t("sim.plot.edge_betting", lang))
        right.set_ylabel(t("sim.plot.units_shoe", lang))
        # P(true count >= T) is the share of coups bet at T: its differences are the
        # count's distribution over the coups dealt.
        share = [r["bet_frequency"] * 100 for r in rows]
        within = [a - b for a, b in zip(share, share[1:], strict=False)]
        middle.bar(xs[:-1], within, color="C0", alpha=0.6, label=t("sim.plot.within", lang))
        middle.plot(xs, share, "o-", color="C1", label=t("sim.plot.at_least", lang))
        middle.set_xlabel(t("sim.plot.trigger", lang))
        middle.set_ylabel(t("sim.plot.coups_share", lang))
        middle.legend(fontsize=8)
        fig.suptitle(f"{bet_name(data['count']['bet'], lang)} ({data['count']['tags']}): {title}")
    else:
        plays = data["perfect"]
        keys, values = edges_along(config)
        fig, (left, right) = plt.subplots(1, 2, figsize=(13, 4.8))
        for i, key in enumerate(keys):
            left.plot(np.arange(1, len(values) + 1), values[:, i] * 100, label=bet_name(key, lang))
        left.axhline(0.0, color="grey", lw=0.8)
        left.set_title(t("sim.plot.edge", lang))
        left.set_xlabel(t("sim.plot.coup", lang))
        left.set_ylabel(t("sim.plot.expectation_pct", lang))
        left.legend(fontsize=8)
        names = [bet_name(p["bet"], lang) for p in plays]
        per_shoe = [p["units_per_shoe"] or 0.0 for p in plays]
        errs = [p["units_per_shoe_stderr"] or 0.0 for p in plays]
        right.barh(names, per_shoe, xerr=errs, color="C2")
        right.set_xlabel(t("sim.plot.units_shoe", lang))
        right.set_title(t("sim.plot.perfect", lang))
        fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
