"""Numba, with its compiled code cached where the user can always write.

Numba caches compiled functions beside their source by default, which fails
for a package installed read-only; ``NUMBA_CACHE_DIR`` must be set before
numba is first imported, so every compiled module imports numba from here.

Numba checks a cached function against its own file only: a kernel that
calls a compiled function of another module keeps the old code when only
that module changed (a checkout, an edit, a merge), and would run it
silently. So the cache lives under a digest of every source file of the
package: any change to any of them compiles afresh.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

PACKAGE = Path(__file__).parent


def cache_dir() -> Path:
    """``$PUNTOBANCO_CACHE_DIR``, else ``$XDG_CACHE_HOME/puntobanco``, else ``~/.cache/...``."""
    explicit = os.environ.get("PUNTOBANCO_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "puntobanco"


def source_digest(root: Path = PACKAGE) -> str:
    """16 hex digits of SHA-256 over every ``.py`` file under ``root``: names and contents."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


if "NUMBA_CACHE_DIR" not in os.environ:
    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir() / "numba" / source_digest())

import numba  # noqa: E402

__all__ = ["cache_dir", "numba", "source_digest"]
