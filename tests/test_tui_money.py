"""Money and points in the terminal game are written as the player's language writes
numbers: ``1 000,00`` in French, ``1000,00`` in Spanish, ``1,000.00`` in English."""

from __future__ import annotations

from fractions import Fraction

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402

from puntobanco.coup import Outcome  # noqa: E402
from puntobanco.tui.app import PuntoBancoApp  # noqa: E402
from puntobanco.tui.games import TableCasino  # noqa: E402
from puntobanco.tui.render import signed  # noqa: E402
from tests.test_tui import drive, screen_text  # noqa: E402

NNBSP = "\u202f"  # French groups digits with a narrow no-break space


@pytest.mark.parametrize(
    ("lang", "bankroll", "stake", "chip"),
    [
        ("fr", f"1{NNBSP}000,00", "-20,00", "20,00"),
        ("es", "1000,00", "-20,00", "20,00"),
        ("en", "1,000.00", "-20.00", "20.00"),
    ],
)
def test_the_casino_screen_writes_money_in_the_language(
    lang: str, bankroll: str, stake: str, chip: str
) -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("2", "enter", "1")
        game = app.game
        assert isinstance(game, TableCasino)
        assert bankroll in screen_text(app)  # the seats panel, before any bet
        assert game.money(100_000) == bankroll
        assert game.money(-2_000) == stake
        assert game.money(2_000, short=True) == chip[:-3]  # a stake on the layout: 20
        game.bet(Outcome.BANCO, 2_000)
        await pilot.press("enter", "a")
        text = screen_text(app)
        assert (".00" in text) == (lang == "en"), text

    drive(PuntoBancoApp(lang=lang, seed=4), script)  # type: ignore[arg-type]


def test_session_points_are_written_in_the_language() -> None:
    assert signed(Fraction(19, 2), "fr") == "+9,5"
    assert signed(Fraction(19, 2), "es") == "+9,5"
    assert signed(Fraction(19, 2), "en") == "+9.5"
    assert signed(-20, "fr") == "-20"
    assert signed(12_345, "fr") == f"+12{NNBSP}345"
