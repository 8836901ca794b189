"""A lesson as part of the table's state: the question put, the room's answers, the
points (``FormatRules.lesson``).

The host puts the lesson's questions one at a time (``QuestionPut``); each seated
student answers from their phone (``QuestionAnswered``, a second answer replacing
the first); the answers close when every student has answered, when the host
shows the answer, or when the table's clock runs out, and the students who
answered right score a point each (``AnswerShown``). ``state.apply`` folds these
events through ``APPLY``; like the rest of the fold it checks that an event can
follow (``StoreError`` otherwise) and decides nothing. ``state`` imports this
module, so it reads the state through the few attributes it needs (``_State``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol

from puntobanco.errors import bad_event
from puntobanco.learn.lesson import lesson_questions
from puntobanco.learn.question import Question
from puntobanco.paytable import Amount
from puntobanco.table.config import TableConfig
from puntobanco.table.events import AnswerShown, QuestionAnswered, QuestionPut

#: The phase a lesson is in from its opening to its end (``state.Phase.LESSON``).
LESSON: Final = "lesson"
#: The actions of a lesson's phase (``state.TRANSITIONS``): students sit down and
#: leave at any time, the host puts a question and shows its answer, and closes.
ROWS: Final[Mapping[str, Mapping[str, str]]] = {
    LESSON: {
        "sit": LESSON,
        "leave": LESSON,
        "put_question": LESSON,
        "answer": LESSON,
        "show_answer": LESSON,
        "close_table": "ended",
    },
}
#: The lesson's events, with their action (``state.PHASE_EVENTS``).
PHASE_EVENTS: Final[Mapping[type[Any], str]] = {
    QuestionPut: "put_question",
    QuestionAnswered: "answer",
    AnswerShown: "show_answer",
}
#: The longest answer a student may send (a payout's cents are far shorter).
MAX_ANSWER: Final = 32


@dataclass(frozen=True, slots=True)
class Reply:
    """A student's answer to the question put."""

    name: str
    answer: str


@dataclass(frozen=True, slots=True)
class Shown:
    """A question whose answer was shown: the room's answers and who was right."""

    number: int
    replies: tuple[Reply, ...]
    right: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Lesson:
    """Where a lesson stands: ``put`` is the number of the last question put (0:
    none yet), ``open`` whether it takes answers, ``replies`` its answers so far
    (one per student, in the order they first answered), ``shown`` every question
    whose answer was shown, in order."""

    put: int = 0
    open: bool = False
    replies: tuple[Reply, ...] = ()
    shown: tuple[Shown, ...] = ()

    def reply_of(self, name: str) -> Reply | None:
        """``name``'s answer to the question put, if any."""
        return next((r for r in self.replies if r.name == name), None)


def renamed(lesson: Lesson, old: str, new: str) -> Lesson:
    """``lesson`` with student ``old``'s answers under the name ``new``."""

    def replies(group: tuple[Reply, ...]) -> tuple[Reply, ...]:
        return tuple(Reply(new, r.answer) if r.name == old else r for r in group)

    shown = tuple(
        Shown(s.number, replies(s.replies), tuple(new if n == old else n for n in s.right))
        for s in lesson.shown
    )
    return replace(lesson, replies=replies(lesson.replies), shown=shown)


def first_phase(config: TableConfig) -> tuple[str, int] | None:
    """The phase and coup a lesson opens in (None: the table is no lesson)."""
    return (LESSON, 1) if config.rules.lesson else None


def questions(config: TableConfig) -> tuple[Question, ...]:
    """The lesson's questions, from its settings (the same settings give the same)."""
    assert config.drills is not None and config.deals is not None and config.seed is not None
    return lesson_questions(
        config.drills,
        count=config.deals,
        seed=config.seed,
        decks=config.decks,
        paytable=config.paytable,
    )


class _State(Protocol):
    """What the fold reads of ``state.TableState``."""

    @property
    def lesson(self) -> Lesson: ...
    @property
    def players(self) -> Mapping[str, Any]: ...
    @property
    def house(self) -> Amount: ...


def _put(state: _State, e: QuestionPut) -> dict[str, Any]:
    lesson = state.lesson
    if lesson.open or e.number != lesson.put + 1:
        raise bad_event("a question put that does not follow")
    return {"lesson": replace(lesson, put=e.number, open=True, replies=())}


def _answered(state: _State, e: QuestionAnswered) -> dict[str, Any]:
    lesson = state.lesson
    if not lesson.open or e.number != lesson.put or e.name not in state.players:
        raise bad_event("an answer to a question that takes none")
    reply = Reply(e.name, e.answer)
    kept = [reply if r.name == e.name else r for r in lesson.replies]
    replies = tuple(kept) if lesson.reply_of(e.name) else (*lesson.replies, reply)
    return {"lesson": replace(lesson, replies=replies)}


def _shown(state: _State, e: AnswerShown) -> dict[str, Any]:
    lesson = state.lesson
    answered = {r.name for r in lesson.replies}
    if not lesson.open or e.number != lesson.put:
        raise bad_event("an answer shown for a question not put")
    if not set(e.right) <= answered & set(state.players):
        raise bad_event("a point for a student who did not answer")
    players = dict(state.players)
    for name in e.right:
        players[name] = replace(players[name], balance=players[name].balance + 1)
    shown = Shown(e.number, lesson.replies, e.right)
    return {
        "lesson": replace(lesson, open=False, replies=(), shown=(*lesson.shown, shown)),
        "players": players,
        "house": state.house - len(e.right),  # the points the table gave
    }


APPLY: Final[Mapping[type[Any], Callable[[_State, Any], dict[str, Any]]]] = {
    QuestionPut: _put,
    QuestionAnswered: _answered,
    AnswerShown: _shown,
}
