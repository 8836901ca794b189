"""Effects of removal by rank: a published table to its last digit
(tests/data/removal_8_decks.txt), and each effect the exact change it says it is."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from puntobanco.cards import Rank, parse_cards
from puntobanco.cli import main
from puntobanco.errors import InvalidAnalysisError
from puntobanco.odds.facts import RANKS, analyse_table, rank_composition
from puntobanco.odds.removal import RankEffects, effects_by_rank, effects_of_removal
from puntobanco.paytable import EZ, STANDARD, configuration

DATA = Path(__file__).parent / "data" / "removal_8_decks.txt"


def published() -> list[tuple[str, str, Rank, int, str]]:
    rows = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            kind, bet, rank, cards, value = line.split()
            rows.append((kind, bet, Rank(rank), int(cards), value))
    return rows


@cache
def eight_decks(cards: int) -> RankEffects:
    return effects_by_rank(8, STANDARD, cards=cards)


@pytest.mark.parametrize(("kind", "bet", "rank", "cards", "value"), published())
def test_a_published_effect_of_removal_to_its_last_digit(
    kind: str, bet: str, rank: Rank, cards: int, value: str
) -> None:
    effects = eight_decks(cards)
    row = (effects.probability if kind == "probability" else effects.expectation)[RANKS.index(rank)]
    assert row is not None
    places = -Decimal(value).as_tuple().exponent  # type: ignore[operator]
    ours = row[bet]
    assert round(Decimal(ours.numerator) / Decimal(ours.denominator), places) == Decimal(value)


def test_an_effect_is_the_exact_change_of_the_bet_when_the_cards_leave() -> None:
    removed = parse_cards("KH KS KD KC QH 9S")  # zero ranks now uneven: pairs tell them apart
    paytable = configuration("ez", ["pairs", "dragon-bonus"])
    effects = effects_by_rank(1, paytable, removed=removed, cards=2)
    before = analyse_table(rank_composition(1, removed), paytable)
    for i, rank in enumerate(RANKS):
        row = effects.expectation[i]
        if rank is Rank.KING:  # none left
            assert row is None and effects.probability[i] is None
            continue
        assert row is not None
        ranks = list(rank_composition(1, removed))
        ranks[i] -= 2
        after = analyse_table(ranks, paytable)
        for w in paytable.wagers:
            assert row[w.key] == after.expectation(w) - before.expectation(w)
            prob = effects.probability[i]
            assert prob is not None and prob[w.key] == after.probability(w) - before.probability(w)
    ten, queen = (effects.expectation[RANKS.index(r)] for r in (Rank.TEN, Rank.QUEEN))
    assert ten is not None and queen is not None and ten["punto_pair"] != queen["punto_pair"]


def test_without_pairs_each_rank_has_its_point_value_s_effect() -> None:
    by_rank = effects_by_rank(6, EZ)
    by_value = effects_of_removal(6, EZ)
    for rank in RANKS:
        for key in EZ.keys:
            assert by_rank.effect(rank, key) == by_value.effect(rank.point, key)


def test_jacobson_s_tags_have_the_signs_of_the_effects_of_removal() -> None:
    from puntobanco.counts import DRAGON_7, PANDA_8

    effects = effects_by_rank(8, EZ)
    for system in (DRAGON_7, PANDA_8):
        for rank, tag in zip(RANKS, system.tags, strict=True):
            effect = effects.effect(rank, system.bet)
            assert effect is not None
            # A card whose leaving raises the bet's expectation counts up as it leaves.
            assert tag == 0 or (tag > 0) == (effect > 0), (system.name, rank, tag, effect)


@pytest.mark.parametrize("cards", [0, 33, -1])
def test_more_cards_of_a_rank_than_the_shoe_holds_is_refused(cards: int) -> None:
    with pytest.raises(InvalidAnalysisError) as caught:
        effects_by_rank(8, cards=cards)
    assert caught.value.params == {"cards": cards, "most": 32}


def test_odds_effects_by_rank_json_has_both_tables_exact(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["odds", "--effects", "--by-rank", "--out", "2", "--json"])
    data = json.loads(capsys.readouterr().out)
    effects = eight_decks(2)
    assert code == 0 and data["by_rank"] is True and data["cards"] == 2
    assert list(data["effects"]) == [r.value for r in RANKS]
    four = RANKS.index(Rank.FOUR)
    assert data["probabilities"]["4"]["punto"].startswith("-0.0000870460")  # as published
    exact = data["exact"]["probabilities"]["4"]["punto"]
    assert Fraction(exact) == (effects.probability[four] or {})["punto"]


def test_odds_effects_json_gives_the_exact_fractions_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["odds", "--effects", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert Fraction(data["exact"]["4"]["banco"]) == effects_of_removal(8).effect(4, "banco")
