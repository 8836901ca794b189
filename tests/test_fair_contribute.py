"""Typed contributions, at the tables of the older scheme that still take them: a table
stored before contributions were committed plays on as it did (its next shoe's server
seed committed one shoe ahead, the players' texts appended to its client seed), and its
log imports, exports and verifies; a table of this version refuses them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from puntobanco import Session, fair
from puntobanco.cli import main
from puntobanco.engine import Contribute, Engine, Viewer
from puntobanco.errors import IllegalActionError, InvalidContributionError, StoreError
from puntobanco.fair.log import fair_shoes
from puntobanco.rng import SeededRandom
from puntobanco.store import MemoryStore, open_store
from puntobanco.store.chain import hashes
from puntobanco.store.jsonl import export_lines, import_lines, read_lines
from puntobanco.table import Table, TableConfig
from puntobanco.table.events import Event, NextShoeCommitted, SeedContributed, ShoeShuffled

DATA = Path(__file__).parent / "data"


def older(config: TableConfig) -> TableConfig:
    """``config`` as a table stored before contributions were committed reads it."""
    return replace(config, commit_seconds=None, reveal_seconds=None)


def shuffled(events: tuple[Event, ...] | list[Event], shoe: int) -> ShoeShuffled:
    return next(e for e in events if isinstance(e, ShoeShuffled) and e.shoe == shoe)


def committed(events: tuple[Event, ...] | list[Event], shoe: int) -> NextShoeCommitted:
    return next(e for e in events if isinstance(e, NextShoeCommitted) and e.shoe == shoe)


def until_shoe(table: Table, number: int) -> None:
    while table.state.shoe is not None and table.state.shoe.number < number:
        table.bet("Ana", "banco", 1000)
        table.play_coup()


def casino() -> Table:
    config = older(TableConfig.casino(decks=1))
    return Table.open(
        "club", config, players=[("Ana", 10**9), ("Bruno", 10**9)], rng=SeededRandom(41)
    )


def test_an_older_table_commits_its_next_shoe_ahead_and_appends_the_texts_in_order() -> None:
    table = casino()
    opened = table.events
    assert type(opened[1]).__name__ == "ShoeShuffled"  # shoe 1 shuffled as it opened
    ahead = committed(opened, 2)
    table.contribute("Ana", "lucky 7")
    table.contribute("Bruno", "Ω and ünïcode")
    until_shoe(table, 2)
    second = shuffled(table.events, 2)
    client = "club/2|lucky 7|Ω and ünïcode"
    assert second.client_seed == client and second.server_seed == ahead.server_seed
    seed = bytes.fromhex(ahead.server_seed)
    assert second.order == fair.shoe_order(seed, client, 2, 1)


@pytest.mark.parametrize("text", ["", "a|b", "x" * 65, "line\nbreak", "\x07", None, 7])
def test_a_typed_text_that_is_not_1_to_64_printable_characters_without_a_bar_is_refused(
    text: object,
) -> None:
    table = casino()
    with pytest.raises(InvalidContributionError) as refused:
        table.contribute("Ana", text)  # type: ignore[arg-type]
    assert refused.value.key == "fair.error.contribution"
    assert repr(text) in refused.value.message("en")
    table.contribute("Ana", "x" * 64)  # the longest that is taken


def test_one_typed_text_per_player_and_shoe() -> None:
    table = casino()
    table.contribute("Ana", "first")
    with pytest.raises(IllegalActionError) as twice:
        table.contribute("ana", "again")
    assert twice.value.key == "table.error.contribute.twice"
    assert "shoe 2" in twice.value.message("en")


def test_a_table_of_this_version_refuses_a_typed_text_whatever_its_shoes() -> None:
    for config, key in [
        (TableConfig.casino(), "entropy.error.typed"),
        (TableConfig.casino(seed=5), "entropy.error.seeded"),
        (TableConfig.session(seed=5), "entropy.error.seeded"),
    ]:
        players = [("Ana", 10**6)] if config.money else ["Ana", "Bruno"]
        table = Table.open("club", config, players=players)
        with pytest.raises(IllegalActionError) as refused:
            table.contribute("Ana", "lucky")
        assert refused.value.key == key
    engine = Engine()
    engine.open("club", "casino", settings={"seed": 1}, players=[("Ana", 10**6)])
    assert not any(
        c["type"] == "Contribute" for c in engine.view("club", Viewer.player("Ana"))["commands"]
    )
    with pytest.raises(IllegalActionError):
        engine.do("club", Contribute("Ana", "lucky"), by=Viewer.player("Ana"))


def test_an_older_log_whose_typed_text_was_changed_is_refused() -> None:
    lines = [
        json.loads(x) for x in (DATA / "older_scheme_club.jsonl").read_text("utf-8").splitlines()
    ]
    for line in lines:
        if line["event"]["type"] == "SeedContributed" and line["event"]["text"] == "lucky 7":
            line["event"]["text"] = "lucky 8"
    links = hashes((x["table"], x["seq"], x["time"], x["event"]) for x in lines)
    forged = [
        json.dumps({**x, "prev": p, "hash": h}) for x, (p, h) in zip(lines, links, strict=True)
    ]
    with pytest.raises(StoreError) as refused:
        import_lines(MemoryStore(), forged)
    assert refused.value.key == "import.error.fair_shoe"


def test_the_contribute_command_still_adds_a_text_at_an_older_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.db"
    path = DATA / "older_scheme_session.jsonl"
    assert main(["import", str(path), "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["contribute", "session", "ana", "lucky 7", "--db", str(db)]) == 0
    assert "shoe 3" in capsys.readouterr().out
    again = Session.resume(db=db)
    again.predict("Ana", "banco")
    again.predict("Bruno", "punto")
    again.deal()
    assert shuffled(again.events, 3).client_seed == "session/3|deal three|lucky 7"
    again.close()
    store = open_store(db)
    assert [
        e.text for e in (r.event for r in store.load("session")) if isinstance(e, SeedContributed)
    ] == [
        "deal two",
        "deal three",
        "lucky 7",
    ]
    store.close()


def test_a_head_noted_during_a_deal_is_in_every_export_once_that_deal_and_the_next_have_ended() -> (
    None
):
    from puntobanco.store.jsonl import chain_head, chain_of

    store = MemoryStore()
    session = Session(["Ana", "Bruno"], deals=6, db=store, rng=SeededRandom(12))

    def deal() -> None:
        session.predict("Ana", "banco")
        session.predict("Bruno", "punto")
        session.deal()

    def exported_heads() -> list[str]:
        lines = export_lines(store.load("session"))
        return [h for _, h in chain_of(read_lines(lines)["session"])]

    deal()
    deal()  # deal 3 is open: its shoe is shuffled, the seed of deal 4's committed
    noted = chain_head(store.load("session"))
    deal()  # deal 4 open: deal 3's shoe has ended, deal 4's seed is still hidden
    assert noted not in exported_heads()
    deal()  # deal 5 open: deal 4's shoe has ended too
    assert noted in exported_heads()
    session.close_table()
    assert noted in exported_heads()
    assert all(fair.verify_shoe(s) for s in fair_shoes(r.event for r in store.load("session")))
