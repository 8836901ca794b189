"""A casino table opened with another paytable settles each coup by its records."""

from __future__ import annotations

import pytest

from puntobanco import CasinoTable
from puntobanco.coup import resolve
from puntobanco.paytable import PAYTABLES, Facts
from puntobanco.table.events import CoupDealt

BANKROLL = 10_000_000


@pytest.mark.parametrize("name", ["no-commission", "commission-4", "ez"])
def test_a_casino_table_pays_banco_as_its_paytable_says(name: str) -> None:
    table = CasinoTable(seed=7, db=None, table="club", paytable=name)
    table.sit("Ana", BANKROLL)
    paytable = PAYTABLES[name]
    balance = BANKROLL
    for _ in range(40):
        table.bet("Ana", "banco", 1000)
        table.deal()
        coup = [e for e in table.events if isinstance(e, CoupDealt)][-1]
        facts = Facts.of(resolve(coup.cards))
        balance += int(paytable.net("banco", 1000, facts))  # minor units, rounded down
        assert table.balances["Ana"] == balance
