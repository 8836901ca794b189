"""A command's ``id`` acts once for the table's life: stored with its events, in their
transaction, on every store; sent again after any restart (a clean stop, kill -9),
or to another server of the same database, it is answered as it was the first time
and acts not at all. One copy of a table per process, and a failed group commit
refuses only the commands of the table whose write failed."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from puntobanco.store import EventStore, MemoryStore, open_store
from puntobanco.store.postgres import connect
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import BetPlaced, CoupDealt, PlayerSeated
from puntobanco.web.app import create_app
from tests.web.conftest import free_port
from tests.web.helpers import bearer, run_async
from tests.web.test_recovery import start


def post(client: Any, table: str, token: str, body: dict[str, Any]) -> httpx.Response:
    response: httpx.Response = client.post(
        f"/api/tables/{table}/commands", json=body, headers=bearer(token)
    )
    return response


async def apost(client: Any, table: str, token: str, body: dict[str, Any]) -> httpx.Response:
    response: httpx.Response = await client.post(
        f"/api/tables/{table}/commands", json=body, headers=bearer(token)
    )
    return response


def opened(client: Any, players: int = 1) -> tuple[str, str, list[str]]:
    """A casino table with a seed (no contributions to wait for), and its players' tokens."""
    r = client.post("/api/tables", json={"format": "casino", "settings": {"seed": 5}})
    table, host = r.json()["table"], r.json()["host_token"]
    tokens = []
    for n in range(players):
        tokens.append(client.post(f"/api/tables/{table}/players", json={"name": f"P{n}"}).json())
        client.cookies.clear()
    return table, host, [t["token"] for t in tokens]


BET = {"id": "bet-1", "type": "Bet", "box": "banco", "stake": 2000}
DEAL = {"id": "deal-1", "type": "Deal"}
RENAME = {"id": "rename-1", "type": "RenamePlayer", "name": "Ana", "new_name": "Anaïs"}


def kinds(store: EventStore, table: str, kind: type) -> int:
    return sum(isinstance(r.event, kind) for r in store.load(table))


@pytest.mark.parametrize("where", ["sqlite", "memory"])
def test_a_retried_id_after_a_restart_answers_as_first_and_acts_not_at_all(
    tmp_path: Path, where: str
) -> None:
    db: Any = MemoryStore() if where == "memory" else str(tmp_path / "ids.db")
    with TestClient(create_app(store=db)) as client:
        table, host, (ana,) = opened(client)
        bet = post(client, table, ana, BET)
        deal = post(client, table, host, DEAL)
        assert bet.status_code == deal.status_code == 200
        assert post(client, table, ana, BET).json() == bet.json()  # the same process
    with TestClient(create_app(store=db)) as client:  # a clean stop, then a restart
        assert post(client, table, ana, BET).json() == bet.json()
        assert post(client, table, host, DEAL).json() == deal.json()
        # The same id from another sender is another command.
        assert post(client, table, host, {**DEAL, "id": "deal-2"}).status_code == 409
    store = open_store(db)
    assert kinds(store, table, BetPlaced) == 1 and kinds(store, table, CoupDealt) == 1
    store.close()


def test_a_retried_id_after_kill_9_answers_as_first_and_acts_not_at_all(tmp_path: Path) -> None:
    db, port = tmp_path / "kill.db", free_port()
    url = f"http://127.0.0.1:{port}"
    child = start(db, port)
    try:
        with httpx.Client(base_url=url, timeout=10) as client:
            table, host, (ana,) = opened(client)
            bet, deal = post(client, table, ana, BET), post(client, table, host, DEAL)
            assert bet.status_code == deal.status_code == 200
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        child = start(db, port)
        with httpx.Client(base_url=url, timeout=10) as client:
            assert post(client, table, ana, BET).json() == bet.json()
            assert post(client, table, host, DEAL).json() == deal.json()
    finally:
        child.kill()
        child.wait(10)
    store = SQLiteStore(db, readonly=True)
    assert kinds(store, table, BetPlaced) == 1 and kinds(store, table, CoupDealt) == 1
    store.close()


def test_an_id_is_remembered_however_many_commands_came_after(tmp_path: Path) -> None:
    with TestClient(create_app(store=str(tmp_path / "many.db"), rate=1e6, burst=1e6)) as client:
        table, _, (ana,) = opened(client)
        tie = {"id": "first", "type": "Bet", "box": "egalite", "stake": 500}
        first = post(client, table, ana, tie)
        for n in range(300):  # 600 commands, each of them stored
            body = {"id": f"w{n}", "type": "Withdraw", "box": "banco"}
            assert post(client, table, ana, {**BET, "id": f"b{n}"}).status_code == 200
            assert post(client, table, ana, body).status_code == 200
        assert post(client, table, ana, tie).json() == first.json()
        view = client.get(f"/api/tables/{table}/view", headers=bearer(ana)).json()
        assert view["me"]["bets"] == {"egalite": 500}  # the first bet, not a second one


def test_two_first_requests_after_a_restart_share_one_copy_of_the_table(
    tmp_path: Path,
) -> None:
    db = str(tmp_path / "race.db")
    with TestClient(create_app(store=db)) as client:
        table, _, tokens = opened(client, players=6)

    async def scenario() -> list[int]:
        app = create_app(store=db)
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                answers = await asyncio.gather(
                    *(apost(client, table, t, {**BET, "id": f"b{n}"}) for n, t in enumerate(tokens))
                )
        return [a.status_code for a in answers]

    # Every player's first bet after the restart is taken: none meets a second copy
    # of the table written behind the first one's back (503 store.error.conflict).
    assert run_async(scenario) == [200] * 6


def test_a_failed_group_commit_refuses_only_the_commands_of_its_table(tmp_path: Path) -> None:
    path = tmp_path / "group.db"
    with TestClient(create_app(store=str(path))) as client:
        tables = [opened(client) for _ in range(3)]

    async def scenario() -> list[int]:
        other = SQLiteStore(path)  # another writer of the same file
        app = create_app(store=str(path))
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                for table, _, (token,) in tables:  # every table read before the writes
                    await client.get(f"/api/tables/{table}/view", headers=bearer(token))
                # The other writer adds an event to the second table behind the
                # server's back: the server's next write to it conflicts.
                (second, _, _) = tables[1]
                other.append(second, len(other.load(second)), [PlayerSeated("Zoe", 9, 5000)])
                # The file is locked while the first write waits: the next two queue
                # up behind it, into one group commit.
                other._db.execute("BEGIN IMMEDIATE")

                async def release() -> None:
                    for _ in range(100):
                        await asyncio.sleep(0)
                    other._db.execute("ROLLBACK")

                sends = [apost(client, t, tok, {**BET, "id": "b"}) for t, _, (tok,) in tables]
                answers, _ = await asyncio.gather(asyncio.gather(*sends), release())
        other.close()
        return [a.status_code for a in answers]

    first, conflicted, third = run_async(scenario)
    assert first == 200 and third == 200  # the third shared the conflicted table's commit
    assert conflicted in (200, 503)  # refused, or carried out once the table was read again


def test_a_retried_id_on_another_server_of_the_database_answers_as_first(pg_url: str) -> None:
    with TestClient(create_app(store=pg_url)) as a:
        table, host, (ana,) = opened(a)
        bet, deal = post(a, table, ana, BET), post(a, table, host, DEAL)
        assert bet.status_code == deal.status_code == 200
    with TestClient(create_app(store=pg_url)) as b:  # the first server is gone
        assert post(b, table, ana, BET).json() == bet.json()
        assert post(b, table, host, DEAL).json() == deal.json()
    store = open_store(pg_url)
    assert kinds(store, table, BetPlaced) == 1 and kinds(store, table, CoupDealt) == 1
    store.close()


def renamed_and_newcomer(client: Any) -> tuple[str, str, str, str]:
    """A table where Ana was renamed Anaïs and a newcomer sat down as Ana: the table,
    the host's token, Anaïs's (given to her as Ana) and the newcomer's."""
    table, host, _ = opened(client, players=0)
    ana = client.post(f"/api/tables/{table}/players", json={"name": "Ana"}).json()["token"]
    client.cookies.clear()
    renamed = post(client, table, host, RENAME)
    assert renamed.status_code == 200, renamed.text
    newcomer = client.post(f"/api/tables/{table}/players", json={"name": "Ana"}).json()["token"]
    client.cookies.clear()
    return table, host, ana, newcomer


@pytest.mark.parametrize("where", ["memory", "sqlite", "postgres"])
def test_a_renamed_player_and_a_newcomer_under_the_old_name_do_not_share_an_id(
    tmp_path: Path, where: str, request: pytest.FixtureRequest
) -> None:
    db: Any = {"memory": MemoryStore(), "sqlite": str(tmp_path / "same.db")}.get(where)
    if where == "postgres":
        db = request.getfixturevalue("pg_url")
    with TestClient(create_app(store=db)) as client:
        table, host, ana, newcomer = renamed_and_newcomer(client)
        mine = post(client, table, ana, BET)  # the same id from two seatings
        theirs = post(client, table, newcomer, BET)
        assert mine.status_code == theirs.status_code == 200, theirs.text
        assert mine.json()["events"][0]["name"] == "Anaïs"
        assert theirs.json()["events"][0]["name"] == "Ana"  # acted: not Anaïs's answer
        assert post(client, table, ana, BET).json() == mine.json()  # each retry: its own
        assert post(client, table, newcomer, BET).json() == theirs.json()
    with TestClient(create_app(store=db)) as client:  # and after a restart
        assert post(client, table, ana, BET).json() == mine.json()
        assert post(client, table, newcomer, BET).json() == theirs.json()
    store = open_store(db)
    assert kinds(store, table, BetPlaced) == 2
    store.close()


@pytest.mark.parametrize("where", ["sqlite", "postgres"])
def test_an_id_stored_under_the_token_s_name_before_still_acts_once(
    tmp_path: Path, where: str, request: pytest.FixtureRequest
) -> None:
    """A log written when ids were kept under the name a token was given under
    (``player:Ana:bet-1``): it reopens, a retry of that command is answered as it
    was and acts not at all, and the newcomer under that name is not answered with
    it."""
    db = str(tmp_path / "old.db") if where == "sqlite" else request.getfixturevalue("pg_url")
    with TestClient(create_app(store=db)) as client:
        table, host, (bruno,) = opened(client)
        bet = post(client, table, bruno, BET)
        assert bet.status_code == 200
        ana = client.post(f"/api/tables/{table}/players", json={"name": "Ana"}).json()["token"]
        client.cookies.clear()
        first = post(client, table, ana, BET)
        assert first.status_code == 200
        renamed = post(client, table, host, RENAME)
        assert renamed.status_code == 200, renamed.text
        newcomer = client.post(f"/api/tables/{table}/players", json={"name": "Ana"}).json()
        client.cookies.clear()
    store = open_store(db)  # the keys as they were stored then: by the token's name
    seated: dict[str, int] = {}
    for r in store.load(table):
        if isinstance(r.event, PlayerSeated):
            seated.setdefault(r.event.name, r.seq)
    store.close()
    rename = "UPDATE commands SET id = {0} WHERE table_id = {0} AND id = {0}"
    for name in ["P0", "Ana"]:
        row = (f"player:{name}:bet-1", table, f"player#{seated[name]}:bet-1")
        if where == "postgres":
            with contextlib.closing(connect(db)) as pg:
                assert pg.execute(rename.format("%s"), row).rowcount == 1
        else:
            with contextlib.closing(sqlite3.connect(db)) as lite, lite:
                assert lite.execute(rename.format("?"), row).rowcount == 1
    with TestClient(create_app(store=db)) as client:
        assert post(client, table, bruno, BET).json() == bet.json()
        assert post(client, table, ana, BET).json() == first.json()  # not again
        theirs = post(client, table, newcomer["token"], BET)  # not Anaïs's answer
        assert theirs.status_code == 200 and theirs.json()["events"][0]["name"] == "Ana"
    store = open_store(db)
    assert kinds(store, table, BetPlaced) == 3
    store.close()
