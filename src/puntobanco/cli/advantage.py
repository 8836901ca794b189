"""``puntobanco odds --known-card K`` and ``--edge-sort``: the advantage player's
exact analyses, as text or JSON (decimals, and the exact fractions as strings)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from puntobanco.cards import Card
from puntobanco.cli.common import echo
from puntobanco.cli.tables import bet_name, describe
from puntobanco.i18n import Lang, t
from puntobanco.i18n.numbers import percent, signed
from puntobanco.odds.digits import decimal
from puntobanco.paytable import Paytable

#: Bets shown side by side in a table of expectations: 80 columns.
BLOCK = 4


def _common(
    args: argparse.Namespace, removed: Sequence[Card], paytable: Paytable
) -> dict[str, Any]:
    return {
        "decks": args.decks,
        "removed": [str(c) for c in removed],
        "paytable": paytable.name,
        "side_bets": [w.key for w in paytable.side_bets],
    }


def _expectations(paytable: Paytable, values: Sequence[Fraction] | None) -> dict[str, str] | None:
    if values is None:
        return None
    return {w.key: decimal(e) for w, e in zip(paytable.wagers, values, strict=True)}


def _exact(paytable: Paytable, values: Sequence[Fraction] | None) -> dict[str, str] | None:
    if values is None:
        return None
    return {w.key: str(e) for w, e in zip(paytable.wagers, values, strict=True)}


def signed_percent(value: Fraction, lang: Lang, places: int = 4) -> str:
    """A percentage with its sign: ``+5.5215%``, ``-7.9975%``, ``0%``."""
    text = percent(value, lang, places)
    return "+" + text if value > 0 else text


def _bet_or_none(key: str | None, lang: Lang) -> str:
    return bet_name(key, lang) if key is not None else t("odds.known.no_bet", lang)


def _table(
    paytable: Paytable,
    labels: Sequence[str],
    rows: Sequence[Sequence[Fraction] | None],
    lang: Lang,
    head: str,
) -> None:
    """Each bet's expectation (%) for each row, the bets four at a time."""
    keys = paytable.keys
    width = max(6, *(len(label) for label in labels)) + 2
    for start in range(0, len(keys), BLOCK):
        block = range(start, min(start + BLOCK, len(keys)))
        if start:
            print()
        names = [bet_name(keys[i], lang)[:13] for i in block]
        print(f"{head:<{width}}" + "".join(f"{n:>14}" for n in names))
        for label, row in zip(labels, rows, strict=True):
            cells = "".join(
                f"{'-' if row is None else signed(row[i] * 100, lang, 4):>14}" for i in block
            )
            print(f"{label:<{width}}{cells}")


def known_card(
    args: argparse.Namespace, removed: Sequence[Card], paytable: Paytable, lang: Lang
) -> int:
    """``odds --known-card K``: each value of the card, each bet given it, the edge."""
    from puntobanco.odds.facts import rank_composition
    from puntobanco.odds.known import known_card as analyse

    ranks = rank_composition(args.decks, removed)
    known = analyse(ranks, args.known_card, paytable)
    if args.json:
        data = _common(args, removed, paytable) | {
            "position": known.position,
            "values": [
                {
                    "value": v.value,
                    "sequences": v.sequences,
                    "probability": decimal(v.probability),
                    "best": v.best,
                    "gain": decimal(v.choice.gain),
                    "expectations": _expectations(paytable, v.expectations),
                    "exact": {
                        "probability": str(v.probability),
                        "gain": str(v.choice.gain),
                        "expectations": _exact(paytable, v.expectations),
                    },
                }
                for v in known.values
            ],
            "edge": decimal(known.edge),
            "exact": {"edge": str(known.edge)},
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    echo(
        t(
            "odds.known.header",
            lang,
            position=known.position,
            place=t(f"odds.known.place.{known.position}", lang),
            decks=args.decks,
            cards=sum(ranks),
        )
    )
    print(describe(paytable, lang))
    print()
    head = t("odds.effects.value", lang)
    print(
        f"{head:<8}{t('odds.col.probability', lang):>14}  "
        f"{t('odds.col.best', lang):<24}{t('odds.col.expectation', lang):>14}"
    )
    for v in known.values:
        gain = signed_percent(v.choice.gain, lang) if v.best else "-"
        print(
            f"{v.value:<8}{percent(v.probability, lang, 4):>14}  "
            f"{_bet_or_none(v.best, lang)[:23]:<24}{gain:>14}"
        )
    print()
    echo(t("odds.known.edge", lang, edge=percent(known.edge, lang, 4)))
    print()
    echo(t("odds.known.table", lang))
    _table(
        paytable,
        [str(v.value) for v in known.values],
        [v.expectations for v in known.values],
        lang,
        head,
    )
    return 0
