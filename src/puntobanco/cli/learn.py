"""``puntobanco learn``: the terminal trainer over the drills (Textual, imported in ``run``)."""

from __future__ import annotations

import argparse

from puntobanco.cli.common import need_extra
from puntobanco.counts import SYSTEMS
from puntobanco.i18n import Lang, t
from puntobanco.paytable import PAYTABLES
from puntobanco.shoe import SESSION_DECKS

NAME = "learn"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], lang: Lang) -> None:
    """Declare ``learn [--seed S] [--decks D] [--paytable P] [--system NAME] [--true-count]``."""
    from puntobanco.learn import DEFAULT_SYSTEM

    p = sub.add_parser(NAME, help=t("cli.help.learn", lang), description=t("cli.help.learn", lang))
    p.add_argument("--seed", type=int, default=None, help=t("learn.help.trainer_seed", lang))
    p.add_argument(
        "--decks",
        type=int,
        default=SESSION_DECKS,
        help=t("cli.help.decks", lang, default=SESSION_DECKS),
    )
    p.add_argument(
        "--paytable", choices=sorted(PAYTABLES), default=None, help=t("learn.help.paytable", lang)
    )
    p.add_argument(
        "--system",
        choices=sorted(SYSTEMS),
        default=DEFAULT_SYSTEM,
        help=t("learn.help.system", lang, default=DEFAULT_SYSTEM),
    )
    p.add_argument("--true-count", action="store_true", help=t("learn.help.true_count", lang))


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
