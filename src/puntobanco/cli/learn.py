"""``puntobanco learn``: the terminal trainer over the drills (Textual, imported in ``run``)."""

from __future__ import annotations

import argparse

from puntobanco.cli.common import need_extra
from puntobanco.i18n import Lang, t

NAME = "learn"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``learn [--seed S] [--decks D] [--paytable P] [--system NAME] [--true-count]``."""
    from puntobanco.cli.drill import add_round_arguments
    from puntobanco.learn import DEFAULT_SYSTEM

    p.add_argument("--seed", type=int, default=None, help=t("learn.help.trainer_seed", lang))
    add_round_arguments(p, lang, system=DEFAULT_SYSTEM)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Open the trainer on its menu."""
    from puntobanco.learn import Settings
    from puntobanco.rng import check_seed

    need_extra("tui", "textual")
    if args.seed is not None:
        check_seed(args.seed)
    # the settings are checked before the screen opens: a named error, not a crash in it
    Settings(decks=args.decks, paytable=args.paytable, system=args.system)
    from puntobanco.cli.play import run_app
    from puntobanco.tui.learn import LearnApp

    app = LearnApp(
        lang=lang,
        seed=args.seed,
        decks=args.decks,
        paytable=args.paytable,
        system=args.system,
        true_count=args.true_count,
    )
    return run_app(app)
