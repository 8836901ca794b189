"""Reading is read-only: every command that only reads opens the game log without
writing to it, works on a read-only file and in a read-only folder, waits a
bounded time for a lock and then says so, and refuses a log in an older format
rather than converting it.

Permissions do not stop root, so where the tests run as root the reading runs in
a child process that has become the ``nobody`` user.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import shutil
import sqlite3
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from puntobanco import Session
from puntobanco.cli import main
from puntobanco.errors import OlderLogError, StoreError, StoreLockedError
from puntobanco.i18n import LANGS, t
from puntobanco.store import open_store
from puntobanco.store import sqlite as sqlite_store
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.store.sqlite_schema import SCHEMA_VERSION

NOBODY = 65534

#: Every command that reads the log, as a person types it (``--db`` added).
READERS = [
    ["history"],
    ["history", "session"],
    ["history", "--json"],
    ["history", "--roads"],
    ["history", "session", "--last", "1"],
    ["export", "session", "--jsonl"],
    ["shoes", "session"],
    ["shoes", "session", "--json"],
    ["verify", "session"],
]


def _play(db: Path) -> None:
    s = Session(["Ana", "Bruno"], seed=7, db=db)
    for _ in range(3):
        s.predict("Ana", "banco")
        s.predict("Bruno", "punto")
        s.deal()
    s.close()


@pytest.fixture
def folder() -> Iterator[Path]:
    """A folder the ``nobody`` user can read (pytest's own are its owner's only)."""
    root = Path(tempfile.mkdtemp(prefix="puntobanco-ro-"))
    root.chmod(0o755)
    try:
        yield root
    finally:
        for path in [root, *root.rglob("*")]:
            with contextlib.suppress(OSError):
                path.chmod(0o755 if path.is_dir() else 0o644)
        shutil.rmtree(root)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


def as_reader(work: Callable[[], object]) -> object:
    """``work()`` as a user whom file permissions bind (in a child process under root)."""
    if os.geteuid() != 0:
        return work()
    t("cli.help.db", "en")  # the catalogue loaded before the child loses its rights
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            os.close(read)
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            try:
                result: object = ("ok", work())
            except BaseException as error:  # noqa: BLE001 - reported to the parent
                result = ("error", f"{type(error).__name__}: {error}")
            with os.fdopen(write, "w") as pipe:
                json.dump(result, pipe)
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        text = pipe.read()
    os.waitpid(pid, 0)
    kind, value = json.loads(text)
    if kind == "error":
        raise AssertionError(value)
    return value


def fingerprint(folder: Path) -> dict[str, tuple[str, float]]:
    """Every file of the folder: its content's hash and its modification time."""
    return {
        p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime)
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


@pytest.mark.parametrize("folder_mode", [0o755, 0o555], ids=["folder", "read-only-folder"])
def test_every_reader_reads_a_read_only_log_and_writes_nothing(
    folder: Path, folder_mode: int
) -> None:
    db = folder / "game.db"
    _play(db)
    expected = [run([*argv, "--db", str(db)]) for argv in READERS]  # as its owner
    assert all(code == 0 and out for code, out, _ in expected), expected
    # A log is its owner's only; to let others read it, the owner opens it to them,
    # with the files SQLite keeps beside it (reading as the owner left them there).
    for path in folder.glob("game.db*"):
        path.chmod(0o444)
    folder.chmod(folder_mode)
    before = fingerprint(folder)

    def read_all() -> list[list[object]]:
        return [list(run([*argv, "--db", str(db)])) for argv in READERS]

    assert as_reader(read_all) == [list(e) for e in expected]
    assert fingerprint(folder) == before  # not a byte of the log written, no -wal left
    assert stat.S_IMODE(db.stat().st_mode) == 0o444


def test_a_reader_leaves_the_file_as_it_was_even_where_it_could_write(tmp_path: Path) -> None:
    """SQLite's read-only WAL reader leaves its index (``-shm``) and an empty ``-wal``.

    The key that seals the cards to come (``game.db.key``) is the writer's, made
    with the log: a reader reads it and leaves it as it was.
    """
    db = tmp_path / "game.db"
    _play(db)
    before = fingerprint(tmp_path)
    assert "game.db.key" in before
    for argv in READERS:
        assert run([*argv, "--db", str(db)])[0] == 0
    after = fingerprint(tmp_path)
    assert after["game.db"] == before["game.db"]
    assert after["game.db.key"] == before["game.db.key"]
    assert set(after) <= {"game.db", "game.db.key", "game.db-wal", "game.db-shm"}
    assert Path(f"{db}-wal").stat().st_size == 0


def test_a_read_only_store_refuses_to_write(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    _play(db)
    store = open_store(db, readonly=True)
    records = store.load("session")
    with pytest.raises(StoreError, match="reading only"):
        store.append("session", len(records), [records[-1].event])
    store.close()
    assert len(SQLiteStore(db).load("session")) == len(records)


def test_a_read_only_folder_with_coups_waiting_in_the_wal_is_refused_in_words(
    folder: Path,
) -> None:
    """Opened as immutable, such a file would hide the coups still in its -wal: refused."""
    db = folder / "game.db"
    _play(db)
    writer = SQLiteStore(db)  # a table still open: its -wal holds a coup
    records = writer.load("session")
    writer.append("session", len(records), [records[-1].event])
    wal = Path(f"{db}-wal")
    shutil.copy(db, folder / "copy.db")
    shutil.copy(wal, folder / "copy.db-wal")
    for copy in folder.glob("copy.db*"):  # opened to others by their owner (logs are 0600)
        copy.chmod(0o644)
    writer.close()
    folder.chmod(0o555)

    def read() -> tuple[int, str, str]:
        return run(["history", "--db", str(folder / "copy.db")])

    result = as_reader(read)
    assert isinstance(result, (tuple, list))
    code, out, err = result
    assert code == 2 and not out
    assert "copy.db-wal" in err and "read-only" in err and "Traceback" not in err


def test_a_lock_held_elsewhere_is_waited_for_then_reported_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "game.db"
    _play(db)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE events SET time = time WHERE seq = 1")
    try:
        with pytest.raises(StoreLockedError) as caught:
            SQLiteStore(db, readonly=True, timeout=0.2)
        assert str(db) in caught.value.message("en")
        for lang in LANGS:
            assert str(db) in caught.value.message(lang)
            assert "0.2" in caught.value.message(lang)
        monkeypatch.setattr(sqlite_store, "READ_TIMEOUT", 0.1)
        code, out, err = run(["--lang", "fr", "history", "--db", str(db)])
        assert code == 2 and not out
        assert "verrouillé" in err and str(db) in err and "Traceback" not in err
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert run(["history", "--db", str(db)])[0] == 0  # the lock gone, it reads


def test_a_lock_released_within_the_wait_is_waited_for(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    _play(db)
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE events SET time = time WHERE seq = 1")

    def let_go() -> None:
        holder.execute("ROLLBACK")
        holder.close()

    release = threading.Timer(0.3, let_go)
    release.start()
    try:
        store = SQLiteStore(db, readonly=True, timeout=10)
        assert store.load("session")
        store.close()
    finally:
        release.join()


def _version_1(db: Path) -> None:
    """The log as puntobanco wrote it before rows carried their checksum."""
    raw = sqlite3.connect(db)
    raw.execute("CREATE TABLE old AS SELECT table_id, seq, time, type, body FROM events")
    raw.execute("DROP TABLE events")
    raw.execute(
        "CREATE TABLE events (table_id TEXT NOT NULL, seq INTEGER NOT NULL CHECK (seq >= 1), "
        "time TEXT NOT NULL, type TEXT NOT NULL, body TEXT NOT NULL, "
        "PRIMARY KEY (table_id, seq)) WITHOUT ROWID"
    )
    raw.execute("INSERT INTO events SELECT * FROM old")
    raw.execute("DROP TABLE old")
    raw.execute("PRAGMA user_version=1")
    raw.commit()
    raw.close()


def test_a_reader_says_the_log_is_older_and_leaves_it_a_writer_converts_it(
    tmp_path: Path,
) -> None:
    db = tmp_path / "game.db"
    _play(db)
    expected = run(["export", "session", "--db", str(db)])
    _version_1(db)
    before = fingerprint(tmp_path)
    with pytest.raises(OlderLogError) as caught:
        SQLiteStore(db, readonly=True)
    for lang in LANGS:
        assert str(db) in caught.value.message(lang)
    code, out, err = run(["--lang", "es", "history", "--db", str(db)])
    assert code == 2 and "formato antiguo" in err and str(db) in err
    assert fingerprint(tmp_path)["game.db"] == before["game.db"]  # not converted by reading
    SQLiteStore(db).close()  # a writer converts it
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert run(["export", "session", "--db", str(db)]) == expected


def test_a_log_newer_than_this_puntobanco_is_refused_by_readers_and_writers(
    tmp_path: Path,
) -> None:
    db = tmp_path / "game.db"
    _play(db)
    raw = sqlite3.connect(db)
    raw.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    for readonly in (True, False):
        with pytest.raises(StoreError, match="newer"):
            SQLiteStore(db, readonly=readonly)
