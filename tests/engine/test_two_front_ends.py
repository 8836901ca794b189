"""One table driven from two front-ends at once: the terminal's pilot and a plain API client.

Each sees the other's commands through its subscription, and their views agree.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Static  # noqa: E402

from puntobanco.engine import Bet, Committed, Engine, Sit, Viewer  # noqa: E402
from puntobanco.store import MemoryStore  # noqa: E402
from puntobanco.tui.app import PuntoBancoApp  # noqa: E402


def screen_text(app: PuntoBancoApp) -> str:
    return "\n".join(str(w.content) for w in app.screen.query(Static))


async def until(pilot: Pilot[Any], check: Callable[[], bool], seconds: float = 10.0) -> None:
    """Let the app run until ``check()`` holds (bounded): a redraw or a key's command
    can take more than one pause on a loaded machine."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not check():
        assert loop.time() < end, "the terminal did not catch up in time"
        await pilot.pause(0.05)


def test_the_terminal_and_an_api_client_see_each_others_commands() -> None:
    engine = Engine(MemoryStore())
    app = PuntoBancoApp(lang="en", seed=4, engine=engine, card_delay=0)
    heard: list[Committed] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("2", "enter", "0")  # a casino table, the person alone
            (table,) = [info.table for info in engine.tables()]
            engine.subscribe(table, heard.append)  # the API client's subscription
            # The client sits down and bets: the terminal redraws by itself.
            engine.do(table, Sit("Zoé", 100_000), by=Viewer.SPECTATOR)
            engine.do(table, Bet("Zoé", "punto", 2_000), by=Viewer.player("Zoé"))
            await until(pilot, lambda: "Zoé" in screen_text(app))
            # The person bets at the terminal: the client hears it.
            await pilot.press("b")
            person = engine.info(table).players[0]  # the terminal's seat

            def theirs() -> list[dict[str, object]]:
                return [e for c in heard for e in c.events if e.get("name") == person]

            await until(pilot, lambda: any(e["type"] == "BetPlaced" for e in theirs()))
            mine = theirs()
            assert mine and mine[-1]["type"] == "BetPlaced" and mine[-1]["box"] == "banco"
            assert [c.seq for c in heard] == sorted(c.seq for c in heard)
            client = engine.view(table, Viewer.player("Zoé"))
            seen = engine.view(table, Viewer.player(person))
            assert [s["bets"] for s in client["players"]] == [s["bets"] for s in seen["players"]]
            bets = {s["name"]: s["bets"] for s in client["players"]}
            assert set(bets[person]) == {"banco"} and bets["Zoé"] == {"punto": 2000}

    asyncio.run(main())
