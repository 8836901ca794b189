"""Several web servers on one PostgreSQL database: the credentials one of them
handed out work on every other."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient

from puntobanco.store import Applied, credentials_of, open_store
from puntobanco.store.credentials import HOST, PLAYER, Identity, TableMeta
from puntobanco.store.postgres import KILL_AFTER_COMMIT, PgCredentials, PostgresStore, connect
from puntobanco.table.config import TableConfig
from puntobanco.table.events import BetPlaced, CoupDealt, PlayerSeated
from puntobanco.table.machine import Table
from puntobanco.web.app import create_app
from tests.web.conftest import free_port
from tests.web.helpers import bearer, join, open_table, run_async


def test_credentials_live_in_the_database_tables_of_the_versioned_schema(pg_url: str) -> None:
    store = open_store(pg_url)
    first = credentials_of(store)
    store.close()
    assert isinstance(first, PgCredentials) and first.shared
    first.add_table(TableMeta("t1", "ACDEF", {"format": "casino", "seed": 3}), "hash-host")
    first.add_token("hash-ana", Identity("t1", PLAYER, "Ana"))
    first.add_table(TableMeta("t2", "HJKMN", {"format": "session"}), "hash-host-2")
    other = PgCredentials(pg_url)  # another process, started later
    tables, tokens = other.load()
    assert [m.table for m in tables] == ["t1", "t2"]
    assert tables[0].settings == {"format": "casino", "seed": 3}
    assert tokens["hash-host"] == Identity("t1", HOST) and tokens["hash-ana"].player == "Ana"
    first.add_token("hash-bruno", Identity("t2", PLAYER, "Bruno"))  # after other's load
    assert other.find_token("hash-bruno") == Identity("t2", PLAYER, "Bruno")
    assert other.find_token("nobody") is None
    assert other.find_code("HJKMN") == tables[1] and other.find_table("t1") == tables[0]
    assert other.find_code("XXXXX") is None and other.find_table("t9") is None
    raw = connect(pg_url)
    stored = raw.execute("SELECT digest FROM web_tokens ORDER BY digest").fetchall()
    raw.close()
    assert [d for (d,) in stored] == ["hash-ana", "hash-bruno", "hash-host", "hash-host-2"]
    first.close()
    other.close()


def test_a_token_and_a_join_code_from_one_server_work_on_another(pg_url: str) -> None:
    with (
        TestClient(create_app(store=pg_url)) as a,
        TestClient(create_app(store=pg_url)) as b,
    ):
        t = open_table(a, "casino", seed=5)  # b started before the table existed
        assert b.get(f"/api/codes/{t['join_code'].lower()}").json()["table"] == t["table"]
        ana = join(a, t["table"], "Ana")
        r = b.get(f"/api/tables/{t['table']}/view", headers=bearer(ana))
        assert r.status_code == 200 and r.json()["me"]["role"] == "player"
        host = b.get(f"/api/tables/{t['table']}/view", headers=bearer(t["host_token"]))
        assert host.status_code == 200 and host.json()["me"]["role"] == "host"
        wrong = b.get(f"/api/tables/{t['table']}/view", headers=bearer("not-a-token"))
        assert wrong.status_code == 401
    with TestClient(create_app(store=pg_url)) as c:  # a restart keeps them too
        assert c.get(f"/api/tables/{t['table']}/view", headers=bearer(ana)).status_code == 200


# -- two real ``puntobanco serve`` processes on one database ---------------------------


class Serve:
    """``puntobanco serve --db URL`` in a child process, on a free loopback port."""

    def __init__(self, db: str, log: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        with log.open("ab") as out:
            self.child = subprocess.Popen(
                [sys.executable, "-m", "puntobanco", "serve", "--db", db, "--port", str(self.port)],
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, **(env or {})},
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{self.url}/api/i18n/en", timeout=1)
                return
            except httpx.HTTPError:
                if self.child.poll() is not None:
                    raise RuntimeError(log.read_text()) from None
                time.sleep(0.1)
        self.child.kill()
        raise RuntimeError("serve did not start")

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.post(self.url + path, json=body, headers=headers, timeout=10)

    def stop(self) -> None:
        if self.child.poll() is None:
            self.child.send_signal(signal.SIGTERM)
            try:
                self.child.wait(10)
            except subprocess.TimeoutExpired:
                self.child.kill()
                self.child.wait()


@pytest.fixture
def two_servers(pg_url: str, tmp_path: Path) -> Iterator[tuple[Serve, Serve]]:
    a = Serve(pg_url, tmp_path / "a.log")
    try:
        b = Serve(pg_url, tmp_path / "b.log")
    except BaseException:
        a.stop()
        raise
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()


async def _hello(server: Serve, table: str, token: str) -> Any:
    ws = await websockets.connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws")
    await ws.send(json.dumps({"type": "hello", "token": token}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def _view_with(ws: Any, seq: int, timeout: float = 5.0) -> dict[str, Any]:
    """The first view pushed to ``ws`` that has at least ``seq`` events."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if message.get("type") == "view" and message["seq"] >= seq:
            return dict(message["view"])


def test_a_phone_on_one_server_sees_a_bet_made_through_the_other_within_100_ms(
    two_servers: tuple[Serve, Serve],
) -> None:
    a, b = two_servers
    t = a.post("/api/tables", {"format": "casino", "settings": {"seed": 11}}).json()
    table = t["table"]
    ana = a.post(f"/api/tables/{table}/players", {"name": "Ana"}).json()["token"]
    bruno = b.post(f"/api/tables/{table}/players", {"name": "Bruno"}).json()["token"]

    async def scenario() -> list[float]:
        phone = await _hello(a, table, ana)  # Ana's phone is connected to a
        await _view_with(phone, 0)
        delays = []
        for n in range(5):
            started = time.monotonic()
            r = await asyncio.to_thread(
                b.post,
                f"/api/tables/{table}/commands",
                {"id": f"b{n}", "type": "Bet", "box": "punto", "stake": 1_000},
                bruno,
            )
            assert r.status_code == 200, r.text
            seen = await _view_with(phone, r.json()["seq"])
            delays.append(time.monotonic() - started)
            bets = {p["name"]: p["bets"] for p in seen["players"]}
            assert bets["Bruno"] == {"punto": 1_000 * (n + 1)}
        # And the other way: Ana bets through a, while a's copy is behind nothing.
        r = await asyncio.to_thread(
            a.post,
            f"/api/tables/{table}/commands",
            {"id": "a1", "type": "Bet", "box": "banco", "stake": 2_000},
            ana,
        )
        assert r.status_code == 200, r.text
        assert r.json()["seq"] > 0
        await phone.close()
        return delays

    delays = run_async(scenario)
    # The median of five, the command's own round trip included: one scheduler
    # hiccup on a loaded 2-core machine is not what this checks (the benchmark
    # in bench/bench_servers.py measures the latency).
    assert sorted(delays)[len(delays) // 2] < 0.1 + 0.05, delays
    host = httpx.get(
        f"{b.url}/api/tables/{table}/view", headers={"Authorization": f"Bearer {t['host_token']}"}
    ).json()
    assert {p["name"]: p["bets"] for p in host["players"]} == {
        "Ana": {"banco": 2_000},
        "Bruno": {"punto": 5_000},
    }


class Client:
    """A client given both servers' addresses: a command whose server does not
    answer is sent again, with the same id, to the next address."""

    def __init__(self, servers: list[Serve], token: str) -> None:
        self.servers = servers
        self.token = token

    def send(self, table: str, body: dict[str, Any]) -> tuple[Serve, httpx.Response]:
        for server in self.servers * 3:
            try:
                return server, server.post(f"/api/tables/{table}/commands", body, self.token)
            except httpx.TransportError:  # that server is gone: the next address
                continue
        raise AssertionError("no server answered")


def test_the_owner_killed_after_committing_a_deal_its_client_retries_on_the_other_server(
    pg_url: str, tmp_path: Path
) -> None:
    # a dies with kill -9 right after its 4th commit (the deal), before answering it.
    a = Serve(pg_url, tmp_path / "a.log", env={KILL_AFTER_COMMIT: "4"})
    b = Serve(pg_url, tmp_path / "b.log")
    try:
        # The dealer turns every card: the deal is one commit, Punto's cards not handed.
        settings = {"seed": 21, "turn_seconds": None}
        t = a.post("/api/tables", {"format": "casino", "settings": settings}).json()
        table = t["table"]
        ana = a.post(f"/api/tables/{table}/players", {"name": "Ana"}).json()["token"]
        bruno = b.post(f"/api/tables/{table}/players", {"name": "Bruno"}).json()["token"]
        host, phone_ana = Client([a, b], t["host_token"]), Client([a, b], ana)
        bets = [
            (phone_ana, {"id": "1", "type": "Bet", "box": "banco", "stake": 2_000}),
            (Client([b, a], bruno), {"id": "1", "type": "Bet", "box": "punto", "stake": 3_000}),
        ]
        acked = [client.send(table, body)[1] for client, body in bets]
        assert [r.status_code for r in acked] == [200, 200]

        async def bruno_watches() -> dict[str, Any]:
            phone = await _hello(b, table, bruno)  # Bruno's phone is on b
            seen = await _view_with(phone, 1)
            while seen["last"] is None:  # until the coup dealt through a reaches b
                # A player's view shows the coup once the room's reveal has (about 4 s
                # for six cards): the wait leaves room for that and for a loaded machine.
                seen = await _view_with(phone, seen["seq"] + 1, timeout=20)
            await phone.close()
            return seen

        watcher = threading.Thread(target=lambda: watched.append(run_async(bruno_watches)))
        watched: list[dict[str, Any]] = []
        watcher.start()
        time.sleep(0.3)
        started = time.monotonic()
        served_by, r = host.send(table, {"id": "deal-1", "type": "Deal"})
        took = time.monotonic() - started
        assert a.child.wait(5) == -signal.SIGKILL  # a died before answering
        assert served_by is b and r.status_code == 200, r.text
        # The deal a committed, answered as a would have: not dealt a second time.
        dealt_once = [e["type"] for e in r.json()["events"]]
        assert dealt_once.count("CoupDealt") == 1 and dealt_once[0] == "BetsClosed"
        assert took < 5
        watcher.join(30)
        assert watched and watched[0]["last"]["coup"] == 1
        # Ana's phone reconnects to the live server and sees the same coup.
        view = httpx.get(
            f"{b.url}/api/tables/{table}/view", headers={"Authorization": f"Bearer {ana}"}
        ).json()
        assert view["last"] == watched[0]["last"] | {"announce": view["last"]["announce"]}
        again = phone_ana.send(table, {"id": "1", "type": "Bet", "box": "banco", "stake": 2_000})
        assert again[0] is b and again[1].json() == acked[0].json()  # sent again: applied once
        # The same cards as the same table, never interrupted, would have dealt.
        alone = Table.open(table, TableConfig.casino(seed=21))
        for name, box, stake in (("Ana", "banco", 2_000), ("Bruno", "punto", 3_000)):
            alone.sit(name, 100_000)
            alone.bet(name, box, stake)
        dealt = alone.play_coup()
        assert dealt is not None and view["last"]["cards"] == [str(c) for c in dealt.cards]
    finally:
        a.stop()
        b.stop()
    store = PostgresStore(pg_url)
    events = [r.event for r in store.load(table)]
    store.close()
    placed = [(e.name, e.stake) for e in events if isinstance(e, BetPlaced)]
    assert placed == [("Ana", 2_000), ("Bruno", 3_000)]
    assert [e.coup for e in events if isinstance(e, CoupDealt)] == [1]


def _post(client: TestClient, table: str, token: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{table}/commands", json=body, headers=bearer(token))


def test_a_server_behind_the_other_carries_a_command_out_on_the_table_as_it_is_now(
    pg_url: str,
) -> None:
    with TestClient(create_app(store=pg_url)) as a, TestClient(create_app(store=pg_url)) as b:
        t = open_table(a, "casino", seed=4)
        table = t["table"]
        ana = join(a, table, "Ana")
        join(b, table, "Bruno")  # a's copy may not know Bruno yet
        bet = {"id": "1", "type": "Bet", "box": "banco", "stake": 1_000}
        answer = _post(a, table, ana, bet)
        store = PostgresStore(pg_url)
        kinds = [type(r.event).__name__ for r in store.load(table)]
        store.close()
        assert kinds[-1] == "BetPlaced" and kinds.count("PlayerSeated") == 2  # after Bruno's
        assert answer.status_code == 200 and answer.json()["seq"] == len(kinds)
        again = _post(b, table, ana, bet)  # a failover: the phone sends it to b
        assert again.status_code == 200 and again.json() == answer.json()  # its first answer
        host = a.get(f"/api/tables/{table}/view", headers=bearer(t["host_token"])).json()
        assert [p["name"] for p in host["players"]] == ["Ana", "Bruno"]


def test_a_refusal_on_a_copy_behind_the_store_is_judged_again_on_the_table_as_it_is(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """b's copy may still hold Ana's banco bet of the coup a dealt since: a punto bet
    is refused there (one side only), accepted on the table as stored; b must not
    refuse on its copy without asking the store, nor ask it for a command it
    carries out."""
    asked: list[str] = []
    applied = PostgresStore.applied

    def counted(store: PostgresStore, name: str, command: str) -> Applied | None:
        asked.append(command)
        return applied(store, name, command)

    with TestClient(create_app(store=pg_url)) as a, TestClient(create_app(store=pg_url)) as b:
        t = open_table(a, "casino", seed=6)
        table, host = t["table"], t["host_token"]
        ana = join(a, table, "Ana")
        assert _post(a, table, ana, {"id": "1", "type": "Bet", "box": "banco", "stake": 1_000})
        assert b.get(f"/api/tables/{table}/view", headers=bearer(ana)).status_code == 200
        assert _post(a, table, host, {"id": "d1", "type": "Deal"}).status_code == 200
        monkeypatch.setattr(PostgresStore, "applied", counted)
        answer = _post(b, table, ana, {"id": "2", "type": "Bet", "box": "punto", "stake": 1_000})
        assert answer.status_code == 200, answer.text
        answer = _post(b, table, ana, {"id": "3", "type": "Bet", "box": "banco", "stake": 1_000})
        assert answer.json()["error"]["code"] == "table.error.punto_and_banco"
        refused = list(asked)
        tie = {"id": "4", "type": "Bet", "box": "tie", "stake": 1_000}
        assert _post(b, table, ana, tie).status_code == 200
        carried_out = asked[len(refused) :]
        monkeypatch.undo()
    store = PostgresStore(pg_url)
    records = store.load(table)
    events = [r.event for r in records]
    store.close()
    (seating,) = [r.seq for r in records if isinstance(r.event, PlayerSeated)]  # Ana's
    assert f"player#{seating}:3" in refused  # the refusal is asked about before it is given
    assert carried_out == []  # a command carried out asks the store nothing
    placed = [(e.name, getattr(e.box, "name", e.box)) for e in events if isinstance(e, BetPlaced)]
    assert placed == [("Ana", "BANCO"), ("Ana", "PUNTO"), ("Ana", "EGALITE")]
