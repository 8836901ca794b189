"""``puntobanco verify TABLE | FILE.jsonl [--head HASH] [--db PATH]``: check a log.

A file (an ``export``) must hold an unbroken hash chain, and every table in it
must play again through the live checks; a table in the store is played again
the same way. The chain head printed is the hash of the table's last event:
a player who noted it earlier passes it as ``--head`` to prove the log has not
changed since (nothing removed, added, moved or edited up to that event). Its
first ``store.chain.PREFIX`` hex digits are enough (what the host screen shows): finding
another log with a hash that starts the same takes some 2^64 tries.
"""

from __future__ import annotations

import argparse
from typing import Any

from puntobanco.cli.history import add_db_argument, load_table
from puntobanco.i18n import Lang, t

NAME = "verify"


def noted(head: str, chain: list[str]) -> int | None:
    """The index in ``chain`` of the hash ``head`` names (whole, or its first
    ``store.chain.PREFIX`` or more hex digits: ``store.chain.matches``); None when
    none does.

    >>> noted("ab" * 8, ["00" * 32, "ab" * 32])
    1
    >>> noted("ab", ["ab" * 32]) is None
    True
    """
    from puntobanco.store.chain import matches

    for index, own in enumerate(chain):
        if matches(head, own):
            return index
    return None


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], lang: Lang) -> None:
    """Declare ``verify TARGET [--head HASH] [--db PATH]``."""
    p = sub.add_parser(
        NAME, help=t("cli.help.verify", lang), description=t("cli.help.verify", lang)
    )
    p.add_argument("target", help=t("cli.help.verify_target", lang))
    p.add_argument("--head", default=None, help=t("cli.help.verify_head", lang))
    add_db_argument(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Check the chain and the replay of each table; exit 2 naming the first fault."""
    from pathlib import Path

    import puntobanco.fair as fair
    from puntobanco.cli.common import read_text
    from puntobanco.errors import FairnessError, StoreError
    from puntobanco.fair.log import fair_shoes
    from puntobanco.store import Record
    from puntobanco.store.jsonl import chain_of, check_log, read_lines

    tables: dict[str, list[Record]]
    lines: dict[str, list[int]] = {}
    if args.target == "-" or args.target.endswith(".jsonl") or Path(args.target).is_file():
        tables = read_lines(read_text(args.target).splitlines(), lines)
        if not tables:
            raise StoreError("store.error.bad_log", table=args.target, reason="no event")
    else:
        tables = {args.target: load_table(args.db, args.target)}
    found = False
    for table, records in tables.items():
        check_log(table, records, lines.get(table))
        _contributions(table, records, lines.get(table), lang)
        shoes = fair_shoes([r.event for r in records], [r.time for r in records])
        checked = sum(fair.verify_shoe(shoe) for shoe in shoes)
        for shoe in shoes:
            if shoe.server_only:
                print(t("verify.server_only", lang, table=table, shoe=shoe.shoe))
        if shoes:
            print(
                t("verify.shoes", lang, table=table, checked=checked, hidden=len(shoes) - checked)
            )
        chain = [h for _, h in chain_of(records)]
        index = None if args.head is None else noted(args.head, chain)
        if index is not None:
            print(t("verify.head_found", lang, table=table, head=args.head, seq=index + 1))
            found = True
        print(t("verify.table", lang, table=table, events=len(records), head=chain[-1]))
    if args.head is not None and not found:
        raise FairnessError("verify.error.head", head=args.head)
    return 0


def _contributions(table: str, records: list[Any], lines: list[int] | None, lang: Lang) -> None:
    """Say what the players' contributions were, when the table took any."""
    from puntobanco.fair.checks import check_contributions

    numbers = lines if lines is not None else [r.seq for r in records]
    events, times = [r.event for r in records], [r.time for r in records]
    found = check_contributions(events, times, numbers)
    if found.shoes:
        names = ", ".join(f"{name} ({shoe})" for shoe, name in found.excluded) or "-"
        print(
            t(
                "entropy.verify.summary",
                lang,
                table=table,
                shoes=found.shoes,
                revealed=found.revealed,
                excluded=len(found.excluded),
                names=names,
            )
        )
