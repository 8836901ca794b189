"""Drills on reading a coup: the third card, the totals, the winner, the croupier's call.

Each question is one coup of a seeded shoe; each answer is explained by the
coup's own record of why each hand drew or stood (``explain``), in the
learner's language. The third-card drill asks more often about the cells of
the tableau that people get wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import ClassVar, Final

from puntobanco.cards import Card
from puntobanco.coup import Coup, Outcome, Rule, Side, Step
from puntobanco.errors import InvalidBetError
from puntobanco.explain import announce, describe_decision, describe_step, outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.learn.question import number, word
from puntobanco.learn.shown import cards_text, codes
from puntobanco.learn.source import CoupSource
from puntobanco.rules import total

#: The Banco cells people get wrong, as (Banco's two-card total, Punto's third
#: card): 3 against an 8; 4 against 0, 1, 8, 9; 5 against 4 to 7; 6 against 6, 7.
#: Banco on 3 to 6 after Punto stood (the "Refus" column) is hard too: 3 to 5 draw
#: there, and 6 stands, where the table by Punto's third card says otherwise.
HARD_CELLS: Final = frozenset(
    {(3, 8), (4, 0), (4, 1), (4, 8), (4, 9), (5, 4), (5, 5), (5, 6), (5, 7), (6, 6), (6, 7)}
)
#: How often (in a hundred) a decision met in the shoe becomes a question: the
#: hard cells of the table by Punto's third card always, Banco's hard cells after
#: Punto stood (frequent in a shoe) less, the rest of Banco's table less still,
#: Punto's decisions and the naturals seldom. The drill stays made of real coups;
#: only more of them are passed over.
ASK_HARD: Final = 100
ASK_HARD_REFUS: Final = 40
ASK_BANCO_TABLE: Final = 10
ASK_OTHER: Final = 3
ASK_NATURAL: Final = 2


def step_of(coup: Coup, hand: Side) -> Step:
    """``hand``'s decision in ``coup``."""
    return coup.steps[0 if hand is Side.PUNTO else 1]


def step_cell(step: Step) -> str:
    """The tableau's cell that decided ``step``: ``"punto 5"``, ``"banco 3 v 8"``,
    ``"banco 6 refus"``, or ``"natural"``."""
    if step.rule in (Rule.NATURAL, Rule.OTHER_NATURAL):
        return "natural"
    if step.rule is Rule.PUNTO_TABLE:
        return f"punto {step.two_card_total}"
    if step.rule is Rule.BANCO_REFUS:
        return f"banco {step.two_card_total} refus"
    return f"banco {step.two_card_total} v {step.column}"


def cell_words(cell: str, lang: Lang) -> str:
    """A cell of ``step_cell`` in words."""
    parts = cell.split()
    if parts[0] == "natural":
        return t("learn.cell.natural", lang)
    if parts[0] == "punto":
        return t("learn.cell.punto", lang, total=parts[1])
    if parts[-1] == "refus":
        return t("learn.cell.banco_refus", lang, total=parts[1])
    return t("learn.cell.banco_table", lang, total=parts[1], column=parts[3])


def is_hard(step: Step) -> bool:
    """Whether ``step`` is one of the Banco decisions people get wrong."""
    if step.side is not Side.BANCO:
        return False
    if step.rule is Rule.BANCO_REFUS:
        return 3 <= step.two_card_total <= 6  # 0-2 draw and 7 stands, whatever Punto did
    return step.rule is Rule.BANCO_TABLE and (step.two_card_total, step.column) in HARD_CELLS


def ask_percent(step: Step) -> int:
    """How often ``step`` becomes a question when the shoe deals it."""
    if step.rule in (Rule.NATURAL, Rule.OTHER_NATURAL):
        return ASK_NATURAL
    if is_hard(step):
        return ASK_HARD_REFUS if step.rule is Rule.BANCO_REFUS else ASK_HARD
    if step.rule is Rule.BANCO_TABLE and 3 <= step.two_card_total <= 6:
        return ASK_BANCO_TABLE
    return ASK_OTHER


def hands_text(coup: Coup, lang: Lang) -> str:
    """Both hands of a finished coup with their points: what a payout question shows."""
    return t(
        "learn.show.coup",
        lang,
        punto=cards_text(coup.punto.cards, lang),
        punto_total=coup.punto.total,
        banco=cards_text(coup.banco.cards, lang),
        banco_total=coup.banco.total,
    )


@dataclass(frozen=True, slots=True)
class ThirdCard:
    """Does ``hand`` draw a third card or stand? Both hands' first two cards are
    shown, and Punto's third card when Banco's decision depends on it."""

    id: str
    coup: Coup
    hand: Side
    kind: ClassVar[str] = "third-card"

    @property
    def step(self) -> Step:
        """The decision asked about."""
        return step_of(self.coup, self.hand)

    @property
    def punto_third(self) -> Card | None:
        """Punto's third card, shown when the question is Banco's and Punto drew."""
        return self.coup.punto.third if self.hand is Side.BANCO else None

    @property
    def cell(self) -> str:
        return step_cell(self.step)

    def to_json(self) -> dict[str, object]:
        third = self.punto_third
        return {
            "id": self.id,
            "punto": codes(self.coup.punto.cards[:2]),
            "banco": codes(self.coup.banco.cards[:2]),
            "punto_third": None if third is None else str(third),
            "hand": self.hand.value,
        }

    def prompt(self, lang: Lang) -> str:
        return t("learn.prompt.third_card", lang, hand=outcome_name(self.hand, lang))

    def text(self, lang: Lang) -> str:
        punto = cards_text(self.coup.punto.cards[:2], lang)
        banco = cards_text(self.coup.banco.cards[:2], lang)
        third = self.punto_third
        if third is None:
            shows = t("learn.show.hands", lang, punto=punto, banco=banco)
        else:
            shows = t(
                "learn.show.hands_third",
                lang,
                punto=punto,
                banco=banco,
                third=cards_text([third], lang),
            )
        return f"{shows} {self.prompt(lang)}"

    def expected(self, lang: Lang) -> str:
        return "draw" if self.step.drew else "stand"

    def shown(self, lang: Lang) -> str:
        return t(f"learn.answer.{self.expected(lang)}", lang)

    def check(self, answer: object) -> bool:
        return word(answer) == self.expected("en")

    def why(self, lang: Lang) -> str:
        # The decision without the card it brought: the learner has not seen it.
        return describe_decision(replace(self.step, card=None), lang)

    def cell_words(self, lang: Lang) -> str:
        return cell_words(self.cell, lang)


def make_third_card(source: CoupSource, qid: str) -> ThirdCard:
    """A third-card question, Banco's hard cells asked more often than the rest."""
    while True:
        coup = source.deal().coup
        for hand in (Side.BANCO, Side.PUNTO):
            if source.chance(ask_percent(step_of(coup, hand))):
                return ThirdCard(qid, coup, hand)


@dataclass(frozen=True, slots=True)
class Totals:
    """What is the point of ``hand``'s cards (two or three)?"""

    id: str
    hand: Side
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "totals"

    @property
    def point(self) -> int:
        """The hand's point: the units digit of its cards' values."""
        return total(sum(card.point for card in self.cards))

    @property
    def cell(self) -> str:
        return f"{len(self.cards)} cards"

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "hand": self.hand.value, "cards": codes(self.cards)}

    def prompt(self, lang: Lang) -> str:
        return t("learn.prompt.totals", lang, hand=outcome_name(self.hand, lang))

    def text(self, lang: Lang) -> str:
        hand = outcome_name(self.hand, lang)
        shows = t("learn.show.hand", lang, hand=hand, cards=cards_text(self.cards, lang))
        return f"{shows} {self.prompt(lang)}"

    def expected(self, lang: Lang) -> int:
        return self.point

    def shown(self, lang: Lang) -> str:
        return str(self.point)

    def check(self, answer: object) -> bool:
        return number(answer) == self.point

    def why(self, lang: Lang) -> str:
        values = [card.point for card in self.cards]
        return t(
            "learn.why.total",
            lang,
            cards=cards_text(self.cards, lang),
            values=" + ".join(map(str, values)),
            sum=sum(values),
            total=self.point,
        )

    def cell_words(self, lang: Lang) -> str:
        return t("learn.cell.cards", lang, n=len(self.cards))


def make_totals(source: CoupSource, qid: str) -> Totals:
    """A totals question: three-card hands and hands over ten asked more often."""
    while True:
        coup = source.deal().coup
        hand = source.pick((Side.PUNTO, Side.BANCO))
        cards = (coup.punto if hand is Side.PUNTO else coup.banco).cards
        over_ten = sum(card.point for card in cards) >= 10
        if source.chance(70 if len(cards) == 3 else 40 if over_ten else 15):
            return Totals(qid, hand, cards)


@dataclass(frozen=True, slots=True)
class Winner:
    """Who wins the coup dealt from these cards, in the order they leave the shoe?"""

    id: str
    coup: Coup
    kind: ClassVar[str] = "winner"

    @property
    def cell(self) -> str:
        return step_cell(self.coup.steps[1])

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "cards": codes(self.coup.cards)}

    def prompt(self, lang: Lang) -> str:
        return t("learn.prompt.winner", lang)

    def text(self, lang: Lang) -> str:
        shows = t("learn.show.cards", lang, cards=cards_text(self.coup.cards, lang))
        return f"{shows} {self.prompt(lang)}"

    def expected(self, lang: Lang) -> str:
        return self.coup.outcome.value

    def shown(self, lang: Lang) -> str:
        return outcome_name(self.coup.outcome, lang)

    def check(self, answer: object) -> bool:
        return chance(answer) is self.coup.outcome

    def why(self, lang: Lang) -> str:
        steps = [describe_step(step, lang) for step in self.coup.steps]
        return " ".join([*steps, announce(self.coup, lang)])

    def cell_words(self, lang: Lang) -> str:
        return cell_words(self.cell, lang)


def make_winner(source: CoupSource, qid: str) -> Winner:
    """A winner question, naturals asked less often than coups with drawing."""
    while True:
        coup = source.deal().coup
        if source.chance(35 if coup.natural else 100):
            return Winner(qid, coup)


def chance(answer: object) -> Outcome | None:
    """A winning chance named in any of the game's words (``"banco"``, ``"B"``,
    ``"égalité"``, ``"tie"``, ``"igualdad"``), else None."""
    if not isinstance(answer, str):
        return None
    try:
        return Outcome.parse(answer)
    except InvalidBetError:
        return None


#: Words of a call: numbers, and words (a chance, or words around them).
_CALL_WORDS: Final = re.compile(r"\d+|[^\W\d_]+")
#: A point of 0 is "baccara" (seed 001: "la plus mauvaise est un 0 (Baccara)").
_ZERO: Final = frozenset({"baccara", "baccarat"})


def read_call(answer: object) -> tuple[int, int, Outcome] | None:
    """A croupier's call read as (Banco's point, Punto's point, the winner), or None
    when it is not one in the seeds' order: Banco's point, then Punto's, then
    the winning chance (seed 000). A point may be named by its hand (``Banco 3``);
    words around them ("gagne", "wins", "gana") are free.

    >>> read_call("Banco 3, Punto 1 : Banco gagne")
    (3, 1, <Outcome.BANCO: 'banco'>)
    >>> read_call("Punto 1, Banco 3: Banco wins") is None, read_call("6 6 igualdad")[2].value
    (True, 'egalite')
    """
    text = word(answer)
    if text is None:
        return None
    points: list[int] = []
    named: Outcome | None = None
    winners: set[Outcome] = set()
    for piece in _CALL_WORDS.findall(text):
        if piece.isdigit() or piece in _ZERO:
            value = 0 if piece in _ZERO else int(piece)
            order = (Outcome.BANCO, Outcome.PUNTO)
            if len(points) == 2 or value > 9 or named not in (None, order[len(points)]):
                return None
            points.append(value)
            named = None
            continue
        found = chance(piece)
        if found is None:
            continue
        if len(points) < 2:
            named = found
        else:
            winners.add(found)
    if len(points) != 2 or len(winners) != 1:
        return None
    return points[0], points[1], winners.pop()


@dataclass(frozen=True, slots=True)
class Call:
    """Call the coup dealt from these cards as the croupier does: Banco's point,
    then Punto's, then the winning chance (seed 000)."""

    id: str
    coup: Coup
    kind: ClassVar[str] = "call"

    @property
    def cell(self) -> str:
        return "call tie" if self.coup.outcome is Outcome.EGALITE else "call"

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "cards": codes(self.coup.cards)}

    def prompt(self, lang: Lang) -> str:
        return t("learn.prompt.call", lang)

    def text(self, lang: Lang) -> str:
        shows = t("learn.show.cards", lang, cards=cards_text(self.coup.cards, lang))
        return f"{shows} {self.prompt(lang)}"

    def expected(self, lang: Lang) -> str:
        return announce(self.coup, lang)

    def shown(self, lang: Lang) -> str:
        # the call as a quote inside a sentence, without its own full stop
        return announce(self.coup, lang).rstrip(".")

    def check(self, answer: object) -> bool:
        coup = self.coup
        return read_call(answer) == (coup.banco.total, coup.punto.total, coup.outcome)

    def why(self, lang: Lang) -> str:
        return t("learn.why.call", lang, call=announce(self.coup, lang))

    def cell_words(self, lang: Lang) -> str:
        key = "learn.cell.call_tie" if self.coup.outcome is Outcome.EGALITE else "learn.cell.call"
        return t(key, lang)


def make_call(source: CoupSource, qid: str) -> Call:
    """A call question from the next coup."""
    return Call(qid, source.deal().coup)
