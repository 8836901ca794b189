"""Exact odds of every paytable and side bet: brute force on tiny shoes by rank, and
the published 8-deck analyses to their last digit (tests/data/paytables_8_decks.txt)."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import Card, Suit
from puntobanco.coup import Outcome, deal
from puntobanco.odds import analyse, composition
from puntobanco.odds.facts import RANKS, analyse_table, fact_counts, rank_composition, values_of
from puntobanco.paytable import PAYTABLES, Facts, configuration

DATA = Path(__file__).parent / "data" / "paytables_8_decks.txt"


def brute_force(ranks: list[int]) -> Counter[Facts]:
    """Deal every ordered six-card sequence of a tiny shoe and count the facts."""
    cards = [Card(r, Suit.SPADES) for r, n in zip(RANKS, ranks, strict=True) for _ in range(n)]
    out: Counter[Facts] = Counter()
    for sequence in itertools.permutations(cards, 6):
        out[Facts.of(deal(iter(sequence).__next__))] += 1
    return out


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=6, max_size=8))
def test_a_brute_force_over_every_ordered_deal_by_rank_agrees(picked: list[int]) -> None:
    ranks = [picked.count(i) for i in range(13)]
    assert fact_counts(ranks) == dict(brute_force(ranks))


def test_court_cards_that_pair_only_by_rank_agree_with_brute_force() -> None:
    ranks = [1, 0, 0, 1, 0, 0, 0, 0, 0, 2, 1, 2, 1]  # 10 10 J Q Q K: value 0 pairs by rank only
    assert fact_counts(ranks) == dict(brute_force(ranks))


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_the_facts_add_up_to_the_outcome_counts(decks: int) -> None:
    cells = fact_counts(rank_composition(decks))
    assert sum(cells.values()) == math.perm(52 * decks, 6)
    by_winner = Counter[Outcome]()
    for facts, c in cells.items():
        by_winner[facts.winner] += c
    odds = analyse(composition(decks))
    assert [by_winner[o] for o in Outcome] == [odds.count(o) for o in Outcome]
    assert values_of(rank_composition(decks)) == composition(decks)


def test_the_standard_boxes_agree_with_the_outcome_analysis() -> None:
    a = analyse_table(rank_composition(6), PAYTABLES["standard"])
    odds = analyse(composition(6))
    for o in Outcome:
        assert a.house_edge(o.value) == odds.house_edge(o)


def test_a_pair_is_two_cards_of_one_rank_among_the_cards_left() -> None:
    ranks = rank_composition(8)
    a = analyse_table(ranks, configuration("standard", ["pairs"]))
    n = sum(ranks)
    pair = Fraction(sum(k * (k - 1) for k in ranks), n * (n - 1))
    assert a.probability("punto_pair") == pair == a.probability("banco_pair")
    assert a.house_edge("punto_pair") == 1 - 12 * pair


def _agrees(ours: int, published: int) -> bool:
    digits = len(str(published))
    if digits >= 16 and published % 10 == 0:  # a spreadsheet's 15 significant digits
        return abs(ours - published) < 10 ** (digits - 15)  # type: ignore[no-any-return]
    return ours == published


def _rounded(value: Fraction, published: str) -> Decimal:
    places = len(published.split(".")[1])
    return Decimal(round(value * 10**places)) / Decimal(10**places)


def _published() -> list[tuple[str, ...]]:
    rows = []
    for raw in DATA.read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            rows.append(tuple(raw.split()))
    return rows


def test_the_data_file_cites_a_source_for_every_figure() -> None:
    text = DATA.read_text(encoding="utf-8")
    assert text.count("# Source:") >= 5
    assert len(_published()) >= 40


@pytest.mark.parametrize("row", _published(), ids=" ".join)
def test_published_8_deck_figures(row: tuple[str, ...]) -> None:
    kind, table_name, bet = row[:3]
    name, _, side = table_name.partition("+")
    a = analyse_table(rank_composition(8), configuration(name, side.split(",") if side else []))
    if kind == "line":
        lines = a.by_line(bet)
        index = -1 if row[3] == "lost" else int(row[3])
        assert _agrees(lines[index], int(row[4].replace(",", "")))
    elif kind == "wins":
        assert _agrees(a.wins(bet), int(row[3].replace(",", "")))
    elif kind == "edge":
        assert _rounded(a.house_edge(bet), row[3]) == Decimal(row[3])
    else:
        assert kind == "prob"
        assert _rounded(a.probability(bet), row[3]) == Decimal(row[3])


KEYS = [
    "punto", "banco", "egalite", "dragon_7", "panda_8",
    "punto_pair", "banco_pair", "dragon_bonus_punto", "dragon_bonus_banco",
]  # fmt: skip


def test_odds_json_has_one_key_per_bet_of_the_configuration(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from puntobanco.cli import main

    args = ["odds", "--paytable", "ez", "--side-bets", "pairs,dragon-bonus", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    for part in (data["probabilities"], data["house_edge"]):
        assert list(part) == KEYS
    for part in (data["exact"]["probabilities"], data["exact"]["house_edge"]):
        assert list(part) == KEYS
    assert Fraction(data["exact"]["house_edge"]["dragon_7"]) == analyse_table(
        rank_composition(8), PAYTABLES["ez"]
    ).house_edge("dragon_7")


def test_odds_effects_cover_every_side_bet(capsys: pytest.CaptureFixture[str]) -> None:
    from puntobanco.cli import main

    assert main(["odds", "--decks", "1", "--paytable", "ez", "--effects", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["effects"]["8"]) == KEYS[:5]
    # Jacobson's Dragon 7 tags follow the signs: an 8 or 9 seen helps, a 4 to 7 hurts.
    assert all(Fraction(data["effects"][v]["dragon_7"]) > 0 for v in "89")
    assert all(Fraction(data["effects"][v]["dragon_7"]) < 0 for v in "4567")


def test_an_unknown_side_bet_is_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from puntobanco.cli import main

    assert main(["--lang", "en", "odds", "--side-bets", "lucky-6"]) != 0
    assert "lucky-6" in capsys.readouterr().err
