"""How the commands name a paytable and its bets, in the reader's language."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from puntobanco.cards import Card
from puntobanco.explain import outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.paytable import BOXES, PAYTABLES, Paytable, configuration, side_bet_names


def bet_name(key: str, lang: Lang) -> str:
    """A bet's name in ``lang``: a box's name, or the side bet's."""
    from puntobanco.coup import Outcome

    return outcome_name(Outcome(key), lang) if key in BOXES else t(f"bet.{key}", lang)


def add_paytable_arguments(p: argparse.ArgumentParser, lang: Lang, *, played: bool = False) -> None:
    """``--paytable P`` and ``--side-bets S,...``: of the commands that analyse a
    paytable (``odds``, ``simulate``: the side bets they can analyse), or ``played``
    at a casino or croupier table (``play``: every side bet)."""
    words = "play" if played else "cli"
    p.add_argument(
        "--paytable",
        choices=sorted(PAYTABLES),
        default="standard",
        help=t(f"{words}.help.paytable", lang),
    )
    p.add_argument(
        "--side-bets",
        default="",
        metavar="S,...",
        help=t(
            "play.help.side_bets" if played else "odds.help.side_bets",
            lang,
            names=", ".join(side_bet_names(analysed=not played)),
        ),
    )


def table_of(args: argparse.Namespace) -> Paytable:
    """The paytable of ``--paytable`` with the side bets of ``--side-bets``."""
    side = [s.strip() for s in getattr(args, "side_bets", "").split(",") if s.strip()]
    return configuration(args.paytable, side)


def describe(paytable: Paytable, lang: Lang) -> str:
    """``Paytable: ez (Punto 1:1, ...) + Punto pair, Banco pair.``"""
    if paytable.name in ("standard", "tie-nine") and not paytable.side_bets:
        from puntobanco.coup import Outcome

        title = paytable.title.words(lang)
        return t("odds.paytable", lang, name=title, tie=paytable.odds(Outcome.EGALITE))
    own = PAYTABLES[paytable.name].side_bets
    added = [w.key for w in paytable.side_bets if w not in own]
    text = t(f"paytable.{paytable.name}", lang)
    if added:
        text += t("paytable.side_bets", lang, names=", ".join(bet_name(k, lang) for k in added))
    return t("odds.paytable.any", lang, name=paytable.title.words(lang), description=text)


def json_head(
    args: argparse.Namespace, removed: Sequence[Card], paytable: Paytable
) -> dict[str, Any]:
    """What ``odds --json`` says first, whatever it analyses: the shoe and the paytable."""
    return {
        "decks": args.decks,
        "removed": [str(c) for c in removed],
        "paytable": paytable.name,
        "side_bets": [w.key for w in paytable.side_bets],
    }
