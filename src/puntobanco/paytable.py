"""Paytables and exact settlement: never a float in points or money.

``STANDARD`` is the seeds' table: Punto 1:1, Banco 19 for 20 (a 5% commission),
Égalité 8:1, Punto and Banco refunded on a tie (seeds 000, 001, 004).
``TIE_NINE`` pays Égalité 9:1 (seed 002, "8:1 ou 9:1") and is otherwise the
same: a complete table of its own, as seed 004 section 07 asks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from puntobanco.coup import Outcome
from puntobanco.errors import InvalidBetError

Amount = int | Fraction


@dataclass(frozen=True, slots=True)
class Paytable:
    """What a winning unit stake earns on each box, and whether a tie refunds."""

    name: str
    punto: Fraction
    banco: Fraction
    egalite: Fraction
    refund_on_tie: bool = True

    def odds(self, box: Outcome) -> Fraction:
        """Profit per unit staked when ``box`` wins."""
        return {
            Outcome.PUNTO: self.punto,
            Outcome.BANCO: self.banco,
            Outcome.EGALITE: self.egalite,
        }[box]

    def net(self, box: Outcome, stake: Amount, outcome: Outcome) -> Amount:
        """The net result of ``stake`` on ``box`` when the coup ends in ``outcome``.

        Exact: an ``int`` where the result is whole, else a ``Fraction``.

        >>> STANDARD.net(Outcome.BANCO, 20, Outcome.BANCO)
        19
        >>> STANDARD.net(Outcome.BANCO, 10, Outcome.BANCO)
        Fraction(19, 2)
        >>> STANDARD.net(Outcome.PUNTO, 20, Outcome.EGALITE)
        0
        """
        check_stake(stake)
        if box is outcome:
            return _exact(stake * self.odds(box))
        if outcome is Outcome.EGALITE and self.refund_on_tie:
            return 0  # seed 001: "les autres récupèrent aussi leurs mises"
        return _exact(-Fraction(stake))


def _exact(value: Fraction | int) -> Amount:
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else value


def check_stake(stake: object) -> Amount:
    """A stake is a positive ``int`` or ``Fraction``; floats and the rest are refused."""
    if isinstance(stake, bool) or not isinstance(stake, int | Fraction) or stake <= 0:
        raise InvalidBetError("error.bet.stake", stake=stake)
    return stake


STANDARD: Final = Paytable("standard", Fraction(1), Fraction(19, 20), Fraction(8))
TIE_NINE: Final = Paytable("tie-nine", Fraction(1), Fraction(19, 20), Fraction(9))
PAYTABLES: Final[dict[str, Paytable]] = {p.name: p for p in (STANDARD, TIE_NINE)}


@dataclass(frozen=True, slots=True)
class Bet:
    """A stake on one box."""

    box: Outcome
    stake: Amount

    def __post_init__(self) -> None:
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
    bets: Iterable[Bet], outcome: Outcome, paytable: Paytable = STANDARD
) -> tuple[Settlement, ...]:
    """Settle each bet on its own (Égalité may sit beside Punto or Banco, seed 001).

    Losing bets come first, then refunds, then winners: the croupier collects
    before paying (seed 000).
    """
    results = [Settlement(b, outcome, paytable.net(b.box, b.stake, outcome)) for b in bets]
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
    value = _exact(value)
    return value if isinstance(value, int) else format_amount(value)
