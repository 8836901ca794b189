"""``puntobanco odds --known-card K`` and ``--edge-sort``: the advantage player's
exact analyses, as text or JSON (decimals, and the exact fractions as strings)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from puntobanco.cards import Card
from puntobanco.cli.common import echo
from puntobanco.cli.tables import bet_name, describe, json_head
from puntobanco.i18n import Lang, t
from puntobanco.i18n.numbers import percent, signed
from puntobanco.odds.digits import decimal
from puntobanco.paytable import Paytable

if TYPE_CHECKING:
    from puntobanco.odds.edgesort import Pattern
    from puntobanco.odds.known import Choice

#: Bets shown side by side in a table of expectations: 80 columns.
BLOCK = 4


def _expectations(
    paytable: Paytable, values: Sequence[Fraction] | None, text: Callable[[Fraction], str]
) -> dict[str, str] | None:
    """Each bet's expectation written by ``text`` (``decimal``, or ``str``: exact)."""
    if values is None:
        return None
    return {w.key: text(e) for w, e in zip(paytable.wagers, values, strict=True)}


def signed_percent(value: Fraction, lang: Lang, places: int = 4) -> str:
    """A percentage with its sign: ``+5.5215%``, ``-7.9975%``, ``0%``."""
    text = percent(value, lang, places)
    return "+" + text if value > 0 else text


def _row_json(
    paytable: Paytable,
    sequences: int,
    probability: Fraction,
    choice: Choice,
    expectations: Sequence[Fraction] | None,
) -> dict[str, Any]:
    """One known value or pattern: its chance, the bet to make, every bet's expectation."""
    return {
        "sequences": sequences,
        "probability": decimal(probability),
        "best": choice.best,
        "gain": decimal(choice.gain),
        "expectations": _expectations(paytable, expectations, decimal),
        "exact": {
            "probability": str(probability),
            "gain": str(choice.gain),
            "expectations": _expectations(paytable, expectations, str),
        },
    }


def _bet_or_none(key: str | None, lang: Lang) -> str:
    return bet_name(key, lang) if key is not None else t("odds.known.no_bet", lang)


def _choices(head: str, rows: Sequence[tuple[str, Fraction, Choice]], lang: Lang) -> None:
    """What is known (a value, a pattern), its probability, the bet to make and its
    expectation; then a blank line."""
    print(
        f"{head:<8}{t('odds.col.probability', lang):>14}  "
        f"{t('odds.col.best', lang):<24}{t('odds.col.expectation', lang):>14}"
    )
    for label, probability, choice in rows:
        gain = signed_percent(choice.gain, lang) if choice.best else "-"
        print(
            f"{label:<8}{percent(probability, lang, 4):>14}  "
            f"{_bet_or_none(choice.best, lang)[:23]:<24}{gain:>14}"
        )
    print()


def _table(
    paytable: Paytable,
    labels: Sequence[str],
    rows: Sequence[Sequence[Fraction] | None],
    lang: Lang,
    head: str,
    scale: int = 100,
) -> None:
    """Each bet's figure times ``scale`` (% by default) for each row, the bets four
    at a time; ``-`` where a row has none."""
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
                f"{'-' if row is None else signed(row[i] * scale, lang, 4):>14}" for i in block
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
        data = json_head(args, removed, paytable) | {
            "position": known.position,
            "values": [
                {"value": v.value}
                | _row_json(paytable, v.sequences, v.probability, v.choice, v.expectations)
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
            decks=t("odds.header.decks", lang, decks=args.decks),
            cards=t("odds.header.cards", lang, cards=sum(ranks)),
        )
    )
    print(describe(paytable, lang))
    print()
    head = t("odds.effects.value", lang)
    _choices(head, [(str(v.value), v.probability, v.choice) for v in known.values], lang)
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


def high_values(text: str) -> tuple[int, ...]:
    """``--high``: ``"6,7,8,9"`` or ``"6 7 8 9"`` -> (6, 7, 8, 9).

    Raises ``InvalidAnalysisError`` for anything but point values 0 to 9.

    >>> high_values("4,5, 6")
    (4, 5, 6)
    """
    from puntobanco.errors import InvalidAnalysisError

    tokens = text.replace(",", " ").split()
    if not tokens or not all(tok.isdigit() and int(tok) < 10 for tok in tokens):
        raise InvalidAnalysisError("error.odds.groups", high=text.strip())
    return tuple(int(tok) for tok in tokens)


def _pattern_json(paytable: Paytable, p: Pattern) -> dict[str, Any]:
    return {
        "pattern": p.name,
        "punto_high": p.punto_high,
        "banco_high": p.banco_high,
    } | _row_json(paytable, p.sequences, p.probability, p.choice, p.expectations)


def _values_text(values: frozenset[int]) -> str:
    """``4 5 6``, joined by no-break spaces: a group is never cut at a line's end."""
    return "\u00a0".join(map(str, sorted(values)))


def edge_sort(
    args: argparse.Namespace, removed: Sequence[Card], paytable: Paytable, lang: Lang
) -> int:
    """``odds --edge-sort [--high VALUES]``: each pattern, the edge, the best grouping."""
    from puntobanco.odds.edgesort import best_grouping, edge_sort, groupings
    from puntobanco.odds.facts import rank_composition

    ranks = rank_composition(args.decks, removed)
    sort = edge_sort(ranks, high_values(args.high), paytable)
    best = best_grouping(ranks, paytable)
    if args.json:
        data = json_head(args, removed, paytable) | {
            "high": sorted(sort.high),
            "low": sorted(sort.low),
            "patterns": [_pattern_json(paytable, p) for p in sort.patterns],
            "edge": decimal(sort.edge),
            "best_pattern": sort.best_pattern.name,
            "exact": {"edge": str(sort.edge)},
            "best_grouping": {
                "tried": len(groupings()),
                "high": sorted(best.high),
                "low": sorted(best.low),
                "edge": decimal(best.edge),
                "best_pattern": best.best_pattern.name,
                "patterns": [_pattern_json(paytable, p) for p in best.patterns],
                "exact": {"edge": str(best.edge)},
            },
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    echo(
        t(
            "odds.edge.header",
            lang,
            decks=t("odds.header.decks", lang, decks=args.decks),
            cards=t("odds.header.cards", lang, cards=sum(ranks)),
            high=_values_text(sort.high),
            low=_values_text(sort.low),
        )
    )
    print(describe(paytable, lang))
    echo(t("odds.edge.legend", lang))
    print()
    head = t("odds.col.pattern", lang)
    _choices(head, [(p.name, p.probability, p.choice) for p in sort.patterns], lang)
    echo(t("odds.known.edge", lang, edge=percent(sort.edge, lang, 4)))
    top = sort.best_pattern
    echo(
        t(
            "odds.edge.best_pattern",
            lang,
            pattern=top.name,
            probability=percent(top.probability, lang, 4),
            bet=_bet_or_none(top.best, lang),
            gain=signed_percent(top.choice.gain, lang),
        )
    )
    print()
    echo(t("odds.edge.table", lang))
    _table(
        paytable,
        [p.name for p in sort.patterns],
        [p.expectations for p in sort.patterns],
        lang,
        head,
    )
    print()
    echo(
        t(
            "odds.edge.best_grouping",
            lang,
            tried=len(groupings()),
            high=_values_text(best.high),
            low=_values_text(best.low),
            edge=percent(best.edge, lang, 4),
            pattern=best.best_pattern.name,
        )
    )
    return 0


def effects_by_rank(
    args: argparse.Namespace, removed: Sequence[Card], paytable: Paytable, lang: Lang
) -> int:
    """``odds --effects --by-rank [--out N]``: N cards of each rank out, each bet's
    change of expectation and of probability of being paid."""
    from puntobanco.cards import rank_letter
    from puntobanco.odds.facts import RANKS
    from puntobanco.odds.removal import effects_by_rank as analyse

    effects = analyse(args.decks, paytable, removed=removed, cards=args.out)
    keys = paytable.keys
    names = [r.value for r in RANKS]

    def figures(rows: Sequence[dict[str, Fraction] | None], written: Any) -> dict[str, Any]:
        return {
            name: None if row is None else {k: written(row[k]) for k in keys}
            for name, row in zip(names, rows, strict=True)
        }

    if args.json:
        data = json_head(args, removed, paytable) | {
            "by_rank": True,
            "cards": effects.cards,
            "effects": figures(effects.expectation, decimal),
            "probabilities": figures(effects.probability, decimal),
            "exact": {
                "effects": figures(effects.expectation, str),
                "probabilities": figures(effects.probability, str),
            },
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    head = t("odds.effects.rank", lang)
    echo(
        t(
            "odds.effects.by_rank",
            lang,
            decks=t("odds.header.decks", lang, decks=args.decks),
            paytable=paytable.title.words(lang),
            cards=effects.cards,
        )
    )
    for title, rows in (
        ("odds.effects.expectation", effects.expectation),
        ("odds.effects.probability", effects.probability),
    ):
        print()
        echo(t(title, lang))
        table = [None if row is None else [row[k] for k in keys] for row in rows]
        shown = [rank_letter(r, lang) for r in RANKS]  # R, D, V in French
        _table(paytable, shown, table, lang, head, scale=10**6)
    return 0
