"""``puntobanco odds --decks 8``: exact probabilities and house edges."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

from puntobanco.cards import Card, parse_cards
from puntobanco.coup import Outcome
from puntobanco.explain import outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.odds import analyse, composition
from puntobanco.paytable import PAYTABLES

NAME = "odds"
DIGITS = 15  # significant digits of decimal output


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], lang: Lang) -> None:
    """Declare ``odds [--decks N] [--remove CARDS] [--paytable P] [--json]``."""
    p = sub.add_parser(NAME, help=t("cli.help.odds", lang), description=t("cli.help.odds", lang))
    p.add_argument("--decks", type=int, default=8, help=t("cli.help.decks", lang, default=8))
    p.add_argument("--remove", default="", help=t("cli.help.remove", lang))
    p.add_argument(
        "--paytable",
        choices=sorted(PAYTABLES),
        default="standard",
        help=t("cli.help.paytable", lang),
    )
    p.add_argument("--json", action="store_true", help=t("cli.help.json", lang))
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--effects", action="store_true", help=t("odds.help.effects", lang))
    shown.add_argument("--totals", action="store_true", help=t("odds.help.totals", lang))


def decimal(value: Fraction, digits: int = DIGITS) -> str:
    """A fraction as a decimal string with ``digits`` significant digits.

    >>> decimal(Fraction(1, 3), 5), decimal(Fraction(-1, 80), 4), decimal(Fraction(0), 4)
    ('0.33333', '-0.0125', '0')
    """
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    value = abs(value)
    exponent = 0
    while value >= 1:
        value /= 10
        exponent += 1
    while value < Fraction(1, 10):
        value *= 10
        exponent -= 1
    scaled = round(value * 10**digits)  # 0.1 <= value < 1, round half to even
    text = str(scaled).rjust(digits, "0")
    if len(text) > digits:  # rounding carried to 1.000...
        text, exponent = text[:digits], exponent + 1
    point = exponent
    if point <= 0:
        out = "0." + "0" * (-point) + text
    elif point >= len(text):
        out = text + "0" * (point - len(text))
    else:
        out = text[:point] + "." + text[point:]
    if "." in out:
        out = out.rstrip("0").rstrip(".")
    return sign + out


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Analyse the shoe and print counts, probabilities and edges."""
    removed = parse_cards(args.remove) if args.remove.strip() else ()
    _enough_cards(args, removed)
    if getattr(args, "effects", False):
        return _effects(args, removed, lang)
    if getattr(args, "totals", False):
        return _totals(args, removed, lang)
    odds = analyse(composition(args.decks, removed))
    paytable = PAYTABLES[args.paytable]
    if args.json:
        data = {
            "decks": args.decks,
            "removed": [str(c) for c in removed],
            "paytable": paytable.name,
            "total": odds.total,
            "counts": {o.value: odds.count(o) for o in Outcome},
            "probabilities": {o.value: decimal(odds.probability(o)) for o in Outcome},
            "house_edge": {o.value: decimal(odds.house_edge(o, paytable)) for o in Outcome},
            "exact": {
                "probabilities": {o.value: str(odds.probability(o)) for o in Outcome},
                "house_edge": {o.value: str(odds.house_edge(o, paytable)) for o in Outcome},
            },
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    removed_text = (
        t("odds.removed", lang, cards=" ".join(c.pretty for c in removed)) if removed else ""
    )
    print(
        t(
            "odds.header",
            lang,
            decks=args.decks,
            cards=sum(odds.composition),
            removed=removed_text,
            total=f"{odds.total:,}",
        )
    )
    print(t("odds.paytable", lang, name=paytable.name, tie=paytable.odds(Outcome.EGALITE)))
    print(
        t(
            "odds.columns",
            lang,
            bet=t("odds.col.bet", lang),
            count=t("odds.col.count", lang),
            probability=t("odds.col.probability", lang),
            edge=t("odds.col.edge", lang),
        )
    )
    for o in Outcome:
        print(
            t(
                "odds.columns",
                lang,
                bet=outcome_name(o, lang),
                count=f"{odds.count(o):,}",
                probability=f"{float(odds.probability(o)) * 100:.6f} %",
                edge=f"{float(odds.house_edge(o, paytable)) * 100:.6f} %",
            )
        )
    return 0


def _enough_cards(args: argparse.Namespace, removed: tuple[Card, ...]) -> None:
    """A coup may need six cards; an effect of removal takes one more out first."""
    from puntobanco.errors import ShoeExhaustedError

    needed = 7 if getattr(args, "effects", False) else 6
    left = sum(composition(args.decks, removed))
    if left < needed:
        raise ShoeExhaustedError("odds.error.too_few", left=left, needed=needed)


def _effects(args: argparse.Namespace, removed: tuple[Card, ...], lang: Lang) -> int:
    """``odds --effects``: exact effects of removal, one card of each point value."""
    from puntobanco.odds.removal import effects_of_removal

    paytable = PAYTABLES[args.paytable]
    effects = effects_of_removal(args.decks, paytable, removed=removed)
    if args.json:
        data = {
            "decks": args.decks,
            "removed": [str(c) for c in removed],
            "paytable": paytable.name,
            "effects": {
                str(v): {o.value: decimal(effects.effect(v, o)) for o in Outcome} for v in range(10)
            },
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(t("odds.effects.header", lang, decks=args.decks, paytable=paytable.name))
    names = [outcome_name(o, lang) for o in Outcome]
    print(f"{t('odds.effects.value', lang):<6}" + "".join(f"{n:>14}" for n in names))
    for v in range(10):
        cells = "".join(f"{float(effects.effect(v, o)) * 1e6:>+14.4f}" for o in Outcome)
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
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(t("odds.totals.header", lang, cards=sum(counts)))
    print("P\\B " + "".join(f"{b:>8}" for b in range(10)))
    for p in range(10):
        cells = "".join(f"{table[p][b] / whole * 100:>8.4f}" for b in range(10))
        print(f"{p:<4}{cells}")
    return 0
