"""``puntobanco backup``: a consistent copy of the game log, -wal included, taken
while a table is being played; PostgreSQL is sent to pg_dump; writers merge the
-wal file into the database when they close."""

from __future__ import annotations

import contextlib
import io
import sqlite3
import threading
from pathlib import Path

import pytest

from puntobanco.cli import main
from puntobanco.i18n import LANGS
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import BetPlaced


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


def _event(n: int) -> BetPlaced:
    from puntobanco.coup import Outcome

    return BetPlaced("Ana", Outcome.BANCO, 100 + n)


def test_a_backup_taken_while_a_table_is_written_is_a_consistent_snapshot(
    tmp_path: Path,
) -> None:
    db = tmp_path / "game.db"
    writer = SQLiteStore(db, synchronous="NORMAL")
    writer.append("t", 0, [_event(0)])
    stop = threading.Event()
    written = [1]

    def play() -> None:
        store = SQLiteStore(db, synchronous="NORMAL")
        while not stop.is_set():
            n = written[0]
            store.append("t", n, [_event(n), _event(n + 1)])  # two events per commit
            written[0] = n + 2
        store.close()

    thread = threading.Thread(target=play)
    thread.start()
    try:
        copies = []
        for i in range(5):
            target = tmp_path / f"copy{i}.db"
            code, out, err = run("backup", str(target), "--db", str(db))
            assert code == 0, err
            assert str(target) in out
            copies.append(target)
    finally:
        stop.set()
        thread.join()
    writer.close()
    assert not Path(f"{db}-wal").exists() or Path(f"{db}-wal").stat().st_size == 0
    full = SQLiteStore(db, readonly=True).load("t")
    for target in copies:
        assert not Path(f"{target}-wal").exists()  # one file, nothing beside it
        with contextlib.closing(sqlite3.connect(target)) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        copy = SQLiteStore(target, readonly=True)
        records = copy.load("t")
        copy.close()
        assert len(records) % 2 == 1  # whole commits only: 1 + 2k events
        assert records == full[: len(records)]  # a prefix of the log: one moment of it
    assert len(full) > 1


def test_a_backup_never_overwrites_and_names_what_is_wrong(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    SQLiteStore(db).append("t", 0, [_event(0)])
    (tmp_path / "there.db").write_text("keep me")
    code, _, err = run("backup", str(tmp_path / "there.db"), "--db", str(db))
    assert code == 2 and "already exists" in err
    assert (tmp_path / "there.db").read_text() == "keep me"
    code, _, err = run("backup", str(tmp_path / "nowhere" / "c.db"), "--db", str(db))
    assert code == 2 and "nowhere" in err
    code, _, err = run("backup", str(tmp_path / "c.db"), "--db", str(tmp_path / "missing.db"))
    assert code == 2 and "missing.db" in err and not (tmp_path / "c.db").exists()


@pytest.mark.parametrize("lang", LANGS)
def test_a_postgresql_log_is_sent_to_pg_dump(tmp_path: Path, lang: str) -> None:
    url = "postgresql://user@localhost/puntobanco"
    code, out, err = run("--lang", lang, "backup", str(tmp_path / "c.db"), "--db", url)
    assert code == 2 and not out
    assert "pg_dump" in err and url in err and "Traceback" not in err


def test_a_writer_merges_the_wal_into_the_file_when_it_closes(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    writer = SQLiteStore(db)
    writer.append("t", 0, [_event(n) for n in range(50)])
    reader = sqlite3.connect(db)  # a connection left open: SQLite alone would keep the -wal
    assert reader.execute("SELECT COUNT(*) FROM events").fetchone() == (50,)
    assert Path(f"{db}-wal").stat().st_size > 0
    writer.close()
    assert Path(f"{db}-wal").stat().st_size == 0  # checkpointed, then truncated
    reader.close()
    copy = tmp_path / "only-the-db.db"
    copy.write_bytes(db.read_bytes())  # the .db file alone now holds every event
    assert len(SQLiteStore(copy, readonly=True).load("t")) == 50
