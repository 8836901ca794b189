"""The host renames a player: one command (``RenamePlayer``), one event in the log
(``PlayerRenamed``), refused with its reason; the seat, the balance, the bets and the
seating stay the player's, the old name is free, and a replay gives the same table."""

from __future__ import annotations

import pytest

from puntobanco.engine import Bet, CloseBets, Deal, Engine, Sit, Tick, Viewer
from puntobanco.engine.commands import RenamePlayer, SetJoins
from puntobanco.errors import InvalidNameError, NotAllowedError, PuntoBancoError
from puntobanco.store.jsonl import check_log, export_lines, read_lines
from puntobanco.table.describe import describe
from puntobanco.table.events import ContributionsClosed, PlayerRenamed, ShoeShuffled
from puntobanco.table.history import coup_records
from puntobanco.table.state import replay
from tests.test_entropy import Clock, Phone, engine_with_clock
from tests.test_entropy_log import verify_shoe

ANA = Viewer.player("Ana")


def casino(engine: Engine) -> None:
    engine.open("c", "casino", settings={"seed": 3}, players=[("Ana", 100_000), ("Bruno", 100_000)])


def test_a_renamed_player_keeps_seat_balance_bets_seating_and_the_shoe() -> None:
    engine = Engine()
    casino(engine)
    engine.do("c", Bet("Ana", "banco", 1000), ANA)
    engine.do("c", Deal())
    engine.do("c", Bet("Ana", "punto", 2000), ANA)
    before = engine.state("c").players["Ana"]
    assert engine.state("c").holder == "Ana"
    done = engine.do("c", RenamePlayer("ana", "Anaïs"))
    assert done.events == ({"type": "PlayerRenamed", "name": "Ana", "new_name": "Anaïs"},)
    state = engine.state("c")
    assert "Ana" not in state.players
    after = state.players["Anaïs"]
    assert (after.seat, after.balance, dict(after.bets), after.seating) == (
        before.seat,
        before.balance,
        dict(before.bets),
        before.seating,
    )
    assert state.holder == "Anaïs"
    assert state.last is not None and "Anaïs" in state.last.nets and "Ana" not in state.last.nets
    # The player's own credential (their seating) goes on under the new name.
    anais = Viewer.player("Anaïs", after.seating)
    assert engine.view("c", anais)["me"]["name"] == "Anaïs"
    engine.do("c", Bet("Anaïs", "punto", 1000), anais)
    engine.do("c", CloseBets())
    engine.do("c", Deal("Anaïs"), anais)  # the shoe's holder deals, under the new name
    # The old name is free: someone else may sit under it.
    engine.do("c", Sit("Ana", 50_000), Viewer.SPECTATOR)
    assert engine.state("c").players["Ana"].seating != after.seating
    # The history and the rankings use the new name, for the coups before too.
    records = coup_records((e, "") for e in [r.event for r in engine.store.load("c")])
    assert [sorted(r.balances_after) for r in records] == [["Anaïs", "Bruno"]] * 2
    assert {b.player for r in records for b in r.bets} == {"Anaïs"}
    # The log read again gives the same table.
    assert replay([r.event for r in engine.store.load("c")]) == engine.state("c")


@pytest.mark.parametrize(
    ("new_name", "key"),
    [
        ("", "table.error.name.empty"),
        ("   ", "table.error.name.empty"),
        ("A" * 25, "table.error.name.long"),
        ("bruno", "table.error.name.taken"),
        ("Ana", "table.error.name.same"),
        ("Ana 🎲", "table.error.name.chars"),
    ],
)
def test_a_rename_is_refused_with_its_reason(new_name: str, key: str) -> None:
    engine = Engine()
    casino(engine)
    with pytest.raises(InvalidNameError) as refused:
        engine.do("c", RenamePlayer("Ana", new_name))
    assert refused.value.key == key
    for lang in ("en", "fr", "es"):
        assert refused.value.message(lang)
    assert "Ana" in engine.state("c").players


def test_only_the_host_renames_and_only_someone_seated() -> None:
    engine = Engine()
    casino(engine)
    with pytest.raises(NotAllowedError) as player:
        engine.do("c", RenamePlayer("Ana", "Anaïs"), ANA)
    assert player.value.key == "engine.error.host_only"
    assert "renommer un joueur" in player.value.message("fr")
    with pytest.raises(PuntoBancoError) as unknown:
        engine.do("c", RenamePlayer("Zoé", "Zed"))
    assert unknown.value.key == "table.error.unknown_player"
    assert "Ana, Bruno" in unknown.value.message("en")


def test_a_case_change_is_a_rename_and_the_host_is_offered_one_per_seat() -> None:
    engine = Engine()
    casino(engine)
    offered = [c for c in engine.commands("c", Viewer.HOST) if c["type"] == "RenamePlayer"]
    assert offered == [
        {"type": "RenamePlayer", "name": "Ana"},
        {"type": "RenamePlayer", "name": "Bruno"},
    ]
    engine.do("c", RenamePlayer("Ana", "ANA"))
    assert [p.name for p in engine.state("c").seated] == ["ANA", "Bruno"]


def test_a_name_asked_for_by_a_waiting_player_is_taken() -> None:
    engine = Engine()
    casino(engine)
    engine.do("c", SetJoins("approval"))
    engine.do("c", Sit("Chloé", 10_000), Viewer.SPECTATOR)  # asks, waits for the host
    with pytest.raises(InvalidNameError) as refused:
        engine.do("c", RenamePlayer("Ana", "chloé"))
    assert refused.value.key == "table.error.name.taken"


def test_a_session_renamed_mid_way_ranks_the_new_name_and_the_log_says_so() -> None:
    engine = Engine()
    engine.open("s", "session", settings={"seed": 5, "deals": 2}, players=[("Ana", 0), ("Bo", 0)])
    engine.do("s", Bet("Ana", "banco"), ANA)
    engine.do("s", Bet("Bo", "punto"), Viewer.player("Bo"))
    engine.do("s", Deal())
    engine.do("s", RenamePlayer("Bo", "Bob"))
    engine.do("s", Bet("Ana", "banco"), ANA)
    engine.do("s", Bet("Bob", "punto"), Viewer.player("Bob"))
    engine.do("s", Deal())
    state = engine.state("s")
    assert state.phase.value == "ended"
    assert set(state.balances) == {"Ana", "Bob"}
    assert set(state.winners) <= {"Ana", "Bob"}
    log = [r.event for r in engine.store.load("s")]
    renamed = next(e for e in log if isinstance(e, PlayerRenamed))
    config = state.config
    assert describe(renamed, config, "en") == "The host renames Bo to Bob."
    assert describe(renamed, config, "fr") == "L’hôte renomme Bo en Bob."
    with pytest.raises(PuntoBancoError) as ended:
        engine.do("s", RenamePlayer("Bob", "Bobby"))
    assert ended.value.key == "table.error.phase.ended"
    assert replay([r.event for r in engine.store.load("s")]) == state


def test_a_rename_between_commitment_and_reveal_leaves_the_old_name_out_and_verifies() -> None:
    """A commitment binds the name it was made under: renamed after committing, the
    player commits again under the new name (as the phone does), the old commitment
    is left out once the reveal time is up, and both verifiers accept the log."""
    clock = Clock()
    engine = engine_with_clock(clock)
    players = [("Ana", 10**6), ("Bo", 10**6)]
    # Seats of their own (phones): the operator's own seats would make the shoe its alone.
    engine.open("club", "casino", settings={"decks": 1}, players=players, own=["Ana", "Bo"])
    ana, bo = Phone(engine, "Ana"), Phone(engine, "Bo")
    ana.commit(1)
    engine.do("club", RenamePlayer("Ana", "Anaïs"))
    anais = Phone(engine, "Anaïs")
    anais.commit(1)  # the seat's own commitment, under its name now
    bo.commit(1)
    anais.reveal(1)
    bo.reveal(1)
    for now in (0.1, 3.4):
        clock.now = now
        engine.do("club", Tick())
    log = [r.event for r in engine.store.load("club")]
    closed = next(e for e in log if isinstance(e, ContributionsClosed))
    assert closed.excluded == ("Ana",)
    seed = next(e for e in log if isinstance(e, ShoeShuffled)).client_seed
    assert seed == f"club/1|{anais.values[1].hex()}|{bo.values[1].hex()}"
    lines = export_lines(engine.store.load("club"))
    check_log("club", read_lines(lines)["club"])
    report = verify_shoe.check_table("club", verify_shoe.read_log("\n".join(lines))["club"])
    assert report["gathered"] == 1
    assert replay(log) == engine.state("club")
