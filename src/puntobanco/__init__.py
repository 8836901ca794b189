"""puntobanco: Punto Banco (casino baccarat) played right.

The core (cards, rules, coup, shoe, paytable, odds) is pure and uses the
standard library only; the command line, the tables' store, the terminal game
and the web table depend on it, never the other way round.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

#: Where each public name lives. Every name loads on first use, so that a command
#: imports only the modules it needs (``puntobanco --help`` none of the core's).
_HOMES = {
    "cards": ("Card", "Rank", "Suit", "format_cards", "parse_cards"),
    "coup": ("Coup", "Hand", "Outcome", "Rule", "Side", "Step", "deal", "resolve"),
    "errors": (
        "CoupCardsError",
        "IllegalActionError",
        "InvalidBetError",
        "InvalidCardError",
        "InvalidShoeError",
        "PuntoBancoError",
        "ShoeExhaustedError",
    ),
    "games": ("CasinoTable", "CroupierTable", "Session"),
    "paytable": ("STANDARD", "TIE_NINE", "Bet", "Paytable", "Settlement", "settle"),
    "shoe": ("CASINO", "SESSION", "Shoe", "ShoeConfig"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'puntobanco' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"puntobanco.{module}"), name)
    globals()[name] = value  # found once; later lookups do not come back here
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME_OF])


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
