"""docs/deploy.md's service section says what the code does: its settings table names
every setting, its ``--print-config`` example is what ``serve`` prints for its TOML
file, and its metrics table names every metric a server exposes.

Its nginx, systemd and Prometheus examples run as written: systemd checks the unit
(``systemd-analyze verify``), nginx the site (``nginx -t``) and then serves it in front
of a real ``serve``, passing pages and a WebSocket on and keeping ``/metrics`` from the
outside; Prometheus checks its configuration and scrapes that ``serve`` with it. Only
the addresses (and the scrape interval) are changed to run them here. A missing tool
skips these tests on a developer's machine and fails them under CI (``.ci/run``
installs the packages nginx, prometheus and systemd).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from puntobanco.cli import main
from puntobanco.cli.serveconfig import SETTINGS
from tests.web.conftest import free_port
from tests.web.serve_process import ServeProcess

PAGE = (Path(__file__).parents[1] / "docs" / "deploy.md").read_text(encoding="utf-8")
SECTION = PAGE[PAGE.index("## Running `serve` as a service") :]


def blocks(kind: str) -> list[str]:
    """The section's fenced blocks whose fence names ``kind`` ("" for a bare fence)."""
    found: list[str] = []
    current: list[str] | None = None
    for line in SECTION.splitlines():
        if current is None and line.startswith("```"):
            current = [] if line[3:].strip() == kind else None
            if current is None:
                current = ["<other>"]
        elif current is not None and line.startswith("```"):
            if current[:1] != ["<other>"]:
                found.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return found


def test_the_settings_table_names_every_setting() -> None:
    rows = re.findall(r"^\| `(\w+)` \| `(--[\w-]+)`", SECTION, re.MULTILINE)
    assert [key for key, _ in rows] == [s.key for s in SETTINGS]
    assert [flag for _, flag in rows] == [s.flag for s in SETTINGS]


def test_the_print_config_example_is_what_serve_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (toml,) = blocks("toml")
    assert set(tomllib.loads(toml)) <= {s.key for s in SETTINGS}
    path = tmp_path / "serve.toml"
    path.write_text(toml, encoding="utf-8")
    example = next(b for b in blocks("") if "--print-config" in b)
    command, *expected = example.strip().splitlines()
    assert command.startswith("$ PUNTOBANCO_PORT=8001 puntobanco serve --config ")
    for name in [s.env for s in SETTINGS] + ["PUNTOBANCO_CONFIG"]:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PUNTOBANCO_PORT", "8001")
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # an English locale, as in the example
    out = io.StringIO()
    argv = ["serve", "--config", str(path), "--log-format", "json"]
    with contextlib.redirect_stdout(out):
        assert main([*argv, "--print-config"]) == 0
    assert out.getvalue().replace(str(path), "/etc/puntobanco/serve.toml").splitlines() == expected


def test_the_metrics_table_names_every_metric() -> None:
    from puntobanco.web.metrics import Metrics

    ours = {
        m.name + ("_total" if m.type == "counter" else "")
        for m in Metrics().registry.collect()
        if m.name.startswith("puntobanco_")
    }
    listed = set(re.findall(r"^\| `(puntobanco_\w+)", SECTION, re.MULTILINE))
    assert listed == ours


#: Where the examples expect ``serve``: its default address.
DEFAULT_PORT = next(s.default for s in SETTINGS if s.key == "port")
UPSTREAM = f"127.0.0.1:{DEFAULT_PORT}"


#: The Debian package of each program these tests run.
PACKAGES = {
    "nginx": "nginx",
    "prometheus": "prometheus",
    "promtool": "prometheus",
    "systemd-analyze": "systemd",
}


def tool(name: str) -> str:
    """The path of the program ``name``: skips the test when it is missing, but fails
    it under CI, where ``.ci/run`` installs it."""
    found = shutil.which(name) or next(
        (f"{d}/{name}" for d in ("/usr/sbin", "/sbin") if Path(f"{d}/{name}").exists()), None
    )
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{name} is missing: .ci/run installs the package {PACKAGES[name]}")
        pytest.skip(f"{name} is not installed (apt-get install {PACKAGES[name]})")
    return found


def one(kind: str) -> str:
    """The section's one fenced block of ``kind``."""
    (text,) = blocks(kind)
    return text


def test_the_systemd_unit_passes_systemd_analyze_and_starts_serve_as_configured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unit = one("ini")
    (start,) = [line for line in unit.splitlines() if line.startswith("ExecStart=")]
    program, *args = start.removeprefix("ExecStart=").split()
    venv = re.search(r"python3 -m venv (\S+)", SECTION)
    assert venv is not None and program == f"{venv[1]}/bin/puntobanco"  # the one installed
    assert args[:3] == ["serve", "--config", "/etc/puntobanco/serve.toml"]

    # What the unit starts, with its environment, reads the settings of the page.
    config = tmp_path / "serve.toml"
    config.write_text(one("toml"), encoding="utf-8")
    for name in [s.env for s in SETTINGS] + ["PUNTOBANCO_CONFIG"]:
        monkeypatch.delenv(name, raising=False)
    for name, value in re.findall(r"^Environment=(\w+)=(\S+)$", unit, re.MULTILINE):
        monkeypatch.setenv(name, value)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        given = [a.replace("/etc/puntobanco/serve.toml", str(config)) for a in args]
        assert main([*given, "--print-config"]) == 0
    shown = tomllib.loads(out.getvalue())
    assert shown["log_format"] == "json" and shown["db"] == "/var/lib/puntobanco/club.db"
    assert shown["db"].startswith("/var/lib/puntobanco/")  # the StateDirectory it may write

    # systemd's own check, the program being one that is here (verify requires it).
    here = f"ExecStart={sys.executable} -m puntobanco {' '.join(args)}"
    path = tmp_path / "puntobanco.service"
    path.write_text(unit.replace(start, here), encoding="utf-8")
    analyze = tool("systemd-analyze")
    done = subprocess.run(
        [analyze, "verify", "--man=no", str(path)], capture_output=True, text=True, timeout=60
    )
    said = done.stdout + done.stderr
    # Warnings (an unknown key, a bad value) do not change the exit status: any line
    # about the unit fails the test.
    assert done.returncode == 0 and "puntobanco" not in said, said


def test_the_prometheus_config_passes_promtool() -> None:
    promtool = tool("promtool")
    text = one("yaml")
    assert f'targets: ["{UPSTREAM}"]' in text  # where serve listens by default
    done = subprocess.run(
        [promtool, "check", "config", "/dev/stdin"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "SUCCESS" in done.stdout, done.stdout + done.stderr


def nginx_conf(folder: Path, site: str, port: int, upstream: int) -> Path:
    """The page's site (``conf.d/puntobanco.conf``, which Debian's nginx.conf includes in
    its ``http`` block) in an nginx.conf of its own: the site listening on ``port`` of
    127.0.0.1, its upstream ``serve`` on ``upstream``, every file nginx writes in
    ``folder``."""
    assert f"server {UPSTREAM};" in site and "listen 80;" in site
    site = site.replace(f"server {UPSTREAM};", f"server 127.0.0.1:{upstream};")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    temps = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    # As root, nginx's workers would run as nobody, who cannot enter pytest's folders.
    user = "user root;\n" if os.geteuid() == 0 else ""
    conf = folder / "nginx.conf"
    conf.write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'};\nevents {{}}\n"
        f"http {{\n    access_log {folder / 'access.log'};\n{temps}\n\n{site}}}\n",
        encoding="utf-8",
    )
    return conf


@contextlib.contextmanager
def running(argv: list[str], log: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """``argv`` in a child process until the block ends, once it accepts on ``port``."""
    with log.open("wb") as out:
        child = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert child.poll() is None, log.read_text(encoding="utf-8")
                assert time.monotonic() < deadline, log.read_text(encoding="utf-8")
                time.sleep(0.05)
        yield child
    finally:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait(5)


@pytest.mark.slow
def test_nginx_and_prometheus_as_written_in_front_of_a_real_serve(tmp_path: Path) -> None:
    nginx, promtool, prometheus = tool("nginx"), tool("promtool"), tool("prometheus")
    serve_port, proxy_port, prom_port = free_port(), free_port(), free_port()
    conf = nginx_conf(tmp_path, one("nginx"), proxy_port, serve_port)
    base = [nginx, "-p", str(tmp_path), "-c", str(conf), "-e", str(tmp_path / "error.log")]
    checked = subprocess.run([*base, "-t"], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and "test is successful" in checked.stderr, checked.stderr

    args = ["--port", str(serve_port), "--db", str(tmp_path / "club.db"), "--log-level", "info"]
    args += ["--origin", "http://club.example"]  # the public origin, as the page's unit says
    folder = tmp_path / "serve"
    folder.mkdir()
    # A browser on http://club.example/ (the page's server_name, port 80) sends this
    # Host, and this Origin with its WebSocket and its forms.
    site = {"Host": "club.example", "Origin": "http://club.example"}
    with (
        ServeProcess(folder, serve_port, args) as serve,
        running(base, tmp_path / "nginx.out", proxy_port),
        httpx.Client(base_url=f"http://127.0.0.1:{proxy_port}", timeout=10) as proxy,
    ):
        page = proxy.get("/", headers=site)
        assert page.status_code == 200 and "<html" in page.text
        opened = proxy.post(
            "/api/tables", json={"format": "casino", "settings": {"seed": 3}}, headers=site
        )
        assert opened.status_code == 201, opened.text
        table = opened.json()
        joined = proxy.post(
            f"/api/tables/{table['table']}/players", json={"name": "Ana"}, headers=site
        ).json()

        # The WebSocket upgrade goes through, and the connection carries the game.
        ws_path = f"/api/tables/{table['table']}/ws"
        link = socket.create_connection(("127.0.0.1", proxy_port))
        with connect(f"ws://club.example{ws_path}", sock=link, origin=Origin(site["Origin"])) as ws:
            ws.send(json.dumps({"type": "hello", "token": joined["token"]}))
            ws.send(json.dumps({"id": "b1", "type": "Bet", "box": "banco", "stake": 2000}))
            seen: list[dict[str, Any]] = []
            while not any(m.get("type") == "ack" for m in seen):
                seen.append(json.loads(ws.recv(timeout=10)))
            assert any(m["type"] == "view" for m in seen)
        # The public origin given to serve is what lets it tell its own pages from
        # another site's (never the Host, which a rebinding page chooses).
        foreign = proxy.post(
            "/api/tables",
            json={"format": "casino", "settings": {}},
            headers={**site, "Origin": "http://elsewhere.example"},
        )
        assert foreign.status_code == 403

        # /metrics: for the monitoring on this machine, not for the players.
        assert proxy.get("/metrics", headers=site).status_code == 200
        outside = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(transport=outside, timeout=10) as player:
            there = f"http://127.0.0.1:{proxy_port}"
            assert player.get(f"{there}/metrics", headers=site).status_code == 403
            assert player.get(f"{there}/healthz", headers=site).status_code == 200

        # Prometheus, with the page's configuration, scrapes that server.
        scraped = serve.get("/metrics").text
        linted = subprocess.run(
            [promtool, "check", "metrics"], input=scraped, capture_output=True, text=True
        )
        assert linted.returncode == 0, linted.stdout + linted.stderr
        config = tmp_path / "prometheus.yml"
        text = one("yaml").replace(UPSTREAM, f"127.0.0.1:{serve_port}")
        config.write_text(text.replace("scrape_interval: 15s", "scrape_interval: 1s"), "utf-8")
        argv = [
            prometheus,
            f"--config.file={config}",
            f"--storage.tsdb.path={tmp_path / 'tsdb'}",
            f"--web.listen-address=127.0.0.1:{prom_port}",
        ]
        with running(argv, tmp_path / "prometheus.out", prom_port):
            query = f"http://127.0.0.1:{prom_port}/api/v1/query"
            deadline = time.monotonic() + 30
            while True:
                got = httpx.get(query, params={"query": "puntobanco_tables_open"}).json()
                if got["data"]["result"] or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
        assert [r["value"][1] for r in got["data"]["result"]] == ["1"], got  # the table
    # The server names each player's own address, which nginx passes on.
    access = [line for line in serve.log_lines() if "puntobanco.web.access" in line]
    assert any('127.0.0.2 "GET /healthz" 200' in line for line in access), access
