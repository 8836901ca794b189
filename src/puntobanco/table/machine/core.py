"""The state machine's core: the state, its events, batches and the sink.

Every part of ``Table`` (seats, bets, coups, shoes, the host's cards) acts
through ``_emit``: an event is folded into the state and queued for the
sink, and a batch sends its events to the sink before the state moves on;
if anything in the batch raises, the table is left exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Self, TypeVar

from puntobanco.coup import Coup
from puntobanco.errors import (
    IllegalActionError,
    InvalidCardError,
    InvalidNameError,
    PuntoBancoError,
    StoreError,
    UnknownPlayerError,
)
from puntobanco.interrupts import deferred_signals
from puntobanco.rng import RandomSource, SecureRandom
from puntobanco.shoe import Shoe
from puntobanco.table.config import TableConfig
from puntobanco.table.events import Event, TableOpened
from puntobanco.table.state import TRANSITIONS, Phase, Player, TableState, apply, initial

#: Receives each action's new events, with the number of events stored
#: before them, and must make them durable before returning.
Sink = Callable[[int, Sequence[Event]], None]
E = TypeVar("E", bound=Event)


class Core:
    """One table's state, its log and its batches: what every part of ``Table`` uses."""

    def __init__(
        self,
        events: Iterable[Event] = (),
        *,
        sink: Sink | None = None,
        rng: RandomSource | None = None,
        snapshot: TableState | None = None,
    ) -> None:
        self._events: list[Event] = []
        self._state: TableState | None = snapshot
        self._base = 0 if snapshot is None else snapshot.events
        #: Called after each batch that reached the sink (a store's snapshots).
        self.after_commit: Callable[[Self], None] | None = None
        self._sink = sink
        self._rng = rng
        #: The fair scheme's (server seed, client seed) of the shoe being shuffled.
        self._fair_seeds: tuple[str, str] | None = None
        self._pending: list[Event] | None = None
        self._countdown_from: float | None = None
        self._shoe: tuple[int, Shoe] | None = None
        for event in events:
            self._fold(event)

    # -- reading -------------------------------------------------------------

    @property
    def state(self) -> TableState:
        """The current state (a fold over ``events``)."""
        assert self._state is not None, "the table has not opened"
        return self._state

    @property
    def config(self) -> TableConfig:
        """The table's settings."""
        return self.state.config

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event since the table was built, oldest first: its whole log,
        unless it was rebuilt from a snapshot (then the events after it)."""
        return tuple(self._events)

    @property
    def event_count(self) -> int:
        """How many events the log holds."""
        return self._base + len(self._events)

    @property
    def from_snapshot(self) -> bool:
        """True when the table was rebuilt from a snapshot (``events`` is not the whole log)."""
        return self._base > 0

    @property
    def phase(self) -> Phase:
        """The phase of the coup in play."""
        return self.state.phase

    @property
    def shoe_coups(self) -> tuple[Coup, ...]:
        """The coups dealt from the current shoe, oldest first (for the roads)."""
        return self.state.shoe_coups

    def player(self, name: str) -> Player:
        """The seated player ``name`` (case ignored); ``UnknownPlayerError`` otherwise."""
        player = self.state.find(name) if isinstance(name, str) else None
        if player is None:
            names = ", ".join(p.name for p in self.state.seated) or "-"
            raise UnknownPlayerError("table.error.unknown_player", name=name, players=names)
        return player

    # -- batches and the sink ------------------------------------------------

    def attach(self, sink: Sink | None) -> None:
        """Send the next batches' events to ``sink`` (None: keep them in memory only)."""
        self._sink = sink

    @contextmanager
    def batch(self: Self) -> Iterator[None]:
        """Group actions: their events reach the sink together, or the table rolls back.

        Any error inside the batch (a refused action, a failing sink) leaves
        the table exactly as before the batch.
        """
        if self._pending is not None:
            yield
            return
        # Signal handlers that raise (Ctrl-C) wait until the batch is over:
        # interrupted anywhere, the table ends up either as before (nothing
        # stored) or moved on (all stored), never between the two.
        with deferred_signals():
            saved_state, saved_count = self._state, len(self._events)
            saved_countdown = self._countdown_from
            self._pending = []
            committed = False
            try:
                yield
                sink = self._sink
                if self._pending and sink is not None:
                    sink(self._base + saved_count, tuple(self._pending))
                    committed = True
            except BaseException:
                self._state = saved_state
                self._countdown_from = saved_countdown
                del self._events[saved_count:]
                raise
            finally:
                self._pending = None
        if committed and self.after_commit is not None:
            self.after_commit(self)

    def trial(self, action: Callable[[], object]) -> None:
        """Run ``action`` and roll everything back: its error, if any, is raised;
        nothing reaches the sink, and no injected random source is drawn from."""
        saved_rng, self._rng = self._rng, SecureRandom() if self._rng is not None else None
        try:
            with self.batch():
                action()
                raise _Trial
        except _Trial:
            pass
        finally:
            self._rng = saved_rng

    def follow(self, events: Iterable[Event]) -> None:
        """Fold ``events`` that another writer stored after this table's last event
        (another process on the same log): the state moves on as if this table had
        emitted them; nothing reaches the sink."""
        assert self._pending is None, "follow() inside a batch"
        for event in events:
            self._fold(event)
        self._shoe = None  # the other writer may have dealt from the shoe

    def _fold(self, event: Event) -> None:
        if self._state is None:
            if not isinstance(event, TableOpened):
                raise StoreError("table.error.bad_event", reason="a log starts with TableOpened")
            self._state = initial(event)
        else:
            self._state = apply(self._state, event)
        self._events.append(event)

    def _emit(self, event: E) -> E:
        if self._pending is None:
            with self.batch():
                return self._emit(event)
        self._fold(event)
        self._pending.append(event)
        return event

    def allows(self, action: str) -> bool:
        """True when the one transition table allows ``action`` (``"bet"``,
        ``"place_card"``...) in the current phase; the action's own rules (stakes,
        players, cards) are checked when it is done. What a front-end asks instead
        of reading the phase."""
        return action in TRANSITIONS[self.state.phase]

    def _check_phase(self, action: str) -> None:
        state = self.state
        if action not in TRANSITIONS[state.phase]:
            self._check_players()  # a first shoe waits for the table's fewest players
            raise IllegalActionError(f"table.error.phase.{state.phase.value}", coup=state.coup)

    # The players' contributions to each shoe (``contributions.Contributions`` does
    # them): what the other parts call, doing nothing at a table that takes none.

    def _gather(self) -> None:
        """Move the shoe to come on as far as it goes now (a seat came or went)."""

    def _check_players(self) -> None:
        """Raise while a first shoe waits for the table's fewest players."""

    def _tick_contributions(self, now: float) -> None:
        """The clock of the shoe to come's windows."""

    def _tick_turn(self, now: float) -> None:
        """The clock of Punto's cards face down with a player (``hands``)."""

    def _awaits_contributions(self, number: int) -> bool:
        """True when shoe ``number`` gathers its players' contributions first."""
        return False

    def _revealed_values(self, number: int) -> tuple[str, ...]:
        """The values shoe ``number`` is shuffled with."""
        return ()

    def _can(self, verify: Callable[[], object]) -> bool:
        try:
            verify()
        except PuntoBancoError:
            return False
        return True

    def _last(self, kind: type[E]) -> E:
        for event in reversed(self._events):
            if isinstance(event, kind):
                return event
        raise AssertionError(f"no {kind.__name__} in the log")


class _Trial(Exception):
    """Rolls a trial back."""


def whole(value: object) -> bool:
    """True for an ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def name_text(name: object) -> str:
    """A name given by a caller: text, or ``InvalidNameError``."""
    if not isinstance(name, str):
        raise InvalidNameError("table.error.name.type", name=name)
    return name


def card_text(card: object) -> str:
    """A card given by a caller as text, or ``InvalidCardError``."""
    if not isinstance(card, str):
        raise InvalidCardError("table.error.card_type", card=card)
    return card
