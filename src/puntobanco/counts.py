"""Linear card counts: tags per rank, the running count and the true count.

A count adds one tag per card seen; the true count divides the running count
by the decks left in the shoe. The systems published for baccarat's side bets
are records here, each with its source, so that the simulator, the exact
analyses and the drills read the same tags.

>>> from puntobanco.cards import parse_cards
>>> DRAGON_7.running(parse_cards("4H 8S KD 9C"))
3
>>> DRAGON_7.true(6, cards_left=208)
Fraction(3, 2)

Any other linear count is a record too: ``custom("1,1,-2,-2,-2,-1,-1,-2,4,1",
bet="panda_8")`` reads tags as analysts write them (A, 2 ... 9, then the
ten-valued cards), or one per rank (A ... K).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from puntobanco.cards import Card, Rank
from puntobanco.errors import InvalidAnalysisError

RANKS: Final = tuple(Rank)  # A 2 3 ... 10 J Q K, the order of a system's tags
DECK: Final = 52


@dataclass(frozen=True, slots=True)
class CountSystem:
    """A linear count: one integer tag per rank, the bet it is for, its source.

    ``tags`` follows :data:`RANKS` (A, 2, ..., 10, J, Q, K). ``trigger`` is the
    published true count at or above which the bet is made, ``None`` when the
    source gives none.
    """

    name: str
    tags: tuple[int, ...]
    bet: str
    trigger: Fraction | None
    source: str

    def __post_init__(self) -> None:
        assert len(self.tags) == len(RANKS), self.name

    @classmethod
    def by_value(
        cls,
        name: str,
        values: Mapping[int, int],
        *,
        bet: str,
        trigger: Fraction | None,
        source: str,
    ) -> CountSystem:
        """A system whose tag depends only on the point value (0 for 10 J Q K)."""
        return cls(name, tuple(values.get(r.point, 0) for r in RANKS), bet, trigger, source)

    def tag(self, card: Card) -> int:
        """The tag of one card."""
        return self.tags[RANKS.index(card.rank)]

    def running(self, cards: Iterable[Card]) -> int:
        """The running count after these cards."""
        return sum(self.tag(c) for c in cards)

    def true(self, running: int, *, cards_left: int) -> Fraction:
        """The running count per deck left in the shoe (exact); ``cards_left`` > 0."""
        assert cards_left > 0, cards_left
        return Fraction(running * DECK, cards_left)

    @property
    def value_tags(self) -> tuple[int, ...] | None:
        """The tag of each point value 0 to 9, when every rank of a value has the
        same tag (what a simulator dealing point values needs); else None."""
        by_value: dict[int, set[int]] = {}
        for rank, tag in zip(RANKS, self.tags, strict=True):
            by_value.setdefault(rank.point, set()).add(tag)
        if any(len(tags) > 1 for tags in by_value.values()):
            return None
        return tuple(next(iter(by_value[v])) for v in range(10))

    @property
    def written(self) -> str:
        """The tags as analysts write them: A, 2 ... 9, then the ten-valued cards
        (``"0,0,0,-1,-1,-1,-1,2,2,0"``), or one per rank when those differ."""
        values = self.value_tags
        tags = self.tags if values is None else (*values[1:], values[0])
        return ",".join(map(str, tags))


# Eliot Jacobson, "Co-Card Counting the Dragon and Panda Side Bets in EZ Baccarat"
# (888casino blog, 2014) and his Dragon 7 analysis on the Wizard of Odds (2011):
# tags {0,0,0,-1,-1,-1,-1,2,2,0} for A..9 and the ten-valued cards; bet the
# Dragon 7 at a true count of +4 or more.
DRAGON_7: Final = CountSystem.by_value(
    "dragon7",
    {4: -1, 5: -1, 6: -1, 7: -1, 8: 2, 9: 2},
    bet="dragon_7",
    trigger=Fraction(4),
    source="Eliot Jacobson, Dragon 7 count (Wizard of Odds, 2011; 888casino blog, 2014)",
)

# The same article: the Panda 8 count, tags {1,1,-2,-2,-2,-1,-1,-2,4,1} for
# A..9 and the ten-valued cards. Jacobson gives no trigger in that article.
PANDA_8: Final = CountSystem.by_value(
    "panda8",
    {1: 1, 2: 1, 3: -2, 4: -2, 5: -2, 6: -1, 7: -1, 8: -2, 9: 4, 0: 1},
    bet="panda_8",
    trigger=None,
    source="Eliot Jacobson, Panda 8 count (888casino blog, 2014)",
)

SYSTEMS: Final[dict[str, CountSystem]] = {s.name: s for s in (DRAGON_7, PANDA_8)}


#: Tags a system may give a card: a count keeps small whole numbers.
MAX_TAG: Final = 99


def parse_tags(text: str) -> tuple[int, ...]:
    """Tags per rank (``RANKS`` order) from text: ten tags as analysts write them
    (A, 2 ... 9, then the ten-valued cards) or thirteen, one per rank (A ... K),
    separated by commas or spaces, braces allowed.

    Raises ``InvalidAnalysisError`` for anything else.

    >>> parse_tags("{0,0,0,-1,-1,-1,-1,2,2,0}") == DRAGON_7.tags
    True
    """
    words = text.strip().strip("{}()[]").replace(",", " ").split()
    try:
        tags = [int(w) for w in words]
    except ValueError:
        tags = []
    if len(tags) not in (10, 13) or any(abs(tag) > MAX_TAG for tag in tags):
        raise InvalidAnalysisError("error.count.tags", tags=text.strip())
    if len(tags) == 10:
        by_value = {v: tags[v - 1] for v in range(1, 10)} | {0: tags[9]}
        return tuple(by_value[r.point] for r in RANKS)
    return tuple(tags)


def custom(tags: str | Iterable[int], *, bet: str, trigger: Fraction | None = None) -> CountSystem:
    """A count of one's own: ``tags`` as ``parse_tags`` reads them (or 13 integers
    per rank), for ``bet`` (a bet's key: ``"panda_8"``).

    Raises ``InvalidAnalysisError`` for tags that are not 10 or 13 small integers.
    """
    text = tags if isinstance(tags, str) else ",".join(map(str, tags))
    return CountSystem("custom", parse_tags(text), bet, trigger, "")


def system(name: str) -> CountSystem:
    """The published system ``name`` (``"dragon7"``, ``"panda8"``).

    Raises ``InvalidAnalysisError`` for a name ``SYSTEMS`` does not hold.
    """
    found = SYSTEMS.get(name.strip().lower())
    if found is None:
        raise InvalidAnalysisError("error.count.system", name=name, choices=", ".join(SYSTEMS))
    return found
