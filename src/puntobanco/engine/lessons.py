"""What a lesson's viewers see (``FormatRules.lesson``): the question put, the
answers a phone offers, and once shown the right answer, why, how the room
answered and the scores; at the end, each student's weak cells of the tableau.

Everyone sees the question and, once it is shown, the room's answers counted
(``shared``); a student sees their own answer and results, the host every
student's (``own``). No answer leaves the engine before its question is shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from puntobanco.cards import Card
from puntobanco.coup import Outcome, split_hands
from puntobanco.engine.viewers import Role, Viewer
from puntobanco.explain import outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.learn import Result, weak_cells
from puntobanco.learn.count import Count
from puntobanco.learn.hands import ThirdCard, Totals, Winner
from puntobanco.learn.pay import Payout
from puntobanco.learn.question import Question
from puntobanco.learn.shown import money
from puntobanco.table.lesson import Lesson, Shown
from puntobanco.table.machine import Table
from puntobanco.table.state import Phase


def offers(machine: Table, viewer: Viewer) -> list[dict[str, Any]]:
    """The lesson's commands ``viewer`` may send now (``views.offers`` at a lesson)."""
    state = machine.state
    found: list[dict[str, Any]] = []
    if state.lesson.open:
        found.append({"type": "Tick"})  # the question's seconds count down
    if viewer.role is Role.HOST:
        if machine.can_next_question():
            found.append({"type": "NextQuestion"})
        if machine.can_show_answer():
            found.append({"type": "ShowAnswer"})
        if machine.can_close_table():
            found.append({"type": "CloseTable"})
        return found
    player = state.find(viewer.name or "") if viewer.role is Role.PLAYER else None
    if player is None:
        if machine.allows("sit") and len(state.players) < state.config.seats:
            found.append({"type": "Sit"} | ({"name": viewer.name} if viewer.name else {}))
        return found
    if machine.can_answer(player.name):
        found.append({"type": "AnswerQuestion"})
    if machine.can_leave(player.name):
        found.append({"type": "Leave"})
    return found


def shared(machine: Table, lang: Lang) -> dict[str, Any]:
    """The lesson as every viewer sees it, in ``lang``."""
    state = machine.state
    lesson = state.lesson
    questions = machine.questions
    put = questions[lesson.put - 1] if lesson.put else None
    last = lesson.shown[-1] if lesson.shown else None
    return {
        "questions": len(questions),
        "seconds": state.config.countdown,
        "drills": list(state.config.drills or ()),
        "put": lesson.put,
        "done": len(lesson.shown),
        "open": lesson.open,
        "ended": state.phase is Phase.ENDED,
        "question": None if put is None else _question(put, lesson, len(state.players), lang),
        "shown": None if last is None or lesson.open else _shown(questions, last, lang),
        "scores": [
            {"name": p.name, "points": int(p.balance), "answered": _answered(lesson, p.name)}
            for p in sorted(state.seated, key=lambda p: (-p.balance, p.seat))
        ],
    }


def own(machine: Table, viewer: Viewer, lang: Lang) -> dict[str, Any]:
    """What ``viewer`` alone sees of the lesson: a student their answer to the
    question put and their results; the host every student's. The weak cells of
    the tableau (the cells answered wrong, most mistakes first) come with them."""
    state = machine.state
    if viewer.role is Role.HOST:
        return {"students": [_student(machine, p.name, lang) for p in state.seated]}
    player = state.find(viewer.name or "") if viewer.role is Role.PLAYER else None
    if player is None:
        return {}
    reply = state.lesson.reply_of(player.name) if state.lesson.open else None
    return {"answer": None if reply is None else reply.answer} | _student(
        machine, player.name, lang
    )


def _answered(lesson: Lesson, name: str) -> int:
    return sum(1 for s in lesson.shown if any(r.name == name for r in s.replies))


def _results(machine: Table, name: str) -> list[Result]:
    """``name``'s results, one per question shown (an unanswered one is wrong)."""
    questions = machine.questions
    found = []
    for shown in machine.state.lesson.shown:
        reply = next((r for r in shown.replies if r.name == name), None)
        question = questions[shown.number - 1]
        found.append(Result(question, None if reply is None else reply.answer, name in shown.right))
    return found


def _student(machine: Table, name: str, lang: Lang) -> dict[str, Any]:
    results = _results(machine, name)
    return {
        "name": name,
        "results": [r.correct for r in results],
        "weak": [
            {"cell": q.cell_words(lang), "wrong": wrong, "asked": asked}
            for q, wrong, asked in weak_cells(results)
        ],
    }


def _question(q: Question, lesson: Lesson, students: int, lang: Lang) -> dict[str, Any]:
    return {
        "number": lesson.put,
        "kind": q.kind,
        "kind_name": t(f"learn.name.{q.kind.replace('-', '_')}", lang),
        "prompt": q.prompt(lang),
        "text": q.text(lang),
        "hands": _hands(q),
        "input": _input(q),
        "choices": _choices(q, lang),
        "answered": len(lesson.replies) if lesson.open else None,
        "students": students,
    }


def _hands(q: Question) -> list[dict[str, Any]]:
    """The question's cards as the host screen draws them: by hand where the
    cards are a coup's (``side``: ``punto`` or ``banco``), else one run."""
    data = q.to_json()
    if isinstance(q, ThirdCard):
        third = [data["punto_third"]] if data["punto_third"] else []
        return [
            {"side": "punto", "cards": [*_codes(data["punto"]), *third]},
            {"side": "banco", "cards": _codes(data["banco"])},
        ]
    if isinstance(q, Totals):
        return [{"side": data["hand"], "cards": _codes(data["cards"])}]
    cards = _codes(data["cards"])
    if isinstance(q, Count):
        return [{"side": None, "cards": cards}]
    punto, banco = split_hands([Card.parse(c) for c in cards])
    return [
        {"side": "punto", "cards": [str(c) for c in punto]},
        {"side": "banco", "cards": [str(c) for c in banco]},
    ]


def _codes(value: object) -> list[str]:
    assert isinstance(value, list)
    return [str(c) for c in value]


def _input(q: Question) -> str:
    """How a phone answers: ``choice`` (a button each), ``amount`` (in units, sent
    as cents) or ``number`` (a whole number, signed)."""
    if isinstance(q, Payout):
        return "amount"
    if isinstance(q, Count):
        return "number"
    return "choice"


def _choices(q: Question, lang: Lang) -> list[dict[str, str]] | None:
    """The buttons of a question answered by a choice: the answer sent, its words."""
    if isinstance(q, ThirdCard):
        return [{"value": v, "label": t(f"learn.answer.{v}", lang)} for v in ("draw", "stand")]
    if isinstance(q, Winner):
        return [{"value": o.value, "label": outcome_name(o, lang)} for o in Outcome]
    if isinstance(q, Totals):
        return [{"value": str(n), "label": str(n)} for n in range(10)]
    return None


def _label(q: Question, answer: str, lang: Lang) -> str:
    """An answer as the room reads it: a choice's words, an amount in units."""
    for choice in _choices(q, lang) or ():
        if choice["value"] == answer:
            return choice["label"]
    if isinstance(q, Payout) and answer.lstrip("-").isdigit():
        return money(int(answer), lang, sign=True)
    return answer


def _shown(questions: Sequence[Question], shown: Shown, lang: Lang) -> dict[str, Any]:
    q = questions[shown.number - 1]
    tally = Counter(r.answer for r in shown.replies)
    return {
        "number": shown.number,
        "expected": q.shown(lang),
        "why": q.why(lang),
        "cell": q.cell_words(lang),
        "answered": len(shown.replies),
        "right": len(shown.right),
        "tally": [
            {"answer": _label(q, answer, lang), "count": n, "right": q.check(answer)}
            for answer, n in sorted(tally.items(), key=lambda item: (-item[1], item[0]))
        ],
    }
