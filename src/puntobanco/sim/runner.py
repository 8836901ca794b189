"""Split a simulation into seeded chunks and run them on local threads or on Dask.

A run of ``coups`` coups seeded S is cut into chunks of ``chunk_coups`` coups
(the last one shorter). Chunk k plays shoes seeded from ``derive_seed(S, k)``
until it has dealt exactly its share; its last shoe may be cut short, like a
table closing in the middle of a shoe. Chunks are merged in their order, so
the result depends on the seed and the chunk size only, never on how many
workers ran them or where.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from puntobanco.odds.bounded import LANES, float32_levels, relative_bound
from puntobanco.rng import derive_seed
from puntobanco.sim import engine
from puntobanco.sim.config import CHUNK_COUPS, MAX_COUPS, SCALE, ChunkResult, SimConfig, Trace
from puntobanco.sim.decisions import decide_rows
from puntobanco.sim.results import digest as make_digest
from puntobanco.sim.strategies import COUNT, LABOUCHERE_LINE, PERFECT
from puntobanco.tableau import deck_points, wide_coup_table

__all__ = [
    "CHUNK_COUPS",
    "MAX_COUPS",
    "SCALE",
    "ChunkResult",
    "SimConfig",
    "Trace",
    "run_chunk",
    "run_dask",
    "run_local",
    "trace",
    "warm_up",
]


def _max_shoes(config: SimConfig, budget: int) -> int:
    """A bound on the shoes a chunk can start (every complete shoe deals a few coups)."""
    size = 52 * config.decks
    cut = config.cut_card if config.cut_card is not None else 5  # a coup's last cards
    least = max(1, (size - cut - engine.MAX_BURN_CARDS) // 6)
    return budget // least + 3


def _arrays(config: SimConfig) -> dict[str, Any]:
    from puntobanco.sim import classes as cl

    strategies = config.strategies
    params = np.zeros((len(strategies), engine.N_PARAMS), dtype=np.int64)
    line0 = np.zeros((len(strategies), len(LABOUCHERE_LINE) + 1), dtype=np.int64)
    for i, s in enumerate(strategies):
        lim = s.limits
        params[i] = (lim.unit, lim.minimum, lim.maximum, lim.bankroll, s.arg)
        line0[i, 0] = len(LABOUCHERE_LINE)
        line0[i, 1:] = LABOUCHERE_LINE
    table = config.table
    bettable = cl.value_wagers(table)
    keys = [w.key for w in bettable]
    strategy_classes = cl.classes(table, bettable)
    flat = cl.classes(table)
    # The exact strategies need the counts of the classes of the bets they play only.
    exact_keys = {k for s in strategies if s.kind == COUNT for k in ("punto", "banco", "egalite")}
    exact_keys |= {s.bet for s in strategies if s.kind == PERFECT and s.bet is not None}
    exact_wagers = tuple(w for w in bettable if w.key in exact_keys)
    exact = cl.classes(table, exact_wagers, by_winner=False)
    levels = cl.level_classes(table, exact_wagers, False)
    epay = np.zeros((exact.count, len(bettable)), dtype=np.int64)
    reduced = exact.reduced()
    for j, w in enumerate(exact_wagers):
        epay[:, keys.index(w.key)] = reduced[:, j]
    return {
        "base": deck_points(config.decks),
        "burn": config.burn,
        "cut": engine.NO_CUT if config.cut_card is None else config.cut_card,
        "wide": wide_coup_table(),
        "wide_cls": strategy_classes.value_classes(),
        "price": strategy_classes.prices,
        "epay": epay,
        "kinds": np.array([s.kind for s in strategies], dtype=np.int64),
        "boxes": np.array(
            [-1 if s.bet is None else keys.index(s.bet) for s in strategies], dtype=np.int64
        ),
        "params": params,
        "tags": np.array([s.tags or (0,) * 10 for s in strategies], dtype=np.int64).reshape(
            len(strategies), 10
        ),
        "line0": line0,
        # Class counts by coup length of the exact strategies' classes, as one tuple;
        # the same in float32 with the bound on their rounding (odds.bounded).
        "levels": tuple(x for level in levels[:3] for x in level) + (levels[3],),
        "levels32": float32_levels(levels),
        "gamma": relative_bound(levels),
        "ranks": cl.rank_base(config.decks),
        "points": cl.rank_points(),
        "cells": cl.cell_table(),
        "flat_classes": flat,
    }


_ARRAYS: dict[SimConfig, dict[str, Any]] = {}
_ARRAYS_LOCK = threading.Lock()


def _cached_arrays(config: SimConfig) -> dict[str, Any]:
    with _ARRAYS_LOCK:
        if config not in _ARRAYS:
            _ARRAYS.clear()
            _ARRAYS[config] = _arrays(config)
        return _ARRAYS[config]


def _strategy_kernel(
    a: dict[str, Any],
    seed: Any,
    budget: int,
    shoes: Any,
    results: Any,
    squares: Any,
    bank: Any,
    unseen: Any,
    plan_coups: int = engine.PLAN_COUPS,
    *,
    first: int = 0,
    stop: int = 1 << 62,
    dealt: int = 0,
    given: tuple[Any, Any] | None = None,
) -> int:
    """``engine.run_strategies_chunk`` with the run's cached arrays: one place
    names its arguments. ``plan_coups=0`` counts shoe by shoe (the reference); with
    ``given`` (values, row offsets) it plays shoes ``first`` to ``stop`` on
    the decisions' values (``sim.decisions``) made by the caller."""
    mode = plan_coups if given is None else -1
    if given is None:
        given = (np.zeros((0, 1), dtype=np.int64), np.zeros(0, dtype=np.int64))
    return int(
        engine.run_strategies_chunk(
            seed,
            a["base"],
            a["burn"],
            a["cut"],
            budget,
            a["wide"],
            a["wide_cls"],
            a["price"],
            a["epay"],
            SCALE,
            a["kinds"],
            a["boxes"],
            a["params"],
            a["tags"],
            a["line0"],
            a["levels"],
            a["levels32"],
            a["gamma"],
            mode,
            first,
            stop,
            dealt,
            given[0],
            given[1],
            shoes,
            results,
            squares,
            bank,
            unseen,
        )
    )


#: Compositions listed at a time when a chunk's decisions are shared among threads.
SHARED_COUPS = 1 << 15


def _play_shared(
    config: SimConfig,
    a: dict[str, Any],
    seed: Any,
    budget: int,
    shoes: Any,
    results: Any,
    squares: Any,
    threads: int,
) -> int:
    """``_strategy_kernel`` with the decisions made on ``threads`` threads: the
    shoes ahead are listed (cheap), their compositions decided in ranges side
    by side (the kernels release the GIL), then played in order on one
    thread. A row's value does not depend on where it is made, so the records
    are the single thread's, to the bit. Returns the number of shoes."""
    n = 52 * config.decks
    most = n // 4 + 1
    cap = max(SHARED_COUPS, most)
    n_box = a["epay"].shape[1]
    comps = np.zeros((cap, 10), dtype=np.int64)
    offsets = np.zeros(cap + 2, dtype=np.int64)
    val = np.zeros((cap, n_box), dtype=np.int64)
    cards = np.zeros(n + engine.PAD, dtype=np.int8)
    starts = np.zeros(most, dtype=np.int64)
    outs = np.zeros(most, dtype=np.int64)
    full = np.bincount(a["base"], minlength=10).astype(np.int64)
    no_bank = np.zeros((0, 0, len(config.strategies)), dtype=np.int64)
    no_unseen = np.zeros((0, 0, 10), dtype=np.int64)
    s = dealt = 0
    with ThreadPoolExecutor(max_workers=threads) as pool:
        while dealt < budget:
            room = budget - dealt
            listing = (a["base"], full, a["burn"], a["cut"], a["wide"], room)
            planned, listed = engine.plan_shoes(
                seed, s, *listing, cards, starts, outs, comps, offsets
            )
            step = -(-listed // (threads * LANES)) * LANES  # whole blocks each
            ranges = [(lo, min(lo + step, listed)) for lo in range(0, listed, step)]

            def count(bounds: tuple[int, int]) -> None:
                lo, hi = bounds
                decide_rows(comps, lo, hi, a["levels32"], a["gamma"], a["levels"], a["epay"], val)

            list(pool.map(count, ranges))
            after = _strategy_kernel(
                a,
                seed,
                budget,
                shoes,
                results,
                squares,
                no_bank,
                no_unseen,
                first=s,
                stop=s + planned,
                dealt=dealt,
                given=(val, offsets),
            )
            dealt += int(shoes[s:after, engine.S_COUPS].sum())
            s = after
    return s


def run_chunk(
    config: SimConfig, chunk: int, *, digest: bool = False, threads: int = 1
) -> ChunkResult:
    """Play chunk ``chunk`` of ``config`` (a pure function: Dask ships it to workers).

    With ``digest`` the worker also reduces the chunk to its totals, and keeps
    the rows only when ``config.keep_shoes``. ``threads`` > 1 shares the exact
    counts of the exact strategies among that many threads (same records).
    """
    start = time.perf_counter()
    a = _cached_arrays(config)
    budget = config.budget(chunk)
    seed = np.uint64(derive_seed(config.seed, chunk))
    shoes = np.zeros((_max_shoes(config, budget), 5), dtype=np.int64)
    n_strat = len(config.strategies)
    classes = flat_nets = None
    if n_strat == 0 and config.flat_fast:
        count = engine.run_flat_chunk(
            seed, a["base"], a["burn"], a["cut"], budget, a["wide"], shoes
        )
        results = np.zeros((count, 0, 4), dtype=np.int64)
        squares = np.zeros(0, dtype=np.float64)
    elif n_strat == 0:
        cls = a["flat_classes"]
        per_shoe = np.zeros((shoes.shape[0], cls.prices.shape[1]), dtype=np.int64)
        sums = np.zeros(cls.count, dtype=np.int64)
        count = engine.run_classes_chunk(
            seed,
            a["ranks"],
            a["points"],
            a["burn"],
            a["cut"],
            budget,
            a["cells"],
            cls.klass,
            cls.prices,
            cls.outcome,
            shoes,
            per_shoe,
            sums,
        )
        classes = sums
        flat_nets = per_shoe[:count]
        results = np.zeros((count, 0, 4), dtype=np.int64)
        squares = np.zeros(0, dtype=np.float64)
    else:
        results = np.zeros((shoes.shape[0], n_strat, 4), dtype=np.int64)
        squares = np.zeros(n_strat, dtype=np.float64)
        exact = any(s.kind in (COUNT, PERFECT) for s in config.strategies)
        if threads > 1 and exact:
            count = _play_shared(config, a, seed, budget, shoes, results, squares, threads)
        else:
            count = _strategy_kernel(
                a,
                seed,
                budget,
                shoes,
                results,
                squares,
                np.zeros((0, 0, n_strat), dtype=np.int64),
                np.zeros((0, 0, 10), dtype=np.int64),
            )
        results = results[:count]
    result = ChunkResult(
        chunk, budget, shoes[:count], results, squares, config, classes=classes, nets=flat_nets
    )
    if digest:
        result.digest = make_digest(result)
        if not config.keep_shoes:  # the totals are enough: ship no rows
            result.shoes = result.shoes[:0]
            result.results = result.results[:0]
            result.nets = None
    result.seconds = time.perf_counter() - start
    return result


def trace(config: SimConfig, shoes: int = 20) -> Trace:
    """Bankroll paths and unseen compositions, coup by coup, of the run's first shoes."""
    a = _cached_arrays(config)
    n = 52 * config.decks
    most = n // 4 + 1
    budget = min(config.budget(0), shoes * most)
    n_strat = len(config.strategies)
    rows = np.zeros((_max_shoes(config, budget), 5), dtype=np.int64)
    results = np.zeros((rows.shape[0], max(n_strat, 0), 4), dtype=np.int64)
    bank = np.full((shoes, most, n_strat), -1, dtype=np.int64)
    unseen = np.zeros((shoes, most, 10), dtype=np.int64)
    count = _strategy_kernel(
        a,
        np.uint64(derive_seed(config.seed, 0)),
        budget,
        rows,
        results,
        np.zeros(n_strat, dtype=np.float64),
        bank,
        unseen,
    )
    kept = min(shoes, count)
    return Trace(bank[:kept], unseen[:kept], rows[:kept, engine.S_COUPS].copy())


def warm_up(config: SimConfig) -> None:
    """Compile (or load from the cache) the kernels this run needs, once."""
    small = replace(config, coups=1, chunk_coups=1, keep_shoes=False)
    run_chunk(small, 0)


@dataclass(slots=True)
class Progress:
    """Called after each merged chunk with (coups done, coups asked)."""

    callback: Callable[[int, int], None] | None = None
    done: int = 0

    def advance(self, coups: int, total: int) -> None:
        self.done += coups
        if self.callback is not None:
            self.callback(self.done, total)


@dataclass(slots=True)
class Ordered:
    """Hands chunk results on in chunk order, holding only those that came early."""

    sink: Callable[[ChunkResult], None]
    next_chunk: int = 0
    waiting: dict[int, ChunkResult] = field(default_factory=dict)

    def put(self, result: ChunkResult) -> None:
        self.waiting[result.chunk] = result
        while self.next_chunk in self.waiting:
            self.sink(self.waiting.pop(self.next_chunk))
            self.next_chunk += 1

    def flush(self) -> None:
        """After an interruption: hand on what arrived, in order, despite gaps."""
        for chunk in sorted(self.waiting):
            self.sink(self.waiting.pop(chunk))


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run_local(
    config: SimConfig,
    sink: Callable[[ChunkResult], None],
    *,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: threading.Event | None = None,
) -> bool:
    """Run every chunk on ``workers`` threads (the kernels release the GIL) and
    hand results to ``sink`` in chunk order. Returns False when interrupted
    (Ctrl-C or ``stop``): what was finished has been handed on."""
    workers = workers or default_workers()
    warm_up(config)

    def submit(chunk: int) -> Future[ChunkResult]:
        # The last chunks, fewer than the workers, share their exact counts among
        # the workers the others leave idle (one chunk alone gets every core).
        threads = max(1, workers // (config.chunks - chunk))
        return pool.submit(run_chunk, config, chunk, digest=True, threads=threads)

    ordered = Ordered(sink)
    tracker = Progress(progress)
    pending: dict[Future[ChunkResult], int] = {}
    chunks: Iterator[int] = iter(range(config.chunks))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        try:
            for chunk in chunks:
                pending[submit(chunk)] = chunk
                if len(pending) >= 2 * workers:
                    break
            while pending:
                if stop is not None and stop.is_set():
                    raise KeyboardInterrupt
                done, _ = wait(list(pending), timeout=0.2, return_when=FIRST_COMPLETED)
                for future in done:
                    del pending[future]
                    result = future.result()
                    ordered.put(result)
                    tracker.advance(result.coups, config.coups)
                    for chunk in chunks:
                        pending[submit(chunk)] = chunk
                        break
        except KeyboardInterrupt:
            for future in pending:
                future.cancel()
            for future in pending:
                if not future.cancelled():
                    ordered.put(future.result())
            ordered.flush()
            return False
    return True


def run_dask(
    config: SimConfig,
    sink: Callable[[ChunkResult], None],
    address: str,
    *,
    progress: Callable[[int, int], None] | None = None,
    stop: threading.Event | None = None,
) -> bool:
    """Run every chunk on the Dask cluster whose scheduler is at ``address``;
    results reach ``sink`` in chunk order. Returns False when interrupted
    (Ctrl-C or ``stop``)."""
    from distributed import Client, as_completed

    ordered = Ordered(sink)
    tracker = Progress(progress)
    with Client(address, timeout="20s") as client:  # type: ignore[no-untyped-call]
        threads = max(1, sum(client.nthreads().values()))
        chunks = iter(range(config.chunks))
        first = [
            client.submit(run_chunk, config, c, digest=True, pure=False)
            for c, _ in zip(chunks, range(4 * threads), strict=False)
        ]
        queue = as_completed(first)  # type: ignore[no-untyped-call]
        try:
            for future in queue:
                if stop is not None and stop.is_set():
                    raise KeyboardInterrupt
                result: ChunkResult = future.result()
                ordered.put(result)
                tracker.advance(result.coups, config.coups)
                for chunk in chunks:
                    queue.add(client.submit(run_chunk, config, chunk, digest=True, pure=False))  # type: ignore[no-untyped-call]
                    break
        except KeyboardInterrupt:
            client.cancel(list(queue.futures))
            ordered.flush()
            return False
    return True
