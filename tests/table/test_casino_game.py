"""The casino table over three shoes from a fixed seed: cards, ledger and shoe
holder checked against a re-computation made here from the stored shoe orders
(burn, cut card, tableau through the core's ``deal``) and integer arithmetic."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from puntobanco import CasinoTable
from puntobanco.coup import Coup, Outcome, deal
from puntobanco.table import replay
from puntobanco.table.events import (
    CoupDealt,
    PuntoCardsHanded,
    ShoeBurned,
    ShoeHolderChanged,
    ShoeShuffled,
)
from puntobanco.table.history import coup_records
from puntobanco.table.state import apply, initial

NAMES = ["Ana", "Bruno", "Chloé", "Dmitri", "Eun-ji"]
BANKROLL = 10_000_000  # 100,000.00


def script(coup: int, seat: int) -> list[tuple[str, int]]:
    """Each player's bets on each coup; odd Banco stakes exercise the rounding."""
    k = (coup * 7 + seat * 3) % 6
    return [
        [("banco", 1010 + 10 * seat)],
        [("punto", 1500)],
        [("banco", 2000), ("egalite", 500)],
        [("punto", 1000 + 500 * (seat % 2)), ("egalite", 600)],
        [],
        [("banco", 3330)],
    ][k]


def play(db: Path | None, shoes: int = 3) -> CasinoTable:
    table = CasinoTable(seed=2026, db=db, table="club")
    for name in NAMES:
        table.sit(name, BANKROLL)
    while not any(isinstance(e, ShoeShuffled) and e.shoe == shoes + 1 for e in table.events):
        n = table.coup_number
        for seat, name in enumerate(NAMES):
            for box, stake in script(n, seat):
                table.bet(name, box, stake)
        if not any(table.bets(name) for name in NAMES):
            table.bet("Ana", "banco", 1000)
        table.deal()
    return table


def shoe_coups(order: tuple[object, ...], cut_card: int) -> Iterator[Coup]:
    """The coups of one shoe: burn (turned card, then its value, ten for a zero),
    then coups until one starts with the cut card out (that one is the last)."""
    from puntobanco.cards import Card

    cards: list[Card] = [c for c in order if isinstance(c, Card)]
    position = 1 + (cards[0].point or 10)
    while True:
        last = position >= len(cards) - cut_card
        source = iter(cards[position:])
        coup = deal(source.__next__)
        position += len(coup.cards)
        yield coup
        if last:
            return


def net(box: Outcome, stake: int, outcome: Outcome) -> int:
    if box is outcome:
        return {Outcome.PUNTO: stake, Outcome.BANCO: stake * 19 // 20, Outcome.EGALITE: 8 * stake}[
            box
        ]
    if outcome is Outcome.EGALITE:
        return 0
    return -stake


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> CasinoTable:
    return play(tmp_path_factory.mktemp("casino") / "club.db")


def test_three_shoes_deal_the_stored_orders_with_burn_and_cut_card(club: CasinoTable) -> None:
    events = club.events
    shoes = [e for e in events if isinstance(e, ShoeShuffled)]
    burns = [e for e in events if isinstance(e, ShoeBurned)]
    assert [s.shoe for s in shoes] == [1, 2, 3, 4]
    expected: list[Coup] = []
    for shoe, burn in zip(shoes[:3], burns, strict=False):
        assert burn.turned == shoe.order[0] and len(burn.burned) == (shoe.order[0].point or 10)
        expected += list(shoe_coups(shoe.order, 16))
    dealt = [e.cards for e in events if isinstance(e, CoupDealt)]
    assert dealt == [c.cards for c in expected]
    assert len(dealt) > 3 * 50  # about 59 coups a six-deck shoe with a cut card at 16


def test_three_shoes_ledger_matches_integer_arithmetic(club: CasinoTable) -> None:
    events = club.events
    shoes = [e for e in events if isinstance(e, ShoeShuffled)][:3]
    coups = [c for s in shoes for c in shoe_coups(s.order, 16)]
    balances = dict.fromkeys(NAMES, BANKROLL)
    kept = Fraction(0)
    for number, coup in enumerate(coups, start=1):
        placed = [(s, b, st) for s, _ in enumerate(NAMES) for b, st in script(number, s)]
        if not placed:
            placed = [(0, "banco", 1000)]
        for seat, box, stake in placed:
            outcome = Outcome.parse(box)
            balances[NAMES[seat]] += net(outcome, stake, coup.outcome)
            if outcome is coup.outcome is Outcome.BANCO:
                kept += Fraction(stake * 19 % 20, 20)
    assert club.balances == balances
    assert club.house == len(NAMES) * BANKROLL - sum(balances.values())
    assert club.state.kept == kept and kept > 0


def test_house_ledger_and_bankrolls_reconcile_after_every_coup(club: CasinoTable) -> None:
    events = club.events
    state = initial(events[0])  # type: ignore[arg-type]
    checked = 0
    for event in events[1:]:
        state = apply(state, event)
        if type(event).__name__ == "CoupSettled":
            assert state.brought == state.taken + sum(state.balances.values()) + state.house
            checked += 1
    assert checked == club.state.completed


def test_history_balances_before_plus_nets_give_balances_after(club: CasinoTable) -> None:
    records = coup_records((e, "t") for e in club.events)
    assert len(records) == club.state.completed
    for record in records:
        for name, before in record.balances_before.items():
            nets = sum(s.amount for s in record.settlements if s.player == name)
            assert record.balances_after[name] == before + nets
        # Losing bets are collected before winners are paid (seed 000).
        signs = [s.amount > 0 for s in record.settlements]
        assert signs == sorted(signs)


def test_shoe_stays_on_banco_and_ties_passes_on_punto(club: CasinoTable) -> None:
    holder = None
    changes = 0
    state = None
    for event in club.events:
        state = initial(event) if state is None else apply(state, event)  # type: ignore[arg-type]
        if isinstance(event, ShoeHolderChanged):
            changes += 1
        if type(event).__name__ == "CoupSettled":
            assert state.current is not None
            if holder is not None:
                seats = [p.name for p in state.seated]
                following = seats[(seats.index(holder) + 1) % len(seats)]
                wanted = following if state.current.outcome is Outcome.PUNTO else holder
                holder = wanted
        if isinstance(event, ShoeHolderChanged):
            holder = event.name
        if type(event).__name__ == "BetsOpened":
            assert state.holder == holder
    assert changes > 10


def test_punto_cards_go_to_the_largest_punto_bet_earlier_seat_on_equal_bets() -> None:
    table = CasinoTable(seed=5)
    for name in ("Ana", "Bruno", "Chloé"):
        table.sit(name, 100_000)
    table.bet("Ana", "punto", 1000)
    table.bet("Bruno", "punto", 2000)
    table.bet("Chloé", "punto", 2000)
    table.deal()
    assert table.punto_hand == "Bruno"
    table.bet("Ana", "banco", 5000)
    table.deal()
    handed = [e for e in table.events if isinstance(e, PuntoCardsHanded)]
    assert handed[-1].name is None  # nobody on Punto: the croupier keeps them


def test_replaying_the_casino_log_gives_the_same_state(club: CasinoTable, tmp_path: Path) -> None:
    assert replay(club.events) == club.state
    from puntobanco.store.sqlite import SQLiteStore

    store = SQLiteStore(club._store.name)  # type: ignore[attr-defined]
    stored = [r.event for r in store.load("club")]
    seqs = [r.seq for r in store.load("club")]
    store.close()
    assert tuple(stored) == club.events and seqs == list(range(1, len(seqs) + 1))
    reopened = CasinoTable.resume("club", db=club._store.name)  # type: ignore[attr-defined]
    assert reopened.state == club.state
    reopened.close()


def test_the_issue_example_runs_and_reconciles() -> None:
    t = CasinoTable(
        seats=14,
        decks=6,
        seed=1,
        minimum=1000,
        maximum=500000,
        tie_minimum=500,
        tie_maximum=50000,
    )
    t.sit("Ana", bankroll=1000000)
    t.bet("Ana", "banco", 2000)
    t.bet("Ana", "egalite", 500)
    coup = t.deal()
    expected = (
        1000000 + net(Outcome.BANCO, 2000, coup.outcome) + net(Outcome.EGALITE, 500, coup.outcome)
    )
    assert t.balances == {"Ana": expected}
    assert t.house == 1000000 - expected


def test_a_coup_dealt_but_not_settled_is_completed_with_its_cards_on_reopening(
    tmp_path: Path,
) -> None:
    from puntobanco.store.sqlite import SQLiteStore
    from puntobanco.table import Phase, Table, TableConfig

    store = SQLiteStore(tmp_path / "a.db")

    def sink(stored: int, new: object) -> None:
        store.append("club", stored, new)  # type: ignore[arg-type]

    # Step by step, each step its own transaction; the process "dies" after the deal.
    table = Table.open("club", TableConfig.casino(seed=8), sink=sink)
    table.sit("Ana", 100_000)
    table.bet("Ana", "punto", 1000)
    table.close_bets()
    dealt = table.deal()
    assert table.phase is Phase.DEALT
    store.close()
    reopened = CasinoTable.resume("club", db=tmp_path / "a.db")
    assert reopened.phase is Phase.BETS_OPEN and reopened.state.completed == 1
    assert [e for e in reopened.events if isinstance(e, CoupDealt)] == [dealt]
    expected = 100_000 + net(Outcome.PUNTO, 1000, reopened.all_coups[0].outcome)
    assert reopened.balances == {"Ana": expected}
    reopened.close()
