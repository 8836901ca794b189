"""The host renames a player over the web API (``RenamePlayer``): the player's token
follows the rename in every credentials store (memory, SQLite, PostgreSQL), so the
renamed phone keeps its seat, across a restart too; the old name is free to join
again; the refusals are named."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.web.app import create_app
from tests.web.helpers import bearer, command, join, open_table, view

Store = Callable[[], str | None]


@pytest.fixture(params=["memory", "sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Store:
    """Where the server keeps its log and credentials (the same place each call)."""
    if request.param == "memory":
        return lambda: None
    if request.param == "sqlite":
        path = str(tmp_path / "rename.db")
        return lambda: path
    url: str = request.getfixturevalue("pg_url")
    return lambda: url


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store=store(), rate=1000, burst=1000)) as c:
        yield c


def test_a_renamed_phone_keeps_its_seat_and_its_old_name_is_free(client: TestClient) -> None:
    t = open_table(client, "casino", seed=5, bankroll=5_000)
    table, host = t["table"], t["host_token"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    assert command(client, table, ana, "Bet", box="banco", stake=1_000).status_code == 200
    offered = [c for c in view(client, table, host)["commands"] if c["type"] == "RenamePlayer"]
    assert {"type": "RenamePlayer", "name": "Ana"} in offered

    r = command(client, table, host, "RenamePlayer", name="Ana", new_name="Anaïs")
    assert r.status_code == 200, r.text
    assert r.json()["events"] == [{"type": "PlayerRenamed", "name": "Ana", "new_name": "Anaïs"}]
    mine = view(client, table, ana)  # the same token, the same seat, the new name
    assert mine["me"]["name"] == "Anaïs" and mine["me"]["balance"] == 5_000
    placed = command(client, table, ana, "Bet", box="banco", stake=1_000)
    assert placed.status_code == 200, placed.text
    assert placed.json()["events"][0]["name"] == "Anaïs"
    assert [p["name"] for p in view(client, table, host)["players"]] == ["Anaïs", "Bruno"]
    assert view(client, table, bruno)["me"]["name"] == "Bruno"  # nobody else's changes

    newcomer = join(client, table, "ana")  # the old name is free again
    assert view(client, table, newcomer)["me"]["name"] == "ana"
    assert view(client, table, ana)["me"]["name"] == "Anaïs"  # still the renamed seat's


def test_a_rename_is_refused_with_its_reason_and_by_the_host_only(client: TestClient) -> None:
    t = open_table(client, "casino", seed=5)
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    join(client, table, "Bruno")
    cases = [
        ("Ana", "", 400, "name"),
        ("Ana", "A" * 30, 400, "24"),
        ("Ana", "bruno", 400, "already at this table"),
        ("Ana", "Ana", 400, "already this player's name"),
        ("Zoé", "Zed", 400, "Seated: Ana, Bruno"),
    ]
    for name, new_name, status, said in cases:
        r = command(client, table, host, "RenamePlayer", name=name, new_name=new_name)
        assert r.status_code == status, (new_name, r.text)
        assert said in r.json()["error"]["message"], r.text
    fr = command(client, table, host, "RenamePlayer", "fr", name="Ana", new_name="bruno")
    assert "déjà à cette table" in fr.json()["error"]["message"]
    mine = command(client, table, ana, "RenamePlayer", name="Ana", new_name="Queen")
    assert mine.status_code == 403 and "host" in mine.json()["error"]["message"]
    assert [p["name"] for p in view(client, table, host)["players"]] == ["Ana", "Bruno"]


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_the_renamed_token_works_after_a_restart(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = str(tmp_path / "again.db") if kind == "sqlite" else request.getfixturevalue("pg_url")
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        t = open_table(client, "casino", seed=5)
        table, host = t["table"], t["host_token"]
        ana = join(client, table, "Ana")
        r = command(client, table, host, "RenamePlayer", name="Ana", new_name="Anaïs")
        assert r.status_code == 200, r.text
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        assert view(client, table, ana)["me"]["name"] == "Anaïs"
        assert command(client, table, ana, "Bet", box="punto", stake=1_000).status_code == 200
        old = join(client, table, "Ana")
        assert view(client, table, old)["me"]["name"] == "Ana"


def test_a_rename_on_one_server_is_followed_on_another(pg_url: str) -> None:
    with (
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as a,
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as b,
    ):
        t = open_table(a, "casino", seed=5)
        table, host = t["table"], t["host_token"]
        ana = join(a, table, "Ana")
        renamed = command(a, table, host, "RenamePlayer", name="Ana", new_name="Anaïs")
        assert renamed.status_code == 200, renamed.text
        r = b.get(f"/api/tables/{table}/view", headers=bearer(ana))
        assert r.status_code == 200 and r.json()["me"]["name"] == "Anaïs"


def test_a_rename_sent_again_leaves_whoever_sat_since_under_the_old_name(
    client: TestClient,
) -> None:
    t = open_table(client, "casino", seed=5)
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    body = {"id": "rename-1", "type": "RenamePlayer", "name": "Ana", "new_name": "Anaïs"}
    url = f"/api/tables/{table}/commands"
    first = client.post(url, json=body, headers=bearer(host))
    assert first.status_code == 200, first.text
    newcomer = join(client, table, "Ana")  # someone else, under the name now free
    again = client.post(url, json=body, headers=bearer(host))  # the host's retry
    assert again.status_code == 200 and again.json() == first.json()  # its first answer
    assert view(client, table, newcomer)["me"]["name"] == "Ana"
    assert view(client, table, ana)["me"]["name"] == "Anaïs"
    assert command(client, table, newcomer, "Bet", box="banco", stake=1_000).status_code == 200


def test_a_server_that_knew_the_token_follows_a_rename_made_on_another(pg_url: str) -> None:
    with (
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as a,
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as b,
    ):
        t = open_table(a, "casino", seed=5)
        table, host = t["table"], t["host_token"]
        ana = join(a, table, "Ana")
        assert view(b, table, ana)["me"]["name"] == "Ana"  # b knows the token now
        renamed = command(a, table, host, "RenamePlayer", name="Ana", new_name="Anaïs")
        assert renamed.status_code == 200, renamed.text
        for _ in range(100):  # b follows a's commits as they come (within a second)
            r = b.get(f"/api/tables/{table}/view", headers=bearer(ana))
            if r.status_code == 200 and r.json()["me"]["name"] == "Anaïs":
                break
            time.sleep(0.05)
        assert r.status_code == 200 and r.json()["me"]["name"] == "Anaïs", r.text
        placed = command(b, table, ana, "Bet", box="banco", stake=1_000)
        assert placed.status_code == 200, placed.text
        assert placed.json()["events"][0]["name"] == "Anaïs"


def test_a_renamed_phone_is_welcomed_under_its_new_name(client: TestClient) -> None:
    t = open_table(client, "casino", seed=5)
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    renamed = command(client, table, host, "RenamePlayer", name="Ana", new_name="Anaïs")
    assert renamed.status_code == 200, renamed.text
    newcomer = join(client, table, "Ana")  # the old name, someone else's now
    for token, name in [(ana, "Anaïs"), (newcomer, "Ana")]:
        with client.websocket_connect(f"/api/tables/{table}/ws") as phone:  # reconnecting
            phone.send_json({"type": "hello", "token": token, "lang": "en"})
            welcome = phone.receive_json()
            assert welcome["type"] == "welcome" and welcome["role"] == "player", welcome
            assert welcome["player"] == name, welcome  # the seating's name, as the view's
            assert phone.receive_json()["view"]["me"]["name"] == name
