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
