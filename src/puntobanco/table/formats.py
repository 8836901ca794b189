"""The formats as data: one frozen record of rules per way of playing a table.

The state machine reads these fields and never asks which format it runs:
a new format is a new ``FormatRules`` record, with its ``Preset`` (how a table
of it is opened, and what the web's table-creation API takes for it), a name
in ``Format``, and its words in the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final

from puntobanco.enums import IdentityEnum
from puntobanco.i18n.shown import Word
from puntobanco.learn.lesson import ROOM_KINDS
from puntobanco.shoe import SESSION_DECKS

SESSION_DEALS: Final = 10  # seed 004: "dix donnes"
SESSION_STAKE: Final = 20  # seed 004: "un enjeu fictif de 20 points"
SESSION_MAX_PLAYERS: Final = 8  # seed 004: "deux à huit participants"
CLASSROOM_SEATS: Final = 40  # a class
CROUPIER_COUNTDOWN: Final = 20  # seconds
#: Seconds a called shoe waits for the seated players' commitments, and for their
#: reveals (``docs/fair.md``): phones answer in milliseconds, so a room notices
#: them only when a phone is gone; at most ``MAX_WINDOW``.
COMMIT_SECONDS: Final = 3
REVEAL_SECONDS: Final = 3


class Format(IdentityEnum):
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


class CardSource(IdentityEnum):
    """Where a coup's cards come from."""

    SHOE = "shoe"  # the table's own shuffled shoe, stored before its first card
    HOST = "host"  # physical cards, placed one by one by the host


@dataclass(frozen=True, slots=True)
class Preset:
    """How a table of a format is opened (``TableConfig.of``): ``defaults``, the
    settings it opens with unless given (``TableConfig``'s fields, a stake that is
    every limit, a lesson's ``questions`` and ``seconds``); ``settings``, every one
    its opener may give. ``created``: the settings the web's table-creation
    API takes for it (none: the API does not open it), and ``real_cards``: the
    format the API opens instead when its creator deals physical cards."""

    defaults: Mapping[str, object]
    settings: frozenset[str]
    created: frozenset[str] = frozenset()
    real_cards: Format | None = None


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
    (``table.lesson``). ``preset``: how a table of it is opened (no rule: no view
    shows it).
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
    preset: Preset = field(compare=False)


#: The settings of a shoe of the table's own, committed and revealed by its players.
_FAIR: Final = {"commit_seconds": COMMIT_SECONDS, "reveal_seconds": REVEAL_SECONDS}
#: A session's shoe and its one stake (every limit), as seed 004 plays it.
_HOME: Final = {
    "seats": SESSION_MAX_PLAYERS,
    "decks": SESSION_DECKS,
    "burn": False,
    "cut_card": None,
    "stake": SESSION_STAKE,
    "deals": SESSION_DEALS,
}
_HOME_SETTINGS: Final = frozenset({"deals", "stake", "decks", "paytable", "seats", "side_bets",
                                   "side_limits"})  # fmt: skip
#: What the casino and the croupier take: their shoe, limits, side bets, clocks.
_CASINO_SETTINGS: Final = frozenset(
    {"seats", "decks", "burn", "cut_card", "paytable", "minimum", "maximum", "tie_minimum",
     "tie_maximum", "seed", "countdown", "side_bets", "side_limits", "commit_seconds",
     "reveal_seconds", "turn_seconds", "contributed_only", "rebuy_approval"}
)  # fmt: skip
_CASINO_CREATED: Final = frozenset(
    {"seats", "decks", "paytable", "minimum", "maximum", "tie_minimum", "tie_maximum", "seed",
     "bankroll", "rebuy_approval", "side_bets", "side_limits", "turn_seconds"}
)  # fmt: skip
_SESSION: Final = FormatRules(
    money=False,
    one_prediction=True,
    min_players=2,  # seed 004: "deux à huit participants"
    max_players=SESSION_MAX_PLAYERS,
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
    # Seed 004's home session: no burn, no cut card, reshuffled before every deal.
    preset=Preset(
        {**_HOME, **_FAIR},
        _HOME_SETTINGS | {"seed", "dealer", "commit_seconds", "reveal_seconds", "contributed_only"},
        created=frozenset({"deals", "stake", "decks", "paytable", "seed", "real_cards"}),
        real_cards=Format.ASSIST,
    ),
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
    preset=Preset(_FAIR, _CASINO_SETTINGS, created=_CASINO_CREATED),
)

#: The rules of every format, by name.
RULES: Final[Mapping[Format, FormatRules]] = MappingProxyType(
    {
        Format.SESSION: _SESSION,
        Format.CASINO: _CASINO,
        # Seed 002's online table: nobody holds the shoe, the croupier keeps Punto's cards.
        Format.CROUPIER: replace(
            _CASINO,
            shoe_holder=False,
            punto_hand=False,
            countdown=True,
            host_closes_bets=False,
            preset=Preset(
                {**_FAIR, "countdown": CROUPIER_COUNTDOWN},
                _CASINO_SETTINGS,
                created=(_CASINO_CREATED - {"turn_seconds"}) | {"countdown"},
            ),
        ),
        # A teacher's classroom (seed 004's "séance pédagogique"): questions, not coups,
        # ``questions`` of ``drills`` in turn, each open ``seconds`` seconds (or until
        # every student has answered), put from the coups ``seed`` deals.
        Format.CLASSROOM: replace(
            _SESSION,
            min_players=1,
            max_players=CLASSROOM_SEATS,
            seats_locked=False,
            reshuffle_every_coup=False,
            countdown=True,
            roads_of_table=False,
            lesson=True,
            preset=Preset(
                {
                    "seats": CLASSROOM_SEATS,
                    "decks": SESSION_DECKS,
                    "burn": False,
                    "cut_card": None,
                    "drills": ROOM_KINDS,
                    "questions": 10,
                    "seconds": 20,
                },
                frozenset({"drills", "questions", "seconds", "seed", "decks", "paytable", "seats"}),
                created=frozenset({"drills", "questions", "seconds", "seed", "decks", "paytable"}),
            ),  # fmt: skip
        ),
        # The dealer's assistant: seed 004's session dealt from physical cards, the
        # shoe dealt on through the session (a card it cannot hold any more is
        # refused) unless ``reshuffle``.
        Format.ASSIST: replace(
            _SESSION,
            cards=CardSource.HOST,
            reshuffle_every_coup=False,
            host_closes_bets=True,
            preset=Preset({**_HOME, "reshuffle": False}, _HOME_SETTINGS | {"reshuffle"}),
        ),
    }
)
