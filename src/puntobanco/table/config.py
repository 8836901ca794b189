"""A table's settings: its format, seats, shoe, paytable and limits.

Three formats share one state machine: the home *session* of seed 004
(2 to 8 participants, 10 deals, a stake of 20 points, every card reshuffled
before every deal), the *casino* table of seeds 000-002 (up to 14 seats,
bankrolls in minor units, a six-deck shoe with burn and cut card, a shoe
holder), and the *croupier*, the online table of seed 002 where bets close
on their own and the coup is dealt automatically.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any, Final

from puntobanco.coup import Outcome
from puntobanco.errors import InvalidBetError, InvalidNameError, InvalidShoeError
from puntobanco.i18n.shown import Listing, Quoted, Shown, Word
from puntobanco.learn.lesson import MAX_QUESTIONS, check_drills
from puntobanco.paytable import PAYTABLES, SIDE_BET_GROUPS, SIDE_BETS, Box, Paytable, box_key
from puntobanco.rng import check_seed
from puntobanco.shoe import CASINO_DECKS, DEFAULT_CUT_CARD, ShoeConfig
from puntobanco.table.formats import CROUPIER_COUNTDOWN as CROUPIER_COUNTDOWN
from puntobanco.table.formats import RULES, CardSource, FormatRules
from puntobanco.table.formats import SESSION_DEALS as SESSION_DEALS
from puntobanco.table.formats import SESSION_STAKE as SESSION_STAKE
from puntobanco.table.formats import Format as Format
from puntobanco.table.names import check_name

CASINO_SEATS: Final = 14  # seed 002: "de 12 à 14 joueurs"
#: Casino limits in minor units (cents): 10.00 to 5,000.00 on Punto and
#: Banco, 5.00 to 500.00 on Égalité.
CASINO_MINIMUM: Final = 1_000
CASINO_MAXIMUM: Final = 500_000
CASINO_TIE_MINIMUM: Final = 500
CASINO_TIE_MAXIMUM: Final = 50_000
#: Upper bounds of every amount (stakes, limits, bankrolls: 10**12 minor
#: units, ten thousand million units), of a table's deals and of the
#: croupier's countdown (an hour), so that nothing stored is too large to read back.
MAX_AMOUNT: Final = 10**12
MAX_DEALS: Final = 1_000_000
MAX_COUNTDOWN: Final = 3_600
MAX_WINDOW: Final = 300
#: Seconds the player handed Punto's cards face down has to turn them over before
#: the dealer does (seed 002), at a table that hands them to a phone: long enough
#: for a slow squeeze, short enough that the room does not wait on an absent player.
TURN_SECONDS: Final = 20


@dataclass(frozen=True, slots=True)
class SideLimit:
    """The limits of one side bet at a table: the least and the most a player's
    stake on it may total, in the table's unit."""

    box: str
    minimum: int
    maximum: int


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Every setting of a table, fixed when it opens (stored in its first event).

    Amounts are integers: points in a session, minor units (cents) at a casino
    or croupier table. ``stake`` is the session's notional stake; ``deals`` the
    session's number of deals (None: no end); ``countdown`` the croupier's
    seconds to bet. ``seed`` makes every shoe reproducible (None: the
    operating system's secure source). ``dealer`` names a session's dealer
    (seed 004: "Choisissez un donneur"); a dealer who is also a participant
    predicts like everyone else ("le donneur peut lui aussi prédire").
    ``commit_seconds`` and ``reveal_seconds``: the players' commit-reveal windows
    of each shoe (``docs/fair.md``); None in the settings of a table stored before
    contributions were committed (it takes the older typed contributions).
    ``turn_seconds``: at a casino table, Punto's cards are handed face down to the
    largest Punto bet, who turns them over within that many seconds (else the
    dealer does); None: the dealer turns every card at once. ``drills``: a
    lesson's drills (``learn.lesson.ROOM_KINDS``), put in turn for ``deals``
    questions of ``countdown`` seconds each, from the coups ``seed`` deals (a
    lesson opened without a seed is given one as it opens); None elsewhere.
    ``contributed_only``: True refuses to deal a secret shoe no player contributed
    to (its order the server's alone, ``fair.server_alone``); None: such shoes
    are dealt, and every view and ``verify`` say so.
    ``rebuy_approval``: True makes a player's rebuy (``Table.rebuy``) a request
    the host grants or refuses (None: granted at once).
    """

    format: Format
    seats: int = CASINO_SEATS
    decks: int = CASINO_DECKS
    burn: bool = True
    cut_card: int | None = DEFAULT_CUT_CARD
    paytable: str = "standard"
    minimum: int = CASINO_MINIMUM
    maximum: int = CASINO_MAXIMUM
    tie_minimum: int = CASINO_TIE_MINIMUM
    tie_maximum: int = CASINO_TIE_MAXIMUM
    stake: int = SESSION_STAKE
    deals: int | None = None
    countdown: int | None = None
    seed: int | None = None
    dealer: str | None = None
    reshuffle: bool | None = None
    side_bets: tuple[str, ...] = ()
    side_limits: tuple[SideLimit, ...] = ()
    commit_seconds: int | None = field(default=None, metadata={"omit_none": True})
    reveal_seconds: int | None = field(default=None, metadata={"omit_none": True})
    turn_seconds: int | None = field(default=None, metadata={"omit_none": True})
    drills: tuple[str, ...] | None = field(default=None, metadata={"omit_none": True})
    contributed_only: bool | None = field(default=None, metadata={"omit_none": True})
    rebuy_approval: bool | None = field(default=None, metadata={"omit_none": True})

    def __post_init__(self) -> None:
        if not isinstance(self.format, Format):
            raise InvalidBetError("table.error.setting", name="format", value=self.format)
        for name in ("burn", "reshuffle", "contributed_only", "rebuy_approval"):
            value = getattr(self, name)
            if not isinstance(value, bool) and not (name != "burn" and value is None):
                raise InvalidBetError("table.error.setting", name=name, value=value)
        for name in ("decks", "cut_card"):
            value = getattr(self, name)
            if not (value is None and name == "cut_card") and not whole(value):
                raise InvalidShoeError("table.error.setting", name=name, value=value)
        if not isinstance(self.paytable, str) or self.paytable not in PAYTABLES:
            raise InvalidShoeError(
                "error.paytable", name=self.paytable, choices=", ".join(sorted(PAYTABLES))
            )
        self._check_side_bets()
        _ = self.shoe_config  # validates decks and cut card
        if self.seed is not None:
            if not whole(self.seed):
                raise InvalidShoeError("table.error.setting", name="seed", value=self.seed)
            check_seed(self.seed)
        high, low = self.rules.max_players, self.rules.min_players
        if not whole(self.seats) or not low <= self.seats <= high:
            raise InvalidBetError("table.error.seats", seats=self.seats, low=low, high=high)
        for name in ("stake", "minimum", "maximum", "tie_minimum", "tie_maximum"):
            value = getattr(self, name)
            if not whole(value) or not 0 < value <= MAX_AMOUNT:
                raise _out_of_bounds(name, value, MAX_AMOUNT)
        if self.maximum < self.minimum:
            raise InvalidBetError("table.error.limits", low=self.minimum, high=self.maximum)
        if self.tie_maximum < self.tie_minimum:
            raise InvalidBetError("table.error.limits", low=self.tie_minimum, high=self.tie_maximum)
        if self.dealer is not None and (
            not isinstance(self.dealer, str) or check_name(self.dealer) != self.dealer
        ):
            raise InvalidNameError("table.error.name.chars", name=self.dealer, char=" ")
        if self.deals is not None and (not whole(self.deals) or not 0 < self.deals <= MAX_DEALS):
            raise _out_of_bounds("deals", self.deals, MAX_DEALS)
        if self.rules.countdown:
            if not whole(self.countdown) or not 0 < self.countdown <= MAX_COUNTDOWN:  # type: ignore[operator]
                raise _out_of_bounds("countdown", self.countdown, MAX_COUNTDOWN)
        elif self.countdown is not None:
            raise InvalidBetError(
                "table.error.no_countdown", format=self.format.word, value=self.countdown
            )
        for name in ("commit_seconds", "reveal_seconds"):
            value = getattr(self, name)
            if (value is None) != (self.reveal_seconds is None) or (
                value is not None and (not whole(value) or not 0 < value <= MAX_WINDOW)
            ):
                raise _out_of_bounds(name, value, MAX_WINDOW)

        if self.rules.lesson:
            object.__setattr__(self, "drills", check_drills(self.drills))
            if self.deals is None or self.deals > MAX_QUESTIONS:
                raise _out_of_bounds("questions", self.deals, MAX_QUESTIONS)
        elif self.drills is not None:
            raise InvalidBetError("table.error.setting", name="drills", value=self.drills)
        if self.rebuy_approval is not None and not self.rules.money:
            raise InvalidBetError("table.error.setting", name="rebuy_approval", value=True)
        turn = self.turn_seconds
        if turn is not None and (
            not self.rules.punto_hand or not whole(turn) or not 0 < turn <= MAX_WINDOW
        ):
            raise _out_of_bounds("turn_seconds", turn, MAX_WINDOW)

    def _check_side_bets(self) -> None:
        """Read ``side_bets`` (keys or group names of ``SIDE_BETS``) into keys, without
        repeats, and ``side_limits`` into one ``SideLimit`` per side bet that has its own.

        Settings are fixed when the table opens, so they are normalised here, once:
        two tables opened with the same side bets written differently are equal.
        """
        bets, limits = self.side_bets, self.side_limits
        if isinstance(bets, str) or not isinstance(bets, Iterable):
            raise InvalidBetError("table.error.side_bets", value=bets)
        keys: list[str] = []
        for name in bets:
            if not isinstance(name, str):
                raise InvalidBetError("table.error.side_bets", value=name)
            for key in SIDE_BET_GROUPS.get(name.strip().lower(), (name.strip().lower(),)):
                if key not in SIDE_BETS:
                    choices = ", ".join((*SIDE_BET_GROUPS, *SIDE_BETS))
                    raise InvalidBetError("error.bet.side_bet", name=name, choices=choices)
                if key not in keys:
                    keys.append(key)
        if isinstance(limits, Mapping):
            records = []
            for box, pair in limits.items():
                if not isinstance(pair, tuple | list) or len(pair) != 2:
                    raise InvalidBetError("table.error.side_limits", box=box, value=pair)
                records.append(SideLimit(box, *pair))
            limits = tuple(records)
        elif isinstance(limits, str) or not isinstance(limits, Iterable):
            raise InvalidBetError("table.error.side_limits", box="side_limits", value=limits)
        limits = tuple(limits)
        if (keys or limits) and RULES[self.format].one_prediction:
            raise InvalidBetError("table.error.session_side_bets", format=self.format.word)
        object.__setattr__(self, "side_bets", tuple(keys))
        offered = self.offered_side_bets
        seen: dict[str, SideLimit] = {}
        for limit in limits:
            if not isinstance(limit, SideLimit):
                raise InvalidBetError("table.error.side_limits", box="side_limits", value=limit)
            if limit.box not in offered or limit.box in seen:
                raise InvalidBetError(
                    "table.error.side_limit_box",
                    box=limit.box,
                    offered=", ".join(offered) or "-",
                )
            for value in (limit.minimum, limit.maximum):
                if not whole(value) or not 0 < value <= MAX_AMOUNT:
                    raise InvalidBetError(
                        "table.error.bound",
                        name=Word(f"bet.{limit.box}", limit.box),
                        value=value,
                        low=1,
                        high=MAX_AMOUNT,
                    )
            if limit.maximum < limit.minimum:
                raise InvalidBetError("table.error.limits", low=limit.minimum, high=limit.maximum)
            seen[limit.box] = limit
        ordered = tuple(seen[k] for k in offered if k in seen)
        object.__setattr__(self, "side_limits", ordered)

    @property
    def offered_side_bets(self) -> tuple[str, ...]:
        """The side bets players may stake on here: those the paytable comes with
        (``ez``: Dragon 7 and Panda 8), then ``side_bets``; none in a session,
        whose participants make one prediction on Punto, Banco or Égalité."""
        if self.rules.one_prediction or self.paytable not in PAYTABLES:
            return ()
        return _paytable(self.paytable, self.side_bets).side_keys

    def limits(self, box: Box) -> tuple[int, int]:
        """The least and the most a player's stake on ``box`` may total: Égalité's
        own limits, a side bet's ``side_limits`` (by default, Égalité's), else the
        table's minimum and maximum."""
        if box is Outcome.EGALITE:
            return self.tie_minimum, self.tie_maximum
        if isinstance(box, Outcome):
            return self.minimum, self.maximum
        for limit in self.side_limits:
            if limit.box == box_key(box):
                return limit.minimum, limit.maximum
        return self.tie_minimum, self.tie_maximum

    @property
    def shoe_config(self) -> ShoeConfig:
        """The core's shoe procedure for this table."""
        return ShoeConfig(
            decks=self.decks,
            burn=self.burn,
            cut_card=self.cut_card,
            reshuffle_every_coup=(
                self.rules.reshuffle_every_coup if self.reshuffle is None else self.reshuffle
            ),
        )

    @property
    def rules(self) -> FormatRules:
        """The rules of the table's format."""
        return RULES[self.format]

    @property
    def paytable_data(self) -> Paytable:
        """The paytable named by ``paytable``, with the table's ``side_bets`` added."""
        return _paytable(self.paytable, self.side_bets)

    @property
    def money(self) -> bool:
        """True where players have bankrolls (casino, croupier); False for a session's scores."""
        return self.rules.money

    @property
    def real_cards(self) -> bool:
        """True where the host deals physical cards, placed one by one (no shoe order)."""
        return self.rules.cards is CardSource.HOST

    @property
    def takes_contributions(self) -> bool:
        """True where every shoe gathers its players' committed contributions before
        it is shuffled: a table of this version with a secret seed and its own shoe."""
        return self.reveal_seconds is not None and self.seed is None and not self.real_cards

    @classmethod
    def of(cls, fmt: Format, /, **settings: Any) -> TableConfig:
        """A table of ``fmt``: its preset's defaults (``FormatRules.preset``), then
        ``settings``, any of those its preset takes (``TypeError`` for another). A
        preset's stake is every limit; a lesson's ``questions`` and ``seconds`` are its
        deals and its countdown."""
        preset = RULES[fmt].preset
        unknown = sorted(set(settings) - preset.settings)
        if unknown:
            raise TypeError(f"{fmt.value}() got an unexpected keyword argument {unknown[0]!r}")
        given = {**preset.defaults, **settings}
        if "stake" in given:
            limits = ("minimum", "maximum", "tie_minimum", "tie_maximum")
            given.update(dict.fromkeys(limits, given["stake"]))
        if RULES[fmt].lesson:
            for name, setting, high in (
                ("questions", "deals", MAX_QUESTIONS),
                ("seconds", "countdown", MAX_COUNTDOWN),
            ):
                value = given.pop(name)
                if not whole(value) or not 0 < value <= high:
                    raise _out_of_bounds(name, value, high)
                given[setting] = value
            drills = given["drills"]
            if isinstance(drills, Iterable) and not isinstance(drills, str):
                given["drills"] = tuple(drills)
        return cls(fmt, **given)

    @classmethod
    def session(cls, **settings: Any) -> TableConfig:
        """Seed 004's home session: no burn, no cut card, reshuffled before every deal.
        It plays no side bets: ``side_bets`` and ``side_limits`` are refused
        (``InvalidBetError``), and taken only to say so."""
        return cls.of(Format.SESSION, **settings)

    @classmethod
    def casino(cls, *, croupier: bool = False, **settings: Any) -> TableConfig:
        """A casino table (seeds 000-002); ``croupier=True`` for the online virtual
        croupier, whose ``countdown`` (seconds, default 20) closes bets (a casino table
        refuses one: nobody would count it down). ``side_bets`` adds side bets of
        ``SIDE_BETS`` (keys, or ``"pairs"`` and ``"dragon-bonus"``) to the paytable's;
        ``side_limits`` gives a side bet limits of its own (``{"punto_pair": (500,
        20_000)}``), else it takes Égalité's. ``turn_seconds`` hands Punto's cards face
        down to the largest Punto bet, who turns them over within that time
        (``TURN_SECONDS`` is the web table's default); None, the dealer turns every
        card. ``rebuy_approval``: each player's rebuy waits for the host."""
        return cls.of(Format.CROUPIER if croupier else Format.CASINO, **settings)

    @classmethod
    def assist(cls, **settings: Any) -> TableConfig:
        """Seed 004's session dealt with physical cards placed by the host, the shoe
        dealt on through the session unless ``reshuffle=True``."""
        return cls.of(Format.ASSIST, **settings)

    @classmethod
    def classroom(cls, **settings: Any) -> TableConfig:
        """A teacher's lesson: ``questions`` questions of ``drills`` in turn, each open
        ``seconds`` seconds, put from the coups ``seed`` deals with ``decks`` decks."""
        return cls.of(Format.CLASSROOM, **settings)


#: Default starting bankroll of a seat at a table that plays for money, in cents.
DEFAULT_BANKROLL: Final = 100_000
#: The table-creation schema: the formats the web's API opens, each with the
#: settings it takes there (``Preset.created``).
CREATED: Final[Mapping[str, frozenset[str]]] = MappingProxyType(
    {f.value: r.preset.created for f, r in RULES.items() if r.preset.created}
)


def created(fmt: str, settings: Mapping[str, Any]) -> tuple[TableConfig, int]:
    """The table's settings from the creation schema's ``format`` and ``settings``
    (Python keyword names), and the bankroll each player sits down with (0 where the
    table plays for points)."""
    allowed = CREATED.get(fmt)
    if allowed is None:
        raise InvalidBetError("web.error.format", format=fmt)
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise InvalidBetError(
            "web.error.setting",
            names=Listing(tuple(map(_setting_named, unknown))),
            allowed=Listing(tuple(map(setting_word, sorted(allowed)))),
        )
    given = dict(settings)
    cards = given.pop("real_cards", False)
    if not isinstance(cards, bool):
        raise InvalidBetError(
            "web.error.real_cards", setting=setting_word("real_cards"), value=_given(cards)
        )
    bankroll = given.pop("bankroll", DEFAULT_BANKROLL)
    if isinstance(bankroll, bool) or not isinstance(bankroll, int) or bankroll <= 0:
        raise InvalidBetError("table.error.bankroll", bankroll=_given(bankroll))
    if cards and "seed" in given:  # the host's cards are not shuffled by the server
        raise InvalidBetError("web.error.real_cards_seed")
    if "turn_seconds" in allowed:
        # Punto's cards go face down to the largest Punto bet's phone (seed 002);
        # ``"turn_seconds": null`` has the dealer turn every card instead.
        given.setdefault("turn_seconds", TURN_SECONDS)
    opened = Format(fmt)
    config = TableConfig.of((RULES[opened].preset.real_cards if cards else None) or opened, **given)
    return config, bankroll if config.money else 0


def _setting_named(name: str) -> Shown:
    """A setting given that this format does not know: its word where another
    format has it (``countdown``), else the name given, quoted."""
    known = frozenset().union(*CREATED.values())
    return setting_word(name) if name in known else Quoted(name)


def _given(value: Any) -> object:
    """A setting's value as a message quotes it: a number or a text as it is, the
    rest as JSON wrote it (``null``, ``true``, ``[1]``), never as Python does."""
    plain = isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
    return value if plain else json.dumps(value)


@cache
def _paytable(name: str, side_bets: tuple[str, ...]) -> Paytable:
    return PAYTABLES[name].with_side_bets(side_bets)


def _out_of_bounds(setting: str, value: object, high: int) -> InvalidBetError:
    """A setting that must be a whole number from 1 to ``high`` and is not."""
    return InvalidBetError(
        "table.error.bound", name=setting_word(setting), value=value, low=1, high=high
    )


def setting_word(name: str) -> Word:
    """A table's setting in a message: the catalogue's word for it (``setting.decks``,
    "decks"); ``str``: its name."""
    return Word(f"setting.{name}", name)


def whole(value: object) -> bool:
    """An ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)
