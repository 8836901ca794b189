"""An ended table's rematch: named once in the ended table's log, for every process."""

from __future__ import annotations

import pytest

from puntobanco.engine import CloseTable, Engine, Viewer
from puntobanco.errors import IllegalActionError
from puntobanco.store import MemoryStore
from puntobanco.table.describe import describe
from puntobanco.table.events import RematchOpened


def ended(engine: Engine, table: str = "old") -> None:
    engine.open(table, "casino", settings={"seed": 4}, players=[("Ana", 10_000)])
    engine.do(table, CloseTable())


def test_the_rematch_is_named_once_in_the_ended_table_s_log_and_its_views() -> None:
    engine = Engine()
    engine.open("early", "casino", settings={"seed": 4})
    with pytest.raises(IllegalActionError):
        engine.name_rematch("early", "new")  # before its end
    ended(engine)
    assert engine.rematch_of("old") is None
    assert "rematch" not in engine.view("old", Viewer.player("Ana"))
    heard: list[int] = []
    engine.subscribe("old", lambda committed: heard.append(committed.seq))
    config, players, _ = engine.rematch("old")
    engine.open("new", config.format, settings=config, players=[(p, 10_000) for p in players])
    assert engine.name_rematch("old", "new") == "new"
    assert engine.name_rematch("old", "other") == "new"  # the first one stays the one
    assert engine.rematch_of("old") == "new" and heard == [engine.machine("old").event_count]
    for viewer in (Viewer.HOST, Viewer.player("Ana"), Viewer.WATCHER):
        assert engine.view("old", viewer)["rematch"] == "new"
        assert '"rematch": "new"' in engine.view_text("old", viewer)
    event = engine.log("old")[-1].event
    assert event == RematchOpened("new") and "new" in describe(event, config, "en")
    with pytest.raises(IllegalActionError) as again:
        engine.machine("old").open_rematch("other")
    assert again.value.key == "table.error.rematch_open"


def test_a_rematch_another_engine_named_first_is_the_one() -> None:
    store = MemoryStore()
    one, two = Engine(store), Engine(store)
    ended(one)
    two.resume("old")  # both hold the ended table
    assert one.name_rematch("old", "first") == "first"
    assert two.name_rematch("old", "second") == "first"  # its write conflicts: it reads
    assert Engine(store).rematch_of("old") == "first"
    assert sum(isinstance(r.event, RematchOpened) for r in store.load("old")) == 1
