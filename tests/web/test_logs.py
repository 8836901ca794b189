"""``web.logs``: JSON lines for log shippers, text lines for people, and the levels
that keep secrets out (uvicorn's WebSocket frames never at DEBUG)."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
from collections.abc import Iterator

import pytest

from puntobanco.cli import main
from puntobanco.web.logs import JsonFormatter, NoQueryStrings, TextFormatter, configure
from tests.web.conftest import free_port

NAMES = ("", "puntobanco", "uvicorn", "uvicorn.error", "uvicorn.access", "puntobanco.web.access")


@pytest.fixture
def restored() -> Iterator[None]:
    """``configure`` changes process-wide loggers: put them back afterwards."""
    saved = {n: (logging.getLogger(n).level, logging.getLogger(n).propagate) for n in NAMES}
    handlers = list(logging.getLogger().handlers)
    yield
    root = logging.getLogger()
    for h in list(root.handlers):
        if h not in handlers:
            root.removeHandler(h)
    for name, (level, propagate) in saved.items():
        logging.getLogger(name).setLevel(level)
        logging.getLogger(name).propagate = propagate


def record(name: str, msg: str, *args: object, **extra: object) -> logging.LogRecord:
    r = logging.LogRecord(name, logging.INFO, __file__, 1, msg, args, None)
    r.__dict__.update(extra)
    return r


def test_a_json_line_carries_time_level_table_command_role_and_latency() -> None:
    line = JsonFormatter().format(
        record(
            "puntobanco.web.commands",
            "%s bet by player: ok",
            "t1",
            table="t1",
            command="bet",
            role="player",
            result="ok",
            latency_ms=2.5,
        )
    )
    data = json.loads(line)
    assert data["level"] == "info" and data["logger"] == "puntobanco.web.commands"
    assert data["message"] == "t1 bet by player: ok" and data["time"].endswith("Z")
    assert (data["table"], data["command"], data["role"], data["latency_ms"]) == (
        "t1",
        "bet",
        "player",
        2.5,
    )
    assert "\n" not in line


def test_uvicorns_websocket_lines_lose_their_query_string() -> None:
    r = record("uvicorn.error", '%s - "WebSocket %s" [accepted]', "1.2.3.4:5", "/ws?token=abc")
    assert NoQueryStrings().filter(r) and r.getMessage() == '1.2.3.4:5 - "WebSocket /ws" [accepted]'
    text = TextFormatter().format(r)
    assert text.endswith('INFO uvicorn.error: 1.2.3.4:5 - "WebSocket /ws" [accepted]')


def test_debug_keeps_uvicorns_frames_out_and_other_libraries_at_warnings(restored: None) -> None:
    stream = io.StringIO()
    configure("debug", "json", stream)
    assert logging.getLogger("puntobanco").getEffectiveLevel() == logging.DEBUG
    assert logging.getLogger("uvicorn.error").getEffectiveLevel() == logging.INFO
    assert logging.getLogger("websockets.client").getEffectiveLevel() == logging.WARNING
    logging.getLogger("uvicorn.error").debug('< TEXT \'{"token": "secret"}\'')
    logging.getLogger("puntobanco.web").debug("kept")
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert [line["message"] for line in lines] == ["kept"]


def test_no_access_log_and_a_quieter_level(restored: None) -> None:
    stream = io.StringIO()
    configure("warning", "text", stream, access=False)
    logging.getLogger("puntobanco.web.access").warning("not an access line")
    logging.getLogger("puntobanco.web.access").info("GET /")
    logging.getLogger("uvicorn.error").info("Started server process")
    assert stream.getvalue().count("\n") == 1 and "not an access line" in stream.getvalue()
    configure("info", "text", stream)  # configured again: one handler, not two
    logging.getLogger("puntobanco.web").info("once")
    assert stream.getvalue().count("once") == 1


def test_every_answer_has_its_access_line_even_one_refused_before_the_application(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from fastapi.testclient import TestClient

    from puntobanco.web.app import create_app

    with TestClient(create_app()) as client, caplog.at_level(logging.INFO):
        assert client.post("/api/tables", content=b"x" * 5000).status_code == 413
        assert client.get("/api/codes/ZZZZZ?lang=fr").status_code == 404
    lines = [r for r in caplog.records if r.name == "puntobanco.web.access"]
    assert [(r.__dict__["method"], r.__dict__["path"], r.__dict__["status"]) for r in lines] == [
        ("POST", "/api/tables", 413),
        ("GET", "/api/codes/ZZZZZ", 404),
    ]


#: Databases the server cannot open, each named with secrets that must not be shown:
#: an unknown scheme (refused at once) and a PostgreSQL server that is not there.
UNOPENABLE = {
    "store.error.url": "postgresq://club:s3cr3t-pw@127.0.0.1:1/pb?password=s3cr3t-pw",
    "store.error.pg_unreachable": (
        "postgresql://club@127.0.0.1:1/pb?password=s3cr3t-pw&sslpassword=s3cr3t-pw"
    ),
}


def start(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """``puntobanco *argv`` in this process, the settings' variables left out."""
    for name in [n for n in os.environ if n.startswith("PUNTOBANCO_")]:
        if not name.startswith("PUNTOBANCO_TEST"):
            monkeypatch.delenv(name)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("key", sorted(UNOPENABLE))
def test_a_server_that_cannot_start_says_why_in_one_json_line_without_the_password(
    restored: None, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    serve = ["--lang", "fr", "serve", "--db", UNOPENABLE[key], "--port", str(free_port())]
    code, out, err = start([*serve, "--log-format", "json"], monkeypatch)
    assert code == 2 and out == ""
    (line,) = [json.loads(text) for text in err.splitlines()]  # one line, and it is JSON
    assert line["level"] == "critical" and line["logger"] == "puntobanco.web"
    assert line["result"] == key
    assert line["message"].startswith("cannot start: ")  # in English, as every log line
    assert "password=***" in line["message"] and "s3cr3t-pw" not in err

    code, out, err = start([*serve, "--log-format", "text"], monkeypatch)
    assert code == 2 and err.startswith("erreur\u00a0: ")  # for a person: in their language
    assert "password=***" in err and "s3cr3t-pw" not in err
