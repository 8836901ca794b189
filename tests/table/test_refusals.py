"""Every refusal: a named error, the catalogue's message, and the log unchanged."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from puntobanco import CasinoTable, Session
from puntobanco.errors import (
    IllegalActionError,
    InvalidBetError,
    InvalidNameError,
    PuntoBancoError,
    UnknownPlayerError,
)
from puntobanco.i18n import t
from puntobanco.store import Record
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import Phase


def stored(db: Path, table: str) -> list[Record]:
    store = SQLiteStore(db)
    try:
        return store.load(table)
    finally:
        store.close()


def refused(
    db: Path,
    table: str,
    action: Callable[[], object],
    kind: type[PuntoBancoError],
    message: str,
) -> None:
    before = stored(db, table)
    with pytest.raises(kind) as caught:
        action()
    assert str(caught.value) == message
    assert stored(db, table) == before


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "refusals.db"


@pytest.fixture
def session(db: Path) -> Session:
    return Session(["Ana", "Bruno"], seed=3, db=db)


@pytest.fixture
def casino(db: Path) -> CasinoTable:
    table = CasinoTable(seed=3, db=db, seats=3)
    table.sit("Ana", 100_000)
    table.sit("Bruno", 5_000)
    return table


# -- the session -----------------------------------------------------------------


def test_a_ninth_participant_is_refused(db: Path) -> None:
    s = Session([f"P{n}" for n in range(1, 9)], db=db, seed=1)
    refused(
        db,
        "session",
        lambda: s.join("Zoé"),
        IllegalActionError,
        "The table is full: all 8 places are taken.",
    )


def test_a_duplicate_name_is_refused_whatever_its_case(db: Path, session: Session) -> None:
    refused(
        db,
        "session",
        lambda: session.join(" ana "),
        InvalidNameError,
        "'ana' is already at this table (names are compared without case).",
    )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "A name cannot be empty ('   ')."),
        ("A" * 25, f"'{'A' * 25}' has 25 characters; a name has at most 24."),
        (
            "Ana\x07",
            "'Ana\\x07' contains '\\x07': a name has letters, digits, spaces, hyphens, "
            "apostrophes and full stops only.",
        ),
        (
            "Ana ♠",
            "'Ana ♠' contains '♠': a name has letters, digits, spaces, hyphens, "
            "apostrophes and full stops only.",
        ),
        ("42", "'42' has no letter; a name needs at least one."),
    ],
)
def test_an_invalid_name_is_refused(db: Path, session: Session, name: str, message: str) -> None:
    refused(db, "session", lambda: session.join(name), InvalidNameError, message)


def test_names_of_any_language_are_accepted() -> None:
    s = Session(["Chloé", "Ñandú", "Дмитрий", "李小龍", "Jean-Loup O'Hara", "Zoë 2"])
    assert len(s.players) == 6


def test_a_deal_before_every_prediction_names_who_is_missing(db: Path, session: Session) -> None:
    session.join("Chloé")
    session.predict("Bruno", "banco")
    refused(
        db,
        "session",
        session.deal,
        IllegalActionError,
        "Deal 1 cannot start: no prediction yet from Ana, Chloé.",
    )


def test_a_session_needs_two_participants(db: Path) -> None:
    # Its first shoe is called, and shuffled with their contributions, once two sit.
    s = Session(["Ana"], db=db)
    for action in (lambda: s.predict("Ana", "punto"), s.deal):
        refused(
            db,
            "session",
            action,
            IllegalActionError,
            "A session needs at least 2 participants; 1 seated.",
        )
    seeded = Session(["Ana"], db=db, seed=3, table="seeded")  # shuffled as it opens
    seeded.predict("Ana", "punto")
    refused(
        db,
        "seeded",
        seeded.deal,
        IllegalActionError,
        "A session needs at least 2 participants; 1 seated.",
    )


def test_joining_after_the_first_deal_is_refused(db: Path, session: Session) -> None:
    session.predict("Ana", "punto")
    session.predict("Bruno", "punto")
    session.deal()
    refused(
        db,
        "session",
        lambda: session.join("Chloé"),
        IllegalActionError,
        "The session has begun: nobody can join or leave until it ends.",
    )


def test_a_prediction_with_another_stake_is_refused(db: Path, session: Session) -> None:
    refused(
        db,
        "session",
        lambda: session.table.bet("Ana", "banco", 50),
        InvalidBetError,
        "In this session every prediction is worth 20 points, not 50.",
    )


def test_a_prediction_from_a_stranger_is_refused(db: Path, session: Session) -> None:
    refused(
        db,
        "session",
        lambda: session.predict("Zoé", "banco"),
        UnknownPlayerError,
        "'Zoé' is not at this table. Seated: Ana, Bruno.",
    )


def test_a_prediction_on_no_box_is_refused(db: Path, session: Session) -> None:
    refused(
        db,
        "session",
        lambda: session.predict("Ana", "rouge"),
        InvalidBetError,
        "'rouge' is not a box: choose Punto, Banco or Tie (p, b, t).",
    )


def test_a_deal_after_the_last_is_refused_naming_the_phase(db: Path) -> None:
    s = Session(["Ana", "Bruno"], db=db, deals=1, seed=1)
    s.predict("Ana", "punto")
    s.predict("Bruno", "punto")
    s.deal()
    assert s.phase is Phase.ENDED
    refused(
        db,
        "session",
        lambda: s.predict("Ana", "banco"),
        IllegalActionError,
        "Not now: this table has closed (after coup 1).",
    )


# -- the casino table -------------------------------------------------------------


def test_punto_with_banco_is_refused(db: Path, casino: CasinoTable) -> None:
    casino.bet("Ana", "banco", 2000)
    casino.bet("Ana", "egalite", 500)  # Égalité beside Banco is allowed (seed 001)
    refused(
        db,
        "casino",
        lambda: casino.bet("Ana", "punto", 2000),
        InvalidBetError,
        "Ana cannot bet on Punto and Banco at once; Tie may go beside either.",
    )


@pytest.mark.parametrize(
    ("box", "stake", "message"),
    [
        ("banco", 999, "9.99 on Banco is below the table minimum of 10.00 for that box."),
        (
            "punto",
            500_001,
            "5,000.01 on Punto would take the box above the table maximum of 5,000.00.",
        ),
        ("egalite", 400, "4.00 on Tie is below the table minimum of 5.00 for that box."),
        (
            "egalite",
            50_100,
            "501.00 on Tie would take the box above the table maximum of 500.00.",
        ),
        ("banco", 0, "A stake is a positive whole number of cents, not 0."),
        ("banco", -2000, "A stake is a positive whole number of cents, not -2000."),
        ("banco", 20.5, "A stake is a positive whole number of cents, not 20.5."),
        (
            "banco",
            Fraction(41, 2),
            "A stake is a positive whole number of cents, not Fraction(41, 2).",
        ),
        ("banco", True, "A stake is a positive whole number of cents, not True."),
    ],
)
def test_a_stake_out_of_limits_or_not_whole_cents_is_refused(
    db: Path, casino: CasinoTable, box: str, stake: int, message: str
) -> None:
    refused(db, "casino", lambda: casino.bet("Ana", box, stake), InvalidBetError, message)


def test_a_stake_above_the_bankroll_is_refused(db: Path, casino: CasinoTable) -> None:
    casino.bet("Bruno", "punto", 4000)
    refused(
        db,
        "casino",
        lambda: casino.bet("Bruno", "egalite", 1500),
        InvalidBetError,
        "Bruno has only 10.00 left to bet, not 15.00 on Tie.",
    )


def test_a_bet_after_bets_close_is_refused_naming_the_phase(db: Path, casino: CasinoTable) -> None:
    casino.bet("Ana", "banco", 2000)
    casino.close_bets()
    refused(
        db,
        "casino",
        lambda: casino.bet("Bruno", "banco", 2000),
        IllegalActionError,
        "Not now: bets are closed for coup 1 (rien ne va plus); the coup must be dealt.",
    )


def test_closing_bets_with_none_placed_is_refused(db: Path, casino: CasinoTable) -> None:
    refused(
        db,
        "casino",
        casino.deal,
        IllegalActionError,
        "No bet on the table for coup 1: nothing to deal for.",
    )


def test_a_full_casino_table_refuses_a_player(db: Path, casino: CasinoTable) -> None:
    casino.sit("Chloé", 10_000)
    refused(
        db,
        "casino",
        lambda: casino.sit("Dmitri", 10_000),
        IllegalActionError,
        "The table is full: all 3 places are taken.",
    )


def test_a_taken_seat_is_refused(db: Path, casino: CasinoTable) -> None:
    refused(
        db,
        "casino",
        lambda: casino.sit("Chloé", 10_000, seat=2),
        IllegalActionError,
        "Seat 2 is not free: seats are numbered 1 to 3.",
    )


@pytest.mark.parametrize("bankroll", [0, -5, 10.5])
def test_a_bankroll_that_is_not_positive_whole_cents_is_refused(
    db: Path, casino: CasinoTable, bankroll: int
) -> None:
    refused(
        db,
        "casino",
        lambda: casino.sit("Chloé", bankroll),
        InvalidBetError,
        t("table.error.bankroll", "en", bankroll=bankroll),
    )


def test_leaving_with_stakes_on_the_table_is_refused(db: Path, casino: CasinoTable) -> None:
    casino.bet("Bruno", "punto", 1000)
    refused(
        db,
        "casino",
        lambda: casino.leave("Bruno"),
        IllegalActionError,
        "Bruno still has stakes on the table; withdraw them before leaving.",
    )


def test_withdrawing_a_bet_never_placed_is_refused(db: Path, casino: CasinoTable) -> None:
    refused(
        db,
        "casino",
        lambda: casino.withdraw("Ana", "punto"),
        IllegalActionError,
        "Ana has no stake on Punto to withdraw.",
    )


def test_refusals_read_in_french_and_spanish(casino: CasinoTable) -> None:
    with pytest.raises(InvalidBetError) as caught:
        casino.bet("Ana", "banco", 999)
    # The box by its name and the amounts as each language writes them (CLDR).
    assert caught.value.message("fr") == (
        "9,99 sur Banco est en dessous du minimum de la table pour cette case (10,00)."
    )
    assert caught.value.message("es") == (
        "9,99 a Banco está por debajo del mínimo de la mesa para esa casilla (10,00)."
    )


def test_can_actions_answer_without_raising(casino: CasinoTable) -> None:
    table = casino.table
    assert table.can_bet("Ana", "banco", 2000)
    assert not table.can_bet("Ana", "banco", 1)
    assert not table.can_deal() and not table.can_settle()
    assert table.can_sit("Chloé", 100) and not table.can_sit("ana", 100)


def test_withdrawing_a_prediction_never_made_is_refused(db: Path, session: Session) -> None:
    refused(
        db,
        "session",
        lambda: session.withdraw("Ana"),
        IllegalActionError,
        "Ana has no prediction to take back.",
    )
