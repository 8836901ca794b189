"""The table's actions, each as verify / can / do, over the pure state.

``verify_x(...)`` raises a named error when the action is refused,
``can_x(...)`` says yes or no, ``x(...)`` acts and returns the frozen event
it appended. Nothing here reads a clock, touches a file or draws from a global
random source: time comes in as an argument (``tick(now)``), randomness
through the table's seed or an injected source, and every new event goes to
an optional ``sink`` (the store) *before* the table's state moves on; if the
sink raises, the table is left exactly as it was.

``Table`` is assembled from one part per responsibility: ``core`` (the state,
its events, batches and the sink), ``seats`` (sitting, leaving, rebuys),
``bets`` (stakes and closing bets), ``shoes`` (the fair shuffle, seeds
committed in advance, typed contributions, reveals), ``contributions`` (the
players' committed contributions to each shoe, commit then reveal), ``cards``
(physical cards from the host), ``coups`` (dealing, settling, the next coup,
the croupier's clock, closing the table) and ``hands`` (Punto's cards turned over
by a player, the shoe passed on by its holder).
"""

from __future__ import annotations

from collections.abc import Iterable

from puntobanco.errors import IllegalActionError
from puntobanco.paytable import Amount
from puntobanco.rng import RandomSource
from puntobanco.table.config import TableConfig
from puntobanco.table.events import TableOpened
from puntobanco.table.machine.cards import HostCards
from puntobanco.table.machine.core import Sink
from puntobanco.table.machine.hands import Hands
from puntobanco.table.values import check_table_id, money_text

__all__ = ["Sink", "Table", "money_text"]


class Table(Hands, HostCards):
    """One table's state machine over its event log.

    Build a new table with ``Table.open(...)`` or rebuild one from its
    events with ``Table(events)``.
    """

    @classmethod
    def open(
        cls,
        table: str,
        config: TableConfig,
        *,
        players: Iterable[str | tuple[str, Amount]] = (),
        sink: Sink | None = None,
        rng: RandomSource | None = None,
    ) -> Table:
        """A new table: opened, its first shoe shuffled (and burned), ``players``
        seated (names, or ``(name, bankroll)`` pairs). At a table that takes its
        players' contributions the first shoe is only committed: it is shuffled
        once they are in (``contributions``).

        All of it is one batch: the sink receives it at once or not at all.
        """
        self = cls(sink=sink, rng=rng)
        self.start(table, config, players)
        return self

    def start(
        self, table: str, config: TableConfig, players: Iterable[str | tuple[str, Amount]] = ()
    ) -> None:
        """Open this empty table (see ``open``)."""
        check_table_id(table)
        if not isinstance(config, TableConfig):
            raise IllegalActionError("table.error.setting", name="config", value=config)
        if isinstance(players, str) or not isinstance(players, Iterable):
            raise IllegalActionError("table.error.players_list", players=players)
        if self._state is not None:
            raise IllegalActionError("table.error.phase.ended", coup=self.state.coup)
        with self.batch():
            self._emit(TableOpened(table, config))
            self._new_shoe(1)
            for player in players:
                if isinstance(player, tuple) and len(player) == 2:
                    self.sit(*player)
                else:
                    self.sit(player)  # checked by sit
