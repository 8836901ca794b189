"""``simulate --count SYSTEM | --count-tags TAGS`` and ``simulate --perfect``: a count at
each trigger, or every bet's perfect count, reported as analysts publish them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from puntobanco.cli.common import echo
from puntobanco.cli.tables import bet_name
from puntobanco.errors import InvalidStrategyError
from puntobanco.i18n import Lang, t
from puntobanco.i18n.numbers import number, percent, signed

if TYPE_CHECKING:
    from puntobanco.counts import CountSystem
    from puntobanco.sim.config import SimConfig
    from puntobanco.sim.results import Summary
    from puntobanco.sim.strategies import Strategy
    from puntobanco.sim.study import Play


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """``--count``, ``--count-tags``, ``--count-bet``, ``--triggers``, ``--perfect``."""
    from puntobanco.counts import SYSTEMS

    study = p.add_mutually_exclusive_group()
    study.add_argument(
        "--count", choices=sorted(SYSTEMS), default=None, help=t("sim.help.count", lang)
    )
    study.add_argument(
        "--count-tags", default=None, metavar="TAGS", help=t("sim.help.count_tags", lang)
    )
    study.add_argument("--perfect", action="store_true", help=t("sim.help.perfect", lang))
    p.add_argument("--count-bet", default=None, metavar="NAME", help=t("sim.help.count_bet", lang))
    p.add_argument(
        "--triggers", default="0:8", metavar="TRIGGERS", help=t("sim.help.triggers", lang)
    )


def triggers(text: str) -> tuple[int, ...]:
    """``"0:8"`` or ``"0..8"`` -> 0, 1 ... 8; ``"2,4,6"`` -> 2, 4, 6.

    Raises ``InvalidStrategyError`` for anything else, or beyond ±50.

    >>> triggers("-1:2"), triggers("4, 6"), triggers("3..5")
    ((-1, 0, 1, 2), (4, 6), (3, 4, 5))
    """
    from puntobanco.sim.strategies import MAX_TRIGGER

    try:
        span = text.replace("..", ":")
        if ":" in span:
            low, high = (int(x) for x in span.split(":"))
            found = tuple(range(low, high + 1))
        else:
            found = tuple(int(x) for x in text.replace(",", " ").split())
    except ValueError:
        found = ()
    if not found or any(abs(x) > MAX_TRIGGER for x in found):
        raise InvalidStrategyError("error.sim.triggers", triggers=text, most=MAX_TRIGGER)
    return found


def system_of(args: argparse.Namespace) -> CountSystem | None:
    """The count system of ``--count`` or ``--count-tags`` (None for neither)."""
    from puntobanco.counts import custom, system

    if args.count is not None:
        return system(args.count)
    if args.count_tags is not None:
        if args.count_bet is None:
            raise InvalidStrategyError("error.sim.count_bet")
        from puntobanco.paytable import bet_key

        return custom(args.count_tags, bet=bet_key(args.count_bet))
    return None


def studied(args: argparse.Namespace, config: SimConfig) -> tuple[Strategy, ...] | None:
    """The strategies of the study asked for (None when none is)."""
    from puntobanco.sim.study import count_strategies, perfect_strategies

    chosen = system_of(args)
    if chosen is None and not args.perfect:
        return None
    if args.strategy:
        raise InvalidStrategyError("error.sim.study_strategy")
    if chosen is not None:
        return count_strategies(chosen, triggers(args.triggers))
    return perfect_strategies(config)


def _se(value: float | None, se: float | None, lang: Lang, places: int, *, pct: bool) -> str:
    if value is None or value != value:
        return "-"
    main = (
        ("+" if value > 0 else "") + percent(value, lang, places)
        if pct
        else signed(value, lang, places)
    )
    if se is None:
        return main
    spread = percent(se, lang, places) if pct else number(se, lang, places)
    return f"{main} ± {spread}"


#: Widths of the columns of a study's table: 80 in all.
LABEL, BETS, SHOE, EDGE, PER_100, PER_SHOE = 15, 8, 8, 19, 15, 15


def _row(label: str, p: Play, lang: Lang) -> str:
    """One way of betting in 80 columns; a name too long for its column gets a line
    of its own above the figures."""
    above = ""
    if len(label) >= LABEL:
        above, label = label + "\n", ""
    return above + (
        f"{label:<{LABEL}}{percent(p.frequency, lang, 2):>{BETS}}"
        f"{number(p.bets_per_shoe, lang, 2):>{SHOE}}"
        f"{_se(p.edge, p.edge_se, lang, 2, pct=True):>{EDGE}}"
        f"{_se(p.per_100, p.per_100_se, lang, 3, pct=False):>{PER_100}}"
        f"{_se(p.per_shoe, p.per_shoe_se, lang, 3, pct=False):>{PER_SHOE}}"
    )


def _columns(first: str, lang: Lang) -> str:
    return (
        f"{first:<{LABEL}}{t('sim.study.bets', lang):>{BETS}}"
        f"{t('sim.study.per_shoe_bets', lang):>{SHOE}}{t('sim.study.edge', lang):>{EDGE}}"
        f"{t('sim.study.per_100', lang):>{PER_100}}{t('sim.study.per_shoe', lang):>{PER_SHOE}}"
    )


def play_json(p: Play) -> dict[str, Any]:
    """One way of betting as ``--json`` gives it."""
    return {
        "name": p.name,
        "bet": p.bet,
        "trigger": p.trigger,
        "coups": p.coups,
        "shoes": p.shoes,
        "bets": p.bets,
        "net": p.net,
        "bet_frequency": p.frequency,
        "bets_per_shoe": p.bets_per_shoe,
        "edge_when_betting": p.edge,
        "edge_stderr": p.edge_se,
        "units_per_100_coups": p.per_100,
        "units_per_100_coups_stderr": p.per_100_se,
        "units_per_shoe": p.per_shoe,
        "units_per_shoe_stderr": p.per_shoe_se,
    }


def report(args: argparse.Namespace, summary: Summary, lang: Lang) -> dict[str, Any]:
    """The study's JSON; printed as a table unless ``--json``."""
    from puntobanco.sim.study import count_study, plays

    config = summary.config
    head: dict[str, Any] = {
        "coups": summary.coups,
        "shoes": summary.shoes,
        "partial_shoes": summary.partial,
        "seed": config.seed,
        "decks": config.decks,
        "burn": config.burn,
        "cut_card": config.cut_card,
        "paytable": config.paytable,
        "side_bets": list(config.side_bets),
        "interrupted": summary.interrupted,
    }
    chosen = system_of(args)
    if chosen is not None:
        study = count_study(chosen, summary)
        data: dict[str, Any] = head | {
            "count": {
                "name": chosen.name,
                "tags": chosen.written,
                "bet": chosen.bet,
                "source": chosen.source,
            },
            "triggers": [play_json(p) for p in study.counted],
            "best_trigger": study.best.trigger,
            "perfect": play_json(study.perfect),
        }
        if not args.json:
            _print_count(study, data, lang)
        return data
    found = plays(summary)
    if summary.coups:  # the pairs on the same shoes: the chunks the run finished
        from puntobanco.sim.pairs import pair_plays
        from puntobanco.sim.runner import default_workers

        workers = getattr(args, "workers", None) or default_workers()
        found += pair_plays(replace(config, coups=summary.coups), workers=workers)
    head["perfect"] = [play_json(p) for p in found]
    if not args.json:
        _print_perfect(found, head, lang)
    return head


def _header(data: dict[str, Any], lang: Lang) -> None:
    if data["interrupted"]:
        print(t("sim.interrupted", lang))
    echo(
        t(
            "sim.study.header",
            lang,
            coups=t("sim.header.coups", lang, coups=data["coups"]),
            shoes=t("sim.header.shoes", lang, shoes=data["shoes"]),
            decks=t("odds.header.decks", lang, decks=data["decks"]),
            cut=data["cut_card"] or 0,
            burn=t("sim.study.burn" if data["burn"] else "sim.study.no_burn", lang),
            seed=data["seed"],
        )
    )


def _print_count(study: Any, data: dict[str, Any], lang: Lang) -> None:
    system = study.system
    echo(
        t(
            "sim.study.count",
            lang,
            name=system.name,
            tags=system.written,
            bet=bet_name(system.bet, lang),
        )
    )
    _header(data, lang)
    print()
    print(_columns(t("sim.study.trigger", lang), lang))
    for p in study.counted:
        print(_row(f"{p.trigger:+d}", p, lang))
    print(_row(t("sim.study.perfect", lang), study.perfect, lang))
    print()
    best = study.best
    echo(
        t(
            "sim.study.best",
            lang,
            trigger=f"{best.trigger:+d}",
            per_shoe=_se(best.per_shoe, best.per_shoe_se, lang, 3, pct=False),
            perfect=_se(study.perfect.per_shoe, study.perfect.per_shoe_se, lang, 3, pct=False),
        )
    )


def _print_perfect(found: Sequence[Play], data: dict[str, Any], lang: Lang) -> None:
    echo(t("sim.study.perfect_header", lang))
    _header(data, lang)
    print()
    print(_columns(t("sim.col.name", lang), lang))
    for p in found:
        print(_row(bet_name(p.bet, lang), p, lang))
