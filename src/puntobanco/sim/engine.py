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

Amounts are integers in twentieths of a unit (Banco pays 19 for 20), so
every bankroll is exact.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from puntobanco.jit import numba
from puntobanco.odds.batch import counts_one
from puntobanco.sim.shuffle import U64, derive_seed, seeded_state, shuffle, swap_step
from puntobanco.sim.strategies import (
    AGAINST,
    COUNT,
    DALEMBERT,
    FIBONACCI,
    FOLLOW,
    LABOUCHERE,
    MARTINGALE,
    PAROLI,
    S1326,
)

NO_CUT: Final = -1

#: Columns of a strategy's integer parameters.
P_UNIT, P_MIN, P_MAX, P_BANKROLL, P_ARG = range(5)
N_PARAMS: Final = 5
#: Columns of a shoe's record.
S_COUPS, S_PUNTO, S_BANCO, S_EGALITE, S_COMPLETE = range(5)
#: Columns of a strategy's record for one shoe.
R_NET, R_BETS, R_RUINED, R_WAGERED = range(4)
#: Most cards a burn takes: the turned card and ten burned.
MAX_BURN_CARDS: Final = 11
#: Longest Labouchère line; a line that would grow past it starts afresh.
MAX_LINE: Final = 64


#: Cards read past the end of a shoe by a coup's look-up (never dealt).
PAD: Final = 6


@numba.njit(inline="always")
def _coup_wide(cards: Any, pos: Any, wide: Any) -> Any:
    """The ``tableau.wide_coup_table()`` code (4 * used + outcome) of the coup
    at ``pos``: two-card totals by compare-and-subtract, the cell index by
    shifts, unsigned indices (no negative-index fix-up), so the chain of work
    from one coup's start to the next is as short as it can be."""
    u = np.uint64(pos)
    pt = np.int64(cards[u]) + np.int64(cards[u + U64(2)])
    bt = np.int64(cards[u + U64(1)]) + np.int64(cards[u + U64(3)])
    if pt >= 10:
        pt -= 10
    if bt >= 10:
        bt -= 10
    tail = np.int64(cards[u + U64(4)]) * 10 + np.int64(cards[u + U64(5)])
    return wide[np.uint64(((pt << 11) | (bt << 7)) + tail)]


@numba.njit(inline="always")
def _coup(cards: Any, pos: Any, n: Any, wide: Any) -> tuple[Any, Any]:
    """(cards used, outcome 0 Punto / 1 Banco / 2 Égalité) of the coup at ``pos``;
    (0, -1) when the shoe cannot complete it. ``cards`` has ``PAD`` spare cells."""
    code = _coup_wide(cards, pos, wide)
    used = np.int64(code >> 2)
    if pos + used > n:
        return 0, -1
    return used, np.int64(code & 3)


@numba.njit(cache=True, nogil=True)
def deal_shoe(cards: Any, burn: Any, cut: Any, wide: Any, starts: Any, outs: Any) -> Any:
    """Deal a shuffled shoe (``PAD`` spare cells at the end) to its end: coup i
    starts at ``starts[i]`` and ends in ``outs[i]``; returns the number of coups."""
    n = cards.shape[0] - PAD
    pos = 0
    if burn:
        turned = cards[0]
        pos = 1 + (turned if turned != 0 else 10)
    limit = n - cut if cut != NO_CUT else n + 1
    k = 0
    while True:
        last = pos >= limit
        used, outcome = _coup(cards, pos, n, wide)
        if used == 0:
            break
        starts[k] = pos
        outs[k] = outcome
        k += 1
        pos += used
        if last:
            break
    return k


@numba.njit(inline="always")
def _fib(i: Any) -> Any:
    a = np.int64(1)
    b = np.int64(1)
    for _ in range(i):
        a, b = b, a + b
    return a


@numba.njit(inline="always")
def _count_box(unseen: Any, outcomes: Any, counts: Any, pay: Any, scale: Any) -> Any:
    """The box with the best positive exact expectation on the unseen cards, or -1."""
    counts_one(unseen, outcomes, counts)
    p = counts[0]
    b = counts[1]
    e = counts[2]
    # Expectation times the number of sequences and the scale, exact in int64
    # (at most 180 * 5.3e15 < 9.2e18).
    best = -1
    best_value = np.int64(0)
    values = (
        pay[0] * p - scale * b,
        pay[1] * b - scale * p,
        pay[2] * e - scale * (p + b),
    )
    for box in range(3):
        if values[box] > best_value:
            best_value = values[box]
            best = box
    return best


@numba.njit(cache=True, nogil=True)
def run_chunk(
    chunk_seed: Any,
    base: Any,
    burn: Any,
    cut: Any,
    budget: Any,
    wide: Any,
    pay: Any,
    scale: Any,
    kinds: Any,
    boxes: Any,
    params: Any,
    line0: Any,
    outcomes: Any,
    shoes: Any,
    results: Any,
    coup_stats: Any,
    trace_bank: Any,
    trace_unseen: Any,
) -> Any:
    """Deal shoes from ``chunk_seed`` until exactly ``budget`` coups are dealt
    (the last shoe may be cut short) and play every strategy on them.

    ``pay[box]`` is a winning unit's profit in twentieths (``scale`` = 20);
    ``shoes[s]`` gets the shoe's record, ``results[s, i]`` strategy i's, and
    ``coup_stats[i]`` (sum of squared nets) per coup; the first shoes' bankrolls
    after each coup and unseen compositions before it go to the trace arrays.
    Returns the number of shoes.
    """
    n = base.shape[0]
    n_strat = kinds.shape[0]
    cards = np.zeros(n + PAD, np.int8)
    full = np.zeros(10, np.int64)
    for i in range(n):
        full[base[i]] += 1
    unseen = np.empty(10, np.int64)
    counts = np.empty(3, np.int64)
    limit = n - cut if cut != NO_CUT else n + 1
    bank = np.empty(n_strat, np.int64)
    level = np.empty(n_strat, np.int64)
    aux = np.empty(n_strat, np.int64)
    ruined = np.empty(n_strat, np.int64)
    line = np.empty((n_strat, MAX_LINE), np.int64)
    lfirst = np.empty(n_strat, np.int64)
    llast = np.empty(n_strat, np.int64)
    stake = np.zeros(n_strat, np.int64)
    box = np.zeros(n_strat, np.int64)
    any_count = False
    for i in range(n_strat):
        if kinds[i] == COUNT:
            any_count = True
    # The unseen cards are needed by a counting player and by a trace only.
    track = any_count or trace_unseen.shape[0] > 0
    dealt = 0
    s = 0
    while dealt < budget:
        shuffle(cards, base, derive_seed(chunk_seed, s))
        pos = 0
        for v in range(10):
            unseen[v] = full[v]
        if burn:
            turned = cards[0]
            unseen[turned] -= 1
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
            if any_count:
                want_box = _count_box(unseen, outcomes, counts, pay, scale)
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
            used, outcome = _coup(cards, pos, n, wide)
            if used == 0:
                break
            if s < trace_unseen.shape[0] and k < trace_unseen.shape[1]:
                for v in range(10):
                    trace_unseen[s, k, v] = unseen[v]
            if track:
                for c in range(pos, pos + used):
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
                won = outcome == b
                push = outcome == 2 and b != 2
                if won:
                    net = bet * pay[b]
                elif push:
                    net = 0
                else:
                    net = -bet * scale
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


@numba.njit(inline="always")
def _start(cards: Any, burn: Any) -> Any:
    """Where dealing starts: after the burn when there is one."""
    if burn:
        turned = cards[0]
        return 1 + (turned if turned != 0 else 10)
    return 0


#: Fisher-Yates steps of the next shoe done while one coup of this one is dealt.
STEPS_PER_COUP: Final = 5


@numba.njit(cache=True, nogil=True)
def run_flat_chunk(
    chunk_seed: Any,
    base: Any,
    burn: Any,
    cut: Any,
    budget: Any,
    wide: Any,
    shoes: Any,
) -> Any:
    """``run_chunk`` without strategies: only each shoe's record (flat bets on
    the three chances are settled from its counts). Returns the number of shoes.

    Software-pipelined: while shoe s is dealt, shoe s + 1 is shuffled into the
    other buffer, ``STEPS_PER_COUP`` Fisher-Yates steps per coup. Dealing is one
    chain of dependent look-ups (each coup's start depends on the previous
    coup) and shuffling is independent arithmetic, so the processor runs them
    side by side. Every shoe is still exactly ``shuffle(base, seed)`` (steps
    from n - 1 down, the same draws in the same order); the shoe shuffled
    after the budget is spent is never dealt. ``wide`` is
    ``tableau.wide_coup_table()``.
    """
    n = base.shape[0]
    ca = np.zeros(n + PAD, np.int8)
    cb = np.zeros(n + PAD, np.int8)
    limit = n - cut if cut != NO_CUT else n + 1
    most = n // 4 + 1  # no shoe deals more coups
    shuffle(ca, base, derive_seed(chunk_seed, 0))
    dealt = 0
    s = 0
    while dealt < budget:
        # Start shoe s + 1 in the other buffer.
        for x in range(n):
            cb[x] = base[x]
        s0, s1, s2, s3 = seeded_state(derive_seed(chunk_seed, s + 1))
        i = n - 1
        pos = _start(ca, burn)
        complete = 1
        if budget - dealt >= most:
            # The whole shoe fits in the budget: no budget test per coup, and
            # the three counts packed in one integer (16 bits each).
            packed = 0
            while True:
                last = pos >= limit
                code = _coup_wide(ca, pos, wide)
                used = np.int64(code >> 2)
                if i >= STEPS_PER_COUP:
                    s0, s1, s2, s3 = swap_step(cb, i, s0, s1, s2, s3)
                    s0, s1, s2, s3 = swap_step(cb, i - 1, s0, s1, s2, s3)
                    s0, s1, s2, s3 = swap_step(cb, i - 2, s0, s1, s2, s3)
                    s0, s1, s2, s3 = swap_step(cb, i - 3, s0, s1, s2, s3)
                    s0, s1, s2, s3 = swap_step(cb, i - 4, s0, s1, s2, s3)
                    i -= STEPS_PER_COUP
                if pos + used > n:  # the shoe cannot complete this coup
                    break
                pos += used
                packed += 1 << ((code & 3) << 4)
                if last:
                    break
            p = packed & 0xFFFF
            b = (packed >> 16) & 0xFFFF
            e = packed >> 32
            k = p + b + e
            dealt += k
        else:  # the budget runs out in this shoe, or just at its end
            k = p = b = e = 0
            while True:
                if dealt >= budget:
                    complete = 0
                    break
                last = pos >= limit
                code = _coup_wide(ca, pos, wide)
                used = np.int64(code >> 2)
                if pos + used > n:
                    break
                pos += used
                k += 1
                dealt += 1
                outcome = code & 3
                p += outcome == 0
                b += outcome == 1
                e += outcome == 2
                if last:
                    break
        while i > 0:
            s0, s1, s2, s3 = swap_step(cb, i, s0, s1, s2, s3)
            i -= 1
        shoes[s, S_COUPS] = k
        shoes[s, S_PUNTO] = p
        shoes[s, S_BANCO] = b
        shoes[s, S_EGALITE] = e
        shoes[s, S_COMPLETE] = complete
        s += 1
        ca, cb = cb, ca
    return s
