"""Attacks from elsewhere: another site's page (DNS rebinding), a guesser of join
codes, a script with one token on many sockets, anyone reading ``/metrics``, a
cookie sent in clear.

Each test is one probe of the December 2026 attacker's pass against ``serve``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from puntobanco.web.app import create_app
from puntobanco.web.limits import FREE_GUESSES, Backoff
from tests.web.helpers import join, open_table

PAGES = "http://192.168.1.5:8000"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "s.db"), origins=[PAGES])) as c:
        yield c


def test_a_rebinding_page_whose_host_and_origin_agree_is_refused(client: TestClient) -> None:
    """A page of evil.example whose name now points at this server sends
    ``Host: evil.example`` and ``Origin: http://evil.example``: only the configured
    origins count."""
    evil = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
    r = client.post("/api/tables", json={"format": "casino"}, headers=evil)
    assert r.status_code == 403 and r.json()["error"]["code"] == "web.error.origin"
    t = open_table(client, "casino", seed=1)
    joined = client.post(f"/api/tables/{t['table']}/players", json={"name": "X"}, headers=evil)
    assert joined.status_code == 403
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(f"/api/tables/{t['table']}/ws", headers=evil) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 1008
    mine = client.post("/api/tables", json={"format": "casino"}, headers={"Origin": PAGES})
    assert mine.status_code == 201


def test_serve_allows_its_own_address_and_loopback_names_never_a_request_s() -> None:
    from puntobanco.cli.serve import own_origins

    assert own_origins("192.168.1.5", 8000, ["https://club.example/"]) == [
        "http://192.168.1.5:8000",
        "http://127.0.0.1:8000",
        "http://localhost:8000",
        "http://[::1]:8000",
        "https://club.example",
    ]


def test_join_codes_cannot_be_enumerated_from_one_address(tmp_path: Path) -> None:
    """After ``FREE_GUESSES`` unknown codes an address waits, and waits twice as long
    at each further miss; a phone elsewhere still finds its table."""
    from tests.web.conftest import FakeClock

    clock = FakeClock()  # the server's clock, still: no wait ends during the test
    app = create_app(store=str(tmp_path / "c.db"), clock=clock, rate=10_000, burst=10_000)
    with (
        TestClient(app, client=("203.0.113.9", 1)) as guesser,
        TestClient(app, client=("198.51.100.7", 1)) as phone,
    ):
        code = open_table(phone, "casino", seed=1)["join_code"]
        answers = [guesser.get(f"/api/codes/ZZ{i:03d}").status_code for i in range(200)]
        assert answers[:FREE_GUESSES] == [404] * FREE_GUESSES
        assert set(answers[FREE_GUESSES + 1 :]) == {429}
        assert answers.count(404) <= FREE_GUESSES + 1
        refused = guesser.get(f"/api/codes/{code}")  # the right code too, while it waits
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "web.error.guesses"
        assert phone.get(f"/api/codes/{code}").status_code == 200
        # Joining a table id that does not exist is a guess as well.
        r = guesser.post("/api/tables/tnope/players", json={"name": "Ana"})
        assert r.status_code == 429
        clock.advance(3600)  # the longest wait over: the guesser may ask again, once
        assert guesser.get("/api/codes/ZZ999").status_code == 404
        assert guesser.get("/api/codes/ZZ998").status_code == 429


def test_each_further_miss_doubles_the_wait_up_to_an_hour() -> None:
    now = [0.0]
    backoff = Backoff(lambda: now[0], free=2, first=1.0, longest=3600.0)
    waits = []
    for _ in range(16):
        backoff.missed("a")
        waits.append(backoff.wait("a"))
    assert waits[:5] == [0.0, 0.0, 1.0, 2.0, 4.0] and waits[-1] == 3600.0
    assert backoff.wait("b") == 0.0
    now[0] += 3601
    backoff.missed("a")  # an hour without a miss: forgiven
    assert backoff.wait("a") == 0.0


def test_lookups_of_codes_are_rate_limited_per_address(tmp_path: Path) -> None:
    with TestClient(create_app(store=str(tmp_path / "r.db"), rate=1, burst=3)) as client:
        code = open_table(client, "casino", seed=1)["join_code"]
        answers = [client.get(f"/api/codes/{code}").status_code for _ in range(6)]
    assert 429 in answers and answers.count(200) <= 3


def test_one_token_on_many_sockets_shares_one_rate(tmp_path: Path) -> None:
    """Eight sockets of one token (as many as it may hold), four messages each: at
    most the token's burst (plus what refills meanwhile) are carried out, not eight
    bursts."""
    from puntobanco.web.limits import MAX_SOCKETS

    with TestClient(create_app(store=str(tmp_path / "w.db"), rate=1, burst=10)) as client:
        t = open_table(client, "casino", seed=1, turn_seconds=None)
        ana = join(client, t["table"], "Ana")
        url = f"/api/tables/{t['table']}/ws"
        acks, refused = 0, 0
        sockets = [client.websocket_connect(url) for _ in range(MAX_SOCKETS)]
        for ws in sockets:
            ws.__enter__()
            ws.send_json({"type": "hello", "token": ana})
            while ws.receive_json()["type"] != "view":
                pass
        try:
            for ws in sockets:
                for i in range(4):
                    ws.send_json({"id": f"{id(ws)}-{i}", "type": "Withdraw", "box": "banco"})
                for _ in range(4):
                    message = ws.receive_json()
                    while message["type"] not in ("ack", "error"):
                        message = ws.receive_json()
                    if message["type"] == "ack" or message["error"]["code"] != "web.error.rate":
                        acks += 1
                    else:
                        refused += 1
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    assert acks <= 10 + 5 and refused >= 4 * MAX_SOCKETS - 15


def test_metrics_answer_this_machine_and_the_allowed_networks_only(tmp_path: Path) -> None:
    def app() -> FastAPI:
        return create_app(metrics_from=["127.0.0.0/8", "10.0.0.0/8"])

    with TestClient(app(), client=("203.0.113.9", 1)) as outsider:
        r = outsider.get("/metrics")
        assert r.status_code == 403 and r.json()["error"]["code"] == "web.error.metrics"
        assert outsider.get("/healthz").status_code == 200
    for address in ("127.0.0.1", "10.2.3.4"):
        with TestClient(app(), client=(address, 1)) as scraper:
            assert scraper.get("/metrics").status_code == 200
    with TestClient(create_app(), client=("192.168.1.20", 1)) as phone:
        assert phone.get("/metrics").status_code == 403  # by default, this machine only


def test_cookies_are_secure_when_told_or_when_the_request_came_over_https() -> None:
    def set_cookie(client: TestClient) -> str:
        r = client.post("/api/tables", json={"format": "casino"})
        assert r.status_code == 201
        return r.headers["set-cookie"].lower()

    with TestClient(create_app()) as plain:
        assert "secure" not in set_cookie(plain)
    with TestClient(create_app(secure_cookies=True)) as told:
        assert "; secure" in set_cookie(told)
    with TestClient(create_app(), base_url="https://club.example") as proxied:
        assert "; secure" in set_cookie(proxied)


def test_join_codes_hold_forty_bits_and_are_typed_in_groups_in_any_case(
    client: TestClient,
) -> None:
    import math

    from puntobanco.engine.doors import JOIN_ALPHABET, JOIN_LENGTH

    assert math.log2(len(set(JOIN_ALPHABET))) * JOIN_LENGTH >= 40
    assert not set(JOIN_ALPHABET) & set("0O1IL2Z5S8B")
    t = open_table(client, "casino", seed=1)
    code = t["join_code"]
    assert len(code) == JOIN_LENGTH and set(code) <= set(JOIN_ALPHABET)
    grouped = f"{code[:3]}-{code[3:6]} {code[6:]}".lower()
    assert client.get(f"/api/codes/{grouped}").json()["table"] == t["table"]


def test_one_address_opens_a_few_tables_then_a_few_an_hour(tmp_path: Path) -> None:
    from puntobanco.web.limits import TABLES_AT_ONCE

    app = create_app(store=str(tmp_path / "o.db"), rate=10_000, burst=10_000)
    with (
        TestClient(app, client=("203.0.113.9", 1)) as script,
        TestClient(app, client=("198.51.100.7", 1)) as teacher,
    ):
        made = [
            script.post("/api/tables", json={"format": "casino"}).status_code
            for _ in range(TABLES_AT_ONCE + 5)
        ]
        assert made == [201] * TABLES_AT_ONCE + [429] * 5
        refused = script.post("/api/tables", json={"format": "casino"})
        assert refused.json()["error"]["code"] == "web.error.tables_rate"
        assert teacher.post("/api/tables", json={"format": "casino"}).status_code == 201


def test_one_seat_holds_a_few_sockets_not_hundreds(tmp_path: Path) -> None:
    from puntobanco.web.limits import MAX_SOCKETS

    with TestClient(create_app(store=str(tmp_path / "k.db"))) as client:
        t = open_table(client, "casino", seed=1, turn_seconds=None)
        ana, bruno = join(client, t["table"], "Ana"), join(client, t["table"], "Bruno")
        url = f"/api/tables/{t['table']}/ws"

        def opened(token: str) -> object:
            ws = client.websocket_connect(url)
            ws.__enter__()
            ws.send_json({"type": "hello", "token": token})
            return ws

        held = [opened(ana) for _ in range(MAX_SOCKETS)]
        for ws in held:
            assert ws.receive_json()["type"] == "welcome"  # type: ignore[attr-defined]
        extra = opened(ana)
        refused = extra.receive_json()  # type: ignore[attr-defined]
        assert refused["error"]["code"] == "web.error.sockets"
        with pytest.raises(WebSocketDisconnect) as closed:
            extra.receive_json()  # type: ignore[attr-defined]
        assert closed.value.code == 1008
        other = opened(bruno)
        assert other.receive_json()["type"] == "welcome"  # type: ignore[attr-defined]
        for ws in [*held, other, extra]:
            with contextlib.suppress(WebSocketDisconnect):
                ws.__exit__(None, None, None)  # type: ignore[attr-defined]
