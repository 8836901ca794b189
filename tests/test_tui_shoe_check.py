"""The terminal game checks every fair shoe it showed, as each phone does
(``fair.witness``): "Shoe N: checked ✓" above the coup once the shoe's seed is
revealed, and a loud warning naming the fault when the server changed the shoe."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("textual")

from textual.pilot import Pilot  # noqa: E402
from textual.widgets import Static  # noqa: E402

from puntobanco import Session, fair  # noqa: E402
from puntobanco.cards import Card  # noqa: E402
from puntobanco.fair.log import fair_shoes  # noqa: E402
from puntobanco.fair.witness import ShoeWitness  # noqa: E402
from puntobanco.table.events import CoupDealt  # noqa: E402
from puntobanco.tui.app import PuntoBancoApp  # noqa: E402
from tests.reseeding import reseed_shoe_2  # noqa: E402
from tests.test_tui import drive, names  # noqa: E402


def coup_title(app: PuntoBancoApp) -> str:
    return str(app.screen.query_one("#coup", Static).border_title or "")


def play(session: Session, witness: ShoeWitness, deals: int) -> None:
    for _ in range(deals):
        witness.observe(session.events)
        session.predict("Ana", "banco")
        session.predict("Bruno", "punto")
        session.deal()
        witness.observe(session.events)


def test_the_witness_checks_each_revealed_shoe_and_names_a_reseeded_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    witness = ShoeWitness()
    play(Session(["Ana", "Bruno"], deals=3), witness, 3)
    assert witness.results == {1: None, 2: None, 3: None} and witness.status() == (3, None)
    reseed_shoe_2(monkeypatch)
    session = Session(["Ana", "Bruno"], deals=3)
    witness = ShoeWitness()
    play(session, witness, 3)
    status = witness.status()
    assert status is not None and status[0] == 2 and status[1] is not None
    assert status[1].key == "fair.error.noted_commitment"
    assert "the server changed the shoe" in status[1].message("en")
    # Every verifier of the record alone accepts the forgery: only the note catches it.
    assert all(fair.verify_shoe(s) for s in fair_shoes(session.events))
    assert witness.results[1] is None and witness.results[3] is None


def test_the_witness_names_cards_it_saw_that_the_shoe_did_not_deal() -> None:
    session = Session(["Ana", "Bruno"], deals=1)
    session.predict("Ana", "banco")
    session.predict("Bruno", "punto")
    session.deal()
    events = list(session.events)
    dealt = next(i for i, e in enumerate(events) if isinstance(e, CoupDealt))
    coup = events[dealt]
    assert isinstance(coup, CoupDealt)
    shown = (Card.parse("KS"), Card.parse("KS"), *coup.cards[2:])  # what the screen showed
    witness = ShoeWitness()
    witness.observe([*events[:dealt], replace(coup, cards=shown)])
    witness.check(fair_shoes(events), [1])
    fault = witness.results[1]
    assert fault is not None and fault.key == "fair.error.seen_cards"
    assert "coup 1 of shoe 1 (KS KS" in fault.message("en")


def test_the_terminal_session_shows_each_shoe_checked(tmp_path: Path) -> None:
    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bruno")
        assert coup_title(app) == "The coup"  # nothing revealed yet
        await pilot.press("b", "p", "a")  # both predict; every card turned
        assert coup_title(app) == "The coup · Shoe 1: checked ✓"
        await pilot.press("enter", "b", "p", "a")
        assert coup_title(app) == "The coup · Shoe 2: checked ✓"

    drive(PuntoBancoApp(lang="en", db=tmp_path / "game.db"), script)


def test_the_terminal_session_warns_when_the_server_changed_a_shoe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reseed_shoe_2(monkeypatch)

    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("1")
        await names(pilot, "Ana", "Bruno")
        await pilot.press("b", "p", "a", "enter", "b", "p", "a")
        title = coup_title(app)
        assert title.startswith("Le coup · Sabot 2\u00a0: vérification échouée ✗ Le sabot 2 était")
        assert title.endswith("le serveur a changé le sabot.")
        await pilot.press("enter", "b", "p", "a")  # the warning stays on the shoe that failed
        assert "Sabot 2\u00a0: vérification échouée" in coup_title(app)

    drive(PuntoBancoApp(lang="fr", db=tmp_path / "game.db"), script)
