"""Players add to the next shoe's client seed from the web table: the ``contribute``
command, its refusals by code, the view's ``next_shoe``, and no seed in sight."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco import fair
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import Event, NextShoeCommitted, ShoeShuffled
from puntobanco.web.app import create_app
from tests.web.helpers import bearer, command, join, open_table, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(store=str(tmp_path / "api.db"), rate=1000, burst=1000)
    with TestClient(app) as c:
        yield c


def stored(tmp_path: Path, table: str) -> list[Event]:
    store = SQLiteStore(tmp_path / "api.db")
    try:
        return [r.event for r in store.load(table)]
    finally:
        store.close()


def test_a_contribution_goes_into_the_next_shoe_and_the_docs_example_answers_as_shown(
    client: TestClient, tmp_path: Path
) -> None:
    t = open_table(client, "casino", seed=7, decks=1)
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    before = view(client, table, ana)
    assert before["next_shoe"]["shoe"] == 2 and before["next_shoe"]["contributions"] == []
    assert before["next_shoe"]["commitment"] == fair.commitment(fair.derived_server_seed(7, 2))
    assert "contribute" in before["commands"]
    assert command(client, table, ana, "bet", box="banco", stake=2000).json()["seq"] == 7
    r = command(client, table, ana, "contribute", text="lucky 7")
    assert r.status_code == 200
    assert r.json() == {
        "seq": 8,
        "events": [{"type": "SeedContributed", "shoe": 2, "name": "Ana", "text": "lucky 7"}],
    }
    for token in (ana, host):
        shown = view(client, table, token)["next_shoe"]
        assert shown["contributions"] == [{"name": "Ana", "text": "lucky 7"}]
        assert shown["client_seed"] == f"{table}/2|lucky 7" and shown["secret"] is False
    assert "contribute" not in view(client, table, ana)["commands"]  # once per shoe
    while view(client, table, ana)["shoe"]["number"] == 1:
        command(client, table, ana, "bet", box="banco", stake=2000)
        assert command(client, table, host, "deal").status_code == 200
    shuffled = [e for e in stored(tmp_path, table) if isinstance(e, ShoeShuffled)]
    assert shuffled[1].client_seed == f"{table}/2|lucky 7"
    assert shuffled[1].order == fair.shoe_order(
        fair.derived_server_seed(7, 2), f"{table}/2|lucky 7", 2, 1
    )
    shoes = client.get(f"/api/tables/{table}/shoes", headers=bearer(ana)).json()
    assert shoes[1]["contributions"] == ["lucky 7"]
    assert view(client, table, ana)["next_shoe"]["shoe"] == 3


def test_refusals_answer_their_code_and_a_retried_id_acts_once(client: TestClient) -> None:
    t = open_table(client, "session", deals=10)
    table, host = t["table"], t["host_token"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    refused = command(client, table, host, "contribute", text="house")
    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "web.error.player_only"
    missing = command(client, table, ana, "contribute")
    assert (
        missing.status_code == 400 and missing.json()["error"]["code"] == "web.error.missing_field"
    )
    for text in ("", "a|b", "x" * 65, "tab\there"):
        bad = command(client, table, ana, "contribute", lang="fr", text=text)
        assert bad.status_code == 400, text
        assert bad.json()["error"]["code"] == "fair.error.contribution"
        assert "64 caractères imprimables" in bad.json()["error"]["message"]
    body = {"id": "same", "type": "contribute", "text": "once"}
    url = f"/api/tables/{table}/commands"
    first = client.post(url, json=body, headers=bearer(bruno))
    again = client.post(url, json=body, headers=bearer(bruno))
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert view(client, table, ana)["next_shoe"]["contributions"] == [
        {"name": "Bruno", "text": "once"}
    ]
    twice = command(client, table, bruno, "contribute", text="twice")
    assert twice.status_code == 409
    assert twice.json()["error"]["code"] == "table.error.contribute.twice"
    assert "Bruno" in twice.json()["error"]["message"]


def test_a_session_of_real_cards_has_no_seed_to_add_to(client: TestClient) -> None:
    t = open_table(client, "session", real_cards=True)
    ana = join(client, t["table"], "Ana")
    r = command(client, t["table"], ana, "contribute", text="lucky")
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "table.error.contribute.real_cards"
    v = view(client, t["table"], ana)
    assert v["next_shoe"] is None and "contribute" not in v["commands"]


def test_no_answer_or_view_holds_the_next_shoes_server_seed(
    client: TestClient, tmp_path: Path
) -> None:
    t = open_table(client, "session", deals=3)
    table, host = t["table"], t["host_token"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    texts: list[str] = []
    for deal in range(3):
        texts.append(command(client, table, ana, "contribute", text=f"deal {deal}").text)
        texts.append(command(client, table, ana, "predict", box="banco").text)
        texts.append(command(client, table, bruno, "predict", box="punto").text)
        for token in (ana, bruno, host):
            texts.append(client.get(f"/api/tables/{table}/view", headers=bearer(token)).text)
        events = stored(tmp_path, table)
        committed = [e for e in events if isinstance(e, NextShoeCommitted)]
        shown = [e for e in events if isinstance(e, ShoeShuffled) and e.server_seed]
        everything = "\n".join(texts)
        # The seed of the deal in play and of the next one are not in any answer or view.
        in_play = shown[-1].server_seed
        assert in_play is not None and in_play not in everything
        assert all(c.server_seed not in everything for c in committed if c.shoe > deal)
        texts.append(command(client, table, host, "deal").text)
    last = command(client, table, ana, "contribute", text="too late")
    assert last.status_code == 409
    assert last.json()["error"]["code"] in (
        "table.error.phase.ended",
        "table.error.contribute.no_next_shoe",
    )
