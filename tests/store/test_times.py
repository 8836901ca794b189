"""Stored times never go back within a table, whatever the wall clock does (an NTP
step back, a date set by hand): each append is stamped with the later of the clock
and its table's last stored time, the step is logged and counted; such a log still
verifies, exports, imports and lists its last coups. Every backend, with an
injected clock."""

from __future__ import annotations

import contextlib
import io
import json
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from tests.web.helpers import command, join, open_table

from puntobanco import Session
from puntobanco.cli import main
from puntobanco.coup import Outcome
from puntobanco.store import ClockedStore, EventStore, MemoryStore, open_store
from puntobanco.store.jsonl import export_lines
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import TableConfig
from puntobanco.table.events import BetPlaced, CoupSettled, PlayerSeated, TableOpened
from puntobanco.web.app import create_app

START = "2026-12-01T21:00:00.000+00:00"
HOUR = 3600.0


class WallClock:
    """The wall clock as a store reads it (``clock()``), and the monotonic clock
    (``monotonic()``): time passes for both (``move``); the wall clock alone is
    set forwards or back (``step``: an NTP step, a date set by hand)."""

    def __init__(self, start: str = START) -> None:
        self.at = datetime.fromisoformat(start)
        self.real = 0.0

    def __call__(self) -> str:
        return self.at.isoformat(timespec="milliseconds")

    def monotonic(self) -> float:
        return self.real

    def move(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)
        self.real += seconds

    def step(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


def later(time: str, seconds: float) -> str:
    return (datetime.fromisoformat(time) + timedelta(seconds=seconds)).isoformat(
        timespec="milliseconds"
    )


Make = Callable[["WallClock | None"], EventStore]


def maker(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> Make:
    """Makes a store of backend ``kind`` on one log, with the clocks it is given
    (None: the system's)."""

    def clocks(clock: WallClock | None) -> dict[str, Any]:
        return {} if clock is None else {"clock": clock, "monotonic": clock.monotonic}

    if kind == "memory":
        return lambda clock: MemoryStore(**clocks(clock))
    if kind == "sqlite":
        path = tmp_path / "log.db"
        return lambda clock: SQLiteStore(path, **clocks(clock))
    from puntobanco.store.postgres import PostgresStore

    url: str = request.getfixturevalue("pg_url")
    return lambda clock: PostgresStore(url, **clocks(clock))


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def make(request: pytest.FixtureRequest, tmp_path: Path) -> Make:
    """Every backend."""
    return maker(request.param, request, tmp_path)


@pytest.fixture(params=["sqlite", "postgresql"])
def make_lasting(request: pytest.FixtureRequest, tmp_path: Path) -> Make:
    """The backends whose log outlives its store."""
    return maker(request.param, request, tmp_path)


def seated(n: int) -> PlayerSeated:
    return PlayerSeated(f"p{n}", 1, 0)


def steps_back(store: EventStore) -> int:
    assert isinstance(store, ClockedStore)
    return store.steps_back


def times(store: EventStore, table: str) -> list[str]:
    return [r.time for r in store.load(table)]


def test_a_clock_stepped_back_never_takes_a_table_s_times_back(
    make: Make, caplog: pytest.LogCaptureFixture
) -> None:
    clock = WallClock()
    store = make(clock)
    store.append("t", 0, [TableOpened("t", TableConfig.session())])
    clock.move(1)
    store.append("t", 1, [seated(1)])
    ahead = clock()
    clock.step(-HOUR)  # an NTP step back
    with caplog.at_level(logging.WARNING, logger="puntobanco.store"):
        store.append("t", 2, [seated(2), seated(3)])
    assert times(store, "t")[2:] == [ahead, ahead]  # the table's last time, not the clock's
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "stepped back" in caplog.records[0].getMessage()
    assert "3600.000 s" in caplog.records[0].getMessage()
    store.append("u", 0, [TableOpened("u", TableConfig.session())])
    assert times(store, "u") == [clock()]  # a new table takes the clock as it reads
    clock.move(10.0004)
    store.append("t", 4, [seated(4)])  # still behind: the same step, counted once
    assert times(store, "t")[-1] == later(ahead, 10)  # at the pace of real time
    assert steps_back(store) == 1
    clock.move(0.9996)  # what was cut to the millisecond counts at the next append
    store.append("t", 5, [seated(5)])
    assert times(store, "t")[-1] == later(ahead, 11)
    clock.step(-5)  # a second step back
    store.append("t", 6, [seated(6)])
    assert times(store, "t")[-1] == later(ahead, 11)
    assert steps_back(store) == 2
    store.append("v", 0, [TableOpened("v", TableConfig.session())])
    clock.move(5)
    store.append("v", 1, [seated(1)])  # no step since v's last time: the clock
    assert times(store, "v")[-1] == clock()
    store.append("u", 1, [seated(1)])  # u saw the second step: its time goes on
    assert times(store, "u")[-1] == later(times(store, "u")[0], 16)
    stamps = [datetime.fromisoformat(t) for t in times(store, "t")]
    assert stamps == sorted(stamps) and len(stamps) == 7
    store.close()


def test_a_group_commit_stamps_each_table_after_its_own_last_time(
    make: Make,
) -> None:
    clock = WallClock()
    store = make(clock)
    store.append("t", 0, [TableOpened("t", TableConfig.session())])
    before = clock()
    clock.step(-HOUR)
    from puntobanco.store import append_many

    opened = TableOpened("u", TableConfig.session())
    append_many(store, [("t", 1, [seated(1)]), ("u", 0, [opened]), ("t", 2, [seated(2)])])
    assert times(store, "t") == [before] * 3
    assert times(store, "u") == [clock()]
    store.close()


def test_a_store_opened_after_the_clock_went_back_goes_on_from_the_log_s_time(
    make_lasting: Make,
) -> None:
    clock = WallClock()
    first = make_lasting(clock)
    first.append("t", 0, [TableOpened("t", TableConfig.session())])
    first.close()
    clock.step(-HOUR)
    again = make_lasting(clock)
    again.append("t", 1, [seated(1)])
    assert times(again, "t") == [START, START]
    assert steps_back(again) == 1
    again.close()


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_a_session_played_across_a_step_back_verifies_imports_and_lists_its_last_coups(
    tmp_path: Path,
) -> None:
    """The reliability review's case: after the clock went back an hour, verify refused
    the log for ever, its export could not be imported, and ``history --last 2``
    listed coups 2 and 5."""
    db, clock = tmp_path / "club.db", WallClock()
    store = SQLiteStore(db, clock=clock, monotonic=clock.monotonic)
    s = Session(["Ana", "Bruno"], seed=7, db=store, deals=5)
    for n in range(5):
        if n == 2:
            clock.step(-HOUR)
        s.predict("Ana", "banco")
        s.predict("Bruno", "punto")
        s.deal()
        clock.move(30)
    s.close()
    code, out, err = run("verify", "session", "--db", str(db))
    assert code == 0, err
    code, export, err = run("export", "session", "--jsonl", "--db", str(db))
    assert code == 0, err
    (tmp_path / "club.jsonl").write_text(export, encoding="utf-8")
    code, out, err = run("import", str(tmp_path / "club.jsonl"), "--db", str(tmp_path / "b.db"))
    assert code == 0, err
    code, out, err = run("history", "--last", "2", "--json", "--db", str(db))
    assert code == 0, err
    assert [c["coup"] for c in json.loads(out)] == [4, 5]


def written_back(tmp_path: Path) -> Path:
    """A log written (by an older puntobanco) while the clock went back an hour after
    its second coup: the times of its last three coups are an hour early."""
    played = tmp_path / "played.db"
    s = Session(["Ana", "Bruno"], seed=7, db=played, deals=5)
    for _ in range(5):
        s.predict("Ana", "banco")
        s.predict("Bruno", "punto")
        s.deal()
    s.close()
    records = open_store(played).load("session")
    settled = [i for i, r in enumerate(records) if isinstance(r.event, CoupSettled)]
    cut = settled[1] + 1  # the events after coup 2's settlement
    early = [
        (datetime.fromisoformat(r.time) - timedelta(hours=1 if i >= cut else 0)).isoformat(
            timespec="milliseconds"
        )
        for i, r in enumerate(records)
    ]
    db = tmp_path / "back.db"
    SQLiteStore(db).append("session", 0, [r.event for r in records], times=early)
    return db


def test_history_lists_the_last_coups_of_a_log_whose_times_went_back(tmp_path: Path) -> None:
    db = written_back(tmp_path)
    code, out, err = run("history", "--last", "2", "--json", "--db", str(db))
    assert code == 0, err
    assert [c["coup"] for c in json.loads(out)] == [4, 5]
    code, out, err = run("history", "session", "--last", "2", "--json", "--db", str(db))
    assert [c["coup"] for c in json.loads(out)] == [4, 5]


def test_verify_says_a_time_went_back_not_that_it_is_not_a_time(tmp_path: Path) -> None:
    db = written_back(tmp_path)
    records = SQLiteStore(db, readonly=True).load("session")
    at = next(i for i in range(1, len(records)) if records[i].time < records[i - 1].time)
    code, out, err = run("verify", "session", "--db", str(db))
    assert code == 2
    assert f"Line {at + 1} (table 'session'): stored at '{records[at].time}', before" in err
    assert f"the line above ('{records[at - 1].time}')" in err
    assert "not a time" not in err and "clock" in err
    lines = export_lines(records)
    (tmp_path / "back.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run("--lang", "fr", "verify", str(tmp_path / "back.jsonl"))
    assert code == 2 and "avant la ligne précédente" in err and "horloge" in err


def test_serve_counts_a_step_back_in_its_metrics(caplog: pytest.LogCaptureFixture) -> None:
    clock = WallClock()
    store = MemoryStore(clock=clock, monotonic=clock.monotonic)
    with TestClient(create_app(store=store), client=("127.0.0.1", 50000)) as client:
        table = open_table(client, "casino", seed=3, turn_seconds=None)
        ana = join(client, table["table"], "Ana")
        assert command(client, table["table"], ana, "Bet", box="banco", stake=2000).is_success
        clock.step(-HOUR)
        with caplog.at_level(logging.WARNING, logger="puntobanco.store"):
            bet = command(client, table["table"], ana, "Bet", box="egalite", stake=1000)
        assert bet.is_success, bet.text
        scraped = client.get("/metrics").text
    found = {
        s.name: s.value
        for family in text_string_to_metric_families(scraped)
        for s in family.samples
    }
    assert found["puntobanco_store_clock_steps_back_total"] == 1
    assert any("stepped back" in r.getMessage() for r in caplog.records)


def test_a_bet_placed_after_a_step_back_is_stored_after_the_one_before() -> None:
    clock = WallClock()
    store = MemoryStore(clock=clock, monotonic=clock.monotonic)
    store.append("t", 0, [BetPlaced("Ana", Outcome.BANCO, 100)])
    clock.step(-0.5)  # half a second back: enough to break a log's order
    store.append("t", 1, [BetPlaced("Ana", Outcome.BANCO, 100)])
    assert times(store, "t") == [START, START]
    assert steps_back(store) == 0  # a correction under a second is no step


def test_appends_in_quick_succession_on_the_system_s_clocks_count_no_step(
    make_lasting: Make, caplog: pytest.LogCaptureFixture
) -> None:
    """The wall clock is read to the millisecond and the monotonic clock finer: a table's
    time carried on from its last append must not look like a step back."""
    store = make_lasting(None)
    with caplog.at_level(logging.WARNING, logger="puntobanco.store"):
        store.append("t", 0, [TableOpened("t", TableConfig.session())])
        for n in range(1, 200):
            store.append("t", n, [seated(n)])
    assert steps_back(store) == 0 and not caplog.records
    stamps = [datetime.fromisoformat(t) for t in times(store, "t")]
    assert stamps == sorted(stamps)
    store.close()
