"""``puntobanco assist``: the dealer's assistant for a table with physical cards."""

from __future__ import annotations

import argparse

from puntobanco.cli.common import add_decks_argument, need_extra
from puntobanco.cli.play import add_store_arguments, db_from, run_app
from puntobanco.i18n import Lang, t

NAME = "assist"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``assist [--decks N] [--reshuffle] [--resume] [--db PATH] [--no-store]``."""
    add_decks_argument(p, lang)
    p.add_argument("--reshuffle", action="store_true", help=t("cli.help.reshuffle", lang))
    add_store_arguments(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Run a whole 10-deal session with the host typing each card."""
    from puntobanco.shoe import check_decks

    need_extra("tui", "textual")
    check_decks(args.decks)
    db = db_from(args)
    from puntobanco.tui.app import PuntoBancoApp

    app = PuntoBancoApp(
        lang=lang,
        db=db,
        resume=args.resume,
        assist=True,
        decks=args.decks,
        reshuffle=args.reshuffle,
    )
    return run_app(app)
