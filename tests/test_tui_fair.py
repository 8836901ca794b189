"""The terminal game without ``--seed`` deals provably fair shoes (issue 25): each
table commits to its server seed first, the game's seats contribute from
``secrets`` by themselves, and the coup panel shows the shoe's commitment. A game
reopened while its shoe waits for contributions goes on once the reveal time is up."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Static  # noqa: E402

import puntobanco.fair as fair  # noqa: E402
import puntobanco.fair.contributions as contributions  # noqa: E402
from puntobanco.engine import Engine, Phase, Viewer  # noqa: E402
from puntobanco.engine.commands import CommitContribution  # noqa: E402
from puntobanco.fair.checks import check_contributions  # noqa: E402
from puntobanco.fair.log import fair_shoes  # noqa: E402
from puntobanco.store import Record, open_store  # noqa: E402
from puntobanco.table.config import Format, TableConfig  # noqa: E402
from puntobanco.table.events import (  # noqa: E402
    ContributionRevealed,
    ContributionsClosed,
    PlayerSeated,
    TableOpened,
)
from puntobanco.tui.app import PuntoBancoApp  # noqa: E402
from puntobanco.tui.games import Reveal, TableCasino, TableSession  # noqa: E402
from puntobanco.tui.session import SessionScreen  # noqa: E402
from tests.test_tui import drive, names, screen_text  # noqa: E402


def shown_commitment(app: PuntoBancoApp) -> str:
    """What the coup panel's lower border says."""
    return str(app.screen.query_one("#coup", Static).border_subtitle or "")


def stored(db: Path) -> tuple[str, list[Record]]:
    store = open_store(db)
    try:
        (table,) = store.tables()
        return table, list(store.load(table))
    finally:
        store.close()


def check_fair(records: list[Record], players: set[str]) -> None:
    """Every shoe of the log secret, its seats' values in it, every step in order. The
    terminal game seats everyone itself (its seats are the operator's own, in the log):
    no device but its own stands behind them, so every shoe says the program alone
    chose it, and none counts as shuffled with players' contributions."""
    events = [r.event for r in records]
    assert isinstance(events[0], TableOpened) and events[0].config.seed is None
    revealed = {e.name for e in events if isinstance(e, ContributionRevealed)}
    assert revealed == players
    seated = [e for e in events if isinstance(e, PlayerSeated)]
    assert seated and all(e.house for e in seated)
    found = check_contributions(events, [r.time for r in records], [r.seq for r in records])
    assert found.shoes == 0 and found.revealed >= 1 and found.excluded == []
    shoes = fair_shoes(events)
    assert shoes and all(s.secret and s.contributions and s.server_only for s in shoes)
    assert all(fair.verify_shoe(s) for s in shoes if s.server_seed)


def test_a_session_without_a_seed_is_provably_fair_and_shows_each_deal_s_commitment(
    tmp_path: Path,
) -> None:
    seen: list[str] = []

    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bruno")
        game = app.game
        assert isinstance(game, TableSession)
        first = game.session.state.shoe
        assert first is not None and first.commitment is not None
        assert "(seed" not in screen_text(app)
        seen.append(shown_commitment(app))
        assert seen[0] == f"commitment {first.commitment[:16]}…"
        await pilot.press("b", "p", "a")  # both predict; every card turned
        assert game.showing is Reveal.RESULT
        assert shown_commitment(app) == seen[0]  # the shown deal's shoe, not the next one
        await pilot.press("enter")
        seen.append(shown_commitment(app))
        second = game.session.state.shoe
        assert second is not None and second.commitment is not None
        assert seen[1] == f"commitment {second.commitment[:16]}…" != seen[0]

    db = tmp_path / "game.db"
    drive(PuntoBancoApp(lang="en", db=db), script)
    table, records = stored(db)
    assert table.startswith("play-session-") and "seed" not in table
    check_fair(records, {"Ana", "Bruno"})
    (shoe, *_) = fair_shoes(r.event for r in records)
    assert shoe.server_seed is not None  # revealed once its deal was settled
    assert f"commitment {shoe.commitment[:16]}…" == seen[0]


@pytest.mark.parametrize("key", ["2", "3"])
def test_a_casino_or_croupier_table_without_a_seed_takes_its_seats_contributions(
    tmp_path: Path, key: str
) -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press(key, "enter", "2")  # "Joueur 1", Ada and Boris
        game = app.game
        assert isinstance(game, TableCasino)
        shoe = game.table.state.shoe
        assert shoe is not None and shoe.commitment is not None
        assert shown_commitment(app) == f"engagement {shoe.commitment[:16]}…"
        assert "(graine" not in screen_text(app)
        await pilot.press("b", "enter")
        if key == "2":
            await pilot.press("a")
        assert game.last is not None

    db = tmp_path / "game.db"
    drive(PuntoBancoApp(lang="fr", db=db, card_delay=0), script)
    table, records = stored(db)
    assert "seed" not in table
    # The person's seat made shoe 1's value; the bots sat down once it was shuffled.
    check_fair(records, {"Joueur 1"})


def test_the_seeded_game_still_shows_its_seed_and_no_commitment() -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bruno")
        assert "(seed 7)" in screen_text(app)
        assert shown_commitment(app) == ""

    drive(PuntoBancoApp(lang="en", seed=7), script)


def test_a_game_reopened_between_its_commitments_and_reveals_goes_on_without_them(
    tmp_path: Path,
) -> None:
    """The program stopped after its seats committed: their values died with it. The
    game reopens, waits out the reveal time, and the shoe is shuffled without them,
    both named in the log."""
    db = tmp_path / "game.db"
    table = "play-session-20260101-120000"
    engine = Engine(db)
    try:
        config = TableConfig.session(commit_seconds=1, reveal_seconds=1)
        engine.open(table, Format.SESSION, settings=config, players=["Ana", "Bruno"])
        for name in ("Ana", "Bruno"):
            digest = contributions.digest(table, 1, name, secrets.token_bytes(32))
            engine.do(table, CommitContribution(name, 1, digest), Viewer.player(name))
        assert engine.machine(table).phase is Phase.SHUFFLING
    finally:
        engine.shutdown()

    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        for _ in range(40):
            if isinstance(app.screen, SessionScreen):
                break
            await pilot.pause(0.1)
        assert isinstance(app.screen, SessionScreen)
        game = app.game
        assert isinstance(game, TableSession) and game.session.phase is Phase.BETS_OPEN
        await pilot.press("b")
        assert "Bruno, your prediction?" in screen_text(app)

    drive(PuntoBancoApp(lang="en", db=db, resume=True), script)
    _, records = stored(db)
    closed = [r.event for r in records if isinstance(r.event, ContributionsClosed)]
    assert closed[0].excluded == ("Ana", "Bruno")
