"""The counting drill: the running count of a run of cards, or the true count.

A count system is a record of ``counts`` (its tag per rank, the bet it is for,
its source); the drill reads it there and never types a tag of its own. A run
is the cards of one to three consecutive coups of a seeded shoe. A running-count
question counts from zero at the run's first card; a true-count question gives
the running count before the run (the real one, of every card the shoe dealt
before it) and the cards left in the shoe after it, and asks for the true
count rounded down to a whole number: what a counter compares with the bet's
trigger (a true count of +4 or more for the Dragon 7), since a whole number
rounded down reaches the trigger exactly when the exact count does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, Final

from puntobanco.cards import Card
from puntobanco.counts import RANKS, CountSystem
from puntobanco.explain import bet_name
from puntobanco.i18n import Lang, t
from puntobanco.i18n.numbers import number as number_text
from puntobanco.learn.question import number
from puntobanco.learn.shown import cards_text, codes, rank_text, signed_number
from puntobanco.learn.source import CoupSource

#: A run is the cards of one to this many consecutive coups.
MAX_RUN_COUPS: Final = 3
DECK: Final = 52


def system_words(system: CountSystem, lang: Lang) -> str:
    """The system by the bet it counts for: "Dragon 7"."""
    return bet_name(system.bet, lang)


def legend(system: CountSystem, lang: Lang) -> str:
    """The system's tags in words, highest first: "+2 for 8 9; -1 for 4 5 6 7; 0 for the others"."""
    by_tag: dict[int, list[str]] = {}
    for rank, tag in zip(RANKS, system.tags, strict=True):
        by_tag.setdefault(tag, []).append(rank_text(rank, lang))
    parts = [
        t("learn.count.tag", lang, tag=signed_number(tag), ranks=" ".join(ranks))
        for tag, ranks in sorted(by_tag.items(), reverse=True)
        if tag != 0
    ]
    others = [t("learn.count.others", lang)] if 0 in by_tag else []
    return t("learn.join", lang).join([*parts, *others])


@dataclass(frozen=True, slots=True)
class Count:
    """What is the count after these cards? The running count from zero, or, with
    ``cards_left``, the true count after a running count of ``before``."""

    id: str
    system: CountSystem
    cards: tuple[Card, ...]
    before: int = 0
    cards_left: int | None = None
    kind: ClassVar[str] = "count"

    @property
    def ask(self) -> str:
        """``"running"`` or ``"true"``."""
        return "running" if self.cards_left is None else "true"

    @property
    def running(self) -> int:
        """The running count after the run."""
        return self.before + self.system.running(self.cards)

    @property
    def exact_true(self) -> Fraction:
        """The exact true count after the run (a true-count question)."""
        assert self.cards_left is not None
        return self.system.true(self.running, cards_left=self.cards_left)

    @property
    def answer(self) -> int:
        """The running count, or the true count rounded down."""
        return self.running if self.cards_left is None else math.floor(self.exact_true)

    @property
    def cell(self) -> str:
        return f"{self.system.name} {self.ask}"

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "id": self.id,
            "system": self.system.name,
            "cards": codes(self.cards),
        }
        if self.cards_left is not None:  # a running count is asked unless it says so
            data["ask"] = self.ask
            data["running_before"] = self.before
            data["cards_left"] = self.cards_left
        return data

    def prompt(self, lang: Lang) -> str:
        return t(f"learn.prompt.count_{self.ask}", lang, system=system_words(self.system, lang))

    def text(self, lang: Lang) -> str:
        cards = cards_text(self.cards, lang)
        if self.cards_left is None:
            shows = t("learn.show.run", lang, cards=cards)
        else:
            shows = t(
                "learn.show.run_true",
                lang,
                start=signed_number(self.before),
                cards=cards,
                left=self.cards_left,
            )
        return f"{shows} {self.prompt(lang)}"

    def expected(self, lang: Lang) -> int:
        return self.answer

    def shown(self, lang: Lang) -> str:
        return signed_number(self.answer)

    def check(self, answer: object) -> bool:
        return number(answer) == self.answer

    def why(self, lang: Lang) -> str:
        counted = [
            f"{cards_text([c], lang)} {signed_number(self.system.tag(c))}"
            for c in self.cards
            if self.system.tag(c)
        ]
        run = self.system.running(self.cards)
        key = "learn.why.count_from" if self.before else "learn.why.count"
        sentence = t(
            key,
            lang,
            system=system_words(self.system, lang),
            legend=legend(self.system, lang),
            counted=", ".join(counted) if counted else t("learn.count.none", lang),
            run=signed_number(run),
            start=signed_number(self.before),
            running=signed_number(self.running),
        )
        if self.cards_left is None:
            return sentence
        decks = Fraction(self.cards_left, DECK)
        return (
            sentence
            + " "
            + t(
                "learn.why.true_count",
                lang,
                running=signed_number(self.running),
                left=self.cards_left,
                decks_left=number_text(decks, lang, 2),
                # down to the hundredth, as the answer is rounded down: 3.996 shows 3.99
                quotient=number_text(Fraction(math.floor(self.exact_true * 100), 100), lang, 2),
                answer=signed_number(self.answer),
            )
        )

    def cell_words(self, lang: Lang) -> str:
        return t(f"learn.cell.count_{self.ask}", lang, system=system_words(self.system, lang))


def make_count(source: CoupSource, qid: str, system: CountSystem, *, true_count: bool) -> Count:
    """A run of one to three consecutive coups of one shoe (a run that a new shoe
    would cut is begun again there)."""
    length = 1 + source.below(MAX_RUN_COUPS)
    first = source.deal()
    last = first
    for _ in range(length - 1):
        following = source.deal()
        if following.shoe is not first.shoe:
            first = following  # a new shoe: the run starts with it
        last = following
    cards = first.shoe[first.start : last.end]
    if not true_count:
        return Count(qid, system, cards)
    return Count(qid, system, cards, system.running(first.before), last.left)
