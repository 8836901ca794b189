"""What the host screen's board costs the server, per table and per coup.

Run: ``python bench/bench_hostinfo.py``. Prints the time of one composition's
exact odds (``odds.seen``: once per settled coup and table, shared by tables
that have seen the same cards) by paytable and side bets, and what a view
costs the host once they are kept: the board made again after a coup (roads,
statistics) and the board of a pushed view (kept: a dictionary look-up).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

from figures import figure
from puntobanco.cards import Card
from puntobanco.coup import Coup
from puntobanco.engine import Viewer, views
from puntobanco.odds.seen import OddsCache
from puntobanco.paytable import Paytable, configuration
from puntobanco.shoe import Shoe
from puntobanco.table.config import TableConfig
from puntobanco.table.events import ShoeBurned
from puntobanco.table.machine import Table
from puntobanco.table.state import ShoeState, TableState

TABLES = [
    ("standard", ()),
    ("standard", ("pairs",)),
    ("ez", ()),
    ("standard", ("pairs", "dragon-bonus")),
]


def best_of(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def dealt_shoe(decks: int, coups: int, seed: int) -> tuple[Shoe, ShoeBurned, list[Coup]]:
    """A shoe of ``decks`` decks, burned, with ``coups`` coups dealt from it."""
    shoe = Shoe(decks, seed=seed)
    burn = shoe.burn()
    dealt = [shoe.deal_coup() for _ in range(coups)]
    return shoe, ShoeBurned(1, burn.turned, burn.burned), dealt


def fresh(decks: int, seen: list[Card], table: Paytable) -> None:
    """The odds computed in a cache of their own (never found kept)."""
    OddsCache().get_key(OddsCache.key(decks, seen, table))


def main() -> None:
    print("exact odds of one composition (one core, pure Python):")
    rng = random.Random(1)
    times = []
    for decks in (6, 8):
        for name, sides in TABLES:
            table = configuration(name, sides)
            deck = [Card.parse(f"{r}{s}") for r in "A23456789" for s in "HDCS"]
            seen = [rng.choice(deck) for _ in range(40)]
            took = best_of(3, partial(fresh, decks, seen, table))
            label = name + ("+" + ",".join(sides) if sides else "")
            print(f"  {decks} decks, {label:<32} {took * 1000:7.1f} ms")
            times.append(took * 1000)
    figure("hostinfo.odds_least_ms", min(times), "ms", "exact odds of the host's board, fastest")
    figure("hostinfo.odds_most_ms", max(times), "ms", "exact odds of the host's board, slowest")
    config = TableConfig.casino(decks=6, side_bets=("pairs",))
    shoe, burn, coups = dealt_shoe(6, 50, 3)
    state = TableState(
        "bench", config, shoe=ShoeState(1, shoe.order, 16, len(shoe.order), position=shoe.dealt),
        shoe_coups=tuple(coups),
    )  # fmt: skip
    pictures = views.Pictures()
    pictures.burn = burn
    moment = views.Moment(Table(snapshot=state), pictures, "", 0.0)
    views.view(moment, Viewer.HOST, "en", odds=True)

    def made_again() -> None:
        pictures.recorder.version += 1
        views.view(moment, Viewer.HOST, "en", odds=False)

    again = best_of(50, made_again)
    print(f"the host's view, its board made again after a coup (50 coups): {again * 1e6:6.0f} µs")
    kept = best_of(200, lambda: views.view(moment, Viewer.HOST, "en", odds=False))
    print(f"the host's view of a pushed view, its board kept:               {kept * 1e6:6.1f} µs")
    figure("hostinfo.board_again_us", again * 1e6, "µs", "the host's view, its board made again")
    figure("hostinfo.board_kept_us", kept * 1e6, "µs", "the host's view, its board kept")


if __name__ == "__main__":
    main()
