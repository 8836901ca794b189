"""``/readyz`` says whether the store can write, by writing: a read-only log file or a
full disk answers 503 with the reason (the reliability review found 200 while every bet
got 503), so a load balancer stops sending players there; it answers 200 again once the
store can write."""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient

from puntobanco import Session
from puntobanco.errors import StoreError
from puntobanco.store import Append, MemoryStore, ProbedStore, open_store
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import TableConfig
from puntobanco.table.events import Event, TableOpened
from puntobanco.web.app import create_app
from tests.test_store_readonly import as_reader
from tests.web.helpers import command, join, open_table

NOBODY = 65534
FULL = "database or disk is full"  # SQLite's words for SQLITE_FULL


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder another user may enter (pytest's own are their owner's only)."""
    root = Path(tempfile.mkdtemp(prefix="puntobanco-readyz-"))
    root.chmod(0o755)
    try:
        yield root
    finally:
        shutil.rmtree(root)


def readyz_as_another_user(db: Path) -> dict[str, Any]:
    """``/readyz`` of a server on ``db`` run by a user whom file permissions bind
    (``nobody``, in a child process, under root), and a table it then tries to open."""

    def work() -> dict[str, Any]:
        with TestClient(create_app(store=str(db))) as client:
            ready = client.get("/readyz", headers={"Accept-Language": "fr"})
            tables = client.post("/api/tables", json={"format": "casino"})
        return {"status": ready.status_code, "body": ready.json(), "create": tables.status_code}

    found = as_reader(work)
    assert isinstance(found, dict)
    return found


def test_readyz_fails_with_the_reason_when_the_log_file_is_read_only(folder: Path) -> None:
    data = folder / "data"
    data.mkdir()
    db = data / "club.db"
    Session(["Ana", "Bruno"], seed=7, db=db).close()
    with TestClient(create_app(store=str(db))) as client:  # its owner: ready
        assert client.get("/readyz").json() == {"status": "ready"}
    db.chmod(0o444)
    if os.geteuid() == 0:
        os.chown(data, NOBODY, NOBODY)  # SQLite may make its -shm there; the log stays root's
    found = readyz_as_another_user(db)
    assert found["status"] == 503 and found["create"] == 503  # not ready, and indeed it is not
    error = found["body"]["error"]
    assert found["body"]["status"] == "unavailable" and error["code"] == "ops.ready.write"
    assert error["message"].startswith("Le serveur tourne mais son journal ne peut pas être écrit")
    assert error["reason"] == "attempt to write a readonly database"  # SQLite's words
    assert str(db) not in str(found["body"])  # the log's path is the operator's


class FullDisk(sqlite3.Connection):
    """A SQLite connection whose commits fail as they do when the disk is full."""

    full = False

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if FullDisk.full and sql == "COMMIT":
            raise sqlite3.OperationalError(FULL)
        return super().execute(sql, parameters)


def test_the_sqlite_probe_fails_as_an_append_does_on_a_full_disk(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "club.db", factory=FullDisk)
    store.probe()
    opened = TableOpened("t", TableConfig.session())
    FullDisk.full = True
    try:
        with pytest.raises(StoreError) as refused:
            store.probe()
        assert refused.value.key == "store.error.cannot_write"
        assert FULL in refused.value.message("en") and "club.db" in refused.value.message("en")
        with pytest.raises(sqlite3.OperationalError, match=FULL):
            store.append("t", 0, [opened])
    finally:
        FullDisk.full = False
    store.probe()  # the space is back
    store.append("t", 0, [opened])  # the failed append left nothing behind
    store.close()


class FullStore(MemoryStore):
    """A store whose every write fails as SQLite's do on a full disk, until freed."""

    full = False

    def _refuse(self) -> None:
        if self.full:
            raise StoreError("store.error.cannot_write", db="club.db", reason=FULL)

    def probe(self) -> None:
        self._refuse()

    def append(
        self,
        table: str,
        expected: int,
        events: Sequence[Event],
        *,
        times: Sequence[str] | None = None,
        command: str | None = None,
    ) -> None:
        self._refuse()
        super().append(table, expected, events, times=times, command=command)

    def append_many(
        self,
        batch: Sequence[Append | tuple[str, int, Sequence[Event]]],
        *,
        commands: Sequence[str | None] | None = None,
    ) -> None:
        self._refuse()
        super().append_many(batch, commands=commands)


def test_readyz_fails_while_the_disk_is_full_and_recovers_once_it_is_freed() -> None:
    store = FullStore()
    with TestClient(create_app(store=store)) as client:
        table = open_table(client, "casino", seed=3, turn_seconds=None)
        ana = join(client, table["table"], "Ana")
        assert client.get("/readyz").status_code == 200
        store.full = True
        answer = client.get("/readyz", headers={"Accept-Language": "es"})
        assert answer.status_code == 503
        error = answer.json()["error"]
        assert error["code"] == "ops.ready.write" and error["reason"] == FULL
        assert error["message"] == (
            "El servidor funciona pero su registro no se puede escribir: las apuestas "
            "serían rechazadas."
        )
        bet = command(client, table["table"], ana, "Bet", box="banco", stake=2000)
        assert bet.status_code == 503 and FULL in bet.json()["error"]["message"]
        store.full = False
        assert client.get("/readyz").json() == {"status": "ready"}
        assert command(client, table["table"], ana, "Bet", box="banco", stake=2000).is_success


def test_the_postgresql_probe_fails_on_a_read_only_database(pg_url: str) -> None:
    open_store(pg_url).close()  # the schema is made
    options = psycopg.conninfo.conninfo_to_dict(pg_url).get("options") or ""
    read_only = psycopg.conninfo.make_conninfo(
        pg_url, options=f"{options} -c default_transaction_read_only=on".strip()
    )
    reader = open_store(read_only)  # a schema up to date opens without a write
    assert isinstance(reader, ProbedStore)
    with pytest.raises(StoreError) as refused:
        reader.probe()
    assert refused.value.key == "store.error.cannot_write"
    assert "read-only transaction" in refused.value.message("en")
    reader.close()
    writer = open_store(pg_url)
    assert isinstance(writer, ProbedStore)
    writer.probe()
    writer.close()
