"""A write PostgreSQL refuses while the table holds exactly the events it expected says
what was refused: a command carried out before, a log rewritten under the writer, the
database's own words; never "expected 856 events, found 856" (the reliability
review's log line), and never a value a DETAIL line would quote."""

from __future__ import annotations

import logging

import psycopg
import pytest

from puntobanco.errors import StoreError
from puntobanco.store.postgres import PostgresStore
from puntobanco.table import TableConfig
from puntobanco.table.events import CoupSettled, Event, PlayerSeated, TableOpened
from puntobanco.web.metrics import Metrics


class Sent:
    """One write of a group commit, as the server's log counts it."""

    events: tuple[Event, ...] = ()


def opened(table: str) -> TableOpened:
    return TableOpened(table, TableConfig.session())


def refused_by(store: PostgresStore, *args: object, **kwargs: object) -> StoreError:
    with pytest.raises(StoreError) as refused:
        store.append_many(*args, **kwargs)  # type: ignore[arg-type]
    assert refused.value.key == "store.error.conflict"  # a conflict: reload, ask, go on
    return refused.value


def test_a_command_carried_out_before_is_named_as_the_reason(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = PostgresStore(pg_url)
    store.append_many([("t", 0, [opened("t")]), ("u", 0, [opened("u")])], commands=["a", "b"])
    store.append_many([("t", 1, [PlayerSeated("Ana", 1, 0)])], commands=["web:player:Ana:sit"])
    # The same command again, sent to another server after a failover, say.
    error = refused_by(
        store,
        [("u", 1, [PlayerSeated("Bo", 1, 0)]), ("t", 2, [PlayerSeated("Ana", 2, 0)])],
        commands=["c", "web:player:Ana:sit"],
    )
    assert error.message("en") == (
        "Table 't' changed elsewhere: a command of this write was carried out before "
        "(its events end at event 2), so nothing of the write was stored."
    )
    assert "web:player:Ana" not in error.message("en")  # another player's command stays theirs
    assert "ailleurs\u00a0: une commande" in error.message("fr")
    assert [store.count(t) for t in ("t", "u")] == [2, 1]
    with caplog.at_level(logging.WARNING, logger="puntobanco.web.store"):
        Metrics().commit_failed(8, error)
    (line,) = [r for r in caplog.records if r.name == "puntobanco.web.store"]
    assert line.getMessage().startswith("commit of 8 write(s) failed: Table 't' changed")
    assert "expected 2 events, found 2" not in line.getMessage()
    store.close()


def test_a_coup_settled_twice_is_the_database_s_refusal_in_its_words(pg_url: str) -> None:
    store = PostgresStore(pg_url)
    store.append("t", 0, [opened("t"), CoupSettled(1)])
    error = refused_by(store, [("t", 2, [CoupSettled(1)])])
    message = error.message("en")
    assert message.startswith("Table 't' changed elsewhere: the database refused the write (")
    assert "events_settled_once" in message
    assert "DETAIL" not in message and "Key (" not in message  # the row's values stay out
    assert "expected 2 events, found 2" not in message
    assert store.count("t") == 2
    store.close()


def test_a_log_rewritten_under_the_writer_is_said_so(pg_url: str) -> None:
    store = PostgresStore(pg_url)
    store.append("t", 0, [opened("t"), PlayerSeated("Ana", 1, 0)])
    with psycopg.connect(pg_url, autocommit=True) as other:  # rewritten by hand, say
        other.execute("UPDATE heads SET hash = %s WHERE table_id = 't'", ("0" * 64,))
    error = refused_by(store, [("t", 2, [PlayerSeated("Bo", 2, 0)])])
    assert error.message("en") == (
        "Table 't' changed elsewhere: its event 2 is not the one this server holds."
    )
    store.close()


def test_a_count_that_moved_on_still_says_both_numbers(pg_url: str) -> None:
    first, second = PostgresStore(pg_url), PostgresStore(pg_url)
    first.append("t", 0, [opened("t")])
    second.append("t", 1, [PlayerSeated("Ana", 1, 0)])
    error = refused_by(first, [("t", 1, [PlayerSeated("Bo", 1, 0)])])
    assert error.message("en") == "Table 't' changed elsewhere: expected 1 events, found 2."
    assert error.params["expected"] == 1 and error.params["found"] == 2
    first.close()
    second.close()
