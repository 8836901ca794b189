"""The room's reveal: when a new coup's result becomes public to the players.

Where the room watches one screen (the web's host screen turns each card over),
a new coup's cards, outcome, nets and balances reach the players and spectators
once that screen has shown them: ``step`` seconds a card and two more steps (each
hand's rule) after its settlement. The host sees it at once; a table of real
cards shows each card as it is placed, and holds nothing; ``step`` 0 holds nothing.
"""

from __future__ import annotations

from puntobanco.table.state import TableState


class Reveal:
    """The holds of the tables of one room's server (``held``, ``until``, ``ended``)."""

    def __init__(self, step: float) -> None:
        self.step = step
        self._seen: dict[str, int] = {}  # table -> coups settled the players have seen
        self._holds: dict[str, float] = {}  # table -> when its reveal ends (time.monotonic)

    def held(self, table: str, state: TableState, now: float) -> bool:
        """Whether all but the host are kept from ``table``'s newest coup now (``state``:
        the table's state now, from which a newly settled coup starts a hold)."""
        if self.step <= 0:
            return False
        seen = self._seen.setdefault(table, state.completed)
        if state.completed > seen:
            self._seen[table] = state.completed
            if state.last is not None and not state.config.real_cards:
                self._holds[table] = now + self.step * (len(state.last.cards) + 2)
        return table in self._holds

    def until(self, table: str) -> float:
        """When ``table``'s hold ends (``time.monotonic``); it is ``held``."""
        return self._holds[table]

    def ended(self, now: float) -> set[str]:
        """The tables whose hold has ended by ``now``, forgotten from now on."""
        done = {table for table, until in self._holds.items() if until <= now}
        for table in done:
            del self._holds[table]
        return done
