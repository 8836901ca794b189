"""Opening a SQLite log to write on it (``serve``, ``play``, ``import``, the Python
API): a damaged page, an empty file or another program's database is refused,
naming the file and what to do, before a byte is written to it; a path with no
file makes a new log, whole and readable by its owner only."""

from __future__ import annotations

import contextlib
import io
import os
import random
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from puntobanco import Session
from puntobanco.cli import main
from puntobanco.errors import DamagedLogError, NotALogError, StoreError
from puntobanco.store import open_store
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.web.app import create_app

PAGE = 4096


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


def played(db: Path, deals: int = 10) -> bytes:
    """A session of ``deals`` coups in ``db`` (about 80 KB), closed; its bytes."""
    s = Session(["Ana", "Bruno"], seed=7, db=db, deals=deals)
    for n in range(deals):
        s.predict("Ana", "banco" if n % 2 else "punto")
        s.predict("Bruno", "punto")
        s.deal()
    s.close()
    return db.read_bytes()


def files(folder: Path) -> dict[str, bytes]:
    """The bytes of the log ``game.db`` and of the files SQLite keeps beside it."""
    return {p.name: p.read_bytes() for p in sorted(folder.glob("game.db*"))}


@pytest.fixture
def umask() -> Iterator[None]:
    """The usual umask (files 0644 unless made otherwise), whatever the test runner's."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_a_page_overwritten_in_the_middle_is_refused_by_serve_and_every_writer(
    tmp_path: Path,
) -> None:
    """The reliability review's case: one 4 KiB page in the middle of a played log
    overwritten with random bytes; serve used to start on it and write a bet into it."""
    data = played(tmp_path / "sound.db")
    db = tmp_path / "game.db"
    middle = len(data) // PAGE // 2 * PAGE
    damaged = bytearray(data)
    damaged[middle : middle + PAGE] = random.Random(45056).randbytes(PAGE)
    db.write_bytes(bytes(damaged))
    before = files(tmp_path)

    with pytest.raises(DamagedLogError) as refused:
        SQLiteStore(db)
    message = refused.value.message("en")
    assert str(db) in message and "puntobanco verify" in message
    assert "puntobanco backup" in message and "nothing was written" in message
    assert refused.value.key == "store.error.damaged_open"
    with pytest.raises(DamagedLogError):
        create_app(store=str(db))  # what serve opens before it listens
    with pytest.raises(DamagedLogError):
        Session(["Ana", "Bruno"], seed=7, db=db, table="another")
    code, export, err = run("export", "session", "--jsonl", "--db", str(tmp_path / "sound.db"))
    assert code == 0, err
    (tmp_path / "session.jsonl").write_text(export, encoding="utf-8")
    code, out, err = run("import", str(tmp_path / "session.jsonl"), "--db", str(db))
    assert code == 2 and not out and "puntobanco verify" in err
    assert files(tmp_path) == before  # not a byte written, no -wal left
    code, out, err = run("verify", "session", "--db", str(db))  # what the message says to run
    assert code == 2 and str(db) in err and "damaged" in err


def test_every_page_of_a_log_overwritten_is_refused_before_a_write(tmp_path: Path) -> None:
    data = played(tmp_path / "sound.db")
    db = tmp_path / "game.db"
    rng = random.Random(32)
    for start in range(0, len(data), PAGE):
        damaged = bytearray(data)
        damaged[start : start + PAGE] = rng.randbytes(PAGE)
        db.write_bytes(bytes(damaged))
        with pytest.raises((DamagedLogError, NotALogError)) as refused:
            SQLiteStore(db)
        assert str(db) in refused.value.message("en"), start
        assert db.read_bytes() == damaged, start
        assert not Path(f"{db}-wal").exists(), start


def test_an_empty_file_is_refused_in_words_and_left_empty(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    db.touch()
    for opening in (lambda: SQLiteStore(db), lambda: create_app(store=str(db))):
        with pytest.raises(NotALogError) as refused:
            opening()
        assert refused.value.key == "store.error.empty_log"
        message = refused.value.message("en")
        assert str(db) in message and "empty" in message and "puntobanco backup" in message
    for lang, word in (("fr", "vide"), ("es", "vacío")):
        code, out, err = run("--lang", lang, "history", "--db", str(db))
        assert code == 2 and str(db) in err and word in err, err
    assert files(tmp_path) == {"game.db": b""}


def test_a_path_with_no_file_makes_a_new_log_in_new_folders(tmp_path: Path) -> None:
    db = tmp_path / "club" / "logs" / "game.db"
    store = open_store(db)
    store.append("t", 0, [])
    store.close()
    assert sorted(p.name for p in db.parent.iterdir()) == ["game.db"]  # no spare file left
    reader = SQLiteStore(db, readonly=True)
    assert reader.tables() == []
    reader.close()


def test_another_program_s_database_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "places.sqlite"
    with contextlib.closing(sqlite3.connect(db)) as other:
        other.execute("CREATE TABLE bookmarks (url TEXT)")
        other.commit()
    before = db.read_bytes()
    with pytest.raises(NotALogError, match="holds no puntobanco events"):
        SQLiteStore(db)
    assert db.read_bytes() == before


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "notes.db"
    db.write_text("not a database\n", encoding="utf-8")
    with pytest.raises(NotALogError, match="not a SQLite database"):
        SQLiteStore(db)
    assert db.read_text(encoding="utf-8") == "not a database\n"


def test_a_new_log_its_wal_and_shm_and_its_folder_are_its_owner_s_only(
    tmp_path: Path, umask: None
) -> None:
    """The log holds every card still to come (the security review read the next coup
    from a 0644 file)."""
    db = tmp_path / "data" / "game.db"
    store = SQLiteStore(db)
    from puntobanco.coup import Outcome
    from puntobanco.table.events import BetPlaced

    store.append("t", 0, [BetPlaced("Ana", Outcome.BANCO, 100)])
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in db.parent.iterdir()}
    assert modes == {"game.db": 0o600, "game.db-wal": 0o600, "game.db-shm": 0o600}
    assert stat.S_IMODE(db.parent.stat().st_mode) == 0o700
    credentials = store.credentials()  # the tokens live in the same file
    credentials.close()
    copy = tmp_path / "copy.db"
    store.backup(copy)
    store.close()
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
    code, _, err = run("backup", str(tmp_path / "copy2.db"), "--db", str(db))
    assert code == 0, err
    assert stat.S_IMODE((tmp_path / "copy2.db").stat().st_mode) == 0o600


def test_an_existing_log_keeps_the_mode_its_owner_gave_it(tmp_path: Path, umask: None) -> None:
    db = tmp_path / "game.db"
    SQLiteStore(db).close()
    db.chmod(0o640)
    store = SQLiteStore(db)
    store.append("t", 0, [])
    store.close()
    assert stat.S_IMODE(db.stat().st_mode) == 0o640 and not Path(f"{db}-wal").exists()


def test_a_store_error_names_the_file_in_every_language(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    db.touch()
    with pytest.raises(StoreError) as refused:
        SQLiteStore(db)
    for lang in ("en", "fr", "es"):
        text = refused.value.message(lang)
        assert str(db) in text and "puntobanco backup" in text, (lang, text)
