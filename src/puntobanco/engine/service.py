"""The table engine: the one service that drives every table of every format over a store.

Every front-end drives tables through it: the terminal game, the dealer's
assistant, the Python API and the web server. It decides who may send what
(``commands.check_sender``), carries commands out on the table's state machine,
commits their events, answers a command sent again with its first answer
(``id``), shows each viewer its view (``views``), and, on a store that several
processes write (``SharedStore``), follows what the others commit and carries a
command out again on the table as it now is when another process got first.

Commands carried out together (``do_many``) are committed in one transaction
(a group commit, one sync to disk), then their subscribers are called; a write
that fails refuses the commands of its table only, and the others are written
again without it. The engine is synchronous and every call holds one lock: a
server calls it from one thread of its own (``do_many`` with whatever arrived
meanwhile) while the engine's own thread hears the other processes. Time and
randomness are injected (``clock``, ``rng``); nothing here reads a
process-wide setting, a language included.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import (
    Callable,
    Collection,
    Container,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Final

from puntobanco.engine.commands import (
    Admit,
    AnswerQuestion,
    Bet,
    ClearBets,
    CloseTable,
    Command,
    CommitContribution,
    Contribute,
    Deal,
    Double,
    Leave,
    NextCoup,
    NextQuestion,
    PassShoe,
    PauseTable,
    PlaceCard,
    Ready,
    Rebet,
    Rebuy,
    Refuse,
    Remove,
    RenamePlayer,
    ResumeTable,
    RevealContribution,
    SetJoins,
    SetPredictionTime,
    ShowAnswer,
    Sit,
    SkipMissing,
    Tick,
    TurnPunto,
    UndoBet,
    UndoCard,
    Withdraw,
    check_sender,
    seated,
    sent_as,
)
from puntobanco.engine.reopen import reopen, snapshotter
from puntobanco.engine.viewers import Role, Viewer
from puntobanco.engine.views import Moment, Pictures, public_event, text, view
from puntobanco.errors import (
    IllegalActionError,
    NotAllowedError,
    PuntoBancoError,
    SeatEndedError,
    StoreError,
)
from puntobanco.fair.log import shown_shoes
from puntobanco.i18n import Lang
from puntobanco.interrupts import deferred_signals
from puntobanco.rng import MAX_SEED, RandomSource
from puntobanco.store import (
    Applied,
    EventStore,
    Listening,
    Ownership,
    PrefixedStore,
    Record,
    SharedStore,
    SnapshotStore,
    append_many,
    head_of,
    open_store,
)
from puntobanco.table.config import TableConfig
from puntobanco.table.events import Event
from puntobanco.table.formats import CardSource, Format
from puntobanco.table.history import CoupRecord, coup_records
from puntobanco.table.machine import Mark, Table
from puntobanco.table.names import name_key
from puntobanco.table.state import Phase, TableState

#: How many times a command is carried out again after another process's commit
#: got to its table first.
LOG: Final = logging.getLogger("puntobanco.engine")
RETRIES: Final = 20
#: Seconds this process keeps a command's answer in memory, for a retry over the
#: same connection; the store keeps its id for the table's life.
ANSWER_SECONDS: Final = 3600.0


@dataclass(frozen=True, slots=True)
class Committed:
    """What one command stored: the table, the number of its last event, the
    new events as every viewer may see them (JSON-ready, nothing secret). A
    subscriber also gets one with no events when the table's clock changed what
    its viewers see (a countdown started again, a player's seconds to turn)."""

    table: str
    seq: int
    events: tuple[dict[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        """``{"table": ..., "seq": n, "events": [...]}``."""
        return {"table": self.table, "seq": self.seq, "events": list(self.events)}


@dataclass(frozen=True, slots=True)
class Job:
    """One command for ``do_many``: ``command`` sent to ``table`` by ``by``, with the
    sender's ``id`` (a command sent again with the same id acts once)."""

    table: str
    command: Command
    by: Viewer = Viewer.HOST
    id: str | None = None

    @property
    def key(self) -> str | None:
        """What the store keeps of its id: the id within its sender's. A player known
        by a credential is its seating (``Viewer.seating``), which no one else shares:
        their name may be renamed and then taken by a newcomer."""
        if self.id is None:
            return None
        if self.by.seating is not None:
            return f"{self.by.role.value}#{self.by.seating}:{self.id}"
        return f"{self.by.role.value}:{self.by.name or ''}:{self.id}"

    @property
    def named_key(self) -> str | None:
        """A credential's id as stores kept it before seatings keyed them (by the
        name the credential was given under), or None: a log written then holds it."""
        if self.id is None or self.by.seating is None:
            return None
        return f"{self.by.role.value}:{self.by.name or ''}:{self.id}"


@dataclass(frozen=True, slots=True)
class TableInfo:
    """One line of ``Engine.tables()``: where a table stands, and what a page that
    offers it says of it (its seats, its stakes in cents, None at a table without
    money, its number of deals, None where it has none)."""

    table: str
    format: str
    phase: str
    coup: int
    players: tuple[str, ...]
    finished: bool
    seats: int
    minimum: int | None
    maximum: int | None
    deals: int | None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "table": self.table,
            "format": self.format,
            "phase": self.phase,
            "coup": self.coup,
            "players": list(self.players),
            "finished": self.finished,
            "seats": self.seats,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "deals": self.deals,
        }


Subscriber = Callable[[Committed], None]
Result = Committed | PuntoBancoError


@dataclass(slots=True)
class _Table:
    """A table this engine holds: its state machine (at its committed state between
    calls), what its views are made from, its subscribers, its recent answers."""

    machine: Table
    snapshots: Callable[[Table], None] | None
    subscribers: list[Subscriber] = field(default_factory=list)
    answers: OrderedDict[str, tuple[float, Committed]] = field(default_factory=OrderedDict)
    pictures: Pictures | None = None
    head: tuple[int, str] | None = None
    texts: tuple[int, dict[Lang, str]] = (0, {})  # the shared view's text at a count
    #: Its events when read from a store whose log holds ids kept under a
    #: credential's name (``Job.named_key``), else 0: those ids are looked for too.
    named: int = 0


@dataclass(slots=True)
class _Write:
    table: str
    expected: int
    events: tuple[Event, ...]
    key: str | None
    job: int


class Engine:
    """Every table of one store (see the module).

    ``store`` is a store, or a URL or path for ``open_store`` (None: in memory).
    ``clock`` gives seconds (the croupier's countdown, the contributions' windows,
    a player's time to turn Punto's cards); ``rng`` shuffles the shoes of tables
    opened without a seed (default: the operating system's secure source).
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
        self._lock = threading.RLock()
        self._tables: dict[str, _Table] = {}
        self._everywhere: list[Subscriber] = []  # ``subscribe_all``
        self._used: dict[str, float] = {}  # a table -> when it was last used (``close_idle``)
        # The tables that may wait on the clock (``_waits``): every table whose state
        # changed since the last ``tick`` looked, and those that waited then. Only
        # these are looked at: a table that waits on nothing costs a tick nothing.
        self._clocked: dict[str, None] = {}  # a set in the order the tables came
        self._shared = self.store if isinstance(self.store, SharedStore) else None
        self._listener: Listening | None = None
        self._thread: threading.Thread | None = None
        self._owner: Ownership | None = None
        self._stopping = False
        self._feed: EventStore = self.store  # the listener's reads: a connection of its own
        if self._shared is not None:  # the other processes' commits, followed as they come
            self._feed = self._shared.another()
            self._listener = self._shared.listener(ignore=[self._shared])
            self._thread = threading.Thread(target=self._listen, name="pb-listen", daemon=True)
            self._thread.start()

    # -- tables -------------------------------------------------------------------

    def open(
        self,
        table: str,
        format: Format | str,
        *,
        settings: Mapping[str, Any] | TableConfig | None = None,
        players: Iterable[str | tuple[str, int]] = (),
        own: Collection[str] = (),
    ) -> Committed:
        """Open a new table: its settings (a format's keyword settings, or a whole
        ``TableConfig``) and its first players (names, or ``(name, bankroll)``),
        seated by the operator (its own seats, ``PlayerSeated.house``) but for the
        names in ``own``, who sat down from their own devices (a rematch's players).

        One commit. A table of that name already in the store is resumed
        instead if its settings are the same (the loser of a race to create
        it opens it); otherwise ``IllegalActionError``.
        """
        config = _config(_format(format), settings)
        if isinstance(players, str) or not isinstance(players, Iterable):
            raise IllegalActionError("table.error.players_list", players=players)
        seated = list(players)
        with self._lock:
            self._used[table] = self.clock()
            if self._load(table) is None:
                machine = Table.open(table, config, players=seated, rng=self.rng, own=own)
                events = machine.events
                try:
                    with _writing():
                        self.store.append(table, 0, events)
                except StoreError as error:
                    if error.key != "store.error.conflict" or error.params.get("expected") != 0:
                        raise
                else:
                    entry = self._tables[table] = _Table(machine, snapshotter(self.store, table, 0))
                    self._clocked[table] = None
                    return Committed(table, len(events), self._public(entry, events))
            entry = self._entry(table)
            if entry.machine.config != config:
                raise IllegalActionError(
                    "table.error.other_table", table=table, format=entry.machine.config.format.word
                )
            return Committed(table, entry.machine.event_count, ())

    def resume(self, table: str) -> TableInfo:
        """Load a stored table; ``StoreError`` when the store has no such table. A coup
        whose bets were closed at a table with a shoe, or dealt and not settled, is
        dealt and settled with its stored cards (a coup of physical cards waits for
        the host's next card); Punto's cards face down with a player stay there."""
        self._entry(table)
        return self.info(table)

    def exists(self, table: str) -> bool:
        """True when the store holds ``table`` (it is loaded if so)."""
        with self._lock:
            return self._load(table) is not None

    def info(self, table: str) -> TableInfo:
        """Where ``table`` stands."""
        return _info(self.state(table))

    def held(self) -> list[TableInfo]:
        """Where each table this engine holds in memory stands (nothing is read)."""
        with self._lock:
            return [_info(entry.machine.state) for entry in self._tables.values()]

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
        with self._lock:
            self._tables.pop(table, None)

    def touch(self, table: str) -> None:
        """``table`` is used now, as by a command (a screen opened or closed on it):
        ``close_idle`` counts its idle time from now."""
        with self._lock:
            self._used[table] = self.clock()

    def close_idle(self, seconds: float, busy: Container[str] = ()) -> list[str]:
        """Close the tables idle for ``seconds`` (on ``clock``: no command, no
        ``touch``, since their opening or this engine's first use of them) and not
        ``busy`` (a screen is open on them), and release them from memory; returns
        the ones closed (their logs stay in the store). A table that cannot be
        closed now (bets on its layout) is only released: it is read again from its
        log when someone comes back, and idle again from then on."""
        closed: list[str] = []
        with self._lock:
            now = self.clock()
            for table, last in list(self._used.items()):
                if now - last < seconds or table in busy:
                    continue
                try:
                    if not self.info(table).finished:
                        self.close(table)
                except PuntoBancoError as error:
                    LOG.info("idle table %s kept open: %s", table, error.message("en"))
                else:
                    LOG.info(
                        "idle table %s closed after %d s, dropped from memory", table, now - last
                    )
                    closed.append(table)
                self._used.pop(table, None)
                self.release(table)
        return closed

    def log(self, table: str) -> list[Record]:
        """The table's whole log, as the store holds it (``StoreError`` for an unknown table)."""
        self._entry(table)
        return self.store.load(table)

    def history(
        self, table: str, last: int | None = None, *, by: Viewer = Viewer.HOST
    ) -> list[CoupRecord]:
        """The table's settled coups, oldest first, as its log records them (their
        bets, settlements and stored times); ``last``: its last ``last`` only. Anyone
        at the table may see them (``puntobanco history`` prints them);
        ``SeatEndedError`` for a player ``by`` whose seating has ended."""
        seated(self.state(table), by)
        coups = coup_records((r.event, r.time) for r in self.log(table))
        if last is None:
            return coups
        return coups[-last:] if last > 0 else []

    def shoes(self, table: str, *, by: Viewer = Viewer.HOST) -> list[dict[str, Any]]:
        """The table's fair shoes, as JSON, as anyone at the table may see them
        (``fair.log.shown_shoes``): the cards burned face down from the shoe in play
        are None until it ends; the owner of the log sees them (``puntobanco shoes``).
        ``SeatEndedError`` for a player ``by`` whose seating has ended."""
        seated(self.state(table), by)
        records = self.log(table)
        return shown_shoes([r.event for r in records], [r.time for r in records])

    def head(self, table: str) -> str:
        """The chain head of ``table``: the hash of its last event (``store.chain``),
        what ``puntobanco verify`` prints. One store lookup per commit."""
        with self._lock:
            entry = self._entry(table)
            count = entry.machine.event_count
            if entry.head is None or entry.head[0] != count:
                entry.head = (count, head_of(self.store, table, count))
            return entry.head[1]

    def state(self, table: str) -> TableState:
        """The table's whole state (library use: it holds the shoe; never send it out)."""
        return self._entry(table).machine.state

    def machine(self, table: str) -> Table:
        """The table's state machine (library use: it holds the shoe's order)."""
        return self._entry(table).machine

    def shutdown(self) -> None:
        """Stop hearing other processes, release every table, and the store if the
        engine opened it."""
        self._stopping = True
        if self._thread is not None:
            self._thread.join(timeout=2)
        with self._lock:
            if self._listener is not None:
                self._listener.close()
            if self._owner is not None:
                self._owner.close()
            if self._feed is not self.store:
                self._feed.close()
            self._tables.clear()
            if self._owns_store:
                self.store.close()

    def _entry(self, table: str) -> _Table:
        with self._lock:
            entry = self._load(table)
            if entry is None:
                raise StoreError(
                    "store.error.unknown_table",
                    table=table,
                    db=getattr(self.store, "name", "?"),
                    tables=", ".join(self.store.tables()) or "-",
                )
            return entry

    def _load(self, table: str) -> _Table | None:
        """``table`` as this engine holds it, read from the store on first use (and a
        coup a stopped process left half way completed: ``resume``)."""
        entry = self._tables.get(table)
        if entry is not None:
            return entry
        found = reopen(self.store, table, rng=self.rng)
        if found is None:
            return None
        machine, snapshot = found
        entry = self._tables[table] = _Table(machine, snapshotter(self.store, table, snapshot))
        self._clocked[table] = None
        store = self.store
        if not isinstance(store, PrefixedStore) or store.has_ids(table, "player:"):
            entry.named = machine.event_count
        before = machine.event_count
        _complete(machine)
        if machine.event_count > before:
            self._commit(entry, [_Write(table, before, machine.events_since(before), None, -1)])
        return entry

    # -- commands -------------------------------------------------------------------

    def verify(self, table: str, command: Command, by: Viewer = Viewer.HOST) -> None:
        """Raise the named error that ``do`` would raise; change nothing."""
        with self._lock:
            machine = self._entry(table).machine
            sender = seated(machine.state, by)
            sent = sent_as(command, by, sender)
            check_sender(sent, sender)
            machine.trial(lambda: carry_out(machine, sent, self.clock, sender))

    def can(self, table: str, command: Command, by: Viewer = Viewer.HOST) -> bool:
        """True when ``do`` would accept ``command`` from ``by``."""
        try:
            self.verify(table, command, by)
        except PuntoBancoError:
            return False
        return True

    def do(
        self, table: str, command: Command, by: Viewer = Viewer.HOST, *, id: str | None = None
    ) -> Committed:
        """Carry out ``command`` sent by ``by``: its events are committed in one
        transaction before this returns, then every subscriber is called. A refused
        command raises a named error (``PuntoBancoError``) and changes nothing.

        ``id`` (the sender's): a command sent again with the same id, by the same
        sender, after any restart or on another process, returns its first
        ``Committed`` and acts not at all.
        """
        (result,) = self.do_many([Job(table, command, by, id)])
        if isinstance(result, PuntoBancoError):
            raise result
        return result

    def do_many(self, jobs: Sequence[Job]) -> list[Result]:
        """Carry out ``jobs`` in order and commit their events in one transaction;
        each job's ``Committed``, or the named error that refused it. A write that
        fails refuses its table's jobs only (another process's commit first: they
        are carried out again on the table as it now is)."""
        with self._lock:
            now = self.clock()
            for job in jobs:
                self._used[job.table] = now
            return self._do_many(jobs)

    def _do_many(self, jobs: Sequence[Job]) -> list[Result]:
        """``do_many``, the tables' idle time unchanged (the engine's own clock)."""
        results: list[Result | None] = [None] * len(jobs)
        todo = list(range(len(jobs)))
        # Ctrl-C waits until the commit and its bookkeeping are over: the tables in
        # memory are then what the store holds, never a half-way.
        with self._lock, deferred_signals():
            for attempt in range(RETRIES):
                if not todo:
                    break
                todo = self._round(jobs, todo, results, ask=attempt > 0)
            for i in todo:
                results[i] = StoreError("store.error.busy", table=jobs[i].table, tries=RETRIES)
        assert all(r is not None for r in results)
        return [r for r in results if r is not None]

    def _round(
        self, jobs: Sequence[Job], todo: list[int], results: list[Result | None], *, ask: bool
    ) -> list[int]:
        """One try at ``jobs[todo]``: carried out, then committed together. The jobs
        of a table whose write conflicted are returned, to be tried again."""
        marks: dict[str, Mark] = {}
        writes: list[_Write] = []
        # A command sent twice at once (its table, its sender's id): the first one's answer.
        same: dict[tuple[str, str], int] = {}
        for i in todo:
            job = jobs[i]
            key = job.key
            if key is not None and (job.table, key) in same:
                continue
            try:
                results[i] = self._carry_out(job, i, ask, marks, writes)
            except PuntoBancoError as error:
                results[i] = error
            if key is not None:
                same[job.table, key] = i
        again: list[int] = []
        while writes:
            try:
                with _writing():
                    append_many(
                        self.store,
                        [(w.table, w.expected, w.events) for w in writes],
                        commands=[w.key for w in writes],
                    )
            except PuntoBancoError as error:
                named = error.params.get("table") if isinstance(error, StoreError) else None
                failed = {w.table for w in writes if w.table == named} or {w.table for w in writes}
                for table in failed:
                    self._tables[table].machine.rewind(marks[table])
                if error.key == "store.error.conflict" and named in failed:
                    # Another process wrote first, or the store holds one of these
                    # commands already: follow the table, and try its jobs again.
                    self._follow(str(named))
                    again += [i for i in todo if jobs[i].table == named]
                else:
                    for i in todo:
                        if jobs[i].table in failed and isinstance(results[i], Committed):
                            results[i] = error
                writes = [w for w in writes if w.table not in failed]
                continue
            # Grouped by table in one pass: a group commit may hold thousands of writes.
            by_table: dict[str, list[_Write]] = {}
            for w in writes:
                by_table.setdefault(w.table, []).append(w)
            for table, mine in by_table.items():
                self._stored(self._tables[table], mine, jobs, results)
            break
        for i in todo:
            if results[i] is None:
                key = jobs[i].key
                first = None if key is None else same.get((jobs[i].table, key))
                if first is not None:
                    results[i] = results[first]
        return again

    def _carry_out(
        self, job: Job, index: int, ask: bool, marks: dict[str, Mark], writes: list[_Write]
    ) -> Committed:
        """``job`` carried out on its table's machine (its events among ``writes``),
        or its first answer; ``ask``: whether the store may hold its id already."""
        table = job.table
        entry = self._entry(table)
        key = job.key
        if key is not None:
            kept = entry.answers.get(key)
            if kept is not None:
                return kept[1]
            if ask and (done := self.store.applied(table, key)) is not None:
                return self._answer(entry, done)
            if (done := self._named(entry, job)) is not None:
                return self._answer(entry, done)
        machine = entry.machine
        # The sender as their seating goes by now (a rename committed since their
        # credential was given, by this process or another, before or after a restart).
        by = seated(machine.state, job.by)
        command = sent_as(job.command, job.by, by)
        check_sender(command, by)
        marks.setdefault(table, machine.mark())
        before = machine.event_count
        try:
            with machine.batch():
                carry_out(machine, command, self.clock, by)
        except PuntoBancoError:
            # Carried out before (this id, before a restart or elsewhere), or
            # refused on a copy another process has moved on from.
            if key is not None and not ask and (done := self.store.applied(table, key)):
                return self._answer(entry, done)
            if self._shared is not None and self._follow(table, marks):
                return self._carry_out(job, index, ask, marks, writes)
            raise
        events = machine.events_since(before)
        if not events:
            if key is not None and not ask and (done := self.store.applied(table, key)):
                return self._answer(entry, done)
            return Committed(table, before, ())
        writes.append(_Write(table, before, events, key, index))
        return Committed(table, machine.event_count, self._public(entry, events))

    def _named(self, entry: _Table, job: Job) -> Applied | None:
        """What ``job``'s id stored under its credential's name (``Job.named_key``),
        before this engine read its table: a command sent before seatings keyed ids,
        retried since: only at a table whose log holds such ids, for a seating that
        sat before it was read, and its seating's own (stored after it sat: an
        earlier seating under that name is someone else)."""
        named = job.named_key
        seating = job.by.seating
        events = entry.named
        if named is None or seating is None or seating > events:
            return None
        done = self.store.applied(job.table, named)
        if done is None or done.first <= seating or done.last > events:
            return None
        return done

    def _stored(
        self, entry: _Table, writes: list[_Write], jobs: Sequence[Job], results: list[Result | None]
    ) -> None:
        """``writes`` of one table are committed: its jobs' answers are kept, its
        snapshot written when due, its subscribers called."""
        now = self.clock()
        for w in writes:
            answer = results[w.job]
            if w.key is not None and isinstance(answer, Committed):
                entry.answers[w.key] = (now, answer)
        while entry.answers and next(iter(entry.answers.values()))[0] < now - ANSWER_SECONDS:
            entry.answers.popitem(last=False)
        # Each write's public events are in its answer already: made once, not again.
        public: list[dict[str, Any]] = []
        for w in writes:
            answer = results[w.job]
            assert isinstance(answer, Committed) and len(answer.events) == len(w.events)
            public += answer.events
        self._commit(entry, writes, stored=True, public=tuple(public))

    def _commit(
        self,
        entry: _Table,
        writes: list[_Write],
        *,
        stored: bool = False,
        public: tuple[dict[str, Any], ...] | None = None,
    ) -> None:
        """``writes`` of one table, stored now (unless ``stored``), then published
        (``public``: their events as every viewer may receive them, if made already)."""
        machine = entry.machine
        if not stored:
            with _writing():
                for w in writes:
                    self.store.append(w.table, w.expected, w.events)
        if entry.snapshots is not None:
            entry.snapshots(machine)
        events = [e for w in writes for e in w.events]
        if entry.pictures is not None:
            entry.pictures.feed(events)
        if public is None:
            public = self._public(entry, events)
        self._publish(entry, Committed(writes[0].table, machine.event_count, public))

    def _answer(self, entry: _Table, done: Applied) -> Committed:
        """The first answer of a command the store holds (its events, as then)."""
        machine = entry.machine
        base = machine.event_count - len(machine.events)
        if done.first > base:
            events = machine.events[done.first - base - 1 : done.last - base]
        else:
            table = machine.state.table
            events = tuple(r.event for r in self.store.load(table)[done.first - 1 : done.last])
        return Committed(machine.state.table, done.last, self._public(entry, events))

    def _public(self, entry: _Table, events: Sequence[Event]) -> tuple[dict[str, Any], ...]:
        config = entry.machine.config
        return tuple(public_event(e, config) for e in events)

    # -- the clock -------------------------------------------------------------------

    def tick(self, tables: Iterable[str] | None = None) -> list[Result]:
        """Every table held (or of ``tables``) that waits on the clock looks at it: the
        croupier closes bets and deals when they are due, a shoe's contributions
        window closes, the dealer turns Punto's cards once their player's time is
        up. Its subscribers are called after each commit, and when the table's
        clock changed what its viewers see without one (a countdown started
        again, a player's seconds to turn started). Without ``tables``, only the
        tables that waited at the last tick or changed since are looked at: a
        table whose state waits on nothing is passed over until its next commit."""
        now = self.clock()
        with self._lock:
            names = list(self._clocked) if tables is None else list(tables)
            waiting = [t for t in names if t in self._tables and _waits(self._tables[t].machine)]
            if tables is None:  # looked at again once their state changes (``_publish``)
                self._clocked = dict.fromkeys(waiting)
            clocks = {t: self._clocks(self._tables[t], now) for t in waiting}
            results = self._do_many([Job(t, Tick()) for t in waiting])
            for table, result in zip(waiting, results, strict=True):
                entry = self._tables.get(table)
                if entry is None or not isinstance(result, Committed) or result.events:
                    continue
                if self._clocks(entry, now) != clocks[table] and _started(
                    entry, now, clocks[table]
                ):
                    self._publish(entry, result)
            return [r for r in results if isinstance(r, Committed) and r.events]

    def _clocks(self, entry: _Table, now: float) -> tuple[float | None, float | None]:
        machine = entry.machine
        return machine.countdown_left(now), machine.turn_left(now)

    # -- subscriptions ------------------------------------------------------------------

    def subscribe(self, table: str, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(committed)`` after each commit to ``table`` (made by any
        process, where the store is shared); returns the function that unsubscribes.

        A callback that raises does not undo the commit: the other callbacks
        are still called, then the first error is raised again.
        """
        with self._lock:
            subscribers = self._entry(table).subscribers
            subscribers.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in subscribers:
                    subscribers.remove(callback)

        return unsubscribe

    def subscribe_all(self, callback: Subscriber) -> None:
        """Call ``callback(committed)`` after each commit to any table held here (made
        by any process, where the store is shared), as ``subscribe`` does for one."""
        with self._lock:
            self._everywhere.append(callback)

    def _publish(self, entry: _Table, committed: Committed) -> None:
        self._clocked[committed.table] = None  # its state changed: it may wait on the clock now
        errors: list[BaseException] = []
        for callback in (*entry.subscribers, *self._everywhere):
            try:
                callback(committed)
            except Exception as error:  # noqa: BLE001 - raised again below
                errors.append(error)
        if errors:
            raise errors[0]

    # -- several processes on one store -------------------------------------------------

    def _follow(
        self,
        table: str,
        marks: Mapping[str, Mark] | None = None,
        *,
        feed: EventStore | None = None,
        read: Sequence[Record] | None = None,
    ) -> bool:
        """Fold into this process's copy of ``table`` what other processes stored since
        (a table whose log it cannot continue is read again); True if anything was.
        A copy with events of a round not yet committed (``marks``) is left as it is.
        ``read``: the table's latest events, read already (those the copy holds are
        passed over); else they are read from ``feed`` (default: the store)."""
        entry = self._tables.get(table)
        if entry is None or (marks is not None and table in marks and _ahead(entry, marks[table])):
            return False
        machine = entry.machine
        count = machine.event_count
        store = feed or self.store
        if read is not None:
            records = [r for r in read if r.seq > count]
        elif isinstance(store, SharedStore | SnapshotStore):
            records = store.load_after(table, count)
        else:
            records = store.load(table)[count:]
        if not records:
            return False
        if [r.seq for r in records] != list(range(count + 1, count + 1 + len(records))):
            self._tables.pop(table, None)
            reloaded = self._load(table)
            if reloaded is not None:
                reloaded.subscribers, reloaded.answers = entry.subscribers, entry.answers
            return True
        events = [r.event for r in records]
        # The new chain head, read where the events were: the views pushed for them
        # show it, and this process's own connection may still be out of reach (a
        # listener's catch-up after a cut), where a push would fail with nobody to
        # try it again before the next commit.
        head = (records[-1].seq, head_of(store, table, records[-1].seq))
        machine.follow(events)
        entry.head = head
        if entry.pictures is not None:
            entry.pictures.feed(events)
        self._publish(entry, Committed(table, machine.event_count, self._public(entry, events)))
        return True

    def _listen(self) -> None:
        """The listener's thread: each table held here that another process wrote to is
        followed. What every table heard at once needs is read in one query, without
        the engine's lock (the commands go on meanwhile), then folded in under it; a
        table the store could not give then is read again at the next turn."""
        assert self._listener is not None and self._shared is not None
        feed = self._feed
        assert isinstance(feed, SharedStore)
        missed: set[str] = set()
        while not self._stopping:
            try:
                heard = self._listener.wait(0.2)
            except Exception:  # noqa: BLE001 - the connection closed under us: shutting down
                return
            told = dict.fromkeys(missed, 0)  # 0: how far is not known, read what there is
            for table, events in heard:
                told[table] = max(events, told.get(table, 0))
            with self._lock:
                # A shutdown under way closed the feed: a read now would open a
                # connection of its own, which nothing would close.
                if self._stopping:
                    return
                after = {
                    table: entry.machine.event_count
                    for table, events in told.items()
                    if (entry := self._tables.get(table)) is not None
                    and (events == 0 or entry.machine.event_count < events)
                }
            missed = set()
            try:
                read = feed.load_after_many(after)
            except PuntoBancoError:  # out of reach: tried again at the next turn
                missed = set(after)
                continue
            with self._lock:
                if self._stopping:
                    return
                for table in after:
                    try:
                        self._follow(table, feed=feed, read=read.get(table, ()))
                    except PuntoBancoError:
                        missed.add(table)

    @property
    def owned(self) -> frozenset[str]:
        """The tables this process owns on a shared store (``claim``)."""
        return frozenset() if self._owner is None else self._owner.held

    def claim(self, table: str) -> bool:
        """Own ``table`` if no live process does (a shared store: one owner per table,
        released when its process dies), then read it again from the store and
        complete a coup its last owner left half way (``resume``)."""
        if self._shared is None:
            raise StoreError("store.error.url", url=getattr(self.store, "name", "?"),
                             schemes="postgresql://...")  # fmt: skip
        with self._lock:
            if self._owner is None:
                self._owner = self._shared.owner()
            if not self._owner.claim(table):
                return False
            old = self._tables.pop(table, None)
            entry = self._entry(table)
            if old is not None:
                entry.subscribers, entry.answers = old.subscribers, old.answers
            return True

    def take_over(self, tables: Iterable[str]) -> list[str]:
        """Claim every table of ``tables`` that no live process owns; the ones claimed now."""
        return [t for t in tables if t not in self.owned and self.claim(t)]

    # -- views ---------------------------------------------------------------------

    def view(
        self,
        table: str,
        viewer: Viewer = Viewer.SPECTATOR,
        lang: Lang = "en",
        *,
        odds: bool = True,
    ) -> dict[str, Any]:
        """What ``viewer`` may see of ``table`` now, in ``lang``, with the commands they
        may send (a fresh dict of JSON types: text, whole numbers, exact amounts as
        text); ``odds``: the host's board computes the next coup's odds if needed.
        On a shared store, what other processes stored is read first.
        ``SeatEndedError`` for a player whose seating has ended (``Viewer.seating``)."""
        with self._lock:
            if self._shared is not None:
                self._follow(table)
            moment = self._moment(table)
            return view(moment, seated(moment.machine.state, viewer), lang, odds=odds)

    def rematch(self, table: str) -> tuple[TableConfig, tuple[str, ...], tuple[str, ...]]:
        """What a rematch of ``table`` opens with: the same settings, the players
        seated at its end in seat order (one who left or was removed is not among
        them), and those of them who sat down from their own devices (``open``'s
        ``own``: their seats stay theirs, not the operator's). A table dealt from a
        seed gets the next seed (reproducible, and not the same coups again); any
        other gets a fresh secret shoe, as every table does. ``IllegalActionError``
        while ``table`` has not ended."""
        state = self.state(table)
        if state.phase is not Phase.ENDED:
            raise IllegalActionError("table.error.rematch_early")
        config = state.config
        if config.seed is not None:
            config = replace(config, seed=(config.seed + 1) & MAX_SEED)
        seated = state.seated
        return config, tuple(p.name for p in seated), tuple(p.name for p in seated if not p.house)

    def name_rematch(self, table: str, rematch: str) -> str:
        """Write in the ended ``table``'s log that its rematch is ``rematch``, opened
        with ``rematch(table)`` (``RematchOpened``: every process's views of it name
        it), unless it names one already; returns the one it names (another
        process's, written first, wins). ``IllegalActionError`` before its end."""
        with self._lock:
            for _ in range(RETRIES):
                if self._shared is not None:
                    self._follow(table)
                entry = self._entry(table)
                machine = entry.machine
                if machine.state.rematch is not None:
                    return machine.state.rematch
                before, mark = machine.event_count, machine.mark()
                machine.open_rematch(rematch)
                try:
                    self._commit(
                        entry, [_Write(table, before, machine.events_since(before), None, -1)]
                    )
                except StoreError as error:
                    machine.rewind(mark)
                    if error.key != "store.error.conflict":
                        raise
                    self._follow(table)  # another process wrote first: read it
                    continue
                return rematch
        raise StoreError("store.error.busy", table=table, tries=RETRIES)

    def rematch_of(self, table: str) -> str | None:
        """The rematch ``table``'s log names (``name_rematch``), or None; on a shared
        store, what other processes stored is read first."""
        with self._lock:
            if self._shared is not None:
                self._follow(table)
            return self.state(table).rematch

    def rematch_seating(self, table: str, rematch: str, by: Viewer) -> Viewer:
        """``by``, a player seated at ``table``'s end, at ``rematch`` (opened with
        ``rematch(table)``'s players): under the name they went by at the end, with
        their seating there; ``NotAllowedError`` for any other."""
        state = self.state(table)
        try:
            by = seated(state, by)
        except SeatEndedError:
            raise NotAllowedError("web.error.no_rematch_seat") from None
        player = state.players.get(by.name or "")
        seating = self.seating(rematch, by.name or "")
        if player is None or player.seating != by.seating or seating is None:
            raise NotAllowedError("web.error.no_rematch_seat")
        return Viewer.player(player.name, seating)

    def seating(self, table: str, name: str) -> int | None:
        """The seating (``Player.seating``) of the player now seated as ``name``, or of
        their request to sit the host has not answered, or None: what a credential
        of that player is bound to."""
        state = self.state(table)
        player = state.find(name)
        if player is not None:
            return player.seating
        key = name_key(name)
        return next((seq for n, (seq, _) in state.asking.items() if name_key(n) == key), None)

    def view_text(self, table: str, viewer: Viewer, lang: Lang = "en") -> str:
        """``view`` as JSON text, without computing odds, its shared part serialised
        once per language and commit (what a server pushes after each commit); a
        player whose seating has ended sees what a spectator sees."""
        return self.view_texts(table, [(viewer, lang)])[viewer, lang]

    def view_texts(
        self, table: str, wanted: Iterable[tuple[Viewer, Lang]]
    ) -> dict[tuple[Viewer, Lang], str]:
        """``view_text`` of each ``(viewer, lang)`` of ``wanted``, all made from one
        moment of the table (what a server pushes to its sockets after a commit)."""
        with self._lock:
            entry = self._entry(table)
            state = entry.machine.state
            count = entry.machine.event_count
            if entry.texts[0] != count:
                entry.texts = (count, {})
            shared = entry.texts[1]
            moment = self._moment(table)
            made: dict[tuple[Viewer, Lang], str] = {}
            for viewer, lang in wanted:
                if (viewer, lang) in made:
                    continue
                try:
                    shown = seated(state, viewer)
                except PuntoBancoError:
                    shown = Viewer.SPECTATOR
                made[viewer, lang] = text(moment, shown, lang, shared)
            return made

    def commands(self, table: str, viewer: Viewer) -> list[dict[str, Any]]:
        """The commands ``viewer`` may send now, as templates (the view's ``commands``)."""
        return list(self.view(table, viewer, odds=False)["commands"])

    def _moment(self, table: str) -> Moment:
        entry = self._entry(table)
        pictures = entry.pictures
        if pictures is None:
            pictures = entry.pictures = Pictures()
            machine = entry.machine
            if machine.from_snapshot:  # the settled coups are read from the whole log
                pictures.feed([r.event for r in self.store.load(table)])
            else:
                pictures.feed(machine.events)
        return Moment(entry.machine, pictures, self.head(table), self.clock())


def carry_out(
    machine: Table, command: Command, clock: Callable[[], float], by: Viewer = Viewer.HOST
) -> None:
    """What ``command`` sent by ``by`` does to ``machine``: the one definition of every
    command, whichever front-end sent it; raises a named error if refused. It does
    not commit: the caller holds the table's batch and its store. Anyone but the host
    sits down only while the table is open to joins, or asks to where the host
    admits each join; a player's rebuy is a request where the host approves them."""
    match command:
        case Sit(name, bankroll, seat):
            joins = machine.state.joins
            if by.role is Role.HOST or joins == "open":
                # A seat the host takes for someone is the operator's own: no
                # device of that player's commits to the shoes for it.
                machine.sit(name, bankroll, seat, house=by.role is Role.HOST)
            elif joins == "approval":
                machine.ask_to_join(name, bankroll)
            else:
                machine.verify_sit(name, bankroll, seat)
                raise IllegalActionError("table.error.joins_locked")
        case Leave(name):
            machine.leave(name)
        case Bet(name, box, stake):
            machine.bet(name, box, stake)
        case Withdraw(name, box):
            if box is None:
                player = machine.player(name)
                if len(player.bets) != 1:
                    raise IllegalActionError("table.error.no_prediction", name=player.name)
                (box,) = player.bets
            machine.withdraw(name, box)
        case Rebet(name):
            machine.rebet(name)
        case Double(name):
            machine.double(name)
        case UndoBet(name):
            machine.undo_bet(name)
        case ClearBets(name):
            machine.clear_bets(name)
        case Deal(name):
            machine.play_coup(name)
        case TurnPunto(name):
            machine.turn_punto(name)
        case PassShoe(name):
            machine.pass_shoe(name)
        case Tick():
            machine.tick(clock())
        case PlaceCard(card):
            machine.place_card(card)
            if machine.phase is Phase.DEALT:
                machine.settle()  # the host may still take the last card back
        case UndoCard():
            machine.undo_card()
        case NextCoup():
            if machine.phase is not Phase.SETTLED:
                machine.verify_next_coup()  # raises, naming the phase
            machine.finish_coup()
        case Rebuy(name, amount):
            if by.role is not Role.HOST and machine.config.rebuy_approval:
                machine.ask_rebuy(name, amount)  # the host grants it with its own Rebuy
            else:
                machine.rebuy(name, amount)
        case Ready(name):
            machine.ready(name)
        case Contribute(name, text):
            machine.contribute(name, text)
        case CommitContribution(name, shoe, digest):
            machine.commit_contribution(name, digest, shoe=shoe)
        case RevealContribution(name, shoe, value):
            machine.reveal_contribution(name, value, shoe=shoe)
        case NextQuestion():
            machine.next_question()
        case AnswerQuestion(name, answer):
            machine.answer(name, answer)
        case ShowAnswer():
            machine.show_answer()
        case PauseTable():
            machine.pause()
        case ResumeTable():
            machine.resume()
        case CloseTable():
            machine.close_table()
        case Remove(name, reason):
            machine.remove(name, reason)
        case RenamePlayer(name, new_name):
            machine.rename(name, new_name)
        case SetJoins(mode):
            machine.set_joins(mode)
        case Admit(name):
            machine.admit(name)
        case Refuse(name):
            machine.refuse(name)
        case SkipMissing():
            machine.skip_missing()
        case SetPredictionTime(seconds):
            machine.set_prediction_time(seconds)
        case _:
            machine.close_bets()  # CloseBets


def _info(state: TableState) -> TableInfo:
    config = state.config
    return TableInfo(
        state.table,
        state.format.value,
        state.phase.value,
        state.coup,
        tuple(p.name for p in state.seated),
        state.phase is Phase.ENDED,
        config.seats,
        config.minimum if config.money else None,
        config.maximum if config.money else None,
        config.deals,
    )


def _complete(machine: Table) -> None:
    """A coup a stopped process left half way is finished with its stored cards:
    one whose bets were closed at a table with a shoe (the host's deal would have
    dealt it), or dealt and not settled; a coup of physical cards is settled once
    complete, then waits for the host; Punto's cards face down stay with their
    player (the clock turns them in time)."""
    if machine.config.rules.cards is CardSource.HOST:
        if machine.phase is Phase.DEALT:
            machine.settle()
        return
    if machine.state.face_down is None and machine.phase in (
        Phase.BETS_CLOSED,
        Phase.DEALT,
        Phase.SETTLED,
    ):
        machine.play_coup()


def _waits(machine: Table) -> bool:
    """True while the table waits on the clock: the croupier's countdown with bets
    open, a shoe gathering its players' contributions, Punto's cards face down, a
    lesson's question taking answers."""
    state = machine.state
    countdown = state.config.rules.countdown and state.phase is Phase.BETS_OPEN
    predicting = state.prediction_seconds is not None and state.phase is Phase.BETS_OPEN
    return (
        countdown
        or predicting  # a session's time to predict
        or state.phase is Phase.SHUFFLING
        or state.face_down is not None
        or state.lesson.open  # a lesson's question counts its seconds down
    )


def _started(entry: _Table, now: float, before: tuple[float | None, float | None]) -> bool:
    """True when a tick without events started a clock the viewers count down: the
    croupier's countdown again (no bet came), a player's seconds to turn."""
    countdown, turn = entry.machine.countdown_left(now), entry.machine.turn_left(now)
    restarted = countdown is not None and (before[0] is None or countdown > before[0] + 0.5)
    return restarted or (turn is not None and before[1] is None)


def _ahead(entry: _Table, mark: Mark) -> bool:
    return entry.machine.event_count != mark.events


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
        return TableConfig.of(fmt, **dict(settings or {}))
    except TypeError as error:
        raise IllegalActionError(
            "engine.error.settings", format=fmt.value, reason=str(error)
        ) from None


@contextmanager
def _writing() -> Iterator[None]:
    """A store's write: whatever else than a named refusal it raises (a driver's
    error: a read-only file, a full disk, a lost connection) is refused as the log
    not written, with the driver's words as the reason."""
    try:
        yield
    except PuntoBancoError:
        raise
    except Exception as error:
        raise StoreError("engine.error.not_written", reason=str(error)) from error
