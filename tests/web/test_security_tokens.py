"""Attacks on credentials: a token that outlives its seat, a seat or a table stored
without the token that controls it, another site clearing a phone's cookie.

Each test is one probe of the December 2026 attacker's pass against ``serve``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.store import credentials_of, open_store
from puntobanco.store.credentials import Credentials, Identity, TableMeta
from puntobanco.table.events import PlayerSeated
from puntobanco.web.app import create_app
from puntobanco.web.tables import Tables
from tests.web.helpers import bearer, command, join, open_table, run_async, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "sec.db"))) as c:
        yield c


def test_a_token_dies_with_its_seat_and_never_acts_for_who_sits_there_next(
    client: TestClient,
) -> None:
    t = open_table(client, "casino", seed=11, turn_seconds=60)
    table, host = t["table"], t["host_token"]
    old = join(client, table, "Ana")
    join(client, table, "Bruno")
    assert command(client, table, old, "Leave").status_code == 200
    new = join(client, table, "ana")
    assert new != old
    # The old token reads nothing and does nothing for the new "ana".
    for read in ("view", "history", "shoes"):
        assert client.get(f"/api/tables/{table}/{read}", headers=bearer(old)).status_code == 401
        assert client.get(f"/api/tables/{table}/{read}", headers=bearer(new)).status_code == 200
    refused = command(client, table, old, "Bet", box="punto", stake=1_000)
    assert refused.status_code == 401
    assert refused.json()["error"]["code"] == "engine.error.seat_ended"
    assert command(client, table, new, "Bet", box="punto", stake=1_000).status_code == 200
    assert command(client, table, old, "Withdraw", box="punto").status_code == 401
    assert command(client, table, host, "Deal").status_code == 200
    assert "punto_cards" in view(client, table, new)["me"]
    assert command(client, table, old, "TurnPunto").status_code == 401


def test_a_token_stays_dead_after_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "restart.db")
    with TestClient(create_app(store=db)) as client:
        table = open_table(client, "casino", seed=2)["table"]
        old = join(client, table, "Ana")
        assert command(client, table, old, "Leave").status_code == 200
        join(client, table, "ana")
    with TestClient(create_app(store=db)) as client:
        assert client.get(f"/api/tables/{table}/view", headers=bearer(old)).status_code == 401


def test_a_token_stored_before_seatings_is_bound_to_the_seat_then_held(tmp_path: Path) -> None:
    """A file of an older server: its players' tokens have no seating; on loading, each
    is bound to the seating its player holds then (dropped if nobody sits there)."""
    db = tmp_path / "old.db"
    with TestClient(create_app(store=str(db))) as client:
        table = open_table(client, "casino", seed=2)["table"]
        ana = join(client, table, "Ana")
        bruno = join(client, table, "Bruno")
        assert command(client, table, bruno, "Leave").status_code == 200
    raw = sqlite3.connect(db)
    raw.execute("UPDATE web_tokens SET seating = NULL")
    raw.commit()
    raw.close()
    with TestClient(create_app(store=str(db))) as client:
        assert view(client, table, ana)["me"]["name"] == "Ana"
        join(client, table, "bruno")
        assert client.get(f"/api/tables/{table}/view", headers=bearer(bruno)).status_code == 401


class _Failing:
    """Credentials whose writes fail after ``after`` of them (a crash between the
    credentials and the log, seen from the log's side)."""

    def __init__(self, inner: Credentials, after: int) -> None:
        self.inner, self.left = inner, after
        self.shared = inner.shared

    def _write(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OSError("disk full")

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        self._write()
        self.inner.add_table(meta, host_hash)

    def add_token(self, digest: str, identity: Identity) -> None:
        self._write()
        self.inner.add_token(digest, identity)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _tables(db: Path, after: int, monkeypatch: pytest.MonkeyPatch) -> Tables:
    """A server's tables whose credentials fail after ``after`` writes."""
    import puntobanco.web.tables as module

    monkeypatch.setattr(
        module, "credentials_of", lambda store: _Failing(credentials_of(store), after)
    )
    return Tables(str(db))


def test_opening_and_joining_store_nothing_that_no_token_controls(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The credentials' write fails (a crash between the two, seen from the log): the
    table is not opened, the player not seated. Run in threads of their own: a browser
    test before may have left an event loop running in this one."""
    tables = _tables(tmp_path / "atomic.db", 0, monkeypatch)
    try:
        with pytest.raises(OSError):
            run_async(lambda: tables.create("casino", {"seed": 1}))
        assert tables.call(lambda engine: engine.store.tables()).result() == []
    finally:
        run_async(tables.stop)
    tables = _tables(tmp_path / "atomic2.db", 1, monkeypatch)
    try:
        table = run_async(lambda: tables.create("casino", {"seed": 1})).identity.table
        with pytest.raises(OSError):
            run_async(lambda: tables.join(table, "Ana"))
        log = tables.call(lambda engine: engine.log(table)).result()
        assert not any(isinstance(r.event, PlayerSeated) for r in log)
    finally:
        run_async(tables.stop)


def test_credentials_of_a_table_whose_opening_failed_are_dropped(tmp_path: Path) -> None:
    db = tmp_path / "half.db"
    store = open_store(db)
    credentials_of(store).add_table(TableMeta("tghost", "ACDEF", {"format": "casino"}), "00")
    store.close()
    with TestClient(create_app(store=str(db))) as client:
        assert client.get("/api/codes/ACDEF").status_code == 404


def test_another_site_cannot_clear_a_phone_s_cookie(client: TestClient) -> None:
    t = open_table(client, "casino", seed=3)
    r = client.post(f"/api/tables/{t['table']}/logout", headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and "set-cookie" not in r.headers
    same = client.post(f"/api/tables/{t['table']}/logout")
    assert same.status_code == 204


@pytest.mark.parametrize(
    "path", ["x;%20Domain=evil.example;%20Max-Age=99999", "%19", "a%0Db", "..", "t" * 200]
)
def test_logout_reflects_nothing_into_its_cookie_and_refuses_a_bad_table(
    client: TestClient, path: str
) -> None:
    r = client.post(f"/api/tables/{path}/logout")
    assert r.status_code == 404
    assert "set-cookie" not in r.headers
