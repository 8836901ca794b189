"""The compiled table deals exactly as the core's ``Shoe``: same cards, same coups."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import DECK, Card, Rank, Suit
from puntobanco.coup import Outcome, deal
from puntobanco.errors import ShoeExhaustedError
from puntobanco.rng import MAX_SEED, derive_seed
from puntobanco.shoe import Shoe
from puntobanco.sim import engine
from puntobanco.sim.runner import SimConfig, run_chunk
from puntobanco.sim.shuffle import derive_seed as compiled_derive_seed
from puntobanco.sim.shuffle import shuffle
from puntobanco.tableau import coup_table, deck_points, wide_coup_table

INDEX = {Outcome.PUNTO: 0, Outcome.BANCO: 1, Outcome.EGALITE: 2}
POINT_CARD = {0: Card(Rank.KING, Suit.SPADES), 1: Card(Rank.ACE, Suit.SPADES)} | {
    n: Card(Rank(str(n)), Suit.SPADES) for n in range(2, 10)
}


def core_shoe(decks: int, seed: int, cut_card: int | None, burn: bool) -> list[tuple[int, int]]:
    """(cards used, outcome) of every coup the core deals from this shoe."""
    shoe = Shoe(decks, seed=seed, cut_card=cut_card)
    if burn:
        shoe.burn()
    coups = []
    while not shoe.finished:
        before = shoe.dealt
        try:
            coup = shoe.deal_coup()
        except ShoeExhaustedError:
            break
        coups.append((shoe.dealt - before, INDEX[coup.outcome]))
    return coups


def test_the_coup_table_agrees_with_the_core_in_every_cell() -> None:
    table = coup_table()
    for pt in range(10):
        for bt in range(10):
            for c5 in range(10):
                for c6 in range(10):
                    cards = [POINT_CARD[v] for v in (pt, bt, 0, 0, c5, c6)]
                    source = iter(cards)
                    coup = deal(source.__next__)
                    code = int(table[((pt * 10 + bt) * 10 + c5) * 10 + c6])
                    assert (code >> 2, code & 3) == (len(coup.cards), INDEX[coup.outcome])


def test_the_deck_points_are_fresh_order_as_point_values() -> None:
    assert deck_points(2).tolist() == [c.point for c in DECK] * 2


@settings(max_examples=25, deadline=None)
@given(st.integers(0, MAX_SEED), st.integers(1, 8))
def test_the_compiled_shuffle_is_the_cores_shuffle(seed: int, decks: int) -> None:
    base = deck_points(decks)
    cards = np.zeros(len(base) + engine.PAD, dtype=np.int8)
    shuffle(cards, base, np.uint64(seed))
    assert cards[: len(base)].tolist() == [c.point for c in Shoe(decks, seed=seed).order]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, MAX_SEED), st.integers(0, 2**40))
def test_the_compiled_derive_seed_is_the_cores(seed: int, index: int) -> None:
    assert int(compiled_derive_seed(np.uint64(seed), np.uint64(index))) == derive_seed(seed, index)


@pytest.mark.parametrize(
    ("decks", "cut_card", "burn"),
    [
        (8, 16, True),
        (6, 16, True),
        (1, 11, True),
        (1, None, False),
        (8, None, True),
        (2, 30, False),
    ],
)
@pytest.mark.parametrize("seed", [0, 1, 99, MAX_SEED])
def test_every_coup_of_a_shoe_is_the_cores_coup(
    decks: int, cut_card: int | None, burn: bool, seed: int
) -> None:
    base = deck_points(decks)
    cards = np.zeros(len(base) + engine.PAD, dtype=np.int8)
    shuffle(cards, base, np.uint64(seed))
    starts = np.zeros(200, dtype=np.int64)
    outs = np.zeros(200, dtype=np.int64)
    cut = engine.NO_CUT if cut_card is None else cut_card
    k = engine.deal_shoe(cards, burn, cut, wide_coup_table(), starts, outs)
    expected = core_shoe(decks, seed, cut_card, burn)
    assert outs[:k].tolist() == [o for _, o in expected]
    used = np.diff(np.append(starts[:k], starts[k - 1] + expected[-1][0]))
    assert used.tolist() == [u for u, _ in expected]


@pytest.mark.parametrize("strategies", [(), ("martingale:banco",)])
def test_a_chunk_deals_the_shoes_of_its_derived_seeds_and_stops_at_its_budget(
    strategies: tuple[str, ...],
) -> None:
    from puntobanco.sim.strategies import parse_strategy

    config = SimConfig(
        coups=1000,
        decks=2,
        seed=5,
        chunk_coups=300,
        strategies=tuple(parse_strategy(s) for s in strategies),
    )
    result = run_chunk(config, 1)
    assert result.coups == 300 == result.shoes[:, engine.S_COUPS].sum()
    for j, row in enumerate(result.shoes.tolist()):
        coups, p, b, e, complete = row
        expected = [o for _, o in core_shoe(2, config.shoe_seed(1, j), 16, True)]
        if complete:
            assert coups == len(expected)
        else:  # the budget ran out inside the last shoe
            assert j == len(result.shoes) - 1 and coups < len(expected)
        expected = expected[:coups]
        assert (p, b, e) == tuple(expected.count(i) for i in range(3))


def test_the_flat_kernel_and_the_strategy_kernel_deal_the_same_shoes() -> None:
    from puntobanco.sim.strategies import parse_strategy

    flat = SimConfig(coups=50_000, decks=8, seed=3, chunk_coups=50_000)
    played = SimConfig(
        coups=50_000, decks=8, seed=3, chunk_coups=50_000, strategies=(parse_strategy("follow"),)
    )
    assert np.array_equal(run_chunk(flat, 0).shoes, run_chunk(played, 0).shoes)


def test_the_wide_coup_table_holds_the_coup_tables_codes_at_shifted_indices() -> None:
    table = coup_table()
    wide = wide_coup_table()
    for pt in range(10):
        for bt in range(10):
            for tail in range(100):
                cell = (pt << 11) | (bt << 7) | tail
                assert wide[cell] == table[(pt * 10 + bt) * 100 + tail]
    assert np.count_nonzero(wide) == table.size  # every other cell is unused


@pytest.mark.parametrize(
    ("decks", "cut_card", "burn"),
    [
        (8, 16, True),
        (6, 16, True),
        (1, 11, True),
        (1, None, False),
        (8, None, True),
        (2, 30, False),
    ],
)
@pytest.mark.parametrize("budget", [1, 57, 1000, 12_345])
def test_the_pipelined_flat_kernel_deals_each_shoe_as_the_strategy_kernel(
    decks: int, cut_card: int | None, burn: bool, budget: int
) -> None:
    """Shuffling the next shoe while dealing this one changes no shoe, whether
    the budget ends inside a shoe, at its end or after many shoes."""
    from puntobanco.sim.strategies import parse_strategy

    flat = SimConfig(coups=budget, decks=decks, seed=11, cut_card=cut_card, burn=burn)
    played = replace(flat, strategies=(parse_strategy("follow"),))
    flat_shoes = run_chunk(flat, 0).shoes
    assert flat_shoes[:, engine.S_COUPS].sum() == budget
    assert np.array_equal(flat_shoes, run_chunk(played, 0).shoes)
    first = [o for _, o in core_shoe(decks, flat.shoe_seed(0, 0), cut_card, burn)]
    first = first[: flat_shoes[0, engine.S_COUPS]]
    assert flat_shoes[0, 1:4].tolist() == [first.count(i) for i in range(3)]
