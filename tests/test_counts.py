"""Linear counts as records: tags read as analysts write them, one definition for the
analyses, the simulator and the drills."""

from __future__ import annotations

import pytest

from puntobanco.cards import Rank
from puntobanco.counts import (
    DRAGON_7,
    PANDA_8,
    RANKS,
    SYSTEMS,
    custom,
    parse_tags,
    system,
)
from puntobanco.errors import InvalidAnalysisError


def test_jacobson_s_tags_read_back_as_he_writes_them() -> None:
    assert DRAGON_7.written == "0,0,0,-1,-1,-1,-1,2,2,0"
    assert PANDA_8.written == "1,1,-2,-2,-2,-1,-1,-2,4,1"
    assert parse_tags("{0,0,0,-1,-1,-1,-1,2,2,0}") == DRAGON_7.tags
    assert parse_tags("1 1 -2 -2 -2 -1 -1 -2 4 1") == PANDA_8.tags


def test_ten_tags_give_the_ten_valued_ranks_the_last_one() -> None:
    tags = parse_tags("1,2,3,4,5,6,7,8,9,-10")
    assert [tags[RANKS.index(r)] for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)] == [-10] * 4
    assert tags[RANKS.index(Rank.ACE)] == 1 and tags[RANKS.index(Rank.NINE)] == 9


def test_a_count_by_rank_that_tells_tens_from_kings_has_no_tags_by_value() -> None:
    by_rank = custom([0] * 9 + [1, 0, 0, -1], bet="punto_pair")
    assert by_rank.value_tags is None
    assert by_rank.written == "0,0,0,0,0,0,0,0,0,1,0,0,-1"
    assert custom(DRAGON_7.written, bet="dragon_7").value_tags == DRAGON_7.value_tags


@pytest.mark.parametrize("text", ["", "1,2,3", "a,b,c,d,e,f,g,h,i,j", "1,2,3,4,5,6,7,8,9,100"])
def test_tags_that_are_not_ten_or_thirteen_small_integers_are_refused(text: str) -> None:
    with pytest.raises(InvalidAnalysisError) as caught:
        parse_tags(text)
    assert caught.value.params == {"tags": text.strip()}


def test_a_system_by_name_or_a_refusal_naming_the_others() -> None:
    assert system(" Panda8 ") is PANDA_8 and set(SYSTEMS) == {"dragon7", "panda8"}
    with pytest.raises(InvalidAnalysisError) as caught:
        system("hi-lo")
    assert caught.value.params == {"name": "hi-lo", "choices": "dragon7, panda8"}
