"""Play again with the same players: the host of an ended table opens its
rematch once; each player seated at the end, holding their old token, gets a
token of their own seat there, and nobody else gets one."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from puntobanco.engine import Engine
from puntobanco.table.events import PlayerSeated, RematchOpened
from puntobanco.web.app import create_app
from tests.web.helpers import bearer, command, join, open_table, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "rematch.db"), rate=1000, burst=1000)) as c:
        yield c


def rematch(client: TestClient, table: str, token: str) -> Any:
    r = client.post(f"/api/tables/{table}/rematch", headers=bearer(token))
    client.cookies.clear()
    return r


def within(ws: WebSocketTestSession, seconds: float) -> dict[str, Any]:
    """The socket's next message, failing after ``seconds`` (not waiting for ever)."""
    got: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: got.append(ws.receive_json()), daemon=True)
    reader.start()
    reader.join(seconds)
    assert got, f"nothing came in {seconds} s"
    return got[0]


def seated(client: TestClient, table: str, host: str) -> list[str]:
    return [p["name"] for p in view(client, table, host)["players"]]


def test_a_rematch_seats_the_players_at_the_end_and_each_gets_only_their_own_seat(
    client: TestClient,
) -> None:
    t = open_table(client, "casino", seed=5, bankroll=2_000)
    table, host = t["table"], t["host_token"]
    ana, bruno, chloe = (join(client, table, n) for n in ("Ana", "Bruno", "Chloé"))
    other = open_table(client, "casino")
    stranger = join(client, other["table"], "Dan")

    early = rematch(client, table, host)  # the table has not ended
    assert early.status_code == 409 and "ended" in early.json()["error"]["message"]
    assert command(client, table, ana, "Bet", box="banco", stake=1_000).status_code == 200
    assert command(client, table, host, "Deal").status_code == 200
    assert command(client, table, host, "Remove", name="Chloé").status_code == 200
    assert command(client, table, host, "CloseTable").status_code == 200

    waiting = rematch(client, table, ana)  # before the host opens it
    assert waiting.status_code == 409 and "host" in waiting.json()["error"]["message"]

    first = rematch(client, table, host)
    assert first.status_code == 200, first.text
    new = first.json()
    assert new["role"] == "host" and new["player"] is None and new["table"] != table
    again = rematch(client, table, host)  # the same table: opened once
    assert again.status_code == 200 and again.json()["table"] == new["table"]
    assert again.json()["join_code"] == new["join_code"]
    assert seated(client, new["table"], new["token"]) == ["Ana", "Bruno"]
    assert seated(client, new["table"], again.json()["token"]) == ["Ana", "Bruno"]
    assert view(client, table, host)["rematch"] == new["table"]  # the ended table names it
    # A seeded table's rematch deals from the next seed, a fresh shoe otherwise alike.
    settings = client.app.state.tables.doors.meta(new["table"]).settings  # type: ignore[attr-defined]
    assert settings["seed"] == 6 and settings["bankroll"] == 2_000

    for token, name in ((ana, "Ana"), (bruno, "Bruno")):
        r = rematch(client, table, token)
        assert r.status_code == 200, r.text
        mine = r.json()
        assert (mine["table"], mine["role"], mine["player"]) == (new["table"], "player", name)
        shown = view(client, new["table"], mine["token"])
        assert shown["me"]["name"] == name and shown["me"]["balance"] == 2_000
        # The new token acts for that seat only: it bets as its holder.
        placed = command(client, new["table"], mine["token"], "Bet", box="punto", stake=1_000)
        assert placed.status_code == 200, placed.text
        assert placed.json()["events"][0]["name"] == name
        # It is no token of the ended table, and the old token none of the new one.
        old_view = client.get(f"/api/tables/{table}/view", headers=bearer(mine["token"]))
        new_view = client.get(f"/api/tables/{new['table']}/view", headers=bearer(token))
        assert old_view.status_code == new_view.status_code == 401
    assert rematch(client, table, ana).json()["table"] == new["table"]  # asked again: same table

    removed = rematch(client, table, chloe)  # removed before the end: no seat
    assert removed.status_code == 403 and "no seat" in removed.json()["error"]["message"]
    assert rematch(client, table, stranger).status_code == 401  # another table's token
    assert seated(client, new["table"], again.json()["token"]) == ["Ana", "Bruno"]


def test_a_session_rematch_is_a_fresh_unseeded_session_of_the_same_settings(
    client: TestClient,
) -> None:
    t = open_table(client, "session", deals=3)
    table, host = t["table"], t["host_token"]
    join(client, table, "Ana")
    join(client, table, "Bruno")
    assert command(client, table, host, "CloseTable").status_code == 200
    new = rematch(client, table, host).json()
    settings = client.app.state.tables.doors.meta(new["table"]).settings  # type: ignore[attr-defined]
    assert "seed" not in settings and settings["deals"] == 3
    assert seated(client, new["table"], new["token"]) == ["Ana", "Bruno"]
    # Who joined from a phone keeps a seat of their own there: the rematch's seats are
    # not the operator's (in its log), though the server seated them.
    tables = client.app.state.tables  # type: ignore[attr-defined]
    for name in (table, new["table"]):
        events = tables.call(lambda engine, name=name: engine.machine(name).events).result()
        seats = {e.name: e.house for e in events if isinstance(e, PlayerSeated)}
        assert seats == {"Ana": None, "Bruno": None}
    # A fresh secret shoe: it gathers the players' contributions, as a new table's does.
    assert view(client, new["table"], new["token"])["phase"] == "shuffling"


def test_the_rematch_is_known_again_after_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "again.db")
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        t = open_table(client, "casino", seed=9)
        table, host = t["table"], t["host_token"]
        ana = join(client, table, "Ana")
        assert command(client, table, host, "CloseTable").status_code == 200
        new = rematch(client, table, host).json()["table"]
    engine = Engine(db)  # the ended table's log names its rematch, for every process
    assert engine.rematch_of(table) == new and engine.rematch_of(new) is None
    assert engine.log(table)[-1].event == RematchOpened(new)
    engine.shutdown()
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        assert view(client, table, host)["rematch"] == new
        again = rematch(client, table, host).json()  # still opened once
        assert again["table"] == new
        mine = rematch(client, table, ana).json()
        assert (mine["table"], mine["player"]) == (new, "Ana")
        assert view(client, new, mine["token"])["me"]["name"] == "Ana"


def test_a_rematch_opened_on_one_server_is_found_by_another_on_the_same_database(
    pg_url: str,
) -> None:
    """Two ``serve`` processes on one PostgreSQL: the one that did not open the rematch
    finds it in the store (the ended table's views name it, a phone's socket there is
    told, its players get their seats, and its host no second rematch)."""
    with (
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as a,
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as b,
    ):
        t = open_table(a, "casino", seed=5)
        table, host = t["table"], t["host_token"]
        ana = join(a, table, "Ana")
        assert command(a, table, host, "CloseTable").status_code == 200
        assert "rematch" not in view(b, table, ana)  # b has looked: none yet
        with b.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.send_json({"type": "hello", "token": ana, "lang": "en"})
            assert ws.receive_json()["type"] == "welcome"
            assert "rematch" not in ws.receive_json()["view"]
            new = rematch(a, table, host).json()["table"]
            pushed = within(ws, 10)  # b finds it within a second and tells the phone
            assert pushed["type"] == "view" and pushed["view"]["rematch"] == new
        assert view(b, table, host)["rematch"] == new
        mine = rematch(b, table, ana)
        assert mine.status_code == 200, mine.text
        assert (mine.json()["table"], mine.json()["player"]) == (new, "Ana")
        assert view(b, new, mine.json()["token"])["me"]["name"] == "Ana"
        again = rematch(b, table, host).json()  # the same rematch, not a second one
        assert again["table"] == new
