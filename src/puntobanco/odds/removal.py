"""Effects of removal: how one card of each point value moves each bet's expectation.

For a shoe of N decks (after any cards already removed) and each point value v
(0 for the ten and the court cards, then 1..9), the effect is the exact
expectation per unit staked with one card of value v taken out, minus the
expectation of the shoe: eleven exact analyses in all, for every bet the
paytable offers, side bets included. A pair depends on ranks: the card of
value 0 taken out is one of the zero-valued rank with most cards left (a ten
when they are even), which at a full shoe stands for any of them.

``effects_by_rank`` takes out one card (or several) of each of the thirteen
ranks instead, and gives the change of each bet's probability of being paid
beside the change of its expectation: the tables analysts publish.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from puntobanco.cards import Card, Rank
from puntobanco.coup import Outcome
from puntobanco.odds.exact import Odds, analyse, composition
from puntobanco.paytable import STANDARD, Paytable, bet_key
from puntobanco.shoe import check_decks


@dataclass(frozen=True, slots=True)
class Effects:
    """Exact effects of removal for a shoe of ``decks`` decks."""

    decks: int
    paytable: Paytable
    full: Odds
    #: ``by_value[v][key]``: change of the expectation per unit on the bet ``key``.
    by_value: tuple[dict[str, Fraction], ...]

    def effect(self, value: int, box: Outcome | str) -> Fraction:
        """The change in ``box``'s expectation when one card of ``value`` leaves."""
        return self.by_value[value][bet_key(box)]


def _figures(
    paytable: Paytable, ranks: Sequence[int]
) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """(each wager's expectation, each wager's probability of being paid)."""
    from puntobanco.odds.facts import table_odds

    _, bets = table_odds(ranks, paytable)
    return {b.key: -b.house_edge for b in bets}, {b.key: b.probability for b in bets}


def _expectations(paytable: Paytable, ranks: Sequence[int]) -> dict[str, Fraction]:
    from puntobanco.odds.facts import analyse_table, values_of

    if all(w.winner_only for w in paytable.wagers):
        odds = analyse(values_of(ranks))
        return {
            w.key: sum((odds.probability(o) * w.price_on(o) for o in Outcome), start=Fraction(0))
            for w in paytable.wagers
        }
    a = analyse_table(ranks, paytable)
    return {w.key: a.expectation(w) for w in paytable.wagers}


def effects_of_removal(
    decks: int, paytable: Paytable = STANDARD, *, removed: Iterable[Card] = ()
) -> Effects:
    """Exact effects of removal of one card of each point value from ``decks`` decks
    (after ``removed`` cards have left, when given), for every bet of ``paytable``.

    Raises ``InvalidShoeError`` for a number of decks out of range and
    ``InvalidCardError`` when ``removed`` holds more of a card than the decks.
    A value with no card left has no effect (zero).
    """
    from puntobanco.odds.facts import RANKS, rank_composition

    check_decks(decks)
    removed = tuple(removed)
    ranks = list(rank_composition(decks, removed))
    base = _expectations(paytable, ranks)
    rows: list[dict[str, Fraction]] = []
    for value in range(10):
        candidates = [i for i, r in enumerate(RANKS) if r.point == value and ranks[i]]
        if not candidates:
            rows.append(dict.fromkeys(paytable.keys, Fraction(0)))
            continue
        index = max(candidates, key=lambda i: ranks[i])
        ranks[index] -= 1
        after = _expectations(paytable, ranks)
        ranks[index] += 1
        rows.append({k: after[k] - base[k] for k in paytable.keys})
    return Effects(decks, paytable, analyse(composition(decks, removed)), tuple(rows))


@dataclass(frozen=True, slots=True)
class RankEffects:
    """Exact effects of removal by rank for a shoe of ``decks`` decks: ``cards``
    cards of one rank taken out. ``expectation[i][key]`` and ``probability[i][key]``
    are the changes of the bet ``key``'s expectation per unit and of its
    probability of being paid, for the rank ``RANKS[i]`` (A, 2, ..., 10, J, Q, K);
    None for a rank with fewer than ``cards`` cards left."""

    decks: int
    paytable: Paytable
    cards: int
    expectations: dict[str, Fraction]
    probabilities: dict[str, Fraction]
    expectation: tuple[dict[str, Fraction] | None, ...]
    probability: tuple[dict[str, Fraction] | None, ...]

    def effect(self, rank: Rank, box: Outcome | str) -> Fraction | None:
        """The change in ``box``'s expectation when ``cards`` cards of ``rank`` leave."""
        row = self.expectation[list(Rank).index(rank)]
        return None if row is None else row[bet_key(box)]


def effects_by_rank(
    decks: int, paytable: Paytable = STANDARD, *, removed: Iterable[Card] = (), cards: int = 1
) -> RankEffects:
    """Exact effects of removal of ``cards`` cards of each rank from ``decks`` decks
    (after ``removed`` cards have left, when given), for every bet of ``paytable``:
    fourteen exact analyses at most (the ranks worth zero share one when no bet
    reads pairs: they are then the same card).

    Raises ``InvalidShoeError`` for a number of decks out of range,
    ``InvalidCardError`` when ``removed`` holds more of a card than the decks, and
    ``InvalidAnalysisError`` for fewer than one card or more than a rank holds.
    """
    from puntobanco.errors import InvalidAnalysisError
    from puntobanco.odds.facts import RANKS, rank_composition

    check_decks(decks)
    if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 4 * decks:
        raise InvalidAnalysisError("error.odds.cards_removed", cards=cards, most=4 * decks)
    ranks = list(rank_composition(decks, tuple(removed)))
    base_e, base_p = _figures(paytable, ranks)
    by_value = not any(w.reads_pairs for w in paytable.wagers)
    done: dict[int, tuple[dict[str, Fraction], dict[str, Fraction]]] = {}
    rows_e: list[dict[str, Fraction] | None] = []
    rows_p: list[dict[str, Fraction] | None] = []
    for i, rank in enumerate(RANKS):
        if ranks[i] < cards:
            rows_e.append(None)
            rows_p.append(None)
            continue
        if not (by_value and rank.point in done):
            ranks[i] -= cards
            after_e, after_p = _figures(paytable, ranks)
            ranks[i] += cards
            done[rank.point] = (
                {k: after_e[k] - base_e[k] for k in paytable.keys},
                {k: after_p[k] - base_p[k] for k in paytable.keys},
            )
        rows_e.append(done[rank.point][0])
        rows_p.append(done[rank.point][1])
        if not by_value:
            del done[rank.point]
    return RankEffects(decks, paytable, cards, base_e, base_p, tuple(rows_e), tuple(rows_p))
