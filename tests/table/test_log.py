"""The log: JSON lines round trips (Hypothesis), replays of random play, the store."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco import CasinoTable
from puntobanco.cards import DECK
from puntobanco.coup import Outcome
from puntobanco.errors import PuntoBancoError, StoreError
from puntobanco.learn.lesson import ROOM_KINDS
from puntobanco.paths import default_db_path
from puntobanco.store import MemoryStore
from puntobanco.store.jsonl import export_lines, import_lines
from puntobanco.table import EVENT_TYPES, Table, TableConfig, dumps, loads, replay
from puntobanco.table.config import Format
from puntobanco.table.events import BetPlaced
from puntobanco.table.formats import RULES

cards = st.sampled_from(DECK)
texts = st.text(min_size=0, max_size=30)
amounts = st.one_of(
    st.integers(-(10**12), 10**12),
    st.fractions(max_denominator=400),
)
configs = (
    st.builds(
        TableConfig,
        format=st.sampled_from([f for f in Format if not RULES[f].countdown]),
        seats=st.integers(2, 8),
        decks=st.integers(1, 8),
        burn=st.booleans(),
        cut_card=st.one_of(st.none(), st.integers(11, 35)),
        paytable=st.sampled_from(["standard", "tie-nine"]),
        minimum=st.integers(1, 100),
        maximum=st.integers(100, 10**9),
        tie_minimum=st.integers(1, 100),
        tie_maximum=st.integers(100, 10**9),
        stake=st.integers(1, 100),
        deals=st.one_of(st.none(), st.integers(1, 50)),
        countdown=st.just(None),
        seed=st.one_of(st.none(), st.integers(0, 2**64 - 1)),
        dealer=st.one_of(st.none(), st.sampled_from(["Ana", "Chloé"])),
    )
    | st.builds(TableConfig.casino, croupier=st.just(True), countdown=st.integers(1, 600))
    | st.builds(
        TableConfig.classroom,
        drills=st.lists(st.sampled_from(ROOM_KINDS), min_size=1, max_size=5, unique=True),
        questions=st.integers(1, 200),
        seconds=st.integers(1, 600),
        seed=st.integers(0, 2**64 - 1),
    )
)


def event_strategy(cls: type) -> st.SearchStrategy[Any]:
    hints = {
        "table": texts,
        "config": configs,
        "name": st.one_of(st.none(), texts),
        "seat": st.integers(1, 14),
        "bankroll": amounts,
        "box": st.sampled_from(Outcome),
        "winner": st.sampled_from(Outcome),
        "stake": amounts,
        "win": amounts,
        "kept": st.fractions(min_value=0, max_value=1, max_denominator=20),
        "coup": st.integers(1, 10**6),
        "shoe": st.integers(1, 10**4),
        "order": st.lists(cards, max_size=60).map(tuple),
        "dealt": st.lists(cards, max_size=60).map(tuple),
        "commitment": st.one_of(st.none(), st.binary(min_size=32, max_size=32).map(bytes.hex)),
        "cards": st.lists(cards, min_size=4, max_size=6).map(tuple),
        "burned": st.lists(cards, max_size=10).map(tuple),
        "turned": cards,
        "card": cards,
        "amount": amounts,
        "cut_card": st.one_of(st.none(), st.integers(11, 100)),
        "last_of_shoe": st.booleans(),
        "banco": st.integers(0, 9),
        "punto": st.integers(0, 9),
        "winners": st.lists(texts, max_size=4).map(tuple),
        "server_seed": st.one_of(st.none(), st.binary(min_size=32, max_size=32).map(bytes.hex)),
        "client_seed": st.one_of(st.none(), texts),
        "text": texts,
        # The players' contributions (commit, reveal): 32 bytes in hex, window seconds.
        "digest": st.binary(min_size=32, max_size=32).map(bytes.hex),
        "value": st.binary(min_size=32, max_size=32).map(bytes.hex),
        "seconds": st.integers(1, 300),
        "excluded": st.lists(texts, max_size=4).map(tuple),
        "to": texts,  # the seat a shoe is passed to
        "reason": texts,  # the host's, removing a player
        "new_name": texts,  # the host's, renaming a player
        "mode": st.sampled_from(("open", "locked", "approval")),
        "names": st.lists(texts, max_size=4).map(tuple),
        # A lesson's questions: their number, a student's answer, who was right.
        "number": st.integers(1, 200),
        "answer": texts,
        "right": st.lists(texts, max_size=4).map(tuple),
        # The operator's own seat; where a shoe's server seed came from (None: the OS).
        "house": st.sampled_from((None, True)),
        "source": st.sampled_from((None, "injected")),
    }
    from dataclasses import fields

    optional_name = ("PuntoCardsHanded", "PuntoCardsTurned", "ShoeHolderChanged")
    fixed = {"name": texts} if cls.__name__ not in optional_name else {}
    if cls.__name__ in ("ShoeRevealed", "NextShoeCommitted"):  # the seed is always there
        fixed["server_seed"] = st.binary(min_size=32, max_size=32).map(bytes.hex)
    if cls.__name__ == "PredictionTimeSet":  # no limit, or whole seconds
        fixed["seconds"] = st.one_of(st.none(), st.integers(5, 3600))
    if cls.__name__ == "NextShoeHidden":  # and so is the commitment of a seed in advance
        fixed["commitment"] = st.binary(min_size=32, max_size=32).map(bytes.hex)
    return st.builds(cls, **{f.name: fixed.get(f.name, hints[f.name]) for f in fields(cls)})


events = st.one_of([event_strategy(cls) for cls in EVENT_TYPES.values()])


@given(events)
def test_every_event_survives_a_json_lines_round_trip(event: Any) -> None:
    line = dumps(event)
    assert "\n" not in line
    assert loads(line) == event
    assert type(loads(line)) is type(event)


def test_amounts_are_never_floats_in_json() -> None:
    line = dumps(BetPlaced("Ana", Outcome.BANCO, Fraction(19, 2)))
    assert '"stake": "9.5"' in line
    assert loads(line) == BetPlaced("Ana", Outcome.BANCO, Fraction(19, 2))


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "Nope"}',
        '{"type": "BetPlaced", "name": "Ana", "box": "banco"}',
        '{"type": "BetPlaced", "name": "Ana", "box": "banco", "stake": 1.5}',
        '{"type": "BetPlaced", "name": "Ana", "box": "rouge", "stake": 1}',
        '{"type": "BetPlaced", "name": "Ana", "box": "banco", "stake": 1, "x": 0}',
    ],
)
def test_a_line_that_is_not_an_event_is_refused(line: str) -> None:
    with pytest.raises(ValueError):
        loads(line)


# -- random play: legal and illegal actions, the fold always agrees ----------------

NAMES = ["Ana", "bruno", "Chloé", "Ana", "bruno", "", "x" * 30]
sits = st.tuples(st.just("sit"), st.sampled_from(NAMES), st.sampled_from([0, 5000, 10**6]))
bets = st.tuples(
    st.just("bet"),
    st.sampled_from(NAMES[:3]),
    st.sampled_from(["punto", "banco", "egalite", "banco", "x"]),
    st.sampled_from([None, 20, 500, 1000, 1010, 1010, 2500, 2500, 10**7, -1]),
)
others = st.one_of(
    st.tuples(st.just("leave"), st.sampled_from(NAMES)),
    st.tuples(st.just("withdraw"), st.sampled_from(NAMES), st.sampled_from(["p", "b", "t"])),
    st.sampled_from(
        [("close_bets",), ("deal",), ("settle",), ("next_coup",), ("close_table",), ("tick", 99.0)]
    ),
)
# Weighted towards seating, betting and whole coups so that random play goes far.
actions = st.lists(
    st.one_of(sits, bets, bets, bets, st.just(("play_coup",)), st.just(("play_coup",)), others),
    min_size=10,
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(
        [
            TableConfig.session(deals=3, seed=11),
            TableConfig.casino(seed=12, cut_card=None, burn=False, decks=1, seats=4),
            TableConfig.casino(seed=13, croupier=True),
        ]
    ),
    actions,
)
def test_folding_the_stored_events_gives_the_same_state(
    config: TableConfig, script: list[tuple[Any, ...]]
) -> None:
    store = MemoryStore()

    def sink(stored: int, new: Any) -> None:
        store.append("t", stored, new)

    table = Table.open("t", config, sink=sink)
    for name in ("Ana", "bruno"):
        table.sit(name, 0 if config.format is Format.SESSION else 10**6)
    for name, *args in script:
        before = table.events
        try:
            getattr(table, name)(*args)
        except PuntoBancoError:
            assert table.events == before  # refused: nothing appended
        stored = [r.event for r in store.load("t")]
        assert tuple(stored) == table.events
        assert replay(stored) == table.state
        assert table.state.brought == (
            table.state.taken + sum(table.state.balances.values()) + table.state.house
        )


def test_a_failing_sink_leaves_the_table_unchanged() -> None:
    calls = []

    def sink(stored: int, new: Any) -> None:
        calls.append(len(new))
        if len(calls) > 3:  # open, sit, bet; then the coup fails
            raise OSError("disk full")

    table = Table.open("t", TableConfig.casino(seed=1), sink=sink)
    table.sit("Ana", 10**6)
    table.bet("Ana", "banco", 2000)
    state, events = table.state, table.events
    with pytest.raises(OSError):
        table.play_coup()
    assert table.state == state and table.events == events


# -- logs (the stores' own tests are in tests/store/) --------------------------------


def test_the_default_log_lives_in_the_user_data_directory() -> None:
    assert default_db_path({"XDG_DATA_HOME": "/data"}) == Path("/data/puntobanco/puntobanco.db")
    assert default_db_path({}) == Path.home() / ".local/share/puntobanco/puntobanco.db"


def test_an_import_of_a_tampered_log_is_refused(tmp_path: Path) -> None:
    t = CasinoTable(seed=9)
    t.sit("Ana", 100_000)
    t.bet("Ana", "banco", 1010)
    t.deal()
    store = MemoryStore()
    for n, event in enumerate(t.events):
        store.append("club", n, [event])
    lines = export_lines(store.load("club"))
    dealt = next(i for i, line in enumerate(lines) if "CoupDealt" in line)
    lines[dealt] = lines[dealt].replace('"cards": ["', '"cards": ["KH", "')
    with pytest.raises(StoreError):
        import_lines(MemoryStore(), lines)
    with pytest.raises(StoreError, match="Line 2"):
        import_lines(MemoryStore(), [lines[0], lines[2]])
