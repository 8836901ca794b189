"""Small readings of values a table is given: table names, boxes, amounts as text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from puntobanco.coup import Outcome
from puntobanco.errors import IllegalActionError, InvalidBetError
from puntobanco.i18n import Lang
from puntobanco.i18n.numbers import decimal_text
from puntobanco.i18n.shown import Shown, Word
from puntobanco.paytable import (
    Amount,
    Box,
    Facts,
    bet_key,
    box_from_key,
    box_key,
    format_amount,
    in_minor_units,
)
from puntobanco.table.config import TableConfig

MAX_TABLE_ID: Final = 64


def check_table_id(table: object) -> str:
    """A table's name: 1 to 64 printable characters, no spaces at either end."""
    if (
        not isinstance(table, str)
        or not table
        or table != table.strip()
        or len(table) > MAX_TABLE_ID
        or not table.isprintable()
    ):
        raise IllegalActionError("table.error.table_id", table=table, high=MAX_TABLE_ID)
    return table


@dataclass(frozen=True, slots=True)
class Money(Shown):
    """An amount in a message: cents where ``money`` (a casino's), else points,
    written as the reader's language writes numbers when the message is
    (``1 000,00`` in French, as the command line writes it); ``str``: ``1000.00``.

    >>> m = Money(123450, money=True)
    >>> m.words("fr"), m.words("es"), m.words("en"), str(m), Money(19, money=False).words("fr")
    ('1\u202f234,50', '1234,50', '1,234.50', '1234.50', '19')
    """

    amount: Amount
    money: bool

    def words(self, lang: Lang) -> str:
        return decimal_text(str(self), lang)

    def __str__(self) -> str:
        value = self.amount
        if not self.money or not isinstance(value, int):
            return format_amount(value)
        sign = "-" if value < 0 else ""
        units, cents = divmod(abs(value), 100)
        return f"{sign}{units}.{cents:02d}"


def money_text(config: TableConfig, value: Amount) -> str:
    """An amount as players read it: ``12.50`` for 1250 cents, ``19`` points in a session.

    >>> money_text(TableConfig.casino(), 1250), money_text(TableConfig.session(), 19)
    ('12.50', '19')
    """
    return str(Money(value, config.money))


def box_word(box: Box) -> Word:
    """A box in a message: its name in the reader's language (``explain.bet_name``:
    Banco, Dragon Bonus on Punto...); ``str``: its key (``"dragon_bonus_punto"``).

    >>> box_word(Outcome.EGALITE).words("es"), str(box_word("punto_pair"))
    ('Igualdad', 'punto_pair')
    """
    key = f"outcome.{box.value}" if isinstance(box, Outcome) else f"bet.{box}"
    return Word(key, box_key(box))


def box_of(box: Box) -> Box:
    """A box given as an ``Outcome`` or as text (``"banco"``, ``"b"``, ``"égalité"``...),
    or a side bet by its key (``"punto_pair"``, ``"dragon-7"``), kept as the key.

    Whether the table offers that side bet is the table's to say.
    """
    if isinstance(box, Outcome):
        return box
    if not isinstance(box, str):
        raise InvalidBetError("table.error.box_type", box=box)
    return box_from_key(bet_key(box))


def settled_net(config: TableConfig, box: Box, stake: Amount, facts: Facts) -> Amount:
    """What a stake on ``box`` nets at a table with ``config`` for a coup with ``facts``:
    the paytable's exact net, a win rounded down to the minor unit where the table
    plays money (the house keeps the fraction, ``BetPaid.kept``)."""
    net = config.paytable_data.net(box, stake, facts)
    return in_minor_units(net) if config.money else net


def session_prediction(bets: Mapping[Box, Amount]) -> Outcome | None:
    """A session's one prediction: the box of its one bet, None before it is made
    (a session's boxes are the three outcomes)."""
    box = next(iter(bets), None)
    assert box is None or isinstance(box, Outcome)
    return box
