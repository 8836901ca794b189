"""The formats as data: one frozen record of rules per way of playing a table.

The state machine reads these fields and never asks which format it runs:
a new format is a new ``FormatRules`` record (and a name in ``Format``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final

from puntobanco.i18n.shown import Word


class Format(Enum):
    """How a table is played (the name of its rules in ``RULES``)."""

    SESSION = "session"
    CASINO = "casino"
    CROUPIER = "croupier"
    ASSIST = "assist"
    CLASSROOM = "classroom"

    @property
    def word(self) -> Word:
        """The format as a sentence names a table of it, in its reader's language
        (catalogue ``table.format.NAME``: "une table de séance"); programs read
        the value."""
        return Word(f"table.format.{self.value}", self.value)


class CardSource(Enum):
    """Where a coup's cards come from."""

    SHOE = "shoe"  # the table's own shuffled shoe, stored before its first card
    HOST = "host"  # physical cards, placed one by one by the host


@dataclass(frozen=True, slots=True)
class FormatRules:
    """What differs between formats; every field is read by the machine or the views.

    ``money``: bankrolls in minor units (else a session's points, from 0).
    ``one_prediction``: a player's bet is one prediction that replaces the
    previous one, at the table's fixed stake (else boxes that add up within
    limits). ``min_players``/``max_players``: who may sit. ``seats_locked``:
    nobody sits or leaves once the first coup is settled. ``everyone_bets``:
    bets close only when every seated player has bet. ``hidden_bets``: other
    players' bets are hidden until bets close. ``reshuffle_every_coup``: every
    card back in the shoe before each coup. ``shoe_holder``: a player holds
    the shoe and passes it on a Punto win (seed 002). ``punto_hand``: Punto's
    cards go to the largest Punto bet (seed 002). ``countdown``: a virtual
    croupier closes bets on its own (and deals); at a lesson, the clock closes each
    question. ``host_closes_bets``: the host calls
    "rien ne va plus" as a step of its own (else bets close as the coup is
    dealt, or on the croupier's clock). ``cards``: where cards come from.
    ``names_winners``: closing the table names its leaders. ``roads_of_table``:
    the roads show every coup of the table (else the current shoe's).
    ``lesson``: the table deals no coup: the host puts drill questions to the
    seated players one at a time and each right answer scores a point
    (``table.lesson``).
    """

    money: bool
    one_prediction: bool
    min_players: int
    max_players: int
    seats_locked: bool
    everyone_bets: bool
    hidden_bets: bool
    reshuffle_every_coup: bool
    shoe_holder: bool
    punto_hand: bool
    countdown: bool
    host_closes_bets: bool
    cards: CardSource
    names_winners: bool
    roads_of_table: bool
    lesson: bool


_SESSION: Final = FormatRules(
    money=False,
    one_prediction=True,
    min_players=2,  # seed 004: "deux à huit participants"
    max_players=8,
    seats_locked=True,
    everyone_bets=True,
    hidden_bets=True,
    reshuffle_every_coup=True,
    shoe_holder=False,
    punto_hand=False,
    countdown=False,
    host_closes_bets=False,
    cards=CardSource.SHOE,
    names_winners=True,
    roads_of_table=True,
    lesson=False,
)
_CASINO: Final = FormatRules(
    money=True,
    one_prediction=False,
    min_players=1,
    max_players=14,  # seed 002: "de 12 à 14 joueurs"
    seats_locked=False,
    everyone_bets=False,
    hidden_bets=False,
    reshuffle_every_coup=False,
    shoe_holder=True,
    punto_hand=True,
    countdown=False,
    host_closes_bets=True,
    cards=CardSource.SHOE,
    names_winners=False,
    roads_of_table=False,
    lesson=False,
)

#: The rules of every format, by name.
RULES: Final[Mapping[Format, FormatRules]] = MappingProxyType(
    {
        Format.SESSION: _SESSION,
        Format.CASINO: _CASINO,
        # Seed 002's online table: nobody holds the shoe, the croupier keeps Punto's cards.
        Format.CROUPIER: FormatRules(
            **{
                **{f: getattr(_CASINO, f) for f in FormatRules.__dataclass_fields__},
                "shoe_holder": False,
                "punto_hand": False,
                "countdown": True,
                "host_closes_bets": False,
            }
        ),
        # A teacher's classroom (seed 004's "séance pédagogique"): questions, not coups.
        Format.CLASSROOM: FormatRules(
            **{
                **{f: getattr(_SESSION, f) for f in FormatRules.__dataclass_fields__},
                "min_players": 1,
                "max_players": 40,
                "seats_locked": False,
                "reshuffle_every_coup": False,
                "countdown": True,
                "roads_of_table": False,
                "lesson": True,
            }
        ),
        # The dealer's assistant: seed 004's session dealt from physical cards.
        Format.ASSIST: FormatRules(
            **{
                **{f: getattr(_SESSION, f) for f in FormatRules.__dataclass_fields__},
                "cards": CardSource.HOST,
                "reshuffle_every_coup": False,
                "host_closes_bets": True,
            }
        ),
    }
)
