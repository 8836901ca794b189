"""Evidence that the fair shuffle is fair, with fixed seeds; and that the same
tests catch the usual ways of getting a shuffle wrong."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Literal

import numpy as np

from puntobanco import fair
from tests.fair_stats import chi_square, chi_square_p

SEED = hashlib.sha256(b"puntobanco statistical tests").digest()
Variant = Literal["fair", "off_by_one", "any_position"]


def shuffle(cards: list[int], randbelow: Callable[[int], int], variant: Variant) -> None:
    """Fisher-Yates as the scheme writes it, or one of two classic mistakes."""
    n = len(cards)
    for i in range(n - 1, 0, -1):
        if variant == "off_by_one":  # j in [0, i): Sattolo's algorithm, cycles only
            j = randbelow(i)
        elif variant == "any_position":  # j in [0, n): the naive shuffle
            j = randbelow(n)
        else:
            j = randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def words(nonce: int, bits: int) -> Iterator[int]:
    """The scheme's stream for a test shoe, cut down to ``bits``-bit words."""
    stream = fair.stream_words(SEED, "stats", nonce)
    return stream if bits == 32 else (u >> (32 - bits) for u in stream)


def draws(nonce: int, *, bits: int = 32, rejection: bool = True) -> Callable[[int], int]:
    """Bounded draws by the scheme's rejection, or by a bare modulo (biased)."""
    stream = words(nonce, bits)
    if rejection:
        return fair.BoundedDraws(stream, bits=bits).randbelow
    step = stream.__next__
    return lambda n: step() % n


def five_card_p(variant: Variant = "fair", *, bits: int = 32, rejection: bool = True) -> float:
    """120,000 shuffles of a 5-card shoe: chi-square p-value of the 120 orders' counts."""
    shoes = 120_000
    counts: Counter[tuple[int, ...]] = Counter()
    for nonce in range(1, shoes + 1):
        cards = [0, 1, 2, 3, 4]
        shuffle(cards, draws(nonce, bits=bits, rejection=rejection), variant)
        counts[tuple(cards)] += 1
    observed = [counts[order] for order in itertools.permutations(range(5))]
    return chi_square_p(chi_square(observed, [shoes / 120] * 120), 119)


def test_five_card_shoe_shows_all_120_orders_evenly() -> None:
    orders: set[tuple[int, ...]] = set()
    for nonce in range(1, 2001):
        cards = [0, 1, 2, 3, 4]
        fair.fisher_yates(cards, fair.fair_random(SEED, "stats", nonce).randbelow)
        orders.add(tuple(cards))
    assert len(orders) == 120
    assert five_card_p() > 0.001


def test_five_card_test_catches_an_off_by_one_range() -> None:
    assert five_card_p("off_by_one") < 1e-6


def test_five_card_test_catches_a_swap_with_any_position() -> None:
    assert five_card_p("any_position") < 1e-6


def test_five_card_test_catches_modulo_without_rejection_on_4_bit_words() -> None:
    # The same 4-bit words with the scheme's rejection pass: the bias is the modulo's.
    assert five_card_p(bits=4) > 0.001
    assert five_card_p(bits=4, rejection=False) < 1e-6


# Card values by position, 8 decks: 16/52 of a shoe are worth 0, 4/52 each of 1 to 9.
VALUE_P = [16 / 52] + [4 / 52] * 9


def value_by_position_p(shoes: int, variant: Variant = "fair") -> float:
    """Chi-square p-value of card value by position over ``shoes`` 8-deck shoes.

    Each position's values over independent shoes are multinomial, so each
    position's statistic is chi-square with 9 degrees of freedom; the shoes'
    fixed totals only narrow the spread of their sum, so chi-square with
    416 x 9 degrees of freedom is a conservative reference.
    """
    base = [card.point for card in fair.canonical_order(8)]
    values = np.empty((shoes, len(base)), dtype=np.int64)
    for row, nonce in enumerate(range(1, shoes + 1)):
        if variant == "fair":  # the real code path, cards and all
            order = fair.shoe_order(SEED, "eight", nonce, 8)
            values[row] = [card.point for card in order]
        else:
            cards = list(base)
            shuffle(cards, draws(nonce), variant)
            values[row] = cards
    cells = np.arange(len(base)) * 10 + values
    counts = np.bincount(cells.ravel(), minlength=len(base) * 10).reshape(len(base), 10)
    expected = np.array(VALUE_P) * shoes
    statistic = float((((counts - expected) ** 2) / expected).sum())
    return chi_square_p(statistic, len(base) * 9)


def test_ten_thousand_eight_deck_shoes_card_value_by_position() -> None:
    assert value_by_position_p(10_000) > 0.001


def test_value_by_position_catches_a_swap_with_any_position() -> None:
    # The naive shuffle's bias is so large that 1,000 shoes show it.
    assert value_by_position_p(1_000, "any_position") < 1e-6


SIXTEEN = 1 << 16
#: Every range a shoe of 1 to 8 decks draws from is small; these add the edges
#: of the 16-bit word (a power of two, one past it, the largest ranges).
RANGES = [*range(1, 65), 100, 311, 312, 313, 415, 416, 1000, 4097, 21845, 32768, 32769, 65535]


def exhaustive_counts(m: int, *, rejection: bool = True) -> list[int]:
    """Feed every 16-bit word once, in order, to draws in [0, m); count the results."""
    counts = [0] * m
    stream = iter(range(SIXTEEN))
    if rejection:
        draw = fair.BoundedDraws(stream, bits=16).randbelow
    else:
        step = stream.__next__
        draw = lambda n: step() % n  # noqa: E731
    try:
        while True:
            counts[draw(m)] += 1
    except StopIteration:
        pass
    return counts


def test_bounded_draw_is_exact_on_every_16_bit_word() -> None:
    for m in [*RANGES, SIXTEEN]:
        counts = exhaustive_counts(m)
        assert set(counts) == {SIXTEEN // m}, m
        assert sum(counts) == fair.accept_limit(m, 16)


def test_exhaustive_check_catches_modulo_without_rejection() -> None:
    uneven = [m for m in RANGES if len(set(exhaustive_counts(m, rejection=False))) > 1]
    assert uneven == [m for m in RANGES if SIXTEEN % m]
