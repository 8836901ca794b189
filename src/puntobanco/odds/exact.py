"""Exact counts of the ordered card sequences that end in Punto, Banco, Égalité.

The usual convention: every coup counts six ordered cards, so a coup that uses
k cards stands for the (N-k)(N-k-1)... sequences of the 6-k cards after it,
and the three counts add up to N(N-1)(N-2)(N-3)(N-4)(N-5).

Why it is fast in pure Python: the number of ways to deal four given point
values in a given order is the same for every order of the same multiset, so
the 10**4 ordered starts collapse to 715 multisets, each split into the few
(Punto total, Banco total) pairs its orderings give. Third cards are then
counted through the same rule functions the game uses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, permutations

from puntobanco.cards import DECK, Card, ShownCards
from puntobanco.coup import Outcome
from puntobanco.errors import InvalidCardError
from puntobanco.paytable import STANDARD, Paytable
from puntobanco.rules import banco_draws, is_natural, punto_draws
from puntobanco.shoe import check_decks

#: Cards of each point value 0..9 in one 52-card deck: 10 J Q K count zero.
DECK_COUNTS: tuple[int, ...] = tuple(sum(1 for c in DECK if c.point == v) for v in range(10))

Composition = tuple[int, int, int, int, int, int, int, int, int, int]


def composition(decks: int, removed: Iterable[Card] = ()) -> Composition:
    """Cards of each point value left in ``decks`` decks after ``removed``.

    Raises ``InvalidCardError`` when more copies of a card are removed than the
    decks hold.

    >>> composition(8)
    (128, 32, 32, 32, 32, 32, 32, 32, 32, 32)
    """
    check_decks(decks)
    counts = [n * decks for n in DECK_COUNTS]
    for card, n in Counter(removed).items():
        if n > decks:
            raise InvalidCardError(
                "error.shoe.too_many_copies", card=ShownCards((card,)), count=n, decks=decks
            )
        counts[card.point] -= n
    return tuple(counts)  # type: ignore[return-value]


def falling_factorial(n: int, k: int) -> int:
    """Falling factorial n (n-1) ... (n-k+1); 0 when n < k."""
    result = 1
    for i in range(k):
        result *= n - i
    return result if n >= k else 0


# Which third cards of Banco (values v) give each result against a final Punto
# total, for Banco's two-card total bt: RESULT_VALUES[bt][pt] = (punto, banco, tie).
_RESULT_VALUES: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(
        (
            tuple(v for v in range(10) if (bt + v) % 10 < pt),
            tuple(v for v in range(10) if (bt + v) % 10 > pt),
            tuple(v for v in range(10) if (bt + v) % 10 == pt),
        )
        for pt in range(10)
    )
    for bt in range(10)
)


def _compare(p: int, b: int) -> int:
    """Index of the outcome: 0 Punto, 1 Banco, 2 Égalité."""
    return 0 if p > b else (1 if b > p else 2)


def _after_start(pt: int, bt: int, r: Sequence[int], n4: int) -> tuple[int, int, int]:
    """Counts of six-card sequences after a four-card start with totals pt, bt,
    ``r`` the remaining cards by value and ``n4`` their number."""
    out = [0, 0, 0]
    if is_natural(pt) or is_natural(bt):
        out[_compare(pt, bt)] = n4 * (n4 - 1)
        return out[0], out[1], out[2]
    if not punto_draws(pt):
        if banco_draws(bt, None):
            for v in range(10):
                if r[v]:
                    out[_compare(pt, (bt + v) % 10)] += r[v] * (n4 - 1)
        else:
            out[_compare(pt, bt)] = n4 * (n4 - 1)
        return out[0], out[1], out[2]
    for p3 in range(10):
        w = r[p3]
        if not w:
            continue
        pt3 = (pt + p3) % 10
        if banco_draws(bt, p3):
            for i, values in enumerate(_RESULT_VALUES[bt][pt3]):
                ways = sum(r[v] for v in values) - (p3 in values)
                out[i] += w * ways
        else:
            out[_compare(pt3, bt)] += w * (n4 - 1)
    return out[0], out[1], out[2]


#: A multiset of four point values, with the (Punto total, Banco total, orderings)
#: groups that its orderings P1 B1 P2 B2 give.
Start = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]


@lru_cache(maxsize=1)
def four_card_starts() -> tuple[Start, ...]:
    """Every multiset of four point values with its (pt, bt, orderings) groups."""
    result = []
    for multiset in combinations_with_replacement(range(10), 4):
        groups: Counter[tuple[int, int]] = Counter()
        for p1, b1, p2, b2 in set(permutations(multiset)):
            groups[(p1 + p2) % 10, (b1 + b2) % 10] += 1
        result.append((multiset, tuple((pt, bt, m) for (pt, bt), m in groups.items())))
    return tuple(result)


def outcome_counts(counts: Sequence[int]) -> tuple[int, int, int]:
    """Ordered six-card sequences ending in (Punto, Banco, Égalité) for a shoe
    holding ``counts[v]`` cards of point value v.

    >>> sum(outcome_counts(composition(1))) == 52 * 51 * 50 * 49 * 48 * 47
    True
    """
    assert len(counts) == 10 and all(c >= 0 for c in counts)
    n = sum(counts)
    if n < 6:
        return 0, 0, 0
    totals = [0, 0, 0]
    for pt, bt, k, r in weighted_starts(counts):
        p, b, e = _after_start(pt, bt, r, n - 4)
        totals[0] += k * p
        totals[1] += k * b
        totals[2] += k * e
    return totals[0], totals[1], totals[2]


def weighted_starts(counts: Sequence[int]) -> Iterator[tuple[int, int, int, Sequence[int]]]:
    """Each (Punto total, Banco total) a four-card start can give, with the number
    of ordered ways to deal it and the cards left by value (valid until the next
    item: the list is reused)."""
    r = list(counts)
    for multiset, groups in four_card_starts():
        weight = 1
        for v, m in Counter(multiset).items():
            weight *= falling_factorial(counts[v], m)
        if not weight:
            continue
        for v in multiset:
            r[v] -= 1
        for pt, bt, orderings in groups:
            yield pt, bt, weight * orderings, r
        for v in multiset:
            r[v] += 1


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact analysis of one shoe composition."""

    composition: Composition
    punto: int
    banco: int
    egalite: int

    @property
    def total(self) -> int:
        """N(N-1)(N-2)(N-3)(N-4)(N-5): every ordered six-card sequence."""
        return self.punto + self.banco + self.egalite

    def count(self, outcome: Outcome) -> int:
        """Sequences that end in ``outcome``."""
        return {
            Outcome.PUNTO: self.punto,
            Outcome.BANCO: self.banco,
            Outcome.EGALITE: self.egalite,
        }[outcome]

    def probability(self, outcome: Outcome) -> Fraction:
        """Exact probability of ``outcome``."""
        return Fraction(self.count(outcome), self.total)

    def expectation(self, box: Outcome, paytable: Paytable = STANDARD) -> Fraction:
        """Expected net result per unit staked on ``box``."""
        return sum(
            (self.probability(o) * paytable.net(box, 1, o) for o in Outcome), start=Fraction(0)
        )

    def house_edge(self, box: Outcome, paytable: Paytable = STANDARD) -> Fraction:
        """The house's expected gain per unit staked on ``box`` (minus the expectation)."""
        return -self.expectation(box, paytable)


def analyse(counts: Sequence[int]) -> Odds:
    """Exact counts for a composition (cards of each point value 0..9)."""
    p, b, e = outcome_counts(counts)
    return Odds(tuple(counts), p, b, e)  # type: ignore[arg-type]
