"""Exact counts of the ordered card sequences that end in Punto, Banco, Égalité.

The usual convention: every coup counts six ordered cards, so a coup that uses
k cards stands for the (N-k)(N-k-1)... sequences of the 6-k cards after it,
and the three counts add up to N(N-1)(N-2)(N-3)(N-4)(N-5).

Why it is fast in pure Python: the cards are counted by point value, and the
number of ways to deal a hand's two values does not depend on their order, so
the 10**4 ordered starts collapse to 55 x 55 pairs of pairs. Third cards are
then counted through the same rule functions the game uses, each Punto third
card reading Banco's outcomes from running sums.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from typing import Final

from puntobanco.cards import DECK, Card, ShownCards, check_decks
from puntobanco.coup import Outcome
from puntobanco.errors import InvalidCardError
from puntobanco.paytable import STANDARD, Paytable
from puntobanco.rules import banco_draws, is_natural, punto_draws

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


def _compare(p: int, b: int) -> int:
    """Index of the outcome: 0 Punto, 1 Banco, 2 Égalité."""
    return 0 if p > b else (1 if b > p else 2)


#: What happens after a four-card start with totals (pt, bt), read once from the
#: tableau: ``_PLANS[pt][bt]`` is (the outcome when the coup ends with these four
#: cards, else None; the Punto third cards after which Banco draws, each with
#: Punto's final total and whether another card of its value would give Banco less
#: than it, or as much; the third cards that end the coup, by outcome). When Punto
#: stands and Banco draws, the last are Banco's third cards.
_Plan = tuple[int | None, tuple[tuple[int, int, bool, bool], ...], tuple[tuple[int, ...], ...]]


def _plan(pt: int, bt: int) -> _Plan:
    """The plan of a start with totals (pt, bt), through the game's rule functions."""
    if is_natural(pt) or is_natural(bt):
        return _compare(pt, bt), (), ()
    if not punto_draws(pt):
        if not banco_draws(bt, None):
            return _compare(pt, bt), (), ()
        # Banco's third card v ends the coup on (pt, bt + v).
        ends = tuple(
            tuple(v for v in range(10) if _compare(pt, (bt + v) % 10) == o) for o in range(3)
        )
        return None, (), ends
    draw = []
    for p3 in range(10):
        pt3 = (pt + p3) % 10
        if banco_draws(bt, p3):
            taken = (bt + p3) % 10  # Banco's total with another card of p3's value
            draw.append((p3, pt3, taken < pt3, taken == pt3))
    stand = tuple(
        tuple(
            p3 for p3 in range(10) if not banco_draws(bt, p3) and _compare((pt + p3) % 10, bt) == o
        )
        for o in range(3)
    )
    return None, tuple(draw), stand


_PLANS: tuple[tuple[_Plan, ...], ...] = tuple(
    tuple(_plan(pt, bt) for bt in range(10)) for pt in range(10)
)


def _after_start(plan: _Plan, bt: int, r: list[int], n4: int) -> tuple[int, int, int]:
    """Counts of six-card sequences after a four-card start whose totals have
    ``plan`` (one where a third card is drawn) and Banco's total is ``bt``, ``r``
    the remaining cards by value and ``n4`` their number."""
    _, draw, stand = plan
    one_less = n4 - 1  # the cards left once a third card is out
    punto = banco = tie = 0
    if draw:
        # Banco's third cards by the total they give it, and how many give it less
        # than each total: each Punto third card reads its counts at once, one fewer
        # of its own value being left for Banco.
        by_total = r[10 - bt :] + r[: 10 - bt]  # by_total[t] == r[(t - bt) % 10]
        below = list(accumulate(by_total, initial=0))
        drawn = 0
        for p3, pt3, fewer, same in draw:
            w = r[p3]
            punto += w * (below[pt3] - fewer)
            tie += w * (by_total[pt3] - same)
            drawn += w
        banco = drawn * one_less - punto - tie
    to_punto, to_banco, to_tie = stand
    punto += sum([r[v] for v in to_punto]) * one_less
    banco += sum([r[v] for v in to_banco]) * one_less
    tie += sum([r[v] for v in to_tie]) * one_less
    return punto, banco, tie


#: Each hand's two first values, taken once in either order, with the number of
#: orders they come in (two for two different values).
_PAIRS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(10) for b in range(a, 10)
)


#: ``outcome_counts`` of the full shoes of 1 to 8 decks, worked out once (by
#: ``count_outcomes``) and written here: ``puntobanco odds`` starts from a full
#: shoe, and a start-up is then spent on nothing it already knows.
#: tests/test_odds.py works each of them out again.
FULL_SHOES: Final[dict[tuple[int, ...], tuple[int, int, int]]] = {
    (16, 4, 4, 4, 4, 4, 4, 4, 4, 4): (6548674432, 6737232640, 1372227328),
    (32, 8, 8, 8, 8, 8, 8, 8, 8, 8): (487816735232, 501543728128, 103154274240),
    (48, 12, 12, 12, 12, 12, 12, 12, 12, 12): (5837305562496, 6000349195008, 1238768922816),
    (64, 16, 16, 16, 16, 16, 16, 16, 16, 16): (33608344225792, 34543624867840, 7145601996928),
    (80, 20, 20, 20, 20, 20, 20, 20, 20, 20): (130087780016000, 133700037548800, 27690387926400),
    (96, 24, 24, 24, 24, 24, 24, 24, 24, 24): (392220492728832, 403095751234560, 83552962932288),
    (112, 28, 28, 28, 28, 28, 28, 28, 28, 28): (
        995884732700032,
        1023469376328448,
        212268385833280,
    ),
    (128, 32, 32, 32, 32, 32, 32, 32, 32, 32): (
        2230518282592256,
        2292252566437888,
        475627426473216,
    ),
}


def outcome_counts(counts: Sequence[int]) -> tuple[int, int, int]:
    """Ordered six-card sequences ending in (Punto, Banco, Égalité) for a shoe
    holding ``counts[v]`` cards of point value v (a full shoe's from ``FULL_SHOES``).

    >>> sum(outcome_counts(composition(1))) == 52 * 51 * 50 * 49 * 48 * 47
    True
    """
    known = FULL_SHOES.get(tuple(counts))
    return known if known is not None else count_outcomes(counts)


def count_outcomes(counts: Sequence[int]) -> tuple[int, int, int]:
    """``outcome_counts`` worked out (every four-card start, then the draws).

    >>> sum(count_outcomes(composition(1))) == 52 * 51 * 50 * 49 * 48 * 47
    True
    """
    assert len(counts) == 10 and all(c >= 0 for c in counts)
    n = sum(counts)
    if n < 6:
        return 0, 0, 0
    n4 = n - 4
    ended = [0, 0, 0]  # the ways of the starts that end the coup, by its outcome
    totals = [0, 0, 0]
    for pt, bt, k, r in weighted_starts(counts):
        plan = _PLANS[pt][bt]
        if plan[0] is not None:
            ended[plan[0]] += k
            continue
        p, b, e = _after_start(plan, bt, r, n4)
        totals[0] += k * p
        totals[1] += k * b
        totals[2] += k * e
    tail = n4 * (n4 - 1)  # the two cards after a coup of four
    return totals[0] + ended[0] * tail, totals[1] + ended[1] * tail, totals[2] + ended[2] * tail


def weighted_starts(counts: Sequence[int]) -> Iterator[tuple[int, int, int, list[int]]]:
    """Each (Punto total, Banco total) a four-card start can give, with the number
    of ordered ways to deal it and the cards left by value (valid until the next
    item: the list is reused). A total pair may come more than once.

    >>> sum(k for _, _, k, _ in weighted_starts(composition(1))) == 52 * 51 * 50 * 49
    True
    """
    r = list(counts)
    for p1, p2, p_orders in _PAIRS:
        # The ways to deal the cards in one order: each one from what is left.
        punto = r[p1]
        r[p1] -= 1
        punto *= r[p2]
        r[p2] -= 1
        if punto > 0:
            pt = (p1 + p2) % 10
            for b1, b2, b_orders in _PAIRS:
                ways = punto * r[b1]
                r[b1] -= 1
                ways *= r[b2]
                r[b2] -= 1
                if ways > 0:
                    yield pt, (b1 + b2) % 10, ways * p_orders * b_orders, r
                r[b2] += 1
                r[b1] += 1
        r[p2] += 1
        r[p1] += 1


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
