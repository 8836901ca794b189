"""Rebuys over the API: refused with their reason (409 while the bankroll covers the
minimum, 400 above the bankroll brought); at a table whose host approves rebuys, a
player's ``Rebuy`` is a request the host grants or refuses."""

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


def broke(client: TestClient, **settings: object) -> tuple[str, str, str, int]:
    """A table where Ana lost on Égalité until 10.00 is out of reach: (table, host
    token, Ana's token, what she may buy in again for)."""
    t = open_table(client, "casino", seed=5, bankroll=2_000, minimum=1_000, **settings)
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    while view(client, table, ana)["me"]["balance"] >= 1_000:
        assert command(client, table, ana, "Bet", box="egalite", stake=1_000).status_code == 200
        assert command(client, table, host, "Deal").status_code == 200
    return table, host, ana, 2_000 - view(client, table, ana)["me"]["balance"]


def test_rebuys_refused_say_why_in_the_senders_language(client: TestClient) -> None:
    t = open_table(client, "casino", seed=5, bankroll=2_000, minimum=1_000)
    bruno = join(client, t["table"], "Bruno")
    r = command(client, t["table"], bruno, "Rebuy", lang="fr", amount=500)
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "table.error.rebuy_covered"
    assert "20,00" in r.json()["error"]["message"] and "cave" in r.json()["error"]["message"]
    table, _, ana, room = broke(client)
    r = command(client, table, ana, "Rebuy", lang="es", amount=room + 1)
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "table.error.rebuy_above_bankroll"


def test_at_a_table_of_approved_rebuys_the_host_grants_or_refuses(client: TestClient) -> None:
    table, host, ana, room = broke(client, rebuy_approval=True)
    r = command(client, table, ana, "Rebuy", amount=room)
    assert r.status_code == 200
    assert r.json()["events"] == [{"type": "RebuyAsked", "name": "Ana", "amount": room}]
    assert view(client, table, ana)["me"]["rebuy_asked"] == room
    assert "Rebuy" not in kinds(view(client, table, ana))
    offered = view(client, table, host)["commands"]
    assert {"type": "Rebuy", "name": "Ana", "amount": room} in offered
    r = command(client, table, host, "Refuse", name="Ana")
    assert r.json()["events"] == [{"type": "RebuyRefused", "name": "Ana"}]
    assert command(client, table, ana, "Rebuy", amount=room).status_code == 200
    r = command(client, table, host, "Rebuy", name="Ana", amount=room)
    assert r.json()["events"] == [{"type": "PlayerRebought", "name": "Ana", "amount": room}]
    assert view(client, table, ana)["me"]["balance"] == 2_000
