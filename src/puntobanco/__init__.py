"""puntobanco: Punto Banco (casino baccarat) played right.

The core (cards, rules, coup, shoe, paytable, odds) is pure and uses the
standard library only; the command line, the tables' store, the terminal game
and the web table depend on it, never the other way round.
"""

from typing import TYPE_CHECKING

from puntobanco.cards import Card, Rank, Suit, format_cards, parse_cards
from puntobanco.coup import Coup, Hand, Outcome, Rule, Side, Step, deal, resolve
from puntobanco.errors import (
    CoupCardsError,
    IllegalActionError,
    InvalidBetError,
    InvalidCardError,
    InvalidShoeError,
    PuntoBancoError,
    ShoeExhaustedError,
)
from puntobanco.paytable import STANDARD, TIE_NINE, Bet, Paytable, Settlement, settle
from puntobanco.shoe import CASINO, SESSION, Shoe, ShoeConfig

if TYPE_CHECKING:
    from puntobanco.games import CasinoTable, CroupierTable, Session

#: The tables load on first use, so that ``puntobanco coup`` starts fast.
_TABLES = ("CasinoTable", "CroupierTable", "Session")


def __getattr__(name: str) -> object:
    if name in _TABLES:
        from puntobanco import games

        return getattr(games, name)
    raise AttributeError(f"module 'puntobanco' has no attribute {name!r}")


__all__ = [
    "CASINO",
    "SESSION",
    "STANDARD",
    "TIE_NINE",
    "Bet",
    "Card",
    "CasinoTable",
    "Coup",
    "CoupCardsError",
    "CroupierTable",
    "Hand",
    "IllegalActionError",
    "InvalidBetError",
    "InvalidCardError",
    "InvalidShoeError",
    "Outcome",
    "Paytable",
    "PuntoBancoError",
    "Rank",
    "Rule",
    "Session",
    "Settlement",
    "Shoe",
    "ShoeConfig",
    "ShoeExhaustedError",
    "Side",
    "Step",
    "Suit",
    "deal",
    "format_cards",
    "parse_cards",
    "resolve",
    "settle",
]
__version__ = "0.1.0"
