"""``puntobanco backup DEST [--db PATH]``: a consistent copy of the game log.

SQLite's online backup API copies the log page by page from one snapshot, the
``-wal`` file's commits included, so it is safe while tables are being played
(copying the ``.db`` file alone may lose the last coups). The copy is one file
that every command reads. A PostgreSQL log is copied with ``pg_dump``.
"""

from __future__ import annotations

import argparse
from contextlib import closing

from puntobanco.cli.history import add_db_argument
from puntobanco.i18n import Lang, t

NAME = "backup"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``backup DEST [--db PATH]``."""
    p.add_argument("dest", help=t("cli.help.backup_dest", lang))
    add_db_argument(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Copy the log to ``dest``, a new file; say how many tables and events it holds."""
    from pathlib import Path

    from puntobanco.errors import CommandLineError, StoreError
    from puntobanco.paths import default_db_path
    from puntobanco.store import BackupStore, backup_source, open_store

    db = str(args.db or default_db_path())
    source = backup_source(db)  # a log that can be copied this way, and is there
    target = Path(args.dest)
    if target.exists() or Path(f"{target}-wal").exists():
        raise CommandLineError("cli.error.backup_exists", path=args.dest)
    if not target.parent.is_dir():
        missing = "cli.reason.missing" if not target.parent.exists() else "cli.reason.not_directory"
        raise CommandLineError("cli.error.file", path=str(target.parent), reason=t(missing, lang))
    store = open_store(source, readonly=True)  # checked before it is copied
    try:
        if not isinstance(store, BackupStore):
            raise StoreError("store.error.backup_scheme", db=db)
        store.backup(target)
    except BaseException:
        target.unlink(missing_ok=True)
        raise
    finally:
        store.close()
    # The copy reads back, checked.
    with closing(open_store(f"sqlite:///{target}", readonly=True)) as copy:
        tables = copy.tables()
        events = sum(len(copy.load(table)) for table in tables)
    print(t("backup.done", lang, db=db, dest=args.dest, tables=len(tables), events=events))
    return 0
