"""A drill: questions of one kind from a seed, graded and scored.

The kinds are records (``KINDS``): a name and how one question is made from the
drill's source of coups and its settings. ``make_drill`` deals them; a drill
grades a set of answers into results, each with the right answer and why, and
a score; ``weak_cells`` gathers the mistakes by what they exercise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from puntobanco.counts import SYSTEMS
from puntobanco.errors import DrillError
from puntobanco.i18n import Lang
from puntobanco.learn.count import make_count
from puntobanco.learn.hands import make_call, make_third_card, make_totals, make_winner
from puntobanco.learn.pay import make_dealer, make_payout
from puntobanco.learn.question import Question
from puntobanco.learn.source import CoupSource
from puntobanco.paytable import PAYTABLES
from puntobanco.rng import check_seed
from puntobanco.shoe import SESSION_DECKS, check_decks

DEFAULT_COUNT: Final = 20
MAX_COUNT: Final = 1000
DEFAULT_SYSTEM: Final = "dragon7"


@dataclass(frozen=True, slots=True)
class Settings:
    """How a drill's questions are made: the shoe's decks (8, seed 004), the
    paytable of the payout drills (None: every paytable in turn), the count
    system of the counting drill and whether it asks the true count.

    Raises ``DrillError`` for an unknown paytable or system, ``InvalidShoeError``
    for a number of decks out of range.
    """

    decks: int = SESSION_DECKS
    paytable: str | None = None
    system: str = DEFAULT_SYSTEM
    true_count: bool = False

    def __post_init__(self) -> None:
        check_decks(self.decks)
        if self.paytable is not None and self.paytable not in PAYTABLES:
            choices = ", ".join(sorted(PAYTABLES))
            raise DrillError("error.paytable", name=self.paytable, choices=choices)
        if self.system not in SYSTEMS:
            choices = ", ".join(sorted(SYSTEMS))
            raise DrillError("learn.error.system", name=self.system, choices=choices)


Maker = Callable[[CoupSource, Settings, str], Question]


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of drill: its name, how one question is made, and the settings it reads."""

    name: str
    make: Maker
    reads: frozenset[str] = frozenset()


KINDS: Final[dict[str, Kind]] = {
    kind.name: kind
    for kind in (
        Kind("third-card", lambda source, _, qid: make_third_card(source, qid)),
        Kind("totals", lambda source, _, qid: make_totals(source, qid)),
        Kind("winner", lambda source, _, qid: make_winner(source, qid)),
        Kind(
            "payout",
            lambda source, s, qid: make_payout(source, qid, s.paytable),
            frozenset({"paytable"}),
        ),
        Kind("call", lambda source, _, qid: make_call(source, qid)),
        Kind(
            "count",
            lambda source, s, qid: make_count(
                source, qid, SYSTEMS[s.system], true_count=s.true_count
            ),
            frozenset({"system", "true_count"}),
        ),
        Kind(
            "dealer",
            lambda source, s, qid: make_dealer(source, qid, s.paytable),
            frozenset({"paytable"}),
        ),
    )
}


@dataclass(frozen=True, slots=True)
class Result:
    """One question graded: the answer given (None: none) and whether it is right."""

    question: Question
    given: object
    correct: bool

    def to_json(self, lang: Lang) -> dict[str, object]:
        """``{"id", "correct", "expected", "why", "given"}``, in ``lang``."""
        q = self.question
        return {
            "id": q.id,
            "correct": self.correct,
            "expected": q.expected(lang),
            "why": q.why(lang),
            "given": self.given,
        }


@dataclass(frozen=True, slots=True)
class Score:
    """How many questions were answered right, of how many."""

    correct: int
    questions: int

    @property
    def percent(self) -> int:
        """The share answered right, in whole percent rounded down (0 for no question)."""
        return self.correct * 100 // self.questions if self.questions else 0

    def to_json(self) -> dict[str, int]:
        """``{"correct", "questions"}``."""
        return {"correct": self.correct, "questions": self.questions}


def score(results: Iterable[Result]) -> Score:
    """The score of a set of results."""
    marks = [r.correct for r in results]
    return Score(sum(marks), len(marks))


def weak_cells(results: Iterable[Result]) -> list[tuple[Question, int, int]]:
    """The cells answered wrong, most mistakes first: for each, a question that
    exercises it (to put it in words), the mistakes and the questions asked."""
    asked: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    example: dict[str, Question] = {}
    for result in results:
        cell = result.question.cell
        asked[cell] += 1
        if not result.correct:
            wrong[cell] += 1
            example.setdefault(cell, result.question)
    ranked = sorted(wrong, key=lambda cell: (-wrong[cell], -asked[cell], cell))
    return [(example[cell], wrong[cell], asked[cell]) for cell in ranked]


@dataclass(frozen=True, slots=True)
class Drill:
    """The questions of one kind that ``seed`` gives with ``settings``."""

    kind: str
    seed: int
    settings: Settings
    questions: tuple[Question, ...]

    def question(self, qid: str) -> Question:
        """The question named ``qid``; ``DrillError`` when there is none."""
        for question in self.questions:
            if question.id == qid:
                return question
        raise DrillError("learn.error.unknown_id", id=qid, count=len(self.questions))

    def to_json(self) -> dict[str, object]:
        """``{"kind", "seed", "questions"}``: everything needed to answer, no answer."""
        return {
            "kind": self.kind,
            "seed": self.seed,
            "questions": [q.to_json() for q in self.questions],
        }

    def grade(self, answers: Mapping[str, object]) -> tuple[Result, ...]:
        """Each question with the answer of the same id (a missing one is wrong).

        Raises ``DrillError`` for answers that are not a mapping of question ids,
        or that answer a question the drill does not have.
        """
        if not isinstance(answers, Mapping):
            raise DrillError("learn.error.answers", found=type(answers).__name__)
        for qid in answers:
            self.question(str(qid))
        return tuple(
            Result(q, answers.get(q.id), q.id in answers and q.check(answers[q.id]))
            for q in self.questions
        )


def make_drill(
    kind: str, *, seed: int, count: int = DEFAULT_COUNT, settings: Settings | None = None
) -> Drill:
    """``count`` questions of ``kind`` from the coups that ``seed`` deals.

    >>> drill = make_drill("winner", seed=7, count=2)
    >>> [q["id"] for q in drill.to_json()["questions"]]
    ['1', '2']

    Raises ``DrillError`` for an unknown kind or a count out of 1 to ``MAX_COUNT``,
    ``InvalidShoeError`` for a seed out of range.
    """
    if kind not in KINDS:
        raise DrillError("learn.error.kind", kind=kind, choices=", ".join(KINDS))
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise DrillError("learn.error.count", count=count, high=MAX_COUNT)
    check_seed(seed)
    settings = settings or Settings()
    source = CoupSource(seed, settings.decks)
    make = KINDS[kind].make
    questions = tuple(make(source, settings, str(n)) for n in range(1, count + 1))
    return Drill(kind, seed, settings, questions)
