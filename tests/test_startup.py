"""The command line stays light: heavy optional dependencies load only where needed."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = (
    "numpy",
    "numba",
    "textual",
    "dask",
    "distributed",
    "rich",
    "matplotlib",
    "sqlite3",
    "babel",  # compiles the catalogue when puntobanco is built, never when it runs
    # Our own parts that coup and odds do not need:
    "puntobanco.table",
    "puntobanco.store",
    "puntobanco.roads",
    "puntobanco.games",
    "puntobanco.sim",
)

PROBE = f"""
import json, sys
from puntobanco.cli import build_parser, main
build_parser("en")
main(["coup", "4h 2s 9c Ad 8d", "--json"])
main(["odds", "--decks", "1", "--json"])
print(json.dumps(sorted(m for m in {HEAVY!r} if m in sys.modules)))
"""


def test_coup_and_odds_import_no_heavy_dependency_nor_the_tables() -> None:
    from puntobanco.i18n import LANGS, language

    for lang in LANGS:  # a checkout's edited .po is compiled here, not in the probe
        language(lang)
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert loaded == []
