"""Effects of removal and final totals: exact, and consistent with the core's counts."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import parse_cards
from puntobanco.cli import main
from puntobanco.coup import Outcome
from puntobanco.odds import analyse, composition, outcome_counts
from puntobanco.odds.removal import effects_of_removal
from puntobanco.odds.totals import totals_counts, totals_probabilities
from puntobanco.paytable import TIE_NINE


def outcomes_from_totals(table: tuple[tuple[int, ...], ...]) -> tuple[int, int, int]:
    p = sum(table[a][b] for a in range(10) for b in range(10) if a > b)
    b = sum(table[a][c] for a in range(10) for c in range(10) if c > a)
    return p, b, sum(table[a][a] for a in range(10))


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_final_totals_add_up_to_the_outcome_counts_of_a_full_shoe(decks: int) -> None:
    table = totals_counts(composition(decks))
    assert outcomes_from_totals(table) == outcome_counts(composition(decks))
    assert sum(map(sum, table)) == math.perm(52 * decks, 6)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(0, 20), min_size=10, max_size=10))
def test_final_totals_agree_with_outcome_counts_for_any_shoe(counts: list[int]) -> None:
    assert outcomes_from_totals(totals_counts(counts)) == outcome_counts(counts)


def test_a_shoe_of_nines_always_ties_on_natural_eights() -> None:
    # 9 + 9 = 18 counts 8: both hands are naturals on 8.
    table = totals_counts([0] * 9 + [10])
    assert table[8][8] == math.perm(10, 6)
    assert sum(map(sum, table)) == table[8][8]


def test_totals_probabilities_sum_to_one() -> None:
    assert sum(map(sum, totals_probabilities(composition(8)))) == 1


def test_effect_of_removal_is_the_change_of_the_exact_expectation() -> None:
    effects = effects_of_removal(8)
    counts = list(composition(8))
    counts[4] -= 1
    for box in Outcome:
        expected = analyse(counts).expectation(box) - analyse(composition(8)).expectation(box)
        assert effects.effect(4, box) == expected


def test_removing_a_4_helps_banco_and_removing_a_6_helps_punto() -> None:
    # Removing a 4 helps Banco and hurts Punto; removing a 6 does the opposite
    # (the well-known signs of the 8-deck effects of removal).
    effects = effects_of_removal(8)
    assert effects.effect(4, Outcome.BANCO) > 0
    assert effects.effect(4, Outcome.PUNTO) < 0
    assert effects.effect(6, Outcome.PUNTO) > 0
    assert effects.effect(6, Outcome.BANCO) < 0


def test_effects_with_a_value_gone_are_zero_for_it() -> None:
    nines = " ".join(f"9{s}" for s in "SHDC")
    effects = effects_of_removal(1, removed=parse_cards(nines))
    assert all(effects.effect(9, box) == 0 for box in Outcome)


def test_effects_follow_the_paytable() -> None:
    standard = effects_of_removal(1).effect(0, Outcome.EGALITE)
    nine = effects_of_removal(1, TIE_NINE).effect(0, Outcome.EGALITE)
    assert standard != nine


def significant_digits(text: str) -> int:
    return len(text.lstrip("-").replace(".", "").lstrip("0"))


def test_odds_effects_json_has_every_value_as_decimal_strings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "--decks", "8", "--effects", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sorted(data["effects"], key=int) == [str(v) for v in range(10)]
    exact = effects_of_removal(8)
    for v, row in data["effects"].items():
        assert set(row) == {"punto", "banco", "egalite"}
        for box, text in row.items():
            assert isinstance(text, str) and significant_digits(text) >= 10
            value = exact.effect(int(v), Outcome(box))
            assert abs(Fraction(text) - value) <= abs(value) * Fraction(1, 10**12)


def test_odds_totals_json_probabilities_sum_to_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--decks", "6", "--totals", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert sum(int(c) for row in data["counts"].values() for c in row.values()) == data["total"]
    total = sum((Fraction(p) for row in data["totals"].values() for p in row.values()), Fraction(0))
    assert abs(total - 1) < Fraction(1, 10**12)


def test_odds_effects_and_totals_print_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "odds", "--effects", "--decks", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "Effets du retrait, 1 jeu (standard)" in out and lines[-10].startswith("0 ")
    assert lines[-11].startswith("Valeur") and max(map(len, lines)) <= 80
    assert main(["odds", "--totals"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= 12 and lines[-11].startswith("P\\B") and max(map(len, lines)) <= 80
