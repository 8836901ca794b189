"""puntobanco: Punto Banco (casino baccarat) played right.

The core (cards, rules, coup, shoe, paytable, odds) is pure and uses the
standard library only; the command line, the tables' store, the terminal game
and the web table depend on it, never the other way round.
"""

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
from puntobanco.games import CasinoTable, CroupierTable, Session
from puntobanco.paytable import STANDARD, TIE_NINE, Bet, Paytable, Settlement, settle
from puntobanco.shoe import CASINO, SESSION, Shoe, ShoeConfig

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
