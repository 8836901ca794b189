"""An operator who re-seeds a shoe after showing its commitment and rewrites its log to
match: every check of the log alone passes; only what a player noted during play (the
commitment shown before the shoe) catches it. Used by the phones' and the terminal
game's checks."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import puntobanco.table.state as state_module
from puntobanco import fair
from puntobanco.cards import Card
from puntobanco.table.events import ShoeShuffled
from puntobanco.table.machine import Table
from puntobanco.table.state import TableState


def reseed_shoe_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that shuffles shoe 2 with a seed of its choosing, not the one whose
    commitment was shown, its own check of the commitment patched out (as an
    operator who rewrites its log: every check of the log alone passes)."""
    real = Table._shuffled_order

    def reseeding(self: Table, number: int) -> list[Card]:
        order = real(self, number)
        if number != 2 or self._fair_seeds is None:
            return order
        seed = fair.new_server_seed()
        client = self._fair_seeds[1]
        self._fair_seeds = (seed.hex(), client)
        return list(fair.shoe_order(seed, client, number, self.config.decks))

    shuffled = state_module._APPLY[ShoeShuffled]

    def unchecked(state: TableState, event: ShoeShuffled) -> Any:
        committed = state.next_shoe
        if committed is not None and committed.number == event.shoe and event.server_seed:
            forged = fair.commitment(bytes.fromhex(event.server_seed))
            state = replace(state, next_shoe=replace(committed, commitment=forged))
        return shuffled(state, event)

    monkeypatch.setitem(state_module._APPLY, ShoeShuffled, unchecked)
    monkeypatch.setattr(Table, "_shuffled_order", reseeding)
