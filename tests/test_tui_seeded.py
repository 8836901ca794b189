"""The terminal game's seed replays the game: its tables are named after the
seed (a table's shoes derive from its seed and its name), and their shoes are
listed as not secret."""

from __future__ import annotations

from pathlib import Path

import pytest

from puntobanco import fair
from puntobanco.cli import main
from puntobanco.fair.log import fair_shoes
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.tui.app import PuntoBancoApp


def _first_cards(app: PuntoBancoApp) -> tuple[str, ...]:
    game = app.new_session(["Ana", "Bruno"])
    session = game.session  # type: ignore[attr-defined]
    session.predict("Ana", "banco")
    session.predict("Bruno", "punto")
    return tuple(str(c) for c in session.deal().cards)


def test_the_same_seed_deals_the_same_game_and_says_it_is_not_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = PuntoBancoApp(lang="en", seed=7)
    again = PuntoBancoApp(lang="en", seed=7)
    other = PuntoBancoApp(lang="en", seed=8)
    assert first.new_table("session", 7) == "play-session-seed-7"
    assert _first_cards(first) == _first_cards(again) != _first_cards(other)
    db = tmp_path / "games.db"
    stored = PuntoBancoApp(lang="en", seed=7, db=db)
    assert _first_cards(stored) == _first_cards(first)
    # A second game of the same seed in the same store gets a name of its own.
    assert stored.new_table("session", 7) == "play-session-seed-7-2"
    store = SQLiteStore(db)
    try:
        (shoe, *_) = fair_shoes(r.event for r in store.load("play-session-seed-7"))
    finally:
        store.close()
    assert shoe.secret is False and shoe.server_seed == fair.derived_server_seed(7, 1).hex()
    assert fair.verify_shoe(shoe)
    assert main(["--lang", "es", "shoes", "play-session-seed-7", "--db", str(db)]) == 0
    assert "no secreto: su semilla del servidor se deriva" in capsys.readouterr().out
