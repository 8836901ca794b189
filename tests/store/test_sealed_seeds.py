"""A copy of the SQLite log reveals no card to come: the server seeds of shoes not
revealed, and their orders, are stored sealed under a key kept beside the file
(0600), never in it."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from puntobanco.engine import Bet, Deal, Engine, Viewer
from puntobanco.errors import StoreError
from puntobanco.fair.contributor import Contributor
from puntobanco.fair.log import fair_shoes
from puntobanco.store.seal import KEY_SETTING, key_file
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import NextShoeCommitted, ShoeRevealed, ShoeShuffled


def play(db: Path, coups: int, *, past_reveal: bool = False) -> Engine:
    """``coups`` coups, or with ``past_reveal`` that many more after the first reveal."""
    engine = Engine(SQLiteStore(db, synchronous="OFF"))
    engine.open("club", "casino", players=[("Ana", 10**9)])
    ana = Contributor()
    ana.run(engine, "club")
    left = coups
    while left:
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        engine.do("club", Deal())
        ana.run(engine, "club")
        if not past_reveal or any(
            isinstance(r.event, ShoeRevealed) for r in engine.store.load("club")
        ):
            left -= 1
    return engine


def copied(db: Path, into: Path) -> bytes:
    """The log as a copy taken now shows it: the file and its ``-wal``, byte for byte."""
    into.mkdir()
    found = b""
    for name in (db.name, db.name + "-wal"):
        if (db.parent / name).exists():
            shutil.copy(db.parent / name, into / name)
            found += (into / name).read_bytes()
    return found


def test_a_copy_of_the_log_before_a_reveal_holds_no_seed_and_no_card_to_come(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KEY_SETTING, raising=False)
    db = tmp_path / "live" / "club.db"
    engine = play(db, 5, past_reveal=True)  # one shoe revealed, one in play
    records = engine.store.load("club")
    shown = {s.shoe: s for s in fair_shoes(r.event for r in records)}
    revealed = {r.event.shoe for r in records if isinstance(r.event, ShoeRevealed)}
    hidden_seeds, undealt, next_seeds = [], [], []
    for r in records:
        event = r.event
        if isinstance(event, ShoeShuffled) and event.shoe not in revealed:
            assert event.server_seed is not None
            hidden_seeds.append(event.server_seed)
            undealt = [str(c) for c in event.order[len(shown[event.shoe].dealt) :]]
        elif isinstance(event, NextShoeCommitted) and event.shoe not in revealed:
            next_seeds.append(event.server_seed)
    assert revealed and len(hidden_seeds) == 1 and len(next_seeds) == 2 and len(undealt) > 250
    data = copied(db, tmp_path / "copy")
    assert b"ShoeShuffled" in data and b"NextShoeCommitted" in data  # the rows are there
    for seed in {*hidden_seeds, *next_seeds}:
        assert seed.encode() not in data and bytes.fromhex(seed) not in data
        assert seed.upper().encode() not in data
    # The next cards, as JSON writes them, appear nowhere (6 in a row would be a trace).
    assert json.dumps(undealt[:6])[1:-1].encode() not in data
    # A revealed seed is public in its ShoeRevealed row, as it should be.
    assert any(
        r.event.server_seed.encode() in data for r in records if isinstance(r.event, ShoeRevealed)
    )
    key = key_file(db)
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    assert key.read_text().strip() not in data.decode("utf-8", "replace")
    engine.store.close()


def test_the_log_reads_back_whole_with_its_key_and_is_refused_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KEY_SETTING, raising=False)
    db = tmp_path / "club.db"
    engine = play(db, 3)
    before = engine.store.load("club")
    engine.store.close()
    reader = SQLiteStore(db, readonly=True)
    assert reader.load("club") == before
    reader.close()
    key_file(db).rename(tmp_path / "elsewhere.key")
    reader = SQLiteStore(db, readonly=True)
    with pytest.raises(StoreError) as refused:
        reader.load("club")
    assert refused.value.key == "store.error.seal_key" and "club.db.key" in str(refused.value)
    reader.close()
    # The key given as a setting instead of the file.
    monkeypatch.setenv(KEY_SETTING, (tmp_path / "elsewhere.key").read_text().strip())
    reader = SQLiteStore(db, readonly=True)
    assert reader.load("club") == before
    reader.close()
    monkeypatch.setenv(KEY_SETTING, "00" * 32)  # another log's key
    reader = SQLiteStore(db, readonly=True)
    with pytest.raises(StoreError) as wrong:
        reader.load("club")
    assert wrong.value.key == "store.error.sealed"
    reader.close()


def test_a_postgresql_log_given_the_key_setting_stores_no_seed_to_come(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg

    from puntobanco.store import open_store

    monkeypatch.setenv(KEY_SETTING, "ab" * 32)
    engine = Engine(open_store(pg_url))
    engine.open("club", "casino", players=[("Ana", 10**9)])
    Contributor().run(engine, "club")
    engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
    engine.do("club", Deal())
    records = engine.store.load("club")
    seeds = [
        r.event.server_seed
        for r in records
        if isinstance(r.event, ShoeShuffled | NextShoeCommitted) and r.event.server_seed
    ]
    assert len(set(seeds)) == 2  # shoe 1's, and shoe 2's drawn in advance
    with psycopg.connect(pg_url) as db:
        bodies = " ".join(body for (body,) in db.execute("SELECT body::text FROM events"))
    assert "ShoeShuffled" in bodies and not any(seed in bodies for seed in seeds)
    engine.shutdown()  # its listener stops before the schema is dropped
    engine.store.close()
    reader = open_store(pg_url)
    assert reader.load("club") == records
    reader.close()


def test_a_key_file_that_cannot_be_read_is_named_only_when_a_sealed_row_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server run by a user who may not read the key still starts (and says why it
    cannot write); reading a shoe to come then names the key file and the reason."""
    monkeypatch.delenv(KEY_SETTING, raising=False)
    db = tmp_path / "club.db"
    play(db, 2).store.close()
    key = key_file(db)
    key.unlink()
    key.mkdir()  # read as a file, it fails as another user's 0600 file does
    reader = SQLiteStore(db, readonly=True)  # opening reads no key
    assert reader.tables() == ["club"]
    with pytest.raises(StoreError) as refused:
        reader.load("club")
    assert refused.value.key == "store.error.seal_key_read"
    assert str(key) in str(refused.value) and "directory" in str(refused.value)
    reader.close()
    SQLiteStore(db).close()  # so does a writer that writes no shoe
