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

Amounts are integers in hundredths of a unit (Banco pays 19 for 20, or 24
for 25 at 4%), so every bankroll is exact. Every coup falls in a class of
the paytable (``puntobanco.sim.classes``: coups that pay every bet alike),
looked up like its outcome; a bet's net is its class's price.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from puntobanco.jit import numba
from puntobanco.odds.batch import BLOCK, counts_levels
from puntobanco.sim.decisions import COUNT_BOXES, decide_rows, exact_values
from puntobanco.sim.shuffle import U64, derive_seed, seeded_state, shuffle, swap_step
from puntobanco.sim.strategies import (
    AGAINST,
    COUNT,
    DALEMBERT,
    DRAGON_COUNT,
    FIBONACCI,
    FOLLOW,
    LABOUCHERE,
    MARTINGALE,
    PAROLI,
    PERFECT,
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
    at ``pos`` (its cell from ``_wide_index``, inlined: unsigned indices, no
    negative-index fix-up, the chain from one coup's start to the next short)."""
    return wide[np.uint64(_wide_index(cards, pos))]


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
def _wide_index(cards: Any, pos: Any) -> Any:
    """The ``tableau.wide_coup_table()`` cell of the coup at ``pos``."""
    u = np.uint64(pos)
    pt = np.int64(cards[u]) + np.int64(cards[u + U64(2)])
    bt = np.int64(cards[u + U64(1)]) + np.int64(cards[u + U64(3)])
    if pt >= 10:
        pt -= 10
    if bt >= 10:
        bt -= 10
    tail = np.int64(cards[u + U64(4)]) * 10 + np.int64(cards[u + U64(5)])
    return ((pt << 11) | (bt << 7)) + tail


@numba.njit(cache=True, nogil=True)
def exact_classes(
    cards: Any, full: Any, burn: Any, starts: Any, k: Any, levels: Any, ex: Any
) -> None:
    """Exact class counts of the cards not yet seen before each of the k coups
    of a dealt shoe (coup j starts at ``starts[j]``), into ``ex[j]``: all of a
    shoe's compositions in blocks of ``BLOCK`` through ``counts_levels`` (tables
    ``levels`` of ``odds.batch.level_tables``, the dropped class last). The
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


#: Compositions counted ahead by ``run_chunk``: the shoes that fit are planned
#: together, so the vector blocks of ``counts_levels`` are full across shoes
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
def run_chunk(
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
    ``coup_stats[i]`` (sum of squared nets) per coup; the first shoes' bankrolls
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
    tags = np.array([0, 0, 0, 0, -1, -1, -1, -1, 2, 2], np.int64)  # Jacobson's Dragon 7
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
        running = 0
        for v in range(10):
            unseen[v] = full[v]
        if burn:
            turned = cards[0]
            unseen[turned] -= 1
            running = tags[turned]
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
                elif kind == DRAGON_COUNT:
                    # True count (running count per deck left) at least the trigger.
                    if running * 52 < params[i, P_ARG] * (n - pos):
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
            used, outcome = _coup(cards, pos, n, wide)
            if used == 0:
                break
            cls = np.int64(wide_cls[_wide_index(cards, pos)])
            if s < trace_unseen.shape[0] and k < trace_unseen.shape[1]:
                for v in range(10):
                    trace_unseen[s, k, v] = unseen[v]
            for c in range(pos, pos + used):
                running += tags[cards[c]]
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


@numba.njit(inline="always")
def _rank_index(ranks: Any, points: Any, pos: Any) -> Any:
    """``_wide_index`` of a shoe held as ranks (``points[rank]`` is its value)."""
    u = np.uint64(pos)
    pt = np.int64(points[ranks[u]]) + np.int64(points[ranks[u + U64(2)]])
    bt = np.int64(points[ranks[u + U64(1)]]) + np.int64(points[ranks[u + U64(3)]])
    if pt >= 10:
        pt -= 10
    if bt >= 10:
        bt -= 10
    tail = np.int64(points[ranks[u + U64(4)]]) * 10 + np.int64(points[ranks[u + U64(5)]])
    return ((pt << 11) | (bt << 7)) + tail


@numba.njit(cache=True, nogil=True)
def run_classes_chunk(
    chunk_seed: Any,
    base: Any,
    points: Any,
    burn: Any,
    cut: Any,
    budget: Any,
    cells: Any,
    klass: Any,
    prices: Any,
    outcome: Any,
    shoes: Any,
    nets: Any,
    class_sums: Any,
) -> Any:
    """Flat bets of any paytable and side bets: ``run_flat_chunk`` that counts,
    per shoe, the coups of each class of the paytable into ``classes[s]``.

    The shoe is shuffled as ranks (``base`` holds the rank index of each card
    of ``fresh_order(decks)``; the same draws give the same order as the
    points), ``points[rank]`` is a rank's value, ``cells`` is
    ``classes.cell_table()`` (final totals and cards, and the cards used) and
    ``klass`` maps a cell and the two pair flags to a class, ``prices[c, w]``
    is a unit's net on bet w in class c and ``outcome[c]`` the class's winner.
    Pipelined as ``run_flat_chunk``: the next shoe is shuffled while this one
    is dealt. Fills ``shoes[s]``, each flat bet's net of the shoe in
    ``nets[s, w]`` and adds the coups of each class to ``class_sums``;
    returns the number of shoes.
    """
    n = base.shape[0]
    ca = np.zeros(n + PAD, np.int8)
    cb = np.zeros(n + PAD, np.int8)
    n_cls = prices.shape[0]
    n_bets = prices.shape[1]
    counted = np.zeros(n_cls, np.int64)
    limit = n - cut if cut != NO_CUT else n + 1
    shuffle(ca, base, derive_seed(chunk_seed, 0))
    dealt = 0
    s = 0
    while dealt < budget:
        for x in range(n):
            cb[x] = base[x]
        s0, s1, s2, s3 = seeded_state(derive_seed(chunk_seed, s + 1))
        i = n - 1
        pos = 0
        if burn:
            turned = points[ca[0]]
            pos = 1 + (turned if turned != 0 else 10)
        for c in range(n_cls):
            counted[c] = 0
        k = 0
        complete = 1
        while True:
            if dealt >= budget:
                complete = 0
                break
            last = pos >= limit
            code = np.int64(cells[_rank_index(ca, points, pos)])
            used = int(code & 7)
            if i >= STEPS_PER_COUP:
                s0, s1, s2, s3 = swap_step(cb, i, s0, s1, s2, s3)
                s0, s1, s2, s3 = swap_step(cb, i - 1, s0, s1, s2, s3)
                s0, s1, s2, s3 = swap_step(cb, i - 2, s0, s1, s2, s3)
                s0, s1, s2, s3 = swap_step(cb, i - 3, s0, s1, s2, s3)
                s0, s1, s2, s3 = swap_step(cb, i - 4, s0, s1, s2, s3)
                i -= STEPS_PER_COUP
            if pos + used > n:
                break
            flags = 2 * (ca[pos] == ca[pos + 2]) + (ca[pos + 1] == ca[pos + 3])
            counted[klass[(code >> 3) * 4 + flags]] += 1
            pos += used
            k += 1
            dealt += 1
            if last:
                break
        while i > 0:
            s0, s1, s2, s3 = swap_step(cb, i, s0, s1, s2, s3)
            i -= 1
        p = b = e = np.int64(0)
        for w in range(n_bets):
            nets[s, w] = 0
        for c in range(n_cls):
            m = counted[c]
            if m:
                class_sums[c] += m
                if outcome[c] == 0:
                    p += m
                elif outcome[c] == 1:
                    b += m
                else:
                    e += m
                for w in range(n_bets):
                    nets[s, w] += m * prices[c, w]
        shoes[s, S_PUNTO] = p
        shoes[s, S_BANCO] = b
        shoes[s, S_EGALITE] = e
        shoes[s, S_COUPS] = k
        shoes[s, S_COMPLETE] = complete
        s += 1
        ca, cb = cb, ca
    return s
