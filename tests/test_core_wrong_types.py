"""Wrong-type arguments to the core get named errors, and boxes are read in any Unicode form."""

from __future__ import annotations

import unicodedata
from typing import Literal

import pytest

from puntobanco.cards import Card, parse_cards
from puntobanco.coup import Outcome, resolve
from puntobanco.errors import CoupCardsError, InvalidBetError, InvalidCardError

WRONG = [None, 5, 4.5, b"4h", ["4h"], object()]


@pytest.mark.parametrize("value", WRONG)
def test_a_card_that_is_not_text_is_refused_by_name(value: object) -> None:
    with pytest.raises(InvalidCardError):
        Card.parse(value)  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError):
        parse_cards(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 5, "4h 2s 9c Ad", [None] * 4, ["4h"] * 5, (1, 2, 3, 4)])
def test_resolve_refuses_what_is_not_a_list_of_cards(value: object) -> None:
    with pytest.raises((CoupCardsError, InvalidCardError)):
        resolve(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 5, Outcome.BANCO.value.encode()])
def test_a_box_that_is_not_text_is_refused_by_name(value: object) -> None:
    with pytest.raises(InvalidBetError):
        Outcome.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("form", ["NFC", "NFD", "NFKC", "NFKD"])
def test_a_box_typed_in_any_normal_form_is_understood(
    form: Literal["NFC", "NFD", "NFKC", "NFKD"],
) -> None:
    assert Outcome.parse(unicodedata.normalize(form, "Égalité")) is Outcome.EGALITE
    assert Outcome.parse("ＢＡＮＣＯ") is Outcome.BANCO
