"""The known card: Jacobson's published edges to their last digit
(tests/data/known_card_8_decks.txt), and a brute force over every ordered deal of
tiny shoes by rank, dealt by the game's own ``coup.deal``."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import Card, Suit
from puntobanco.coup import deal
from puntobanco.errors import InvalidAnalysisError
from puntobanco.odds.facts import RANKS, rank_composition
from puntobanco.odds.known import known_card
from puntobanco.paytable import STANDARD, Facts, Paytable, configuration

DATA = Path(__file__).parent / "data" / "known_card_8_decks.txt"


def published() -> list[tuple[int, Decimal]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            _, position, value = line.split()
            rows.append((int(position), Decimal(value)))
    return rows


@pytest.mark.parametrize(("position", "edge"), published())
def test_jacobsons_known_card_edge_to_the_last_digit(position: int, edge: Decimal) -> None:
    ours = known_card(rank_composition(8), position).edge * 100
    places = -edge.as_tuple().exponent  # type: ignore[operator]
    assert round(Decimal(ours.numerator) / Decimal(ours.denominator), places) == edge


def test_with_banco_s_first_card_a_5_no_bet_is_positive_so_none_is_made() -> None:
    known = known_card(rank_composition(8), 2)
    five = known.values[5]
    assert five.best is None and five.choice.gain == 0
    assert five.expectations is not None and max(five.expectations) < 0
    # Betting Punto there anyway (its best bet) would lose: the published 6.406 % needs no bet.
    forced = known.edge + five.probability * max(five.expectations)
    assert round(float(forced) * 100, 3) != 6.406


@pytest.mark.parametrize(("first", "second"), [(1, 3), (2, 4)])
def test_a_hand_s_two_cards_are_worth_the_same(first: int, second: int) -> None:
    ranks = rank_composition(6, ())
    a, b = known_card(ranks, first), known_card(ranks, second)
    assert [v.expectations for v in a.values] == [v.expectations for v in b.values]


def brute_force(ranks: list[int], paytable: Paytable) -> dict[tuple[int, int], list[Fraction]]:
    """For each (position, value): the sequences, then each wager's summed net."""
    cards = [Card(r, Suit.SPADES) for r, n in zip(RANKS, ranks, strict=True) for _ in range(n)]
    seen: dict[tuple[int, int], Counter[Facts]] = defaultdict(Counter)
    wagers = paytable.wagers
    for sequence in itertools.permutations(cards, 6):
        facts = Facts.of(deal(iter(sequence).__next__))
        for position, card in enumerate(sequence, start=1):
            seen[position, card.point][facts] += 1
    return {
        key: [
            Fraction(sum(found.values())),
            *(sum((n * w.price(f) for f, n in found.items()), Fraction(0)) for w in wagers),
        ]
        for key, found in seen.items()
    }


@settings(max_examples=8, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=6, max_size=7))
def test_every_position_agrees_with_a_brute_force_over_every_ordered_deal(
    picked: list[int],
) -> None:
    ranks = [picked.count(i) for i in range(13)]
    paytable = configuration("ez", ["pairs", "dragon-bonus"])
    sums = brute_force(ranks, paytable)
    whole = sum(row[0] for (position, _), row in sums.items() if position == 1)
    for position in range(1, 7):
        known = known_card(ranks, position, paytable)
        for v in known.values:
            row = sums.get((position, v.value))
            if row is None:
                assert v.sequences == 0 and v.expectations is None
                continue
            assert v.sequences == row[0]
            assert v.probability == Fraction(row[0], whole)
            assert v.expectations == tuple(x / row[0] for x in row[1:])


def test_court_cards_that_pair_only_by_rank_agree_with_the_brute_force() -> None:
    ranks = [1, 0, 0, 1, 0, 0, 0, 0, 0, 2, 1, 2, 1]  # 10 10 J Q Q K: pairs of value 0 by rank
    paytable = configuration("standard", ["pairs"])
    sums = brute_force(ranks, paytable)
    for position in (1, 2, 5, 6):
        for v in known_card(ranks, position, paytable).values:
            if (row := sums.get((position, v.value))) is not None:
                assert v.expectations == tuple(x / row[0] for x in row[1:])


def test_the_edge_is_the_best_positive_bet_of_each_value_weighted_by_its_chance() -> None:
    known = known_card(rank_composition(1, ()), 5, STANDARD)
    assert sum(v.probability for v in known.values) == 1
    assert known.edge == sum(
        (v.probability * max(Fraction(0), *v.expectations) for v in known.values if v.expectations),
        start=Fraction(0),
    )


@pytest.mark.parametrize("position", [0, 7, -1])
def test_a_known_card_outside_the_coup_is_refused(position: int) -> None:
    with pytest.raises(InvalidAnalysisError) as caught:
        known_card(rank_composition(8), position)
    assert caught.value.params == {"position": position}
