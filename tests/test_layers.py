"""Layers import downwards: no cycle in ``sim/``, no arrow from ``odds/`` up into ``sim/``."""

from __future__ import annotations

import subprocess
import sys

import pytest


def loaded_after(module: str) -> set[str]:
    code = (
        f"import sys, {module}; "
        "print(' '.join(m for m in sys.modules if m.startswith('puntobanco')))"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return set(out.stdout.split())


def test_batched_odds_need_nothing_of_the_simulator() -> None:
    assert not {m for m in loaded_after("puntobanco.odds.batch") if m.startswith("puntobanco.sim")}


@pytest.mark.parametrize("module", ["puntobanco.sim.results", "puntobanco.sim.config"])
def test_results_and_config_do_not_import_the_runner(module: str) -> None:
    assert "puntobanco.sim.runner" not in loaded_after(module)


def test_the_screens_base_does_not_import_the_app() -> None:
    import ast
    from pathlib import Path

    import puntobanco.tui

    source = Path(puntobanco.tui.__file__).with_name("base.py").read_text(encoding="utf-8")
    imported = {
        node.module
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom) and node.module
    } | {
        alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    assert "puntobanco.tui.app" not in imported
