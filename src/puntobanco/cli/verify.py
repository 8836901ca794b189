"""``puntobanco verify TABLE | FILE.jsonl [--head HASH] [--heads FILE] [--db PATH]``: check a log.

A file (an ``export``) must hold an unbroken hash chain, and every table in it
must play again through the live checks; a table in the store is played again
the same way. The chain head printed is the hash of the table's last event:
a player who noted it earlier passes it as ``--head`` to prove the log has not
changed since (nothing removed, added, moved or edited up to that event). Its
first ``store.chain.PREFIX`` hex digits are enough (what the host screen shows): finding
another log with a hash that starts the same takes some 2^64 tries.

``--heads FILE`` takes what a phone noted during play (its "Save what this phone
noted": ``{"table", "heads": [{"seq", "head"}], "commitments": {"N": hex}}``):
each head must be the log's at that event, and each commitment the one the log
gives shoe N, or the log is not the one played.
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

    return next((index for index, own in enumerate(chain) if matches(head, own)), None)


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``verify TARGET [--head HASH] [--heads FILE] [--db PATH]``."""
    p.add_argument("target", help=t("cli.help.verify_target", lang))
    p.add_argument("--head", default=None, help=t("cli.help.verify_head", lang))
    p.add_argument("--heads", default=None, metavar="FILE", help=t("cli.help.verify_heads", lang))
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
    noted_file = None if args.heads is None else _read_noted(read_text(args.heads), args.heads)
    found = False
    for table, records in tables.items():
        check_log(table, records, lines.get(table))
        _contributions(table, records, lines.get(table), lang)
        shoes = fair_shoes([r.event for r in records], [r.time for r in records])
        checked = sum(fair.verify_shoe(shoe) for shoe in shoes)
        for shoe in shoes:
            if shoe.source is not None:
                print(t("verify.not_secret", lang, table=table, shoe=shoe.shoe))
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
        if noted_file is not None and noted_file.get("table") == table:
            _check_noted(noted_file, chain, shoes, [r.event for r in records])
            print(
                t(
                    "verify.heads_ok",
                    lang,
                    table=table,
                    heads=len(noted_file["heads"]),
                    commitments=len(noted_file["commitments"]),
                )
            )
            noted_file = None
        print(t("verify.table", lang, table=table, events=len(records), head=chain[-1]))
    if args.head is not None and not found:
        raise FairnessError("verify.error.head", head=args.head)
    if noted_file is not None:
        raise FairnessError("verify.error.noted_table", table=noted_file.get("table"))
    return 0


def _read_noted(text: str, name: str) -> dict[str, Any]:
    """A phone's notes (``--heads``), checked for form; ``FairnessError`` naming the file."""
    import json

    from puntobanco.errors import FairnessError

    try:
        data = json.loads(text)
        heads = data["heads"]
        commitments = data["commitments"]
        ok = (
            isinstance(data.get("table"), str)
            and all(isinstance(h["seq"], int) and isinstance(h["head"], str) for h in heads)
            and all(isinstance(c, str) and n.isdigit() for n, c in commitments.items())
        )
    except (ValueError, TypeError, KeyError, AttributeError):
        ok = False
    if not ok:
        raise FairnessError("verify.error.noted_form", file=name)
    result: dict[str, Any] = data
    return result


def _check_noted(
    noted: dict[str, Any], chain: list[str], shoes: list[Any], events: list[Any]
) -> None:
    """Each head noted is the log's at its event; each commitment noted is the one the
    log gives its shoe, in advance and as shuffled (``FairnessError`` naming the first
    that is not)."""
    import puntobanco.fair as fair
    from puntobanco.errors import FairnessError
    from puntobanco.store.chain import matches
    from puntobanco.table.events import NextShoeCommitted, NextShoeHidden

    for entry in noted["heads"]:
        seq, head = entry["seq"], entry["head"]
        if not 1 <= seq <= len(chain) or not matches(head, chain[seq - 1]):
            raise FairnessError("verify.error.noted_head", seq=seq, head=head)
    given: list[tuple[int, str]] = [(shoe.shoe, shoe.commitment) for shoe in shoes]
    for event in events:
        if isinstance(event, NextShoeCommitted):
            given.append((event.shoe, fair.commitment(bytes.fromhex(event.server_seed))))
        elif isinstance(event, NextShoeHidden):
            given.append((event.shoe, event.commitment))
    for shoe, found in given:
        commitment = noted["commitments"].get(str(shoe))
        if commitment is not None and found != commitment:
            raise FairnessError(
                "verify.error.noted_commitment", shoe=shoe, noted=commitment, found=found
            )


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
