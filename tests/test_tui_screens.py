"""What the game's screens show: every participant, whole names, the latest deal,
a card count that gives nothing away, and a question before leaving."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Static  # noqa: E402

from puntobanco.tui.app import PuntoBancoApp  # noqa: E402
from puntobanco.tui.render import fit  # noqa: E402
from tests.test_tui import drive, names, screen_text  # noqa: E402

EIGHT = ["María José", "Bruno", "Chloé", "Dan", "Eve", "Farid", "Gül", "Hana"]


def test_a_name_too_long_is_cut_visibly() -> None:
    assert fit("María José", 10) == "María José"
    assert fit("María José Pérez", 10) == "María Jos…"
    assert fit("Ana", 6) == "Ana   "


def test_eight_participants_are_all_on_screen_with_their_whole_names() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, *EIGHT)
        text = screen_text(app)
        for name in EIGHT:
            assert name in text, name
        # the scores panel's region shows all eight rows
        scores = app.screen.query_one("#scores")
        assert scores.content_size.height >= len(EIGHT)

    drive(PuntoBancoApp(lang="en", seed=3), script)


def test_the_deals_panel_shows_the_latest_deal() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bo")
        for deal in range(1, 10):
            await pilot.press("b", "p", "a", "enter")
            panel = app.screen.query_one("#history", Static)
            shown = str(panel.content).splitlines()
            assert len(shown) <= panel.content_size.height  # nothing hidden below the border
            assert shown[-1].split()[0] == str(deal), shown

    drive(PuntoBancoApp(lang="en", seed=5), script)


def test_quitting_a_session_asks_first() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bo")
        await pilot.press("q")
        assert "Press Q again" in screen_text(app)
        await pilot.press("b")  # any other key: the game goes on
        assert "Press Q again" not in screen_text(app)
        assert app.is_running

    drive(PuntoBancoApp(lang="en", seed=5), script)


def test_the_casino_card_count_drops_card_by_card() -> None:
    def count(app: PuntoBancoApp) -> int:
        match = re.search(r"(\d+) cards", screen_text(app).splitlines()[0])
        assert match is not None
        return int(match.group(1))

    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("2", "enter", "1", "b")
        before = count(app)
        await pilot.press("enter")  # dealt: the cards come out one key at a time
        assert count(app) == before
        for turned in range(1, 5):
            await pilot.press("enter")
            assert count(app) == before - turned
        await pilot.press("a")
        assert count(app) in (before - 4, before - 5, before - 6)
        await pilot.press("q")
        assert "Press Q again" in screen_text(app)

    drive(PuntoBancoApp(lang="en", seed=4), script)
