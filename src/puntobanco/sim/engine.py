"""The compiled table: shoes shuffled, burned and dealt exactly as ``Shoe`` does.

Card for card the same as the core, from the same seed: xoshiro256** seeded
through SplitMix64, Lemire's bounded draws on the top 32 bits of each output,
Fisher-Yates from the last card down over ``fresh_order(decks)`` (as point
values), the burn (turn one card, burn its point value, ten for a zero), and
the cut-card rule of ``Shoe.deal_coup`` (a coup that starts with the cut card
out is the shoe's last). The tableau comes in as arrays built from
``puntobanco.rules`` (``puntobanco.tableau``).

Seeds: chunk k of a run seeded S uses ``derive_seed(S, k)``; shoe j of that
chunk is ``Shoe(decks, seed=derive_seed(derive_seed(S, k), j), cut_card=...)``.

Amounts are integers in hundredths of a unit (Banco pays 19 to 20, or 24
for 25 at 4%), so every bankroll is exact. Every coup falls in a class of
the paytable (``puntobanco.sim.classes``: coups that pay every bet alike),
looked up like its outcome; a bet's net is its class's price.

The shoe dealt is ``sim.deal``'s, the kernels of flat bets ``sim.flat``'s; this
module runs strategies (``run_strategies_chunk``) and plans the exact counts
they read, and names every kernel and column of the simulator.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from puntobanco.jit import numba
from puntobanco.odds.levels import counts_levels
from puntobanco.odds.sequences import BLOCK
from puntobanco.sim.deal import (
    MAX_BURN_CARDS,
    NO_CUT,
    PAD,
    S_BANCO,
    S_COMPLETE,
    S_COUPS,
    S_EGALITE,
    S_PUNTO,
    coup_at,
    deal_shoe,
    wide_index,
)
from puntobanco.sim.decisions import COUNT_BOXES, decide_rows, exact_values
from puntobanco.sim.flat import run_classes_chunk, run_flat_chunk
from puntobanco.sim.shuffle import derive_seed, shuffle
from puntobanco.sim.strategies import (
    AGAINST,
    COUNT,
    DALEMBERT,
    FIBONACCI,
    FOLLOW,
    LABOUCHERE,
    LINEAR_COUNT,
    MARTINGALE,
    PAROLI,
    PERFECT,
    S1326,
)

__all__ = [
    "MAX_BURN_CARDS",
    "MAX_LINE",
    "NO_CUT",
    "N_PARAMS",
    "PAD",
    "PLAN_COUPS",
    "P_ARG",
    "P_BANKROLL",
    "P_MAX",
    "P_MIN",
    "P_UNIT",
    "R_BETS",
    "R_NET",
    "R_RUINED",
    "R_WAGERED",
    "S_BANCO",
    "S_COMPLETE",
    "S_COUPS",
    "S_EGALITE",
    "S_PUNTO",
    "deal_shoe",
    "exact_classes",
    "plan_shoes",
    "run_strategies_chunk",
    "run_classes_chunk",
    "run_flat_chunk",
]

#: Columns of a strategy's integer parameters.
P_UNIT, P_MIN, P_MAX, P_BANKROLL, P_ARG = range(5)
N_PARAMS: Final = 5
#: Columns of a strategy's record for one shoe.
R_NET, R_BETS, R_RUINED, R_WAGERED = range(4)
#: Longest Labouchère line; a line that would grow past it starts afresh.
MAX_LINE: Final = 64


@numba.njit(inline="always")
def _fib(i: Any) -> Any:
    a = np.int64(1)
    b = np.int64(1)
    for _ in range(i):
        a, b = b, a + b
    return a


@numba.njit(cache=True, nogil=True)
def exact_classes(
    cards: Any, full: Any, burn: Any, starts: Any, k: Any, levels: Any, ex: Any
) -> None:
    """Exact class counts of the cards not yet seen before each of the k coups
    of a dealt shoe (coup j starts at ``starts[j]``), into ``ex[j]``: all of a
    shoe's compositions in blocks of ``BLOCK`` through ``counts_levels`` (tables
    ``levels`` of ``odds.levels.level_tables``, the dropped class last). The
    turned burn card is seen; the burned ones are not."""
    n_cls = ex.shape[1]
    s4, c4, v4, s5, c5, v5, s6, c6, v6, big = levels
    r = np.zeros((10, BLOCK))
    acc = np.zeros((3, n_cls, BLOCK))
    out = np.zeros((n_cls, BLOCK))
    unseen = np.empty(10, np.int64)
    for v in range(10):
        unseen[v] = full[v]
    pos = 0
    if burn:
        unseen[cards[0]] -= 1
        pos = 1 + (cards[0] if cards[0] != 0 else 10)
    for first in range(0, k, BLOCK):
        nb = min(BLOCK, k - first)
        for i in range(BLOCK):
            if i < nb:
                j = first + i
                while pos < starts[j]:
                    unseen[cards[pos]] -= 1
                    pos += 1
                for v in range(10):
                    r[v, i] = unseen[v]
            else:
                for v in range(10):
                    r[v, i] = 0.0
        counts_levels(r, s4, c4, v4, s5, c5, v5, s6, c6, v6, big, acc, out)
        for i in range(nb):
            for c in range(n_cls):
                ex[first + i, c] = out[c, i]


#: Compositions counted ahead by ``run_strategies_chunk``: the shoes that fit are
#: planned together, so the vector blocks of ``counts_levels`` are full across shoes
#: (a shoe of about 80 coups alone fills 80 of the 128 lanes of two blocks).
PLAN_COUPS: Final = 4096


@numba.njit(cache=True, nogil=True)
def plan_shoes(
    chunk_seed: Any,
    first: Any,
    base: Any,
    full: Any,
    burn: Any,
    cut: Any,
    wide: Any,
    room: Any,
    cards: Any,
    starts: Any,
    outs: Any,
    comps: Any,
    offsets: Any,
) -> tuple[Any, Any]:
    """The unseen composition before every coup of shoes ``first``,
    ``first + 1``... of a chunk: shoe ``first + j``'s coup i in row
    ``offsets[j] + i`` of ``comps``. Shoes are dealt (``deal_shoe``) until they
    hold ``room`` coups (what is left of the budget) or the next might not fit.
    Returns (shoes planned, compositions listed)."""
    n = base.shape[0]
    most = n // 4 + 1
    cap = comps.shape[0]
    unseen = np.empty(10, np.int64)
    total = 0
    j = 0
    while total < room and total + most <= cap and j + 2 < offsets.shape[0]:
        shuffle(cards, base, derive_seed(chunk_seed, first + j))
        k = deal_shoe(cards, burn, cut, wide, starts, outs)
        for v in range(10):
            unseen[v] = full[v]
        pos = 0
        if burn:
            unseen[cards[0]] -= 1
            pos = 1 + (cards[0] if cards[0] != 0 else 10)
        for i in range(k):
            while pos < starts[i]:
                unseen[cards[pos]] -= 1
                pos += 1
            for v in range(10):
                comps[total + i, v] = unseen[v]
        offsets[j] = total
        total += k
        j += 1
    offsets[j] = total
    return j, total


@numba.njit(cache=True, nogil=True)
def run_strategies_chunk(
    chunk_seed: Any,
    base: Any,
    burn: Any,
    cut: Any,
    budget: Any,
    wide: Any,
    wide_cls: Any,
    price: Any,
    epay: Any,
    scale: Any,
    kinds: Any,
    boxes: Any,
    params: Any,
    tags: Any,
    line0: Any,
    levels: Any,
    levels32: Any,
    gamma: Any,
    plan_coups: Any,
    first: Any,
    stop: Any,
    dealt: Any,
    given_val: Any,
    given_offsets: Any,
    shoes: Any,
    results: Any,
    coup_stats: Any,
    trace_bank: Any,
    trace_unseen: Any,
) -> Any:
    """Deal shoes from ``chunk_seed`` until exactly ``budget`` coups are dealt
    (the last shoe may be cut short) and play every strategy on them.

    ``wide_cls`` gives each coup's class (indexed as ``wide``), ``price[c, box]``
    a unit's net in class c on ``box`` in hundredths (``scale`` = 100; 0 is a
    push), ``epay`` the same reduced by each column's gcd, and ``levels`` the
    exact strategies' class tables by coup length (``exact_classes``), in
    float32 as ``levels32`` with their error bound ``gamma``
    (``decisions.decide_rows``);
    ``shoes[s]`` gets the shoe's record, ``results[s, i]`` strategy i's, and
    ``coup_stats[i]`` (sum of squared nets) per coup; ``tags[i, v]`` is a linear
    count's tag of point value v (strategy i's, when it counts); the first shoes' bankrolls
    after each coup and unseen compositions before it go to the trace arrays.
    ``plan_coups`` > 0 decides on the compositions of the shoes ahead that
    many at a time (``plan_shoes``, ``decisions.decide_rows``); 0 counts them
    exactly shoe by shoe (``exact_classes``), the reference the planned
    decisions are tested against; below 0 the caller has decided them: shoe
    ``first + j``'s coup i in row ``given_offsets[j] + i`` of ``given_val``
    (``decisions`` says what a value is). Play starts at shoe ``first``
    with ``dealt`` coups already dealt (an earlier call's) and stops before
    shoe ``stop``, so a chunk can be played in parts with the same records.
    Returns the number of the shoe after the last one played.
    """
    n = base.shape[0]
    n_strat = kinds.shape[0]
    cards = np.zeros(n + PAD, np.int8)
    full = np.zeros(10, np.int64)
    for i in range(n):
        full[base[i]] += 1
    unseen = np.empty(10, np.int64)
    limit = n - cut if cut != NO_CUT else n + 1
    most = n // 4 + 1
    starts = np.zeros(most, np.int64)
    outs = np.zeros(most, np.int64)
    room_rows = max(most, plan_coups)
    val = given_val if plan_coups < 0 else np.zeros((room_rows, epay.shape[1]), np.int64)
    ex = np.zeros((most if plan_coups == 0 else 0, epay.shape[0]))
    offsets = given_offsets if plan_coups < 0 else np.zeros(room_rows + 2, np.int64)
    comps = np.zeros((room_rows if plan_coups > 0 else 0, 10), np.int64)
    planned_first = first
    planned_shoes = stop - first if plan_coups < 0 else 0
    row = 0
    # The strategies that keep a running count of their own tags, and those counts.
    n_count = 0
    for i in range(n_strat):
        if kinds[i] == LINEAR_COUNT:
            n_count += 1
    counters = np.empty(n_count, np.int64)
    n_count = 0
    for i in range(n_strat):
        if kinds[i] == LINEAR_COUNT:
            counters[n_count] = i
            n_count += 1
    running = np.zeros(n_strat, np.int64)
    bank = np.empty(n_strat, np.int64)
    level = np.empty(n_strat, np.int64)
    aux = np.empty(n_strat, np.int64)
    ruined = np.empty(n_strat, np.int64)
    line = np.empty((n_strat, MAX_LINE), np.int64)
    lfirst = np.empty(n_strat, np.int64)
    llast = np.empty(n_strat, np.int64)
    stake = np.zeros(n_strat, np.int64)
    box = np.zeros(n_strat, np.int64)
    any_exact = False
    for i in range(n_strat):
        if kinds[i] == COUNT or kinds[i] == PERFECT:
            any_exact = True
    track = trace_unseen.shape[0] > 0
    s = first
    while dealt < budget and s < stop:
        if any_exact and plan_coups != 0:
            if s >= planned_first + planned_shoes:  # count the shoes ahead
                planned_first = s
                room = budget - dealt
                planned_shoes, listed = plan_shoes(
                    chunk_seed, s, base, full, burn, cut, wide, room, cards, starts, outs,
                    comps, offsets,
                )  # fmt: skip
                decide_rows(comps, 0, listed, levels32, gamma, levels, epay, val)
            row = offsets[s - planned_first]
        shuffle(cards, base, derive_seed(chunk_seed, s))
        if any_exact and plan_coups == 0:  # every composition of the shoe, in one pass
            planned = deal_shoe(cards, burn, cut, wide, starts, outs)
            exact_classes(cards, full, burn, starts, planned, levels, ex)
            exact_values(ex, planned, epay, val)
        pos = 0
        for j in range(n_count):
            running[counters[j]] = 0
        for v in range(10):
            unseen[v] = full[v]
        if burn:
            turned = cards[0]
            unseen[turned] -= 1
            for j in range(n_count):
                running[counters[j]] = tags[counters[j], turned]
            pos = 1 + (turned if turned != 0 else 10)
        for i in range(n_strat):
            bank[i] = params[i, P_BANKROLL] * scale
            level[i] = 1
            aux[i] = 0
            ruined[i] = 0
            lfirst[i] = 0
            llast[i] = line0[i, 0]
            for j in range(1, llast[i] + 1):
                line[i, j - 1] = line0[i, j]
            for r in range(results.shape[2]):
                results[s, i, r] = 0
        # History for follow-the-shoe: last non-tie winner and its streak.
        last_winner = -1
        streak = 0
        k = 0
        p_count = 0
        b_count = 0
        e_count = 0
        complete = 1
        while True:
            if dealt >= budget:
                complete = 0
                break
            last = pos >= limit
            # Each strategy chooses its box and stake before the coup.
            want_box = -1
            if any_exact:
                best = np.int64(0)
                for candidate in range(COUNT_BOXES):
                    value = val[row + k, candidate]
                    if value > best:
                        best = value
                        want_box = candidate
            for i in range(n_strat):
                kind = kinds[i]
                stake[i] = 0
                if ruined[i]:
                    continue
                unit = params[i, P_UNIT]
                b = boxes[i]
                desired = unit
                if kind == MARTINGALE or kind == PAROLI or kind == DALEMBERT:
                    desired = unit * level[i]
                elif kind == FIBONACCI:
                    desired = unit * _fib(level[i] - 1)
                elif kind == S1326:
                    desired = unit * (1, 3, 2, 6)[aux[i]]
                elif kind == LABOUCHERE:
                    if llast[i] - lfirst[i] == 1:
                        desired = unit * line[i, lfirst[i]]
                    else:
                        desired = unit * (line[i, lfirst[i]] + line[i, llast[i] - 1])
                elif kind == FOLLOW:
                    b = last_winner
                elif kind == AGAINST:
                    b = -1
                    if last_winner >= 0 and streak >= params[i, P_ARG]:
                        b = 1 - last_winner
                elif kind == COUNT:
                    b = want_box
                elif kind == PERFECT:
                    if val[row + k, b] <= 0:
                        b = -1
                elif kind == LINEAR_COUNT:
                    # True count (running count per deck left) at least the trigger.
                    if running[i] * 52 < params[i, P_ARG] * (n - pos):
                        b = -1
                if b < 0:
                    continue
                bet = min(desired, params[i, P_MAX])
                bet = min(bet, bank[i] // scale)
                if bet < params[i, P_MIN]:
                    ruined[i] = 1
                    results[s, i, R_RUINED] = 1
                    continue
                stake[i] = bet
                box[i] = b
            used, outcome = coup_at(cards, pos, n, wide)
            if used == 0:
                break
            cls = np.int64(wide_cls[wide_index(cards, pos)])
            if s < trace_unseen.shape[0] and k < trace_unseen.shape[1]:
                for v in range(10):
                    trace_unseen[s, k, v] = unseen[v]
            for c in range(pos, pos + used):
                for j in range(n_count):
                    running[counters[j]] += tags[counters[j], cards[c]]
                if track:
                    unseen[cards[c]] -= 1
            pos += used
            k += 1
            dealt += 1
            if outcome == 0:
                p_count += 1
            elif outcome == 1:
                b_count += 1
            else:
                e_count += 1
            for i in range(n_strat):
                bet = stake[i]
                if bet == 0:
                    if s < trace_bank.shape[0] and k - 1 < trace_bank.shape[1]:
                        trace_bank[s, k - 1, i] = bank[i]
                    continue
                b = box[i]
                unit_net = price[cls, b]
                won = unit_net > 0
                push = unit_net == 0
                net = bet * unit_net
                bank[i] += net
                results[s, i, R_NET] += net
                results[s, i, R_BETS] += 1
                results[s, i, R_WAGERED] += bet
                coup_stats[i] += float(net) * float(net)
                if s < trace_bank.shape[0] and k - 1 < trace_bank.shape[1]:
                    trace_bank[s, k - 1, i] = bank[i]
                if push:
                    continue
                kind = kinds[i]
                unit = params[i, P_UNIT]
                if kind == MARTINGALE:
                    if won:
                        level[i] = 1
                    elif unit * level[i] < params[i, P_MAX]:
                        level[i] *= 2
                elif kind == PAROLI:
                    if won and aux[i] + 1 < params[i, P_ARG]:
                        aux[i] += 1
                        level[i] *= 2
                    else:
                        aux[i] = 0
                        level[i] = 1
                elif kind == DALEMBERT:
                    if won:
                        level[i] = max(1, level[i] - 1)
                    elif unit * level[i] < params[i, P_MAX]:
                        level[i] += 1
                elif kind == FIBONACCI:
                    if won:
                        level[i] = max(1, level[i] - 2)
                    elif unit * _fib(level[i] - 1) < params[i, P_MAX]:
                        level[i] += 1
                elif kind == S1326:
                    aux[i] = (aux[i] + 1) % 4 if won else 0
                elif kind == LABOUCHERE:
                    if won:
                        lfirst[i] += 1
                        llast[i] -= 1
                        if llast[i] <= lfirst[i]:
                            lfirst[i] = 0
                            llast[i] = line0[i, 0]
                            for j in range(1, llast[i] + 1):
                                line[i, j - 1] = line0[i, j]
                    else:
                        if llast[i] >= MAX_LINE:
                            # Compact the line; start afresh when it is full.
                            length = llast[i] - lfirst[i]
                            if length >= MAX_LINE:
                                lfirst[i] = 0
                                llast[i] = line0[i, 0]
                                for j in range(1, llast[i] + 1):
                                    line[i, j - 1] = line0[i, j]
                            else:
                                for j in range(length):
                                    line[i, j] = line[i, lfirst[i] + j]
                                lfirst[i] = 0
                                llast[i] = length
                                line[i, llast[i]] = bet // unit
                                llast[i] += 1
                        else:
                            line[i, llast[i]] = bet // unit
                            llast[i] += 1
            if outcome != 2:
                if outcome == last_winner:
                    streak += 1
                else:
                    last_winner = outcome
                    streak = 1
            if last:
                break
        shoes[s, S_COUPS] = k
        shoes[s, S_PUNTO] = p_count
        shoes[s, S_BANCO] = b_count
        shoes[s, S_EGALITE] = e_count
        shoes[s, S_COMPLETE] = complete
        s += 1
    return s
