"""Every store keeps each event's link of the hash chain as it appends it: the stored
hashes are the ones an export writes, an older log is linked when a writer
converts it, and a reader refuses a row whose stored link does not match."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.store.conftest import NewDb

from puntobanco import CasinoTable
from puntobanco.cli import main
from puntobanco.errors import DamagedLogError, StoreError
from puntobanco.store import Append, MemoryStore, Record, head_of, open_store
from puntobanco.store.chain import GENESIS, link
from puntobanco.store.jsonl import chain_of, export_lines, read_lines
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.store.sqlite_schema import SCHEMA_VERSION, row_crc
from puntobanco.table.codec import dumps, to_dict
from puntobanco.table.config import TableConfig
from puntobanco.table.events import BetsOpened, TableOpened

OPENED = TableOpened("t", TableConfig.session())


def play(db: str | MemoryStore, table: str = "club", coups: int = 3, seed: int | None = 5) -> None:
    """A casino table of two players, ``coups`` coups; unseeded: fair shoes in play."""
    club = CasinoTable(db=db, table=table, seed=seed)
    club.sit("Ana", 100_000)
    club.sit("Bruno", 100_000)
    for _ in range(coups):
        club.bet("Ana", "banco", 1_010)
        club.bet("Bruno", "punto", 2_000)
        club.deal()
    club.close()


@contextlib.contextmanager
def writing(db: str | Path) -> Iterator[sqlite3.Connection]:
    """A plain connection to a SQLite log, committed and closed after the block."""
    raw = sqlite3.connect(db)
    try:
        with raw:
            yield raw
    finally:
        raw.close()


def stored(db: str, table: str) -> list[str]:
    """Every hash the store holds for ``table``, in order, read from its own rows."""
    if db.startswith("postgresql://"):
        from puntobanco.store.postgres import connect

        pg = connect(db)
        rows = pg.execute(
            "SELECT hash FROM events WHERE table_id = %s ORDER BY seq", (table,)
        ).fetchall()
        pg.close()
    else:
        with writing(db) as raw:
            rows = raw.execute(
                "SELECT hash FROM events WHERE table_id = ? ORDER BY seq", (table,)
            ).fetchall()
    return [str(h) for (h,) in rows]


def loaded(db: Path, table: str) -> list[Record]:
    """``table``'s records as a reader loads them (every row checked)."""
    reader = SQLiteStore(db, readonly=True)
    try:
        return reader.load(table)
    finally:
        reader.close()


def test_the_stored_hashes_are_the_ones_an_export_writes(db: str) -> None:
    play(db)
    store = open_store(db)
    records = store.load("club")
    lines = export_lines(records)
    exported = [h for _, h in chain_of(read_lines(lines)["club"])]
    assert stored(db, "club") == exported and len(exported) == len(records) > 20
    assert head_of(store, "club") == exported[-1]
    assert [head_of(store, "club", n) for n in range(len(exported) + 1)] == [GENESIS, *exported]
    store.close()


def test_a_fair_table_in_play_stores_the_chain_of_the_operator_s_export(db: str) -> None:
    club = CasinoTable(db=db, table="fair")  # no seed: a fair shoe, still in play
    club.sit("Ana", 100_000)
    club.bet("Ana", "banco", 1_010)
    club.deal()
    store = open_store(db)
    records = store.load("fair")
    secret = export_lines(records, secrets=True)  # the store's own events, seed included
    assert [h for _, h in chain_of(read_lines(secret)["fair"])] == stored(db, "fair")
    store.close()
    club.close_table()  # the shoe ends: its seed is revealed, the public export shows it whole
    club.close()
    store = open_store(db)
    public = read_lines(export_lines(store.load("fair")))["fair"]
    assert [h for _, h in chain_of(public)] == stored(db, "fair")
    store.close()


def test_a_group_commit_links_each_table_after_its_own_head(db: str) -> None:
    store = open_store(db)
    store.append("a", 0, [OPENED])
    batch = [
        Append("a", 1, [BetsOpened(1)]),
        Append("b", 0, [OPENED, BetsOpened(1)]),
        Append("a", 2, [BetsOpened(2)]),
    ]
    getattr(store, "append_many")(batch)  # noqa: B009 - every store here has it
    for table in ("a", "b"):
        assert stored(db, table) == [h for _, h in chain_of(store.load(table))]
        assert head_of(store, table) == stored(db, table)[-1]
    store.close()


def test_an_empty_table_s_head_is_genesis_and_an_event_it_lacks_is_named(db: str) -> None:
    store = open_store(db)
    assert head_of(store, "nobody") == GENESIS
    store.append("t", 0, [OPENED])
    assert head_of(store, "t", 0) == GENESIS
    with pytest.raises(StoreError, match="has no event 2"):
        head_of(store, "t", 2)
    store.close()


def test_a_conflicting_append_leaves_the_chain_as_it_was(db: str) -> None:
    store = open_store(db)
    store.append("t", 0, [OPENED, BetsOpened(1)])
    head = head_of(store, "t")
    with pytest.raises(StoreError, match="conflict|expected 1 events"):
        store.append("t", 1, [BetsOpened(2)])
    assert head_of(store, "t") == head == stored(db, "t")[-1]
    store.append("t", 2, [BetsOpened(2)])
    assert stored(db, "t") == [h for _, h in chain_of(store.load("t"))]
    store.close()


def test_the_memory_store_keeps_the_same_links() -> None:
    memory = MemoryStore()
    play(memory)
    records = memory.load("club")
    assert [memory.head("club", n) for n in range(1, len(records) + 1)] == [
        h for _, h in chain_of(records)
    ]


# -- converting an older log ---------------------------------------------------------


def _sqlite_version_2(db: Path) -> None:
    """The log as puntobanco wrote it before rows carried their link of the chain."""
    with writing(db) as raw:
        raw.execute("ALTER TABLE events DROP COLUMN hash")
        raw.execute("PRAGMA user_version=2")


def test_a_sqlite_log_of_version_2_gets_the_hashes_a_fresh_store_writes(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.db"
    play(str(fresh), coups=4)
    play(str(fresh), table="other", coups=2, seed=9)
    old = tmp_path / "old.db"
    SQLiteStore(fresh).backup(old)
    _sqlite_version_2(old)
    with pytest.raises(StoreError, match="older"):  # a reader leaves it as it is
        SQLiteStore(old, readonly=True)
    SQLiteStore(old).close()  # a writer converts it
    with writing(old) as raw:
        assert raw.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (3,)
    for table in ("club", "other"):
        assert stored(str(old), table) == stored(str(fresh), table)
    assert loaded(old, "club") == loaded(fresh, "club")  # the converted log reads back checked
    play(str(old), table="club2", coups=1)  # and goes on being written
    assert stored(str(old), "club2") == [h for _, h in chain_of(loaded(old, "club2"))]


@pytest.mark.parametrize("backend", ["postgresql"])  # PostgreSQL's own migration
def test_a_postgresql_database_of_schema_3_gets_the_hashes_a_fresh_store_writes(
    new_db: NewDb, backend: str
) -> None:
    from puntobanco.store.postgres import MIGRATIONS, PostgresStore, connect

    fresh = new_db()
    play(fresh, coups=4)
    store = PostgresStore(fresh)
    records = {table: store.load(table) for table in store.tables()}
    store.close()
    old = new_db()
    raw = connect(old)
    raw.execute("CREATE TABLE puntobanco_schema (version INTEGER NOT NULL)")
    for step in MIGRATIONS[:3]:
        raw.execute(step)
    raw.execute("INSERT INTO puntobanco_schema VALUES (3)")
    for table, rows in records.items():
        raw.execute("INSERT INTO heads VALUES (%s, %s, %s)", (table, len(rows), rows[0].time))
        for r in rows:
            raw.execute(
                "INSERT INTO events VALUES (%s, %s, %s, %s, %s)",
                (table, r.seq, r.time, type(r.event).__name__, dumps(r.event)),
            )
    raw.close()
    migrated = PostgresStore(old)
    assert migrated.schema_version() == len(MIGRATIONS) == 7
    assert stored(old, "club") == stored(fresh, "club")
    assert migrated.head("club") == stored(fresh, "club")[-1]
    count = len(records["club"])
    migrated.append("club", count, [BetsOpened(99)])  # and the chain goes on
    assert stored(old, "club")[-1] == link(
        "club", count + 1, migrated.load("club")[-1].time, to_dict(BetsOpened(99)),
        stored(fresh, "club")[-1],
    )  # fmt: skip
    migrated.close()


# -- a reader refuses a row whose link was changed ----------------------------------------


@pytest.fixture
def sound(tmp_path: Path) -> Path:
    db = tmp_path / "game.db"
    play(str(db), coups=2)
    return db


def _refused(db: Path, seq: int) -> None:
    reader = SQLiteStore(db, readonly=True)
    with pytest.raises(DamagedLogError) as caught:
        reader.load("club")
    reader.close()
    reason = caught.value.params["reason"]
    assert isinstance(reason, StoreError) and reason.key == "store.reason.chain"
    assert f"event {seq} of table 'club' does not match its link of the hash chain" in str(
        caught.value
    )
    assert str(db) in str(caught.value)
    with pytest.raises(DamagedLogError):  # a writer loading the table refuses it too
        SQLiteStore(db).load("club")


def _rows(raw: sqlite3.Connection) -> list[tuple[str, int, str, str, str]]:
    return raw.execute("SELECT table_id, seq, time, type, body FROM events ORDER BY seq").fetchall()


def _first_bet(raw: sqlite3.Connection) -> tuple[str, int, str, str, str]:
    return next(row for row in _rows(raw) if row[3] == "BetPlaced")


def test_a_stored_hash_changed_is_refused_naming_its_event(sound: Path) -> None:
    with writing(sound) as raw:
        raw.execute("UPDATE events SET hash = ? WHERE seq = 5", ("ab" * 32,))
    _refused(sound, 5)


def test_an_event_edited_with_its_checksum_redone_is_refused_by_its_link(sound: Path) -> None:
    with writing(sound) as raw:
        table, seq, time, type_name, body = _first_bet(raw)
        assert seq == 8  # after the opening, the next shoe's commitment and the seat
        edited = body.replace("1010", "9010")
        assert edited != body
        raw.execute(
            "UPDATE events SET body = ?, crc = ? WHERE seq = ?",
            (edited, row_crc(table, seq, time, type_name, edited), seq),
        )
    _refused(sound, 8)


def test_an_event_edited_with_its_own_hash_redone_breaks_the_link_after_it(
    sound: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with writing(sound) as raw:
        table, seq, time, type_name, body = _first_bet(raw)
        (prev,) = raw.execute("SELECT hash FROM events WHERE seq = ?", (seq - 1,)).fetchone()
        edited = body.replace("1010", "9010")
        own = link(table, seq, time, json.loads(edited), prev)
        raw.execute(
            "UPDATE events SET body = ?, crc = ?, hash = ? WHERE seq = ?",
            (edited, row_crc(table, seq, time, type_name, edited), own, seq),
        )
    _refused(sound, 9)
    assert main(["verify", "club", "--db", str(sound)]) == 2
    err = capsys.readouterr().err
    assert "event 9 of table 'club' does not match its link of the hash chain" in err


def test_a_writer_refuses_to_link_after_a_row_stored_without_its_hash(sound: Path) -> None:
    with writing(sound) as raw:
        (last,) = raw.execute("SELECT MAX(seq) FROM events").fetchone()
        raw.execute("UPDATE events SET hash = NULL WHERE seq = ?", (last,))
    store = SQLiteStore(sound)
    with pytest.raises(DamagedLogError, match=f"event {last} of table 'club'"):
        store.append("club", last, [BetsOpened(99)])
    store.close()
    with writing(sound) as raw:
        assert raw.execute("SELECT MAX(seq) FROM events").fetchone() == (last,)
