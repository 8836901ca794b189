"""The drills' engine (``puntobanco.learn``) and the ``drill`` command around it:
the same seed gives the same drill, the third-card drill leans on the cells
people get wrong, the payout drill reaches the lines worth learning, answers
are read as people write them, and mistakes are refused in words."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from puntobanco.cli import main
from puntobanco.errors import DrillError, InvalidShoeError
from puntobanco.learn import KINDS, MAX_COUNT, Settings, make_drill, score, weak_cells
from puntobanco.learn.hands import HARD_CELLS, ThirdCard, read_call
from puntobanco.learn.pay import Payout
from tests.test_learn_drills import deal, price


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_same_seed_gives_the_same_drill_and_another_seed_another(kind: str) -> None:
    first = make_drill(kind, seed=11, count=15).to_json()
    assert make_drill(kind, seed=11, count=15).to_json() == first
    assert make_drill(kind, seed=12, count=15).to_json() != first
    # a longer drill begins with the shorter one
    longer = make_drill(kind, seed=11, count=20).to_json()["questions"]
    assert isinstance(longer, list) and longer[:15] == first["questions"]


def test_the_third_card_drill_asks_mostly_the_cells_people_get_wrong() -> None:
    questions = make_drill("third-card", seed=5, count=400).questions
    hard = 0
    for q in questions:
        assert isinstance(q, ThirdCard)
        step = q.step
        column = step.column
        if step.side.value == "banco" and (
            (step.two_card_total, column) in HARD_CELLS
            or (column == "refus" and 3 <= step.two_card_total <= 6)
        ):
            hard += 1
    # In a shoe, these decisions are about one in fifteen; here, most questions.
    assert hard > len(questions) // 2, hard
    cells = Counter(q.cell for q in questions)
    for cell in ("banco 3 v 8", "banco 4 v 0", "banco 5 v 4", "banco 6 v 7", "banco 6 refus"):
        assert cells[cell] >= 3, (cell, cells)


def test_the_payout_drill_reaches_the_lines_worth_learning() -> None:
    seen: Counter[tuple[str, str, str]] = Counter()
    rounded = 0
    for paytable in (None, "ez"):
        drill = make_drill("payout", seed=2026, count=200, settings=Settings(paytable=paytable))
        for q in drill.questions:
            assert isinstance(q, Payout)
            punto, banco = deal([str(c) for c in q.coup.cards])
            paid = price(q.paytable, q.box, punto, banco)
            seen[(q.paytable if q.box == "banco" else "", q.box, str(paid))] += 1
            rounded += (q.stake * paid).denominator != 1
    assert seen[("standard", "banco", "19/20")] and seen[("commission-4", "banco", "24/25")]
    assert seen[("no-commission", "banco", "1/2")]  # Banco's 6 paid half
    assert seen[("ez", "banco", "0")] and seen[("", "punto", "0")]  # pushes
    assert seen[("", "dragon_7", "40")] and seen[("", "panda_8", "25")]
    assert seen[("", "punto_pair", "11")] and seen[("", "dragon_bonus_banco", "1")]
    assert rounded >= 5  # the table's cent, kept by the house


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Banco 3, Punto 1 : Banco gagne", (3, 1, "banco")),
        ("Banco 3, Punto 1: gana Banco", (3, 1, "banco")),
        ("3 1 banco", (3, 1, "banco")),
        ("Banco baccara, Punto 7, Punto", (0, 7, "punto")),
        ("Banco 5, Punto 5: égalité", (5, 5, "egalite")),
        ("BANCO 5 PUNTO 5 IGUALDAD", (5, 5, "egalite")),
        ("Banco 6, Punto 6: a tie", (6, 6, "egalite")),
        ("Punto 1, Banco 3: Banco wins", None),  # Punto's point first: not the seeds' order
        ("Banco 3, Punto 1", None),  # no winning chance
        ("Banco 3, Punto 1: Banco, Punto", None),  # two winners
        ("Banco 13, Punto 1: Banco", None),  # no point is 13
        ("Banco 3, Punto 1, 2: Banco", None),
        (31, None),
    ],
)
def test_a_call_is_read_in_the_seeds_order_in_any_of_the_three_languages(
    text: object, read: tuple[int, int, str] | None
) -> None:
    found = read_call(text)
    assert (found if found is None else (found[0], found[1], found[2].value)) == read


def test_answers_are_read_as_people_write_them() -> None:
    drill = make_drill("payout", seed=3, count=30)
    for q in drill.questions:
        assert isinstance(q, Payout)
        net = q.net
        assert q.check(str(net)) and q.check(net) and q.check(f" {net:+d} ")
        assert q.check(f"{net}".replace("-", "\u2212"))  # a minus sign
        assert not q.check(net + 1) and not q.check(None) and not q.check(True)
    winner = make_drill("winner", seed=3, count=1).questions[0]
    word = {"punto": "Punto", "banco": "banker", "egalite": "Égalité"}[str(winner.expected("en"))]
    assert winner.check(word) and winner.check(word.upper())
    third = make_drill("third-card", seed=3, count=1).questions[0]
    assert third.check(str(third.expected("en")).upper()) and not third.check("maybe")


def test_a_missing_answer_is_wrong_and_weak_cells_gather_the_mistakes() -> None:
    drill = make_drill("third-card", seed=9, count=40)
    answers: dict[str, object] = {q.id: q.expected("en") for q in drill.questions[:30]}
    results = drill.grade(answers)
    assert score(results).correct == 30 and score(results).questions == 40
    assert score(results).percent == 75
    weak = weak_cells(results)
    assert sum(wrong for _, wrong, _ in weak) == 10
    assert all(wrong <= asked for _, wrong, asked in weak)
    assert [w for _, w, _ in weak] == sorted((w for _, w, _ in weak), reverse=True)
    assert all(q.cell_words("fr") and q.cell_words("es") for q, _, _ in weak)


def test_a_drill_refuses_what_it_cannot_make_or_grade_in_words() -> None:
    with pytest.raises(DrillError) as kind:
        make_drill("tableau", seed=1)
    assert "third-card" in kind.value.message("en") and "tableau" in kind.value.message("fr")
    with pytest.raises(DrillError):
        make_drill("winner", seed=1, count=MAX_COUNT + 1)
    with pytest.raises(DrillError):
        make_drill("winner", seed=1, count=0)
    with pytest.raises(InvalidShoeError):
        make_drill("winner", seed=-1)
    with pytest.raises(DrillError) as system:
        Settings(system="hi-lo")
    assert "dragon7" in system.value.message("es")
    with pytest.raises(InvalidShoeError):
        Settings(decks=9)
    drill = make_drill("winner", seed=1, count=3)
    with pytest.raises(DrillError) as unknown:
        drill.grade({"4": "banco"})
    assert "'4'" in unknown.value.message("en") and "3" in unknown.value.message("en")
    with pytest.raises(DrillError):
        drill.grade(["banco"])  # type: ignore[arg-type]


# -- the command ------------------------------------------------------------------


def test_the_drill_command_prints_sentences_and_grades_in_the_learner_s_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["--lang", "fr", "drill", "third-card", "--count", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Exercice third-card, graine 4\u00a0: 2 questions."
    assert out[1].startswith("1. Punto ") and out[1].endswith("reste-t-il\u202f?")
    answers = tmp_path / "a.json"
    answers.write_text('{"1": "draw", "2": "stand"}', encoding="utf-8")
    argv = ["drill", "third-card", "--count", "2", "--seed", "4", "--answers", str(answers)]
    assert main(["--lang", "es", *argv]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("Puntuación: ") and lines[-1].endswith("\u00a0%).")
    assert all(line.startswith(("1. ", "2. ", "Puntuación")) for line in lines)


def test_without_a_seed_the_drill_says_which_one_it_drew(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["drill", "winner", "--count", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    seed = data["seed"]
    assert isinstance(seed, int)
    assert main(["drill", "winner", "--count", "1", "--json", "--seed", str(seed)]) == 0
    assert json.loads(capsys.readouterr().out) == data


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["drill", "winner", "--answers", "-"], "--seed"),
        (["drill", "winner", "--system", "panda8"], "count"),
        (["drill", "third-card", "--paytable", "ez"], "payout, dealer"),
        (["drill", "payout", "--true-count"], "--true-count"),
        (["drill", "winner", "--count", "0"], "1 to 1,000"),
        (["drill", "winner", "--decks", "9"], "1 to 8"),
    ],
)
def test_the_drill_command_refuses_in_one_sentence(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "en", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("{not json", "is not JSON (line 1)"),
        ('{"1": "draw",\n "2": NaN}', "is not JSON (line 2)"),
        ('["draw"]', "one JSON object"),
        ('{"7": "draw"}', "no question '7'"),
    ],
)
def test_answers_that_cannot_be_graded_are_refused_in_words(
    content: str, words: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "answers.json"
    path.write_text(content, encoding="utf-8")
    argv = ["--lang", "en", "drill", "third-card", "--count", "3", "--seed", "1"]
    assert main([*argv, "--answers", str(path)]) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "words"),
    [(["learn", "--seed", "-1"], "from 0 to"), (["learn", "--decks", "0"], "1 to 8 decks")],
)
def test_the_trainer_refuses_its_settings_before_its_screen_opens(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--lang", "en", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err
