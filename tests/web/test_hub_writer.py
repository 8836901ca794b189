"""The hub's writer thread: it takes the next batch as soon as a commit is over,
and after a failed commit it writes nothing on top of the events that were lost."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from puntobanco.store import Append
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import BetPlaced, Event
from puntobanco.web.auth import HOST, PLAYER, Identity
from puntobanco.web.hub import Hub
from tests.web.helpers import run_async


class Gate(SQLiteStore):
    """A store whose next ``append_many`` waits for ``release``, then fails once if told."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.hold = False
        self.fail = False
        self.waiting = threading.Event()
        self.release = threading.Event()
        self.batches: list[list[str]] = []

    def append_many(
        self,
        batch: Sequence[Append | tuple[str, int, Sequence[Event]]],
        *,
        commands: Sequence[str | None] | None = None,
    ) -> None:
        if self.hold:
            self.hold = False
            self.waiting.set()
            self.release.wait(10)
            if self.fail:
                self.fail = False
                raise sqlite3.OperationalError("disk I/O error")
        self.batches.append([Append(*item).table for item in batch])
        super().append_many(batch, commands=commands)  # ``append`` comes here too


def gated(path: Path) -> tuple[Hub, Gate]:
    """A hub on ``path`` whose store is a ``Gate`` (opened in the hub's store thread,
    where its SQLite connection must stay)."""
    hub = Hub(path)
    hub._writer.submit(hub._store.close).result()
    store = hub._writer.submit(Gate, path).result()
    hub._store = store
    return hub, store


def bet(n: int, box: str = "banco") -> dict[str, Any]:
    return {"id": str(n), "type": "bet", "box": box, "stake": 1_000}


def test_writes_queued_behind_a_failed_commit_are_refused_and_never_stored(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        hub, store = gated(tmp_path / "w.db")

        async def stored(table: str) -> list[Event]:
            return [r.event for r in await hub._run(store.load, table)]

        a, _, _ = await hub.create("casino", {"seed": 1})
        b, _, _ = await hub.create("casino", {"seed": 2})
        await hub.join(a, "Ana")
        await hub.join(b, "Bruno")
        ana, bruno = Identity(a, PLAYER, "Ana"), Identity(b, PLAYER, "Bruno")
        before = len(await stored(a))
        store.hold = store.fail = True
        first = asyncio.ensure_future(hub.command(ana, bet(1)))
        await asyncio.to_thread(store.waiting.wait, 10)  # the writer holds Ana's first bet
        # Queued while that commit is under way: Ana's second bet expects the first.
        second = asyncio.ensure_future(hub.command(ana, bet(2, "egalite")))
        other = asyncio.ensure_future(hub.command(bruno, bet(3)))
        await asyncio.sleep(0.05)
        store.release.set()
        answers = await asyncio.gather(first, second, other)
        assert [x.status for x in answers] == [503, 503, 200]
        assert answers[0].body["error"]["code"] == "web.error.store"
        # Nothing of Ana's was stored, and her table is the store's again.
        events = await stored(a)
        assert len(events) == before
        assert not any(isinstance(e, BetPlaced) for e in events)
        live = await hub.live(a)
        assert live.seq == before and live.table.event_count == before
        view = await hub.view(Identity(a, HOST), "en")
        assert [p["name"] for p in view["players"]] == ["Ana"]
        # She can bet again, on the table as it is stored.
        again = await hub.command(ana, bet(4))
        assert again.status == 200 and again.body["seq"] == before + 1
        assert isinstance((await stored(a))[-1], BetPlaced)
        assert len(await stored(b)) == answers[2].body["seq"]
        await hub.stop()

    run_async(scenario)


def test_the_writer_takes_the_next_batch_without_waiting_for_the_event_loop(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        hub, store = gated(tmp_path / "n.db")
        tables = [(await hub.create("casino", {"seed": i}))[0] for i in range(3)]
        who = []
        for i, table in enumerate(tables):
            await hub.join(table, f"P{i}")
            who.append(Identity(table, PLAYER, f"P{i}"))
        store.batches.clear()
        store.hold = True
        first = asyncio.ensure_future(hub.command(who[0], bet(1)))
        await asyncio.to_thread(store.waiting.wait, 10)
        rest = [asyncio.ensure_future(hub.command(w, bet(2))) for w in who[1:]]
        await asyncio.sleep(0.05)  # both queued behind the held commit
        store.release.set()
        # The event loop is blocked: the writer still commits the next batch.
        threading.Event().wait(0.3)
        assert store.batches == [[tables[0]], [tables[1], tables[2]]]
        answers = await asyncio.gather(first, *rest)
        assert [x.status for x in answers] == [200, 200, 200]
        await hub.stop()

    run_async(scenario)
