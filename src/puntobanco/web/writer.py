"""The writer: group commits of the write queue, and recovery when one fails.

Commands run on the event loop, one at a time, and their events go to a write
queue; one writer thread commits the queue in group commits (several
commands, several tables, one transaction when the store offers
``append_many``), and only then are commands acknowledged and views pushed.
The writer takes the next batch as soon as a commit is over, without waiting
for the event loop: a busy loop delays acknowledgements, not the writes
behind them. A failed commit reloads the tables it touched from the store, so
memory never runs ahead of the log; their writes queued meanwhile are
refused, never written on top of the lost ones. A table that cannot be read
again then (the store out of reach) stays refused until its next use reads
it (``_revive``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from functools import partial
from typing import Final

from puntobanco.engine.live import LiveTable
from puntobanco.errors import PuntoBancoError, StoreError
from puntobanco.store import append_many, head_of
from puntobanco.table.events import Event
from puntobanco.web.auth import TableMeta
from puntobanco.web.followers import Followers
from puntobanco.web.live import Live, Write

LOG: Final = logging.getLogger("puntobanco.web")


class TableSink:
    """A table's sink: queues its events for the group commit (what a table
    writes before its ``Live`` exists is queued when the ``Live`` is attached)."""

    def __init__(self, hub: Writer) -> None:
        self._hub = hub
        self._live: Live | None = None
        self._early: list[tuple[int, Sequence[Event]]] = []

    def attach(self, live: Live) -> None:
        """From now on, queue the table's events as ``live``'s writes."""
        self._live = live
        for expected, events in self._early:
            self._hub._enqueue(live, expected, events)
        self._early.clear()

    def __call__(self, expected: int, events: Sequence[Event]) -> None:
        if self._live is None:
            self._early.append((expected, events))
        else:
            self._hub._enqueue(self._live, expected, events)


class Writer(Followers):
    """The write queue and its group commits."""

    def _rebuild(self, meta: TableMeta, events: Sequence[Event]) -> Live:
        """The table whose committed log is ``events``, writing to the queue."""
        sink = TableSink(self)
        table = LiveTable.replay(events, sink=sink)
        live = Live(meta, table, list(events), table.state)
        sink.attach(live)
        return live

    def _enqueue(self, live: Live, expected: int, events: Sequence[Event]) -> None:
        """Queue a write of ``live``'s ``events`` (a command's writes wait until it is done)."""
        loop = asyncio.get_running_loop()
        self._loop = loop
        write = Write(live, expected, tuple(events), live.table.state, loop.create_future())
        live.last_write = self._last = write.done
        self._pending[live.name] = self._pending.get(live.name, 0) + 1
        if self._staged is not None:  # a command's writes go together, once it is done
            self._staged.append(write)
        else:
            self._submit([write])

    def _submit(self, writes: list[Write]) -> None:
        """Hand ``writes`` to the writer thread (a drain starts if none is under way)."""
        with self._lock:
            self._queue.extend(writes)
            start, self._draining = not self._draining, True
        if start:
            self._writer.submit(self._drain)

    async def _commit(self, live: Live) -> None:
        """Wait until ``live``'s writes queued so far are committed (raises if one was not:
        a table's writes commit in order, and after a failed one the rest are refused)."""
        if live.last_write is not None:
            await asyncio.shield(live.last_write)

    def _drain(self) -> None:
        """In the writer thread: commit what is queued, one transaction (one fsync) a
        batch, and hand the outcome to the event loop; then go on with what was queued
        meanwhile, behind the store's other work (loads, credentials) already waiting."""
        with self._lock:
            taken, self._queue = self._queue, []
        loop = self._loop
        assert loop is not None
        batch = [w for w in taken if w.live.stale is None]
        refused = [w for w in taken if w.live.stale is not None]
        if refused:  # their table is being reloaded: these expect events that were lost
            loop.call_soon_threadsafe(self._refused, refused)
        while batch:
            started = time.perf_counter()
            try:
                heads = self._write_heads(batch)
            except BaseException as error:  # noqa: BLE001 - every failure reloads
                failure = (
                    error
                    if isinstance(error, PuntoBancoError)
                    else StoreError("web.error.store", reason=str(error))
                )
                # A failure of one table's write (it moved on, or a command it
                # stored before) refuses that table's commands alone: the others
                # are written again without them.
                named = failure.params.get("table") if isinstance(failure, StoreError) else None
                failed = [w for w in batch if w.live.name == named] or batch
                batch = [w for w in batch if w not in failed]
                for w in failed:
                    w.live.stale = failure
                self.metrics.commit_failed(failed, failure)
                loop.call_soon_threadsafe(self._failed, failed, failure)
            else:
                self.commits += 1
                self.metrics.committed(batch, started)
                loop.call_soon_threadsafe(self._committed, batch, heads)
                batch = []
        with self._lock:
            more = self._draining = bool(self._queue)
        if more:
            self._writer.submit(self._drain)

    def _committed(self, batch: list[Write], heads: dict[str, str]) -> None:
        """On the event loop: a batch is stored; acknowledge it, then push its views."""
        for w in batch:
            live = w.live
            live.log.extend(w.events)
            live.state = w.state
            live.head = heads[live.name]
            self._to_push[live.name] = live
            self._written(live.name)
            w.done.set_result(None)
        if self._pusher is None or self._pusher.done():
            self._pusher = asyncio.get_running_loop().create_task(self._push_loop())

    def _written(self, name: str) -> None:
        """One write of table ``name`` is over (stored or failed)."""
        left = self._pending.get(name, 0) - 1
        if left > 0:
            self._pending[name] = left
        else:
            self._pending.pop(name, None)

    def _failed(self, batch: list[Write], failure: PuntoBancoError) -> None:
        """On the event loop: a batch was not stored; reload its tables, then fail its writes."""
        lives = {w.live.name: w.live for w in batch}
        task = asyncio.get_running_loop().create_task(self._recover(lives, batch, failure))
        for name in lives:
            self._recovering[name] = task

    async def _recover(
        self, lives: dict[str, Live], batch: list[Write], failure: PuntoBancoError
    ) -> None:
        try:
            await self._reload({n: old for n, old in lives.items() if self._tables.get(n) is old})
        finally:
            for name in lives:
                if self._recovering.get(name) is asyncio.current_task():
                    del self._recovering[name]
            self._fail(batch, failure)

    def _refused(self, writes: list[Write]) -> None:
        """On the event loop: writes of a table whose commit failed; they fail as it did,
        once it is reloaded (a command retried then meets the reloaded table)."""

        async def after_reload() -> None:
            tasks = {t for w in writes if (t := self._recovering.get(w.live.name)) is not None}
            if tasks:
                await asyncio.wait(tasks)
            for w in writes:
                assert w.live.stale is not None
                self._fail([w], w.live.stale)

        asyncio.get_running_loop().create_task(after_reload())

    def _fail(self, writes: list[Write], failure: PuntoBancoError) -> None:
        """``writes`` were not stored: their waiters get ``failure``."""
        for w in writes:
            self._written(w.live.name)
            if not w.done.done():
                w.done.set_exception(failure)
                w.done.exception()  # the waiters read it; never "never retrieved"

    async def _push_loop(self) -> None:
        """Push the views of committed tables, one table a turn of the event
        loop: a table committed again before its turn is pushed once, with its
        latest committed state (a phone shows only the newest view anyway)."""
        await asyncio.sleep(0)  # the acknowledgements go out first
        while self._to_push:
            name = next(iter(self._to_push))
            live = self._to_push.pop(name)
            if self._tables.get(name) is live:  # not reloaded since
                self._push_views(live)
                if self._heard_counts.get(name, 0) > live.seq:  # heard while writing
                    asyncio.get_running_loop().create_task(self._catch_up(name))
            await asyncio.sleep(0)

    def _write(self, batch: list[Write]) -> None:
        """In the writer thread: store ``batch``, in one transaction where the store can."""
        writes = [(w.live.name, w.expected, w.events) for w in batch]
        # One transaction where the store can, with the ids of the commands.
        append_many(self._store, writes, commands=[w.command for w in batch])

    def _write_heads(self, batch: list[Write]) -> dict[str, str]:
        """``_write``, then each table's chain head (the store's, after its own commit)."""
        self._write(batch)
        ends = {w.live.name: w.expected + len(w.events) for w in batch}
        return {name: head_of(self._store, name, seq) for name, seq in ends.items()}

    async def _reload(self, lives: dict[str, Live]) -> None:
        """Read each table of ``lives`` again from the store (after a failed commit).
        A table the store cannot give now keeps its old copy, marked ``stale`` with
        the reason: refused until it is read again (``_revive``)."""
        for name, old in lives.items():
            try:
                records = await self._run(self._store.load, name)
                new = self._rebuild(old.meta, [r.event for r in records])
                new.head = await self._run(head_of, self._store, name, new.seq)
            except Exception as error:  # noqa: BLE001 - the store's failure, kept as the reason
                old.stale = (
                    error
                    if isinstance(error, PuntoBancoError)
                    else StoreError("web.error.store", reason=str(error))
                )
                LOG.warning("table %s not read again: %s", name, old.stale)
                continue
            new.subscribers = old.subscribers
            new.answers = old.answers
            self._tables[name] = new
            if self._shared is not None:
                self._push_views(new)  # another process's commit is what they see now

    def _heard(self, latest: dict[str, int]) -> None:
        """``Followers._heard``; a table whose reload failed is read again now (what
        was heard is in the store, which answers again)."""
        loop = asyncio.get_running_loop()
        for table, count in latest.items():
            live = self._tables.get(table)
            if live is not None and live.stale is not None and count > live.seq:
                loop.create_task(self._revive(live))
        super()._heard(latest)

    async def _revive(self, live: Live) -> None:
        """Read again ``live``, a table whose commit failed, unless a reload of it is
        under way already (then wait for that one): once this returns, the table is
        the store's again, or still ``stale`` with the reason it is not."""
        name = live.name
        task = self._recovering.get(name)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._reload({name: live}))
            self._recovering[name] = task
            task.add_done_callback(partial(self._revived, name))
        await asyncio.wait([task])

    def _revived(self, name: str, task: asyncio.Task[None]) -> None:
        if self._recovering.get(name) is task:
            del self._recovering[name]
