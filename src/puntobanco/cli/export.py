"""``puntobanco export TABLE [--with-secrets] [--db PATH]``: a table's log as JSON lines.

By default the shoes still in play are hidden (no unrevealed server seed, no
card still in a shoe): what a player or an auditor may read. ``--with-secrets``
is the operator's copy, to move a table that is still in play.
"""

from __future__ import annotations

import argparse

from puntobanco.cli.history import add_db_argument, load_table
from puntobanco.i18n import Lang, t

NAME = "export"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``export TABLE --jsonl [--db PATH]``."""
    p.add_argument("table", help=t("cli.help.table", lang))
    p.add_argument("--jsonl", action="store_true", default=True, help=t("cli.help.jsonl", lang))
    p.add_argument("--with-secrets", action="store_true", help=t("cli.help.with_secrets", lang))
    add_db_argument(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """One line per event: ``{"table", "seq", "time", "event": {...}, "prev", "hash"}``."""
    import sys

    from puntobanco.store.jsonl import export_lines

    for line in export_lines(load_table(args.db, args.table), secrets=args.with_secrets):
        sys.stdout.write(line + "\n")
    return 0
