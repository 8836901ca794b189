"""Numba, with its compiled code cached where the user can always write.

Numba caches compiled functions beside their source by default, which fails
for a package installed read-only; ``NUMBA_CACHE_DIR`` must be set before
numba is first imported, so every compiled module imports numba from here.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """``$PUNTOBANCO_CACHE_DIR``, else ``$XDG_CACHE_HOME/puntobanco``, else ``~/.cache/...``."""
    explicit = os.environ.get("PUNTOBANCO_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "puntobanco"


if "NUMBA_CACHE_DIR" not in os.environ:
    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir() / "numba")

import numba  # noqa: E402

__all__ = ["cache_dir", "numba"]
