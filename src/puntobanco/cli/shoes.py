"""``puntobanco shoes TABLE [--json] [--db PATH]``: a table's fair shoes, to check.

Per shoe: its number, decks, commitment, client seed, nonce, server seed (null
until the shoe has ended), ``secret`` and every card dealt from it, in order
(burned cards included). ``tools/verify_shoe.py`` checks the JSON without
puntobanco; ``puntobanco verify TABLE`` checks it here.
"""

from __future__ import annotations

import argparse

from puntobanco.cli.history import add_db_argument, load_table
from puntobanco.i18n import Lang, t

NAME = "shoes"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``shoes TABLE [--json] [--db PATH]``."""
    p.add_argument("table", help=t("cli.help.table", lang))
    p.add_argument("--json", action="store_true", help=t("cli.help.shoes_json", lang))
    add_db_argument(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Print the table's fair shoes, text or JSON."""
    import json

    from puntobanco.fair.log import fair_shoes

    records = load_table(args.db, args.table)
    shoes = fair_shoes([r.event for r in records], [r.time for r in records])
    if args.json:
        print(json.dumps([s.to_dict() for s in shoes], ensure_ascii=False))
        return 0
    if not shoes:
        print(t("shoes.none", lang, table=args.table))
    for shoe in shoes:
        print(
            t(
                "shoes.line",
                lang,
                shoe=shoe.shoe,
                decks=shoe.decks,
                commitment=shoe.commitment,
                client=shoe.client_seed,
                dealt=len(shoe.dealt),
            )
        )
        if shoe.source is not None:
            print(t("shoes.injected", lang))
        elif not shoe.secret:
            print(t("shoes.not_secret", lang))
        if shoe.server_only:
            print(t("fair.server_only", lang))
        if shoe.server_seed is None:
            print(t("shoes.hidden", lang))
        else:
            print(t("shoes.revealed", lang, seed=shoe.server_seed))
    return 0
