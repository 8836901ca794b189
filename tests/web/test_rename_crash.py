"""A rename is in the log and nowhere else: a player's token is bound to their
seating, and the name it acts under is the one that seating goes by now (the
engine reads it from the table's events). So a rename the credentials never
heard of (the server killed with -9 right after acknowledging it, or the event
written by the engine alone) leaves the renamed phone its seat, and the old name
free; and another server on the same PostgreSQL answers the renamed phone at
once, with no moment in which it still knows the old name."""

from __future__ import annotations

import signal
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import cast

import httpx
import pytest
from fastapi.testclient import TestClient

from puntobanco.engine import Engine
from puntobanco.engine.commands import RenamePlayer
from puntobanco.web.app import create_app
from tests.web.conftest import free_port
from tests.web.helpers import bearer, command, join, open_table, start_serve, view


def where(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if kind == "sqlite":
        return str(tmp_path / "rename.db")
    url: str = request.getfixturevalue("pg_url")
    return url


def seat_kept(client: TestClient, table: str, ana: str) -> None:
    """Ana's token holds the renamed seat; "Ana" is free, and its newcomer is not her."""
    assert view(client, table, ana)["me"]["name"] == "Anaïs"
    placed = command(client, table, ana, "Bet", box="banco", stake=1_000)
    assert placed.status_code == 200, placed.text
    assert placed.json()["events"][0]["name"] == "Anaïs"
    newcomer = join(client, table, "Ana")
    assert view(client, table, newcomer)["me"]["name"] == "Ana"
    assert view(client, table, ana)["me"]["name"] == "Anaïs"
    mine = command(client, table, newcomer, "Bet", box="punto", stake=2_000)
    assert mine.status_code == 200 and mine.json()["events"][0]["name"] == "Ana"
    assert {"Anaïs", "Ana"} <= {p["name"] for p in view(client, table, ana)["players"]}


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_rename_written_by_the_engine_alone_keeps_the_token_on_its_seat(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = where(kind, tmp_path, request)
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        t = open_table(client, "casino", seed=5, bankroll=5_000)
        table = t["table"]
        ana = join(client, table, "Ana")
        join(client, table, "Bruno")
    engine = Engine(db)  # the event and nothing else: no credentials touched
    try:
        engine.do(table, RenamePlayer("Ana", "Anaïs"))
    finally:
        engine.shutdown()
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        seat_kept(client, table, ana)


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_kill_9_right_after_a_rename_is_acknowledged_loses_nothing(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db, port, log = where(kind, tmp_path, request), free_port(), tmp_path / "serve.log"
    url = f"http://127.0.0.1:{port}"
    child = start_serve(db, port, log)
    try:
        with httpx.Client(base_url=url) as client:
            t = open_table(cast(TestClient, client), "casino", seed=5, bankroll=5_000)
            table, host = t["table"], t["host_token"]
            ana = join(cast(TestClient, client), table, "Ana")
            renamed = command(
                cast(TestClient, client), table, host, "RenamePlayer", name="Ana", new_name="Anaïs"
            )
            assert renamed.status_code == 200, renamed.text
        child.send_signal(signal.SIGKILL)  # at once: the acknowledgement is all there is
        child.wait(10)
        child = start_serve(db, port, log)
        with httpx.Client(base_url=url) as client:
            seat_kept(cast(TestClient, client), table, ana)
    finally:
        child.kill()
        child.wait(10)


def test_another_server_answers_the_renamed_phone_right_after_the_rename(pg_url: str) -> None:
    with (
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as a,
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as b,
    ):
        t = open_table(a, "casino", seed=5, bankroll=50_000)
        table, host = t["table"], t["host_token"]
        ana = join(a, table, "Ana")
        assert view(b, table, ana)["me"]["name"] == "Ana"  # b knows the token, and Ana
        names = ["Anaïs", "Ana", "Nana", "Anouk", "Ana"]
        for old, new in zip(["Ana", *names], names, strict=False):
            renamed = command(a, table, host, "RenamePlayer", name=old, new_name=new)
            assert renamed.status_code == 200, renamed.text
            # At once, no waiting for b to hear of it: each answered, never refused.
            r = b.get(f"/api/tables/{table}/view", headers=bearer(ana))
            assert r.status_code == 200 and r.json()["me"]["name"] == new, r.text
            placed = command(b, table, ana, "Bet", box="banco", stake=1_000)
            assert placed.status_code == 200, placed.text
            assert placed.json()["events"][0]["name"] == new


def unbind(db: str) -> None:
    """Every player's token of ``db`` as stored before tokens were bound to seatings."""
    if db.startswith("postgresql"):
        from puntobanco.store.postgres import connect

        pg = connect(db)
        pg.execute("UPDATE web_tokens SET seating = NULL WHERE role = 'player'")
        pg.close()
        return
    with closing(sqlite3.connect(db)) as lite, lite:
        lite.execute("UPDATE web_tokens SET seating = NULL WHERE role = 'player'")


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
def test_a_token_stored_before_seatings_follows_its_seating_not_its_old_name(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    db = where(kind, tmp_path, request)
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        t = open_table(client, "casino", seed=5, bankroll=5_000)
        table, host = t["table"], t["host_token"]
        ana = join(client, table, "Ana")
    unbind(db)
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        assert view(client, table, ana)["me"]["name"] == "Ana"  # bound as it is loaded
        renamed = command(client, table, host, "RenamePlayer", name="Ana", new_name="Anaïs")
        assert renamed.status_code == 200, renamed.text
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        seat_kept(client, table, ana)
    with TestClient(create_app(store=db, rate=1000, burst=1000)) as client:
        mine = view(client, table, ana)["me"]  # not the newcomer's seat under "Ana"
        assert mine["name"] == "Anaïs"


def test_a_phone_on_another_server_bets_under_its_new_name_at_once(pg_url: str) -> None:
    with (
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as a,
        TestClient(create_app(store=pg_url, rate=1000, burst=1000)) as b,
    ):
        t = open_table(a, "casino", seed=5, bankroll=5_000)
        table, host = t["table"], t["host_token"]
        ana = join(a, table, "Ana")
        with b.websocket_connect(f"/api/tables/{table}/ws") as phone:  # Ana's phone on b
            phone.send_json({"type": "hello", "token": ana, "lang": "en"})
            assert phone.receive_json()["type"] == "welcome"
            assert phone.receive_json()["view"]["me"]["name"] == "Ana"
            renamed = command(a, table, host, "RenamePlayer", name="Ana", new_name="Anaïs")
            assert renamed.status_code == 200, renamed.text
            # Sent at once, filled in by b with the name its token was given under.
            phone.send_json({"id": "b1", "type": "Bet", "box": "banco", "stake": 1_000})
            names: list[str] = []  # the names of the views b pushes her
            while (message := phone.receive_json())["type"] != "ack":
                assert message["type"] == "view", message  # never an error
                names.append(message["view"]["me"]["name"])
            seen = view(a, table, host)
            assert [(p["name"], p["bets"]) for p in seen["players"]] == [
                ("Anaïs", {"banco": 1_000})
            ]
            while "Anaïs" not in names and len(names) < 20:  # once b has heard of it
                names.append(phone.receive_json()["view"]["me"]["name"])
            assert "Anaïs" in names, names
