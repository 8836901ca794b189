"""The terminal game driven by Textual's pilot: a session, a casino coup, an
assisted session, asserting on what the screen says (80x24, each language)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Static  # noqa: E402

from puntobanco.coup import Outcome  # noqa: E402
from puntobanco.games import Session  # noqa: E402
from puntobanco.i18n import LANGS  # noqa: E402
from puntobanco.store import open_store  # noqa: E402
from puntobanco.tui.app import PuntoBancoApp  # noqa: E402
from puntobanco.tui.games import TableCasino  # noqa: E402

Script = Callable[[Pilot[None], PuntoBancoApp], Awaitable[None]]


def screen_text(app: PuntoBancoApp) -> str:
    """Every block of text on the current screen."""
    return "\n".join(str(w.content) for w in app.screen.query(Static))


def drive(app: PuntoBancoApp, script: Script) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot, app)

    asyncio.run(main())


async def names(pilot: Pilot[None], *people: str) -> None:
    for name in people:
        await pilot.press(*name, "enter")
    await pilot.press("enter")


def test_the_opening_screen_names_punto_and_banco_in_every_language() -> None:
    seen: dict[str, str] = {}

    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        seen[app.lang] = screen_text(app)

    for lang in LANGS:
        drive(PuntoBancoApp(lang=lang, seed=1), script)
    assert all("Punto" in text and "Banco" in text for text in seen.values())
    assert "Séance" in seen["fr"] and "Sesión" in seen["es"] and "Session" in seen["en"]


def test_a_three_participant_session_is_played_to_its_ranking_in_french(tmp_path: Path) -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bruno", "Chloé")
        text = screen_text(app)
        assert "Ana, votre prédiction\u202f?" in text
        assert "donne 1 sur 10" in text
        await pilot.press("b")
        # Ana's prediction stays hidden from the others until bets close
        text = screen_text(app)
        assert "notée" in text and "Banco" not in text.split("Prédiction")[1].split("\n")[1]
        assert "Bruno, votre prédiction\u202f?" in text
        await pilot.press("p", "e")
        text = screen_text(app)
        assert "Les jeux sont faits" in text
        assert "Carte pour Punto." in text
        await pilot.press("enter")  # P
        assert "Carte pour Banco." in screen_text(app)
        await pilot.press("enter", "enter", "enter")
        text = screen_text(app)
        assert "Punto a " in text or "abattage" in text or "reste" in text
        await pilot.press("a")
        assert "Le coup est réglé" in screen_text(app)
        for deal in range(2, 11):
            await pilot.press("enter", "b", "p", "e", "a")
            assert f"donne {deal} sur 10" in screen_text(app)
        assert "C’était la dernière donne" in screen_text(app)
        await pilot.press("enter")
        text = screen_text(app)
        assert "Classement final" in text
        assert "vainqueur" in text

    db = tmp_path / "game.db"
    drive(PuntoBancoApp(lang="fr", seed=7, db=db), script)
    # the store keeps the whole session: ten deals, the scores, the winners
    store = open_store(db)
    (name,) = store.tables()
    store.close()
    with Session.resume(name, db=db) as session:
        assert session.finished and session.state.completed == 10
        assert session.winners and set(session.scores) == {"Ana", "Bruno", "Chloé"}


def test_a_bad_key_gets_a_message_not_a_traceback() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("z")
        assert "does nothing here" in screen_text(app)
        await pilot.press("1")
        await pilot.press(*"Ana", "enter", *"ana", "enter")
        assert "already taken" in screen_text(app)
        await pilot.press("enter")
        assert "not 1" in screen_text(app)
        await pilot.press(*"Zed", "enter", "backspace")  # Zed changes his mind
        assert "Zed leaves the table." in screen_text(app)
        assert "2. Zed" not in screen_text(app)
        await names(pilot, "Bob")
        await pilot.press("enter")  # no card while predictions are open
        assert "does nothing here" in screen_text(app)

    drive(PuntoBancoApp(lang="en", seed=3), script)


def test_an_interrupted_session_resumes_where_it_stopped(tmp_path: Path) -> None:
    before: list[str] = []

    async def first(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bruno")
        await pilot.press("b", "p", "a", "enter", "p")
        before.append(screen_text(app))
        await pilot.press("q", "q")  # leaving asks first

    db = tmp_path / "game.db"
    drive(PuntoBancoApp(lang="en", seed=11, db=db), first)

    async def second(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        text = screen_text(app)
        assert "deal 2 of 10" in text
        assert "Bruno, your prediction?" in text
        # the same screen, less the message of the moment
        assert text == before[0].replace("Ana's prediction is noted, hidden until bets close.", "")

    drive(PuntoBancoApp(lang="en", db=db, resume=True), second)


def test_a_casino_coup_in_spanish_settles_the_bets() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("2")
        await pilot.press("enter")  # keep the offered name, "Jugador 1"
        assert "asientos" in screen_text(app)
        await pilot.press("2")
        text = screen_text(app)
        assert "Ada" in text and "Boris" in text
        assert "Hagan sus apuestas" in text
        await pilot.press("b", "b")  # 20 on Banco
        assert "B20" in screen_text(app)
        await pilot.press("p")  # Punto with Banco is refused
        assert "no puede apostar a Punto y a Banco" in screen_text(app)
        await pilot.press("enter")
        assert "No va más" in screen_text(app)
        await pilot.press("a")
        text = screen_text(app)
        assert "Banco " in text and ("gana" in text or "igualdad" in text)
        game = app.game
        assert isinstance(game, TableCasino)
        # 20.00 on Banco: lost, refunded, or won 19.00 (in cents)
        assert game.table.balances["Jugador 1"] in (98_000, 100_000, 101_900)
        await pilot.press("q", "q")  # leaving asks first
        assert "Clasificación final" in screen_text(app)

    drive(PuntoBancoApp(lang="es", seed=5), script)


def test_the_shoe_holder_is_marked_and_punto_s_cards_go_to_the_largest_punto_bet() -> None:
    """Seed 002: the shoe stays with its holder while Banco wins and passes to
    the next seat when Punto wins; Punto's cards go to the largest Punto bet."""

    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("2", "enter", "2")  # "Joueur 1" at seat 1, Ada and Boris beside
        text = screen_text(app)
        assert "*SJoueur 1" in text and "S tient le sabot" in text
        assert " SAda" not in text
        game = app.game
        assert isinstance(game, TableCasino)
        for _ in range(12):
            await pilot.press("p", "enter")  # 10.00 on Punto: the only Punto bet
            assert "Les cartes de Punto vont à Joueur 1, la plus forte mise sur Punto." in (
                screen_text(app)
            )
            await pilot.press("a")
            if game.last is not None and game.last.outcome is Outcome.PUNTO:
                break
            assert "*SJoueur 1" in screen_text(app)  # Banco or a tie: the shoe stays
        else:
            pytest.fail("Punto never won")
        text = screen_text(app)
        assert "Le sabot passe à Ada." in text
        assert " SAda" in text and "*SJoueur 1" not in text and "* Joueur 1" in text

    drive(PuntoBancoApp(lang="fr", seed=1), script)


def test_the_virtual_croupier_deals_by_itself() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("3", "enter", "0", "p", "enter")
        text = screen_text(app)
        assert "Punto " in text and "wins" in text or "a tie" in text

    drive(PuntoBancoApp(lang="en", seed=9, card_delay=0), script)


def test_an_assisted_session_with_physical_cards_in_english() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await names(pilot, "Ana", "Bruno", "Chloé")
        await pilot.press("b", "b", "p")
        assert "Card for Punto." in screen_text(app)
        for card in ("4h", "2s", "9c"):
            await pilot.press(*card, "enter")
        assert "Card for Banco." in screen_text(app)
        await pilot.press("x", "x", "enter")
        assert "'xx' is not a card" in screen_text(app)
        await pilot.press("a", "d", "enter")
        text = screen_text(app)
        assert "Punto has 3: draws (0 to 5)." in text
        assert "Third card for Punto." in text
        await pilot.press("8", "d", "enter")
        text = screen_text(app)
        assert "Banco has 3 and Punto's third card counts 8: stands." in text
        assert "Banco 3, Punto 1: Banco wins." in text
        assert "+19" in text
        await pilot.press("backspace")  # the host took the wrong card
        assert "taken back" in screen_text(app)
        await pilot.press("7", "d", "enter")
        assert "Third card for Banco." in screen_text(app)
        await pilot.press("k", "s", "enter")
        assert "The coup is settled" in screen_text(app)

    drive(PuntoBancoApp(lang="en", assist=True), script)


def test_an_assisted_deal_refuses_a_ninth_four_of_hearts() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await names(pilot, "Ana", "Bruno")
        for _ in range(2):
            await pilot.press("p", "p")
            for _ in range(4):
                await pilot.press("4", "h", "enter")
            await pilot.press("enter")
        await pilot.press("p", "p", "4", "h", "enter")
        assert "4♥ no puede salir" in screen_text(app)

    drive(PuntoBancoApp(lang="es", assist=True), script)


def test_a_casino_table_left_with_ctrl_q_resumes_from_the_store(tmp_path: Path) -> None:
    db = tmp_path / "game.db"

    async def first(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("2", "enter", "1", "b", "enter", "a")
        assert "Ada" in screen_text(app)
        await pilot.press("ctrl+q")

    drive(PuntoBancoApp(lang="en", seed=4, db=db), first)

    async def second(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        text = screen_text(app)
        assert "Casino table · shoe 1 · coup 2" in text
        assert ("* Player 1" in text or "*SPlayer 1" in text) and "Ada" in text
        assert "New shoe" not in text  # resumed mid-shoe: no shoe is shuffled
        assert "No deal yet." not in text  # the first coup is in the shoe's history

    drive(PuntoBancoApp(lang="en", db=db, resume=True), second)


def test_an_assisted_session_resumes_from_its_file(tmp_path: Path) -> None:
    db = tmp_path / "game.db"

    async def first(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await names(pilot, "Ana", "Bruno")
        await pilot.press("p", "b", *"9h", "enter", *"8s", "enter", "escape")

    drive(PuntoBancoApp(lang="fr", assist=True, db=db), first)

    async def second(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        text = screen_text(app)
        assert "Assistant du croupier · donne 1 sur 10" in text
        assert "9♥" in text and "8♠" in text and "Carte pour Punto." in text

    drive(PuntoBancoApp(lang="fr", assist=True, db=db, resume=True), second)


def test_tied_leaders_share_the_win_on_the_ranking() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        app.show_ranking({"Ana": 19, "Bruno": -20, "Chloé": 19})
        await pilot.pause()
        text = screen_text(app)
        assert "Victoria compartida: Ana, Chloé." in text
        assert text.count("ganador") == 2

    drive(PuntoBancoApp(lang="es", seed=1), script)


def test_at_80x24_each_seat_holds_one_line_and_an_empty_hand_shows_no_point() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("2", "enter", "3")  # the casino, three computer seats
        await pilot.press("b", "b", "enter", "enter")  # bets closed, Punto's first card
        await pilot.pause(0.1)
        coup = str(app.screen.query_one("#coup", Static).content)
        banco = next(line for line in coup.splitlines() if line.startswith("Banco"))
        assert banco.split() == ["Banco", "-"], coup  # not "- 0 pt" before its first card
        await pilot.press("a")  # every card: the nets are shown
        await pilot.pause(0.1)
        seats = app.screen.query_one("#scores", Static)
        width = seats.content_region.width
        lines = str(seats.content).splitlines()[1:-1]  # the seats, between header and legend
        assert len(lines) == 4 and all(any(c in line for c in "+-") for line in lines), lines
        assert all(len(line) <= width for line in lines), (width, lines)

    drive(PuntoBancoApp(lang="en", seed=5), script)


@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_fits_its_one_line_at_80_columns(lang: str) -> None:
    """The prompt line is one row high: a longer prompt loses its end (the French
    bots prompt once lost which keys to press)."""
    from tests.catalogue_texts import catalogue

    long = {
        key: text
        for key, message in catalogue().items()
        if key.startswith("tui.prompt.")
        for text in [re.sub(r"\{[^}]*\}", "99", getattr(message, lang))]
        if len(text) > 80
    }
    assert not long
