"""``puntobanco serve`` run as an operator runs it, in a child process: health checks,
metrics, its logs (text and JSON), compressed and cached static files, and its
settings from a file, the environment and flags."""

from __future__ import annotations

import gzip
import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from puntobanco.web.app import STATIC
from tests.web.conftest import free_port
from tests.web.serve_process import ServeProcess


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape, parsed by prometheus-client's own parser."""
    found = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            found[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return found


def test_serve_answers_its_checks_logs_as_json_and_serves_compressed_cached_files(
    tmp_path: Path,
) -> None:
    port_in_file, port = free_port(), free_port()
    config = tmp_path / "serve.toml"
    config.write_text(
        f'port = {port_in_file}\nlog_format = "text"\ndb = "{tmp_path / "club.db"}"\n'
        'origins = ["https://club.example"]\n',
        encoding="utf-8",
    )
    # The environment overrides the file: the port and the log format come from it.
    env = {"PUNTOBANCO_PORT": str(port), "PUNTOBANCO_LOG_FORMAT": "json"}
    with ServeProcess(tmp_path, port, ["--config", str(config)], env) as serve:
        assert serve.get("/healthz").json()["status"] == "ok"
        assert serve.get("/readyz").status_code == 200
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"http://127.0.0.1:{port_in_file}/healthz", timeout=2)

        # A seed: the first shoe is shuffled as the table opens (without one, it waits
        # for the phones' contributions, whose commands would be counted too).
        table = serve.post("/api/tables", {"format": "casino", "settings": {"seed": 3}}).json()
        ana = serve.post(f"/api/tables/{table['table']}/players", {"name": "Ana"}).json()
        bet = {"id": "b1", "type": "Bet", "box": "banco", "stake": 2000}
        path = f"/api/tables/{table['table']}/commands"
        assert serve.post(path, bet, ana["token"]).status_code == 200
        # A host's command from a player (who may deal only as the shoe's holder, seed 002).
        refusal = {"id": "d1", "type": "CloseBets"}
        assert serve.post(path, refusal, ana["token"]).status_code == 403

        scraped = serve.get("/metrics")
        assert scraped.headers["content-type"].startswith("text/plain; version=0.0.4")
        got = samples(scraped.text)
        assert got[("puntobanco_commands_total", (("result", "ok"), ("type", "Bet")))] == 1
        refused_count = (
            "puntobanco_commands_total",
            (("result", "refused"), ("type", "CloseBets")),
        )
        assert got[refused_count] == 1
        assert got[("puntobanco_command_ack_seconds_count", ())] == 2
        assert got[("puntobanco_tables_open", ())] == 1
        assert got[("puntobanco_store_commit_seconds_count", ())] >= 3  # open, sit, bet

        page = serve.get("/", headers={"Accept-Encoding": "gzip"})
        assert page.headers["cache-control"] == "no-cache"
        found = re.search(r'src="(/static/host\.[0-9a-f]{8}\.js)"', page.text)
        assert found is not None, page.text[:600]
        raw = httpx.get(serve.url + found[1], headers={"Accept-Encoding": "gzip"}, timeout=10)
        assert raw.status_code == 200
        assert raw.headers["content-encoding"] == "gzip"
        assert raw.headers["vary"] == "Accept-Encoding"
        assert raw.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert raw.content == (STATIC / "host.js").read_bytes()  # httpx decompressed it
        with (
            httpx.Client() as plain,
            plain.stream("GET", serve.url + found[1], headers={"Accept-Encoding": "gzip"}) as r,
        ):
            packed = b"".join(r.iter_raw())
        assert gzip.decompress(packed) == raw.content and len(packed) < len(raw.content) / 2
        serve.get("/healthz?token=kept-out-of-the-log")
    lines = serve.json_lines()  # every line is one JSON object
    access = [line for line in lines if line["logger"] == "puntobanco.web.access"]
    health = [a for a in access if a["path"] == "/healthz"]
    assert health and all(a["method"] == "GET" and a["status"] == 200 for a in health)
    assert all(isinstance(a["latency_ms"], float) for a in health)
    assert not any("kept-out-of-the-log" in json.dumps(line) for line in lines)
    commands = [line for line in lines if line["logger"] == "puntobanco.web.commands"]
    (bet_line,) = [c for c in commands if c["command"] == "Bet"]
    assert bet_line["table"] == table["table"] and bet_line["role"] == "player"
    assert bet_line["result"] == "ok" and bet_line["level"] == "info"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", bet_line["time"])
    (refused,) = [c for c in commands if c["command"] == "CloseBets"]
    assert refused["result"] == "engine.error.host_only" and refused["status"] == 403
    assert any(line["logger"] == "uvicorn.error" for line in lines)  # uvicorn's own lines too


def test_the_text_log_names_each_request_and_the_settings_print_as_toml(
    tmp_path: Path,
) -> None:
    port = free_port()
    config = tmp_path / "serve.toml"
    config.write_text(f'port = 1\ndb = "{tmp_path / "club.db"}"\n', encoding="utf-8")
    env = {"PUNTOBANCO_PORT": str(port)}
    with ServeProcess(tmp_path, port, ["--config", str(config), "--log-level", "info"], env) as s:
        s.get("/static/app.css")
    text = "\n".join(s.log_lines())
    assert re.search(
        r'INFO puntobanco\.web\.access: 127\.0\.0\.1 "GET /static/app\.css" 200 ', text
    )
    assert "Host screen" in s.stdout.read_text(encoding="utf-8")


#: A database password that must never be shown.
SECRET = "s3cr3t-pw-0f-the-club"


def test_readyz_answers_503_once_postgresql_is_stopped(tmp_path: Path) -> None:
    """On a throwaway cluster of the test's own (never the shared one): stopped under
    the running server, the store no longer answers and the server says so."""
    from puntobanco.errors import StoreError
    from puntobanco.store import pgcluster

    folder = Path(tempfile.mkdtemp(prefix="puntobanco-readyz-"))
    try:
        try:
            cluster = pgcluster.start(folder)
        except StoreError as error:
            if os.environ.get("CI", "").lower() == "true":
                pytest.fail(f"PostgreSQL is required under CI: {error}")
            pytest.skip(f"PostgreSQL not available: {error}")
        port = free_port()
        # A password in the query string (the cluster trusts every local connection,
        # so it is not needed): it must show nowhere, masked as the URL's own.
        db = f"{cluster.url}?password={SECRET}&sslpassword={SECRET}"
        args = ["--db", db, "--port", str(port), "--log-format", "json"]
        with ServeProcess(tmp_path, port, args) as serve:
            assert serve.get("/readyz").json() == {"status": "ready"}
            table = serve.post("/api/tables", {"format": "casino", "settings": {"seed": 3}})
            ana = serve.post(f"/api/tables/{table.json()['table']}/players", {"name": "Ana"})
            pgcluster.stop(folder)
            answer = serve.get("/readyz", headers={"Accept-Language": "fr"})
            assert answer.status_code == 503
            body: dict[str, Any] = answer.json()
            assert body["status"] == "unavailable" and body["error"]["code"] == "ops.ready.store"
            assert body["error"]["message"].startswith("Le serveur tourne")
            assert serve.get("/healthz").status_code == 200  # the process itself is up
            bet = {"id": "b1", "type": "Bet", "box": "banco", "stake": 2000}
            path = f"/api/tables/{table.json()['table']}/commands"
            refused = serve.post(path, bet, ana.json()["token"])
            assert refused.status_code == 503, refused.text
            assert SECRET not in refused.text and SECRET not in answer.text
        assert not [line for line in serve.log_lines() if SECRET in line]
        assert "password=***&sslpassword=***" in serve.stderr.read_text(encoding="utf-8")
        warned = [
            line
            for line in serve.json_lines()
            if line["logger"] == "puntobanco.web" and line["level"] == "warning"
        ]
        assert warned and "the store does not answer" in warned[0]["message"]
    finally:
        pgcluster.stop(folder, remove=True)
