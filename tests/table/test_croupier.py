"""Seed 002's virtual croupier: bets close when the countdown runs out, or once
every seated player is ready; the coup is then dealt and settled automatically.
The time comes in through ``tick(now)``; the core never reads a clock."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from puntobanco import CasinoTable, CroupierTable
from puntobanco.errors import IllegalActionError
from puntobanco.table import Phase, Table, TableConfig
from puntobanco.table.events import CoupDealt, PuntoCardsHanded, ShoeHolderChanged


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_countdown_holds_until_every_seated_player_is_ready() -> None:
    # Everyone having bet is not everyone done: a chip more, a side bet may follow.
    # The coup is dealt early only once every seated player has said so.
    clock = Clock()
    table = CroupierTable(seed=3, countdown=20, clock=clock)
    table.sit("Ana", 100_000)
    table.sit("Bruno", 100_000)
    table.bet("Ana", "banco", 2000)
    table.bet("Bruno", "punto", 2000)
    clock.now += 1
    assert table.tick() is None and table.state.completed == 0
    assert table.countdown_left == 19
    assert table.ready("Ana") is None and table.state.readied == ("Ana",)
    table.bet("Ana", "banco", 1000)  # still open: a chip more
    with pytest.raises(IllegalActionError) as refused:
        table.ready("Ana")
    assert refused.value.key == "table.error.already_ready"
    assert table.ready("Bruno") is not None and table.state.completed == 1
    assert table.phase is Phase.BETS_OPEN and table.coup_number == 2
    assert not table.state.readied  # the next coup: nobody is ready yet


def test_ready_is_the_croupier_s_alone_and_without_a_bet_deals_nothing() -> None:
    clock = Clock()
    table = CroupierTable(seed=3, countdown=20, clock=clock)
    table.sit("Ana", 100_000)
    table.ready("Ana")  # ready, and nothing on the table: the croupier waits
    assert table.state.completed == 0
    table.bet("Ana", "banco", 2000)  # then a bet: everyone is ready
    assert table.state.completed == 1
    casino = CasinoTable(seed=3)
    casino.sit("Ana", 100_000)
    with pytest.raises(IllegalActionError) as refused:
        casino.table.ready("Ana")
    assert refused.value.key == "table.error.no_croupier"


def test_the_countdown_closes_bets_with_whoever_has_bet() -> None:
    clock = Clock()
    table = CroupierTable(seed=3, countdown=20, clock=clock)
    table.sit("Ana", 100_000)
    table.sit("Bruno", 100_000)
    assert table.tick() is None  # the countdown starts
    table.bet("Ana", "banco", 2000)
    clock.now += 19.5
    assert table.tick() is None and table.countdown_left == 0.5
    clock.now += 0.5
    coup = table.tick()
    assert coup is not None and table.state.completed == 1
    assert table.balances["Bruno"] == 100_000


def test_with_no_bet_the_countdown_starts_again() -> None:
    core = Table.open("t", TableConfig.casino(seed=1, croupier=True, countdown=10))
    core.sit("Ana", 100_000)
    core.sit("Bruno", 100_000)
    assert core.tick(0.0) is None
    assert core.tick(10.0) is None and core.countdown_left(10.0) == 10.0
    core.bet("Ana", "punto", 1000)
    assert core.tick(15.0) is None
    assert isinstance(core.tick(20.0), CoupDealt)


def test_the_croupier_table_has_no_shoe_holder_and_deals_itself() -> None:
    table = CroupierTable(seed=3, clock=Clock())
    table.sit("Ana", 100_000)
    table.bet("Ana", "punto", 2000)
    assert not any(isinstance(e, PuntoCardsHanded | ShoeHolderChanged) for e in table.events)
    assert table.shoe_holder is None


def test_ticks_at_a_casino_table_do_nothing() -> None:
    core = Table.open("t", TableConfig.casino(seed=1))
    core.sit("Ana", 100_000)
    core.bet("Ana", "punto", 1000)
    assert core.tick(1e9) is None and core.phase is Phase.BETS_OPEN


def test_every_event_reads_as_a_sentence_in_three_languages() -> None:
    from puntobanco import CasinoTable, Session
    from puntobanco.i18n import LANGS
    from puntobanco.table.describe import describe
    from puntobanco.table.events import EVENT_TYPES

    casino = CasinoTable(seed=1, cut_card=None, burn=True, decks=1)  # a tie in its first shoe
    casino.sit("Ana", 10**7)
    casino.sit("Bruno", 10**7)
    seen: set[type] = set()
    while not casino.state.shoe or casino.state.shoe.number < 2:
        casino.bet("Ana", "punto", 1000)
        casino.bet("Ana", "egalite", 500)
        casino.bet("Bruno", "banco", 1010)
        casino.deal()
    casino.bet("Ana", "punto", 1000)
    casino.withdraw("Ana", "punto")
    casino.leave("Ana")
    casino.close_table()
    session = Session(["Ana", "Bruno"], deals=1, seed=1)
    session.predict("Ana", "p")
    session.predict("Bruno", "b")
    session.deal()
    casino2 = CasinoTable(seed=4, table="second")
    casino2.sit("Ana", 1500)
    while casino2.table.player("Ana").balance >= casino2.config.minimum:
        casino2.bet("Ana", "egalite", 500)
        casino2.deal()
    casino2.table.rebuy("Ana", 1500 - casino2.table.player("Ana").balance)
    from puntobanco.table.events import SeedContributed

    # A typed contribution, as a table of the older scheme recorded it.
    typed = SimpleNamespace(events=[SeedContributed(2, "Ana", "lucky")], config=casino2.config)
    from puntobanco.table import Table, TableConfig

    assisted = Table.open("assisted", TableConfig.assist(deals=1), players=["Ana", "Bruno"])
    assisted.bet("Ana", "p")
    assisted.bet("Bruno", "b")
    assisted.close_bets()
    assisted.place_card("4h")
    assisted.undo_card()
    for card in "4h 2s 9c Ad 8d".split():
        assisted.place_card(card)
    assisted.settle()
    assisted.undo_card()
    from puntobanco.fair.log import public_log

    unseeded = CasinoTable(table="third")  # a fair shoe, hidden by an export mid-shoe
    unseeded.sit("Ana", 10**7)
    exported = SimpleNamespace(events=public_log(unseeded.events), config=unseeded.config)
    unseeded.close_table()  # its shoe's server seed revealed
    unseeded.table.open_rematch("fourth")  # the ended table names its rematch
    # Punto's cards face down with a player (turned by them, then by the dealer), the shoe passed.
    turning = Table.open(
        "turning",
        TableConfig.casino(seed=3, turn_seconds=5),
        players=[("Ana", 10**7), ("Bruno", 10**7)],
    )
    turning.pass_shoe("Ana")
    for turner in ("Ana", None):
        turning.bet("Ana", "punto", 1000)
        turning.close_bets()
        turning.deal()
        if turner is None:
            turning.tick(0.0)
            turning.tick(10.0)
        else:
            turning.turn_punto(turner)
    # The host's hand on the seats: joins, a request admitted and one refused, a
    # session's time to predict, a coup dealt without a player, a removal.
    hosted = Table.open("hosted", TableConfig.session(seed=2), players=["Ana", "Bruno"])
    for mode in ("approval", "locked", "open"):
        hosted.set_joins(mode)
    hosted.ask_to_join("Cy")
    hosted.ask_to_join("Dee")
    hosted.admit("Cy")
    hosted.refuse("Dee")
    hosted.set_prediction_time(30)
    hosted.set_prediction_time(None)
    hosted.bet("Ana", "p")
    hosted.skip_missing()
    hosted.remove("Ana", "gone home")
    hosted.remove("Bruno")
    # Rebuys the host approves: one refused, one granted.
    approved = Table.open(
        "approved",
        TableConfig.casino(seed=4, rebuy_approval=True, tie_minimum=1000),
        players=[("Ana", 1000)],
    )
    while approved.player("Ana").balance >= 1000:
        approved.bet("Ana", "egalite", 1000)
        approved.play_coup()
    room = approved.rebuy_room("Ana")
    approved.ask_rebuy("Ana", room)
    approved.refuse("Ana")
    approved.ask_rebuy("Ana", room)
    approved.rebuy("Ana", room)
    approved.pause()  # the host's pause, and the table resumed
    approved.resume()
    approved.rename("Ana", "Anaïs")  # the host gives a player another name
    # A lesson: a question put, answered and shown.
    lesson = Table.open(
        "lesson", TableConfig.classroom(questions=1, seed=5, drills=("winner",)), players=["Ana"]
    )
    lesson.next_question()
    lesson.answer("Ana", "banco")
    # A player ready for the croupier to deal.
    croupier = CroupierTable(seed=3, table="croupier", clock=Clock())
    croupier.sit("Ana", 10**7)
    croupier.ready("Ana")
    games: tuple[Any, ...] = (casino, session, casino2, typed, assisted, exported)
    games = (*games, unseeded, turning, lesson, hosted, approved, croupier)
    for game in games:
        for event in game.events:
            seen.add(type(event))
            for lang in LANGS:
                text = describe(event, game.config, lang)
                assert text and "{" not in text
    assert seen == set(EVENT_TYPES.values())
