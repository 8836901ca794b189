"""The engine hosted on its own thread (``engine.hosted.Hosted``), without HTTP: the
group commit, answers before views, the clock, views due once per event count, the
reveal hold and the idle sweep, seen through a front end of the test's own."""

from __future__ import annotations

import asyncio
import functools
import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from puntobanco.engine import Bet, Committed, Deal, Engine, Job, Tick, Viewer
from puntobanco.engine.hosted import Hosted
from puntobanco.errors import PuntoBancoError, StoreError
from puntobanco.i18n import Lang
from tests.web.helpers import run_async


@dataclass(eq=False)
class Screen:
    """One watcher: the views pushed to it, in order."""

    viewer: Viewer
    lang: Lang = "en"
    views: list[dict[str, Any]] = field(default_factory=list)


class Room:
    """The test's front end: who watches each table, and a log of what happened."""

    def __init__(self) -> None:
        self.watching: dict[str, frozenset[Screen]] = {}
        self.log: list[tuple[str, int]] = []  # ("view", seq) / ("ack", seq), on the loop
        self.gone: list[str] = []

    def watch(self, table: str, *screens: Screen) -> None:
        self.watching[table] = self.watching.get(table, frozenset()) | set(screens)

    def watchers(self, table: str) -> frozenset[Screen]:
        return self.watching.get(table, frozenset())

    def seen_as(self, watcher: Screen) -> tuple[Viewer, Lang]:
        return watcher.viewer, watcher.lang

    def deliver(self, views: list[tuple[Screen, str]]) -> None:
        for screen, text in views:
            message = json.loads(text)
            screen.views.append(message)
            self.log.append(("view", message["seq"]))

    def closed(self, table: str) -> None:
        self.gone.append(table)


class Counted:
    """The observer: each commit's batch."""

    def __init__(self) -> None:
        self.batches: list[int] = []

    def committed(self, started: float, batch: Sequence[Committed]) -> None:
        self.batches.append(len(batch))

    def commit_failed(self, writes: int, failure: PuntoBancoError) -> None:
        raise AssertionError(failure)


def _hosted(room: Room, db: str | None = None, **options: Any) -> tuple[Hosted[Screen], Counted]:
    observer = Counted()
    return Hosted(db, room, observer, **options), observer


def _casino(engine: Engine, table: str) -> Committed:
    """A casino table where Ana sits."""
    return engine.open(table, "casino", settings={"seed": 1}, players=[("Ana", 100_000)])


async def _watched(hosted: Hosted[Screen], room: Room, *screens: Screen) -> None:
    """``hosted`` started, Ana's casino table ``t`` open there, ``screens`` watching it."""
    await hosted.start()
    await hosted.run(lambda e: _casino(e, "t"))
    room.watch("t", *screens)


async def _until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "not in time"
        await asyncio.sleep(0.01)


def test_commands_that_arrive_during_a_commit_are_committed_together(tmp_path: Path) -> None:
    room = Room()
    hosted, observer = _hosted(room, str(tmp_path / "group.db"))
    names = [f"P{i}" for i in range(8)]
    players = [(p, 100_000) for p in names]

    async def scenario() -> None:
        await hosted.start()
        await hosted.run(lambda e: e.open("t", "casino", settings={"seed": 1}, players=players))
        before = hosted.commits
        held = threading.Event()
        hosted.call(lambda _: held.wait(10))  # a commit under way, as far as the queue sees
        bets = [
            asyncio.create_task(
                hosted.command(Job("t", Bet(p, "banco", 1_000), Viewer.player(p), f"b{p}"))
            )
            for p in names
        ]
        await asyncio.sleep(0.1)  # every command queued behind the one under way
        held.set()
        results = await asyncio.gather(*bets)
        assert all(isinstance(r, Committed) and r.events for r in results)
        assert hosted.commits == before + 1  # one transaction for the eight
        assert observer.batches[-1] == len(players)
        await hosted.stop()

    run_async(scenario)


def test_an_answer_is_handed_before_the_view_that_shows_it() -> None:
    room = Room()
    hosted, _ = _hosted(room)
    host = Screen(Viewer.HOST)

    async def scenario() -> None:
        await _watched(hosted, room, host)
        for n in range(5):
            done = await hosted.command(Job("t", Bet("Ana", "banco", 1_000), Viewer.HOST, f"{n}"))
            assert isinstance(done, Committed)
            room.log.append(("ack", last := done.seq))
        await _until(lambda: bool(host.views) and host.views[-1]["seq"] == last)
        await hosted.stop()

    run_async(scenario)
    acks = [seq for kind, seq in room.log if kind == "ack"]
    assert len(acks) == 5
    for seq in acks:  # no view shows a command before its answer came
        at = room.log.index(("ack", seq))
        assert not any(kind == "view" and s >= seq for kind, s in room.log[:at])


def test_the_clock_runs_the_croupier_and_its_views_are_pushed() -> None:
    now = [0.0]
    room = Room()
    hosted, _ = _hosted(room, clock=lambda: now[0])
    ana = Screen(Viewer.player("Ana"))

    async def scenario() -> None:
        await hosted.start()
        settings = {"seed": 1, "countdown": 20}
        await hosted.run(
            lambda e: e.open("x", "croupier", settings=settings, players=[("Ana", 10_000)])
        )
        room.watch("x", ana)
        await hosted.run(lambda e: e.do("x", Tick()))  # the countdown starts at 0
        bet = Job("x", Bet("Ana", "banco", 1_000), Viewer.player("Ana"), "b")
        assert isinstance(await hosted.command(bet), Committed)
        now[0] = 21.0  # nobody deals: the engine's own tick does
        await _until(lambda: any(v["view"].get("last") for v in ana.views))
        state = await hosted.run(lambda e: e.state("x"))
        assert state.completed == 1
        await hosted.stop()

    run_async(scenario)


def test_a_table_due_again_at_the_same_event_is_pushed_once_and_a_clock_change_again() -> None:
    room = Room()
    hosted, _ = _hosted(room)
    host = Screen(Viewer.HOST)

    async def scenario() -> None:
        await _watched(hosted, room, host)
        done = await hosted.command(Job("t", Bet("Ana", "banco", 1_000), Viewer.HOST, "b"))
        assert isinstance(done, Committed)
        await _until(lambda: len(host.views) == 1)
        # A commit folded in already (another process's, its mark a moment late).
        hosted.due(Committed("t", done.seq, ({"type": "BetPlaced"},)))
        await asyncio.sleep(0.3)
        assert [v["seq"] for v in host.views] == [done.seq]
        hosted.due(Committed("t", done.seq, ()))  # changed by the clock alone: pushed
        await _until(lambda: len(host.views) == 2)
        assert host.views[1]["seq"] == done.seq
        await hosted.stop()

    run_async(scenario)


def test_the_players_see_a_coup_once_the_hosts_screen_has_revealed_it() -> None:
    room = Room()
    step = 0.1
    hosted, _ = _hosted(room, reveal_step=step)
    host, ana = Screen(Viewer.HOST), Screen(Viewer.player("Ana"))

    async def scenario() -> None:
        await _watched(hosted, room, host, ana)
        await hosted.command(Job("t", Bet("Ana", "banco", 1_000), Viewer.HOST, "b"))
        await _until(lambda: bool(ana.views))
        dealt = await hosted.command(Job("t", Deal(), Viewer.HOST, "d"))
        assert isinstance(dealt, Committed)
        shown = time.monotonic()
        await _until(lambda: host.views[-1]["seq"] == dealt.seq)
        assert ana.views[-1]["seq"] < dealt.seq  # held while the host's screen reveals
        asked = await hosted.view("t", Viewer.player("Ana"), "en")  # waits for it too
        cards = len(asked["last"]["cards"])
        assert time.monotonic() - shown >= step * (cards + 2) - 0.05
        await _until(lambda: ana.views[-1]["seq"] == dealt.seq)  # pushed once it ends
        await hosted.stop()

    run_async(scenario)


def test_an_idle_table_nobody_watches_is_closed_and_a_watched_one_kept() -> None:
    now = [0.0]
    room = Room()
    hosted, _ = _hosted(room, clock=lambda: now[0], idle_seconds=60)

    async def scenario() -> None:
        await hosted.start()
        for table in ("idle", "watched"):
            await hosted.run(functools.partial(_casino, table=table))
        room.watch("watched", Screen(Viewer.HOST))
        now[0] = 120.0
        await _until(lambda: room.gone == ["idle"])
        await asyncio.sleep(1.2)  # another sweep: the watched table still held
        held = {i.table for i in hosted.engine.held()}
        assert room.gone == ["idle"] and held == {"watched"}
        await hosted.stop()

    run_async(scenario)


def test_stop_finishes_what_is_queued_then_releases_the_engine() -> None:
    hosted, _ = _hosted(Room())
    last: list[Engine] = []

    async def scenario() -> None:
        await hosted.start()
        opened = hosted.call(lambda e: e.open("t", "casino", settings={"seed": 1}))
        await hosted.stop(last.append)
        assert opened.done() and isinstance(opened.result(), Committed)
        # Once stopped, a call or a command is refused at once, never left waiting.
        with pytest.raises(StoreError) as late:
            await asyncio.wait_for(hosted.run(lambda e: e.held()), 5)
        assert late.value.key == "engine.error.stopped"
        with pytest.raises(StoreError):
            await asyncio.wait_for(hosted.command(Job("t", Deal(), Viewer.HOST, "d")), 5)

    run_async(scenario)
    assert last and last[0].held() == []
