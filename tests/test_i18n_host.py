"""The host screen's words: French typography (a narrow no-break space before ; ! ?,
a no-break space before : and %), and every placeholder the pages fill."""

from __future__ import annotations

import re

import pytest

from tests.catalogue_texts import catalogue

MESSAGES = {key: m for key, m in catalogue().items() if key.startswith("web.ui.host.")}


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_french_puts_the_right_no_break_space_before_double_punctuation(key: str) -> None:
    text = MESSAGES[key].fr
    for found in re.finditer(r"(?s)(.)([:;!?%])", text):
        before, mark = found.groups()
        assert before == ("\u00a0" if mark in ":%" else "\u202f"), (key, text)


def test_the_pages_fill_only_the_placeholders_they_know() -> None:
    known = {
        "n",
        "marks",
        "result",
        "outcome",
        "road",
        "mark",
        "cards",
        "seen",
        "burned",
        "decks",
        "name",
        "amount",
    }
    used = {name for m in MESSAGES.values() for name in re.findall(r"\{(\w+)\}", m.en)}
    assert used <= known, used - known
