"""The PostgreSQL store after its connection breaks: a server restarted, a connection
cut by the network or ended under it, an append whose answer never came back.

The restarts run on a throwaway cluster of this module's own (never the shared
test server); the network cuts go through a proxy (``tests.pgproxy``) in front of
the shared server, in a schema of the test's own.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from tests.pgproxy import Proxy

from puntobanco.engine import Committed, Engine, Sit
from puntobanco.errors import StoreError
from puntobanco.i18n import set_language
from puntobanco.store import pgcluster
from puntobanco.store.postgres import Listener, PostgresStore, connect
from puntobanco.table import TableConfig
from puntobanco.table.events import PlayerSeated, TableOpened

OPENED = TableOpened("salon", TableConfig.session())
ANA, BO = PlayerSeated("Ana", 1, 0), PlayerSeated("Bo", 2, 0)


@pytest.fixture(scope="module")
def cluster() -> Iterator[pgcluster.Cluster]:
    """A PostgreSQL cluster of this module's own, to stop and start."""
    folder = Path(tempfile.mkdtemp(prefix="puntobanco-reconnect-"))
    try:
        started = pgcluster.start(folder)
    except StoreError as error:
        pgcluster.stop(folder, remove=True)
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL is required under CI: {error}")
        pytest.skip(f"PostgreSQL not available: {error}")
    try:
        yield started
    finally:
        pgcluster.stop(folder, remove=True)


def fresh_schema(server: str) -> str:
    """The URL of a new, empty schema in ``server``'s database."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = connect(server)
    admin.execute(f"CREATE SCHEMA {schema}")
    admin.close()
    return f"{server}?options={quote(f'-csearch_path={schema}')}"


@pytest.fixture
def db(cluster: pgcluster.Cluster) -> str:
    """A fresh schema on the module's cluster."""
    return fresh_schema(cluster.url)


@pytest.fixture
def proxy(pg_server: str) -> Iterator[Proxy]:
    """A proxy in front of the shared test server (``through`` gives its URLs)."""
    through = Proxy(pg_server)
    try:
        yield through
    finally:
        through.close()


def through(proxy: Proxy, server: str, url: str) -> str:
    """``url`` (a schema of ``server``'s database) reached through ``proxy``."""
    assert url.startswith(server)
    return proxy.url + url[len(server) :]


def seqs(url: str, table: str = "salon") -> list[int]:
    """The table's event numbers, read on a connection of their own."""
    store = PostgresStore(url)
    try:
        return [r.seq for r in store.load(table)]
    finally:
        store.close()


def eventually(check: Callable[[], Any], seconds: float = 10.0) -> Any:
    """``check()``'s result once the database is back: ``check`` is tried again while
    it raises ``store.error.pg_unreachable`` (within ``seconds``)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return check()
        except StoreError as error:
            if error.key != "store.error.pg_unreachable" or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def waiting_on_a_lock(url: str, pid: int) -> bool:
    admin = connect(url)
    try:
        row = admin.execute(
            "SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", (pid,)
        ).fetchone()
    finally:
        admin.close()
    return row is not None and row[0] == "Lock"


def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def hold_the_head(url: str, table: str) -> Any:
    """A connection that holds ``table``'s head row locked (an append to it waits)."""
    locker = connect(url, autocommit=False)
    locker.execute("SELECT 1 FROM heads WHERE table_id = %s FOR UPDATE", (table,))
    return locker


def in_thread(work: Callable[[], None]) -> tuple[threading.Thread, list[BaseException]]:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as error:  # noqa: BLE001 - handed to the test
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, errors


# -- (1) a restarted server ---------------------------------------------------------


def test_a_store_whose_server_restarted_between_two_appends_appends_again(
    cluster: pgcluster.Cluster, db: str
) -> None:
    store = PostgresStore(db)
    store.append("salon", 0, [OPENED])
    pgcluster.stop(cluster.folder)
    pgcluster.start(cluster.folder)
    store.append("salon", 1, [ANA])  # its connection broke: a new one, and the append
    assert seqs(db) == [1, 2] and store.count("salon") == 2
    assert store.reconnects == 1
    store.close()


def test_while_its_server_is_down_the_store_says_so_at_once_and_works_once_it_is_back(
    cluster: pgcluster.Cluster, db: str
) -> None:
    store = PostgresStore(db)
    store.append("salon", 0, [OPENED])
    pgcluster.stop(cluster.folder)
    try:
        began = time.monotonic()
        with pytest.raises(StoreError) as refused:
            store.append("salon", 1, [ANA])
        first = time.monotonic() - began
        assert refused.value.key == "store.error.pg_unreachable"
        assert refused.value.params["db"] == db  # no password to hide here
        set_language("fr")
        assert str(refused.value).startswith("Impossible de joindre la base PostgreSQL")
        set_language(None)
        # The first operation tries again for a bounded while; the next ones are
        # refused at once while the backoff runs (no queue of rounds).
        assert first < 5, first
        began = time.monotonic()
        with pytest.raises(StoreError, match="Cannot reach the PostgreSQL database"):
            store.count("salon")
        assert time.monotonic() - began < 1
    finally:
        pgcluster.start(cluster.folder)
    back = time.monotonic()
    eventually(lambda: store.append("salon", 1, [ANA]))
    assert time.monotonic() - back < 3
    assert seqs(db) == [1, 2]  # the refused append was not stored
    store.close()


# -- (2) an append in flight when its connection breaks -------------------------------


def test_an_append_whose_answer_was_lost_after_its_commit_is_known_stored_not_sent_again(
    proxy: Proxy, pg_server: str, pg_url: str
) -> None:
    url = pg_url
    store = PostgresStore(through(proxy, pg_server, url))
    store.append("salon", 0, [OPENED])
    proxy.appends = 0
    proxy.cut_next_append("after")
    store.append("salon", 1, [ANA], command="sit-ana")  # acknowledged: it is stored
    assert proxy.cut_done.is_set() and store.reconnects == 1
    assert proxy.appends == 1  # read back, not sent a second time
    assert seqs(url) == [1, 2] and store.applied("salon", "sit-ana") == (2, 2)
    store.append("salon", 2, [BO])  # the store knows where the table is
    assert seqs(url) == [1, 2, 3]
    store.close()


def test_an_append_cut_before_it_reached_the_server_is_sent_again_and_stored_once(
    proxy: Proxy, pg_server: str, pg_url: str
) -> None:
    url = pg_url
    store = PostgresStore(through(proxy, pg_server, url))
    store.append("salon", 0, [OPENED])
    proxy.appends = 0
    proxy.cut_next_append("before")
    store.append_many([("salon", 1, [ANA]), ("other", 0, [OPENED])], commands=["a", None])
    assert proxy.cut_done.is_set() and proxy.appends == 1  # the one that got through
    assert seqs(url) == [1, 2] and seqs(url, "other") == [1]
    store.close()


def test_a_network_cut_while_an_append_waits_ends_its_server_process_before_reading(
    proxy: Proxy, pg_server: str, pg_url: str
) -> None:
    """The server process of a connection the network cut may still be running its
    append: it is ended before the log is read, so that it cannot commit after the
    store concluded it had not, and the append sent again is stored once."""
    url = pg_url
    store = PostgresStore(through(proxy, pg_server, url))
    store.append("salon", 0, [OPENED])
    locker = hold_the_head(url, "salon")
    first = store.backend_pid
    thread, errors = in_thread(lambda: store.append("salon", 1, [ANA]))
    try:
        until(lambda: waiting_on_a_lock(url, first))
        proxy.down()
        proxy.up()
        # The store connected again, ended the first process, found nothing stored,
        # and sent the append again: it waits for the lock in turn.
        until(
            lambda: (
                store.backend_pid not in (0, first) and waiting_on_a_lock(url, store.backend_pid)
            )
        )
        assert not waiting_on_a_lock(url, first)
    finally:
        locker.close()  # its transaction rolled back: the append goes on
        thread.join(10)
    assert not errors and not thread.is_alive()
    assert seqs(url) == [1, 2]
    store.close()


def test_an_append_waiting_when_the_server_crashes_is_refused_and_not_stored(
    cluster: pgcluster.Cluster, db: str
) -> None:
    store = PostgresStore(db)
    store.append("salon", 0, [OPENED])
    locker = hold_the_head(db, "salon")
    pid = store.backend_pid
    thread, errors = in_thread(lambda: store.append("salon", 1, [ANA], command="sit-ana"))
    try:
        until(lambda: waiting_on_a_lock(db, pid))
        pgcluster.stop(cluster.folder, mode="immediate")
        thread.join(10)
    finally:
        locker.close()
        pgcluster.start(cluster.folder)
    assert not thread.is_alive()
    assert len(errors) == 1 and isinstance(errors[0], StoreError)
    assert errors[0].key == "store.error.pg_unreachable"
    assert seqs(db) == [1]
    eventually(lambda: store.append("salon", 1, [ANA], command="sit-ana"))
    assert seqs(db) == [1, 2] and store.applied("salon", "sit-ana") == (2, 2)
    store.close()


def test_an_append_committed_when_the_server_stopped_unanswered_is_never_stored_twice(
    cluster: pgcluster.Cluster, db: str
) -> None:
    """The worst case: the commit reached the server, its answer did not come back and
    the server is gone before the log can be read. The append is refused (the store
    cannot say), the log holds it once, and sent again it is refused as applied."""
    proxy = Proxy(cluster.url)
    try:
        store = PostgresStore(through(proxy, cluster.url, db))
        store.append("salon", 0, [OPENED])
        proxy.cut_next_append("after", then=lambda: pgcluster.stop(cluster.folder))
        try:
            with pytest.raises(StoreError) as refused:
                store.append("salon", 1, [ANA], command="sit-ana")
        finally:
            pgcluster.start(cluster.folder)
        assert refused.value.key == "store.error.pg_unreachable"
        assert seqs(db) == [1, 2]  # it had been committed
        with pytest.raises(StoreError) as again:
            eventually(lambda: store.append("salon", 1, [ANA], command="sit-ana"))
        assert again.value.key == "store.error.applied" and again.value.params["seq"] == 2
        assert seqs(db) == [1, 2]
        store.close()
    finally:
        proxy.close()


# -- listeners: listening again, and what they missed ---------------------------------


def test_a_listener_cut_off_listens_again_and_hears_what_was_committed_meanwhile(
    proxy: Proxy, pg_server: str, pg_url: str
) -> None:
    url = pg_url
    writer = PostgresStore(url)
    writer.append("salon", 0, [OPENED])
    listener = Listener(through(proxy, pg_server, url))
    proxy.down()
    writer.append("salon", 1, [ANA])  # never notified to the listener
    writer.append("other", 0, [OPENED])
    assert listener.wait(0.3) == []
    proxy.up()
    deadline = time.monotonic() + 5
    heard: list[tuple[str, int]] = []
    while not heard and time.monotonic() < deadline:
        heard = listener.wait(0.2)
    assert sorted(heard) == [("other", 1), ("salon", 2)]  # every table's count
    writer.append("salon", 2, [BO])
    assert listener.wait(2) == [("salon", 3)]  # and it listens again
    listener.close()
    writer.close()


def test_a_shared_engine_cut_off_gets_the_commits_it_missed_in_order(
    proxy: Proxy, pg_server: str, pg_url: str
) -> None:
    url = pg_url
    far = Engine(through(proxy, pg_server, url))
    near = Engine(url)
    far.open("club", "casino", settings={"seed": 3})
    heard: list[Committed] = []
    far.subscribe("club", heard.append)
    proxy.down()
    seated = [near.do("club", Sit(name, 100_000)) for name in ("Ana", "Bo", "Cy")]
    with pytest.raises(StoreError) as refused:  # the far engine cannot reach the log
        far.do("club", Sit("Dee", 100_000), id="dee")
    assert refused.value.key == "store.error.pg_unreachable"
    proxy.up()
    until(lambda: sum(len(c.events) for c in heard) >= 3)
    seats = [e["name"] for c in heard for e in c.events if e["type"] == "PlayerSeated"]
    assert seats == ["Ana", "Bo", "Cy"]
    assert heard[-1].seq == seated[-1].seq
    # The far engine's copy is read again: its command goes on the table as it is.
    done = eventually(lambda: far.do("club", Sit("Dee", 100_000), id="dee"))
    assert done.seq == seated[-1].seq + 1
    assert [s["name"] for s in near.view("club")["players"]] == ["Ana", "Bo", "Cy", "Dee"]
    far.shutdown()
    near.shutdown()
