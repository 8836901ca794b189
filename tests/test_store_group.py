"""Group commits (``append_many``) and imports of several tables as one transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from puntobanco import Session
from puntobanco.errors import StoreError
from puntobanco.store import Append, EventStore, GroupCommitStore, MemoryStore
from puntobanco.store.jsonl import export_lines, import_lines
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import TableConfig
from puntobanco.table.events import BetsOpened, TableOpened

Make = Callable[[Path], EventStore]
STORES: list[Make] = [lambda p: SQLiteStore(p / "g.db"), lambda p: MemoryStore()]


def opened(table: str) -> TableOpened:
    return TableOpened(table, TableConfig.session())


@pytest.mark.parametrize("make", STORES, ids=["sqlite", "memory"])
def test_a_group_commit_stores_every_table(make: Make, tmp_path: Path) -> None:
    store = make(tmp_path)
    assert isinstance(store, GroupCommitStore)
    store.append("a", 0, [opened("a")])
    store.append_many(
        [
            ("a", 1, [BetsOpened(1)]),
            Append("b", 0, [opened("b")], ["2026-01-01T00:00:00.000+00:00"]),
            ("a", 2, [BetsOpened(2)]),  # the same table again counts its earlier events
        ]
    )
    assert [r.event for r in store.load("a")] == [opened("a"), BetsOpened(1), BetsOpened(2)]
    assert [r.seq for r in store.load("a")] == [1, 2, 3]
    assert store.load("b")[0].time == "2026-01-01T00:00:00.000+00:00"
    store.close()


@pytest.mark.parametrize("make", STORES, ids=["sqlite", "memory"])
def test_one_conflict_stores_nothing_and_names_its_table(make: Make, tmp_path: Path) -> None:
    store = make(tmp_path)
    assert isinstance(store, GroupCommitStore)
    store.append("a", 0, [opened("a")])
    with pytest.raises(StoreError) as caught:
        store.append_many([("b", 0, [opened("b")]), ("a", 0, [opened("a")])])
    assert caught.value.key == "store.error.conflict"
    assert caught.value.params["table"] == "a"
    assert store.tables() == ["a"] and len(store.load("a")) == 1
    # The caller drops the conflicting table and sends the rest again.
    store.append_many([("b", 0, [opened("b")])])
    assert store.tables() == ["a", "b"]
    store.close()


def _two_tables(tmp_path: Path) -> list[str]:
    lines: list[str] = []
    for name in ("first", "second"):
        with Session(["Ana", "Bruno"], table=name, seed=3, db=tmp_path / "src.db") as s:
            s.predict("Ana", "banco")
            s.predict("Bruno", "punto")
            s.deal()
    source = SQLiteStore(tmp_path / "src.db")
    for table in source.tables():
        lines += export_lines(source.load(table))
    source.close()
    return lines


def test_an_import_of_several_tables_interrupted_leaves_none_and_runs_again(
    tmp_path: Path,
) -> None:
    lines = _two_tables(tmp_path)
    db = tmp_path / "dest.db"
    store = SQLiteStore(db)
    # The disk "fails" on the second table's first event.
    raw = sqlite3.connect(db)
    raw.execute(
        "CREATE TRIGGER fail BEFORE INSERT ON events WHEN NEW.table_id = 'second' "
        "BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END"
    )
    raw.commit()
    with pytest.raises(sqlite3.DatabaseError):
        import_lines(store, lines)
    assert store.tables() == []
    raw.execute("DROP TRIGGER fail")
    raw.commit()
    raw.close()
    assert [t for t, _, _ in import_lines(store, lines)] == ["first", "second"]
    assert store.tables() == ["first", "second"]
    store.close()
