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


#: What a command may leave out of ``sys.modules``, by command: the core's records
#: for ``--help`` (it lists the commands by their help line), and for ``coup`` and
#: ``odds`` the analyses they do not print, the secure random source (hmac,
#: OpenSSL), paths, JSON without ``--json``, argparse's shutil (zlib, bz2, lzma).
ABSENT = {
    ("--help",): (
        "puntobanco.cards",
        "puntobanco.coup",
        "puntobanco.paytable",
        "puntobanco.shoe",
        "puntobanco.errors",
        "puntobanco.odds",
        "puntobanco.learn",
        "puntobanco.cli.coup",
        "puntobanco.cli.common",
        "dataclasses",
        "fractions",
        "pathlib",
        "json",
        "shutil",
    ),
    ("coup", "4h 2s 9c Ad 8d"): (
        "puntobanco.odds",
        "puntobanco.learn",
        "puntobanco.counts",
        "secrets",
        "hashlib",
        "pathlib",
        "json",
        "shutil",
        "textwrap",
        "logging",
    ),
    ("odds", "--decks", "8"): (
        "puntobanco.shoe",
        "puntobanco.rng",
        "puntobanco.odds.edgesort",
        "puntobanco.odds.known",
        "puntobanco.odds.removal",
        "puntobanco.odds.conditional",
        "puntobanco.learn",
        "secrets",
        "hashlib",
        "pathlib",
        "json",
        "shutil",
        "textwrap",
        "logging",
    ),
}

COMMAND_PROBE = """
import contextlib, io, sys
from puntobanco.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:  # --help
        pass
print(" ".join(sorted(sys.modules)))
"""


def test_each_quick_command_imports_only_what_it_needs() -> None:
    from puntobanco.i18n import language

    language("en")  # a checkout's edited .po is compiled here, not in the probe
    for argv, absent in ABSENT.items():
        done = subprocess.run(
            [sys.executable, "-c", COMMAND_PROBE, "--lang", "en", *argv],
            capture_output=True,
            text=True,
            check=True,
        )
        loaded = set(done.stdout.split())
        assert "puntobanco.cli" in loaded
        assert sorted(loaded.intersection(absent)) == [], argv
