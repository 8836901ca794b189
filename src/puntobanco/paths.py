"""Where puntobanco keeps its files, in the user's directories (no I/O here).

Kept apart from ``puntobanco.store`` so that every command can show the
default path in its help without importing the store and the tables.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

APP_DIR = "puntobanco"
DB_NAME = "puntobanco.db"


def default_db_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME/puntobanco/puntobanco.db``, else ``~/.local/share/puntobanco/...``."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    return root / APP_DIR / DB_NAME
