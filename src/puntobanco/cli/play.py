"""``puntobanco play``: the full-screen terminal game (Textual, imported in ``run``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from puntobanco.cli.common import need_extra
from puntobanco.cli.history import add_db_argument
from puntobanco.i18n import LANGS, Lang, t

NAME = "play"


def add_store_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """``--lang``, ``--resume``, ``--db PATH``, ``--no-store``: shared with ``assist``."""
    # --lang after the command too: ``puntobanco play --lang fr`` (read by the CLI's early scan)
    p.add_argument(
        "--lang", choices=LANGS, default=argparse.SUPPRESS, help=t("cli.help.lang", lang)
    )
    p.add_argument("--resume", action="store_true", help=t("cli.help.resume", lang))
    add_db_argument(p, lang)
    p.add_argument("--no-store", action="store_true", help=t("cli.help.no_store", lang))


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``play [--seed N] [--paytable P] [--side-bets S,...] [--resume] [--db PATH]
    [--no-store]``."""
    from puntobanco.cli.tables import add_paytable_arguments

    p.add_argument("--seed", type=int, default=None, help=t("cli.help.seed", lang))
    add_paytable_arguments(p, lang, played=True)
    add_store_arguments(p, lang)


def table_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The paytable and side bets the arguments ask for, checked now (a named
    error before the game starts, not in the middle of it)."""
    from puntobanco.table.config import TableConfig

    side = tuple(s.strip() for s in args.side_bets.split(",") if s.strip())
    config = TableConfig.casino(paytable=args.paytable, side_bets=side)
    return {"paytable": config.paytable, "side_bets": config.side_bets}


def db_from(args: argparse.Namespace) -> Path | None:
    """The store's file the arguments ask for (None with ``--no-store``), opened
    once here so that a file that cannot be a log is refused before the game starts."""
    from puntobanco.errors import CommandLineError
    from puntobanco.paths import default_db_path

    if args.no_store:
        for option, given in (("--db", args.db is not None), ("--resume", args.resume)):
            if given:
                raise CommandLineError("cli.error.not_with", option=option, other="--no-store")
        return None
    db = Path(args.db) if args.db else default_db_path()
    db.parent.mkdir(parents=True, exist_ok=True)
    from puntobanco.store import open_store

    open_store(db).close()
    return db


def run_app(app: Any) -> int:
    """Run the Textual app; its exit status is non-zero when the game crashed."""
    app.run()
    return int(app.return_code or 0)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Start the game on the opening screen (or the interrupted game with ``--resume``)."""
    from puntobanco.rng import check_seed

    need_extra("tui", "textual")
    if args.seed is not None:
        check_seed(args.seed)
    db = db_from(args)
    from puntobanco.tui.app import PuntoBancoApp

    table = table_settings(args)
    return run_app(PuntoBancoApp(lang=lang, seed=args.seed, db=db, resume=args.resume, **table))
