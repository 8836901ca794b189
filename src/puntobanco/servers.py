"""Several processes serving the same tables from one PostgreSQL database.

``SharedEngine`` is the table engine (``puntobanco.engine.Engine``) for a process
that is one of several on one database:

- any process carries out any command, under optimistic concurrency: the
  engine's append names the event count it saw; a process that lost the race
  to another one gets the store's conflict, reloads the table and tries again
  (a command the table now refuses is refused, with its named error);
- a command may carry an id (``do(..., id=...)``): it is applied once per
  table, so a client that sends it again after a timeout or a failover gets
  the first result's event number back instead of a second application;
- ``subscribe(table, callback)`` calls back on every commit to the table,
  whichever process made it (``LISTEN``/``NOTIFY``), once each and in order;
- each table has one owner process at a time (``claim``, an advisory lock):
  the owner runs what no client sends (the croupier's clock, ``tick``), and
  when it dies another process's ``take_over`` claims its tables and
  completes a coup it left dealt with the stored cards.

When the database restarts or a connection breaks, the store connects again by
itself (``store.postgres_link``): a command meanwhile fails with the store's
``StoreError`` and the table is read again from the log on its next use;
the listeners listen again and catch up on the commits they missed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from puntobanco.engine import Committed, Engine, Tick, Viewer
from puntobanco.engine.commands import Command
from puntobanco.engine.views import public_event
from puntobanco.errors import StoreError
from puntobanco.rng import RandomSource
from puntobanco.store import Applied, Record, SharedStore, SnapshotStore, head_of, open_store
from puntobanco.table.config import TableConfig
from puntobanco.table.events import Event, TableOpened

#: How many times a command is tried again after losing a race.
RETRIES = 100


class _CommandStore:
    """A shared store, with the id of the command being carried out on this thread."""

    def __init__(self, store: SharedStore) -> None:
        self.store = store
        self.name = getattr(store, "name", "?")
        self._local = threading.local()

    def command(self, table: str, id: str | None) -> None:
        self._local.command = (table, id) if id is not None else None

    def append(
        self,
        table: str,
        expected: int,
        events: Sequence[Event],
        *,
        times: Sequence[str] | None = None,
        command: str | None = None,
    ) -> None:
        tagged: tuple[str, str] | None = getattr(self._local, "command", None)
        if command is None and tagged is not None and tagged[0] == table:
            command = tagged[1]
        self.store.append(table, expected, events, times=times, command=command)
        self._local.command = None  # one command, one append

    def load(self, table: str) -> list[Record]:
        return self.store.load(table)

    def applied(self, table: str, command: str) -> Applied | None:
        return self.store.applied(table, command)

    def tables(self) -> list[str]:
        return self.store.tables()

    def head(self, table: str, seq: int | None = None) -> str:
        return head_of(self.store, table, seq)

    def save_snapshot(self, table: str, seq: int, body: str) -> None:
        if isinstance(self.store, SnapshotStore):
            self.store.save_snapshot(table, seq, body)

    def load_snapshot(self, table: str) -> tuple[int, str] | None:
        return self.store.load_snapshot(table) if isinstance(self.store, SnapshotStore) else None

    def load_after(self, table: str, seq: int) -> list[Record]:
        return self.store.load_after(table, seq)

    def close(self) -> None:
        self.store.close()


Subscriber = Callable[[Committed], None]


class SharedEngine:
    """The engine of one process among several on one database (``url``, whose
    store is a ``SharedStore``: PostgreSQL)."""

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        rng: RandomSource | None = None,
    ) -> None:
        self.url = url
        self.store = _CommandStore(open_shared(url))
        self.engine = Engine(self.store, clock=clock, rng=rng)
        self.owner = self.store.store.owner()
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self._subscribers: dict[str, list[Subscriber]] = {}
        self._published: dict[str, int] = {}
        self._configs: dict[str, TableConfig] = {}
        self._feed = self.store.store.another()  # the listener thread's own reads
        self._listener = self.store.store.listener()
        self._stopping = False
        self._thread = threading.Thread(target=self._listen, name="puntobanco-listen", daemon=True)
        self._thread.start()

    def _lock(self, table: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(table, threading.Lock())

    # -- commands --------------------------------------------------------------------

    def open(self, table: str, format: str, **options: Any) -> Committed:
        """``Engine.open`` (the loser of a race to create the table opens it)."""
        with self._lock(table):
            return self.engine.open(table, format, **options)

    def do(
        self, table: str, command: Command, by: Viewer = Viewer.HOST, *, id: str | None = None
    ) -> Committed:
        """Carry out ``command`` whichever process last wrote to the table; ``id``
        makes it idempotent (a command already applied returns ``Committed`` with
        the event count it reached and no events)."""
        with self._lock(table):
            done = self.store.store.applied(table, id) if id is not None else None
            if done is not None:  # sent again: the table may have moved on since
                return Committed(table, done.last, ())
            for _ in range(RETRIES):
                self.store.command(table, id)
                try:
                    return self.engine.do(table, command, by)
                except StoreError as error:
                    if error.key == "store.error.applied":
                        self.engine.release(table)
                        return Committed(table, int(str(error.params["seq"])), ())
                    if error.key != "store.error.conflict":
                        # The store failed (out of reach): whether the append landed is
                        # the log's to say, so the table is read again on its next use.
                        self.engine.release(table)
                        raise
                    self._follow(table)  # another process wrote: read what it wrote
                finally:
                    self.store.command(table, None)
            raise StoreError("store.error.busy", table=table, tries=RETRIES)

    def view(self, table: str, viewer: Viewer = Viewer.SPECTATOR) -> dict[str, Any]:
        """``Engine.view``, brought up to date with the other processes' commits."""
        with self._lock(table):
            self._catch_up(table)
            return self.engine.view(table, viewer)

    def _catch_up(self, table: str) -> None:
        stored = self.store.store.count(table)
        if self.engine.exists(table) and self.engine.machine(table).event_count < stored:
            self._follow(table)

    def _follow(self, table: str) -> None:
        """Fold into this process's copy of the table the events other processes stored
        since (not a reload: only the new events are read)."""
        if not self.engine.exists(table):
            return
        records = self.store.load_after(table, self.engine.machine(table).event_count)
        if records:
            self.engine.follow(table, records)  # or released, to be read again

    # -- the other processes' commits ---------------------------------------------------

    def subscribe(self, table: str, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(committed)`` after every commit to ``table`` by any process
        (from this engine's listening thread); returns the function that unsubscribes."""
        with self._guard:
            if table not in self._published:
                self._published[table] = self.store.store.count(table)
            self._subscribers.setdefault(table, []).append(callback)
            subscribers = self._subscribers[table]

        def unsubscribe() -> None:
            with self._guard:
                if callback in subscribers:
                    subscribers.remove(callback)

        return unsubscribe

    def _listen(self) -> None:
        missed: dict[str, int] = {}  # heard, but the store could not be read then
        while not self._stopping:
            try:
                heard = self._listener.wait(0.2)
            except Exception:  # the connection closed under us: shutting down
                return
            for table, count in [*missed.items(), *heard]:
                try:
                    self._heard(table, count)
                except StoreError:  # out of reach: tried again with the next turn
                    missed[table] = max(count, missed.get(table, 0))
                else:
                    missed.pop(table, None)

    def _heard(self, table: str, count: int) -> None:
        with self._guard:
            callbacks = list(self._subscribers.get(table, ()))
            published = self._published.get(table, 0)
        if not callbacks or count <= published:
            return
        # Only this commit's events: a later commit is published on its own notification.
        records = self._feed.load_after(table, published, limit=count - published)
        if not records:
            return
        config = self._configs.get(table)
        if config is None:
            opened = self._feed.load_after(table, 0, limit=1)[0].event
            assert isinstance(opened, TableOpened)
            config = self._configs[table] = opened.config
        committed = Committed(
            table, records[-1].seq, tuple(public_event(r.event, config) for r in records)
        )
        with self._guard:
            self._published[table] = records[-1].seq
        for callback in callbacks:
            callback(committed)

    # -- ownership ----------------------------------------------------------------------

    def claim(self, table: str) -> bool:
        """Own ``table`` if no live process does (then complete a coup left dealt)."""
        if not self.owner.claim(table):
            return False
        with self._lock(table):
            self.engine.release(table)
            self.engine.resume(table)  # a coup dealt but not settled is settled now
        return True

    def take_over(self, tables: Iterable[str]) -> list[str]:
        """Claim every table of ``tables`` that no live process owns; the ones claimed now."""
        held = self.owner.held
        return [t for t in tables if t not in held and self.claim(t)]

    def tick(self) -> list[Committed]:
        """The croupier's clock for every table this process owns (what no client sends)."""
        done = []
        for table in sorted(self.owner.held):
            committed = self.do(table, Tick())
            if committed.events:
                done.append(committed)
        return done

    def shutdown(self) -> None:
        """Stop listening, let go of every table, close the connections."""
        self._stopping = True
        self._listener.close()
        self._thread.join(timeout=2)
        self.owner.close()
        self.engine.shutdown()
        self.store.close()
        self._feed.close()


class Follower:
    """Hears every commit that another process makes to ``store``'s log
    (``SharedStore.listener``): calls ``heard({table: events})`` from its own
    thread, once for each batch of notifications, where ``events`` is the table's
    event count after the latest commit heard. A web server uses it to bring its
    tables up to date and push the new views to its own connections. The commits
    made through the stores of ``ignore`` (the server's own writer) are not heard."""

    def __init__(
        self,
        store: SharedStore,
        heard: Callable[[dict[str, int]], object],
        *,
        ignore: Sequence[SharedStore] = (),
    ) -> None:
        self._listener = store.listener(ignore=ignore)
        self._heard = heard
        self._stopping = False
        self._thread = threading.Thread(target=self._listen, name="puntobanco-follow", daemon=True)
        self._thread.start()

    def _listen(self) -> None:
        while not self._stopping:
            try:
                heard = self._listener.wait(0.2)
            except Exception:  # the connection closed under us: shutting down
                return
            latest: dict[str, int] = {}
            for table, count in heard:
                latest[table] = max(count, latest.get(table, 0))
            if latest:
                self._heard(latest)

    def close(self) -> None:
        """Stop listening."""
        self._stopping = True
        self._thread.join(timeout=2)
        self._listener.close()


def shared_store(store: object) -> SharedStore | None:
    """``store`` if several processes may write to it (``SharedStore``), else None."""
    return store if isinstance(store, SharedStore) else None


def open_shared(url: str) -> SharedStore:
    """The store of ``url``, which several processes must be able to write at once;
    ``StoreError`` (``store.error.url``) for a URL whose store cannot (a file, memory)."""
    store = open_store(url)
    if not isinstance(store, SharedStore):
        store.close()
        raise StoreError("store.error.url", url=url, schemes="postgresql://...")
    return store
