"""Exact odds of the next coup from what a room has seen of its shoe.

The cards left, as the room knows them, are the full shoe less every card it
has seen: the cards dealt from it, and the burn's turned card (face up). The
burned cards (face down) and the cards still to come are unknown to everyone,
so they stay in the composition. Nothing here reads a shoe's order: the
figures can tell nobody more than they saw.

The figures are those of ``puntobanco odds --decks N --remove CARDS``
(``facts.table_odds``), kept by composition: every table whose room has seen
the same cards shares one computation, and a table computes once per coup.

>>> from puntobanco.cards import parse_cards
>>> from puntobanco.paytable import configuration
>>> odds = next_coup_odds(8, parse_cards("9h 9s Kd 3c"), configuration("standard"))
>>> odds.cards, [b.key for b in odds.bets]
(412, ['punto', 'banco', 'egalite'])
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from puntobanco.cards import Card
from puntobanco.odds.facts import BetOdds, RankComposition, rank_composition, table_odds
from puntobanco.paytable import Paytable

#: The fewest cards a coup may need.
COUP_CARDS = 6
#: What the odds are kept by: the decks, the composition left, the paytable.
OddsKey = tuple[int, RankComposition, Paytable]


@dataclass(frozen=True, slots=True)
class NextCoupOdds:
    """Every bet of ``paytable`` for the next coup dealt from ``ranks``
    (the cards left by rank, in ``Rank`` order); ``total`` counts the ordered
    six-card sequences (0 when fewer than six cards are left)."""

    decks: int
    ranks: RankComposition
    paytable: Paytable
    total: int
    bets: tuple[BetOdds, ...]

    @property
    def cards(self) -> int:
        """Cards left as the room knows them (seen cards out, unseen ones in)."""
        return sum(self.ranks)


def next_coup_odds(decks: int, seen: Iterable[Card], paytable: Paytable) -> NextCoupOdds:
    """The exact odds of the next coup from a ``decks``-deck shoe of which ``seen``
    are out. Raises ``InvalidCardError`` when ``seen`` holds more copies of a card
    than the decks do."""
    return _compute(decks, rank_composition(decks, seen), paytable)


def _compute(decks: int, ranks: RankComposition, paytable: Paytable) -> NextCoupOdds:
    if sum(ranks) < COUP_CARDS:
        return NextCoupOdds(decks, ranks, paytable, 0, ())
    total, bets = table_odds(ranks, paytable)
    return NextCoupOdds(decks, ranks, paytable, total, bets)


class OddsCache:
    """The odds of the compositions met lately, at most ``size`` of them.

    ``peek_key`` never computes (a view pushed after every bet must stay cheap);
    ``get_key`` computes what is missing (20 to 70 ms of one core in pure Python,
    by paytable and side bets). Safe to share between threads.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._kept: OrderedDict[OddsKey, NextCoupOdds] = OrderedDict()
        self._lock = threading.Lock()
        #: How many compositions were computed (not found): what a table costs.
        self.computed = 0

    @staticmethod
    def key(decks: int, seen: Iterable[Card], paytable: Paytable) -> OddsKey:
        """What the odds of ``seen`` are kept by (``peek_key``, ``get_key``): worked out
        once by a caller that asks again and again for the same cards (a host's
        board is pushed after every bet; its cards change once a coup)."""
        return (decks, rank_composition(decks, seen), paytable)

    def peek_key(self, key: OddsKey) -> NextCoupOdds | None:
        """The odds of the cards seen (their ``key``) if they were computed already, else None."""
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def get_key(self, key: OddsKey) -> NextCoupOdds:
        """The odds of the cards seen (their ``key``), computed now if they are not kept."""
        found = self.peek_key(key)
        if found is not None:
            return found
        odds = _compute(*key)
        with self._lock:
            self.computed += 1
            self._kept[key] = odds
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return odds
