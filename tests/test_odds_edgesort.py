"""Edge sorting: Jacobson's published figures to their last digit
(tests/data/edge_sorting_8_decks.txt), the search over every grouping, and a brute
force over every ordered deal of tiny shoes by rank, dealt by the game's ``coup.deal``."""

from __future__ import annotations

import itertools
import random
from collections import Counter, defaultdict
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import Card, Suit
from puntobanco.coup import deal
from puntobanco.errors import InvalidAnalysisError
from puntobanco.odds.edgesort import EdgeSort, best_grouping, edge_sort, groupings
from puntobanco.odds.facts import RANKS, rank_composition
from puntobanco.paytable import Facts, configuration

DATA = Path(__file__).parent / "data" / "edge_sorting_8_decks.txt"


def rows() -> list[list[str]]:
    lines = DATA.read_text(encoding="utf-8").splitlines()
    return [line.split() for line in lines if line.strip() and not line.startswith("#")]


@cache
def analysis(high: str) -> EdgeSort:
    return edge_sort(rank_composition(8), [int(d) for d in high])


def percent(value: Fraction, published: str) -> bool:
    """``value`` (a fraction of 1) rounds, in percent, to ``published``."""
    places = -Decimal(published).as_tuple().exponent  # type: ignore[operator]
    ours = value * 100
    return round(Decimal(ours.numerator) / Decimal(ours.denominator), places) == Decimal(published)


@pytest.mark.parametrize("row", rows(), ids=" ".join)
def test_jacobsons_edge_sorting_figure_to_the_last_digit(row: list[str]) -> None:
    kind, *rest = row
    if kind == "search":
        assert percent(best_grouping(rank_composition(8)).edge, rest[0])
        return
    sort = analysis(rest[0])
    patterns = {p.name: p for p in sort.patterns}
    if kind == "edge":
        assert percent(sort.edge, rest[1])
    elif kind == "probability":
        assert percent(patterns[rest[1]].probability, rest[2])
    elif kind == "gain":
        assert percent(patterns[rest[1]].choice.gain, rest[2])
    elif kind == "best":
        assert (patterns[rest[1]].best or "none") == rest[2]
    elif kind == "most":
        assert sort.best_pattern.name == rest[1]
    else:
        assert kind == "tie-only"
        ties = sum((p.probability for p in sort.patterns if p.best == "egalite"), Fraction(0))
        assert percent(ties, rest[1])


def test_the_search_finds_the_high_group_four_to_nine() -> None:
    best = best_grouping(rank_composition(8))
    assert best.high == frozenset(range(4, 10)) and best.low == frozenset(range(4))
    assert best.edge == edge_sort(rank_composition(8), range(4, 10)).edge


def test_no_grouping_tried_beats_the_one_the_search_finds() -> None:
    ranks = rank_composition(1)
    best = best_grouping(ranks)
    assert len(groupings()) == 511 and all(0 not in g for g in groupings())
    for group in random.Random(38).sample(groupings(), 12):
        assert edge_sort(ranks, group).edge <= best.edge
    assert edge_sort(ranks, best.high).edge == best.edge


def test_a_grouping_and_its_mirror_are_worth_the_same() -> None:
    ranks = rank_composition(2)
    assert edge_sort(ranks, {0, 1, 2, 3}).edge == edge_sort(ranks, range(4, 10)).edge


def brute_force(ranks: list[int], high: set[int]) -> dict[str, list[Counter[Facts]]]:
    cards = [Card(r, Suit.SPADES) for r, n in zip(RANKS, ranks, strict=True) for _ in range(n)]
    seen: dict[str, list[Counter[Facts]]] = defaultdict(lambda: [Counter()])
    letters = "LH"
    for s in itertools.permutations(cards, 6):
        punto = sorted(letters[c.point in high] for c in (s[0], s[2]))
        banco = sorted(letters[c.point in high] for c in (s[1], s[3]))
        seen["".join(punto) + "/" + "".join(banco)][0][Facts.of(deal(iter(s).__next__))] += 1
    return seen


@settings(max_examples=6, deadline=None)
@given(
    st.lists(st.integers(0, 12), min_size=6, max_size=7),
    st.sets(st.integers(0, 9), min_size=1, max_size=9),
)
def test_every_pattern_agrees_with_a_brute_force_over_every_ordered_deal(
    picked: list[int], high: set[int]
) -> None:
    ranks = [picked.count(i) for i in range(13)]
    paytable = configuration("ez", ["pairs", "dragon-bonus"])
    seen = brute_force(ranks, high)
    sort = edge_sort(ranks, high, paytable)
    whole = sum(sum(c[0].values()) for c in seen.values())
    for p in sort.patterns:
        found = seen.get(p.name, [Counter()])[0]
        n = sum(found.values())
        assert p.sequences == n and p.probability == Fraction(n, whole)
        if n:
            wanted = tuple(
                sum((k * w.price(f) for f, k in found.items()), Fraction(0)) / n
                for w in paytable.wagers
            )
            assert p.expectations == wanted
        else:
            assert p.expectations is None and p.best is None


@pytest.mark.parametrize("high", [(), tuple(range(10)), (3, 10), (-1,)])
def test_a_group_that_is_not_one_of_two_is_refused(high: tuple[int, ...]) -> None:
    with pytest.raises(InvalidAnalysisError):
        edge_sort(rank_composition(8), high)
