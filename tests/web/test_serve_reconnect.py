"""``puntobanco serve`` when its database goes away and comes back: PostgreSQL
restarted under it, its connections cut while another server goes on writing, a
SQLite file locked for a moment by another program. Each server runs in a child
process, as an operator runs it."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from tools import pgcluster

from puntobanco.errors import StoreError
from puntobanco.store.postgres import PostgresStore
from puntobanco.table.events import BetPlaced
from tests.pgproxy import Proxy
from tests.web.conftest import free_port
from tests.web.helpers import run_async
from tests.web.serve_process import ServeProcess


@pytest.fixture
def cluster() -> Iterator[pgcluster.Cluster]:
    """A cluster of the test's own, to stop and start (never the shared one)."""
    folder = Path(tempfile.mkdtemp(prefix="puntobanco-serve-restart-"))
    try:
        started = pgcluster.start(folder)
    except StoreError as error:
        pgcluster.stop(folder, remove=True)
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL is required under CI: {error}")
        pytest.skip(f"PostgreSQL not available: {error}")
    try:
        yield started
    finally:
        pgcluster.stop(folder, remove=True)


def bet(n: str, stake: int = 2_000, box: str = "banco") -> dict[str, Any]:
    return {"id": n, "type": "Bet", "box": box, "stake": stake}


def bets_stored(url: str, table: str) -> list[int]:
    """The stakes of the table's stored bets, read straight from the log."""
    store = PostgresStore(url)
    try:
        return [int(r.event.stake) for r in store.load(table) if isinstance(r.event, BetPlaced)]
    finally:
        store.close()


async def hello(port: int, table: str, token: str) -> Any:
    ws = await websockets.connect(f"ws://127.0.0.1:{port}/api/tables/{table}/ws")
    await ws.send(json.dumps({"type": "hello", "token": token}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def view_with(ws: Any, seq: int, timeout: float) -> dict[str, Any]:
    """The first view pushed to ``ws`` that holds at least ``seq`` events."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if message.get("type") == "view" and message["seq"] >= seq:
            return dict(message["view"])


def test_serve_answers_again_and_is_ready_within_seconds_of_postgresql_coming_back(
    cluster: pgcluster.Cluster, tmp_path: Path
) -> None:
    port = free_port()
    args = ["--db", cluster.url, "--port", str(port), "--log-format", "json"]
    with ServeProcess(tmp_path, port, args) as serve:
        t = serve.post("/api/tables", {"format": "casino", "settings": {"seed": 7}}).json()
        table = t["table"]
        ana = serve.post(f"/api/tables/{table}/players", {"name": "Ana"}).json()["token"]
        path = f"/api/tables/{table}/commands"
        assert serve.post(path, bet("b1"), ana).status_code == 200

        # A quick restart (an upgrade): the next command does not even see it.
        pgcluster.stop(cluster.folder)
        pgcluster.start(cluster.folder)
        assert serve.post(path, bet("b2"), ana).status_code == 200

        # Down for a while: commands and the readiness check say so, in the user's words.
        pgcluster.stop(cluster.folder)
        try:
            refused = httpx.post(
                serve.url + path,
                json=bet("b3"),
                headers={"Authorization": f"Bearer {ana}", "Accept-Language": "es"},
                timeout=10,
            )
            assert refused.status_code == 503
            error = refused.json()["error"]
            assert error["code"] == "store.error.pg_unreachable"
            assert error["message"].startswith("No se puede conectar con la base PostgreSQL")
            assert serve.get("/readyz").status_code == 503
        finally:
            pgcluster.start(cluster.folder)
        back = time.monotonic()
        while serve.get("/readyz").status_code != 200:
            assert time.monotonic() - back < 5, "not ready 5 s after the database came back"
            time.sleep(0.05)
        ready = time.monotonic() - back
        # The refused bet, sent again with its id: carried out once, on the table as stored.
        again = serve.post(path, bet("b3"), ana)
        assert again.status_code == 200, again.text
        assert time.monotonic() - back < 5
        assert serve.post(path, bet("b3"), ana).json()["seq"] == again.json()["seq"]
    assert bets_stored(cluster.url, table) == [2_000, 2_000, 2_000]
    warned = [line["message"] for line in serve.json_lines() if line["level"] == "warning"]
    assert any("the store does not answer" in m for m in warned)
    assert ready < 5


def test_a_server_cut_off_its_database_catches_up_with_what_another_server_did_meanwhile(
    pg_server: str, pg_url: str, tmp_path: Path
) -> None:
    """Server a reaches the database through a proxy that cuts it off for a while;
    server b goes on. Once a is through again, the phone connected to a sees b's
    commits without sending anything, and a carries commands out again."""
    proxy = Proxy(pg_server)
    a_port, b_port = free_port(), free_port()
    via_proxy = proxy.url + pg_url[len(pg_server) :]
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    try:
        with (
            ServeProcess(tmp_path / "a", a_port, ["--db", via_proxy, "--port", str(a_port)]) as a,
            ServeProcess(tmp_path / "b", b_port, ["--db", pg_url, "--port", str(b_port)]) as b,
        ):
            t = b.post("/api/tables", {"format": "casino", "settings": {"seed": 9}}).json()
            table = t["table"]
            path = f"/api/tables/{table}/commands"
            ana = a.post(f"/api/tables/{table}/players", {"name": "Ana"}).json()["token"]
            bruno = b.post(f"/api/tables/{table}/players", {"name": "Bruno"}).json()["token"]

            async def scenario() -> dict[str, Any]:
                phone = await hello(a_port, table, ana)  # Ana's phone is on a
                await view_with(phone, 0, 5)
                proxy.down()
                stored = []
                for n in range(3):
                    r = await asyncio.to_thread(b.post, path, bet(f"b{n}", 1_000, "punto"), bruno)
                    assert r.status_code == 200, r.text
                    stored.append(r.json()["seq"])
                # Ana's bet through a meanwhile: a cannot reach the database.
                r = await asyncio.to_thread(a.post, path, bet("a1"), ana)
                assert r.status_code == 503 and r.json()["error"]["code"].startswith("store.")
                proxy.up()
                seen = await view_with(phone, stored[-1], 10)
                await phone.close()
                return seen

            seen = run_async(scenario)
            players = {p["name"]: p["bets"] for p in seen["players"]}
            assert players["Bruno"] == {"punto": 3_000}
            # Ready again once its own connection is back (a load balancer polls for
            # it): the phone's view above came through the listener's connection.
            deadline = time.monotonic() + 10
            while (ready := a.get("/readyz")).status_code != 200 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert ready.status_code == 200, ready.text
            again = a.post(path, bet("a1"), ana)  # sent again: stored once, after b's
            assert again.status_code == 200, again.text
            host = b.get(
                f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {t['host_token']}"}
            ).json()
            assert {p["name"]: p["bets"] for p in host["players"]} == {
                "Ana": {"banco": 2_000},
                "Bruno": {"punto": 3_000},
            }
    finally:
        proxy.close()
    assert sorted(bets_stored(pg_url, table)) == [1_000, 1_000, 1_000, 2_000]


LOCKER = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""


def test_a_sqlite_serve_waits_out_a_file_locked_for_a_moment_by_another_program(
    tmp_path: Path,
) -> None:
    """SQLite's busy timeout (30 s): a write waits for the other program's lock and
    goes through once it is released; nothing to reconnect."""
    port = free_port()
    db = tmp_path / "club.db"
    with ServeProcess(tmp_path, port, ["--db", str(db), "--port", str(port)]) as serve:
        t = serve.post("/api/tables", {"format": "casino", "settings": {"seed": 3}}).json()
        table = t["table"]
        ana = serve.post(f"/api/tables/{table}/players", {"name": "Ana"}).json()["token"]
        path = f"/api/tables/{table}/commands"
        locker = subprocess.Popen(
            [sys.executable, "-c", LOCKER, str(db), "1.5"], stdout=subprocess.PIPE, text=True
        )
        assert locker.stdout is not None and locker.stdout.readline() == "locked\n"
        began = time.monotonic()
        r = serve.post(path, bet("b1"), ana)
        waited = time.monotonic() - began
        assert locker.wait(10) == 0
        locker.stdout.close()
        assert r.status_code == 200, r.text
        assert waited > 0.3  # it did wait for the lock
        assert serve.get("/readyz").status_code == 200
        assert serve.post(path, bet("b2"), ana).status_code == 200
