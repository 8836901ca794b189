"""``odds --known-card`` and ``--edge-sort``: text in each language, JSON with the exact
fractions as strings, the same figures as the library."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from puntobanco.cli import main
from puntobanco.odds.facts import rank_composition
from puntobanco.odds.known import known_card


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, _ = capsys.readouterr()
    return code, out


def test_known_card_json_holds_the_library_s_exact_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "odds", "--known-card", "2", "--json")
    data = json.loads(out)
    known = known_card(rank_composition(8), 2)
    assert code == 0 and data["position"] == 2 and data["paytable"] == "standard"
    assert Fraction(data["exact"]["edge"]) == known.edge
    assert data["edge"].startswith("0.06405")
    rows = data["values"]
    assert [r["value"] for r in rows] == list(range(10))
    assert rows[5]["best"] is None and rows[9]["best"] == "banco"
    for row, value in zip(rows, known.values, strict=True):
        assert Fraction(row["exact"]["probability"]) == value.probability
        exact = row["exact"]["expectations"]
        assert [Fraction(exact[k]) for k in ("punto", "banco", "egalite")] == list(
            value.expectations or ()
        )


def test_known_card_text_in_french_gives_the_edge_as_french_writes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "--lang", "fr", "odds", "--known-card", "1")
    assert code == 0
    assert out.startswith("Carte connue 1 (première carte de Punto), 8 jeux, 416 cartes")
    assert "6,7647\u00a0%" in out
    assert "aucune mise" not in out  # every value of Punto's first card favours a bet


def test_known_card_text_in_spanish_says_when_no_bet_is_made(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "--lang", "es", "odds", "--known-card", "4")
    assert code == 0 and "ninguna apuesta" in out and "6,4057\u00a0%" in out


def test_known_card_of_a_value_gone_from_the_shoe_has_no_expectation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    nines = "9h 9d 9c 9s"
    argv = ["odds", "--decks", "1", "--remove", nines, "--known-card", "5", "--json"]
    code, out = run(capsys, *argv)
    nine = json.loads(out)["values"][9]
    assert code == 0 and nine["sequences"] == 0 and nine["expectations"] is None
    assert nine["best"] is None and nine["probability"] == "0"


def test_known_card_position_outside_the_coup_is_refused_by_the_parser(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["odds", "--known-card", "7"])
    assert caught.value.code == 2


def test_edge_sort_json_has_every_pattern_and_the_best_grouping(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from puntobanco.odds.edgesort import edge_sort

    code, out = run(capsys, "odds", "--edge-sort", "--json")
    data = json.loads(out)
    sort = edge_sort(rank_composition(8))
    assert code == 0 and data["high"] == [6, 7, 8, 9] and data["low"] == [0, 1, 2, 3, 4, 5]
    assert [p["pattern"] for p in data["patterns"]] == [p.name for p in sort.patterns]
    assert Fraction(data["exact"]["edge"]) == sort.edge and data["best_pattern"] == "HL/LL"
    ll = data["patterns"][-1]
    assert ll["pattern"] == "LL/LL" and ll["best"] is None and ll["gain"] == "0"
    best = data["best_grouping"]
    assert best["tried"] == 511 and best["high"] == [4, 5, 6, 7, 8, 9]
    assert best["edge"].startswith("0.302911")


@pytest.mark.parametrize("high", ["4,5,6,7,8,9", "4 5 6 7 8 9", " 9,8 7,6,5,4"])
def test_edge_sort_reads_the_high_group_in_any_of_its_spellings(
    capsys: pytest.CaptureFixture[str], high: str
) -> None:
    code, out = run(capsys, "odds", "--edge-sort", "--high", high, "--json")
    data = json.loads(out)
    assert code == 0 and data["high"] == [4, 5, 6, 7, 8, 9]
    assert data["edge"] == data["best_grouping"]["edge"]


def test_edge_sort_text_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "--lang", "fr", "odds", "--edge-sort")
    assert code == 0 and out.startswith("Tri des bords (edge sorting), 8 jeux, 416 cartes")
    assert "20,9281\u00a0%" in out and "HL/LL" in out and "aucune mise" in out
    assert "4\u00a05\u00a06\u00a07\u00a08\u00a09, bas 0\u00a01\u00a02\u00a03" in out


@pytest.mark.parametrize("high", ["", "0,1,2,3,4,5,6,7,8,9", "6,7,x", "10", "6789"])
def test_edge_sort_refuses_a_group_that_is_not_one_of_two(
    capsys: pytest.CaptureFixture[str], high: str
) -> None:
    code = main(["--lang", "en", "odds", "--edge-sort", "--high", high])
    _, err = capsys.readouterr()
    assert code != 0 and "The high group is some of the point values 0 to 9" in err
