"""The web table's fair shoes: the commitment in every view before the first
bet, and ``GET /api/tables/{table}/shoes`` as ``puntobanco shoes --json``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco import fair
from puntobanco.fair.log import fair_shoes
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import ShoeShuffled
from puntobanco.web.app import create_app
from tests.web.helpers import Phones, bearer, command, join, open_table, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # One client plays every phone: their own contributions go over the same address.
    with TestClient(create_app(store=str(tmp_path / "api.db"), rate=1000, burst=1000)) as c:
        yield c


def stored_shoes(tmp_path: Path, table: str) -> list[fair.FairShoe]:
    store = SQLiteStore(tmp_path / "api.db")
    try:
        records = store.load(table)
        return fair_shoes([r.event for r in records], [r.time for r in records])
    finally:
        store.close()


def test_every_viewer_sees_the_commitment_before_the_first_bet_and_the_shoes_endpoint_agrees(
    client: TestClient, tmp_path: Path
) -> None:
    t = open_table(client, "casino", decks=6)
    ana = join(client, t["table"], "Ana")
    # The first shoe's server seed is committed; it is shuffled once Ana's phone has
    # contributed to it.
    assert stored_shoes(tmp_path, t["table"]) == []
    committed = view(client, t["table"], ana)["next_shoe"]
    assert view(client, t["table"], ana)["shoe"] is None and committed["shoe"] == 1
    Phones(client, t["table"], ana).contribute()
    (stored,) = stored_shoes(tmp_path, t["table"])
    (value,) = stored.contributions
    for token in (ana, t["host_token"]):
        shoe = view(client, t["table"], token)["shoe"]
        assert shoe["commitment"] == stored.commitment == committed["commitment"]
        assert shoe["client_seed"] == stored.client_seed == f"{t['table']}/1|{value}"
    shown = client.get(f"/api/tables/{t['table']}/shoes", headers=bearer(ana))
    assert shown.status_code == 200
    # Before the first coup only the burn has left the shoe: its turned card, shown to
    # the room, and the cards it burned face down, which nobody is shown (null).
    expected = stored.to_dict()
    expected["dealt"] = [expected["dealt"][0]] + [None] * (len(expected["dealt"]) - 1)
    assert shown.json() == [expected] and shown.json()[0]["server_seed"] is None
    for _ in range(3):
        assert command(client, t["table"], ana, "Bet", box="banco", stake=1_000).status_code == 200
        assert command(client, t["table"], t["host_token"], "Deal").status_code == 200
    (after,) = client.get(f"/api/tables/{t['table']}/shoes", headers=bearer(ana)).json()
    assert after["commitment"] == stored.commitment and len(after["dealt"]) > len(stored.dealt)
    assert after["server_seed"] is None  # revealed only when the shoe ends


def test_the_shoes_endpoint_wants_a_token_of_the_table(client: TestClient) -> None:
    first = open_table(client, "casino")
    other = open_table(client, "casino")
    assert client.get(f"/api/tables/{first['table']}/shoes").status_code == 401
    refused = client.get(f"/api/tables/{first['table']}/shoes", headers=bearer(other["host_token"]))
    assert refused.status_code in (401, 403)


def test_no_answer_or_view_holds_a_server_seed_before_its_shoe_ends(
    client: TestClient, tmp_path: Path
) -> None:
    t = open_table(client, "session", deals=10)
    ana, bruno = join(client, t["table"], "Ana"), join(client, t["table"], "Bruno")
    phones = Phones(client, t["table"], ana, bruno)
    texts = phones.seen
    phones.contribute()
    for _ in range(4):
        texts.append(command(client, t["table"], ana, "Bet", box="banco").text)
        texts.append(command(client, t["table"], bruno, "Bet", box="punto").text)
        texts.append(command(client, t["table"], t["host_token"], "Deal").text)
        phones.contribute()  # the next deal's shoe: its reveals, then its shuffle
        for token in (ana, bruno, t["host_token"]):
            texts.append(client.get(f"/api/tables/{t['table']}/view", headers=bearer(token)).text)
        shoes = stored_shoes(tmp_path, t["table"])
        store = SQLiteStore(tmp_path / "api.db")
        try:
            seeds = {
                r.event.shoe: r.event.server_seed
                for r in store.load(t["table"])
                if isinstance(r.event, ShoeShuffled)
            }
        finally:
            store.close()
        hidden = [seeds[s.shoe] for s in shoes if s.server_seed is None]
        assert hidden, "the next deal's shoe is shuffled and not revealed"
        everything = "\n".join(texts)
        assert all(seed and seed not in everything for seed in hidden)
        # Each settled deal's shoe was revealed in the deal's answer.
        assert all(s.server_seed in everything for s in shoes if s.server_seed is not None)
