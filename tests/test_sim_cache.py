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
    from puntobanco.jit import source_digest

    assert out == str(tmp_path / "cache" / "numba" / source_digest())


def test_any_change_to_any_source_file_moves_the_cache(tmp_path: Path) -> None:
    """Numba checks a cached kernel against its own file only; a change in a
    module it calls must still compile afresh."""
    from puntobanco.jit import source_digest

    (tmp_path / "odds").mkdir()
    (tmp_path / "odds" / "kernel.py").write_text("A = 1\n")
    (tmp_path / "caller.py").write_text("from odds.kernel import A\n")
    before = source_digest(tmp_path)
    (tmp_path / "odds" / "kernel.py").write_text("A = 2\n")
    changed = source_digest(tmp_path)
    (tmp_path / "odds" / "kernel.py").write_text("A = 1\n")
    assert changed != before and source_digest(tmp_path) == before
    (tmp_path / "odds" / "kernel.py").rename(tmp_path / "odds" / "other.py")
    assert source_digest(tmp_path) != before  # a renamed file too


def test_an_explicit_numba_cache_directory_is_respected(tmp_path: Path) -> None:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "mine")}
    code = "import puntobanco.jit as j; print(j.numba.config.CACHE_DIR)"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == str(tmp_path / "mine")
