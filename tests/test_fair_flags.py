"""Shoes nobody but the server chose are named as such (views, shoe records, verify),
a table may refuse to deal them, and verify names the line of the event at fault."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from puntobanco import fair
from puntobanco.cli import main
from puntobanco.engine import Bet, CloseTable, Deal, Engine, Viewer
from puntobanco.errors import FairnessError, IllegalActionError
from puntobanco.fair.contributor import Contributor
from puntobanco.fair.log import fair_shoes
from puntobanco.store import MemoryStore
from puntobanco.store.chain import GENESIS, link
from puntobanco.store.jsonl import export_lines
from puntobanco.table.events import CoupDealt, ShoeShuffled

SERVER_ALONE = "no player contributed: the server alone chose this shoe"


class Clock:
    """The engine's clock and the store's, moved together by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def text(self) -> str:
        start = datetime(2026, 12, 7, 20, 0, tzinfo=UTC)
        return (start + timedelta(seconds=self.now)).isoformat(timespec="milliseconds")


def silent(engine: Engine, clock: Clock) -> None:
    """Nobody commits: the windows of the shoe called run out."""
    for _ in range(2):
        clock.now += 3600.0
        engine.tick(["club"])


def casino(*, contributing: bool, coups: int, own: bool = True) -> Engine:
    """A one-deck casino table (short shoes), its player's phone contributing or not;
    ``own``: Ana sat down from her own phone (a join), else the operator seated her."""
    clock = Clock()
    engine = Engine(MemoryStore(clock=clock.text), clock=clock)
    own_seats = ["Ana"] if own else []
    engine.open("club", "casino", players=[("Ana", 10**9)], settings={"decks": 1}, own=own_seats)
    ana = Contributor()
    for _ in range(coups):
        if contributing:
            ana.run(engine, "club")
        else:
            silent(engine, clock)
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        engine.do("club", Deal())
    return engine


def test_a_shoe_nobody_contributed_to_is_flagged_in_the_view_the_record_and_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = casino(contributing=False, coups=12)  # past a shoe change
    view = engine.view("club", Viewer.player("Ana"))
    assert view["shoe"]["server_only"] is True and view["shoe"]["secret"] is True
    engine.do("club", CloseTable())
    records = engine.store.load("club")
    shoes = fair_shoes([r.event for r in records], [r.time for r in records])
    assert len(shoes) >= 2 and all(s.server_only and not s.contributions for s in shoes)
    assert all(s.to_dict()["server_only"] is True for s in shoes)
    path = tmp_path / "club.jsonl"
    path.write_text("\n".join(export_lines(records)) + "\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    for shoe in shoes:
        assert f"Table 'club', shoe {shoe.shoe}: {SERVER_ALONE}." in out
    assert "shuffled with their players' contributions" not in out
    assert main(["shoes", "club", "--db", str(tmp_path / "none.db")]) != 0  # not that store
    capsys.readouterr()


def test_a_shoe_a_player_contributed_to_is_not_flagged() -> None:
    engine = casino(contributing=True, coups=12)
    view = engine.view("club", Viewer.player("Ana"))
    assert view["shoe"]["server_only"] is False
    assert view["last"]["shoe"] == view["shoe"]["number"]  # the coup's shoe, for the phones
    shoes = fair_shoes(r.event for r in engine.store.load("club"))
    assert len(shoes) >= 2 and not any(s.server_only for s in shoes)


def test_a_table_that_deals_only_contributed_shoes_refuses_one_nobody_contributed_to() -> None:
    clock = Clock()
    engine = Engine(MemoryStore(clock=clock.text), clock=clock)
    engine.open("club", "casino", players=[("Ana", 10**9)], settings={"contributed_only": True})
    silent(engine, clock)  # Ana's phone never commits
    engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
    with pytest.raises(IllegalActionError) as refused:
        engine.do("club", Deal())
    assert refused.value.key == "table.error.server_only" and refused.value.params["shoe"] == 1
    assert "the server alone chose" in refused.value.message("en")
    # With a contribution from Ana's own phone the same table deals; with one from a
    # seat the operator took itself (no device of Ana's behind it), it does not.
    for own, deals in [(["Ana"], True), ([], False)]:
        engine = Engine()
        settings = {"contributed_only": True}
        engine.open("club", "casino", players=[("Ana", 10**9)], settings=settings, own=own)
        Contributor().run(engine, "club")
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        if deals:
            assert engine.do("club", Deal())
        else:
            with pytest.raises(IllegalActionError) as refused:
                engine.do("club", Deal())
            assert refused.value.key == "table.error.server_only"


def test_a_shoe_record_carries_its_commitments_reveals_exclusions_times_and_scheme() -> None:
    engine = casino(contributing=True, coups=3)
    records = engine.store.load("club")
    (first, *_) = fair_shoes([r.event for r in records], [r.time for r in records])
    data = first.to_dict()
    assert data["scheme"] == fair.SCHEME_COMMITTED and data["excluded"] == []
    assert [c["name"] for c in data["commitments"]] == ["Ana"]
    assert data["reveals"][0]["value"] == data["contributions"][0]
    assert set(data["times"]) >= {"called", "reveals_opened", "closed", "shuffled"}
    assert data["windows"] == {"commit_seconds": 3, "reveal_seconds": 3} or data["windows"]
    again = fair.FairShoe.from_dict(json.loads(json.dumps(data)))
    assert again == first
    # A reveal that does not match its commitment, or an exclusion not made, is refused.
    wrong = replace(first.commits[0], value="00" * 32)
    with pytest.raises(FairnessError) as bad:
        fair.verify_shoe(replace(first, commits=(wrong,)))
    assert bad.value.key == "fair.error.reveal"
    with pytest.raises(FairnessError) as left:
        fair.verify_shoe(replace(first, excluded=("Ana",)))
    assert left.value.key == "fair.error.excluded"


def _rechained(lines: list[str]) -> list[str]:
    """The lines with the hash chain computed again, as an operator could."""
    prev, out = GENESIS, []
    for line in lines:
        data = json.loads(line)
        data["prev"] = prev
        data["hash"] = prev = link(data["table"], data["seq"], data["time"], data["event"], prev)
        out.append(json.dumps(data, ensure_ascii=False))
    return out


def _tampered(tmp_path: Path, edit: str) -> tuple[Path, int]:
    """A closed one-deck table's export with one edit, the chain redone; and the line
    of the event edited."""
    engine = casino(contributing=True, coups=12)
    engine.do("club", CloseTable())
    lines = list(export_lines(engine.store.load("club")))
    events = [json.loads(line)["event"] for line in lines]
    if edit == "order":  # two cards of shoe 2's order swapped
        at = next(i for i, e in enumerate(events) if e["type"] == "ShoeShuffled" and e["shoe"] == 2)
        order = events[at]["order"]
        k = next(i for i in range(40, 51) if order[i] != order[i + 1])
        order[k], order[k + 1] = order[k + 1], order[k]
    else:  # shoe 2's seed changed everywhere (commitment, shuffle, reveal)
        at = next(i for i, e in enumerate(events) if e["type"] == "ShoeShuffled" and e["shoe"] == 2)
        old = events[at]["server_seed"]
        for e in events:
            if e.get("server_seed") == old:
                e["server_seed"] = "11" * 32
    edited = []
    for line, event in zip(lines, events, strict=True):
        data = json.loads(line)
        data["event"] = event
        edited.append(json.dumps(data, ensure_ascii=False))
    path = tmp_path / f"{edit}.jsonl"
    path.write_text("\n".join(_rechained(edited)) + "\n", encoding="utf-8")
    return path, at + 1


@pytest.mark.parametrize("edit", ["order", "seed"])
def test_verify_names_the_line_of_the_shuffle_at_fault(
    edit: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, line = _tampered(tmp_path, edit)
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"Line {line}" in err and "shoe 2" in err, (line, err)


def phone_notes(engine: Engine, notes: dict[str, Any]) -> None:
    """What a phone's fair.js notes from a view: the chain head, the commitments."""
    view = engine.view("club", Viewer.player("Ana"))
    notes["heads"].append({"seq": view["seq"], "head": view["chain_head"]})
    for part in (view["next_shoe"], view["shoe"]):
        if part and part.get("commitment"):
            number = str(part.get("shoe", part.get("number")))
            notes["commitments"].setdefault(number, part["commitment"])


def test_verify_heads_takes_what_a_phone_noted_and_refuses_a_log_that_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = Clock()
    engine = Engine(MemoryStore(clock=clock.text), clock=clock)
    engine.open("club", "casino", players=[("Ana", 10**9)], settings={"decks": 1})
    notes: dict[str, Any] = {"table": "club", "heads": [], "commitments": {}}
    ana = Contributor()
    for _ in range(12):
        ana.run(engine, "club")
        phone_notes(engine, notes)
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        engine.do("club", Deal())
        phone_notes(engine, notes)
    # Closed, every shoe revealed: the export is the stored log line for line, and its
    # chain the one the phone saw (an export taken in play hides lines: other hashes).
    engine.do("club", CloseTable())
    log = tmp_path / "club.jsonl"
    log.write_text("\n".join(export_lines(engine.store.load("club"))) + "\n", encoding="utf-8")
    noted = tmp_path / "noted.json"
    noted.write_text(json.dumps(notes), encoding="utf-8")
    assert len(notes["commitments"]) >= 3
    assert main(["verify", str(log), "--heads", str(noted)]) == 0
    heads, shoes = len(notes["heads"]), len(notes["commitments"])
    out = capsys.readouterr().out
    assert f"the {heads} chain heads and {shoes} commitments the phone noted are this log's" in out
    # A log whose shoe 2 is not the one committed when the phone noted it.
    other = dict(notes, commitments={**notes["commitments"], "2": "ab" * 32})
    noted.write_text(json.dumps(other), encoding="utf-8")
    assert main(["verify", str(log), "--heads", str(noted)]) == 2
    err = capsys.readouterr().err
    assert "Shoe 2 was committed as abab" in err and "the shoe was changed" in err
    # A head the log does not have at that event.
    heads_changed = [*notes["heads"][:-1], {"seq": notes["heads"][-1]["seq"], "head": "cd" * 32}]
    noted.write_text(json.dumps(dict(notes, heads=heads_changed)), encoding="utf-8")
    assert main(["verify", str(log), "--heads", str(noted)]) == 2
    assert f"noted at event {notes['heads'][-1]['seq']}" in capsys.readouterr().err


def test_the_last_coup_names_the_shoe_it_was_dealt_from_at_a_table_that_reshuffles_every_coup() -> (
    None
):
    """A session shuffles a new shoe for each coup, in the deal's own batch, but keeps its
    coups on the roads: the last coup is the shoe's before it. A phone that noted its
    cards under the shoe in play warned of a changed shoe that was never changed."""
    engine = Engine()
    engine.open("s", "session", settings={"seed": 7}, players=["Ana", "Bruno"])
    ana = Viewer.player("Ana")
    for coup in (1, 2, 3):
        engine.do("s", Bet("Ana", "banco"), by=ana)
        engine.do("s", Bet("Bruno", "punto"), by=Viewer.player("Bruno"))
        engine.do("s", Deal())
        view = engine.view("s", ana)
        events = [r.event for r in engine.store.load("s")]
        shuffled = [e.shoe for e in events if isinstance(e, ShoeShuffled)]
        dealt = [i for i, e in enumerate(events) if isinstance(e, CoupDealt)][-1]
        shoe = [e.shoe for e in events[:dealt] if isinstance(e, ShoeShuffled)][-1]
        assert view["last"]["coup"] == coup and view["last"]["shoe"] == shoe
        assert view["shoe"]["number"] == shuffled[-1] == shoe + 1  # the next coup's, in play
