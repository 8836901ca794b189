"""Buying in again over the API: offered once a player's balance no longer covers
the table's minimum, back up to the bankroll they sat down with; the phone's
*Buy in again* sends the offer as it is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.web.app import create_app
from tests.web.helpers import command, join, kinds, open_table, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "rebuy.db"), rate=1000, burst=1000)) as c:
        yield c


def test_a_player_below_the_minimum_buys_in_again_up_to_the_bankroll(
    client: TestClient,
) -> None:
    # The shoe of a seeded table depends on its id too (its fair shoe's client seed),
    # which is new each time: Ana stakes all she has on Égalité until a coup takes
    # it (each coup that is not a tie: about 90%).
    t = open_table(
        client,
        "casino",
        seed=5,
        bankroll=2_000,
        minimum=1_000,
        tie_minimum=1_000,
        tie_maximum=10**12,
    )
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    assert "Rebuy" not in kinds(view(client, table, ana))  # 20.00 covers the 10.00 minimum
    for _ in range(40):
        balance = view(client, table, ana)["me"]["balance"]
        if balance < 1_000:
            break
        assert command(client, table, ana, "Bet", box="egalite", stake=balance).status_code == 200
        assert command(client, table, host, "Deal").status_code == 200
    me = view(client, table, ana)["me"]
    assert me["balance"] < 1_000
    (offer,) = [c for c in view(client, table, ana)["commands"] if c["type"] == "Rebuy"]
    assert offer == {"type": "Rebuy", "amount": 2_000 - me["balance"]}
    # Her bet is refused with its reason until she buys in again.
    refused = command(client, table, ana, "Bet", box="banco", stake=1_000)
    assert refused.status_code == 400 and "left" in refused.json()["error"]["message"]
    r = command(client, table, ana, "Rebuy", **{k: v for k, v in offer.items() if k != "type"})
    assert r.status_code == 200, r.text
    assert r.json()["events"] == [
        {"type": "PlayerRebought", "name": "Ana", "amount": offer["amount"]}
    ]
    after = view(client, table, ana)
    assert after["me"]["balance"] == 2_000 and "Rebuy" not in kinds(after)
    assert command(client, table, ana, "Bet", box="banco", stake=1_000).status_code == 200
