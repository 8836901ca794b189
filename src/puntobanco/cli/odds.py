"""``puntobanco odds --decks 8``: exact probabilities and house edges."""

from __future__ import annotations

import argparse
from fractions import Fraction

from puntobanco.cards import Card, format_cards, parse_cards
from puntobanco.cli.common import echo, whole_number
from puntobanco.cli.tables import add_paytable_arguments, bet_name, describe, json_head, table_of
from puntobanco.i18n import Lang, t
from puntobanco.i18n.numbers import number, percent, signed
from puntobanco.odds.digits import decimal
from puntobanco.odds.exact import composition
from puntobanco.paytable import Paytable

NAME = "odds"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``odds [--decks N] [--remove CARDS] [--paytable P] [--side-bets S] [--json]``."""
    p.add_argument("--decks", type=int, default=8, help=t("cli.help.decks", lang, default=8))
    p.add_argument("--remove", default="", help=t("cli.help.remove", lang))
    add_paytable_arguments(p, lang)
    p.add_argument("--json", action="store_true", help=t("cli.help.json", lang))
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--effects", action="store_true", help=t("odds.help.effects", lang))
    shown.add_argument("--totals", action="store_true", help=t("odds.help.totals", lang))
    shown.add_argument(
        "--known-card",
        type=int,
        choices=range(1, 7),
        metavar="POSITION",
        help=t("odds.help.known_card", lang),
    )
    shown.add_argument("--edge-sort", action="store_true", help=t("odds.help.edge_sort", lang))
    p.add_argument("--by-rank", action="store_true", help=t("odds.help.by_rank", lang))
    p.add_argument(
        "--out", type=whole_number(1, 32), default=1, metavar="N", help=t("odds.help.out", lang)
    )
    p.add_argument("--high", default="6,7,8,9", metavar="VALUES", help=t("odds.help.high", lang))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Analyse the shoe and print counts, probabilities and edges of every bet."""
    from puntobanco.odds.facts import rank_composition, table_odds

    removed = parse_cards(args.remove) if args.remove.strip() else ()
    _enough_cards(args, removed)
    paytable = table_of(args)
    if getattr(args, "effects", False):
        return _effects(args, removed, paytable, lang)
    if getattr(args, "totals", False):
        return _totals(args, removed, lang)
    if getattr(args, "known_card", None) is not None:
        from puntobanco.cli.advantage import known_card

        return known_card(args, removed, paytable, lang)
    if getattr(args, "edge_sort", False):
        from puntobanco.cli.advantage import edge_sort

        return edge_sort(args, removed, paytable, lang)
    ranks = rank_composition(args.decks, removed)
    total, bets = table_odds(ranks, paytable)
    if args.json:
        data = json_head(args, removed, paytable) | {
            "total": total,
            "counts": {b.key: b.wins for b in bets},
            "probabilities": {b.key: decimal(b.probability) for b in bets},
            "house_edge": {b.key: decimal(b.house_edge) for b in bets},
            "exact": {
                "probabilities": {b.key: str(b.probability) for b in bets},
                "house_edge": {b.key: str(b.house_edge) for b in bets},
            },
        }
        import json

        print(json.dumps(data, ensure_ascii=False))
        return 0
    removed_text = (
        t("odds.removed", lang, cards=format_cards(removed, lang=lang)) if removed else ""
    )
    echo(
        t(
            "odds.header",
            lang,
            decks=args.decks,
            cards=sum(ranks),
            removed=removed_text,
            total=total,
        )
    )
    print(describe(paytable, lang))
    names = {b.key: bet_name(b.key, lang) for b in bets}
    width = max(10, *(len(n) for n in names.values()))
    heads = [t(f"odds.col.{c}", lang) for c in ("bet", "count", "probability", "edge")]
    # A heading longer than its figures ("Avantage de la maison") widens its column,
    # two spaces clear of the one before.
    edge_width = max(16, len(heads[3]) + 2)

    def row(bet: str, count: str, probability: str, edge: str) -> str:
        return f"{bet:<{width}} {count:>24} {probability:>16} {edge:>{edge_width}}"

    print(row(*heads))
    for b in bets:
        print(
            row(
                names[b.key],
                number(b.wins, lang),
                percent(b.probability, lang, 6),
                percent(b.house_edge, lang, 6),
            )
        )
    return 0


def _enough_cards(args: argparse.Namespace, removed: tuple[Card, ...]) -> None:
    """A coup may need six cards; an effect of removal takes one more out first."""
    from puntobanco.errors import ShoeExhaustedError

    needed = 6 + (getattr(args, "out", 1) if getattr(args, "effects", False) else 0)
    left = sum(composition(args.decks, removed))
    if left < needed:
        raise ShoeExhaustedError("odds.error.too_few", left=left, needed=needed)


def _effects(
    args: argparse.Namespace, removed: tuple[Card, ...], paytable: Paytable, lang: Lang
) -> int:
    """``odds --effects``: exact effects of removal, one card of each point value
    (or of each rank, with ``--by-rank``)."""
    from puntobanco.odds.removal import effects_of_removal

    if args.by_rank:
        from puntobanco.cli.advantage import effects_by_rank

        return effects_by_rank(args, removed, paytable, lang)

    effects = effects_of_removal(args.decks, paytable, removed=removed)
    keys = paytable.keys
    if args.json:
        data = json_head(args, removed, paytable) | {
            "effects": {
                str(v): {k: decimal(effects.effect(v, k)) for k in keys} for v in range(10)
            },
            "exact": {str(v): {k: str(effects.effect(v, k)) for k in keys} for v in range(10)},
        }
        import json

        print(json.dumps(data, ensure_ascii=False))
        return 0
    echo(t("odds.effects.header", lang, decks=args.decks, paytable=paytable.title.words(lang)))
    for start in range(0, len(keys), 4):  # four bets a block: 62 columns
        block = keys[start : start + 4]
        if start:
            print()
        names = [bet_name(k, lang)[:13] for k in block]
        print(f"{t('odds.effects.value', lang):<6}" + "".join(f"{n:>14}" for n in names))
        for v in range(10):
            cells = "".join(f"{signed(effects.effect(v, k) * 10**6, lang, 4):>14}" for k in block)
            print(f"{v:<6}{cells}")
    return 0


def _totals(args: argparse.Namespace, removed: tuple[Card, ...], lang: Lang) -> int:
    """``odds --totals``: probability of every final (Punto total, Banco total)."""
    from puntobanco.odds.totals import totals_counts

    counts = composition(args.decks, removed)
    table = totals_counts(counts)
    whole = sum(map(sum, table))
    if args.json:
        data = {
            "decks": args.decks,
            "removed": [str(c) for c in removed],
            "total": whole,
            "counts": {str(p): {str(b): table[p][b] for b in range(10)} for p in range(10)},
            "totals": {
                str(p): {str(b): decimal(Fraction(table[p][b], whole)) for b in range(10)}
                for p in range(10)
            },
        }
        import json

        print(json.dumps(data, ensure_ascii=False))
        return 0
    echo(t("odds.totals.header", lang, cards=sum(counts)))
    print("P\\B " + "".join(f"{b:>7}" for b in range(10)))  # 74 columns
    for p in range(10):
        cells = "".join(
            f"{number(Fraction(table[p][b] * 100, whole), lang, 4):>7}" for b in range(10)
        )
        print(f"{p:<4}{cells}")
    return 0
