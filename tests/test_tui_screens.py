"""What the game's screens show: every participant, whole names, the latest deal,
a card count that gives nothing away, and a question before leaving."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Static  # noqa: E402

from puntobanco.coup import Outcome  # noqa: E402
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


def test_help_opens_with_question_mark_and_f1_and_goes_back() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bo")
        for key in ("question_mark", "f1"):
            await pilot.press(key)
            text = screen_text(app)
            assert "AIDE" in text and "Punto tire à 0-5" in text and "[E] Égalité" in text
            await pilot.press("escape")
            assert "Ana, votre prédiction\u202f?" in screen_text(app)

    drive(PuntoBancoApp(lang="fr", seed=5), script)


def test_colours_carry_meaning_and_words_carry_it_too() -> None:
    from puntobanco.tui.render import BANCO_STYLE, PUNTO_STYLE, coloured, coloured_roads

    text = coloured("Banco 3, Punto 1\u00a0: Banco gagne. 4♥ 9♣", "fr")
    styles = {text.plain[s.start : s.end]: str(s.style) for s in text.spans}
    assert styles["Banco"] == BANCO_STYLE and styles["Punto"] == PUNTO_STYLE
    assert styles["♥"] == "red" and "♣" not in styles
    roads = coloured_roads("B  P   B1\nE  ·   Bp", "fr")
    marked = sorted((roads.plain[s.start : s.end], str(s.style)) for s in roads.spans)
    assert marked == [
        ("B", BANCO_STYLE), ("B", BANCO_STYLE), ("B", BANCO_STYLE), ("E", "green"),
        ("P", PUNTO_STYLE),
    ]  # fmt: skip


def test_a_player_at_zero_is_told_and_can_buy_in_again_and_wins_nothing() -> None:
    from puntobanco.tui.games import BANKROLL, TableCasino

    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("2", "enter", "1")
        game = app.game
        assert isinstance(game, TableCasino)
        while game.table.balances[game.person] > 0:  # on the tie until nothing is left
            game.bet(Outcome.EGALITE, int(min(game.table.balances[game.person], 20_000)))
            await pilot.press("enter", "a")
        assert "Player 1 has 0.00 left. Press [$]" in screen_text(app)
        await pilot.press("dollar_sign")
        assert game.table.balances[game.person] == BANKROLL
        assert "Bought in again for 1,000.00." in screen_text(app)

    drive(PuntoBancoApp(lang="en", seed=4), script)


def test_the_ranking_crowns_nobody_with_an_empty_bankroll() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        app.show_ranking({"Ana": 0, "Bo": 0}, money=lambda a: f"{a / 100:.2f}")
        await pilot.pause()
        text = screen_text(app)
        assert "winner" not in text and "Nobody wins" in text

    drive(PuntoBancoApp(lang="en", seed=4), script)


def test_ctrl_c_is_explained_in_the_player_s_language() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("ctrl+c")
        await pilot.pause()
        shown = [str(n.message) for n in app._notifications]
        assert any("Appuyez sur Ctrl+Q pour quitter" in m for m in shown), shown

    drive(PuntoBancoApp(lang="fr", seed=4), script)
