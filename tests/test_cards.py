"""Cards: point values (seeds 000, 004), parsing what people type, canonical text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puntobanco.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from puntobanco.errors import InvalidCardError
from puntobanco.i18n import Lang


def test_ace_is_worth_1_two_to_nine_their_number_tens_and_courts_nothing() -> None:
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                "10": 0, "J": 0, "Q": 0, "K": 0}  # fmt: skip
    assert {r.value: r.point for r in Rank} == expected


def test_a_deck_holds_52_distinct_cards_of_13_ranks_in_4_suits() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert {c.suit for c in DECK} == set(Suit)
    assert sum(c.point for c in DECK) == 4 * 45


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("4h", "4H"),
        ("4H", "4H"),
        ("4♥", "4H"),
        ("10d", "10D"),
        ("Td", "10D"),
        ("Qs", "QS"),
        ("a♦", "AD"),
        ("1c", "AC"),  # "1" is the ace: the seeds say "l'as vaut 1"
        ("D♠", "QS"),  # dame
        ("Rh", "KH"),  # roi
        ("Vc", "JC"),  # valet
        ("dd", "QD"),
        (" 9♣ ", "9C"),
        ("K♡", "KH"),
    ],
)
def test_parse_what_people_type(text: str, canonical: str) -> None:
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["11h", "4x", "♥", "", "h4", "10", "0h", "4hh", "AA", "Ω♥"])
def test_anything_else_is_refused_quoting_the_input_and_the_forms(text: str) -> None:
    with pytest.raises(InvalidCardError) as error:
        Card.parse(text)
    message = str(error.value)
    assert repr(text) in message
    assert "4♥" in message and "Td" in message


def test_the_refusal_reads_in_french_and_spanish() -> None:
    with pytest.raises(InvalidCardError) as error:
        Card.parse("4x")
    assert "n’est pas une carte" in error.value.message("fr")
    assert "no es una carta" in error.value.message("es")


def test_lists_are_separated_by_spaces_or_commas() -> None:
    assert format_cards(parse_cards("4h, 2s,9c  Ad\t8d")) == "4H 2S 9C AD 8D"


@pytest.mark.parametrize("text", ["", "   ", ", ,"])
def test_an_empty_list_is_refused(text: str) -> None:
    with pytest.raises(InvalidCardError):
        parse_cards(text)


def test_a_bad_card_in_a_list_is_named() -> None:
    with pytest.raises(InvalidCardError, match="'11h'"):
        parse_cards("4h 11h 9c")


@given(st.sampled_from(DECK))
def test_canonical_and_pretty_forms_parse_back(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty) == card
    assert Card.parse(str(card).lower()) == card


@given(st.text(max_size=4))
def test_parsing_never_fails_other_than_with_invalid_card_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except InvalidCardError:
        return
    assert card in DECK


# -- cards in the reader's letters ------------------------------------------------


def test_french_cards_show_r_d_v_and_english_and_spanish_cards_k_q_j() -> None:
    """A French croupier reads R, D, V (roi, dame, valet); Spanish casinos deal the
    international J, Q, K (jota, reina, rey: a Spanish R would be rey or reina)."""
    courts = [Card.parse(text) for text in ("JC", "QH", "KS", "10D", "AH")]
    assert format_cards(courts, lang="fr") == "V♣ D♥ R♠ 10♦ A♥"
    assert format_cards(courts, lang="es") == "J♣ Q♥ K♠ 10♦ A♥"
    assert format_cards(courts, lang="en") == "J♣ Q♥ K♠ 10♦ A♥"
    assert format_cards(courts) == "JC QH KS 10D AH"  # programs and the log: canonical


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_card_reads_back_from_what_its_reader_is_shown(lang: Lang) -> None:
    assert [Card.parse(card.shown(lang)) for card in DECK] == list(DECK)
    assert [Card.parse(card.shown(lang).lower()) for card in DECK] == list(DECK)


def test_the_forms_a_refusal_suggests_are_in_the_reader_s_words() -> None:
    """The hint after "is not a card" was one English-French string in every language."""
    with pytest.raises(InvalidCardError) as error:
        Card.parse("11x")
    fr, es, en = (error.value.message(lang) for lang in ("fr", "es", "en"))
    assert "R♠ (roi), D♣ (dame), V♥ (valet), A♦ ou 1♦ (as)" in fr
    assert "ace" not in fr and "Dc" not in fr
    assert "K♠ (rey), Q♣ (reina), J♥ (jota), A♦ o 1♦ (as)" in es
    assert not {"ace", "valet", "dame", "roi"} & set(es.replace(",", " ").split())
    assert "valet" not in en and "K♠, Q♣, J♥, A♦ or 1♦ (ace)" in en
    for example in ("R♠", "D♣", "V♥", "K♠", "Q♣", "J♥", "A♦", "1♦", "4h", "Td"):
        Card.parse(example)  # every example it gives is read


def test_an_error_naming_a_card_names_it_in_its_reader_s_letters() -> None:
    from puntobanco.shoe import Shoe

    with pytest.raises(InvalidCardError) as error:
        Shoe.stacked(parse_cards("KH KH"), decks=1)
    assert "R♥" in error.value.message("fr") and "K♥" in error.value.message("es")
    assert str(error.value.params["card"]) == "K♥"  # programs read it alike
