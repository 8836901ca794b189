"""A classroom's lesson on the engine: questions put one at a time, answers hidden
until shown, points, the clock, the end's weak cells, and the log that replays it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from puntobanco.engine import (
    AnswerQuestion,
    Bet,
    CloseTable,
    Deal,
    Engine,
    NextQuestion,
    ShowAnswer,
    Sit,
    Viewer,
)
from puntobanco.errors import IllegalActionError, InvalidBetError, NotAllowedError
from puntobanco.learn.lesson import lesson_questions
from puntobanco.table.describe import describe
from puntobanco.table.state import replay

SETTINGS: dict[str, Any] = {
    "seed": 11,
    "questions": 4,
    "seconds": 30,
    "drills": ["third-card", "winner", "payout", "count"],
}
STUDENTS = ("Ana", "Bruno", "Chloé")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def lesson(engine: Engine, name: str = "c", **settings: Any) -> None:
    engine.open(name, "classroom", settings=SETTINGS | settings)
    for student in STUDENTS:
        engine.do(name, Sit(student), by=Viewer.SPECTATOR)


def right(engine: Engine, table: str = "c") -> str:
    """The right answer to the question put, as a phone sends it."""
    number = engine.state(table).lesson.put
    return str(engine.machine(table).questions[number - 1].expected("en"))


def wrong(engine: Engine, table: str = "c") -> str:
    answer = right(engine, table)
    return {"draw": "stand", "stand": "draw", "banco": "punto"}.get(answer, "punto" + answer)


def test_the_same_seed_gives_the_same_lesson_and_another_seed_another() -> None:
    one, two, other = Engine(), Engine(), Engine()
    lesson(one)
    lesson(two)
    lesson(other, seed=12)
    kinds = [q.kind for q in one.machine("c").questions]
    assert kinds == ["third-card", "winner", "payout", "count"]
    first = [q.to_json() for q in one.machine("c").questions]
    assert first == [q.to_json() for q in two.machine("c").questions]
    assert first != [q.to_json() for q in other.machine("c").questions]


def test_a_lesson_opened_without_a_seed_is_given_one_it_keeps() -> None:
    engine = Engine()
    engine.open("c", "classroom", settings={"questions": 2, "seconds": 10, "drills": ["totals"]})
    seed = engine.state("c").config.seed
    assert seed is not None
    assert "seed" not in engine.view("c", Viewer.HOST)["config"]
    questions = lesson_questions(("totals",), count=2, seed=seed)
    assert engine.machine("c").questions == questions


def test_an_answer_is_hidden_until_the_question_is_shown_then_scored() -> None:
    engine = Engine()
    lesson(engine)
    heard: list[dict[str, Any]] = []
    engine.subscribe("c", lambda committed: heard.extend(committed.events))
    engine.do("c", NextQuestion())
    before = engine.view("c", Viewer.player("Bruno"))["lesson"]
    done = engine.do("c", AnswerQuestion("Ana", right(engine)), by=Viewer.player("Ana"))
    assert done.events == ({"type": "QuestionAnswered", "number": 1, "name": "Ana"},)
    bruno = engine.view("c", Viewer.player("Bruno"))
    assert bruno["my_lesson"]["answer"] is None
    assert engine.view("c", Viewer.player("Ana"))["my_lesson"]["answer"] == right(engine)
    # What the room sees changes by the count of answers alone.
    assert bruno["lesson"]["question"].pop("answered") == 1
    assert before["question"].pop("answered") == 0
    assert bruno["lesson"] == before
    engine.do("c", AnswerQuestion("Bruno", wrong(engine)), by=Viewer.player("Bruno"))
    # What every subscriber hears of the answers: who answered, never what.
    assert [e for e in heard if e["type"] == "QuestionAnswered"] == [
        {"type": "QuestionAnswered", "number": 1, "name": "Ana"},
        {"type": "QuestionAnswered", "number": 1, "name": "Bruno"},
    ]
    engine.do("c", ShowAnswer())
    assert heard[-1] == {"type": "AnswerShown", "number": 1, "right": ["Ana"]}
    view = engine.view("c", Viewer.HOST, "fr")
    shown = view["lesson"]["shown"]
    assert (shown["answered"], shown["right"]) == (2, 1)
    assert sorted(t["count"] for t in shown["tally"]) == [1, 1]
    assert shown["why"] == engine.machine("c").questions[0].why("fr")
    assert [(s["name"], s["points"]) for s in view["lesson"]["scores"]] == [
        ("Ana", 1),
        ("Bruno", 0),
        ("Chloé", 0),
    ]


def test_the_question_closes_once_every_student_has_answered() -> None:
    engine = Engine()
    lesson(engine)
    engine.do("c", NextQuestion())
    for name in STUDENTS[:2]:
        engine.do("c", AnswerQuestion(name, right(engine)), by=Viewer.player(name))
    assert engine.state("c").lesson.open
    engine.do("c", AnswerQuestion("Chloé", wrong(engine)), by=Viewer.player("Chloé"))
    assert not engine.state("c").lesson.open
    assert engine.state("c").balances == {"Ana": 1, "Bruno": 1, "Chloé": 0}


def test_a_second_answer_replaces_the_first() -> None:
    engine = Engine()
    lesson(engine)
    engine.do("c", NextQuestion())
    engine.do("c", AnswerQuestion("Ana", wrong(engine)), by=Viewer.player("Ana"))
    engine.do("c", AnswerQuestion("Ana", right(engine)), by=Viewer.player("Ana"))
    engine.do("c", ShowAnswer())
    assert engine.state("c").balances["Ana"] == 1
    assert engine.view("c", Viewer.HOST)["lesson"]["shown"]["answered"] == 1


def test_the_clock_closes_a_question_when_its_seconds_are_up() -> None:
    clock = Clock()
    engine = Engine(clock=clock)
    lesson(engine)
    engine.do("c", NextQuestion())
    engine.tick()  # the question's seconds count from here
    assert engine.view("c", Viewer.HOST)["countdown"] == 30
    clock.now = 29.9
    engine.tick()
    assert engine.state("c").lesson.open
    clock.now = 30.0
    engine.tick()
    assert not engine.state("c").lesson.open
    assert engine.view("c", Viewer.HOST)["countdown"] is None


def test_who_may_send_what_at_a_lesson() -> None:
    engine = Engine()
    lesson(engine)
    with pytest.raises(NotAllowedError):
        engine.do("c", NextQuestion(), by=Viewer.player("Ana"))
    engine.do("c", NextQuestion())
    with pytest.raises(NotAllowedError):  # a student answers for themselves only
        engine.do("c", AnswerQuestion("Bruno", "draw"), by=Viewer.player("Ana"))
    with pytest.raises(NotAllowedError):  # the answers are the students' say
        engine.do("c", AnswerQuestion("Bruno", "draw"))
    with pytest.raises(IllegalActionError, match="still takes answers"):
        engine.do("c", NextQuestion())
    with pytest.raises(InvalidBetError):
        engine.do("c", AnswerQuestion("Ana", "x" * 33), by=Viewer.player("Ana"))
    with pytest.raises(IllegalActionError, match="lesson"):
        engine.do("c", Bet("Ana", "banco"), by=Viewer.player("Ana"))
    with pytest.raises(IllegalActionError, match="lesson"):
        engine.do("c", Deal())
    assert [c["type"] for c in engine.view("c", Viewer.player("Ana"))["commands"]] == [
        "Tick",
        "AnswerQuestion",
        "Leave",
    ]
    assert [c["type"] for c in engine.view("c", Viewer.HOST)["commands"]] == [
        "Tick",
        "ShowAnswer",
    ]
    engine.do("c", ShowAnswer())
    with pytest.raises(IllegalActionError, match="no more answers"):
        engine.do("c", AnswerQuestion("Ana", "draw"), by=Viewer.player("Ana"))


def test_a_lesson_needs_a_student_before_its_first_question() -> None:
    engine = Engine()
    engine.open("c", "classroom", settings=SETTINGS)
    with pytest.raises(IllegalActionError, match="No student"):
        engine.do("c", NextQuestion())


def play_to_the_end(engine: Engine) -> None:
    """Ana answers everything right, Bruno the first half, Chloé nothing."""
    count = len(engine.machine("c").questions)
    for number in range(1, count + 1):
        engine.do("c", NextQuestion())
        engine.do("c", AnswerQuestion("Ana", right(engine)), by=Viewer.player("Ana"))
        answer = right(engine) if number <= count // 2 else wrong(engine)
        engine.do("c", AnswerQuestion("Bruno", answer), by=Viewer.player("Bruno"))
        engine.do("c", ShowAnswer())
    engine.do("c", NextQuestion())  # after the last: the end, naming the best


def test_the_end_names_the_best_and_gives_each_student_their_weak_cells() -> None:
    engine = Engine()
    lesson(engine)
    play_to_the_end(engine)
    state = engine.state("c")
    assert state.phase.value == "ended"
    assert state.winners == ("Ana",)
    assert state.balances == {"Ana": 4, "Bruno": 2, "Chloé": 0}
    host = engine.view("c", Viewer.HOST, "es")
    assert host["lesson"]["ended"]
    students = {s["name"]: s for s in host["my_lesson"]["students"]}
    assert students["Ana"]["weak"] == []
    assert students["Bruno"]["results"] == [True, True, False, False]
    assert sum(c["wrong"] for c in students["Bruno"]["weak"]) == 2
    assert sum(c["wrong"] for c in students["Chloé"]["weak"]) == 4
    chloe = engine.view("c", Viewer.player("Chloé"), "fr")["my_lesson"]
    assert chloe["results"] == [False] * 4 and "students" not in chloe
    with pytest.raises(IllegalActionError):
        engine.do("c", NextQuestion())


def test_a_lesson_is_stored_and_reopens_where_it_stood(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    engine = Engine(url)
    lesson(engine)
    engine.do("c", NextQuestion())
    engine.do("c", AnswerQuestion("Ana", right(engine)), by=Viewer.player("Ana"))
    engine.do("c", ShowAnswer())
    engine.do("c", NextQuestion())
    engine.do("c", AnswerQuestion("Bruno", right(engine)), by=Viewer.player("Bruno"))
    before = engine.state("c")
    engine.shutdown()
    again = Engine(url)
    again.resume("c")
    assert again.state("c") == before
    assert replay(again.machine("c").events) == before
    assert again.view("c", Viewer.player("Bruno"))["my_lesson"]["answer"] == right(again)
    lines = [describe(event, before.config, "en") for event in again.machine("c").events]
    assert "Question 2 is put to the room." in lines
    assert "The answer to question 1 is shown; right answers: 1." in lines
    with pytest.raises(IllegalActionError, match="still takes answers"):
        again.do("c", CloseTable())  # between questions only
    again.do("c", ShowAnswer())
    again.do("c", CloseTable())
    assert again.state("c").winners == ("Ana", "Bruno")
    again.shutdown()
