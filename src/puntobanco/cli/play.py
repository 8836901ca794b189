"""``puntobanco play``: the full-screen terminal game (Textual, imported in ``run``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from puntobanco.i18n import LANGS, Lang, t

NAME = "play"


def add_store_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """``--resume``, ``--store PATH``, ``--no-store``: shared with ``assist``."""
    # --lang after the command too: ``puntobanco play --lang fr`` (read by the CLI's early scan)
    p.add_argument(
        "--lang", choices=LANGS, default=argparse.SUPPRESS, help=t("cli.help.lang", lang)
    )
    p.add_argument("--resume", action="store_true", help=t("cli.help.resume", lang))
    p.add_argument("--store", type=Path, default=None, help=t("cli.help.store", lang))
    p.add_argument("--no-store", action="store_true", help=t("cli.help.no_store", lang))


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], lang: Lang) -> None:
    """Declare ``play [--seed N] [--resume] [--store PATH] [--no-store]``."""
    p = sub.add_parser(NAME, help=t("cli.help.play", lang), description=t("cli.help.play", lang))
    p.add_argument("--seed", type=int, default=None, help=t("cli.help.seed", lang))
    add_store_arguments(p, lang)


def store_from(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    """The store the arguments ask for (None with ``--no-store``)."""
    from puntobanco.tui.saves import Store, default_folder

    if args.no_store:
        return None
    return Store(args.store or default_folder())


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Start the game on the opening screen (or the interrupted game with ``--resume``)."""
    from puntobanco.rng import check_seed
    from puntobanco.tui.app import PuntoBancoApp

    if args.seed is not None:
        check_seed(args.seed)
    app = PuntoBancoApp(lang=lang, seed=args.seed, store=store_from(args), resume=args.resume)
    app.run()
    return 0
