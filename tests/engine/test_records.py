"""The table's public records as the engine answers them: its settled coups and its fair shoes."""

from __future__ import annotations

import pytest

from puntobanco.engine import Bet, Deal, Engine
from puntobanco.errors import StoreError
from puntobanco.fair.log import fair_shoes
from puntobanco.table.history import coup_records

#: A casino table whose shoe the server shuffles alone, at once (no contributions).
AT_ONCE = {"commit_seconds": None, "reveal_seconds": None}


def casino(coups: int) -> Engine:
    engine = Engine()
    engine.open("c", "casino", settings=AT_ONCE, players=[("Ana", 100_000)])
    for _ in range(coups):
        engine.do("c", Bet("Ana", "banco", 1_000))
        engine.do("c", Deal())
    return engine


def test_history_is_the_settled_coups_of_the_log_with_their_stored_times() -> None:
    engine = casino(3)
    records = engine.log("c")
    coups = engine.history("c")
    assert coups == coup_records((r.event, r.time) for r in records)
    assert [c.coup for c in coups] == [1, 2, 3]
    assert all(c.time for c in coups)  # the store's times, not blanks
    assert [c.bets[0].player for c in coups] == ["Ana"] * 3


@pytest.mark.parametrize(("last", "expected"), [(None, [1, 2, 3]), (2, [2, 3]), (9, [1, 2, 3])])
def test_history_last_keeps_the_last_coups(last: int | None, expected: list[int]) -> None:
    assert [c.coup for c in casino(3).history("c", last)] == expected


def test_history_last_zero_is_none() -> None:
    assert casino(2).history("c", 0) == []


def test_shoes_hide_the_cards_burned_face_down_from_the_shoe_in_play() -> None:
    engine = casino(1)
    records = engine.log("c")
    (whole,) = fair_shoes([r.event for r in records], [r.time for r in records])
    (shown,) = engine.shoes("c")
    burned = whole.to_dict()["dealt"]
    # The card turned to count the burn was shown to the room; the ones it burned were not.
    hidden = [i for i, (a, b) in enumerate(zip(burned, shown["dealt"], strict=True)) if a != b]
    assert hidden and all(shown["dealt"][i] is None for i in hidden)
    assert shown["dealt"][0] == burned[0]
    assert {k: v for k, v in shown.items() if k != "dealt"} == {
        k: v for k, v in whole.to_dict().items() if k != "dealt"
    }
    assert shown["server_seed"] is None  # revealed only once the shoe ends


def test_the_records_of_an_unknown_table_are_a_store_error() -> None:
    engine = Engine()
    with pytest.raises(StoreError):
        engine.history("nowhere")
    with pytest.raises(StoreError):
        engine.shoes("nowhere")
