"""Small readings of values a table is given: table names, boxes, amounts as text."""

from __future__ import annotations

from typing import Final

from puntobanco.coup import Outcome
from puntobanco.errors import IllegalActionError, InvalidBetError
from puntobanco.paytable import Amount, format_amount
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


def money_text(config: TableConfig, value: Amount) -> str:
    """An amount as players read it: ``12.50`` for 1250 cents, ``19`` points in a session.

    >>> money_text(TableConfig.casino(), 1250), money_text(TableConfig.session(), 19)
    ('12.50', '19')
    """
    if not config.money or not isinstance(value, int):
        return format_amount(value)
    sign = "-" if value < 0 else ""
    units, cents = divmod(abs(value), 100)
    return f"{sign}{units}.{cents:02d}"


def box_of(box: Outcome | str) -> Outcome:
    """A box given as an ``Outcome`` or as text (``"banco"``, ``"b"``, ``"égalité"``...)."""
    if isinstance(box, Outcome):
        return box
    if not isinstance(box, str):
        raise InvalidBetError("table.error.box_type", box=box)
    return Outcome.parse(box)
