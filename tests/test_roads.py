"""The scoreboards (issue 4), checked against sequences worked out by hand.

Notation in the comments: a big-road entry is (n, m) = (logical column, row in
that column), h[] are the logical column heights, k the derived road's offset
(1 big eye boy, 2 small road, 3 cockroach pig). Rules (issue 4):
m = 0 needs column n-k-1, red iff h[n-1] == h[n-1-k];
m >= 1 needs column n-k, p = h[n-k]: red if p > m, blue if p == m, red if p < m.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puntobanco.cards import parse_cards
from puntobanco.cli import main
from puntobanco.coup import Outcome, resolve
from puntobanco.errors import InvalidRoadError
from puntobanco.roads import (
    Mark,
    Result,
    Roads,
    build_roads,
    derived_mark,
    explain_mark,
    parse_results,
    place_runs,
    render_roads,
)

R, B = Mark.RED, Mark.BLUE


def roads_of(text: str) -> Roads:
    return build_roads(parse_results(text))


def cells(roads: Roads) -> list[tuple[int, int]]:
    return [(e.col, e.row) for e in roads.big_road]


def texts(roads: Roads) -> tuple[str, str, str]:
    return (
        roads.road("big_eye_boy").text,
        roads.road("small_road").text,
        roads.road("cockroach_pig").text,
    )


# --------------------------------------------------------------------------- input


def test_tokens_b_p_t_and_e_for_egalite() -> None:
    results = parse_results("B p, T e")
    assert [r.outcome for r in results] == [
        Outcome.BANCO,
        Outcome.PUNTO,
        Outcome.EGALITE,
        Outcome.EGALITE,
    ]


def test_token_pair_flags() -> None:
    assert parse_results("B+PP P+bp T+PP+BP E") == (
        Result(Outcome.BANCO, punto_pair=True),
        Result(Outcome.PUNTO, banco_pair=True),
        Result(Outcome.EGALITE, punto_pair=True, banco_pair=True),
        Result(Outcome.EGALITE),
    )


@pytest.mark.parametrize("token", ["X", "BB", "B+", "B+XX", "banco"])
def test_a_token_that_is_not_a_result_is_refused_by_name(token: str) -> None:
    with pytest.raises(InvalidRoadError) as info:
        parse_results(f"B {token} P")
    assert repr(token) in info.value.message("en")


def test_pairs_are_read_from_the_cards_of_a_coup() -> None:
    # Dealt P1 B1 P2 B2: Punto 4h 4s = 8 (natural, a Punto pair), Banco 9c Ad = 0.
    punto_pair = resolve(parse_cards("4h 9c 4s Ad"))
    # Punto 2h 3s = 5, Banco 4c 4d = 8 natural with a Banco pair: Banco wins.
    banco_pair = resolve(parse_cards("2h 4c 3s 4d"))
    roads = build_roads([punto_pair, banco_pair, Outcome.EGALITE])
    assert [c.result for c in roads.bead_plate] == [
        Result(Outcome.PUNTO, punto_pair=True, banco_pair=False),
        Result(Outcome.BANCO, punto_pair=False, banco_pair=True),
        Result(Outcome.EGALITE),
    ]


# --------------------------------------------------------------------------- bead plate


def test_bead_plate_one_cell_per_coup_ties_included_column_by_column() -> None:
    roads = roads_of("B P T P B B T P")
    # 6 rows: coups 0-5 fill column 0 top to bottom, coups 6-7 start column 1.
    assert [(c.col, c.row, c.result.letter) for c in roads.bead_plate] == [
        (0, 0, "B"),
        (0, 1, "P"),
        (0, 2, "T"),
        (0, 3, "P"),
        (0, 4, "B"),
        (0, 5, "B"),
        (1, 0, "T"),
        (1, 1, "P"),
    ]


# --------------------------------------------------------------------------- big road


def test_ties_get_no_cell_and_count_on_the_most_recent_cell() -> None:
    roads = roads_of("B T T P T")
    assert [(e.col, e.row, e.winner, e.ties) for e in roads.big_road] == [
        (0, 0, Outcome.BANCO, 2),
        (1, 0, Outcome.PUNTO, 1),
    ]


def test_ties_before_the_first_decided_coup_go_to_the_first_cell() -> None:
    roads = roads_of("T T B T P")
    # Two held ties plus the tie after B: 3 on the first cell.
    assert [(e.col, e.row, e.ties) for e in roads.big_road] == [(0, 0, 3), (1, 0, 0)]
    assert roads.held_ties == 0


def test_ties_alone_are_held_with_no_cell() -> None:
    roads = roads_of("T E T")
    assert roads.big_road == ()
    assert roads.held_ties == 3
    assert len(roads.bead_plate) == 3


def test_change_of_winner_starts_a_new_column_at_row_0() -> None:
    # B B | P | B B B
    assert cells(roads_of("B B P B B B")) == [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1), (2, 2)]


def test_streak_of_seven_turns_right_at_the_bottom_row() -> None:
    # Rows 0-5 of column 0, then the dragon tail goes right along row 5.
    assert cells(roads_of("B B B B B B B")) == [(0, r) for r in range(6)] + [(1, 5)]


def test_dragon_tail_keeps_going_right_without_dropping_back() -> None:
    # B x7: (0,0)-(0,5), tail (1,5).
    # P x7: new column at col 1 (start 0 + 1): (1,0)-(1,4); (1,5) is B's tail,
    # so it turns right on row 4: (2,4); below (2,5) is free now but the tail
    # keeps going right: (3,4), not (2,5).
    roads = roads_of("B B B B B B B P P P P P P P")
    assert cells(roads)[7:] == [(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4)]


def test_dragon_tails_that_run_into_earlier_tails_nest_and_push_the_next_start_right() -> None:
    # A  B x8: (0,0)-(0,5), tail (1,5) (2,5).
    # B  P x7: starts col 1: (1,0)-(1,4); (1,5) taken -> right on row 4: (2,4) (3,4).
    # C  B x6: starts col 2: (2,0)-(2,3); (2,4) taken -> (3,3) (4,3).
    # D  P x5: starts col 3: (3,0)-(3,2); (3,3) taken -> (4,2) (5,2).
    # E  B x4: starts col 4: (4,0) (4,1); (4,2) taken -> (5,1) (6,1).
    # F  P x3: starts col 5: (5,0); (5,1) taken -> tail on row 0: (6,0) (7,0).
    # G  B x1: col 6 row 0 is F's tail, so is col 7: it starts at (8,0).
    text = "B " * 8 + "P " * 7 + "B " * 6 + "P " * 5 + "B " * 4 + "P " * 3 + "B"
    assert cells(roads_of(text)) == [
        *[(0, r) for r in range(6)],
        (1, 5),
        (2, 5),
        *[(1, r) for r in range(5)],
        (2, 4),
        (3, 4),
        *[(2, r) for r in range(4)],
        (3, 3),
        (4, 3),
        *[(3, r) for r in range(3)],
        (4, 2),
        (5, 2),
        (4, 0),
        (4, 1),
        (5, 1),
        (6, 1),
        (5, 0),
        (6, 0),
        (7, 0),
        (8, 0),
    ]


def test_logical_columns_keep_full_heights_beyond_six_rows() -> None:
    roads = roads_of("B " * 8 + "P P")
    assert roads.heights == (8, 2)
    assert [(e.column, e.depth) for e in roads.big_road][6:] == [(0, 6), (0, 7), (1, 0), (1, 1)]


# --------------------------------------------------------------------------- derived rule


def test_m0_rule_compares_the_two_columns_before() -> None:
    # Entry (n=3, m=0): k=1 compares h[2] with h[1]; k=2 h[2] with h[0].
    assert derived_mark([2, 1, 1], 3, 0, 1) is R
    assert derived_mark([2, 1, 1], 3, 0, 2) is B
    assert derived_mark([2, 1, 1], 3, 0, 3) is None  # needs column -1


def test_p_above_m_is_red_p_equal_m_is_blue() -> None:
    assert derived_mark([3, 9], 1, 2, 1) is R  # p = h[0] = 3 > 2
    assert derived_mark([2, 9], 1, 2, 1) is B  # p = 2 = m


def test_straight_fall_p_below_m_is_red() -> None:
    # "B P P P": h = [1, 3]. Big eye boy: (1,1) p=1=m blue; (1,2) p=1<2 red.
    assert derived_mark([1, 3], 1, 2, 1) is R
    assert roads_of("B P P P").road("big_eye_boy").text == "BR"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Big eye boy's first mark: column 1 row 1, or column 2 row 0.
        ("B P", ("", "", "")),
        ("B P P", ("B", "", "")),  # (1,1): p = h[0] = 1 = m -> blue
        ("B P B", ("R", "", "")),  # (2,0): h[1] = 1 = h[0] -> red
        # Small road's first mark: column 2 row 1, or column 3 row 0.
        # (2,0) R; (2,1) k=1 p=h[1]=1=m B, k=2 p=h[0]=1=m B.
        ("B P B B", ("RB", "B", "")),
        ("B P B P", ("RR", "R", "")),  # (3,0) k=2: h[2]=1=h[0] -> red
        # Cockroach pig's first mark: column 3 row 1, or column 4 row 0.
        # (3,1): k=1 p=h[2]=1 B; k=2 p=h[1]=1 B; k=3 p=h[0]=1 B.
        ("B P B P P", ("RRB", "RB", "B")),
        ("B P B P B", ("RRR", "RR", "R")),  # (4,0) k=3: h[3]=1=h[0] -> red
    ],
)
def test_first_mark_of_each_derived_road(text: str, expected: tuple[str, str, str]) -> None:
    assert texts(roads_of(text)) == expected


def test_worked_shoe_every_derived_mark() -> None:
    # B B B | P P | B | P P P P | B      h = [3, 2, 1, 4, 1]
    # entries (0,0) (0,1) (0,2) (1,0) (1,1) (2,0) (3,0) (3,1) (3,2) (3,3) (4,0)
    # k=1: (1,1) p=h0=3>1 R; (2,0) h1=2 vs h0=3 B; (3,0) h2=1 vs h1=2 B;
    #      (3,1) p=h2=1=1 B; (3,2) p=1<2 R; (3,3) p=1<3 R; (4,0) h3=4 vs h2=1 B.
    # k=2: (3,0) h2=1 vs h0=3 B; (3,1) p=h1=2>1 R; (3,2) p=2=2 B; (3,3) p=2<3 R;
    #      (4,0) h3=4 vs h1=2 B.
    # k=3: (3,1) p=h0=3>1 R; (3,2) 3>2 R; (3,3) 3=3 B; (4,0) h3=4 vs h0=3 B.
    roads = roads_of("B B B P P B P P P P B")
    assert texts(roads) == ("RBBBRRB", "BRBRB", "RRBB")
    bey = roads.road("big_eye_boy")
    # The first mark comes from entry 4, (1,1), comparing column 0.
    assert (bey.marks[0].entry, bey.marks[0].compared) == (4, (0,))
    assert bey.marks[1].compared == (1, 0)  # (2,0): columns n-1 and n-1-k
    # Laid out as runs: R | B B B | R R | B
    assert [(m.col, m.row) for m in bey.marks] == [
        (0, 0),
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (3, 0),
    ]
    # Small road alternates every mark: one cell per column.
    assert [(m.col, m.row) for m in roads.road("small_road").marks] == [(c, 0) for c in range(5)]
    assert [(m.col, m.row) for m in roads.road("cockroach_pig").marks] == [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
    ]


def test_ties_do_not_change_the_derived_roads() -> None:
    assert texts(roads_of("T B T P T T B T")) == texts(roads_of("B P B")) == ("R", "", "")


def test_long_chop_is_all_red_and_its_road_gets_a_dragon_tail() -> None:
    # B P x10: 20 columns of height 1. Every m=0 comparison is equal: red.
    # Marks from column k+1 on: 18, 17 and 16 of them.
    roads = roads_of("B P " * 10)
    assert cells(roads) == [(c, 0) for c in range(20)]
    assert texts(roads) == ("R" * 18, "R" * 17, "R" * 16)
    # One run of 18 red: rows 0-5 of column 0, then the tail along row 5.
    assert [(m.col, m.row) for m in roads.road("big_eye_boy").marks] == [
        (0, r) for r in range(6)
    ] + [(c, 5) for c in range(1, 13)]


def test_long_alternation_of_one_and_two() -> None:
    # B | P P | B | P P | B | P P     h = [1, 2, 1, 2, 1, 2]
    # k=1: (n,0) n>=2: h[n-1] != h[n-2] B; (1,1) (3,1) (5,1): p = 1 = m B -> 7 blue.
    # k=2: (n,0) n>=3: h[n-1] = h[n-3] R; (3,1) (5,1): p = 2 > 1 R -> 5 red.
    # k=3: (n,0) n>=4: h[n-1] != h[n-4] B; (3,1) (5,1): p = 1 = m B -> 4 blue.
    assert texts(roads_of("B P P B P P B P P")) == ("BBBBBBB", "RRRRR", "BBBB")


def test_explain_says_which_columns_were_compared_and_which_rule_applied() -> None:
    # Worked shoe, h = [3, 2, 1, 4, 1]; columns and rows counted from 1 for people.
    roads = roads_of("B B B P P B P P P P B")
    bey, pig = roads.road("big_eye_boy"), roads.road("cockroach_pig")
    assert explain_mark(roads, bey, 1, "en") == (
        "Big eye boy, mark 2: Banco starts column 3; column 2 is 2 high, column 1 is 3 high: blue."
    )
    assert explain_mark(roads, bey, 4, "en") == (
        "Big eye boy, mark 5: Punto in column 4, row 3; column 3 is 1 high, "
        "it stopped two or more rows above (straight fall): red."
    )
    assert explain_mark(roads, pig, 2, "fr") == (
        "Cafard, marque 3\u00a0: Punto en colonne 4, ligne 4\u202f; la colonne 1 a 3 de haut, "
        "elle s’arrête juste au-dessus\u00a0: bleu."
    )
    chop = roads_of("B P B")
    assert explain_mark(chop, chop.road("big_eye_boy"), 0, "es") == (
        "Ojo grande, marca 1: Banco empieza la columna 3; las columnas 2 y 1 miden ambas 1: rojo."
    )


# --------------------------------------------------------------------------- ask


def test_ask_previews_on_the_worked_shoe() -> None:
    # h = [3, 2, 1, 4, 1], last column Banco.
    # Next B -> (4,1): k=1 p=h3=4>1 R; k=2 p=h2=1=1 B; k=3 p=h1=2>1 R.
    # Next P -> (5,0): k=1 h4=1 vs h3=4 B; k=2 h4=1 vs h2=1 R; k=3 h4=1 vs h1=2 B.
    roads = roads_of("B B B P P B P P P P B")
    assert dict(roads.ask[Outcome.BANCO]) == {"big_eye_boy": R, "small_road": B, "cockroach_pig": R}
    assert dict(roads.ask[Outcome.PUNTO]) == {"big_eye_boy": B, "small_road": R, "cockroach_pig": B}


def test_ask_is_empty_before_the_roads_can_mark() -> None:
    for text in ("", "T", "B", "B B"):
        roads = roads_of(text)
        for outcome in (Outcome.BANCO, Outcome.PUNTO):
            assert set(roads.ask[outcome].values()) == {None}


# --------------------------------------------------------------------------- properties

results_text = st.lists(st.sampled_from("BBBPPPT"), max_size=90).map(" ".join)


@given(results_text)
def test_each_derived_road_has_a_mark_for_each_entry_whose_needed_column_exists(
    text: str,
) -> None:
    roads = roads_of(text)
    for road in roads.derived:
        k = road.offset
        expected = sum(
            1 for e in roads.big_road if (e.column - k - 1 if e.depth == 0 else e.column - k) >= 0
        )
        assert len(road.marks) == expected


@given(results_text)
def test_the_big_road_never_places_two_entries_in_one_cell(text: str) -> None:
    roads = roads_of(text)
    assert len(set(cells(roads))) == len(roads.big_road)
    for road in roads.derived:
        assert len({(m.col, m.row) for m in road.marks}) == len(road.marks)
    assert all(0 <= e.row < 6 for e in roads.big_road)


@given(results_text)
def test_every_coup_is_on_the_bead_plate_and_every_tie_is_counted_once(text: str) -> None:
    roads = roads_of(text)
    ties = text.split().count("T")
    assert len(roads.bead_plate) == len(text.split())
    assert sum(e.ties for e in roads.big_road) + roads.held_ties == ties
    assert len(roads.big_road) == len(text.split()) - ties
    assert sum(roads.heights) == len(roads.big_road)


@given(results_text, st.sampled_from("BP"))
def test_ask_preview_is_the_mark_the_next_coup_adds(text: str, nxt: str) -> None:
    before = roads_of(text)
    after = roads_of(f"{text} {nxt}")
    outcome = Outcome.BANCO if nxt == "B" else Outcome.PUNTO
    for old, new in zip(before.derived, after.derived, strict=True):
        mark = before.ask[outcome][old.name]
        assert new.text == old.text + (mark.value if mark else "")


@given(st.lists(st.sampled_from("RB"), max_size=60))
def test_runs_move_down_or_right_by_one_cell_and_start_at_row_0(keys: list[str]) -> None:
    spots = place_runs(keys)
    for i, (col, row) in enumerate(spots):
        if i == 0 or keys[i] != keys[i - 1]:
            assert row == 0
            if i:
                starts = [s for j, s in enumerate(spots[:i]) if j == 0 or keys[j] != keys[j - 1]]
                assert col > starts[-1][0]
        else:
            pc, pr = spots[i - 1]
            assert (col, row) in {(pc, pr + 1), (pc + 1, pr)}


# --------------------------------------------------------------------------- text and CLI


def test_text_big_road_shows_winner_and_tie_count() -> None:
    lines = render_roads(roads_of("B P P T"), "en")
    at = lines.index("Big road")
    assert lines[at + 1 : at + 7] == ["  B   P", "  .   P1"] + ["  .   ."] * 4


def test_text_bead_plate_shows_pairs_in_french() -> None:
    lines = render_roads(roads_of("B+PP T+BP"), "fr")
    at = lines.index("Plateau de perles")
    assert lines[at + 1 : at + 3] == ["  Bp", "  Eb"]


def test_cli_json_format_of_the_issue(capsys: pytest.CaptureFixture[str]) -> None:
    # B | P P (tie on the second P) | B B B      h = [1, 2, 3]
    # k=1: (1,1) p=1=1 B; (2,0) 2 vs 1 B; (2,1) p=2>1 R; (2,2) p=2=2 B.
    # k=2: (2,1) p=h0=1=1 B; (2,2) p=1<2 R.  k=3: nothing.
    # Ask B -> (2,3): k=1 p=2<3 R; k=2 p=1<3 R; k=3 none.
    # Ask P -> (3,0): k=1 3 vs 2 B; k=2 3 vs 1 B; k=3 none.
    assert main(["roads", "B P P T B B B", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "bead_plate": [
            [0, 0, "B"],
            [0, 1, "P"],
            [0, 2, "P"],
            [0, 3, "T"],
            [0, 4, "B"],
            [0, 5, "B"],
            [1, 0, "B"],
        ],
        "big_road": [
            {"col": 0, "row": 0, "winner": "B", "ties": 0},
            {"col": 1, "row": 0, "winner": "P", "ties": 0},
            {"col": 1, "row": 1, "winner": "P", "ties": 1},
            {"col": 2, "row": 0, "winner": "B", "ties": 0},
            {"col": 2, "row": 1, "winner": "B", "ties": 0},
            {"col": 2, "row": 2, "winner": "B", "ties": 0},
        ],
        "big_eye_boy": "BBRB",
        "small_road": "BR",
        "cockroach_pig": "",
        "ask": {
            "B": {"big_eye_boy": "R", "small_road": "R", "cockroach_pig": None},
            "P": {"big_eye_boy": "B", "small_road": "B", "cockroach_pig": None},
        },
    }


def test_cli_text_prints_five_roads_and_ask(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "es", "roads", "B P P T B B B"]) == 0
    out = capsys.readouterr().out
    for title in ("Plato de cuentas", "Gran camino", "Ojo grande", "Camino pequeño", "Cucaracha"):
        assert title in out
    assert "si gana Banco: Ojo grande: R, Camino pequeño: R, Cucaracha: -" in out


def test_cli_bad_token_exits_2_with_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "roads", "B Q"]) == 2
    assert "'Q' is not a result" in capsys.readouterr().err


# --------------------------------------------------------------------------- tables


def test_a_casino_table_exposes_its_current_shoes_roads() -> None:
    from puntobanco.games import CasinoTable

    table = CasinoTable(seed=3)  # in memory
    table.sit("Ana", 100_000)
    dealt = []
    for _ in range(5):
        table.bet("Ana", "banco", 1_000)
        dealt.append(table.deal())
    roads = table.roads
    assert [c.result.outcome for c in roads.bead_plate] == [c.outcome for c in dealt]
    assert [c.result.punto_pair for c in roads.bead_plate] == [c.punto.pair for c in dealt]
    assert roads == build_roads(dealt)


def test_a_sessions_roads_hold_every_deal_of_the_session() -> None:
    from puntobanco.games import Session

    session = Session(["Ana", "Bruno"], seed=7)  # reshuffled before every deal
    dealt = []
    for _ in range(3):
        session.predict("Ana", "banco")
        session.predict("Bruno", "punto")
        dealt.append(session.deal())
    assert [c.result.outcome for c in session.roads.bead_plate] == [c.outcome for c in dealt]


def test_history_shows_the_roads_of_a_past_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from puntobanco.games import CasinoTable

    db = str(tmp_path / "log.db")
    table = CasinoTable(seed=3, db=db, table="vegas")
    table.sit("Ana", 100_000)
    for _ in range(7):
        table.bet("Ana", "banco", 1_000)
        table.deal()
    expected = build_roads(table.coups).to_json()
    table.close()
    assert main(["history", "vegas", "--roads", "--shoe", "1", "--json", "--db", db]) == 0
    assert json.loads(capsys.readouterr().out) == [{"table": "vegas", "shoe": 1, **expected}]
    assert main(["--lang", "en", "history", "--roads", "--db", db]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Table vegas, shoe 1 (7 coups)\nBead plate\n")
    assert main(["--lang", "en", "history", "vegas", "--roads", "--shoe", "4", "--db", db]) == 2
    assert "Table vegas has no shoe 4; its shoes: 1." in capsys.readouterr().err
