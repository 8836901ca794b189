"""Snapshots: a table reopened from its snapshot is the table a full replay gives."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from puntobanco.coup import Outcome, resolve
from puntobanco.engine import Bet, Deal, Engine, Sit
from puntobanco.engine.reopen import SNAPSHOT_EVERY, snapshot
from puntobanco.fair.gathering import Entropy, Gathering, Window
from puntobanco.store import EventStore, MemoryStore, open_store
from puntobanco.table import replay
from puntobanco.table.lesson import Lesson, Reply, Shown
from puntobanco.table.snapshot import VERSION, dump_state, load_state
from puntobanco.table.state import NextShoe, Phase


def play(engine: Engine, coups: int) -> None:
    for n in range(coups):
        engine.do("club", Bet("Ana", "banco" if n % 3 else "punto", 1_000 + 10 * (n % 7)))
        engine.do("club", Bet("Bruno", "egalite", 500))
        engine.do("club", Deal())


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_a_table_reopened_from_its_snapshot_equals_its_full_replay(
    kind: str, tmp_path: Path
) -> None:
    store: EventStore = MemoryStore() if kind == "memory" else open_store(tmp_path / "s.db")
    engine = Engine(store)
    engine.open("club", "casino", settings={"seed": 5, "decks": 1}, players=[("Ana", 10**7)])
    engine.do("club", Sit("Bruno", 10**7))
    play(engine, 30)
    snapshot(store, "club", engine.machine("club"))  # type: ignore[arg-type]
    play(engine, 7)
    again = Engine(store)
    reopened = again.machine("club")
    assert reopened.from_snapshot
    assert reopened.state == replay(r.event for r in store.load("club"))
    play(again, 3)  # and it plays on, appending after the stored events
    assert again.state("club") == replay(r.event for r in store.load("club"))


def test_snapshots_are_written_between_coups_every_so_many_events() -> None:
    store = MemoryStore()
    engine = Engine(store)
    engine.open("club", "casino", settings={"seed": 1}, players=[("Ana", 10**9)])
    engine.do("club", Sit("Bruno", 10**9))
    while len(store.load("club")) < SNAPSHOT_EVERY + 50:
        play(engine, 1)
    saved = store.load_snapshot("club")
    assert saved is not None and saved[0] >= SNAPSHOT_EVERY
    assert load_state(saved[1]) == replay(r.event for r in store.load("club")[: saved[0]])


def test_a_snapshot_that_cannot_be_read_falls_back_to_the_full_log() -> None:
    store = MemoryStore()
    engine = Engine(store)
    engine.open("club", "casino", settings={"seed": 2}, players=[("Ana", 10**7)])
    engine.do("club", Bet("Ana", "banco", 1_000))
    engine.do("club", Deal())
    store.save_snapshot("club", 5, "{not json")
    again = Engine(store)
    assert not again.machine("club").from_snapshot
    assert again.state("club") == engine.state("club")


def test_the_snapshot_round_trips_every_field() -> None:
    engine = Engine()
    engine.open("h", "assist", settings={"deals": 3}, players=["Ana", "Bruno"])
    engine.do("h", Bet("Ana", "banco"))
    engine.do("h", Bet("Bruno", "egalite"))
    state = engine.state("h")
    assert load_state(dump_state(state)) == state


def test_every_field_of_the_state_away_from_its_default_round_trips() -> None:
    engine = Engine()
    engine.open("club", "casino", settings={"seed": 3}, players=[("Ana", 10**7)])
    engine.do("club", Sit("Bruno", 10**7))
    play(engine, 2)
    engine.do("club", Bet("Ana", "banco", 2_000))
    state = engine.state("club")
    assert state.last is not None and state.shoe is not None
    cards = state.last.cards
    changed = dataclasses.replace(
        state,
        current=resolve(cards),
        phase=Phase.BETS_CLOSED,
        entropy=Entropy(
            Gathering(2, Window.REVEAL, (("Ana", "d1"), ("Bruno", "d2")), (("Ana", "v1"),)),
            Gathering(1, Window.CLOSED, (("Ana", "d0"),), (("Ana", "v0"),), ("Bruno",)),
        ),
        punto_hand="Bruno",
        lesson=Lesson(
            2, True, (Reply("Ana", "8 à 1"),), (Shown(1, (Reply("Bruno", "b"),), ("b",)),)
        ),
        taken=Fraction(7, 2),
        closed_kept=Fraction(1, 20),
        face_down="Ana",
        placed=cards,
        winners=("Ana", "Bruno"),
        kept=Fraction(3, 20),
        house=Fraction(-41, 2),
        closed_bets={"Ana": {Outcome.BANCO: 2_000, "punto_pair": Fraction(5, 2)}},
        closed_balances={"Ana": 10**7},
        closed_holder="Bruno",
        nets={"Bruno": -500},
        closed_last=state.last,
        next_shoe=NextShoe(2, "ab" * 32, None, (("Ana", "hello"), ("Bruno", "« olé »"))),
        joins="approval",
        asking={"Chloé": (41, Fraction(5, 2))},
        prediction_seconds=30,
        skipped=(state.coup, ("Bruno",)),
        ready=(state.coup, ("Ana", "Bruno")),
        rebuys={"Bruno": Fraction(5, 2)},
        paused=True,
        rematch="t0123456789",
    )
    ana = changed.players["Ana"]
    assert ana.chips and ana.last_bets  # the layout's chips in order, and the last coup's bets
    unset = [f.name for f in dataclasses.fields(changed) if getattr(changed, f.name) == f.default]
    assert not unset, unset
    assert load_state(dump_state(changed)) == changed


def test_a_snapshot_of_another_version_is_refused_for_the_log() -> None:
    engine = Engine()
    engine.open("h", "session", players=["Ana", "Bruno"])
    text = dump_state(engine.state("h"))
    assert load_state(text) == engine.state("h")
    with pytest.raises(ValueError, match="version"):
        load_state(text.replace(f'"version":{VERSION}', f'"version":{VERSION - 1}'))


def test_a_command_on_a_table_reopened_from_its_snapshot_returns_and_publishes_its_events() -> None:
    store = MemoryStore()
    engine = Engine(store)
    engine.open("club", "casino", settings={"seed": 5}, players=[("Ana", 10**7)])
    engine.do("club", Sit("Bruno", 10**7))
    play(engine, 3)
    snapshot(store, "club", engine.machine("club"))
    again = Engine(store)
    assert again.machine("club").from_snapshot
    heard: list[int] = []
    again.subscribe("club", lambda committed: heard.append(committed.seq))
    committed = again.do("club", Bet("Ana", "banco", 1_000))
    assert [e["type"] for e in committed.events] == ["BetPlaced"]
    assert heard == [committed.seq] == [len(store.load("club"))]
