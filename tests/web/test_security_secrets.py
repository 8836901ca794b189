"""Attacks on what nobody should know yet: the burned cards of the shoe in play,
read from ``/shoes`` by any player.

Each test is one probe of the December 2026 attacker's pass against ``serve``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.table.events import ShoeBurned
from puntobanco.web.app import create_app
from tests.web.helpers import Phones, bearer, command, join, open_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "x.db"))) as c:
        yield c


@pytest.mark.parametrize("seed", [None, 7])
def test_shoes_list_no_burned_card_of_the_shoe_in_play(
    client: TestClient, seed: int | None
) -> None:
    settings = {"turn_seconds": None} | ({"seed": seed} if seed is not None else {})
    t = open_table(client, "casino", **settings)
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    Phones(client, table, ana).contribute()  # the shoe's seed gathered from the phone
    command(client, table, ana, "Bet", box="banco", stake=1_000)
    deal = command(client, table, host, "Deal")
    assert deal.status_code == 200, deal.text
    tables = client.app.state.tables  # type: ignore[attr-defined]
    log = tables.call(lambda engine: engine.log(table)).result()
    (burn,) = [r.event for r in log if isinstance(r.event, ShoeBurned)]
    assert burn.burned  # the casino burns face down what its turned card says
    for token in (ana, host):
        (shoe,) = client.get(f"/api/tables/{table}/shoes", headers=bearer(token)).json()
        dealt = shoe["dealt"]
        assert dealt[0] == str(burn.turned)  # turned face up: the room saw it
        assert dealt[1 : 1 + len(burn.burned)] == [None] * len(burn.burned)
        assert len(dealt) > 1 + len(burn.burned)  # the coup's cards, shown to the room
