"""``puntobanco contribute TABLE NAME TEXT [--db PATH]``: a seated player adds a text to
the client seed of the table's next shoe, whose server seed is already committed.

Only tables opened before contributions were committed take a typed text: a
text given last, by someone who knows the server seed, could be chosen to pick
the shoe. Newer tables refuse it with the reason (``entropy.error.typed``):
their players' devices commit and reveal random values by themselves
(``docs/fair.md``).
"""

from __future__ import annotations

import argparse

from puntobanco.cli.history import add_db_argument
from puntobanco.i18n import Lang, t

NAME = "contribute"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``contribute TABLE NAME TEXT [--db PATH]``."""
    p.add_argument("table", help=t("cli.help.table", lang))
    p.add_argument("name", help=t("cli.help.contributor", lang))
    p.add_argument("text", help=t("cli.help.contribution", lang))
    add_db_argument(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Record the contribution; print the next shoe's commitment and client seed so far."""
    from puntobanco.engine import Contribute, Engine, Viewer
    from puntobanco.paths import default_db_path
    from puntobanco.store import existing_log

    engine = Engine(existing_log(args.db or default_db_path()))
    try:
        engine.resume(args.table)
        engine.do(args.table, Contribute(args.name, args.text), by=Viewer.player(args.name))
        shown = engine.view(args.table, Viewer.player(args.name), odds=False)["next_shoe"]
        assert shown is not None, "a contribution was taken: a shoe follows"
        print(
            t(
                "contribute.done",
                lang,
                table=args.table,
                shoe=shown["shoe"],
                commitment=shown["commitment"],
                client=shown["client_seed"],
            )
        )
    finally:
        engine.shutdown()
    return 0
