"""Players contribute to the next shoe's client seed: its server seed is drawn and
committed before any contribution and used unchanged; each contribution changes
the shuffle exactly as the scheme says; refusals are named errors; a crash, a
snapshot, an export, ``verify`` and ``tools/verify_shoe.py`` all keep to it."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from puntobanco import CasinoTable, Session, fair
from puntobanco.cli import main
from puntobanco.engine import Bet, Contribute, Deal, Engine, Sit, Viewer
from puntobanco.engine.reopen import snapshot
from puntobanco.errors import IllegalActionError, InvalidContributionError, StoreError
from puntobanco.fairlog import fair_shoes
from puntobanco.rng import SeededRandom
from puntobanco.store import MemoryStore, open_store
from puntobanco.store.jsonl import check_log, export_lines, import_lines, read_lines
from puntobanco.table import Table, TableConfig
from puntobanco.table.events import (
    Event,
    NextShoeCommitted,
    SeedContributed,
    ShoeRevealed,
    ShoeShuffled,
)
from puntobanco.table.snapshot import dump_state, load_state

VERIFIER = Path(__file__).resolve().parents[1] / "tools" / "verify_shoe.py"


def shuffled(events: tuple[Event, ...] | list[Event], shoe: int) -> ShoeShuffled:
    return next(e for e in events if isinstance(e, ShoeShuffled) and e.shoe == shoe)


def committed(events: tuple[Event, ...] | list[Event], shoe: int) -> NextShoeCommitted:
    return next(e for e in events if isinstance(e, NextShoeCommitted) and e.shoe == shoe)


def until_shoe(table: CasinoTable, number: int) -> None:
    """Play coups (Ana on Banco) until shoe ``number`` is in use."""
    while table.shoe_number < number:
        table.bet("Ana", "banco", 1000)
        table.deal()


def casino(**settings: object) -> CasinoTable:
    table = CasinoTable(decks=1, rng=SeededRandom(41), table="club", **settings)  # type: ignore[arg-type]
    table.sit("Ana", 10**9)
    table.sit("Bruno", 10**9)
    return table


def test_the_next_shoes_seed_is_committed_before_any_contribution_and_shuffles_it() -> None:
    table = casino()
    opened = table.events
    ahead = committed(opened, 2)
    assert fair.commitment(bytes.fromhex(ahead.server_seed)) == table.state.next_shoe.commitment  # type: ignore[union-attr]
    assert ahead.server_seed != shuffled(opened, 1).server_seed
    table.contribute("Ana", "lucky 7")
    table.contribute("Bruno", "Ω and ünïcode")
    until_shoe(table, 2)
    events = table.events
    position = {id(e): i for i, e in enumerate(events)}
    contributions = [e for e in events if isinstance(e, SeedContributed)]
    assert position[id(ahead)] < position[id(contributions[0])] < position[id(shuffled(events, 2))]
    second = shuffled(events, 2)
    client = fair.client_seed("club", 2, ["lucky 7", "Ω and ünïcode"])
    assert client == "club/2|lucky 7|Ω and ünïcode" and second.client_seed == client
    assert second.server_seed == ahead.server_seed  # the committed seed, unchanged
    seed = bytes.fromhex(ahead.server_seed)
    assert second.order == fair.shoe_order(seed, client, 2, 1)
    assert second.order != fair.shoe_order(seed, "club/2", 2, 1)  # the texts changed it
    assert committed(events, 3).server_seed not in (ahead.server_seed, second.server_seed)
    assert table.state.next_shoe is not None and table.state.next_shoe.contributions == ()


def test_a_seeded_table_commits_its_derived_seed_and_stays_not_secret() -> None:
    table = casino(seed=9)
    assert committed(table.events, 2).server_seed == fair.derived_server_seed(9, 2).hex()
    table.contribute("Bruno", "teaching")
    until_shoe(table, 2)
    second = shuffled(table.events, 2)
    assert second.client_seed == "club/2|teaching"
    assert second.order == fair.shoe_order(fair.derived_server_seed(9, 2), "club/2|teaching", 2, 1)
    view = table.engine.view("club", Viewer.player("Ana"))
    assert view["next_shoe"]["secret"] is False and view["shoe"]["secret"] is False


def test_a_session_deal_takes_the_contributions_made_during_the_deal_before() -> None:
    session = Session(["Ana", "Bruno"], deals=3, rng=SeededRandom(3))
    assert session.state.next_shoe is not None and session.state.next_shoe.number == 2
    session.contribute("Ana", "for deal two")
    session.predict("Ana", "banco")
    session.predict("Bruno", "punto")
    session.deal()
    assert shuffled(session.events, 2).client_seed == "session/2|for deal two"
    session.predict("Ana", "banco")
    session.predict("Bruno", "punto")
    session.deal()  # deal 3, the last: no shoe follows it
    assert session.state.next_shoe is None
    with pytest.raises(IllegalActionError) as refused:
        session.contribute("Bruno", "too late")
    assert refused.value.key == "table.error.contribute.no_next_shoe"
    assert "last deal" in refused.value.message("en")
    assert not any(isinstance(e, NextShoeCommitted) and e.shoe == 4 for e in session.events)


def test_the_host_may_not_contribute_nor_a_player_for_another() -> None:
    engine = Engine()
    engine.open("club", "casino", players=[("Ana", 10**6), ("Bruno", 10**6)])
    for command, by in [
        (Contribute("Ana", "house"), Viewer.HOST),
        (Contribute("Ana", "not mine"), Viewer.player("Bruno")),
        (Contribute("Ana", "watching"), Viewer.SPECTATOR),
    ]:
        with pytest.raises(IllegalActionError) as refused:
            engine.do("club", command, by=by)
        assert refused.value.key == "engine.error.not_allowed"
    assert engine.state("club").next_shoe.contributions == ()  # type: ignore[union-attr]
    engine.do("club", Contribute("Ana", "mine"), by=Viewer.player("Ana"))
    host = {c["type"] for c in engine.view("club", Viewer.HOST)["commands"]}
    bruno = {c["type"] for c in engine.view("club", Viewer.player("Bruno"))["commands"]}
    ana = {c["type"] for c in engine.view("club", Viewer.player("Ana"))["commands"]}
    assert "Contribute" not in host and "Contribute" in bruno and "Contribute" not in ana


def test_a_table_of_real_cards_has_no_seed_to_contribute_to() -> None:
    table = Table.open("h", TableConfig.assist(deals=2), players=["Ana", "Bruno"])
    assert table.state.next_shoe is None
    assert not any(isinstance(e, NextShoeCommitted) for e in table.events)
    with pytest.raises(IllegalActionError) as refused:
        table.contribute("Ana", "lucky")
    assert refused.value.key == "table.error.contribute.real_cards"
    assert "real cards" in str(refused.value)


@pytest.mark.parametrize("text", ["", "a|b", "x" * 65, "line\nbreak", "\x07", None, 7])
def test_a_contribution_that_is_not_1_to_64_printable_characters_without_a_bar_is_refused(
    text: object,
) -> None:
    table = casino()
    with pytest.raises(InvalidContributionError) as refused:
        table.table.contribute("Ana", text)  # type: ignore[arg-type]
    assert refused.value.key == "fair.error.contribution"
    assert repr(text) in refused.value.message("en")
    assert "printable" in refused.value.message("en")
    assert table.state.next_shoe.contributions == ()  # type: ignore[union-attr]
    table.table.contribute("Ana", "x" * 64)  # the longest that is taken


def test_one_contribution_per_player_and_shoe_and_at_most_sixteen_a_shoe() -> None:
    table = CasinoTable(seats=14, table="club")
    names = [f"P{n}" for n in range(1, 18)]
    for name in names[:14]:
        table.sit(name, 10**6)
        table.contribute(name, f"from {name}")
    with pytest.raises(IllegalActionError) as twice:
        table.contribute("p1", "again")  # names are compared as the table compares them
    assert twice.value.key == "table.error.contribute.twice"
    assert "P1" in twice.value.message("en") and "shoe 2" in twice.value.message("en")
    for leaving, coming in zip(names[:3], names[14:], strict=True):
        table.leave(leaving)
        table.sit(coming, 10**6)
    table.contribute("P15", "fifteenth")
    table.contribute("P16", "sixteenth")
    with pytest.raises(IllegalActionError) as full:
        table.contribute("P17", "one too many")
    assert full.value.key == "table.error.contribute.full"
    assert "16" in full.value.message("fr")
    assert len(table.state.next_shoe.contributions) == fair.MAX_CONTRIBUTIONS  # type: ignore[union-attr]
    assert not table.table.can_contribute("P17")


def test_a_table_closed_takes_no_contribution() -> None:
    table = casino()
    table.close_table()
    with pytest.raises(IllegalActionError) as refused:
        table.contribute("Ana", "late")
    assert refused.value.key == "table.error.phase.ended"


CRASH = textwrap.dedent(
    """
    import os, signal, sys
    from puntobanco import CasinoTable
    table = CasinoTable(decks=1, db=sys.argv[1], table="club")
    table.sit("Ana", 10**9)
    table.contribute("Ana", "before the crash")
    table.bet("Ana", "banco", 1000)
    table.deal()
    os.kill(os.getpid(), signal.SIGKILL)  # no shutdown, no snapshot, nothing flushed after
    """
)


def test_a_table_killed_between_the_commitment_and_the_shuffle_goes_on_with_the_same_seed(
    tmp_path: Path,
) -> None:
    db = tmp_path / "club.db"
    child = subprocess.run([sys.executable, "-c", CRASH, str(db)], check=False)
    assert child.returncode == -9
    store = open_store(db)
    before = [r.event for r in store.load("club")]
    store.close()
    ahead = committed(before, 2)
    table = CasinoTable.resume("club", db=db)
    assert table.state.next_shoe is not None
    assert table.state.next_shoe.contributions == (("Ana", "before the crash"),)
    with pytest.raises(IllegalActionError):
        table.contribute("Ana", "after")  # one each, across the crash too
    table.sit("Bruno", 10**9)
    table.contribute("Bruno", "after the crash")
    until_shoe(table, 2)
    second = shuffled(table.events, 2)
    assert second.server_seed == ahead.server_seed
    assert second.client_seed == "club/2|before the crash|after the crash"
    table.close()


def test_a_snapshot_keeps_the_next_shoe_and_a_table_reopened_from_it_shuffles_with_it() -> None:
    store = MemoryStore()
    engine = Engine(store, rng=SeededRandom(2))
    engine.open("club", "casino", settings={"decks": 1}, players=[("Ana", 10**9)])
    engine.do("club", Sit("Bruno", 10**9))
    engine.do("club", Contribute("Bruno", "kept"), by=Viewer.player("Bruno"))
    state = engine.state("club")
    assert load_state(dump_state(state)) == state
    snapshot(store, "club", engine.machine("club"))
    again = Engine(store)
    assert again.machine("club").from_snapshot
    assert again.state("club").next_shoe == state.next_shoe
    while again.state("club").shoe.number < 2:  # type: ignore[union-attr]
        again.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        again.do("club", Deal())
    events = [r.event for r in store.load("club")]
    assert shuffled(events, 2).server_seed == state.next_shoe.server_seed  # type: ignore[union-attr]
    assert shuffled(events, 2).client_seed == "club/2|kept"


def test_an_export_mid_shoe_holds_neither_the_current_nor_the_next_shoes_seed() -> None:
    store = MemoryStore()
    table = CasinoTable(decks=1, db=store, table="club")
    table.sit("Ana", 10**9)
    table.contribute("Ana", "first")
    until_shoe(table, 2)
    table.contribute("Ana", "second")
    table.bet("Ana", "banco", 1000)
    table.deal()
    events = table.events
    current, upcoming = shuffled(events, 2).server_seed, committed(events, 3).server_seed
    assert current and upcoming and committed(events, 2).server_seed == current
    revealed = shuffled(events, 1).server_seed
    lines = export_lines(store.load("club"))
    data = ("\n".join(lines)).encode()
    for seed in (current, upcoming):
        assert seed.encode() not in data and bytes.fromhex(seed) not in data
        assert seed.upper().encode() not in data
    assert revealed is not None and revealed.encode() in data  # shoe 1 ended: shown whole
    kinds = [json.loads(line)["event"]["type"] for line in lines]
    assert kinds.count("NextShoeHidden") == 2 and kinds.count("NextShoeCommitted") == 0
    hidden = [json.loads(line)["event"] for line in lines if '"NextShoeHidden"' in line]
    assert [h["commitment"] for h in hidden] == [
        fair.commitment(bytes.fromhex(current)),
        fair.commitment(bytes.fromhex(upcoming)),
    ]
    # The export still checks, shoe by shoe and event by event; it is not played on.
    records = read_lines(lines)["club"]
    assert check_log("club", records) == table.state.completed
    with pytest.raises(StoreError) as refused:
        import_lines(MemoryStore(), lines)
    assert refused.value.key == "import.error.hidden"
    # Once the table has closed, everything is shown, the unused next seed too.
    table.close_table()
    closed = export_lines(store.load("club"))
    assert all(seed in "\n".join(closed) for seed in (current, upcoming))
    assert import_lines(MemoryStore(), closed)[0][0] == "club"


def test_import_refuses_a_log_whose_contribution_or_committed_seed_was_changed() -> None:
    store = MemoryStore()
    table = CasinoTable(decks=1, db=store, table="club")
    table.sit("Ana", 10**9)
    table.contribute("Ana", "honest")
    until_shoe(table, 2)
    table.close_table()
    good = [json.loads(line) for line in export_lines(store.load("club"))]

    def forged(change: str) -> list[str]:
        from puntobanco.store.chain import hashes

        lines = json.loads(json.dumps(good))
        for line in lines:
            event = line["event"]
            if change == "text" and event["type"] == "SeedContributed":
                event["text"] = "dishonest"
            if change == "seed" and event["type"] == "NextShoeCommitted" and event["shoe"] == 2:
                event["server_seed"] = ("0" if event["server_seed"][0] != "0" else "1") + event[
                    "server_seed"
                ][1:]
        if change == "drop":
            lines = [x for x in lines if x["event"]["type"] != "SeedContributed"]
            for seq, line in enumerate(lines, start=1):
                line["seq"] = seq
        links = hashes((x["table"], x["seq"], x["time"], x["event"]) for x in lines)
        return [
            json.dumps({**x, "prev": p, "hash": h}) for x, (p, h) in zip(lines, links, strict=True)
        ]

    assert import_lines(MemoryStore(), forged("nothing"))[0][0] == "club"
    # The chain covers the new events: an edit without the hashes redone is refused.
    edited = [json.dumps(x).replace('"text": "honest"', '"text": "honesT"') for x in good]
    with pytest.raises(StoreError) as broken:
        import_lines(MemoryStore(), edited)
    assert broken.value.key == "store.error.chain_hash"
    for change in ("text", "seed", "drop"):
        with pytest.raises(StoreError) as refused:
            import_lines(MemoryStore(), forged(change))
        assert refused.value.key == "import.error.fair_shoe", change


def test_shoes_verify_and_the_standalone_verifier_check_a_shoe_with_contributions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.db"
    table = CasinoTable(decks=1, db=db, table="club")
    table.sit("Ana", 10**9)
    table.sit("Bruno", 10**9)
    table.contribute("Bruno", "b")
    table.contribute("Ana", "a ü")
    until_shoe(table, 3)
    table.close_table()
    table.close()
    assert main(["shoes", "club", "--db", str(db), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown[0]["contributions"] == [] and shown[0]["client_seed"] == "club/1"
    assert shown[1]["contributions"] == ["b", "a ü"]
    assert shown[1]["client_seed"] == "club/2|b|a ü"
    assert all(s["server_seed"] for s in shown)
    assert main(["--lang", "en", "shoes", "club", "--db", str(db)]) == 0
    assert "client seed 'club/2|b|a ü'" in capsys.readouterr().out
    assert main(["verify", "club", "--db", str(db)]) == 0
    assert f"every card dealt: {len(shown)}; shoes not revealed yet: 0." in capsys.readouterr().out
    path = tmp_path / "shoes.json"
    path.write_text(json.dumps(shown, ensure_ascii=False), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(path)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(shown)} shoe(s) checked, 0 not revealed yet." in result.stdout
    # A contribution changed, or dropped, no longer gives the recorded client seed.
    for contributions in (["b", "a u"], ["b"], ["a ü", "b"]):
        path.write_text(json.dumps([{**shown[1], "contributions": contributions}]), "utf-8")
        bad = subprocess.run(
            [sys.executable, "-I", "-S", str(VERIFIER), str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert bad.returncode == 1 and "client seed" in bad.stdout, contributions
    # The seed committed in advance is the shoe's: the revealed seed matches it.
    store = open_store(db)
    events = [r.event for r in store.load("club")]
    store.close()
    revealed = {e.shoe: e.server_seed for e in events if isinstance(e, ShoeRevealed)}
    assert revealed[2] == committed(events, 2).server_seed
    assert [s.commitment for s in fair_shoes(events)][1] == fair.commitment(
        bytes.fromhex(committed(events, 2).server_seed)
    )


def test_the_contribute_command_adds_a_players_text_to_a_stored_tables_next_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.db"
    table = CasinoTable(decks=1, db=db, table="club")
    table.sit("Ana", 10**9)
    table.close()
    assert main(["contribute", "club", "ana", "lucky 7", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "shoe 2" in out and "'club/2|lucky 7'" in out
    assert main(["--lang", "fr", "contribute", "club", "Ana", "again", "--db", str(db)]) == 2
    assert "Ana a déjà contribué à la graine client du sabot 2" in capsys.readouterr().err
    assert main(["contribute", "club", "Zoé", "hello", "--db", str(db)]) == 2
    assert "Zoé" in capsys.readouterr().err
    assert main(["contribute", "club", "Ana", "a|b", "--db", str(tmp_path / "none.db")]) == 2
    assert not (tmp_path / "none.db").exists()  # no log is created by a contribution
    again = CasinoTable.resume("club", db=db)
    until_shoe(again, 2)
    assert shuffled(again.events, 2).client_seed == "club/2|lucky 7"
    again.close()


def test_a_head_noted_during_a_deal_is_in_every_export_once_that_deal_and_the_next_have_ended() -> (
    None
):
    from puntobanco.store.jsonl import chain_head, chain_of

    store = MemoryStore()
    session = Session(["Ana", "Bruno"], deals=6, db=store, rng=SeededRandom(12))

    def deal() -> None:
        session.predict("Ana", "banco")
        session.predict("Bruno", "punto")
        session.deal()

    def exported_heads() -> list[str]:
        lines = export_lines(store.load("session"))
        return [h for _, h in chain_of(read_lines(lines)["session"])]

    deal()
    deal()  # deal 3 is open: its shoe is shuffled, the seed of deal 4's committed
    noted = chain_head(store.load("session"))
    deal()  # deal 4 open: deal 3's shoe has ended, deal 4's seed is still hidden
    assert noted not in exported_heads()
    deal()  # deal 5 open: deal 4's shoe has ended too
    assert noted in exported_heads()
    session.close_table()
    assert noted in exported_heads()


def test_a_log_written_before_seeds_were_committed_in_advance_still_imports_and_plays_on() -> None:
    from puntobanco.store.chain import hashes

    store = MemoryStore()
    table = CasinoTable(decks=1, db=store, table="club")
    table.sit("Ana", 10**9)
    until_shoe(table, 2)
    old = [
        json.loads(line)
        for line in export_lines(store.load("club"), secrets=True)
        if '"NextShoeCommitted"' not in line
    ]
    for seq, line in enumerate(old, start=1):
        line["seq"] = seq
    links = hashes((x["table"], x["seq"], x["time"], x["event"]) for x in old)
    lines = [json.dumps({**x, "prev": p, "hash": h}) for x, (p, h) in zip(old, links, strict=True)]
    copy = MemoryStore()
    assert import_lines(copy, lines)[0][0] == "club"
    resumed = CasinoTable.resume("club", db=copy)
    assert resumed.state.next_shoe is None  # nothing committed for shoe 3 in that log
    with pytest.raises(IllegalActionError) as refused:
        resumed.contribute("Ana", "not yet")
    assert refused.value.key == "table.error.contribute.no_next_shoe"
    until_shoe(resumed, 3)  # shoe 3 takes a seed drawn now, and commits shoe 4's
    events = resumed.events
    assert shuffled(events, 3).server_seed and committed(events, 4).server_seed
    assert fair.verify_shoe(fair_shoes(events)[1])
