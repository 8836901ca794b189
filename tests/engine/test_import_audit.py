"""An imported log is played again through the live checks; tampering is refused by line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from puntobanco import CasinoTable, Session
from puntobanco.errors import StoreError
from puntobanco.store import MemoryStore
from puntobanco.store.chain import hashes
from puntobanco.store.jsonl import import_lines, record_line

Line = dict[str, Any]


def casino_lines() -> list[Line]:
    store = MemoryStore()
    club = CasinoTable(db=store, table="club", rng=None)
    club.sit("Ana", 100_000)
    club.sit("Bruno", 100_000)
    for _ in range(6):
        club.bet("Ana", "punto", 2_000)
        club.bet("Bruno", "banco", 1_010)
        club.bet("Bruno", "egalite", 500)
        club.deal()
    return [json.loads(record_line(r)) for r in store.load("club")]


def session_lines() -> list[Line]:
    store = MemoryStore()
    s = Session(["Ana", "Bruno"], seed=3, db=store)
    s.predict("Ana", "banco")
    s.predict("Bruno", "punto")
    s.deal()
    return [json.loads(record_line(r)) for r in store.load("session")]


def load(lines: list[Line]) -> list[tuple[str, int, int]]:
    # The hash chain is recomputed over the edited lines, as a forger would: the
    # replay's checks must refuse what the chain alone would let through.
    links = hashes((line["table"], line["seq"], line["time"], line["event"]) for line in lines)
    chained = [{**line, "prev": p, "hash": h} for line, (p, h) in zip(lines, links, strict=True)]
    return import_lines(MemoryStore(), [json.dumps(line, ensure_ascii=False) for line in chained])


def first(lines: list[Line], kind: str, where: Callable[[Line], bool] = lambda e: True) -> Line:
    return next(line for line in lines if line["event"]["type"] == kind and where(line["event"]))


def renumber(lines: list[Line]) -> list[Line]:
    return [{**line, "seq": i} for i, line in enumerate(lines, 1)]


def refused(lines: list[Line]) -> str:
    with pytest.raises(StoreError) as error:
        load(lines)
    text = error.value.message("en")
    assert "Error(" not in text and "<Outcome" not in text
    return text


def test_an_untouched_log_is_imported() -> None:
    lines = casino_lines()
    assert load(lines) == [("club", len(lines), 6)]
    assert load(session_lines())[0][2] == 1


def test_a_payout_multiplied_by_100_is_refused() -> None:
    lines = casino_lines()
    paid = first(lines, "BetPaid")
    paid["event"]["win"] *= 100
    assert f"Line {paid['seq']} " in refused(lines)


def test_a_stake_above_the_maximum_is_refused() -> None:
    lines = casino_lines()
    bet = first(lines, "BetPlaced")
    bet["event"]["stake"] = 10**9
    assert "above" in refused(lines) or "maximum" in refused(lines)


def test_a_negative_bankroll_is_refused() -> None:
    lines = casino_lines()
    seated = first(lines, "PlayerSeated")
    seated["event"]["bankroll"] = -5
    assert f"Line {seated['seq']} " in refused(lines)


def test_a_wrong_announcement_is_refused() -> None:
    lines = casino_lines()
    announced = first(lines, "CoupAnnounced")
    announced["event"]["banco"] = (announced["event"]["banco"] + 1) % 10
    assert f"Line {announced['seq']} " in refused(lines)


def test_a_collection_left_out_is_refused() -> None:
    lines = casino_lines()
    gone = first(lines, "BetCollected")
    lines = renumber([line for line in lines if line is not gone])
    assert f"Line {gone['seq']} " in refused(lines)


def test_a_log_cut_in_the_middle_of_a_coup_is_refused() -> None:
    lines = casino_lines()
    for kind in ("CoupDealt", "CoupAnnounced", "BetPaid"):
        cut = first(lines, kind)
        assert "stops in the middle" in refused(lines[: lines.index(cut) + 1])


def test_a_log_without_its_last_line_is_refused() -> None:
    lines = casino_lines()
    assert lines[-1]["event"]["type"] == "BetsOpened"
    assert "stops in the middle" in refused(lines[:-1])


def test_a_shoe_passed_to_the_wrong_player_is_refused() -> None:
    lines = casino_lines()
    holder = first(lines, "ShoeHolderChanged")
    holder["event"]["name"] = "Bruno"
    assert f"Line {holder['seq']} " in refused(lines)


def test_a_shoe_with_a_card_too_many_is_refused() -> None:
    lines = casino_lines()
    order = first(lines, "ShoeShuffled")["event"]["order"]
    order[-1] = next(card for card in order if card != order[-1])
    assert "exactly the cards" in refused(lines)


def test_times_out_of_order_are_refused() -> None:
    lines = casino_lines()
    lines[5]["time"] = "1999-01-01T00:00:00.000+00:00"
    assert "Line 6 " in refused(lines)


def test_a_name_the_table_would_refuse_is_refused() -> None:
    lines = casino_lines()
    seated = first(lines, "PlayerSeated")
    seated["event"]["name"] = "A\x07na"
    assert f"Line {seated['seq']} " in refused(lines)


def test_an_event_inserted_from_nowhere_is_refused() -> None:
    lines = casino_lines()
    extra = {**lines[-1], "event": {"type": "ShoeHolderChanged", "name": "Bruno"}}
    assert "does not follow" in refused(renumber([*lines, extra]))


def test_an_altered_coup_is_refused_under_python_optimize(tmp_path: Path) -> None:
    lines = session_lines()
    dealt = first(lines, "CoupDealt")
    dealt["event"]["cards"] = ["9H", "2S", "9C", "AD"]
    path = tmp_path / "altered.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    code = (
        "import sys\n"
        "from puntobanco.errors import StoreError\n"
        "from puntobanco.store import MemoryStore\n"
        "from puntobanco.store.jsonl import import_lines\n"
        "lines = open(sys.argv[1], encoding='utf-8').read().splitlines()\n"
        "try:\n"
        "    import_lines(MemoryStore(), lines)\n"
        "except StoreError as error:\n"
        "    print('refused', error.message('en'))\n"
        "else:\n"
        "    print('imported')\n"
    )
    out = subprocess.run(
        [sys.executable, "-O", "-c", code, str(path)], capture_output=True, text=True, check=True
    )
    assert out.stdout.startswith("refused Line ")
