"""Crashes: the group commit is all or none, and a server killed with SIGKILL
mid-coup comes back on the same database with its tables, tokens and bets."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import httpx
import pytest

from puntobanco.coup import Outcome
from puntobanco.errors import StoreError
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import BetPlaced, CoupDealt, Event, ShoeShuffled
from tests.web.conftest import free_port
from tests.web.helpers import start_serve


def test_a_group_commit_stores_several_tables_at_once_or_nothing(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "g.db")
    try:
        bet = BetPlaced("Ana", Outcome.BANCO, 1000)
        store.append_many([("a", 0, [bet]), ("b", 0, [bet, bet]), ("a", 1, [bet])])
        assert [len(store.load(t)) for t in ("a", "b")] == [2, 2]
        with pytest.raises(StoreError):
            store.append_many([("a", 2, [bet]), ("b", 1, [bet])])  # b holds 2, not 1
        assert [len(store.load(t)) for t in ("a", "b")] == [2, 2]
    finally:
        store.close()


def start(db: Path, port: int) -> subprocess.Popen[bytes]:
    return start_serve(db, port, db.with_suffix(".log"))


def test_kill_9_mid_coup_then_restart_completes_the_coup_with_the_same_cards(
    tmp_path: Path,
) -> None:
    db = tmp_path / "crash.db"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start(db, port)
    try:
        # The dealer turns every card, so the coup completes as the table reopens.
        settings = {"seed": 5, "turn_seconds": None}
        t = httpx.post(url + "/api/tables", json={"format": "casino", "settings": settings})
        table, host = t.json()["table"], t.json()["host_token"]
        tokens = {}
        for name in ("Ana", "Bruno"):
            tokens[name] = httpx.post(f"{url}/api/tables/{table}/players", json={"name": name})
            tokens[name] = tokens[name].json()["token"]
        for name, box in (("Ana", "banco"), ("Bruno", "punto")):
            r = httpx.post(
                f"{url}/api/tables/{table}/commands",
                json={"id": "1", "type": "Bet", "box": box, "stake": 2_000},
                headers={"Authorization": f"Bearer {tokens[name]}"},
            )
            assert r.status_code == 200
        r = httpx.post(
            f"{url}/api/tables/{table}/commands",
            json={"id": "cb", "type": "CloseBets"},
            headers={"Authorization": f"Bearer {host}"},
        )
        assert r.status_code == 200
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    # Mid-coup: bets closed, nothing dealt. The cards this coup must receive are in the log.
    store = SQLiteStore(db)
    try:
        events = [r.event for r in store.load(table)]
    finally:
        store.close()
    assert not any(isinstance(e, CoupDealt) for e in events)
    shoe = next(e for e in events if isinstance(e, ShoeShuffled))
    server = start(db, port)
    try:
        # Tokens still work, and the acknowledged bets are there.
        view = httpx.get(
            f"{url}/api/tables/{table}/view", headers={"Authorization": f"Bearer {tokens['Ana']}"}
        ).json()
        assert view["me"]["name"] == "Ana"
        history = httpx.get(
            f"{url}/api/tables/{table}/history", headers={"Authorization": f"Bearer {host}"}
        ).json()
        (coup,) = history  # the coup was completed on restart, from the stored shoe
        assert {(b["player"], b["box"]) for b in coup["bets"]} == {
            ("Ana", "banco"),
            ("Bruno", "punto"),
        }
        order = [str(c) for c in shoe.order]
        first = _burned(events)
        assert coup["cards"] == order[first : first + len(coup["cards"])]
        r = httpx.post(
            f"{url}/api/tables/{table}/commands",
            json={"id": "2", "type": "Bet", "box": "banco", "stake": 1_000},
            headers={"Authorization": f"Bearer {tokens['Bruno']}"},
        )
        assert r.status_code == 200
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(20)


def _burned(events: list[Event]) -> int:
    from puntobanco.table.events import ShoeBurned

    burn = next((e for e in events if isinstance(e, ShoeBurned)), None)
    return 0 if burn is None else 1 + len(burn.burned)
