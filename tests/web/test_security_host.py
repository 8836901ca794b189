"""Attacks on a table's seats: a player who never predicts freezes a session, a
script squats every seat. The host removes a player, locks the table or admits
each join, and deals a session without those who have not predicted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.engine import Committed, Engine, Viewer
from puntobanco.engine.commands import Bet, Remove, SetPredictionTime, Sit, SkipMissing, Tick
from puntobanco.errors import IllegalActionError
from puntobanco.table.describe import describe
from puntobanco.table.events import BetWithdrawn, PlayerLeft, PlayerRemoved
from puntobanco.web.app import create_app
from tests.web.helpers import bearer, command, join, kinds, open_table, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "host.db"))) as c:
        yield c


def test_a_session_deals_without_a_player_who_never_predicts_once_the_host_says_so(
    client: TestClient,
) -> None:
    t = open_table(client, "session", seed=4)
    table, host = t["table"], t["host_token"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    join(client, table, "Squatter")
    command(client, table, ana, "Bet", box="banco")
    command(client, table, bruno, "Bet", box="punto")
    assert command(client, table, host, "Deal").status_code == 409  # Squatter has not
    assert "SkipMissing" in kinds(view(client, table, host))
    r = command(client, table, host, "SkipMissing")
    assert r.status_code == 200
    assert r.json()["events"] == [{"type": "PlayersSkipped", "coup": 1, "names": ["Squatter"]}]
    dealt = command(client, table, host, "Deal")
    assert dealt.status_code == 200, dealt.text
    settled = view(client, table, host)["last"]["settlements"]
    assert {s["player"] for s in settled} == {"Ana", "Bruno"}


def test_a_session_deals_without_them_after_the_time_the_host_set() -> None:
    now = [1000.0]
    engine = Engine(clock=lambda: now[0])
    engine.open("s", "session", settings={"seed": 4}, players=["Ana", "Bruno"])
    engine.do("s", SetPredictionTime(30))
    engine.do("s", Bet("Ana", "banco"), Viewer.player("Ana"))
    engine.tick()  # the time starts
    now[0] += 29
    assert engine.tick() == [] and engine.state("s").without == ()
    now[0] += 2
    (done,) = engine.tick()
    assert isinstance(done, Committed) and done.events == (
        {"type": "PlayersSkipped", "coup": 1, "names": ["Bruno"]},
    )
    engine.do("s", Tick())
    assert engine.info("s").phase == "bets_open" and engine.info("s").coup == 1
    assert engine.can("s", SkipMissing()) is False  # nobody left to skip
    from puntobanco.engine.commands import Deal

    engine.do("s", Deal())
    assert engine.info("s").coup == 2


def test_the_time_to_predict_is_a_session_s_and_bounded() -> None:
    engine = Engine()
    engine.open("c", "casino", settings={"seed": 1})
    with pytest.raises(IllegalActionError):
        engine.do("c", SetPredictionTime(30))
    engine.open("s", "session", settings={"seed": 1})
    for bad in (0, 4, 3601, True):
        with pytest.raises(IllegalActionError):
            engine.do("s", SetPredictionTime(bad))


def test_the_host_removes_a_player_their_bets_returned_the_log_saying_who_and_why(
    client: TestClient,
) -> None:
    t = open_table(client, "casino", seed=9, bankroll=50_000)
    table, host = t["table"], t["host_token"]
    squat = join(client, table, "Squat")
    command(client, table, squat, "Bet", box="banco", stake=5_000)
    assert command(client, table, squat, "Remove", name="Squat").status_code == 403
    r = command(client, table, host, "Remove", name="Squat", reason="never plays")
    assert r.status_code == 200, r.text
    assert [e["type"] for e in r.json()["events"]][:3] == [
        "PlayerRemoved",
        "BetWithdrawn",
        "PlayerLeft",
    ]  # then the shoe passes on: Squat held it
    assert r.json()["events"][0] == {
        "type": "PlayerRemoved",
        "name": "Squat",
        "reason": "never plays",
    }
    assert r.json()["events"][2]["bankroll"] == 50_000  # the stake came back
    assert client.get(f"/api/tables/{table}/view", headers=bearer(squat)).status_code == 401
    words = describe(PlayerRemoved("Squat", "never plays"), _config(client, table, host), "fr")
    assert words == "L’hôte retire Squat de la table\u00a0: «\u00a0never plays\u00a0»."


def _config(client: TestClient, table: str, host: str):  # type: ignore[no-untyped-def]
    from puntobanco.table.config import TableConfig

    return TableConfig.casino(seed=9)


def test_the_host_removes_a_session_player_after_it_started() -> None:
    engine = Engine()
    engine.open("s", "session", settings={"seed": 4}, players=["Ana", "Bruno", "Carla"])
    for name, box in (("Ana", "banco"), ("Bruno", "punto"), ("Carla", "banco")):
        engine.do("s", Bet(name, box), Viewer.player(name))
    from puntobanco.engine.commands import Deal, Leave

    engine.do("s", Deal())
    with pytest.raises(IllegalActionError):
        engine.do("s", Leave("Carla"), Viewer.player("Carla"))  # seats locked once started
    engine.do("s", Bet("Carla", "punto"), Viewer.player("Carla"))
    done = engine.do("s", Remove("Carla", "gone home"))
    types = [e["type"] for e in done.events]
    assert types == ["PlayerRemoved", "BetWithdrawn", "PlayerLeft"]
    assert [p.name for p in engine.state("s").seated] == ["Ana", "Bruno"]
    log = [r.event for r in engine.log("s")]
    assert isinstance(log[-3], PlayerRemoved) and isinstance(log[-2], BetWithdrawn)
    assert isinstance(log[-1], PlayerLeft)


def test_a_locked_table_takes_no_join_and_the_host_still_seats(client: TestClient) -> None:
    t = open_table(client, "casino", seed=2)
    table, host = t["table"], t["host_token"]
    assert command(client, table, host, "SetJoins", mode="locked").status_code == 200
    r = client.post(f"/api/tables/{table}/players", json={"name": "Intruder"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "table.error.joins_locked"
    assert view(client, table, host)["joins"] == "locked"
    assert command(client, table, host, "SetJoins", mode="wide").status_code == 409
    command(client, table, host, "SetJoins", mode="open")
    join(client, table, "Welcome")


def test_a_table_that_admits_each_join_seats_only_whom_the_host_admits(
    client: TestClient,
) -> None:
    t = open_table(client, "casino", seed=2, bankroll=10_000)
    table, host = t["table"], t["host_token"]
    command(client, table, host, "SetJoins", mode="approval")
    asked = client.post(f"/api/tables/{table}/players", json={"name": "Ana"})
    assert asked.status_code == 201 and asked.json()["waiting"] is True
    ana = asked.json()["token"]
    client.cookies.clear()
    assert view(client, table, ana)["me"]["seated"] is False
    assert command(client, table, ana, "Bet", box="banco", stake=1_000).status_code != 200
    assert view(client, table, host)["asking"] == ["Ana"]
    offered = [c for c in view(client, table, host)["commands"] if c["type"] in ("Admit", "Refuse")]
    assert offered == [{"type": "Admit", "name": "Ana"}, {"type": "Refuse", "name": "Ana"}]
    assert command(client, table, host, "Admit", name="Ana").status_code == 200
    assert command(client, table, ana, "Bet", box="banco", stake=1_000).status_code == 200
    bruno = client.post(f"/api/tables/{table}/players", json={"name": "Bruno"}).json()["token"]
    client.cookies.clear()
    assert command(client, table, host, "Refuse", name="Bruno").status_code == 200
    assert client.get(f"/api/tables/{table}/view", headers=bearer(bruno)).status_code == 401


def test_a_script_that_fills_the_seats_is_removed_and_kept_out(client: TestClient) -> None:
    t = open_table(client, "casino", seed=2)
    table, host = t["table"], t["host_token"]
    for i in range(14):
        join(client, table, f"Bot{chr(65 + i)}")
    command(client, table, host, "SetJoins", mode="locked")
    for i in range(14):
        assert command(client, table, host, "Remove", name=f"Bot{chr(65 + i)}").status_code == 200
    assert view(client, table, host)["players"] == []
    assert client.post(f"/api/tables/{table}/players", json={"name": "BotA"}).status_code == 409


def test_joins_and_removals_are_the_host_s_alone() -> None:
    engine = Engine()
    engine.open("c", "casino", settings={"seed": 1}, players=[("Ana", 1_000)])
    from puntobanco.engine.commands import Admit, SetJoins
    from puntobanco.errors import NotAllowedError

    for sent in (Remove("Ana"), SetJoins("locked"), Admit("Bo"), SkipMissing()):
        with pytest.raises(NotAllowedError):
            engine.do("c", sent, Viewer.player("Ana"))
    engine.do("c", SetJoins("locked"))
    with pytest.raises(IllegalActionError):
        engine.do("c", Sit("Bo", 1_000), Viewer.SPECTATOR)
    engine.do("c", Sit("Bo", 1_000))  # the host seats whom they like


def test_the_log_of_a_table_with_removals_and_joins_passes_the_import_s_audit() -> None:
    """``puntobanco import`` plays each event again through its live action."""
    from datetime import UTC, datetime

    from puntobanco.engine.commands import Admit, Deal, Refuse, SetJoins
    from puntobanco.table.audit import audit_log

    engine = Engine()
    engine.open("c", "casino", settings={"seed": 1}, players=[("Ana", 9_000)])
    engine.do("c", SetJoins("approval"))
    engine.do("c", Sit("Bo", 5_000), Viewer.SPECTATOR)
    engine.do("c", Sit("Cy", 5_000), Viewer.SPECTATOR)
    engine.do("c", Admit("bo"))
    engine.do("c", Refuse("Cy"))
    engine.do("c", Bet("Bo", "punto", 1_000), Viewer.player("Bo"))
    engine.do("c", Bet("Ana", "banco", 1_000), Viewer.player("Ana"))
    engine.do("c", Deal())
    engine.do("c", Bet("Bo", "punto", 1_000), Viewer.player("Bo"))
    engine.do("c", Remove("Bo", "rude"))
    events = [r.event for r in engine.log("c")]
    now = datetime.now(UTC).isoformat()
    assert audit_log("c", events, [now] * len(events), list(range(1, len(events) + 1))) == 1
