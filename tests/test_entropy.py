"""Every shoe, the first included, is committed before any contribution to it, shuffled
only once its players have committed and revealed, and nobody who knows its server seed
has the last word (docs/fair.md, "The players' contributions, step by step")."""

from __future__ import annotations

import hashlib
import json
import struct
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

import puntobanco.fair as fair
import puntobanco.fair.contributions as contributions
from puntobanco import CasinoTable, Session
from puntobanco.cli import main
from puntobanco.engine import (
    Bet,
    CommitContribution,
    Contribute,
    Contributor,
    Deal,
    Engine,
    Leave,
    RevealContribution,
    Sit,
    Tick,
    Viewer,
)
from puntobanco.engine.reopen import snapshot
from puntobanco.errors import IllegalActionError, InvalidContributionError, PuntoBancoError
from puntobanco.fair.gathering import Window
from puntobanco.fair.log import fair_shoes
from puntobanco.store import MemoryStore
from puntobanco.store.jsonl import check_log, export_lines, read_lines
from puntobanco.table import Table, TableConfig
from puntobanco.table.events import (
    ContributionsClosed,
    Event,
    NextShoeCommitted,
    ShoeCalled,
    ShoeShuffled,
)
from puntobanco.table.snapshot import dump_state, load_state
from puntobanco.table.state import Phase

START = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)


class Clock:
    """The engine's clock and the store's, moved together by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def text(self) -> str:
        return (START + timedelta(seconds=self.now)).isoformat(timespec="milliseconds")


def engine_with_clock(clock: Clock) -> Engine:
    return Engine(MemoryStore(clock=clock.text), clock=clock)


class Phone:
    """One player's device: a fresh value per shoe, committed then revealed on demand."""

    def __init__(self, engine: Engine, name: str, table: str = "club") -> None:
        self.engine, self.name, self.table = engine, name, table
        self.values: dict[int, bytes] = {}

    def commit(self, shoe: int) -> None:
        value = self.values[shoe] = contributions.new_contribution()
        digest = contributions.digest(self.table, shoe, self.name, value)
        command = CommitContribution(self.name, shoe, digest)
        self.engine.do(self.table, command, Viewer.player(self.name))

    def reveal(self, shoe: int) -> None:
        command = RevealContribution(self.name, shoe, self.values[shoe].hex())
        self.engine.do(self.table, command, Viewer.player(self.name))


def kinds(events: tuple[Event, ...] | list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def stored(engine: Engine, table: str = "club") -> list[Event]:
    return [r.event for r in engine.store.load(table)]


def test_a_commitment_is_sha256_of_the_tag_the_table_the_shoe_the_name_and_the_value() -> None:
    # Written out here from docs/fair.md, independently of puntobanco.fair.contributions.
    def by_hand(table: str, shoe: int, name: str, value: bytes) -> str:
        t, n = table.encode(), name.encode()
        message = (
            b"puntobanco-contribution-v1"
            + struct.pack(">I", len(t))
            + t
            + struct.pack(">I", shoe)
            + struct.pack(">I", len(n))
            + n
            + value
        )
        return hashlib.sha256(message).hexdigest()

    documented = "8eb5f9c26115ec2499a0b0d31263efd5227688bd47d56402634e6edd7c05faf5"
    assert contributions.digest("club", 1, "Ana", bytes(range(32))) == documented
    assert documented in Path("docs/fair.md").read_text(encoding="utf-8")
    for table, shoe, name in [("club", 1, "Ana"), ("t6f1c2a9b3e", 70000, "Chloé"), ("ü", 2, "Zoë")]:
        value = contributions.new_contribution()
        assert contributions.digest(table, shoe, name, value) == by_hand(table, shoe, name, value)
    # Another seat, shoe or table gives another commitment: none can be copied.
    value = bytes(32)
    seen = {
        contributions.digest(t, s, n, value)
        for t, s, n in [
            ("club", 1, "Ana"),
            ("club", 1, "Bruno"),
            ("club", 2, "Ana"),
            ("clu", 1, "bAna"),
        ]
    }
    assert len(seen) == 4


def test_shoe_1_is_committed_as_the_table_opens_before_any_contribution_and_shuffled_after() -> (
    None
):
    engine = Engine()
    opened = engine.open("club", "casino", settings={"decks": 1}, players=[("Ana", 10**6)])
    assert [e["type"] for e in opened.events][:2] == ["TableOpened", "NextShoeCommitted"]
    assert "ShoeShuffled" not in [e["type"] for e in opened.events]
    assert engine.state("club").phase is Phase.SHUFFLING and engine.state("club").shoe is None
    with pytest.raises(IllegalActionError) as refused:
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
    assert refused.value.key == "table.error.phase.shuffling"
    engine.do("club", Sit("Bruno", 10**6))
    ana, bruno = Phone(engine, "Ana"), Phone(engine, "Bruno")
    bruno.commit(1)
    ana.commit(1)  # everyone seated has committed: the reveals open at once
    assert kinds(stored(engine))[-1] == "RevealsOpened"
    ana.reveal(1)
    assert engine.state("club").shoe is None  # Bruno has not revealed yet
    bruno.reveal(1)
    log = stored(engine)
    at = {kind: kinds(log).index(kind) for kind in set(kinds(log))}
    assert at["NextShoeCommitted"] < at["ContributionCommitted"] < at["RevealsOpened"]
    assert at["ContributionRevealed"] < at["ContributionsClosed"] < at["ShoeShuffled"]
    assert at["ShoeShuffled"] < at["BetsOpened"]
    committed = next(e for e in log if isinstance(e, NextShoeCommitted) and e.shoe == 1)
    shuffled = next(e for e in log if isinstance(e, ShoeShuffled))
    # The committed seed, and the values in commit order (Bruno committed first).
    client = f"club/1|{bruno.values[1].hex()}|{ana.values[1].hex()}"
    assert shuffled.server_seed == committed.server_seed and shuffled.client_seed == client
    assert shuffled.order == fair.shoe_order(bytes.fromhex(committed.server_seed), client, 1, 1)
    assert engine.state("club").phase is Phase.BETS_OPEN and engine.state("club").coup == 1
    engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))


def test_a_shoe_change_calls_the_next_shoe_and_bets_open_only_once_it_is_shuffled() -> None:
    engine = Engine()
    engine.open("club", "casino", settings={"decks": 1}, players=[("Ana", 10**6)])
    ana = Phone(engine, "Ana")
    ana.commit(1)
    ana.reveal(1)
    ana.commit(2)  # as soon as shoe 2's seed is committed, while shoe 1 is dealt
    while engine.state("club").phase is not Phase.SHUFFLING:
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        engine.do("club", Deal())
    tail = kinds(stored(engine))[-5:]
    assert tail == ["CoupSettled", "ShoeFinished", "ShoeRevealed", "ShoeCalled", "RevealsOpened"]
    view = engine.view("club", Viewer.player("Ana"))
    assert view["phase"] == "shuffling" and view["next_shoe"]["window"] == "reveal"
    assert {"type": "RevealContribution", "shoe": 2} in view["commands"]
    assert not any(c["type"] == "Bet" for c in view["commands"])
    with pytest.raises(IllegalActionError):
        engine.do("club", Deal())
    ana.reveal(2)
    assert engine.state("club").shoe.number == 2  # type: ignore[union-attr]
    assert engine.state("club").phase is Phase.BETS_OPEN
    assert kinds(stored(engine))[-1] == "BetsOpened"


def test_every_session_deal_is_a_shoe_shuffled_with_both_players_contributions() -> None:
    session = Session(["Ana", "Bruno"], deals=20)  # the Python API contributes for its seats
    for _ in range(20):
        session.predict("Ana", "banco")
        session.predict("Bruno", "punto")
        session.deal()
    shoes = fair_shoes(session.events)
    assert [s.shoe for s in shoes] == list(range(1, 21))
    assert all(len(s.contributions) == 2 and fair.verify_shoe(s) for s in shoes)
    assert len({v for s in shoes for v in s.contributions}) == 40  # fresh every shoe
    lines = read_lines(export_lines(session.engine.store.load("session")))
    assert check_log("session", lines["session"]) == 20


def test_a_withheld_reveal_is_left_out_and_named_once_the_reveal_time_is_up() -> None:
    clock = Clock()
    engine = engine_with_clock(clock)
    players = [("Ana", 10**6), ("Bruno", 10**6)]
    engine.open("club", "casino", settings={"decks": 1}, players=players)
    ana, bruno = Phone(engine, "Ana"), Phone(engine, "Bruno")
    ana.commit(1)
    bruno.commit(1)
    clock.now += 0.1
    ana.reveal(1)  # Bruno has seen Ana's value, and withholds his
    # The window counts from the first tick that sees it (0.1 s): 3 s and the quarter
    # second the table adds.
    for now in (0.1, 1.0, 3.0, 3.3):
        clock.now = now
        engine.do("club", Tick())
        assert engine.state("club").shoe is None, now
    clock.now = 3.4
    engine.do("club", Tick())
    log = stored(engine)
    closed = next(e for e in log if isinstance(e, ContributionsClosed))
    assert closed.excluded == ("Bruno",)
    assert next(e for e in log if isinstance(e, ShoeShuffled)).client_seed == (
        f"club/1|{ana.values[1].hex()}"
    )
    view = engine.view("club", Viewer.player("Bruno"))
    assert view["shoe"]["contributions"] == {"contributors": ["Ana"], "excluded": ["Bruno"]}
    with pytest.raises(IllegalActionError) as late:
        bruno.reveal(1)
    assert late.value.key == "entropy.error.other_shoe"  # shoe 1 is shuffled: too late
    records = read_lines(export_lines(engine.store.load("club")))["club"]
    check_log("club", records)  # the stored times show the whole reveal time


def test_a_seat_that_does_not_commit_in_time_is_not_waited_for_and_not_left_out() -> None:
    clock = Clock()
    engine = engine_with_clock(clock)
    players = [("Ana", 10**6), ("Bruno", 10**6)]
    engine.open("club", "casino", settings={"decks": 1}, players=players)
    ana = Phone(engine, "Ana")
    ana.commit(1)  # Bruno's phone never answers
    engine.do("club", Tick())
    clock.now = 3.3
    engine.do("club", Tick())
    assert engine.state("club").entropy.current.window is Window.REVEAL  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError) as closed:
        Phone(engine, "Bruno").commit(1)
    assert closed.value.key == "entropy.error.commit_closed"
    ana.reveal(1)  # the only committed seat: the reveals close at once
    assert engine.state("club").phase is Phase.BETS_OPEN
    closed_event = next(e for e in stored(engine) if isinstance(e, ContributionsClosed))
    assert closed_event.excluded == ()
    check_log("club", read_lines(export_lines(engine.store.load("club")))["club"])


def test_nobody_committing_shuffles_the_shoe_with_no_contribution_and_says_so() -> None:
    clock = Clock()
    engine = engine_with_clock(clock)
    engine.open("club", "casino", settings={"decks": 1}, players=[("Ana", 10**6)])
    engine.do("club", Tick())
    clock.now = 3.3
    engine.do("club", Tick())
    shuffled = next(e for e in stored(engine) if isinstance(e, ShoeShuffled))
    assert shuffled.client_seed == "club/1"
    shoe = engine.view("club")["shoe"]
    assert shoe["contributions"] == {"contributors": [], "excluded": []}


def test_a_wrong_value_is_refused_by_name_and_the_right_one_still_taken() -> None:
    engine = Engine()
    engine.open("club", "casino", settings={"decks": 1}, players=[("Ana", 10**6)])
    ana = Phone(engine, "Ana")
    ana.commit(1)
    wrong = RevealContribution("Ana", 1, bytes(32).hex())
    with pytest.raises(InvalidContributionError) as refused:
        engine.do("club", wrong, by=Viewer.player("Ana"))
    assert refused.value.key == "entropy.error.mismatch"
    assert "Ana" in refused.value.message("fr") and "sabot 1" in refused.value.message("fr")
    assert engine.state("club").shoe is None
    ana.reveal(1)
    assert engine.state("club").phase is Phase.BETS_OPEN


def test_commitments_and_reveals_are_refused_with_the_reason() -> None:
    engine = Engine()
    engine.open("club", "casino", settings={"decks": 1}, players=[("Ana", 10**6), ("Bo", 10**6)])
    digest = contributions.digest("club", 1, "Ana", bytes(32))

    def refused(command: CommitContribution | RevealContribution, by: Viewer) -> str:
        with pytest.raises(PuntoBancoError) as error:
            engine.do("club", command, by=by)
        return error.value.key

    ana = Viewer.player("Ana")
    for lang in ("en", "fr", "es"):  # every refusal has its words in the three languages
        with pytest.raises(PuntoBancoError) as error:
            engine.do("club", CommitContribution("Ana", 1, "x"), by=ana)
        quoted = {"fr": "«\u00a0x\u00a0»", "es": "«x»"}.get(lang, "'x'")  # the language's quotes
        assert quoted in error.value.message(lang)
    assert refused(CommitContribution("Ana", 1, "AB" * 32), ana) == "entropy.error.hex"
    assert refused(CommitContribution("Ana", 1, digest[:-1]), ana) == "entropy.error.hex"
    assert refused(CommitContribution("Ana", 2, digest), ana) == "entropy.error.other_shoe"
    assert refused(CommitContribution("Ana", 1, digest), Viewer.HOST) == "engine.error.player_only"
    bo = Viewer.player("Bo")
    assert refused(CommitContribution("Ana", 1, digest), bo) == "engine.error.not_allowed"
    assert refused(RevealContribution("Ana", 1, "00" * 32), ana) == "entropy.error.not_revealing"
    engine.do("club", CommitContribution("Ana", 1, digest), by=ana)
    assert refused(CommitContribution("Ana", 1, digest), ana) == "entropy.error.committed"
    assert refused(CommitContribution("Bo", 1, digest), bo) == "entropy.error.copied"
    Phone(engine, "Bo").commit(1)  # everyone: the reveals open
    assert refused(RevealContribution("Zoé", 1, "00" * 32), Viewer.player("Zoé")) == (
        "entropy.error.not_committed"
    )
    engine.do("club", RevealContribution("Ana", 1, bytes(32).hex()), by=ana)
    assert refused(RevealContribution("Ana", 1, bytes(32).hex()), ana) == "entropy.error.revealed"


@pytest.mark.parametrize(
    ("config", "key"),
    [
        (TableConfig.casino(seed=3), "entropy.error.seeded"),
        (TableConfig.assist(), "table.error.contribute.real_cards"),
        (TableConfig.casino(commit_seconds=None, reveal_seconds=None), "entropy.error.older_table"),
    ],
)
def test_a_table_that_takes_no_contributions_refuses_them_by_name(
    config: TableConfig, key: str
) -> None:
    table = Table.open("club", config, players=[("Ana", 10**6) if config.money else "Ana"])
    assert table.gathering() is None
    with pytest.raises(IllegalActionError) as refused:
        table.commit_contribution("Ana", "00" * 32)
    assert refused.value.key == key
    assert table.phase is Phase.BETS_OPEN  # its first shoe was shuffled as it opened


def test_a_typed_contribution_is_refused_at_a_table_of_this_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for settings, key, said in [
        ({}, "entropy.error.typed", "nothing to type"),
        ({"seed": 4}, "entropy.error.seeded", "from the seed alone"),
    ]:
        engine = Engine()
        engine.open("club", "casino", settings=settings, players=[("Ana", 10**6)])
        with pytest.raises(IllegalActionError) as refused:
            engine.do("club", Contribute("Ana", "lucky"), by=Viewer.player("Ana"))
        assert refused.value.key == key and said in refused.value.message("en")
    db = tmp_path / "club.db"
    CasinoTable(db=db, table="club").close()
    table = CasinoTable.resume("club", db=db)
    table.sit("Ana", 10**6)
    table.close()
    assert main(["contribute", "club", "Ana", "lucky 7", "--db", str(db)]) == 2
    assert "nothing to type" in capsys.readouterr().err
    assert main(["--lang", "fr", "contribute", "club", "Ana", "x", "--db", str(db)]) == 2
    assert "Il n’y a rien à taper" in capsys.readouterr().err


def test_the_first_shoe_waits_for_the_tables_fewest_players() -> None:
    session = Engine()
    session.open("s", "session")
    session.do("s", Sit("Ana"))
    assert not any(isinstance(e, ShoeCalled) for e in stored(session, "s"))
    with pytest.raises(IllegalActionError) as refused:
        session.do("s", Bet("Ana", "banco"), by=Viewer.player("Ana"))
    assert refused.value.key == "table.error.too_few_players"
    # Ana's phone may commit already; the shoe is called once Bruno sits.
    Phone(session, "Ana", "s").commit(1)
    session.do("s", Sit("Bruno"))
    assert isinstance(stored(session, "s")[-1], ShoeCalled)
    casino = Engine()
    casino.open("c", "casino")
    assert casino.state("c").phase is Phase.SHUFFLING
    assert casino.view("c")["next_shoe"]["window"] == "commit"


def test_a_player_who_leaves_after_committing_is_left_out_when_the_time_is_up() -> None:
    clock = Clock()
    engine = engine_with_clock(clock)
    engine.open("club", "casino", settings={"decks": 1})
    engine.do("club", Sit("Ana", 10**6))
    engine.do("club", Sit("Bruno", 10**6))
    ana, bruno = Phone(engine, "Ana"), Phone(engine, "Bruno")
    bruno.commit(1)
    engine.do("club", Leave("Bruno"), by=Viewer.player("Bruno"))
    ana.commit(1)
    ana.reveal(1)
    engine.do("club", Tick())
    clock.now = 3.3
    engine.do("club", Tick())
    closed = next(e for e in stored(engine) if isinstance(e, ContributionsClosed))
    assert closed.excluded == ("Bruno",) and engine.state("club").phase is Phase.BETS_OPEN
    check_log("club", read_lines(export_lines(engine.store.load("club")))["club"])


def test_a_table_reopened_mid_reveal_goes_on_and_counts_the_window_afresh() -> None:
    clock = Clock()
    store = MemoryStore(clock=clock.text)
    engine = Engine(store, clock=clock)
    players = [("Ana", 10**6), ("Bruno", 10**6)]
    engine.open("club", "casino", settings={"decks": 1}, players=players)
    ana, bruno = Phone(engine, "Ana"), Phone(engine, "Bruno")
    ana.commit(1)
    bruno.commit(1)
    ana.reveal(1)
    engine.do("club", Tick())  # the window counts from here...
    state = engine.state("club")
    assert load_state(dump_state(state)) == state  # the snapshot keeps the contributions
    snapshot(store, "club", engine.machine("club"))
    clock.now = 3.0
    again = Engine(store, clock=clock)  # ...and afresh after a restart
    assert again.machine("club").from_snapshot
    again.do("club", Tick())
    clock.now = 5.0
    again.do("club", Tick())
    assert again.state("club").shoe is None
    bruno.engine = again
    bruno.reveal(1)  # his phone still holds the value
    assert again.state("club").phase is Phase.BETS_OPEN
    client = f"club/1|{ana.values[1].hex()}|{bruno.values[1].hex()}"
    assert next(e for e in stored(again) if isinstance(e, ShoeShuffled)).client_seed == client


def test_views_show_the_windows_and_the_commitments_and_no_value_before_its_reveal() -> None:
    engine = Engine()
    engine.open("club", "casino", settings={"decks": 1}, players=[("Ana", 10**6), ("Bo", 10**6)])
    ana, bo = Phone(engine, "Ana"), Phone(engine, "Bo")
    view = engine.view("club", Viewer.player("Ana"))
    assert {"type": "CommitContribution", "shoe": 1} in view["commands"]
    assert view["next_shoe"]["window"] == "called" and view["next_shoe"]["seconds"] == 3
    ana.commit(1)
    bo.commit(1)
    for viewer in (Viewer.HOST, Viewer.SPECTATOR, Viewer.player("Bo")):
        shown = engine.view("club", viewer)["next_shoe"]
        assert shown["window"] == "reveal" and shown["seconds"] == 3
        assert [c["name"] for c in shown["commitments"]] == ["Ana", "Bo"]
        assert all(c["value"] is None for c in shown["commitments"])
        text = json.dumps(engine.view("club", viewer))
        assert ana.values[1].hex() not in text and bo.values[1].hex() not in text
    ana.reveal(1)
    shown = engine.view("club", Viewer.player("Bo"))["next_shoe"]
    assert shown["commitments"][0]["value"] == ana.values[1].hex()
    assert shown["client_seed"] == f"club/1|{ana.values[1].hex()}"
    host = {c["type"] for c in engine.view("club", Viewer.HOST)["commands"]}
    assert "RevealContribution" not in host and "Tick" in host


def test_the_python_api_contributes_for_its_seats_and_only_those_of_a_shared_engine() -> None:
    table = CasinoTable(decks=1, table="club")
    table.sit("Ana", 10**6)
    assert table.phase is Phase.BETS_OPEN  # called, committed, revealed, shuffled
    (shoe,) = fair_shoes(table.events)
    assert len(shoe.contributions) == 1
    engine = Engine()
    engine.open("club", "casino", settings={"decks": 1}, players=[("Web", 10**6)])
    shared = CasinoTable(decks=1, table="club", db=engine)
    shared.sit("Ana", 10**6)  # the web seat has not committed: nobody contributes for it
    gathering = engine.machine("club").gathering()
    assert gathering is not None and [n for n, _ in gathering.commits] == ["Ana"]
    assert gathering.window is Window.CALLED
    assert Contributor(["Ana"])._mine("ana") and not Contributor(["Ana"])._mine("Web")


def test_an_export_during_the_windows_shows_the_commitments_and_no_secret() -> None:
    engine = Engine()
    engine.open("club", "casino", settings={"decks": 1}, players=[("Ana", 10**6), ("Bo", 10**6)])
    ana, bo = Phone(engine, "Ana"), Phone(engine, "Bo")
    ana.commit(1)
    bo.commit(1)
    ana.reveal(1)
    text = "\n".join(export_lines(engine.store.load("club")))
    seed = next(e for e in stored(engine) if isinstance(e, NextShoeCommitted)).server_seed
    assert seed not in text and bo.values[1].hex() not in text
    assert '"NextShoeHidden"' in text and text.count('"ContributionCommitted"') == 2
    assert ana.values[1].hex() in text  # revealed: public
    check_log("club", read_lines(text.splitlines())["club"])
