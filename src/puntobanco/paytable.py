"""Paytables and side bets as data, and exact settlement: never a float in points or money.

A bet is one ``Wager`` record: a key (``"banco"``, ``"dragon_7"``...) and its
lines, each a price and the coup facts it asks for (who won, a hand's total,
its number of cards, a natural, a pair, the margin). The first line whose facts
hold settles the bet; when none holds the stake is lost. A ``Paytable`` is the
three boxes' wagers and the side bets that come with it; a table may add the
side bets of ``SIDE_BETS`` to any paytable. Settlement, the exact odds and the
simulator all read these records, so that another bet (Super 6, Lucky 6...) is
one more record and its tests, not new code.

``STANDARD`` is the seeds' table: Punto 1:1, Banco 19 to 20 (a 5% commission),
Égalité 8:1, Punto and Banco refunded on a tie (seeds 000, 001, 004).
``TIE_NINE`` pays Égalité 9:1 (seed 002, "8:1 ou 9:1") and is otherwise the
same: a complete table of its own, as seed 004 section 07 asks. The other
tables players meet (seed 004: "d'autres barèmes ... configurations de table
distinctes et complètes") are ``no-commission``, ``commission-4`` and ``ez``.

Rounding: none in ``net``. Every net is exact (an ``int`` or a ``Fraction``); a
table that pays in cents pays ``in_minor_units(net)``, a win rounded down to
the cent (see docs/tables.md).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from puntobanco.coup import Outcome, Side
from puntobanco.errors import InvalidBetError
from puntobanco.i18n.shown import Word

if TYPE_CHECKING:
    from puntobanco.coup import Coup

Amount = int | Fraction


@dataclass(frozen=True, slots=True)
class Facts:
    """What a paytable may read of a finished coup: each hand's final total, its
    number of cards, and whether its first two cards share a rank."""

    punto_total: int
    punto_cards: int
    banco_total: int
    banco_cards: int
    punto_pair: bool = False
    banco_pair: bool = False

    @classmethod
    def of(cls, coup: Coup) -> Facts:
        """The facts of ``coup``."""
        p, b = coup.punto, coup.banco
        return cls(p.total, len(p.cards), b.total, len(b.cards), p.pair, b.pair)

    @property
    def winner(self) -> Outcome:
        """The higher final total wins; equal totals are Égalité."""
        if self.punto_total > self.banco_total:
            return Outcome.PUNTO
        if self.banco_total > self.punto_total:
            return Outcome.BANCO
        return Outcome.EGALITE

    def total(self, hand: Side) -> int:
        """``hand``'s final total."""
        return self.punto_total if hand is Side.PUNTO else self.banco_total

    def cards(self, hand: Side) -> int:
        """How many cards ``hand`` holds (2 or 3)."""
        return self.punto_cards if hand is Side.PUNTO else self.banco_cards

    def natural(self, hand: Side) -> bool:
        """``hand`` is a two-card 8 or 9 (then nobody drew)."""
        return self.cards(hand) == 2 and self.total(hand) >= 8

    def pair(self, hand: Side) -> bool:
        """``hand``'s first two cards share a rank."""
        return self.punto_pair if hand is Side.PUNTO else self.banco_pair

    def margin(self, hand: Side) -> int:
        """``hand``'s total minus the other hand's."""
        return (
            self.punto_total - self.banco_total
            if hand is Side.PUNTO
            else (self.banco_total - self.punto_total)
        )


@dataclass(frozen=True, slots=True)
class When:
    """The coup facts a line asks for; ``None`` asks nothing. ``hand`` says which
    hand ``total``, ``cards``, ``natural``, ``pair`` and ``margin`` read."""

    winner: Outcome | None = None
    hand: Side | None = None
    total: int | None = None
    cards: int | None = None
    natural: bool | None = None
    pair: bool | None = None
    margin: int | None = None

    def __post_init__(self) -> None:
        per_hand = (self.total, self.cards, self.natural, self.pair, self.margin)
        assert self.hand is not None or all(v is None for v in per_hand), "a hand is needed"

    @property
    def winner_only(self) -> bool:
        """True when the line reads nothing but the winner."""
        return self.hand is None

    def holds(self, facts: Facts) -> bool:
        """Whether ``facts`` satisfy every condition of the line."""
        if self.winner is not None and facts.winner is not self.winner:
            return False
        hand = self.hand
        if hand is None:
            return True
        return (
            (self.total is None or facts.total(hand) == self.total)
            and (self.cards is None or facts.cards(hand) == self.cards)
            and (self.natural is None or facts.natural(hand) is self.natural)
            and (self.pair is None or facts.pair(hand) is self.pair)
            and (self.margin is None or facts.margin(hand) == self.margin)
        )


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a wager's paytable: the profit per unit staked (0 is a push)
    when the coup facts of ``when`` hold."""

    pays: Fraction
    when: When


@dataclass(frozen=True, slots=True)
class Wager:
    """One bet as data: its key and its lines, the first that holds settles it;
    when none holds the stake is lost."""

    key: str
    lines: tuple[Line, ...]

    @property
    def winner_only(self) -> bool:
        """True when settling reads only the winner of the coup."""
        return all(line.when.winner_only for line in self.lines)

    @property
    def reads_pairs(self) -> bool:
        """True when a line asks whether a hand holds a pair (ranks, not only values)."""
        return any(line.when.pair is not None for line in self.lines)

    def line(self, facts: Facts) -> Line | None:
        """The line that settles the bet for ``facts`` (the first that holds), None
        when the stake is lost: what a drill explains a payout by."""
        for line in self.lines:
            if line.when.holds(facts):
                return line
        return None

    def price(self, facts: Facts) -> Fraction:
        """Profit per unit staked for ``facts``: a line's price, else -1 (lost)."""
        line = self.line(facts)
        return Fraction(-1) if line is None else line.pays

    def price_on(self, outcome: Outcome) -> Fraction:
        """Profit per unit when only the winner is known (``winner_only`` wagers)."""
        for line in self.lines:
            if line.when.winner is outcome or line.when.winner is None:
                return line.pays
        return Fraction(-1)


def _w(key: str, *lines: tuple[Fraction | int, When]) -> Wager:
    return Wager(key, tuple(Line(Fraction(p), when) for p, when in lines))


P, B, E = Outcome.PUNTO, Outcome.BANCO, Outcome.EGALITE
PH, BH = Side.PUNTO, Side.BANCO
PUSH_ON_TIE: Final = (0, When(winner=E))  # seed 001: "les autres récupèrent aussi leurs mises"

PUNTO_EVEN: Final = _w("punto", (1, When(winner=P)), PUSH_ON_TIE)
BANCO_19_20: Final = _w("banco", (Fraction(19, 20), When(winner=B)), PUSH_ON_TIE)
TIE_8: Final = _w("egalite", (8, When(winner=E)))
TIE_9: Final = _w("egalite", (9, When(winner=E)))
#: No commission: a Banco win on 6 pays half.
BANCO_SIX_HALF: Final = _w(
    "banco", (Fraction(1, 2), When(winner=B, hand=BH, total=6)), (1, When(winner=B)), PUSH_ON_TIE
)
#: A 4% commission: Banco pays 0.96 to 1.
BANCO_24_25: Final = _w("banco", (Fraction(24, 25), When(winner=B)), PUSH_ON_TIE)
#: EZ Baccarat: Banco 1:1, but a Banco win with three cards totalling 7 pushes.
BANCO_EZ: Final = _w(
    "banco", (0, When(winner=B, hand=BH, total=7, cards=3)), (1, When(winner=B)), PUSH_ON_TIE
)
DRAGON_7: Final = _w("dragon_7", (40, When(winner=B, hand=BH, total=7, cards=3)))
PANDA_8: Final = _w("panda_8", (25, When(winner=P, hand=PH, total=8, cards=3)))


def _pair(key: str, hand: Side) -> Wager:
    return _w(key, (11, When(hand=hand, pair=True)))


def _dragon_bonus(key: str, hand: Side) -> Wager:
    """Natural win 1:1, natural tie push, other wins by 9..4 points 30, 10, 6, 4, 2, 1 to 1."""
    win = P if hand is Side.PUNTO else B
    lines: list[tuple[Fraction | int, When]] = [
        (1, When(winner=win, hand=hand, natural=True)),
        (0, When(winner=E, hand=hand, natural=True)),
    ]
    lines += [
        (pays, When(winner=win, hand=hand, margin=by))
        for by, pays in ((9, 30), (8, 10), (7, 6), (6, 4), (5, 2), (4, 1))
    ]
    return _w(key, *lines)


def _natural(key: str, hand: Side, total: int) -> Wager:
    """``hand`` has a natural ``total`` (two cards, so nobody draws), 9 to 1."""
    return _w(key, (9, When(hand=hand, natural=True, total=total)))


PUNTO_PAIR: Final = _pair("punto_pair", Side.PUNTO)
BANCO_PAIR: Final = _pair("banco_pair", Side.BANCO)
DRAGON_BONUS_PUNTO: Final = _dragon_bonus("dragon_bonus_punto", Side.PUNTO)
DRAGON_BONUS_BANCO: Final = _dragon_bonus("dragon_bonus_banco", Side.BANCO)

#: The side bets a table may add to any paytable, by key.
SIDE_BETS: Final[dict[str, Wager]] = {
    w.key: w for w in (PUNTO_PAIR, BANCO_PAIR, DRAGON_BONUS_PUNTO, DRAGON_BONUS_BANCO)
}
#: Names of groups of side bets, as ``--side-bets pairs,dragon-bonus`` takes them.
SIDE_BET_GROUPS: Final[dict[str, tuple[str, ...]]] = {
    "pairs": ("punto_pair", "banco_pair"),
    "dragon-bonus": ("dragon_bonus_punto", "dragon_bonus_banco"),
}
#: Side bets the analyses know but no table offers: the natural 9 and natural 8 of
#: either hand at 9 to 1, "a favorable side bet in Nevada baccarat" (E. O. Thorp and
#: W. E. Walden, JASA 61, 1966, p. 317), long since withdrawn.
ANALYSED_SIDE_BETS: Final[dict[str, Wager]] = {
    w.key: w
    for w in (
        _natural("punto_natural_9", Side.PUNTO, 9),
        _natural("banco_natural_9", Side.BANCO, 9),
        _natural("punto_natural_8", Side.PUNTO, 8),
        _natural("banco_natural_8", Side.BANCO, 8),
    )
}
#: Their group, as ``odds --side-bets naturals`` takes it.
ANALYSED_GROUPS: Final[dict[str, tuple[str, ...]]] = {"naturals": tuple(ANALYSED_SIDE_BETS)}
BOXES: Final = tuple(o.value for o in Outcome)


@dataclass(frozen=True, slots=True)
class Paytable:
    """A complete table configuration: the three boxes' wagers and its side bets."""

    name: str
    punto: Wager
    banco: Wager
    egalite: Wager
    side_bets: tuple[Wager, ...] = field(default=())

    @property
    def title(self) -> Word:
        """The paytable's name as its reader's language says it (catalogue
        ``paytable.title.NAME``: "sans commission", "sin comisión"); programs and
        the command line read ``name``."""
        return Word(f"paytable.title.{self.name}", self.name)

    @property
    def wagers(self) -> tuple[Wager, ...]:
        """Every bet the table offers: Punto, Banco, Égalité, then its side bets."""
        return (self.punto, self.banco, self.egalite, *self.side_bets)

    @property
    def keys(self) -> tuple[str, ...]:
        """The keys of ``wagers``."""
        return tuple(w.key for w in self.wagers)

    @property
    def side_keys(self) -> tuple[str, ...]:
        """The keys of the side bets (its own, then those a table added)."""
        return tuple(w.key for w in self.side_bets)

    def wager(self, box: Outcome | str) -> Wager:
        """The wager on ``box`` (an ``Outcome``, a box's word, or a side bet's key).

        Raises ``InvalidBetError`` when the table does not offer it.
        """
        key = bet_key(box)
        for w in self.wagers:
            if w.key == key:
                return w
        raise InvalidBetError("error.bet.not_offered", box=key, paytable=self.title)

    def with_side_bets(self, keys: Iterable[str]) -> Paytable:
        """This table with the side bets ``keys`` added (keys of ``SIDE_BETS`` or
        ``ANALYSED_SIDE_BETS``, or names of their groups), in the order given,
        without repeats. A table checks its own (``SIDE_BETS`` only).

        Raises ``InvalidBetError`` for an unknown side bet.
        """
        known = SIDE_BETS | ANALYSED_SIDE_BETS
        groups = SIDE_BET_GROUPS | ANALYSED_GROUPS
        added = list(self.side_bets)
        for key in keys:
            for k in groups.get(key, (key,)):
                if k not in known:
                    names = ", ".join(side_bet_names(analysed=True))
                    raise InvalidBetError("error.bet.side_bet", name=key, choices=names)
                if all(w.key != k for w in added):
                    added.append(known[k])
        return replace(self, side_bets=tuple(added))

    def odds(self, box: Outcome) -> Fraction:
        """Profit per unit staked when ``box`` wins with nothing special (its last
        winning line that reads only the winner)."""
        prices = [
            line.pays
            for line in self.wager(box).lines
            if line.when.winner is box and line.when.winner_only
        ]
        return prices[-1]

    def net(self, box: Outcome | str, stake: Amount, result: Outcome | Coup | Facts) -> Amount:
        """The net result of ``stake`` on ``box`` for ``result``: a finished coup
        (or its ``Facts``), or only its winner where the wager reads nothing else.

        Exact: an ``int`` where the result is whole, else a ``Fraction``. Raises
        ``InvalidBetError`` for a bad stake, a box the table does not offer, or a
        bare winner where the wager needs the coup (a Banco win on 6, a pair...).

        >>> STANDARD.net(Outcome.BANCO, 20, Outcome.BANCO)
        19
        >>> STANDARD.net("banco", 10, Outcome.BANCO)
        Fraction(19, 2)
        >>> STANDARD.net(Outcome.PUNTO, 20, Outcome.EGALITE)
        0
        """
        check_stake(stake)
        wager = self.wager(box)
        if isinstance(result, Outcome):
            if not wager.winner_only:
                raise InvalidBetError("error.bet.needs_coup", box=wager.key, paytable=self.title)
            price = wager.price_on(result)
        elif isinstance(result, Facts):
            price = wager.price(result)
        else:
            price = wager.price(Facts.of(result))
        return _exact(stake * price)


def bet_key(box: object) -> str:
    """The key of a box or side bet: ``Outcome.BANCO``, ``"B"``, ``"banker"`` ->
    ``"banco"``; ``"dragon_7"`` stays. Raises ``InvalidBetError`` otherwise."""
    if isinstance(box, Outcome):
        return box.value
    if not isinstance(box, str):
        raise InvalidBetError("error.bet.box", box=box)
    word = box.strip().lower().replace("-", "_")
    if word in ALL_WAGER_KEYS:
        return word
    return Outcome.parse(box).value


#: A box of the layout: an ``Outcome`` for Punto, Banco and Égalité, a side bet by its key.
Box = Outcome | str


def box_key(box: Box) -> str:
    """The key of a box as events and views write it: ``"banco"``, ``"punto_pair"``."""
    return box.value if isinstance(box, Outcome) else box


def box_from_key(key: str) -> Box:
    """The box written ``key``: an ``Outcome`` for the three boxes, else the key itself.

    >>> box_from_key("banco"), box_from_key("dragon_7")
    (<Outcome.BANCO: 'banco'>, 'dragon_7')
    """
    return Outcome(key) if key in BOXES else key


def paytable_order(paytable: Paytable, boxes: Iterable[Box]) -> tuple[Box, ...]:
    """``boxes`` in the order ``paytable`` lists its wagers (Punto, Banco, Égalité,
    then its side bets); a box it does not offer comes last, for ``net`` to refuse."""
    held = list(boxes)
    order = [box_from_key(key) for key in paytable.keys]
    return (*(b for b in order if b in held), *(b for b in held if b not in order))


def in_minor_units(net: Amount) -> Amount:
    """What a table that pays in whole minor units (cents) pays for an exact ``net``:
    a win rounded down to the unit, the house keeping the fraction; a loss or a
    push as it is (a stake is whole, so they are). docs/tables.md says why down.

    >>> in_minor_units(STANDARD.net("banco", 1250, Outcome.BANCO)), in_minor_units(-1250)
    (1187, -1250)
    """
    return math.floor(net) if net > 0 else net


def _exact(value: Fraction | int) -> Amount:
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else value


def check_stake(stake: object) -> Amount:
    """A stake is a positive ``int`` or ``Fraction``; floats and the rest are refused."""
    if isinstance(stake, bool) or not isinstance(stake, int | Fraction) or stake <= 0:
        raise InvalidBetError("error.bet.stake", stake=stake)
    return stake


STANDARD: Final = Paytable("standard", PUNTO_EVEN, BANCO_19_20, TIE_8)
TIE_NINE: Final = Paytable("tie-nine", PUNTO_EVEN, BANCO_19_20, TIE_9)
NO_COMMISSION: Final = Paytable("no-commission", PUNTO_EVEN, BANCO_SIX_HALF, TIE_8)
COMMISSION_4: Final = Paytable("commission-4", PUNTO_EVEN, BANCO_24_25, TIE_8)
EZ: Final = Paytable("ez", PUNTO_EVEN, BANCO_EZ, TIE_8, (DRAGON_7, PANDA_8))
PAYTABLES: Final[dict[str, Paytable]] = {
    p.name: p for p in (STANDARD, TIE_NINE, NO_COMMISSION, COMMISSION_4, EZ)
}
ALL_WAGER_KEYS: Final = frozenset(
    {w.key for p in PAYTABLES.values() for w in p.wagers} | set(SIDE_BETS) | set(ANALYSED_SIDE_BETS)
)


def side_bet_names(*, analysed: bool = False) -> tuple[str, ...]:
    """The side bets a table may add: the groups, then each side bet's key; with
    ``analysed``, those only the analyses know too (what ``with_side_bets`` accepts)."""
    if analysed:
        return (*SIDE_BET_GROUPS, *ANALYSED_GROUPS, *SIDE_BETS, *ANALYSED_SIDE_BETS)
    return (*SIDE_BET_GROUPS, *SIDE_BETS)


def configuration(paytable: str, side_bets: Sequence[str] = ()) -> Paytable:
    """The paytable named ``paytable`` with ``side_bets`` added.

    Raises ``InvalidBetError`` for an unknown paytable or side bet.
    """
    if paytable not in PAYTABLES:
        raise InvalidBetError("error.paytable", name=paytable, choices=", ".join(sorted(PAYTABLES)))
    return PAYTABLES[paytable].with_side_bets(side_bets)


@dataclass(frozen=True, slots=True)
class Bet:
    """A stake on one box or side bet. ``box`` may be given as an ``Outcome``, a
    box's word (``"banco"``, ``"B"``) or a side bet's key; it is kept as an
    ``Outcome`` for the three boxes and as the key otherwise.

    Raises ``InvalidBetError`` for an unknown box or a bad stake.
    """

    box: Outcome | str
    stake: Amount

    def __post_init__(self) -> None:
        key = bet_key(self.box)
        object.__setattr__(self, "box", Outcome(key) if key in BOXES else key)
        check_stake(self.stake)


@dataclass(frozen=True, slots=True)
class Settlement:
    """One bet's result: ``net`` is what the player gains (negative: loses)."""

    bet: Bet
    outcome: Outcome
    net: Amount

    @property
    def returned(self) -> Amount:
        """What goes back to the player: the stake plus the net (0 for a loss)."""
        return _exact(Fraction(self.bet.stake) + self.net)


def settle(
    bets: Iterable[Bet], result: Outcome | Coup | Facts, paytable: Paytable = STANDARD
) -> tuple[Settlement, ...]:
    """Settle each bet on its own (Égalité may sit beside Punto or Banco, seed 001).

    Losing bets come first, then refunds, then winners: the croupier collects
    before paying (seed 000). Raises ``InvalidBetError`` as ``Paytable.net``.
    """
    if isinstance(result, Outcome):
        outcome = result
    elif isinstance(result, Facts):
        outcome = result.winner
    else:
        outcome = result.outcome
    results = [Settlement(b, outcome, paytable.net(b.box, b.stake, result)) for b in bets]
    return tuple(sorted(results, key=lambda s: (s.net > 0, s.net == 0)))


def format_amount(value: Amount) -> str:
    """Exact decimal text: ``19``, ``-20``, ``9.5``; a non-terminating fraction as ``p/q``.

    >>> format_amount(Fraction(19, 2)), format_amount(-20), format_amount(Fraction(1, 3))
    ('9.5', '-20', '1/3')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    scaled = value * 10**places
    assert scaled.denominator == 1
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0").rstrip(".")


def json_amount(value: Amount) -> int | str:
    """An integer stays an integer in JSON; anything else is an exact decimal string."""
    if type(value) is int:  # most amounts (a view has dozens), without making a Fraction
        return value
    value = _exact(value)
    return value if isinstance(value, int) else format_amount(value)
