"""Drills that teach the tableau, the payouts and the count, from real coups.

A drill is a list of questions of one kind (``KINDS``: ``third-card``,
``totals``, ``winner``, ``payout``, ``call``, ``count``, ``dealer``), each put
from coups dealt from a seeded shoe, so that the same seed gives the same
drill on every machine. A question shows what is needed to answer it (cards as
codes, ``to_json``) and never its answer; it checks an answer (``check``) and
explains the right one with the rule that decides it, in the learner's
language (``why``). The command line (``puntobanco drill``), the terminal
trainer (``puntobanco learn``) and a classroom read the same drills.

>>> drill = make_drill("third-card", seed=7, count=1)
>>> question = drill.questions[0]
>>> results = drill.grade({"1": question.expected("en")})
>>> score(results)
Score(correct=1, questions=1)

Pure: nothing here reads a terminal, the web or a store.
"""

from __future__ import annotations

from puntobanco.learn.drills import (
    DEFAULT_COUNT,
    DEFAULT_SYSTEM,
    KINDS,
    MAX_COUNT,
    Drill,
    Kind,
    Result,
    Score,
    Settings,
    make_drill,
    score,
    weak_cells,
)
from puntobanco.learn.question import Question, typed_cents

__all__ = [
    "DEFAULT_COUNT",
    "DEFAULT_SYSTEM",
    "KINDS",
    "MAX_COUNT",
    "Drill",
    "Kind",
    "Question",
    "Result",
    "Score",
    "Settings",
    "make_drill",
    "score",
    "typed_cents",
    "weak_cells",
]
