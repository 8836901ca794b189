"""``puntobanco history [TABLE] [--last N] [--roads [--shoe N]] [--db PATH] [--json]``: recall past
coups, or the roads of a past shoe."""

from __future__ import annotations

import argparse
import json
from contextlib import closing
from typing import TYPE_CHECKING

from puntobanco.cli.common import echo, whole_number
from puntobanco.i18n import Lang, t
from puntobanco.i18n.numbers import decimal_text

if TYPE_CHECKING:
    from puntobanco.store import EventStore, Record

NAME = "history"


def add_db_argument(parser: argparse.ArgumentParser, lang: Lang) -> None:
    """``--db PATH``, shared by every command that reads or writes the game log."""
    from puntobanco.paths import default_db_path

    parser.add_argument(
        "--db", default=None, help=t("cli.help.db", lang, default=str(default_db_path()))
    )


def load_table(db: str | None, table: str) -> list[Record]:
    """Every stored event of ``table`` in the log ``db`` (the default log for ``None``).

    Raises ``StoreError`` when there is no log there or no such table in it
    (the message lists the tables it holds). Reading never creates a log.
    """
    from puntobanco.errors import StoreError
    from puntobanco.paths import default_db_path
    from puntobanco.store import existing_log, open_store

    with closing(open_store(existing_log(db or default_db_path()), readonly=True)) as store:
        records = store.load(table)
        if not records:
            raise StoreError(
                "store.error.unknown_table",
                table=table,
                db=getattr(store, "name", "?"),
                tables=", ".join(store.tables()) or "-",
            )
        return records


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``history [TABLE] [--last N] [--db PATH] [--json]``."""
    p.add_argument("table", nargs="?", help=t("cli.help.table", lang))
    p.add_argument("--last", type=whole_number(0), metavar="N", help=t("cli.help.last", lang))
    p.add_argument("--roads", action="store_true", help=t("cli.help.history_roads", lang))
    p.add_argument(
        "--shoe", type=whole_number(1), metavar="N", help=t("cli.help.history_shoe", lang)
    )
    add_db_argument(p, lang)
    p.add_argument("--json", action="store_true", help=t("cli.help.json", lang))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Print the settled coups, oldest first (of one table, or of all by time)."""
    import heapq

    from puntobanco.cards import format_cards
    from puntobanco.coup import resolve
    from puntobanco.errors import CommandLineError, StoreError
    from puntobanco.explain import announce, bet_name
    from puntobanco.paths import default_db_path
    from puntobanco.store import existing_log, open_store
    from puntobanco.table.describe import describe
    from puntobanco.table.history import CoupRecord, coup_records
    from puntobanco.table.names import shown
    from puntobanco.table.values import money_text

    if args.shoe is not None and not args.roads:
        raise CommandLineError("cli.error.only_with", option="--shoe", other="--roads")
    with closing(open_store(existing_log(args.db or default_db_path()), readonly=True)) as store:
        tables = store.tables()
        if args.table is not None and args.table not in tables:
            raise StoreError(
                "store.error.unknown_table",
                table=args.table,
                db=getattr(store, "name", "?"),
                tables=", ".join(tables) or "-",
            )
        if args.roads:
            return _print_roads(
                store, [args.table] if args.table is not None else tables, args, lang
            )
        each = [
            coup_records((r.event, r.time) for r in store.load(table))
            for table in ([args.table] if args.table is not None else tables)
        ]
    # The tables' coups interleaved by time, each table's in its own order (a log
    # written while the clock went back has times out of order, not coups).
    records: list[CoupRecord] = list(heapq.merge(*each, key=lambda r: r.time))
    if args.last is not None:
        records = records[-args.last :] if args.last > 0 else []
    if args.json:
        print(json.dumps([r.to_json() for r in records], ensure_ascii=False, indent=2))
        return 0
    if not records:
        print(t("history.none", lang))
    for record in records:
        coup = resolve(record.cards)

        def money(value: object, record: CoupRecord = record) -> str:
            return decimal_text(money_text(record.config, value), lang)  # type: ignore[arg-type]

        echo(
            t(
                "history.coup",
                lang,
                table=shown(record.table),
                coup=record.coup,
                time=record.time[:19].replace("T", " "),
                cards=format_cards(record.cards, lang=lang),
                announce=announce(coup, lang),
            )
        )
        for hand in record.hands:  # the shoe passed on, Punto's cards turned (seed 002)
            echo("  " + describe(hand, record.config, lang))
        for player, before in record.balances_before.items():
            bets = ", ".join(
                f"{bet_name(b.box, lang)} {money(b.amount)}"
                for b in record.bets
                if b.player == player
            )
            net = sum((s.amount for s in record.settlements if s.player == player), 0)
            sign = "+" if net > 0 else ""
            print(
                t(
                    "history.player",
                    lang,
                    player=shown(player),
                    bets=bets or "-",
                    net=sign + money(net),
                    before=money(before),
                    after=money(record.balances_after[player]),
                )
            )
    return 0


def _print_roads(store: EventStore, tables: list[str], args: argparse.Namespace, lang: Lang) -> int:
    """The roads of shoe ``--shoe`` (default: the last) of each table; a session's every deal."""
    from puntobanco.errors import InvalidRoadError
    from puntobanco.roads import build_roads, render_roads
    from puntobanco.table.history import shoe_coups
    from puntobanco.table.names import shown as safe

    out: list[dict[str, object]] = []
    shown = 0
    for table in tables:
        shoes = shoe_coups(r.event for r in store.load(table))
        if not shoes:
            continue
        number = max(shoes) if args.shoe is None else args.shoe
        if number not in shoes:
            raise InvalidRoadError(
                "error.roads.no_shoe",
                table=table,
                shoe=number,
                shoes=", ".join(str(n) for n in sorted(shoes)),
            )
        roads = build_roads(shoes[number])
        shown += 1
        if args.json:
            out.append({"table": table, "shoe": number, **roads.to_json()})
            continue
        count = len(shoes[number])
        print(t("roads.history.title", lang, table=safe(table), shoe=number, coups=count))
        print("\n".join(render_roads(roads, lang)))
        print()
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    elif not shown:
        print(t("history.none", lang))
    return 0
