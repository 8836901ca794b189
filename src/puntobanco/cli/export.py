"""``puntobanco export TABLE --jsonl [--db PATH]``: a table's log as JSON lines."""

from __future__ import annotations

import argparse

from puntobanco.cli.history import add_db_argument
from puntobanco.i18n import Lang, t

NAME = "export"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], lang: Lang) -> None:
    """Declare ``export TABLE --jsonl [--db PATH]``."""
    p = sub.add_parser(
        NAME, help=t("cli.help.export", lang), description=t("cli.help.export", lang)
    )
    p.add_argument("table", help=t("cli.help.table", lang))
    p.add_argument("--jsonl", action="store_true", default=True, help=t("cli.help.jsonl", lang))
    add_db_argument(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """One line per event: ``{"table", "seq", "time", "event": {...}, "prev", "hash"}``."""
    import sys

    from puntobanco.errors import StoreError
    from puntobanco.paths import default_db_path
    from puntobanco.store import existing_log, open_store
    from puntobanco.store.jsonl import export_lines

    store = open_store(existing_log(args.db or default_db_path()))
    try:
        records = store.load(args.table)
        if not records:
            raise StoreError(
                "store.error.unknown_table",
                table=args.table,
                db=getattr(store, "name", "?"),
                tables=", ".join(store.tables()) or "-",
            )
        for line in export_lines(records):
            sys.stdout.write(line + "\n")
    finally:
        store.close()
    return 0
