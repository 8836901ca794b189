"""The table engine: one service that drives every table of every format over a store.

Synchronous and single-threaded by design: a server calls it under one lock
per table and fans the ``Committed`` records out after each commit. Time
and randomness are injected (``clock``, ``rng``); nothing here reads a
process-wide setting, a language included.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from puntobanco.coup import Outcome
from puntobanco.engine.commands import (
    Bet,
    CloseBets,
    CloseTable,
    Command,
    CommitContribution,
    Contribute,
    Deal,
    Leave,
    NextCoup,
    PassShoe,
    Rebuy,
    RevealContribution,
    Sit,
    Tick,
    TurnPunto,
    UndoCard,
    Withdraw,
)
from puntobanco.engine.live import LiveTable
from puntobanco.engine.reopen import reopen, snapshotter
from puntobanco.engine.viewers import Role, Viewer
from puntobanco.engine.views import build_view, public_event
from puntobanco.errors import IllegalActionError, PuntoBancoError, StoreError
from puntobanco.paytable import box_key
from puntobanco.rng import RandomSource
from puntobanco.store import EventStore, Record, head_of, open_store
from puntobanco.table.config import TableConfig
from puntobanco.table.events import Event
from puntobanco.table.formats import CardSource, Format
from puntobanco.table.machine import Table
from puntobanco.table.names import name_key
from puntobanco.table.state import Phase, TableState

#: How each format's settings become a ``TableConfig`` (keyword arguments).
PRESETS: Final[Mapping[Format, Callable[..., TableConfig]]] = {
    Format.SESSION: TableConfig.session,
    Format.CASINO: TableConfig.casino,
    Format.CROUPIER: lambda **settings: TableConfig.casino(croupier=True, **settings),
    Format.ASSIST: TableConfig.assist,
}

#: A player's commitment to a contribution and its reveal (``table.machine.contributions``).
ENTROPY: Final = (CommitContribution, RevealContribution)
#: Punto's cards turned over, the shoe passed on: what seed 002 leaves to the players.
HANDS: Final = (TurnPunto, PassShoe)
#: The commands a player may send for themselves (the host may send any other); a
#: ``Deal`` by a player names them: the shoe's holder deals (seed 002).
PLAYER_COMMANDS: Final = (
    Sit,
    Leave,
    Bet,
    Withdraw,
    Rebuy,
    Tick,
    Contribute,
    Deal,
    *ENTROPY,
    *HANDS,
)
#: The commands only a player may send, for themselves: a contribution to a shoe's
#: client seed is the players' say in the shuffle, not the house's; Punto's cards
#: and the shoe in a player's hands are theirs to turn over or pass.
PLAYERS_ONLY: Final = (Contribute, *ENTROPY, *HANDS)


@dataclass(frozen=True, slots=True)
class Committed:
    """What one command stored: the table, the number of its last event, the
    new events as every viewer may see them (JSON-ready, nothing secret)."""

    table: str
    seq: int
    events: tuple[dict[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        """``{"table": ..., "seq": n, "events": [...]}``."""
        return {"table": self.table, "seq": self.seq, "events": list(self.events)}


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One line of ``Engine.tables()``."""

    table: str
    format: str
    phase: str
    coup: int
    players: tuple[str, ...]
    finished: bool

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "table": self.table,
            "format": self.format,
            "phase": self.phase,
            "coup": self.coup,
            "players": list(self.players),
            "finished": self.finished,
        }


Subscriber = Callable[[Committed], None]


@dataclass(slots=True)
class _Open:
    table: LiveTable
    subscribers: list[Subscriber] = field(default_factory=list)


class Engine:
    """Every table of one store.

    ``store`` is a store, a URL or path for ``open_store`` (None: in memory).
    ``clock`` gives seconds (the croupier's countdown); ``rng`` shuffles the
    shoes of tables opened without a seed (default: the OS's secure source).
    """

    def __init__(
        self,
        store: EventStore | str | os.PathLike[str] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        rng: RandomSource | None = None,
    ) -> None:
        self._owns_store = not isinstance(store, EventStore)
        self.store: EventStore = store if isinstance(store, EventStore) else open_store(store)
        self.clock = clock
        self.rng = rng
        self._open: dict[str, _Open] = {}
        self._heads: dict[str, tuple[int, str]] = {}  # the chain head at an event count

    # -- tables -------------------------------------------------------------------

    def open(
        self,
        table: str,
        format: Format | str,
        *,
        settings: Mapping[str, Any] | TableConfig | None = None,
        players: Iterable[str | tuple[str, int]] = (),
    ) -> Committed:
        """Open a new table: its settings (a format's keyword settings, or a whole
        ``TableConfig``) and its first players (names, or ``(name, bankroll)``).

        One commit. A table of that name already in the store is resumed
        instead if its settings are the same (the loser of a race to create
        it opens it); otherwise ``IllegalActionError``.
        """
        fmt = _format(format)
        config = _config(fmt, settings)
        if isinstance(players, str) or not isinstance(players, Iterable):
            raise IllegalActionError("table.error.players_list", players=players)
        seated = list(players)
        if table in self._open or self._load(table) is not None:
            return self._reopen_same(table, config)
        committed: list[Event] = []

        def sink(stored: int, events: Sequence[Event]) -> None:
            self.store.append(table, stored, events)
            committed.extend(events)

        try:
            live = LiveTable.open(table, config, players=seated, sink=sink, rng=self.rng)
        except StoreError as error:
            if error.key == "store.error.conflict" and error.params.get("expected") == 0:
                return self._reopen_same(table, config)
            raise
        live.machine.attach(self._sink(table))
        live.machine.after_commit = snapshotter(self.store, table, 0)
        self._open[table] = _Open(live)
        return Committed(
            table, live.event_count, tuple(public_event(e, live.config) for e in committed)
        )

    def _reopen_same(self, table: str, config: TableConfig) -> Committed:
        live = self._table(table)
        if live.config != config:
            raise IllegalActionError(
                "table.error.other_table", table=table, format=live.config.format.word
            )
        return Committed(table, live.event_count, ())

    def resume(self, table: str) -> TableInfo:
        """Load a stored table (a coup dealt but not settled is completed with its
        stored cards); ``StoreError`` when the store has no such table."""
        self._table(table)
        return self.info(table)

    def exists(self, table: str) -> bool:
        """True when the store holds ``table`` (it is loaded if so)."""
        return self._load(table) is not None

    def info(self, table: str) -> TableInfo:
        """Where ``table`` stands."""
        state = self.state(table)
        return TableInfo(
            table,
            state.format.value,
            state.phase.value,
            state.coup,
            tuple(p.name for p in state.seated),
            state.phase is Phase.ENDED,
        )

    def tables(self) -> list[TableInfo]:
        """Every table of the store, oldest first."""
        return [self.info(name) for name in self.store.tables()]

    def unfinished(self) -> list[TableInfo]:
        """The tables not closed yet, oldest first."""
        return [info for info in self.tables() if not info.finished]

    def close(self, table: str) -> Committed:
        """Close ``table`` for good (as ``do(table, CloseTable())``)."""
        return self.do(table, CloseTable())

    def release(self, table: str) -> None:
        """Forget ``table`` in memory (its subscribers too); the store keeps it."""
        self._open.pop(table, None)
        self._heads.pop(table, None)

    def head(self, table: str) -> str:
        """The chain head of ``table`` as this engine holds it: the hash of its last
        event (``store.chain``), what ``puntobanco verify`` prints. One store lookup
        per commit, however many views are built."""
        count = self._table(table).event_count
        known = self._heads.get(table)
        if known is None or known[0] != count:
            known = self._heads[table] = (count, head_of(self.store, table, count))
        return known[1]

    def follow(self, table: str, records: Sequence[Record]) -> bool:
        """Bring ``table`` in memory up to date with ``records``, the events another
        process stored after the last one this engine knows (oldest first).

        True when they were folded in; False when they do not continue the
        table's log (a gap, or a table not loaded): the table is then released,
        and read again from the store on its next use.
        """
        entry = self._open.get(table)
        if entry is None:
            return False
        live = entry.table
        numbers = [r.seq for r in records]
        if numbers != list(range(live.event_count + 1, live.event_count + 1 + len(numbers))):
            self.release(table)
            return False
        live.follow(r.event for r in records)
        return True

    def shutdown(self) -> None:
        """Release every table, and the store if the engine opened it."""
        self._open.clear()
        if self._owns_store:
            self.store.close()

    def state(self, table: str) -> TableState:
        """The table's whole state (library use: it holds the shoe; never send it out)."""
        return self._table(table).state

    def machine(self, table: str) -> Table:
        """The table's state machine (library use: it holds the shoe's order)."""
        return self._table(table).machine

    def _table(self, table: str) -> LiveTable:
        live = self._load(table)
        if live is None:
            raise StoreError(
                "store.error.unknown_table",
                table=table,
                db=getattr(self.store, "name", "?"),
                tables=", ".join(self.store.tables()) or "-",
            )
        return live

    def _load(self, table: str) -> LiveTable | None:
        entry = self._open.get(table)
        if entry is not None:
            return entry.table
        machine = reopen(self.store, table, sink=self._sink(table), rng=self.rng)
        if machine is None:
            return None
        live = LiveTable(machine)
        live.complete()
        self._open[table] = _Open(live)
        return live

    def _sink(self, table: str) -> Callable[[int, Sequence[Event]], None]:
        def sink(stored: int, events: Sequence[Event]) -> None:
            self.store.append(table, stored, events)

        return sink

    # -- commands -------------------------------------------------------------------

    def verify(self, table: str, command: Command, by: Viewer = Viewer.HOST) -> None:
        """Raise the named error that ``do`` would raise; change nothing."""
        live = self._table(table)
        _check_sender(command, by)
        live.verify(command, self.clock)

    def can(self, table: str, command: Command, by: Viewer = Viewer.HOST) -> bool:
        """True when ``do`` would accept ``command`` from ``by``."""
        try:
            self.verify(table, command, by)
        except PuntoBancoError:
            return False
        return True

    def do(self, table: str, command: Command, by: Viewer = Viewer.HOST) -> Committed:
        """Carry out ``command`` sent by ``by``: its events are committed in one
        transaction before this returns, then every subscriber is called.

        A refused command raises a named error (``PuntoBancoError``) and
        changes nothing.
        """
        live = self._table(table)
        _check_sender(command, by)
        new = live.do(command, self.clock)
        committed = Committed(
            table, live.event_count, tuple(public_event(e, live.config) for e in new)
        )
        if new:
            self._publish(table, committed)
        return committed

    # -- subscriptions ------------------------------------------------------------------

    def subscribe(self, table: str, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(committed)`` after each commit to ``table`` made through
        this engine; returns the function that unsubscribes.

        A callback that raises does not undo the commit: the other callbacks
        are still called, then the first error is raised again.
        """
        self._table(table)
        subscribers = self._open[table].subscribers
        subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in subscribers:
                subscribers.remove(callback)

        return unsubscribe

    def _publish(self, table: str, committed: Committed) -> None:
        errors: list[BaseException] = []
        for callback in list(self._open[table].subscribers):
            try:
                callback(committed)
            except Exception as error:  # noqa: BLE001 - re-raised below
                errors.append(error)
        if errors:
            raise errors[0]

    # -- views ---------------------------------------------------------------------

    def view(self, table: str, viewer: Viewer = Viewer.SPECTATOR) -> dict[str, Any]:
        """What ``viewer`` may see of ``table`` now, with the commands they may send
        (a fresh dict of JSON types: text, whole numbers, exact amounts as text)."""
        live = self._table(table)
        now = self.clock()
        left = live.countdown_left(now)
        return build_view(
            live.state,
            viewer,
            commands=self.commands(table, viewer),
            deadline=None if left is None else now + left,
            now=now,
            chain_head=self.head(table),
            face_down=live.face_down_cards(viewer.name or "") if viewer.name else (),
        )

    def commands(self, table: str, viewer: Viewer) -> list[dict[str, Any]]:
        """The commands ``viewer`` may send now, as JSON templates."""
        live = self._table(table)
        state = live.state
        config = state.config
        rules = config.rules
        found: list[dict[str, Any]] = []

        def offer(command: Command, template: dict[str, Any]) -> None:
            if self.can(table, command, viewer):
                found.append(template)

        names: list[str] = []
        if viewer.role is Role.PLAYER and viewer.name is not None:
            player = state.find(viewer.name)
            if player is None:
                bankroll = config.minimum if rules.money else 0
                offer(Sit(viewer.name, bankroll), {"type": "Sit", "name": viewer.name})
            else:
                names = [player.name]
        elif viewer.role is Role.SPECTATOR:
            if state.phase is Phase.BETS_OPEN and len(state.players) < config.seats:
                found.append({"type": "Sit"})
        for name in names:
            player = state.players[name]
            for box in (*Outcome, *config.offered_side_bets):
                low = config.limits(box)[0]
                stake = None if rules.one_prediction else low
                if self.can(table, Bet(name, box, stake), viewer):
                    found.append(
                        {"type": "Bet", "name": name, "box": box_key(box)}
                        | ({} if stake is None else {"minimum": low})
                    )
            for box in player.bets:
                found.append({"type": "Withdraw", "name": name, "box": box_key(box)})
            offer(Leave(name), {"type": "Leave", "name": name})
            if live.can_deal_as(name):
                found.append({"type": "Deal", "name": name})
            offer(PassShoe(name), {"type": "PassShoe", "name": name})
            offer(TurnPunto(name), {"type": "TurnPunto", "name": name})
            if live.can_contribute(name):
                found.append({"type": "Contribute", "name": name})
            found.extend(live.contribution_commands(name))
            if rules.money:
                offer(Rebuy(name, config.minimum), {"type": "Rebuy", "name": name})
        if viewer.role is Role.HOST:
            if state.phase is Phase.BETS_OPEN and len(state.players) < config.seats:
                found.append({"type": "Sit"})
            offer(CloseBets(), {"type": "CloseBets"})
            if rules.cards is CardSource.SHOE:
                offer(Deal(), {"type": "Deal"})
            elif state.phase is Phase.BETS_CLOSED:
                expects = live.in_progress.expecting.value
                found.append({"type": "PlaceCard", "expects": expects})
                offer(UndoCard(), {"type": "UndoCard"})
            offer(NextCoup(), {"type": "NextCoup"})
            offer(CloseTable(), {"type": "CloseTable"})
        if (
            (rules.countdown and state.phase is Phase.BETS_OPEN)
            or state.phase is Phase.SHUFFLING
            or state.face_down is not None
        ):
            # The croupier's countdown, the shoe's windows, Punto's cards face down.
            found.append({"type": "Tick"})
        return found


def _format(value: Format | str) -> Format:
    if isinstance(value, Format):
        return value
    try:
        return Format(value)
    except ValueError:
        raise IllegalActionError(
            "engine.error.format", format=value, choices=", ".join(f.value for f in Format)
        ) from None


def _config(fmt: Format, settings: Mapping[str, Any] | TableConfig | None) -> TableConfig:
    if isinstance(settings, TableConfig):
        if settings.format is not fmt:
            raise IllegalActionError(
                "engine.error.format", format=settings.format.value, choices=fmt.value
            )
        return settings
    try:
        return PRESETS[fmt](**dict(settings or {}))
    except TypeError as error:
        raise IllegalActionError(
            "engine.error.settings", format=fmt.value, reason=str(error)
        ) from None


def _check_sender(command: Command, by: Viewer) -> None:
    if by.role is Role.HOST and not isinstance(command, PLAYERS_ONLY):
        return
    allowed = by.role is Role.PLAYER and isinstance(command, PLAYER_COMMANDS)
    if by.role is Role.SPECTATOR:
        allowed = isinstance(command, Sit | Tick)
    name = getattr(command, "name", None)
    if isinstance(command, Deal) and by.role is Role.PLAYER and name is None:
        allowed = False  # a player deals only as the shoe's holder, by name
    if allowed and by.role is Role.PLAYER and name is not None:
        allowed = isinstance(name, str) and name_key(name) == name_key(by.name or "")
    if not allowed:
        raise IllegalActionError(
            "engine.error.not_allowed",
            command=type(command).__name__,
            role=by.role.value,
            name=by.name or "-",
        )
