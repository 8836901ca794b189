"""A front-end's seats contribute to every shoe by themselves: commit, then reveal.

What a phone does in its browser, for the seats of a program that plays through
the engine: the Python API's tables (``Session``, ``CasinoTable``,
``CroupierTable``: every seat, or the seats the object took at an engine shared
with other front-ends) and so the terminal game, ``puntobanco play``, whose tables
are the API's (a game given ``--seed`` takes no contributions: its shoes are the
seed's). Once a shoe is called, each of its seats commits to 32 bytes from
``secrets``, and when the shoe's reveals open, reveals them
(``table.machine.contributions``); both follow each other within the one call
that needs them, so a table whose seats are all this program's is shuffled
before the call returns. The values live in this object only: a program stopped
between a commitment and its reveal leaves its seats out of that shoe once the
reveal time is up (named in the log): the terminal game, reopened, waits it
out (``Game.tick_shoe``).
"""

from __future__ import annotations

from collections.abc import Iterable

import puntobanco.fair.contributions as contributions
from puntobanco.engine.commands import CommitContribution, RevealContribution
from puntobanco.engine.service import Engine
from puntobanco.engine.viewers import Viewer
from puntobanco.fair.gathering import Window
from puntobanco.table.names import name_key
from puntobanco.table.state import Phase


class Contributor:
    """Commits and reveals for some seats of one table (``seats`` None: every seat)."""

    def __init__(self, seats: Iterable[str] | None = None) -> None:
        self._seats = None if seats is None else {name_key(s) for s in seats}
        self._values: dict[tuple[int, str], bytes] = {}

    def add(self, name: str) -> None:
        """Contribute for ``name`` too (a seat this front-end has just taken)."""
        if self._seats is not None:
            self._seats.add(name_key(name))

    def _mine(self, name: str) -> bool:
        return self._seats is None or name_key(name) in self._seats

    def run(self, engine: Engine, table: str) -> None:
        """Commit or reveal for every seat of ours that may now, until nothing is left."""
        machine = engine.machine(table)
        while True:
            gathering = machine.gathering()
            if gathering is None or machine.phase is not Phase.SHUFFLING:
                return
            shoe = gathering.shoe
            command: CommitContribution | RevealContribution | None = None
            if gathering.window is Window.CALLED:
                for player in machine.state.seated:
                    name = player.name
                    if self._mine(name) and machine.can_commit_contribution(name):
                        value = contributions.new_contribution()
                        self._values[shoe, name] = value
                        digest = contributions.digest(table, shoe, name, value)
                        command = CommitContribution(name, shoe, digest)
                        break
            elif gathering.window is Window.REVEAL:
                for name in gathering.unrevealed:
                    kept = self._values.pop((shoe, name), b"")
                    if kept and self._mine(name):
                        command = RevealContribution(name, shoe, kept.hex())
                        break
            if command is None:
                return
            engine.do(table, command, Viewer.player(command.name))  # the window may move on
