"""Seed 004's session: a scripted 10-deal game from a fixed seed, checked against
scores computed here from the stored card orders and the seed's paytable."""

from __future__ import annotations

from pathlib import Path

from puntobanco import Session, fair
from puntobanco.coup import Outcome, deal
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table import Phase, replay
from puntobanco.table.events import BetPlaced, CoupDealt, ShoeShuffled, TableClosed

PLAYERS = ["Ana", "Bruno", "Chloé", "Dédé"]
BOXES = ["punto", "banco", "egalite"]
# Seed 004, section 05: "+20 / +19 / +160 ; perte -20", Punto and Banco refunded on a tie.
WIN = {Outcome.PUNTO: 20, Outcome.BANCO: 19, Outcome.EGALITE: 160}


def script(deal_number: int, seat: int) -> str:
    """Who predicts what: a fixed pattern that gives every box to everyone."""
    return BOXES[(deal_number + seat * 2) % 3]


def expected_net(box: Outcome, outcome: Outcome) -> int:
    if box is outcome:
        return WIN[box]
    if outcome is Outcome.EGALITE:
        return 0
    return -20


def play(db: Path, seed: int = 2024) -> Session:
    session = Session(PLAYERS, seed=seed, db=db, table="friday")
    for n in range(1, 11):
        for seat, name in enumerate(PLAYERS):
            session.predict(name, "banco")  # changed below: the last prediction counts
            session.predict(name, script(n, seat))
        session.deal()
    return session


def test_ten_deal_session_scores_match_the_paytable_on_the_stored_cards(tmp_path: Path) -> None:
    session = play(tmp_path / "g.db")
    events = session.events
    shuffles = [e for e in events if isinstance(e, ShoeShuffled)]
    dealt = [e for e in events if isinstance(e, CoupDealt)]
    assert len(shuffles) == 10 and len(dealt) == 10  # reshuffled before every deal
    scores = dict.fromkeys(PLAYERS, 0)
    for n, (shoe, coup_event) in enumerate(zip(shuffles, dealt, strict=True), start=1):
        # The stored order is the fair scheme's shuffle of eight full decks, its
        # server seed derived from the table's seed (and said not to be secret).
        server_seed = fair.derived_server_seed(2024, shoe.shoe)
        assert shoe.server_seed == server_seed.hex()
        assert shoe.client_seed == f"friday/{shoe.shoe}"
        assert shoe.order == fair.shoe_order(server_seed, f"friday/{shoe.shoe}", shoe.shoe, 8)
        coup = deal(iter(shoe.order).__next__)  # the first cards of a fresh shoe
        assert coup_event.cards == coup.cards
        for seat, name in enumerate(PLAYERS):
            scores[name] += expected_net(Outcome.parse(script(n, seat)), coup.outcome)
    assert session.scores == scores
    assert session.finished and session.phase is Phase.ENDED
    best = max(scores.values())
    assert session.winners == tuple(n for n in PLAYERS if scores[n] == best)
    assert events[-1] == TableClosed(session.winners)


def test_replaying_the_session_log_gives_the_same_state(tmp_path: Path) -> None:
    session = play(tmp_path / "g.db")
    store = SQLiteStore(tmp_path / "g.db")
    stored = [r.event for r in store.load("friday")]
    store.close()
    assert tuple(stored) == session.events
    assert replay(stored) == session.state
    reopened = Session.resume("friday", db=tmp_path / "g.db")
    assert reopened.state == session.state
    reopened.close()


def test_a_changed_prediction_replaces_the_first(tmp_path: Path) -> None:
    session = Session(["Ana", "Bruno"], seed=1)
    session.predict("Ana", "banco")
    session.predict("Ana", "punto")
    session.predict("Bruno", "tie")
    assert session.predictions == {"Ana": Outcome.PUNTO, "Bruno": Outcome.EGALITE}
    assert [e for e in session.events if isinstance(e, BetPlaced)][-2:] == [
        BetPlaced("Ana", Outcome.PUNTO, 20),
        BetPlaced("Bruno", Outcome.EGALITE, 20),
    ]


def test_the_issue_example_gives_its_scores() -> None:
    # The first shoe of seed 7 at the table "session", whose first coup Banco wins.
    s = Session(["Ana", "Bruno", "Chloé"], seed=7)
    s.predict("Ana", "banco")
    s.predict("Bruno", "egalite")
    s.predict("Chloé", "punto")
    coup = s.deal()
    order = fair.shoe_order(fair.derived_server_seed(7, 1), "session/1", 1, 8)
    assert coup.cards == deal(iter(order).__next__).cards
    assert s.scores == {"Ana": 19, "Bruno": -20, "Chloé": -20}
    assert not s.finished and s.winners == ()


def test_tied_leaders_share_the_win_and_negative_scores_stay() -> None:
    s = Session(["Ana", "Bruno", "Chloé"], seed=7, deals=1)
    s.predict("Ana", "banco")
    s.predict("Bruno", "banco")
    s.predict("Chloé", "egalite")
    s.deal()
    assert s.finished
    assert s.winners == ("Ana", "Bruno")
    assert s.scores["Chloé"] == -20
    assert s.ranking[0][1] == 19 and s.ranking[-1] == ("Chloé", -20)


def test_a_stake_of_ten_scores_banco_exactly() -> None:
    from fractions import Fraction

    s = Session(["Ana", "Bruno"], seed=7, stake=10, deals=1)
    s.predict("Ana", "banco")
    s.predict("Bruno", "punto")
    s.deal()
    assert s.scores == {"Ana": Fraction(19, 2), "Bruno": -10}
