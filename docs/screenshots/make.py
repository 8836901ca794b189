"""Make the SVG screenshots of ``docs/play.md`` and ``docs/learn.md`` with Textual's
pilot (80x24).

    .venv/bin/python docs/screenshots/make.py

A French session (seed 7) in progress, its final ranking, an English casino
table and a Spanish assisted deal; the trainer's menu (English), a third-card
question answered wrong (French), a dealer's round paid (Spanish) and a
round's review (English), on a clock of their own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from puntobanco.learn.hands import ThirdCard
from puntobanco.learn.pay import Dealer
from puntobanco.tui.app import PuntoBancoApp
from puntobanco.tui.drilling import QuestionScreen
from puntobanco.tui.learn import LearnApp

HERE = Path(__file__).parent
PREDICTIONS = ["bpe", "bbp", "ppb", "ebb", "bpp", "pbe", "bbb", "pbp", "bpb", "pbb"]


async def shoot(
    app: PuntoBancoApp | LearnApp, script: Callable[[Pilot[None]], Awaitable[None]]
) -> None:
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


class Clock:
    """The trainer's clock in the screenshots, untimed: a second and a half each
    time a question starts or is answered, whatever the machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.5
        return self.now


def question(pilot: Pilot[None]) -> QuestionScreen:
    screen = pilot.app.screen
    assert isinstance(screen, QuestionScreen)
    return screen


async def learn_menu(pilot: Pilot[None]) -> None:
    pilot.app.save_screenshot("learn-menu-en.svg", str(HERE))


def hard_eight(q: ThirdCard) -> bool:
    """Banco on 3 to 6 against Punto's third card 8: Banco stands."""
    return q.step.column == 8 and 3 <= q.step.two_card_total <= 6


async def learn_third_card(pilot: Pilot[None]) -> None:
    await pilot.press("1")
    while not (isinstance(q := question(pilot).question, ThirdCard) and hard_eight(q)):
        await pilot.press("1", "enter")  # on to a Banco decision against a third card 8
    await pilot.press("1")  # "draws": wrong, Banco on 3 to 6 stands against an 8
    pilot.app.save_screenshot("learn-third-card-fr.svg", str(HERE))


async def learn_dealer(pilot: Pilot[None]) -> None:
    await pilot.press("7")
    q = question(pilot).question
    assert isinstance(q, Dealer)
    for i, net in enumerate(q.nets):
        typed = net if i else net // 2  # the first bet paid wrong
        sign, cents = ("-" if typed < 0 else ""), abs(typed)
        await pilot.press(*f"{sign}{cents // 100},{cents % 100:02d}", "enter")
    pilot.app.save_screenshot("learn-dealer-es.svg", str(HERE))


async def learn_review(pilot: Pilot[None]) -> None:
    await pilot.press("n", "n", "2")  # five totals
    for n in range(5):
        q = question(pilot).question
        answer = q.expected("en") if n % 2 == 0 else (int(str(q.expected("en"))) + 1) % 10
        await pilot.press(*str(answer), "enter", "enter")
    pilot.app.save_screenshot("learn-review-en.svg", str(HERE))


async def main() -> None:
    await shoot(PuntoBancoApp(lang="fr", seed=7), session)
    await shoot(PuntoBancoApp(lang="en", seed=1), casino)
    await shoot(PuntoBancoApp(lang="es", assist=True), assist)
    await shoot(LearnApp(lang="en", seed=2026), learn_menu)
    untimed = {"seed": 2026, "seconds": None}
    await shoot(LearnApp(lang="fr", clock=Clock(), **untimed), learn_third_card)
    await shoot(LearnApp(lang="es", paytable="standard", clock=Clock(), **untimed), learn_dealer)
    await shoot(LearnApp(lang="en", clock=Clock(), **untimed), learn_review)


if __name__ == "__main__":
    asyncio.run(main())
