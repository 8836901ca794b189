"""Compiled code is cached where the user can write, even for a read-only install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_numba_caches_under_the_users_cache_directory(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR",)}
    env["PUNTOBANCO_CACHE_DIR"] = str(tmp_path / "cache")
    code = "import puntobanco.jit as j; print(j.numba.config.CACHE_DIR)"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == str(tmp_path / "cache" / "numba")


def test_an_explicit_numba_cache_directory_is_respected(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "mine")}
    code = "import puntobanco.jit as j; print(j.numba.config.CACHE_DIR)"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == str(tmp_path / "mine")
