"""The group commit: the commands that arrive while a commit is under way are carried
out together and committed in one transaction, on the engine's own thread (a busy
event loop does not hold it back), and a commit that fails stores nothing and
refuses its own commands only, the tables left as the store holds them."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import httpx

from puntobanco.errors import StoreError
from puntobanco.paytable import box_key
from puntobanco.store import Append, MemoryStore
from puntobanco.table.events import BetPlaced, Event
from puntobanco.web.app import create_app
from tests.web.helpers import bearer, run_async


class Gate(MemoryStore):
    """A store whose next ``append_many`` waits for ``release``, then fails once if told."""

    def __init__(self) -> None:
        super().__init__()
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
                raise StoreError("engine.error.not_written", reason="disk I/O error")
        self.batches.append([Append(*item).table for item in batch])
        super().append_many(batch, commands=commands)


@asynccontextmanager
async def served(store: Gate) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(store=store)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            yield client


async def seat(client: httpx.AsyncClient, seed: int, name: str) -> tuple[str, str]:
    r = await client.post("/api/tables", json={"format": "casino", "settings": {"seed": seed}})
    table = r.json()["table"]
    r = await client.post(f"/api/tables/{table}/players", json={"name": name})
    client.cookies.clear()
    return table, r.json()["token"]


async def bet(
    client: httpx.AsyncClient, table: str, token: str, n: int, box: str = "banco"
) -> httpx.Response:
    body: dict[str, Any] = {"id": str(n), "type": "Bet", "box": box, "stake": 1_000}
    r: httpx.Response = await client.post(
        f"/api/tables/{table}/commands", json=body, headers=bearer(token)
    )
    return r


def test_a_failed_commit_refuses_its_commands_and_the_next_ones_meet_the_stored_table() -> None:
    store = Gate()

    async def scenario() -> None:
        async with served(store) as client:
            (a, ana), (b, bruno) = await seat(client, 1, "Ana"), await seat(client, 2, "Bruno")
            before = len(store.load(a))
            store.hold = store.fail = True
            first = asyncio.ensure_future(bet(client, a, ana, 1))
            await asyncio.to_thread(store.waiting.wait, 10)  # Ana's first bet is being written
            # Queued while that commit is under way: they are carried out after it.
            second = asyncio.ensure_future(bet(client, a, ana, 2, "egalite"))
            other = asyncio.ensure_future(bet(client, b, bruno, 3))
            for _ in range(100):
                await asyncio.sleep(0)
            store.release.set()
            answers = await asyncio.gather(first, second, other)
            assert [r.status_code for r in answers] == [503, 200, 200]
            assert answers[0].json()["error"]["code"] == "engine.error.not_written"
            # Ana's first bet was not stored, and her second went on the table as stored.
            placed = [r.event for r in store.load(a) if isinstance(r.event, BetPlaced)]
            assert [(box_key(e.box), e.stake) for e in placed] == [("egalite", 1_000)]
            assert answers[1].json()["seq"] == before + 1 == len(store.load(a))
            view = (await client.get(f"/api/tables/{a}/view", headers=bearer(ana))).json()
            assert view["me"]["bets"] == {"egalite": 1_000} and view["seq"] == before + 1
            again = await bet(client, a, ana, 1)  # sent again: the first one never acted
            assert again.status_code == 200 and again.json()["seq"] == before + 2

    run_async(scenario)


def test_the_next_batch_is_committed_while_the_event_loop_is_busy() -> None:
    store = Gate()

    async def scenario() -> None:
        async with served(store) as client:
            seated = [await seat(client, i, f"P{i}") for i in range(3)]
            store.batches.clear()
            store.hold = True
            first = asyncio.ensure_future(bet(client, *seated[0], 1))
            await asyncio.to_thread(store.waiting.wait, 10)
            rest = [asyncio.ensure_future(bet(client, *s, 2)) for s in seated[1:]]
            for _ in range(100):  # both reach the engine, queued behind the held commit
                await asyncio.sleep(0)
            store.release.set()
            deadline = time.monotonic() + 10
            while len(store.batches) < 2 and time.monotonic() < deadline:
                time.sleep(0.01)  # the event loop is blocked: the engine goes on
            assert store.batches == [[seated[0][0]], [seated[1][0], seated[2][0]]]
            answers = await asyncio.gather(first, *rest)
            assert [r.status_code for r in answers] == [200, 200, 200]

    run_async(scenario)
