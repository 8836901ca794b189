"""Make the SVG screenshots of ``docs/play.md`` with Textual's pilot (80x24).

    .venv/bin/python docs/screenshots/make.py

A French session (seed 7) in progress, its final ranking, an English casino
table and a Spanish assisted deal.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from puntobanco.tui.app import PuntoBancoApp

HERE = Path(__file__).parent
PREDICTIONS = ["bpe", "bbp", "ppb", "ebb", "bpp", "pbe", "bbb", "pbp", "bpb", "pbb"]


async def shoot(app: PuntoBancoApp, script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await script(pilot)


async def session(pilot: Pilot[None]) -> None:
    app = pilot.app
    await pilot.press("1")
    for name in ("Ana", "Bruno", "Chloé"):
        await pilot.press(*name, "enter")
    await pilot.press("enter")
    for deal, keys in enumerate(PREDICTIONS, 1):
        await pilot.press(*keys)
        if deal == 4:
            await pilot.press("enter", "enter", "enter", "enter", "enter")
            app.save_screenshot("session-fr.svg", str(HERE))
        await pilot.press("a", "enter")
    app.save_screenshot("ranking-fr.svg", str(HERE))


async def casino(pilot: Pilot[None]) -> None:
    await pilot.press("2", "enter", "2")
    for _ in range(5):
        await pilot.press("b", "enter", "a")
    pilot.app.save_screenshot("casino-en.svg", str(HERE))


async def assist(pilot: Pilot[None]) -> None:
    for name in ("Ana", "Bruno"):
        await pilot.press(*name, "enter")
    await pilot.press("enter", "b", "p")
    for card in ("4h", "2s", "9c", "ad"):
        await pilot.press(*card, "enter")
    pilot.app.save_screenshot("assist-es.svg", str(HERE))


async def main() -> None:
    await shoot(PuntoBancoApp(lang="fr", seed=7), session)
    await shoot(PuntoBancoApp(lang="en", seed=1), casino)
    await shoot(PuntoBancoApp(lang="es", assist=True), assist)


if __name__ == "__main__":
    asyncio.run(main())
