"""Attacks by malformed requests: JSON nested past the parser, a bug's answer
without the security headers, statuses the API document does not list.

Each test is one probe of the December 2026 attacker's pass against ``serve``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.web.app import create_app
from puntobanco.web.tables import Tables
from tests.web.helpers import bearer, join, open_table

DEEP = "[" * 2000 + "]" * 2000
HEADERS = (
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "r.db"))) as c:
        yield c


def test_json_nested_past_the_parser_is_a_400_over_http(client: TestClient) -> None:
    r = client.post("/api/tables", content=DEEP)
    assert r.status_code == 400 and r.json()["error"]["code"] == "web.error.json"
    t = open_table(client, "casino", seed=1)
    ana = join(client, t["table"], "Ana")
    url = f"/api/tables/{t['table']}/commands"
    r = client.post(url, content=DEEP, headers=bearer(ana))
    assert r.status_code == 400 and r.json()["error"]["code"] == "web.error.json"


def test_json_nested_past_the_parser_is_an_error_over_the_socket_which_lives_on(
    client: TestClient,
) -> None:
    t = open_table(client, "casino", seed=1, turn_seconds=None)
    ana = join(client, t["table"], "Ana")
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        ws.send_json({"type": "hello", "token": ana})
        while ws.receive_json()["type"] != "view":
            pass
        ws.send_text(DEEP)
        error = ws.receive_json()
        assert error["type"] == "error" and error["error"]["code"] == "web.error.json"
        ws.send_json({"id": "b1", "type": "Bet", "box": "banco", "stake": 1_000})
        message = ws.receive_json()
        while message["type"] != "ack":
            message = ws.receive_json()
        assert message["id"] == "b1"
    with client.websocket_connect(f"/api/tables/{t['table']}/ws") as ws:
        ws.send_text(DEEP)  # as the hello
        assert ws.receive_json()["error"]["code"] == "web.error.json"


def test_a_bug_s_500_carries_the_security_headers_and_tells_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*_: object) -> None:
        raise RuntimeError("secret detail of the bug")

    monkeypatch.setattr(Tables, "view", broken)
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        t = open_table(client, "casino", seed=1)
        r = client.get(f"/api/tables/{t['table']}/view", headers=bearer(t["host_token"]))
    assert r.status_code == 500
    for header in HEADERS:
        assert header in r.headers, header
    assert r.headers["cache-control"] == "no-store"
    assert r.json()["error"]["code"] == "web.error.internal"
    assert "secret" not in r.text


def test_the_api_document_lists_every_status_each_route_answers() -> None:
    """Every route lists its refusals, a bug's 500 included, in the error's form."""
    document = create_app().openapi()
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            listed = set(operation["responses"])
            assert {"413", "422", "500"} <= listed, (method, path)
            for status in listed - {"200", "201", "204"}:
                content = operation["responses"][status]["content"]["application/json"]
                assert content["schema"] == {"$ref": "#/components/schemas/Refusal"}, status
    codes = document["paths"]["/api/codes/{code}"]["get"]["responses"]
    assert {"404", "429"} <= set(codes)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/tables", b"x" * 5000),  # refused before the application reads it
        ("GET", "/nothing/here", b""),
        ("POST", "/api/tables", b"{not json"),
        ("GET", "/api/tables/tnope/view", b""),
    ],
)
def test_every_refusal_carries_the_security_headers(
    client: TestClient, method: str, path: str, body: bytes
) -> None:
    r = client.request(method, path, content=body)
    assert r.status_code >= 400
    for header in HEADERS:
        assert header in r.headers, (path, header)


def test_an_unknown_address_or_method_is_answered_in_the_error_s_form(client: TestClient) -> None:
    for r, code in (
        (client.get("/api/nothing", headers={"Accept-Language": "fr"}), "web.error.not_found"),
        (client.put("/api/tables"), "web.error.method"),
    ):
        assert r.json()["error"]["code"] == code and "detail" not in r.json()
    assert client.put("/api/tables").headers["allow"] == "POST"
