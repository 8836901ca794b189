"""Effects of removal: how one card of each point value moves each bet's expectation.

For a shoe of N decks (after any cards already removed) and each point value v
(0 for the ten and the court cards, then 1..9), the effect is the exact
expectation per unit staked with one card of value v taken out, minus the
expectation of the shoe: eleven exact analyses in all, for every bet the
paytable offers, side bets included. A pair depends on ranks: the card of
value 0 taken out is one of the zero-valued rank with most cards left (a ten
when they are even), which at a full shoe stands for any of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from puntobanco.cards import Card
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
