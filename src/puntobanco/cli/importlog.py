"""``puntobanco import FILE [--head HEAD]... [--db PATH]``: read tables' logs from JSON lines.

Every table is played again through the live checks and its hash chain must be
unbroken; with ``--head``, each table must also end at a chain head noted
before the file was handed over (``store.jsonl.check_heads``): only that proves
the file was not edited with its chain computed again.
"""

from __future__ import annotations

import argparse
from contextlib import closing

from puntobanco.cli.history import add_db_argument
from puntobanco.i18n import Lang, t

NAME = "import"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``import FILE [--head HEAD]... [--db PATH]``."""
    p.add_argument("file", help=t("cli.help.file", lang))
    p.add_argument("--head", action="append", help=t("cli.help.import_head", lang))
    add_db_argument(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Check each table's log by replaying it, then store it (refused if the table exists)."""
    from puntobanco.cli.common import read_text
    from puntobanco.errors import CommandLineError
    from puntobanco.paths import default_db_path
    from puntobanco.store import open_store
    from puntobanco.store.jsonl import import_lines

    lines = read_text(args.file).splitlines()
    if not any(line.strip() for line in lines):
        raise CommandLineError("cli.error.empty_import", path=args.file)
    # Replayed in memory first: a refused file leaves no trace, not even a new empty log.
    for _ in import_lines(open_store(None), lines, heads=args.head):
        pass
    with closing(open_store(args.db or default_db_path())) as store:
        for table, events, coups in import_lines(store, lines, heads=args.head):
            print(t("import.done", lang, table=table, events=events, coups=coups))
    return 0
