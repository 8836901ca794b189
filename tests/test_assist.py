"""The dealer's assistant: card by card, the shoe's count, undo, and seed 004's scoring."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puntobanco.assist import (
    Assistant,
    Expect,
    ShoeCount,
    decisions,
    expected,
    ranking,
)
from puntobanco.cards import DECK, Card, parse_cards
from puntobanco.coup import Outcome, resolve
from puntobanco.engine import Phase
from puntobanco.errors import IllegalActionError, InvalidBetError, InvalidCardError
from puntobanco.explain import describe_decision, expect_sentence
from puntobanco.shoe import Shoe


def _dealing(names: tuple[str, ...] = ("Ana", "Bruno", "Chloé"), **kw: object) -> Assistant:
    a = Assistant(names, **kw)  # type: ignore[arg-type]
    for name, box in zip(names, ("punto", "banco", "egalite"), strict=False):
        a.predict(name, box)
    for name in a.waiting:
        a.predict(name, "banco")
    a.close_bets()
    return a


def _feed(a: Assistant, cards: str) -> list[Expect]:
    return [a.add_card(c) for c in cards.split()]


def test_deal_order_is_punto_banco_punto_banco() -> None:
    a = _dealing()
    assert a.expecting is Expect.PUNTO
    assert _feed(a, "2h 3s 10c") == [Expect.BANCO, Expect.PUNTO, Expect.BANCO]


def test_worked_example_of_seed_004_third_card_eight() -> None:
    a = _dealing()
    steps = _feed(a, "4h 2s 9c Ad")
    assert steps[-1] is Expect.PUNTO_THIRD
    assert describe_decision(decisions(a.cards)[0], "fr") == "Punto a 3\u00a0: il tire (0 à 5)."
    assert a.add_card("8d") is Expect.OVER
    last = a.last
    assert last is not None
    assert last.coup.outcome is Outcome.BANCO
    assert describe_decision(last.coup.steps[1], "fr") == (
        "Banco a 3 et la troisième carte de Punto vaut 8\u00a0: il reste."
    )
    # seed 004 scoring: Punto -20, Banco +19, Égalité -20
    assert a.scores == {"Ana": -20, "Bruno": 19, "Chloé": -20}


def test_banco_on_3_draws_against_a_third_card_7() -> None:
    a = _dealing()
    assert _feed(a, "4h 2s 9c Ad 7d")[-1] is Expect.BANCO_THIRD
    assert describe_decision(decisions(a.cards)[1], "en") == (
        "Banco has 3 and Punto's third card counts 7: draws."
    )


def test_a_natural_ends_the_coup_after_four_cards() -> None:
    a = _dealing()
    assert _feed(a, "8h 2s Kc 3d")[-1] is Expect.OVER
    assert a.phase is Phase.SETTLED


def test_punto_stands_on_6_and_banco_draws_on_5_in_the_refus_column() -> None:
    a = _dealing()
    assert _feed(a, "6h 2s Kc 3d")[-1] is Expect.BANCO_THIRD
    assert describe_decision(decisions(a.cards)[1], "es") == (
        "Punto se plantó; Banco tiene 5: pide carta (0 a 5)."
    )
    assert a.add_card("Qh") is Expect.OVER


def test_both_stand_on_6_and_7() -> None:
    a = _dealing()
    assert _feed(a, "6h 7s Kc Kd")[-1] is Expect.OVER


def test_tie_refunds_punto_and_banco_and_pays_160_on_egalite() -> None:
    a = _dealing()
    _feed(a, "9h 9s Kc Kd")
    assert a.scores == {"Ana": 0, "Bruno": 0, "Chloé": 160}


def test_punto_win_pays_20() -> None:
    a = _dealing()
    _feed(a, "9h 8s Kc Kd")
    assert a.scores == {"Ana": 20, "Bruno": -20, "Chloé": -20}


def test_a_ninth_four_of_hearts_is_refused_in_an_8_deck_shoe() -> None:
    a = _dealing(decks=8, deals=10)
    for _ in range(2):  # 4♥ 4♥ 4♥ 4♥ gives Punto 8, Banco 8: over after four cards
        _feed(a, "4h 4h 4h 4h")
        a.next_deal()
        for name in a.names:
            a.predict(name, "punto")
        a.close_bets()
    assert a.shoe.left(Card.parse("4h")) == 0
    with pytest.raises(InvalidCardError) as info:
        a.add_card("4♥")
    assert "4♥" in info.value.message("en")
    assert "8" in info.value.message("fr")
    assert a.cards == []  # nothing taken


def test_the_shoe_count_is_refilled_when_seed_004_reshuffles() -> None:
    a = _dealing(decks=1, reshuffle_every_coup=True)
    _feed(a, "9h 8s Kc Kd")
    a.next_deal()
    for name in a.names:
        a.predict(name, "b")
    a.close_bets()
    assert a.add_card("9h") is Expect.BANCO


def test_a_mistyped_card_is_refused() -> None:
    a = _dealing()
    with pytest.raises(InvalidCardError) as info:
        a.add_card("4x")
    assert "'4x'" in info.value.message("en")
    with pytest.raises(InvalidCardError):
        a.verify_card("11h")
    assert a.verify_card("10h") == Card.parse("10h")


def test_undo_takes_the_last_card_back_into_the_shoe() -> None:
    a = _dealing(decks=1)
    _feed(a, "4h 2s 9c")
    assert a.undo() == Card.parse("9c")
    assert a.shoe.left(Card.parse("9c")) == 1
    assert a.expecting is Expect.PUNTO
    a.add_card("9d")
    assert a.cards == list(parse_cards("4h 2s 9d"))


def test_undo_after_the_last_card_reverses_the_settlement() -> None:
    a = _dealing()
    _feed(a, "4h 2s 9c Ad 8d")
    assert a.phase is Phase.SETTLED
    a.undo()
    assert a.expecting is Expect.PUNTO_THIRD
    assert a.results == []
    assert a.scores == {"Ana": 0, "Bruno": 0, "Chloé": 0}
    assert a.add_card("7d") is Expect.BANCO_THIRD


def test_undo_with_no_card_is_refused() -> None:
    with pytest.raises(IllegalActionError):
        _dealing().undo()


def test_no_card_after_the_coup_is_over() -> None:
    a = _dealing()
    _feed(a, "9h 8s Kc Kd")
    with pytest.raises(IllegalActionError):
        a.add_card("2h")


def test_no_card_while_bets_are_open() -> None:
    a = Assistant(["Ana", "Bruno"])
    with pytest.raises(IllegalActionError):
        a.add_card("2h")


def test_every_participant_predicts_before_bets_close() -> None:
    a = Assistant(["Ana", "Bruno"])
    a.predict("Ana", "tie")
    with pytest.raises(IllegalActionError) as info:
        a.close_bets()
    assert "Bruno" in info.value.message("en")


def test_a_prediction_after_bets_close_is_refused() -> None:
    a = _dealing()
    with pytest.raises(IllegalActionError):
        a.verify_predict("Ana", "banco")
    with pytest.raises(IllegalActionError):
        a.predict("Ana", "banco")


def test_unknown_box_and_unknown_name_are_refused() -> None:
    a = Assistant(["Ana", "Bruno"])
    with pytest.raises(InvalidBetError):
        a.predict("Ana", "dragon")
    with pytest.raises(IllegalActionError):
        a.predict("Zoé", "banco")


@pytest.mark.parametrize(
    "names", [["Ana"], [f"P{i}" for i in range(9)], ["Ana", "ana"], ["Ana", " "]]
)
def test_a_session_has_2_to_8_distinct_named_participants(names: list[str]) -> None:
    with pytest.raises(IllegalActionError):
        Assistant(names)


def test_a_session_is_ten_deals_and_leaders_share_the_win() -> None:
    a = Assistant(["Ana", "Bruno", "Chloé"], reshuffle_every_coup=True)
    for deal in range(10):
        a.predict("Ana", "banco")
        a.predict("Bruno", "banco")
        a.predict("Chloé", "punto")
        a.close_bets()
        _feed(a, "4h 2s 9c Ad 8d")  # Banco wins each time
        if deal < 9:
            assert a.phase is Phase.SETTLED
            a.next_deal()
    assert a.finished
    assert a.scores == {"Ana": 190, "Bruno": 190, "Chloé": -200}
    assert a.winners == ("Ana", "Bruno")
    with pytest.raises(IllegalActionError):
        a.next_deal()


def test_ranking_gives_equal_scores_the_same_rank() -> None:
    standings = ranking({"A": 0, "B": -20, "C": 0, "D": 5})
    assert [(s.rank, s.name, s.winner) for s in standings] == [
        (1, "D", True),
        (2, "A", False),
        (2, "C", False),
        (4, "B", False),
    ]


def test_expect_sentences_exist_in_every_language() -> None:
    for e in Expect:
        assert len({expect_sentence(e, lang) for lang in ("en", "fr", "es")}) == 3


def test_shoe_count_holds_decks_copies_of_each_card() -> None:
    card = DECK[0]
    assert ShoeCount(2).remaining == 104
    count = ShoeCount.of(2, [card, card, DECK[1]])
    assert count.left(card) == 0 and count.left(DECK[1]) == 1 and count.remaining == 101


def test_the_engine_refuses_a_card_the_shoe_no_longer_holds() -> None:
    a = _dealing(decks=1)
    _feed(a, "4h 2s")
    with pytest.raises(InvalidCardError) as info:
        a.add_card("4h")
    assert info.value.key.startswith("error.assist.no_more")
    with pytest.raises(InvalidCardError):
        a.verify_card("4h")
    assert a.verify_card("4d") == Card.parse("4d")
    assert a.shoe.left(Card.parse("4h")) == 0 and a.cards == list(parse_cards("4h 2s"))


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=60))
def test_fed_card_by_card_the_assistant_deals_the_same_coup_as_the_core(
    seed: int, skip: int
) -> None:
    shoe = Shoe(8, seed=seed)
    for _ in range(skip):
        shoe.draw()
    a = _dealing()
    while a.phase is Phase.BETS_CLOSED:
        nxt = a.expecting
        before = len(a.cards)
        a.add_card(shoe.draw())
        # the announced destination matches the card's place in the finished coup
        assert nxt is not Expect.OVER
        assert len(a.cards) == before + 1
    last = a.last
    assert last is not None
    assert last.coup == resolve(a.cards)
    assert expected(a.cards[:-1]) is not Expect.OVER
    assert len(decisions(a.cards)) == 2


def test_the_assisted_screen_shows_what_the_engine_accepts_and_passes_on_its_refusals() -> None:
    from puntobanco.tui.games import AssistGame, Reveal

    game = AssistGame.open(["Ana", "Bruno"], decks=1)

    def shown() -> Reveal:  # read afresh after each command
        return game.showing

    try:
        assert shown() is Reveal.PREDICTIONS
        with pytest.raises(IllegalActionError) as info:
            game.next_card("2h")
        assert info.value.key == "table.error.phase.bets_open"
        game.predict("Ana", "banco")
        assert shown() is Reveal.PREDICTIONS and game.waiting == ("Bruno",)
        game.predict("Bruno", "punto")  # the last prediction: bets close
        assert shown() is Reveal.CARDS
        with pytest.raises(IllegalActionError) as info:
            game.predict("Ana", "punto")
        assert info.value.key == "table.error.phase.bets_closed"
        with pytest.raises(IllegalActionError) as info:
            game.next_deal()
        assert info.value.key == "table.error.phase.bets_closed"
        for card in "9h 8s Kc Kd".split():
            game.next_card(card)
        assert shown() is Reveal.RESULT and game.nets == {"Ana": -20, "Bruno": 20}
        game.undo()  # the last card back: the deal is not settled any more
        assert shown() is Reveal.CARDS and game.nets == {}
    finally:
        game.close()
