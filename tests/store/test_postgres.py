"""What only the PostgreSQL store has: its versioned schema, its guards in SQL,
notifications to other processes, table ownership, the throwaway cluster."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from typing import Any

import psycopg
import pytest
from tools.pgcluster import main as cluster_main

from puntobanco.errors import StoreError
from puntobanco.store import existing_log, open_store
from puntobanco.store.postgres import (
    CHANNEL,
    SCHEMA_VERSION,
    Listener,
    Owner,
    PostgresStore,
    connect,
    redact,
)
from puntobanco.table import TableConfig, dumps
from puntobanco.table.events import CoupSettled, PlayerSeated, TableOpened

OPENED = TableOpened("t", TableConfig.session())


def test_a_postgresql_url_opens_the_postgresql_store(pg_url: str) -> None:
    store = open_store(pg_url)
    assert isinstance(store, PostgresStore)
    assert store.schema_version() == SCHEMA_VERSION
    assert existing_log(pg_url) == pg_url  # reading a URL never looks for a file
    store.close()


def test_the_schema_is_created_once_and_versioned(pg_url: str) -> None:
    stores: list[PostgresStore] = []
    start = threading.Barrier(4)

    def open_one() -> None:  # four processes starting together on an empty database
        start.wait()
        stores.append(PostgresStore(pg_url))

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(stores) == 4
    raw = connect(pg_url)
    assert raw.execute("SELECT version FROM puntobanco_schema").fetchall() == [(SCHEMA_VERSION,)]
    columns = raw.execute(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_name = 'events' AND table_schema = current_schema() ORDER BY ordinal_position"
    ).fetchall()
    assert [c for (c,) in columns] == ["table_id", "seq", "time", "type", "body", "hash"]
    raw.close()
    for store in stores:
        store.close()


def test_a_database_of_a_newer_version_is_refused(pg_url: str) -> None:
    PostgresStore(pg_url).close()
    raw = connect(pg_url)
    raw.execute("UPDATE puntobanco_schema SET version = %s", (SCHEMA_VERSION + 1,))
    raw.close()
    with pytest.raises(StoreError, match=f"schema {SCHEMA_VERSION + 1}.*upgrade puntobanco"):
        PostgresStore(pg_url)


def test_the_database_refuses_a_duplicate_number_or_a_second_settlement(pg_url: str) -> None:
    store = PostgresStore(pg_url)
    store.append("t", 0, [OPENED, CoupSettled(1)])
    raw = connect(pg_url)
    insert = "INSERT INTO events (table_id, seq, time, type, body) VALUES ('t', %s, 'x', %s, %s)"
    with pytest.raises(psycopg.errors.UniqueViolation):
        raw.execute(insert, (2, "PlayerSeated", dumps(PlayerSeated("Ana", 1, 0))))
    with pytest.raises(psycopg.errors.UniqueViolation):
        raw.execute(insert, (3, "CoupSettled", dumps(CoupSettled(1))))
    raw.execute(insert, (3, "CoupSettled", dumps(CoupSettled(2))))  # another coup is fine
    raw.close()
    # The head says 2 events; the store's own append of a second settlement is a conflict,
    # which says what the database refused (not "expected 2 events, found 2").
    with pytest.raises(StoreError, match='refused the write .*"events_pkey"') as refused:
        store.append("t", 2, [CoupSettled(2)])
    assert refused.value.key == "store.error.conflict"
    assert [r.seq for r in store.load("t")] == [1, 2, 3]
    store.close()


def test_an_unreachable_server_is_named_without_its_password() -> None:
    url = "postgresql://club:secret@127.0.0.1:1/puntobanco"
    with pytest.raises(StoreError) as caught:
        open_store(url)
    assert "Cannot reach the PostgreSQL database postgresql://club:***@127.0.0.1:1" in str(
        caught.value
    )
    assert "secret" not in str(caught.value)
    assert redact("postgresql://u@h/db") == "postgresql://u@h/db"


def test_another_process_hears_an_append_within_100_ms(pg_url: str) -> None:
    listener = Listener(pg_url)
    store = PostgresStore(pg_url)
    assert listener.wait(0.05) == []
    times = []
    for n in range(5):
        # Timed from the commit: the disk's own sync (which stalls for 100 ms and
        # more now and then on this machine) is the store's cost, not the fan-out's.
        store.append("t", n, [OPENED if n == 0 else PlayerSeated(f"p{n}", n, 0)])
        began = time.perf_counter()
        heard = listener.wait(1.0)
        times.append(time.perf_counter() - began)
        assert heard == [("t", n + 1)]
    assert max(times) < 0.1, times
    assert CHANNEL == CHANNEL.lower()
    listener.close()
    store.close()


def test_a_table_has_one_owner_until_it_lets_go(pg_url: str) -> None:
    a, b = Owner(pg_url), Owner(pg_url)
    assert a.claim("club") and a.claim("club")
    assert not b.claim("club")
    assert b.claim("other") and b.held == {"other"}
    a.release("club")
    assert b.claim("club") and not a.claim("club")
    b.close()  # the server lets go as soon as b's connection has ended
    began = time.monotonic()
    while not a.claim("club"):
        assert time.monotonic() - began < 1
        time.sleep(0.005)
    a.close()


OWNER_CHILD = """
import sys, time
from puntobanco.store.postgres import Owner
owner = Owner(sys.argv[1])
assert owner.claim("club")
print("owned", flush=True)
time.sleep(60)
"""


def test_a_killed_owner_lets_another_process_take_the_table_at_once(pg_url: str) -> None:
    other = Owner(pg_url)
    with subprocess.Popen(
        [sys.executable, "-c", OWNER_CHILD, pg_url], stdout=subprocess.PIPE, text=True
    ) as child:
        assert child.stdout is not None and child.stdout.readline() == "owned\n"
        assert not other.claim("club")
        child.kill()  # kill -9
        child.wait()
    began = time.monotonic()
    while not other.claim("club"):
        assert time.monotonic() - began < 5
        time.sleep(0.01)
    assert time.monotonic() - began < 5
    other.close()


def test_the_cluster_helper_reports_a_missing_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    assert cluster_main(["url", "--dir", "/nonexistent/puntobanco-pg"]) == 1
    assert "nonexistent" in capsys.readouterr().err


def test_a_command_is_applied_once_per_table(pg_url: str) -> None:
    store = PostgresStore(pg_url)
    store.append("t", 0, [OPENED], command="open-1")
    store.append("t", 1, [PlayerSeated("Ana", 1, 0)], command="sit-ana")
    with pytest.raises(StoreError, match="'sit-ana' was already carried out .* \\(event 2\\)"):
        store.append("t", 2, [PlayerSeated("Ana", 1, 0)], command="sit-ana")
    assert store.applied("t", "sit-ana") == (2, 2) and store.applied("t", "other") is None
    store.append("u", 0, [OPENED], command="sit-ana")  # ids are per table
    assert store.count("t") == 2
    store.close()


def test_a_database_of_version_1_is_migrated(pg_url: str) -> None:
    from puntobanco.store.postgres import MIGRATIONS

    raw = connect(pg_url)
    raw.execute("CREATE TABLE puntobanco_schema (version INTEGER NOT NULL)")
    raw.execute(MIGRATIONS[0])
    raw.execute("INSERT INTO puntobanco_schema VALUES (1)")
    raw.execute("INSERT INTO heads VALUES ('t', 1, 'x')")
    raw.execute("INSERT INTO events VALUES ('t', 1, 'x', 'TableOpened', %s)", (dumps(OPENED),))
    raw.close()
    store = PostgresStore(pg_url)
    assert store.schema_version() == SCHEMA_VERSION == 7
    assert [r.event for r in store.load("t")] == [OPENED]
    store.append("t", 1, [PlayerSeated("Ana", 1, 0)], command="c1")  # the new table is there
    assert store.load_snapshot("t") is None
    store.close()


def test_history_and_export_read_a_postgresql_database(
    pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from puntobanco import CasinoTable
    from puntobanco.cli import main

    with CasinoTable(seed=9, db=pg_url, table="salon") as table:
        table.sit("Ana", 100_000)
        table.bet("Ana", "banco", 1010)
        table.deal()
    assert main(["history", "--db", pg_url, "salon"]) in (0, None)
    assert "salon coup 1" in capsys.readouterr().out
    assert main(["export", "--db", pg_url, "salon"]) in (0, None)
    lines = capsys.readouterr().out.splitlines()
    store = PostgresStore(pg_url)
    assert len(lines) == len(store.load("salon")) and '"salon"' in lines[0]
    store.close()


def test_a_group_commit_is_one_statement_all_or_nothing(pg_url: str) -> None:
    """Each statement is a round trip that lets the GIL go and waits for a busy
    event loop to give it back: a batch over many tables, commands and a table
    named twice included, is one call of ``puntobanco_append``."""
    store = PostgresStore(pg_url)
    listener = Listener(pg_url)
    tables = [f"t{n}" for n in range(20)]
    store.append_many([(t, 0, [OPENED]) for t in tables])
    assert sorted(listener.wait(1.0)) == sorted((t, 1) for t in tables)
    real = store._link.connection
    sent: list[str] = []

    class Counting:
        closed = False

        def execute(self, sql: str, params: Any = None) -> object:
            sent.append(sql)
            return real.execute(sql, params)

    store._link._db = Counting()  # type: ignore[assignment]
    batch = [(t, 1, [PlayerSeated("Ana", 1, 0)]) for t in tables]
    batch.append(("t3", 2, [PlayerSeated("Bo", 2, 0), PlayerSeated("Cy", 3, 0)]))
    store.append_many(batch, commands=[f"sit-{t}" for t in tables] + ["sit-two"])
    store._link._db = real
    assert len(sent) == 1 and sent[0].startswith("SELECT puntobanco_append(")
    assert [r.seq for r in store.load("t3")] == [1, 2, 3, 4]
    assert store.applied("t3", "sit-t3") == (2, 2) and store.applied("t3", "sit-two") == (3, 4)
    heard = listener.wait(1.0)
    assert heard.index(("t3", 2)) < heard.index(("t3", 4))  # each append's own, in order
    # A command stored before: nothing of the batch is stored, other tables included.
    with pytest.raises(StoreError) as refused:
        store.append_many(
            [("t0", 2, [CoupSettled(1)]), ("t1", 2, [CoupSettled(1)])], commands=["new", "sit-t1"]
        )
    assert (refused.value.key, refused.value.params["table"]) == ("store.error.conflict", "t1")
    assert store.count("t0") == 2 and store.applied("t0", "new") is None
    # A table named twice must follow on its own append: refused before anything is sent.
    with pytest.raises(StoreError, match="Table 't0' changed elsewhere"):
        store.append_many([("t0", 2, [CoupSettled(1)]), ("t0", 2, [CoupSettled(2)])])
    assert store.count("t0") == 2
    listener.close()
    store.close()


def test_two_stores_moving_the_same_tables_in_opposite_orders_refuse_nothing(
    pg_url: str,
) -> None:
    """Two processes' group commits over the same tables, each naming them in its own
    order: each takes the tables' rows in one order (no deadlock for PostgreSQL to
    break by refusing one), and every append is stored or refused as a conflict."""
    tables = [f"d{n}" for n in range(12)]
    opener = PostgresStore(pg_url)
    opener.append_many([(t, 0, [OPENED]) for t in tables])
    opener.close()
    stores = [PostgresStore(pg_url), PostgresStore(pg_url)]
    failures: list[BaseException] = []

    def write(store: PostgresStore, order: list[str], name: str) -> None:
        for i in range(40):
            try:
                batch = [(t, store.count(t), [PlayerSeated(f"{name}{i}", i, 0)]) for t in order]
                store.append_many(batch)
            except StoreError as error:
                if error.key != "store.error.conflict":
                    failures.append(error)
            except Exception as error:  # noqa: BLE001 - a deadlock, said below
                failures.append(error)

    threads = [
        threading.Thread(target=write, args=(stores[0], tables, "A")),
        threading.Thread(target=write, args=(stores[1], tables[::-1], "B")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert failures == []
    for store in stores:
        store.close()
