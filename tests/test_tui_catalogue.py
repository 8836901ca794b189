"""Every word of the terminal game and the assistant exists in French, English and Spanish."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from puntobanco.assist import Expect
from puntobanco.i18n import LANGS
from puntobanco.tui.base import KEY_NAMES
from puntobanco.tui.games import BOTS
from tests.catalogue_texts import catalogue

SRC = Path(__file__).resolve().parents[1] / "src" / "puntobanco"
#: Messages that are the same in every language on purpose (the game's own words, formats).
SAME_EVERYWHERE = {"tui.app_title", "tui.history.line", "tui.ranking.points", "tui.title.setup"}


def _fields(text: str) -> set[str]:
    return {f.split("!")[0].split(":")[0] for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("area", ["tui", "assist"])
def test_every_area_gives_every_message_in_all_three_languages(area: str) -> None:
    messages = {k: m for k, m in catalogue().items() if k.startswith(f"{area}.")}
    assert messages, area
    for key, message in messages.items():
        texts = [getattr(message, lang) for lang in LANGS]
        assert all(isinstance(x, str) and x.strip() for x in texts), key
        assert _fields(texts[0]) == _fields(texts[1]) == _fields(texts[2]), key


@pytest.mark.parametrize("area", ["tui", "assist"])
def test_the_game_s_sentences_are_translated_not_copied(area: str) -> None:
    messages = {k: m for k, m in catalogue().items() if k.startswith(f"{area}.")}
    for key, message in messages.items():
        if key in SAME_EVERYWHERE or len(message.en.split()) < 3:
            continue
        assert message.fr != message.en, key
        assert message.es != message.en, key


def test_every_key_the_screens_name_is_in_the_catalogue() -> None:
    pattern = re.compile(r"""\btr?\(\s*["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']""")
    used = set()
    for path in [*(SRC / "tui").glob("*.py"), SRC / "cli" / "play.py", SRC / "cli" / "assist.py"]:
        used |= set(pattern.findall(path.read_text("utf-8")))
    # keys built from data
    used |= {f"tui.style.{style}" for _, style in BOTS}
    used |= {f"tui.mode.{m}" for m in ("session", "assist", "casino", "croupier")}
    used |= {f"assist.expect.{e.value}" for e in Expect}
    used |= {f"tui.keyname.{key}" for key in KEY_NAMES}
    assert len(used) > 80
    missing = sorted(used - set(catalogue()))
    assert not missing, missing
