"""A classroom's lesson: the questions a teacher puts to a room, one at a time.

A lesson takes the drills the teacher picked, in turn, from the coups one seed
deals (``lesson_questions``): the same seed and settings give the same lesson.
Only the drills a room answers from a phone with one tap or one number are
offered (``ROOM_KINDS``); the croupier's announcement and the dealer's layout
of several bets stay the terminal trainer's.

>>> [q.kind for q in lesson_questions(("winner", "totals"), count=3, seed=7)]
['winner', 'totals', 'winner']
"""

from __future__ import annotations

from functools import cache
from typing import Final

from puntobanco.errors import DrillError
from puntobanco.learn.drills import Settings, make_drill
from puntobanco.learn.question import Question
from puntobanco.shoe import SESSION_DECKS

#: The drills a classroom offers, in the order a teacher's form lists them.
ROOM_KINDS: Final = ("third-card", "totals", "winner", "payout", "count")
#: The most questions a lesson puts.
MAX_QUESTIONS: Final = 200


def check_drills(drills: object) -> tuple[str, ...]:
    """``drills`` as a lesson reads them: one or more of ``ROOM_KINDS``, each once;
    ``DrillError`` otherwise."""
    if isinstance(drills, str) or not isinstance(drills, tuple | list) or not drills:
        raise DrillError("learn.error.kind", kind=drills, choices=", ".join(ROOM_KINDS))
    for kind in drills:
        if kind not in ROOM_KINDS:
            raise DrillError("learn.error.kind", kind=kind, choices=", ".join(ROOM_KINDS))
    if len(set(drills)) != len(drills):
        raise DrillError("learn.error.kind", kind=drills, choices=", ".join(ROOM_KINDS))
    return tuple(drills)


@cache
def lesson_questions(
    drills: tuple[str, ...],
    *,
    count: int,
    seed: int,
    decks: int = SESSION_DECKS,
    paytable: str | None = None,
) -> tuple[Question, ...]:
    """The lesson's ``count`` questions: the drills in turn, each drill's questions
    from the coups ``seed`` deals (a question's number in the lesson is its place
    in this tuple, from 1).

    Raises ``DrillError`` for drills not offered or a count out of 1 to
    ``MAX_QUESTIONS``, ``InvalidShoeError`` for a seed or decks out of range.
    """
    check_drills(drills)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_QUESTIONS:
        raise DrillError("learn.error.count", count=count, high=MAX_QUESTIONS)
    settings = Settings(decks=decks, paytable=paytable)
    each = -(-count // len(drills))
    made = [make_drill(kind, seed=seed, count=each, settings=settings).questions for kind in drills]
    return tuple(made[n % len(drills)][n // len(drills)] for n in range(count))
