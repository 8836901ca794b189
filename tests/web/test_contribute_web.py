"""Players' contributions over the web table's API: ``commit`` and ``reveal``, their
refusals by code, the view's windows, no typed text at a table of this version, and no
seed nor unrevealed value in any answer or view."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import puntobanco.fair.contributions as contributions
from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.events import Event, NextShoeCommitted, ShoeShuffled
from puntobanco.web.app import create_app
from tests.web.helpers import Phones, bearer, command, join, kinds, open_table, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(store=str(tmp_path / "api.db"), rate=1000, burst=1000)
    with TestClient(app) as c:
        yield c


def stored(tmp_path: Path, table: str) -> list[Event]:
    store = SQLiteStore(tmp_path / "api.db")
    try:
        return [r.event for r in store.load(table)]
    finally:
        store.close()


def test_a_phone_commits_then_reveals_and_the_first_shoe_is_shuffled_with_its_value(
    client: TestClient, tmp_path: Path
) -> None:
    t = open_table(client, "casino", decks=1)
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    before = view(client, table, ana)
    assert before["phase"] == "shuffling" and before["shoe"] is None
    assert before["next_shoe"]["shoe"] == 1 and before["next_shoe"]["window"] == "called"
    # (A rebuy is offered only once the balance no longer covers the minimum.)
    assert kinds(before) == ["Leave", "CommitContribution"]
    value = secrets.token_bytes(32)
    digest = contributions.digest(table, 1, "Ana", value)
    r = command(client, table, ana, "CommitContribution", shoe=1, digest=digest)
    assert r.status_code == 200
    assert r.json()["events"] == [
        {"type": "ContributionCommitted", "shoe": 1, "name": "Ana", "digest": digest},
        {"type": "RevealsOpened", "shoe": 1, "seconds": 3},
    ]
    assert view(client, table, host)["next_shoe"]["commitments"] == [
        {"name": "Ana", "digest": digest, "value": None}
    ]
    r = command(client, table, ana, "RevealContribution", shoe=1, value=value.hex())
    assert r.status_code == 200
    made = [e["type"] for e in r.json()["events"]]
    assert made == [
        "ContributionRevealed",
        "ContributionsClosed",
        "ShoeShuffled",
        "ShoeBurned",
        "NextShoeCommitted",
        "BetsOpened",
    ]
    shuffled = next(e for e in stored(tmp_path, table) if isinstance(e, ShoeShuffled))
    assert shuffled.client_seed == f"{table}/1|{value.hex()}"
    after = view(client, table, ana)
    assert after["phase"] == "bets_open" and after["shoe"]["client_seed"] == shuffled.client_seed
    assert after["shoe"]["contributions"] == {"contributors": ["Ana"], "excluded": []}
    assert "CommitContribution" in kinds(after) and after["next_shoe"]["shoe"] == 2


def test_refusals_answer_their_code_and_a_retried_id_acts_once(client: TestClient) -> None:
    t = open_table(client, "session", deals=10)
    table, host = t["table"], t["host_token"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    digest = contributions.digest(table, 1, "Ana", bytes(32))

    def code(token: str, kind: str, status: int, **fields: Any) -> str:
        r = command(client, table, token, kind, **fields)
        assert r.status_code == status, r.text
        return str(r.json()["error"]["code"])

    commit, reveal = "CommitContribution", "RevealContribution"
    assert code(host, commit, 403, shoe=1, digest=digest) == "engine.error.player_only"
    assert code(ana, commit, 422, digest=digest) == "web.error.schema"  # which shoe?
    assert code(ana, commit, 422, shoe=1) == "web.error.schema"
    assert code(ana, commit, 400, shoe=1, digest="zz" * 32) == "entropy.error.hex"
    assert code(ana, commit, 409, shoe=2, digest=digest) == "entropy.error.other_shoe"
    assert code(ana, reveal, 409, shoe=1, value="00" * 32) == "entropy.error.not_revealing"
    assert code(ana, "Contribute", 409, text="lucky") == "entropy.error.typed"
    r = command(client, table, ana, "CommitContribution", lang="fr", shoe=1, digest="AB")
    assert "64 chiffres hexadécimaux" in r.json()["error"]["message"]
    body = {"id": "same", "type": "CommitContribution", "shoe": 1, "digest": digest}
    url = f"/api/tables/{table}/commands"
    first = client.post(url, json=body, headers=bearer(ana))
    again = client.post(url, json=body, headers=bearer(ana))
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert code(ana, commit, 409, shoe=1, digest=digest) == "entropy.error.committed"
    assert code(bruno, commit, 400, shoe=1, digest=digest) == "entropy.error.copied"
    bruno_value = secrets.token_bytes(32)
    bruno_digest = contributions.digest(table, 1, "Bruno", bruno_value)
    assert (
        command(client, table, bruno, "CommitContribution", shoe=1, digest=bruno_digest).status_code
        == 200
    )
    assert code(ana, reveal, 400, shoe=1, value="11" * 32) == "entropy.error.mismatch"
    assert (
        command(client, table, ana, "RevealContribution", shoe=1, value=bytes(32).hex()).status_code
        == 200
    )
    assert code(ana, reveal, 409, shoe=1, value=bytes(32).hex()) == "entropy.error.revealed"


def test_a_session_of_real_cards_takes_no_contributions(client: TestClient) -> None:
    t = open_table(client, "session", real_cards=True)
    ana = join(client, t["table"], "Ana")
    r = command(client, t["table"], ana, "CommitContribution", shoe=1, digest="00" * 32)
    assert r.status_code == 409
    assert r.json()["error"]["code"] == "table.error.contribute.real_cards"
    v = view(client, t["table"], ana)
    assert v["next_shoe"] is None and "CommitContribution" not in kinds(v)


def test_no_answer_or_view_holds_a_server_seed_or_a_value_before_it_is_revealed(
    client: TestClient, tmp_path: Path
) -> None:
    t = open_table(client, "session", deals=3)
    table, host = t["table"], t["host_token"]
    ana, bruno = join(client, table, "Ana"), join(client, table, "Bruno")
    phones = Phones(client, table, ana, bruno)
    texts = phones.seen
    for deal in range(3):
        phones.contribute()
        texts.append(command(client, table, ana, "Bet", box="banco").text)
        texts.append(command(client, table, bruno, "Bet", box="punto").text)
        for token in (ana, bruno, host):
            texts.append(client.get(f"/api/tables/{table}/view", headers=bearer(token)).text)
        events = stored(tmp_path, table)
        seeds = [e.server_seed for e in events if isinstance(e, NextShoeCommitted)]
        everything = "\n".join(texts)
        # The seed of the deal in play and of the next one are in no answer or view,
        # nor the values the phones hold for the next shoe.
        assert all(seed not in everything for seed in seeds[deal:])
        assert all(v.hex() not in everything for v in phones.values.values())
        texts.append(command(client, table, host, "Deal").text)
    assert view(client, table, ana)["phase"] == "ended"


def test_a_table_whose_phone_is_gone_goes_on_when_the_servers_clock_says_so() -> None:
    """The server's timer ticks every table whose next shoe waits (no command needed):
    a phone that never commits is not waited for past ``commit_seconds``; one that
    commits and never reveals is left out, named, past ``reveal_seconds``."""
    import time

    from puntobanco.store import MemoryStore
    from puntobanco.store.jsonl import check_log
    from tests.web.conftest import FakeClock

    clock = FakeClock()
    start = datetime(2026, 12, 5, tzinfo=UTC)

    def stamp() -> str:
        return (start + timedelta(seconds=clock())).isoformat(timespec="milliseconds")

    store = MemoryStore(clock=stamp)
    with TestClient(create_app(store=store, clock=clock, rate=1000, burst=1000)) as client:
        t = open_table(client, "session", deals=2)
        table = t["table"]
        ana, ben = join(client, table, "Ana"), join(client, table, "Ben")
        phone = Phones(client, table, ana)
        phone.contribute()  # Ana's commits; Ben's phone is gone

        def waits(until: str, key: str = "window") -> None:
            """Time passes on the server's clock until its timer moves the table on."""
            deadline = time.monotonic() + 20
            while True:
                shown = view(client, table, ana)
                if (shown["next_shoe"]["window"] if key == "window" else shown[key]) == until:
                    return
                assert time.monotonic() < deadline, until
                clock.advance(0.25)
                time.sleep(0.02)

        assert view(client, table, ana)["next_shoe"]["window"] == "called"
        waits("reveal")  # no longer waiting for Ben's commitment
        phone.contribute()  # Ana's reveal: the only one committed
        shown = view(client, table, ana)
        assert shown["phase"] == "bets_open", shown["phase"]
        assert shown["shoe"]["contributions"] == {"contributors": ["Ana"], "excluded": []}
        # Deal 2: Ben's phone comes back and commits, then is gone before revealing.
        assert (
            command(client, table, ben, "CommitContribution", shoe=2, digest="ab" * 32).status_code
            == 200
        )
        for token, box in ((ana, "banco"), (ben, "punto")):
            assert command(client, table, token, "Bet", box=box).status_code == 200
        assert command(client, table, t["host_token"], "Deal").status_code == 200
        phone.contribute()
        assert view(client, table, ana)["next_shoe"]["window"] == "reveal"
        waits("bets_open", key="phase")  # Ben is left out
        assert view(client, table, ana)["shoe"]["contributions"] == {
            "contributors": ["Ana"],
            "excluded": ["Ben"],
        }
    check_log(table, store.load(table))  # the stored times show both windows whole
