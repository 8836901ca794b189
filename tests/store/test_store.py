"""The event store, the same tests on every backend (SQLite file, PostgreSQL database)."""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puntobanco import CasinoTable, Session
from puntobanco.coup import Outcome
from puntobanco.errors import PuntoBancoError, StoreError
from puntobanco.store import EventStore, MemoryStore, chain_links, open_store
from puntobanco.store.jsonl import export_lines, import_lines
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import Table, TableConfig
from puntobanco.table.events import BetPaid, CoupSettled, PlayerSeated, TableOpened

NewDb = Callable[[], str]

OPENED = TableOpened("t", TableConfig.session())


def seated(n: int) -> PlayerSeated:
    return PlayerSeated(f"p{n}", 1, 0)


def test_an_append_with_a_stale_count_is_refused(db: str) -> None:
    store = open_store(db)
    store.append("t", 0, [OPENED])
    with pytest.raises(StoreError) as caught:
        store.append("t", 0, [OPENED])
    assert str(caught.value) == "Table 't' changed elsewhere: expected 0 events, found 1."
    assert [r.seq for r in store.load("t")] == [1]
    store.close()


def test_an_append_past_the_end_is_refused_and_leaves_no_gap(db: str) -> None:
    store = open_store(db)
    store.append("t", 0, [OPENED])
    for expected in (2, 5):
        with pytest.raises(StoreError, match="expected .* events, found 1"):
            store.append("t", expected, [seated(1)])
    with pytest.raises(StoreError, match="found 0"):
        store.append("other", 3, [OPENED])
    assert [r.seq for r in store.load("t")] == [1]
    assert store.tables() == ["t"]
    store.close()


def test_an_append_stores_all_its_events_numbered_after_the_expected_count(db: str) -> None:
    store = open_store(db)
    store.append("t", 0, [OPENED, seated(1)])
    store.append("t", 2, [seated(2), seated(3), seated(4)])
    store.append("t", 5, [])  # nothing to store: not even a check
    records = store.load("t")
    assert [r.seq for r in records] == [1, 2, 3, 4, 5]
    assert [r.event for r in records] == [OPENED, seated(1), seated(2), seated(3), seated(4)]
    assert len({r.time for r in records[2:]}) == 1  # one append, one time
    assert store.load("nobody") == []
    store.close()


def test_imported_times_are_kept_and_tables_list_oldest_first(db: str) -> None:
    store = open_store(db)
    store.append("late", 0, [OPENED], times=["2026-12-02T10:00:00.000+00:00"])
    store.append("early", 0, [OPENED, seated(1)], times=["2020-01-01T00:00:00.000+00:00"] * 2)
    assert store.tables() == ["early", "late"]
    assert store.load("late")[0].time == "2026-12-02T10:00:00.000+00:00"
    store.close()
    again = open_store(db)  # and they survive reopening
    assert again.tables() == ["early", "late"] and len(again.load("early")) == 2
    again.close()


def test_names_and_text_survive_the_store_unchanged(db: str) -> None:
    store = open_store(db)
    name = "Chloé 'O; DROP TABLE events; --"
    store.append(name, 0, [TableOpened(name, TableConfig.casino(seed=3))])
    store.append(name, 1, [PlayerSeated("Eun-ji 은지", 2, 10**15)])
    assert [r.event for r in store.load(name)] == [
        TableOpened(name, TableConfig.casino(seed=3)),
        PlayerSeated("Eun-ji 은지", 2, 10**15),
    ]
    store.close()


def test_two_handles_on_one_file_never_write_the_same_event(db: str) -> None:
    a = CasinoTable(seed=1, db=db)
    b = CasinoTable.resume(db=db)
    a.sit("Ana", 10_000)
    # b's append after a stale count conflicts: b reads what a wrote, then sits Bruno.
    b.sit("Bruno", 10_000)
    assert list(b.balances) == ["Ana", "Bruno"]
    store = open_store(db)
    records = store.load("casino")
    seated = [r.event.name for r in records if isinstance(r.event, PlayerSeated)]
    assert seated == ["Ana", "Bruno"]
    assert [r.seq for r in records] == list(range(1, len(records) + 1))
    store.close()
    a.close()
    b.close()


def test_writers_racing_on_one_table_leave_every_won_append_once_and_no_gap(db: str) -> None:
    open_store(db).close()  # create the schema before the race
    writers, rounds = 4, 25
    won: Counter[str] = Counter()
    start = threading.Barrier(writers)

    def write(me: int) -> None:
        store = open_store(db)
        start.wait()
        for i in range(rounds):
            while True:
                count = len(store.load("t"))
                event = OPENED if count == 0 else PlayerSeated(f"w{me}-{i}", me, count)
                try:
                    store.append("t", count, [event])
                except StoreError as error:
                    assert error.key == "store.error.conflict"
                    continue  # lost the race: reload and retry
                won[f"w{me}-{i}" if count else "opened"] += 1
                break
        store.close()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    store = open_store(db)
    records = store.load("t")
    store.close()
    assert [r.seq for r in records] == list(range(1, len(records) + 1))
    assert len(records) == writers * rounds
    stored = Counter(
        r.event.name if isinstance(r.event, PlayerSeated) else "opened" for r in records
    )
    assert stored == won and set(won.values()) == {1}


def test_two_processes_settling_the_same_coup_pay_it_once(db: str) -> None:
    first = open_store(db)
    table = Table.open(
        "club", TableConfig.casino(seed=5), sink=lambda n, new: first.append("club", n, new)
    )
    table.sit("Ana", 100_000)
    table.bet("Ana", "banco", 1010)
    table.close_bets()
    table.deal()  # dealt and stored; then the process stops before settling
    first.close()

    results: list[str] = []
    start = threading.Barrier(2)

    def settle() -> None:  # a process of its own: its own store, its own copy of the table
        store = open_store(db)
        handle = Table(
            (r.event for r in store.load("club")),
            sink=lambda n, new: store.append("club", n, new),
        )
        start.wait()
        try:
            handle.settle()
            results.append("settled")
        except StoreError as error:
            results.append(error.key)
        store.close()

    threads = [threading.Thread(target=settle) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["settled", "store.error.conflict"]
    store = open_store(db)
    events = [r.event for r in store.load("club")]
    store.close()
    assert sum(isinstance(e, CoupSettled) for e in events) == 1
    assert sum(isinstance(e, BetPaid) for e in events) <= 1
    # The loser reloads and finds nothing left to settle.
    assert not Table(events).can_settle()


def test_reopening_a_table_continues_where_it_stopped(db: str) -> None:
    with Session(["Ana", "Bruno"], seed=4, db=db) as s:
        s.predict("Ana", "banco")
        s.predict("Bruno", "punto")
        s.deal()
        s.predict("Ana", "punto")
        scores = s.scores
    with Session(["Ana", "Bruno"], seed=4, db=db) as again:
        assert again.scores == scores and again.state.completed == 1
        assert again.predictions["Ana"] is Outcome.PUNTO


def test_reopening_with_other_settings_is_refused(db: str) -> None:
    Session(["Ana", "Bruno"], seed=4, db=db).close()
    with pytest.raises(PuntoBancoError, match="already exists"):
        Session(["Ana", "Chloé"], seed=4, db=db)


def test_export_then_import_gives_the_same_log(new_db: NewDb) -> None:
    first, second = new_db(), new_db()
    t = CasinoTable(seed=9, db=first, table="club")
    t.sit("Ana", 100_000)
    for _ in range(5):
        t.bet("Ana", "banco", 1010)
        t.deal()
    source = open_store(first)
    lines = export_lines(source.load("club"))
    target = open_store(second)
    assert import_lines(target, lines) == [("club", len(lines), 5)]
    assert target.load("club") == source.load("club")
    with pytest.raises(StoreError, match="already exists"):
        import_lines(target, lines)
    source.close()
    target.close()
    t.close()


def test_every_store_is_an_event_store(db: str) -> None:
    store = open_store(db)
    assert isinstance(store, EventStore) and isinstance(MemoryStore(), EventStore)
    store.close()


def test_a_group_commit_stores_every_table_or_none(db: str) -> None:
    store: Any = open_store(db)
    store.append_many([("a", 0, [OPENED]), ("b", 0, [OPENED, PlayerSeated("Ana", 1, 0)])])
    assert [len(store.load(t)) for t in ("a", "b")] == [1, 2]
    with pytest.raises(StoreError, match="Table 'b' changed elsewhere: expected 1 events, found 2"):
        store.append_many([("a", 1, [PlayerSeated("Bo", 1, 0)]), ("b", 1, [CoupSettled(1)])])
    assert [len(store.load(t)) for t in ("a", "b")] == [1, 2]  # a's part rolled back too
    store.append_many([("a", 1, [PlayerSeated("Bo", 1, 0)]), ("b", 2, [CoupSettled(1)])])
    store.append_many([])
    assert [len(store.load(t)) for t in ("a", "b")] == [2, 3]
    assert len(store.load("a")) == 2
    store.close()


def test_a_group_commit_keeps_given_times_and_counts_a_table_named_twice(db: str) -> None:
    store: Any = open_store(db)
    assert store.append_many_times
    store.append_many(
        [
            ("a", 0, [OPENED], ["2026-01-01T10:00:00.000+00:00"]),
            ("a", 1, [seated(1), seated(2)], ["2026-01-01T10:00:01.000+00:00"] * 2),
            ("b", 0, [OPENED]),  # no times: the store's clock
        ]
    )
    assert [r.time for r in store.load("a")] == [
        "2026-01-01T10:00:00.000+00:00",
        "2026-01-01T10:00:01.000+00:00",
        "2026-01-01T10:00:01.000+00:00",
    ]
    assert store.load("b")[0].time > "2026-01-02"
    store.close()


def test_an_import_of_several_tables_is_one_group_commit_with_its_times(
    db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for table, seed in (("first", 3), ("second", 4)):
        with Session(["Ana", "Bo"], table=table, seed=seed, db=tmp_path / "src.db") as s:
            s.predict("Ana", "banco")
            s.predict("Bo", "punto")
            s.deal()
    source = SQLiteStore(tmp_path / "src.db")
    lines = [line for t in source.tables() for line in export_lines(source.load(t))]
    times = {t: [r.time for r in source.load(t)] for t in source.tables()}
    source.close()
    store = open_store(db)

    def one_by_one(*args: object, **kwargs: object) -> None:
        raise AssertionError("an import goes as one append_many")

    monkeypatch.setattr(store, "append", one_by_one)
    assert [t for t, _, _ in import_lines(store, lines)] == ["first", "second"]
    assert {t: [r.time for r in store.load(t)] for t in store.tables()} == times
    store.close()


# -- what only one backend has ----------------------------------------------------


def test_the_sqlite_store_uses_wal_and_full_synchronous_writes(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "a.db")
    assert store._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert store._db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    assert store.integrity() == "ok"
    store.close()


def test_the_sqlite_schema_is_plain_sql(tmp_path: Path) -> None:
    CasinoTable(seed=1, db=tmp_path / "a.db").close()
    db = sqlite3.connect(tmp_path / "a.db")
    columns = [row[1] for row in db.execute("PRAGMA table_info(events)")]
    db.close()
    assert columns == ["table_id", "seq", "time", "type", "body", "crc", "hash"]


def test_a_table_reopened_from_its_snapshot_equals_its_full_replay(db: str) -> None:
    from puntobanco.engine import Bet, Deal, Engine, Sit
    from puntobanco.engine.reopen import snapshot
    from puntobanco.store import SnapshotStore
    from puntobanco.table import replay

    store = open_store(db)
    assert isinstance(store, SnapshotStore)
    engine = Engine(store)
    engine.open("club", "casino", settings={"seed": 5, "decks": 1}, players=[("Ana", 10**7)])
    engine.do("club", Sit("Bruno", 10**7))

    def play(on: Engine, coups: int) -> None:
        for n in range(coups):
            on.do("club", Bet("Ana", "banco" if n % 3 else "punto", 1_000 + 10 * (n % 7)))
            on.do("club", Bet("Bruno", "egalite", 500))
            on.do("club", Deal())

    play(engine, 12)
    snapshot(store, "club", engine.machine("club"))
    seq = len(store.load("club"))
    assert store.load_snapshot("club") is not None
    assert [r.seq for r in store.load_after("club", seq - 2)] == [seq - 1, seq]
    play(engine, 3)
    store.save_snapshot("club", 3, "older")  # an older snapshot never replaces a newer one
    assert store.load_snapshot("club") is not None
    assert store.load_snapshot("club")[0] == seq  # type: ignore[index]
    again = Engine(store)
    reopened = again.machine("club")
    assert reopened.from_snapshot
    assert reopened.state == replay(r.event for r in store.load("club"))
    play(again, 2)
    assert again.state("club") == replay(r.event for r in store.load("club"))
    store.close()


def test_sqlite_group_commit_reads_no_tail_it_wrote_itself(tmp_path: Path) -> None:
    """A batch over many tables is four statements (BEGIN, data_version, one
    INSERT, COMMIT) once this connection knows the tails: each statement
    lets the GIL go and waits for a busy event loop to give it back."""
    store = SQLiteStore(tmp_path / "log.db")
    tables = [f"t{n}" for n in range(20)]
    store.append_many([(t, 0, [OPENED]) for t in tables])
    statements: list[str] = []
    store._db.set_trace_callback(statements.append)
    store.append_many([(t, 1, [seated(1), seated(2)]) for t in tables])
    store._db.set_trace_callback(None)
    assert [s.split()[0] for s in statements] == ["BEGIN", "PRAGMA", "INSERT", "COMMIT"]
    assert [r.seq for r in store.load("t7")] == [1, 2, 3]
    store.close()


def test_sqlite_tails_written_by_another_connection_are_read_again(tmp_path: Path) -> None:
    path = tmp_path / "log.db"
    a, b = SQLiteStore(path), SQLiteStore(path)
    a.append_many([("t", 0, [OPENED]), ("u", 0, [OPENED])])
    b.append("t", 1, [seated(1)])  # a's tail of t is stale now
    with pytest.raises(StoreError) as refused:
        a.append("t", 1, [seated(2)])
    assert refused.value.key == "store.error.conflict"
    assert refused.value.params["found"] == 2
    a.append_many([("t", 2, [seated(3)]), ("u", 1, [seated(4)])])
    b.close()
    assert [r.seq for r in a.load("t")] == [1, 2, 3]
    a.close()
    check = SQLiteStore(path)  # the chain links every row to the one before
    assert check.head("t") == chain_links(check.load("t"), None, check.name)
    assert check.head("u") == chain_links(check.load("u"), None, check.name)
    check.close()


def test_sqlite_a_row_already_there_is_a_conflict_naming_the_table(tmp_path: Path) -> None:
    path = tmp_path / "log.db"
    a = SQLiteStore(path)
    a.append_many([("t", 0, [OPENED]), ("u", 0, [OPENED])])
    a._heads["u"] = (0, *a._heads["u"][1:])  # as if a's own tail were wrong
    with pytest.raises(StoreError) as refused:
        a.append_many([("t", 1, [seated(1)]), ("u", 0, [seated(2)])])
    assert refused.value.key == "store.error.conflict"
    assert {k: refused.value.params[k] for k in ("table", "expected", "found")} == {
        "table": "u",
        "expected": 0,
        "found": 1,
    }
    assert [r.seq for r in a.load("t")] == [1]  # the whole batch rolled back
    a.append("t", 1, [seated(1)])  # the tails are read again
    a.close()


@pytest.mark.parametrize("memory", [False, True])
def test_a_command_id_is_stored_with_its_events_and_acts_once_for_the_tables_life(
    db: str, memory: bool
) -> None:
    store: Any = MemoryStore() if memory else open_store(db)
    store.append("a", 0, [OPENED], command="host:c1")
    store.append("a", 1, [seated(1), seated(2)], command="player:Ana:c1")
    assert store.applied("a", "player:Ana:c1") == (2, 3)
    assert store.applied("a", "player:Ana:c2") is None
    assert store.applied("b", "player:Ana:c1") is None
    assert store.has_ids("a", "player:") and store.has_ids("a", "host:")
    assert not store.has_ids("a", "player#") and not store.has_ids("b", "player:")
    with pytest.raises(StoreError) as refused:
        store.append("a", 3, [CoupSettled(1)], command="player:Ana:c1")
    assert refused.value.key == "store.error.applied"
    assert (refused.value.params["first"], refused.value.params["seq"]) == (2, 3)
    assert len(store.load("a")) == 3
    # In a group commit the whole batch stores nothing: a conflict of the table.
    with pytest.raises(StoreError, match="a command of this write was carried out") as refused:
        store.append_many(
            [("b", 0, [OPENED]), ("a", 3, [CoupSettled(1)])], commands=["x", "player:Ana:c1"]
        )
    assert (refused.value.key, refused.value.params["table"]) == ("store.error.conflict", "a")
    assert store.tables() == ["a"] and store.applied("b", "x") is None
    # A refused append stores no id: the command may be sent again.
    with pytest.raises(StoreError, match="changed elsewhere"):
        store.append("a", 2, [CoupSettled(1)], command="player:Bo:c9")
    assert store.applied("a", "player:Bo:c9") is None
    store.append_many([("a", 3, [CoupSettled(1)]), ("b", 0, [OPENED])], commands=["p:Bo:c9", None])
    assert store.applied("a", "p:Bo:c9") == (4, 4)
    if not memory:  # kept on disk: a restart forgets nothing
        store.close()
        store = open_store(db)
        assert store.applied("a", "player:Ana:c1") == (2, 3)
        with pytest.raises(StoreError, match="applied|already"):
            store.append("a", 4, [CoupSettled(2)], command="p:Bo:c9")
    store.close()
