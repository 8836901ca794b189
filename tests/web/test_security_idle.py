"""Attacks on memory: tables opened and left, each kept for ever. A table nobody
has acted at for the idle time, with no screen open, is closed and dropped from
memory; its log stays in the store, for ``history`` and ``verify``.

Each test is one probe of the December 2026 attacker's pass against ``serve``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.engine import Engine
from puntobanco.errors import UnknownTableError
from puntobanco.table.events import TableClosed
from puntobanco.web.app import create_app
from tests.web.conftest import FakeClock
from tests.web.helpers import bearer, command, join, open_table


def _until(check: object, seconds: float = 10.0) -> None:
    """Wait (bounded) for the engine's thread to do what ``check()`` sees."""
    end = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < end, "the engine's thread did not sweep in time"
        time.sleep(0.05)


def test_an_idle_table_is_closed_dropped_from_memory_and_its_log_kept(tmp_path: Path) -> None:
    clock = FakeClock()
    db = str(tmp_path / "idle.db")
    app = create_app(store=db, clock=clock, idle_seconds=600)
    with TestClient(app) as client:
        tables = app.state.tables
        left = open_table(client, "casino", seed=1, turn_seconds=None)
        kept = open_table(client, "casino", seed=2, turn_seconds=None)
        ana = join(client, left["table"], "Ana")
        held = {i.table for i in tables.engine.held()}
        assert {left["table"], kept["table"]} <= held
        clock.advance(400)
        assert command(client, kept["table"], kept["host_token"], "SetJoins", mode="open")
        clock.advance(300)  # left: 700 s idle; kept: 300 s
        _until(lambda: left["table"] not in {i.table for i in tables.engine.held()})
        assert kept["table"] in {i.table for i in tables.engine.held()}
        # Its code opens nothing, its tokens act nowhere, and nothing of it stays here.
        assert client.get(f"/api/codes/{left['join_code']}").status_code == 404
        r = client.get(f"/api/tables/{left['table']}/view", headers=bearer(ana))
        assert r.status_code == 404
        with pytest.raises(UnknownTableError):  # its settings are not held here either
            tables.doors.meta(left["table"])
    engine = Engine(db)
    log = [r.event for r in engine.log(left["table"])]
    assert any(isinstance(e, TableClosed) for e in log)  # then its shoe's seed revealed
    assert any(r.event.__class__.__name__ == "PlayerSeated" for r in engine.log(left["table"]))
    engine.shutdown()


def test_a_table_with_a_screen_open_is_never_idle(tmp_path: Path) -> None:
    clock = FakeClock()
    app = create_app(store=str(tmp_path / "screen.db"), clock=clock, idle_seconds=60)
    with TestClient(app) as client:
        t = open_table(client, "casino", seed=1, turn_seconds=None)
        with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
            ws.send_json({"type": "hello", "token": t["host_token"]})
            while ws.receive_json()["type"] != "view":
                pass
            clock.advance(3600)
            time.sleep(1.5)  # the engine's thread sweeps once a second
            assert t["table"] in {i.table for i in app.state.tables.engine.held()}

        # The screen's closing is counted when the engine's thread hears of it, which
        # under load can be after a single step of the clock: so the clock moves a
        # minute at each look, and the table goes once a minute has passed since.
        def gone_a_minute_later() -> bool:
            clock.advance(61)
            return t["table"] not in {i.table for i in app.state.tables.engine.held()}

        _until(gone_a_minute_later)
