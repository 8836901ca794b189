"""docs/deploy.md's service section says what the code does: its settings table names
every setting, its ``--print-config`` example is what ``serve`` prints for its TOML
file, and its metrics table names every metric a server exposes."""

from __future__ import annotations

import contextlib
import io
import re
import tomllib
from pathlib import Path

import pytest

from puntobanco.cli import main
from puntobanco.cli.serveconfig import SETTINGS

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
