"""Exact counts of every coup's facts, for any shoe by rank: what every paytable reads.

A paytable line reads a coup's facts (``puntobanco.paytable.Facts``): each
hand's final total and number of cards, and whether its first two cards share a
rank. This module counts, for a shoe given by rank (13 counts, ``Rank`` order),
the ordered six-card sequences that end in each combination of facts, under the
usual convention of ``puntobanco.odds.exact`` (a coup that uses k cards stands
for the sequences of the 6-k cards after it). Any wager's exact probability and
edge is then a sum over at most 1,600 cells.

Point values decide the drawing, ranks only the pairs: 1 to 9 are one rank
each, and the four ranks of value 0 (10, J, Q, K) are split exactly. For each
ordered four-card start by value, the ways to give its zero-valued cards real
ranks are counted by whether Punto's two cards (positions 1 and 3) and Banco's
(2 and 4) share a rank; the cards left by value, and so the third cards, do not
depend on which ranks those were.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, permutations

from puntobanco.cards import DECK, Card, Rank, ShownCards, check_decks
from puntobanco.errors import InvalidCardError
from puntobanco.odds.exact import falling_factorial
from puntobanco.paytable import Facts, Paytable, Wager
from puntobanco.rules import banco_draws, is_natural, punto_draws

RANKS: tuple[Rank, ...] = tuple(Rank)
#: Cards of each rank in one deck (four suits).
DECK_RANKS: tuple[int, ...] = tuple(sum(1 for c in DECK if c.rank is r) for r in RANKS)
#: Indices in ``RANKS`` of the ranks worth zero.
ZERO_RANKS: tuple[int, ...] = tuple(i for i, r in enumerate(RANKS) if r.point == 0)

RankComposition = tuple[int, ...]


def rank_composition(decks: int, removed: Iterable[Card] = ()) -> RankComposition:
    """Cards of each rank (``Rank`` order) left in ``decks`` decks after ``removed``.

    Raises ``InvalidCardError`` when more copies of a card are removed than the
    decks hold.

    >>> rank_composition(8)[:3], sum(rank_composition(8))
    ((32, 32, 32), 416)
    """
    check_decks(decks)
    counts = [n * decks for n in DECK_RANKS]
    for card, n in Counter(removed).items():
        if n > decks:
            raise InvalidCardError(
                "error.shoe.too_many_copies", card=ShownCards((card,)), count=n, decks=decks
            )
        counts[RANKS.index(card.rank)] -= n
    return tuple(counts)


def values_of(ranks: Sequence[int]) -> tuple[int, ...]:
    """The composition by point value 0..9 of a composition by rank."""
    values = [0] * 10
    for rank, n in zip(RANKS, ranks, strict=True):
        values[rank.point] += n
    return tuple(values)


#: Per start multiset: (pt, bt) -> ((punto flag, banco flag, orderings), ...), a flag
#: being 0 (the two cards differ in value), 1 (same value 1-9: a pair), 2 (two zeros).
_Groups = tuple[tuple[int, int, tuple[tuple[int, int, int], ...]], ...]


@lru_cache(maxsize=2)
def _starts(pairs: bool) -> tuple[tuple[tuple[int, ...], _Groups], ...]:
    result = []
    for multiset in combinations_with_replacement(range(10), 4):
        groups: dict[tuple[int, int], Counter[tuple[int, int]]] = {}
        for p1, b1, p2, b2 in set(permutations(multiset)):
            key = ((p1 + p2) % 10, (b1 + b2) % 10)
            pf = (1 if p1 else 2) if pairs and p1 == p2 else 0
            bf = (1 if b1 else 2) if pairs and b1 == b2 else 0
            groups.setdefault(key, Counter())[pf, bf] += 1
        result.append(
            (
                multiset,
                tuple(
                    (pt, bt, tuple((pf, bf, m) for (pf, bf), m in sorted(c.items())))
                    for (pt, bt), c in groups.items()
                ),
            )
        )
    return tuple(result)


Splits = dict[tuple[bool, bool, int], dict[tuple[bool, bool], int]]


def zero_splits(zeros: Sequence[int]) -> Splits:
    """For each (Punto's two are zeros, Banco's two are zeros, zeros in the start):
    the ordered ways to give the zero-valued cards ranks, by (Punto pair, Banco pair)."""
    z_all = sum(zeros)
    s2 = sum(falling_factorial(n, 2) for n in zeros)
    s4 = sum(falling_factorial(n, 4) for n in zeros)
    q = sum(falling_factorial(n, 2) ** 2 for n in zeros)
    out: Splits = {}
    for z in range(5):
        every = falling_factorial(z_all, z)
        out[False, False, z] = {(False, False): every}
        if z >= 2:
            one = s2 * falling_factorial(z_all - 2, z - 2)
            out[True, False, z] = {(True, False): one, (False, False): every - one}
            out[False, True, z] = {(False, True): one, (False, False): every - one}
        if z == 4:
            both = s2 * s2 - q + s4
            one = s2 * falling_factorial(z_all - 2, 2)
            out[True, True, z] = {
                (True, True): both,
                (True, False): one - both,
                (False, True): one - both,
                (False, False): every - 2 * one + both,
            }
    return out


def after_start_cells(pt: int, bt: int, r: Sequence[int], n4: int) -> list[tuple[int, int]]:
    """(cell, sequences) after a four-card start with totals pt, bt, ``r`` the cards
    left by value and ``n4`` their number; a cell is ``cell_index(pt, pc, bt, bc)``."""
    if is_natural(pt) or is_natural(bt) or not (punto_draws(pt) or banco_draws(bt, None)):
        return [(cell_index(pt, 2, bt, 2), n4 * (n4 - 1))]
    out: list[tuple[int, int]] = []
    if not punto_draws(pt):
        for v in range(10):
            if r[v]:
                out.append((cell_index(pt, 2, (bt + v) % 10, 3), r[v] * (n4 - 1)))
        return out
    for p3 in range(10):
        w = r[p3]
        if not w:
            continue
        pt3 = (pt + p3) % 10
        if banco_draws(bt, p3):
            for v in range(10):
                ways = r[v] - (v == p3)
                if ways:
                    out.append((cell_index(pt3, 3, (bt + v) % 10, 3), w * ways))
        else:
            out.append((cell_index(pt3, 3, bt, 2), w * (n4 - 1)))
    return out


def cell_index(pt: int, pc: int, bt: int, bc: int) -> int:
    """The cell of a coup's final totals and numbers of cards (``CELLS`` of them)."""
    return ((pt * 2 + pc - 2) * 10 + bt) * 2 + bc - 2


CELLS = 400


def cell_facts(cell: int, punto_pair: bool, banco_pair: bool) -> Facts:
    """The coup facts of ``cell`` with each hand's pair flag."""
    cell, bc = divmod(cell, 2)
    cell, bt = divmod(cell, 10)
    pt, pc = divmod(cell, 2)
    return Facts(pt, pc + 2, bt, bc + 2, punto_pair, banco_pair)


def start_weight(values: Sequence[int], counts: Sequence[int]) -> tuple[int, int]:
    """(the ordered ways to deal the non-zero ``values`` of a start in one given
    order from a shoe holding ``counts[v]`` cards of each value, or 0 when the shoe
    cannot deal the start at all; how many of the values are 0). The zero-valued
    cards' ways are counted by rank (``zero_splits``)."""
    m = Counter(values)
    weight = 1
    for v, k in m.items():
        if v:
            weight *= falling_factorial(counts[v], k)
    zeros = m.get(0, 0)
    return (weight if falling_factorial(counts[0], zeros) else 0), zeros


def fact_counts(ranks: Sequence[int], *, pairs: bool = True) -> dict[Facts, int]:
    """Ordered six-card sequences ending in each combination of coup facts.

    ``ranks`` counts the cards of each rank in ``Rank`` order. Without ``pairs``
    the pair facts are all False (faster; for paytables that read no pair).

    >>> sum(fact_counts(rank_composition(1)).values()) == 52 * 51 * 50 * 49 * 48 * 47
    True
    """
    if len(ranks) != len(RANKS) or any(n < 0 for n in ranks):
        raise ValueError(f"a composition by rank is 13 counts >= 0, not {ranks!r}")
    counts = values_of(ranks)
    n = sum(counts)
    if n < 6:
        return {}
    splits = zero_splits([ranks[i] for i in ZERO_RANKS])
    acc = [[0] * CELLS for _ in range(4)]
    r = list(counts)
    for multiset, groups in _starts(pairs):
        weight, zeros = start_weight(multiset, counts)
        if not weight:
            continue
        for v in multiset:
            r[v] -= 1
        for pt, bt, flagged in groups:
            after = after_start_cells(pt, bt, r, n - 4)
            for pf, bf, orderings in flagged:
                split = splits[pf == 2, bf == 2, zeros]
                for (zp, zb), ways in split.items():
                    if not ways:
                        continue
                    k = weight * ways * orderings
                    row = acc[2 * (pf == 1 or zp) + (bf == 1 or zb)]
                    for cell, seqs in after:
                        row[cell] += k * seqs
        for v in multiset:
            r[v] += 1
    result: dict[Facts, int] = {}
    for flags, row in enumerate(acc):
        for cell, c in enumerate(row):
            if c:
                result[cell_facts(cell, flags >= 2, flags % 2 == 1)] = c
    return result


@dataclass(frozen=True, slots=True)
class Analysis:
    """Exact analysis of every bet of a paytable for one shoe composition by rank."""

    ranks: RankComposition
    paytable: Paytable
    cells: Mapping[Facts, int]

    @property
    def total(self) -> int:
        """N(N-1)(N-2)(N-3)(N-4)(N-5): every ordered six-card sequence."""
        return sum(self.cells.values())

    def wins(self, wager: Wager | str) -> int:
        """Sequences on which ``wager`` is paid something (a price above 0)."""
        w = self._wager(wager)
        return sum(c for f, c in self.cells.items() if w.price(f) > 0)

    def by_line(self, wager: Wager | str) -> tuple[int, ...]:
        """Sequences settled by each line of ``wager`` (the first that holds), then
        the sequences on which it is lost."""
        w = self._wager(wager)
        out = [0] * (len(w.lines) + 1)
        for facts, c in self.cells.items():
            out[next((i for i, ln in enumerate(w.lines) if ln.when.holds(facts)), -1)] += c
        return tuple(out)

    def probability(self, wager: Wager | str) -> Fraction:
        """Exact probability that ``wager`` is paid."""
        return Fraction(self.wins(wager), self.total) if self.total else Fraction(0)

    def push(self, wager: Wager | str) -> Fraction:
        """Exact probability that ``wager``'s stake is returned (a line that pays 0)."""
        if not self.total:
            return Fraction(0)
        w = self._wager(wager)
        return Fraction(sum(c for f, c in self.cells.items() if w.price(f) == 0), self.total)

    def expectation(self, wager: Wager | str) -> Fraction:
        """Expected net result per unit staked on ``wager`` (a push counts 0)."""
        if not self.total:
            return Fraction(0)
        w = self._wager(wager)
        return Fraction(sum(c * w.price(f) for f, c in self.cells.items()), self.total)

    def house_edge(self, wager: Wager | str) -> Fraction:
        """The house's expected gain per unit staked on ``wager``."""
        return -self.expectation(wager)

    def _wager(self, wager: Wager | str) -> Wager:
        return wager if isinstance(wager, Wager) else self.paytable.wager(wager)


def analyse_table(ranks: Sequence[int], paytable: Paytable) -> Analysis:
    """Exact counts of the facts ``paytable``'s bets read, for a composition by rank."""
    pairs = any(w.reads_pairs for w in paytable.wagers)
    return Analysis(tuple(ranks), paytable, fact_counts(ranks, pairs=pairs))


@dataclass(frozen=True, slots=True)
class BetOdds:
    """One bet's exact figures: sequences on which it is paid, probability, edge,
    and the probability of a push (the stake returned; 0 for a bet that never pushes)."""

    key: str
    wins: int
    probability: Fraction
    house_edge: Fraction
    push: Fraction = Fraction(0)


def table_odds(ranks: Sequence[int], paytable: Paytable) -> tuple[int, tuple[BetOdds, ...]]:
    """(every sequence, each bet's figures) for ``paytable`` on a composition by rank.

    Paytables that read only the winner go through the outcome counts (fast);
    the others through the facts.
    """
    from puntobanco.coup import Outcome
    from puntobanco.odds.exact import analyse

    if all(w.winner_only for w in paytable.wagers):
        odds = analyse(values_of(ranks))
        total = odds.total
        rows = []
        for w in paytable.wagers:
            wins = sum(odds.count(o) for o in Outcome if w.price_on(o) > 0)
            pushes = sum(odds.count(o) for o in Outcome if w.price_on(o) == 0)
            edge = -sum((odds.probability(o) * w.price_on(o) for o in Outcome), Fraction(0))
            prob = Fraction(wins, total) if total else Fraction(0)
            push = Fraction(pushes, total) if total else Fraction(0)
            rows.append(BetOdds(w.key, wins, prob, edge if total else Fraction(0), push))
        return total, tuple(rows)
    a = analyse_table(ranks, paytable)
    return a.total, tuple(
        BetOdds(w.key, a.wins(w), a.probability(w), a.house_edge(w), a.push(w))
        for w in paytable.wagers
    )
