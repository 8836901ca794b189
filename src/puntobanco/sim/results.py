"""Merge chunk results into exact totals, and report them: statistics, JSON, CSV.

Counts and money stay integers (money in twentieths of a unit); the per-shoe
results are kept as a histogram (value -> shoes), so memory does not grow with
the number of coups and quantiles are exact. Only the spread of per-coup
results is summed in floating point, always in chunk order.
"""

from __future__ import annotations

import csv
import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import IO, Any, Final

import numpy as np

from puntobanco.coup import Outcome
from puntobanco.odds import analyse, composition
from puntobanco.paytable import json_amount
from puntobanco.sim import engine
from puntobanco.sim.config import SCALE, ChunkResult, SimConfig

BOXES: Final = tuple(Outcome)
QUANTILES: Final = (0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99)
Z95: Final = 1.959963984540054


@dataclass(slots=True)
class Totals:
    """One way of betting, summed over every coup and shoe so far."""

    net: int = 0  # twentieths of a unit
    bets: int = 0
    wagered: int = 0  # units
    squares: float = 0.0  # sum over coups of the squared net, in twentieths squared
    ruined: int = 0  # complete shoes in which the bankroll fell below the minimum
    shoe_net: Counter[int] = field(default_factory=Counter)  # complete shoes only

    def add_shoes(self, nets: np.ndarray[Any, Any]) -> None:
        """Count each shoe's net into the histogram."""
        if nets.size == 0:
            return
        low = int(nets.min())
        span = int(nets.max()) - low
        if span <= 4 * nets.size + 4096:  # a few thousand values: count, don't sort
            counts = np.bincount(nets - low)
            values = np.flatnonzero(counts)
            found = counts[values]
            values += low
        else:
            values, found = np.unique(nets, return_counts=True)
        self.shoe_net.update(dict(zip(values.tolist(), found.tolist(), strict=True)))

    def merge(self, other: Totals) -> None:
        """Add ``other``'s totals to these."""
        self.net += other.net
        self.bets += other.bets
        self.wagered += other.wagered
        self.squares += other.squares
        self.ruined += other.ruined
        self.shoe_net.update(other.shoe_net)


@dataclass(slots=True)
class Summary:
    """Everything a run has dealt so far, merged chunk by chunk."""

    config: SimConfig
    coups: int = 0
    counts: list[int] = field(default_factory=lambda: [0, 0, 0])
    shoes: int = 0  # complete shoes
    partial: int = 0  # shoes cut short by the end of a chunk
    chunks: int = 0
    xx: list[int] = field(default_factory=lambda: [0, 0, 0])  # sum over shoes of X^2
    xn: list[int] = field(default_factory=lambda: [0, 0, 0])  # of X * coups
    nn: int = 0  # of coups^2
    flat: list[Totals] = field(default_factory=list)  # one per bet of the table
    strategies: list[Totals] = field(default_factory=list)
    interrupted: bool = False

    def __post_init__(self) -> None:
        if not self.flat:
            self.flat = [Totals() for _ in self.config.table.wagers]
        if not self.strategies:
            self.strategies = [Totals() for _ in self.config.strategies]

    def add(self, result: ChunkResult) -> None:
        """Merge one chunk (callers merge in chunk order): its digest when the
        worker made one, else its rows."""
        if result.digest is None:
            self.add_rows(result)
            return
        other = result.digest
        assert isinstance(other, Summary)
        self.coups += other.coups
        self.shoes += other.shoes
        self.partial += other.partial
        self.chunks += other.chunks
        self.nn += other.nn
        for i in range(3):
            self.counts[i] += other.counts[i]
            self.xx[i] += other.xx[i]
            self.xn[i] += other.xn[i]
        for mine, theirs in zip(
            self.flat + self.strategies, other.flat + other.strategies, strict=True
        ):
            mine.merge(theirs)

    def add_rows(self, result: ChunkResult) -> None:
        """Merge one chunk from its rows, one per shoe."""
        columns = np.ascontiguousarray(result.shoes.T)  # one contiguous row per field
        n = columns[engine.S_COUPS]
        x = outcome_rows(result)
        complete = columns[engine.S_COMPLETE] == 1
        coups = int(n.sum())
        whole = int(np.count_nonzero(complete))
        self.chunks += 1
        self.coups += coups
        self.shoes += whole
        self.partial += len(n) - whole
        self.nn += int(n @ n)
        sums = x.sum(axis=1).tolist()
        squares = np.einsum("ij,ij->i", x, x).tolist()
        products = (x @ n).tolist()
        for i in range(3):
            self.counts[i] += sums[i]
            self.xx[i] += squares[i]
            self.xn[i] += products[i]
        class_sums, prices, nets = flat_nets(result)
        for i, totals in enumerate(self.flat):
            totals.net += int(class_sums @ prices[:, i])
            totals.bets += coups
            totals.wagered += coups
            totals.squares += float(class_sums @ (prices[:, i] ** 2))
            totals.add_shoes(nets[complete, i])
        for i, totals in enumerate(self.strategies):
            r = result.results[:, i, :]
            totals.net += int(r[:, engine.R_NET].sum())
            totals.bets += int(r[:, engine.R_BETS].sum())
            totals.wagered += int(r[:, engine.R_WAGERED].sum())
            totals.squares += float(result.coup_squares[i])
            totals.ruined += int(r[complete, engine.R_RUINED].sum())
            totals.add_shoes(r[complete, engine.R_NET])

    # Statistics -------------------------------------------------------------

    def frequency(self, box: int) -> tuple[float, float]:
        """(observed frequency, standard error with shoes as clusters)."""
        if not self.coups:
            return math.nan, math.nan
        p = self.counts[box] / self.coups
        clusters = self.shoes + self.partial
        if clusters < 2:
            return p, math.nan
        spread = self.xx[box] - 2 * p * self.xn[box] + p * p * self.nn
        se = math.sqrt(max(spread, 0.0) * clusters / (clusters - 1)) / self.coups
        return p, se

    def exact(self) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
        """Off-the-top probabilities of the outcomes, and expectations per unit of
        every bet of the table, for the full shoe."""
        from puntobanco.odds.facts import rank_composition, table_odds

        odds = analyse(composition(self.config.decks))
        _, bets = table_odds(rank_composition(self.config.decks), self.config.table)
        return (
            tuple(odds.probability(o) for o in BOXES),
            tuple(-b.house_edge for b in bets),
        )

    def describe(self, totals: Totals, bankroll: int | None) -> dict[str, Any]:
        """Statistics of one way of betting."""
        coups = max(self.coups, 1)
        mean_coup = totals.net / SCALE / coups
        var_coup = max(totals.squares / coups - (totals.net / coups) ** 2, 0.0)
        shoes = sum(totals.shoe_net.values())
        s1 = sum(v * c for v, c in totals.shoe_net.items())
        s2 = sum(v * v * c for v, c in totals.shoe_net.items())
        mean_shoe = s1 / SCALE / shoes if shoes else math.nan
        var_shoe = (
            float(Fraction(s2 * shoes - s1 * s1, shoes * (shoes - 1))) if shoes > 1 else math.nan
        )
        data: dict[str, Any] = {
            "net": json_amount(Fraction(totals.net, SCALE)),
            "bets": totals.bets,
            "wagered": totals.wagered,
            "mean_per_coup": mean_coup,
            "stdev_per_coup": math.sqrt(var_coup) / SCALE,
            "mean_per_bet": totals.net / SCALE / totals.bets if totals.bets else None,
            "mean_per_unit_wagered": totals.net / SCALE / totals.wagered
            if totals.wagered
            else None,
            "mean_per_shoe": mean_shoe,
            "stdev_per_shoe": math.sqrt(var_shoe) / SCALE if shoes > 1 else None,
        }
        if bankroll is not None:
            data["bankroll"] = bankroll
            data["risk_of_ruin"] = totals.ruined / shoes if shoes else None
            data["final_bankroll_quantiles"] = {
                f"{q:g}": json_amount(Fraction(bankroll * SCALE + v, SCALE))
                for q, v in zip(QUANTILES, quantiles(totals.shoe_net, QUANTILES), strict=True)
            }
        return data

    def to_json(self) -> dict[str, Any]:
        """The result as ``simulate --json`` prints it (timing aside)."""
        probabilities, expectations = self.exact()
        frequencies = {}
        for i, box in enumerate(BOXES):
            p, se = self.frequency(i)
            frequencies[box.value] = {
                "value": p,
                "stderr": se,
                "ci95": [p - Z95 * se, p + Z95 * se],
                "exact": float(probabilities[i]),
                "z": (p - float(probabilities[i])) / se if se and se > 0 else None,
            }
        c = self.config
        return {
            "coups": self.coups,
            "counts": {box.value: self.counts[i] for i, box in enumerate(BOXES)},
            "seed": c.seed,
            "decks": c.decks,
            "burn": c.burn,
            "cut_card": c.cut_card,
            "paytable": c.paytable,
            "chunk_coups": c.chunk_coups,
            "chunks": self.chunks,
            "shoes": self.shoes,
            "partial_shoes": self.partial,
            "interrupted": self.interrupted,
            "frequencies": frequencies,
            "side_bets": list(c.side_bets),
            "flat": {
                w.key: {
                    **self.describe(self.flat[i], None),
                    "exact_expectation": float(expectations[i]),
                }
                for i, w in enumerate(c.table.wagers)
            },
            "strategies": [
                {
                    "name": s.name,
                    "unit": s.limits.unit,
                    "minimum": s.limits.minimum,
                    "maximum": s.limits.maximum,
                    **self.describe(t, s.limits.bankroll),
                }
                for s, t in zip(c.strategies, self.strategies, strict=True)
            ],
        }


def quantiles(histogram: Counter[int], qs: tuple[float, ...]) -> list[int]:
    """The smallest value whose cumulative share reaches each q (0 when empty).

    >>> quantiles(Counter({-20: 3, 0: 1, 40: 1}), (0.5, 0.8, 1.0))
    [-20, 0, 40]
    """
    total = sum(histogram.values())
    if not total:
        return [0 for _ in qs]
    items = sorted(histogram.items())
    out = []
    for q in qs:
        need = q * total
        running = 0
        for value, count in items:
            running += count
            if running >= need - 1e-9:
                out.append(value)
                break
        else:  # pragma: no cover - q > 1
            out.append(items[-1][0])
    return out


class CsvSink:
    """Writes one row per shoe, in chunk and shoe order."""

    def __init__(self, stream: IO[str], config: SimConfig) -> None:
        self.writer = csv.writer(stream, lineterminator="\n")
        self.config = config
        header = ["chunk", "shoe", "seed", "coups", "punto", "banco", "egalite", "complete"]
        header += [f"flat_{w.key}_net" for w in config.table.wagers]
        for s in config.strategies:
            header += [f"{s.name}_net", f"{s.name}_bets", f"{s.name}_ruined", f"{s.name}_final"]
        self.writer.writerow(header)

    def write(self, result: ChunkResult) -> None:
        """Rows of one chunk."""
        nets = flat_nets(result)[2].tolist()
        outcomes = outcome_rows(result).T.tolist()
        for j, row in enumerate(result.shoes.tolist()):
            coups, _, _, _, complete = row
            p, b, e = outcomes[j]
            flat = nets[j]
            line: list[object] = [
                result.chunk,
                j,
                self.config.shoe_seed(result.chunk, j),
                coups,
                p,
                b,
                e,
                complete,
            ]
            line += [json_amount(Fraction(int(v), SCALE)) for v in flat]
            for i, s in enumerate(self.config.strategies):
                net, bets, ruined, _ = result.results[j, i].tolist()
                final = Fraction(s.limits.bankroll * SCALE + net, SCALE)
                line += [json_amount(Fraction(net, SCALE)), bets, ruined, json_amount(final)]
            self.writer.writerow(line)


def flat_nets(
    result: ChunkResult,
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """(coups of each class in the chunk, each class's price per bet in
    hundredths, each flat bet's net per shoe).

    Without classes from the kernel the classes are the three outcomes, priced
    by what each bet pays on a bare winner."""
    table = result.config.table
    if result.classes is not None and result.nets is not None:
        from puntobanco.sim.classes import classes

        return result.classes, classes(table).prices, result.nets
    x = result.shoes[:, engine.S_PUNTO : engine.S_EGALITE + 1]
    prices = np.array(
        [[int(w.price_on(o) * SCALE) for w in table.wagers] for o in BOXES], dtype=np.int64
    )
    return x.sum(axis=0), prices, _exact_product(x, prices)


def outcome_rows(result: ChunkResult) -> np.ndarray[Any, Any]:
    """(3, shoes): Punto, Banco and Égalité coups of each shoe."""
    rows: np.ndarray[Any, Any] = np.ascontiguousarray(
        result.shoes[:, engine.S_PUNTO : engine.S_EGALITE + 1].T
    )
    return rows


def _exact_product(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """``a @ b`` of integer arrays through float64 (BLAS), exact: a shoe's net is
    at most a few hundred coups times a price of a few thousand hundredths, far
    below 2**53, and checked."""
    product = a.astype(np.float64) @ b.astype(np.float64)
    assert not product.size or np.abs(product).max() < 2**52
    exact: np.ndarray[Any, Any] = product.astype(np.int64)
    return exact


def digest(result: ChunkResult) -> Summary:
    """A chunk reduced to its totals: what a worker sends back instead of its rows."""
    summary = Summary(result.config)
    summary.add_rows(result)
    return summary
