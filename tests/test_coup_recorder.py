"""The incremental reading of a log's settled coups (what the web server keeps
per table) gives, after every event, what reading the whole log gives."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import DECK
from puntobanco.table.config import TableConfig
from puntobanco.table.events import Event
from puntobanco.table.history import CoupRecorder, coup_records
from puntobanco.table.machine import Table
from puntobanco.table.state import Phase


def _same_at_every_event(events: tuple[Event, ...]) -> None:
    recorder = CoupRecorder()
    versions = []
    for k, event in enumerate(events, 1):
        recorder.feed(event, f"t{k}")
        whole = coup_records((e, f"t{i}") for i, e in enumerate(events[:k], 1))
        assert recorder.records == whole
        assert recorder.count == k
        versions.append((recorder.version, len(whole), whole[-1].coup if whole else 0))
    # The version changes exactly when the records do.
    for (v1, n1, c1), (v2, n2, c2) in zip(versions, versions[1:], strict=False):
        assert (v1 == v2) == ((n1, c1) == (n2, c2))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), coups=st.integers(1, 12))
def test_a_casino_log_read_event_by_event(seed: int, coups: int) -> None:
    rng = random.Random(seed)
    table = Table.open("t", TableConfig.casino(decks=1, seed=seed))
    for name in ("Ana", "Ben", "Cy"):
        table.sit(name, 1_000_000)
    for _ in range(coups):
        for name in ("Ana", "Ben", "Cy"):
            if rng.random() < 0.8:
                box = rng.choice(["punto", "banco", "egalite"])
                table.bet(name, box, 1_000 * rng.randint(1, 5))
        if any(p.bets for p in table.state.players.values()):
            table.play_coup()
    _same_at_every_event(table.events)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_log_of_real_cards_with_undos_read_event_by_event(seed: int) -> None:
    rng = random.Random(seed)
    table = Table.open("t", TableConfig.assist(deals=4))
    for name in ("Ana", "Ben"):
        table.sit(name)
    while not table.over:
        if table.phase is Phase.BETS_OPEN:
            for name in ("Ana", "Ben"):
                table.predict(name, rng.choice(["punto", "banco", "egalite"]))
            table.close_bets()
        elif table.phase is Phase.BETS_CLOSED:
            if table.state.placed and rng.random() < 0.2:
                table.undo_card()
                continue
            while not table.can_place_card(card := rng.choice(DECK)):
                pass
            table.place_card(card)
            if table.state.phase is Phase.DEALT:  # the card completed the coup
                table.settle()
        elif table.phase is Phase.SETTLED:
            if rng.random() < 0.3:
                table.undo_card()  # the settled coup is taken back with its last card
            else:
                table.finish_coup()
    _same_at_every_event(table.events)
