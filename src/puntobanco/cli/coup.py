"""``puntobanco coup "4h 2s 9c Ad 8d"``: resolve one coup and explain it."""

from __future__ import annotations

import argparse
from fractions import Fraction

from puntobanco.cards import format_cards, parse_cards
from puntobanco.cli.common import add_decks_argument
from puntobanco.coup import Coup, Outcome, Side, resolve
from puntobanco.explain import announce, describe_step, outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.paytable import PAYTABLES, Paytable, format_amount, json_amount
from puntobanco.shoe import Shoe

NAME = "coup"
STAKE = 20  # seed 004: "un enjeu fictif de 20 points"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``coup CARDS [--decks N] [--paytable P] [--json]``."""
    p.add_argument("cards", help=t("cli.help.cards", lang))
    add_decks_argument(p, lang)
    p.add_argument(
        "--paytable",
        choices=sorted(PAYTABLES),
        default="standard",
        help=t("cli.help.paytable", lang),
    )
    p.add_argument("--json", action="store_true", help=t("cli.help.json", lang))


def settlement(coup: Coup, paytable: Paytable, stake: int = STAKE) -> dict[Outcome, int | Fraction]:
    """The net result of ``stake`` on each chance."""
    return {box: paytable.net(box, stake, coup) for box in Outcome}


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Resolve the cards as they leave an N-deck shoe and print the coup."""
    shoe = Shoe.stacked(parse_cards(args.cards), decks=args.decks)
    coup = resolve(shoe.order)
    nets = settlement(coup, PAYTABLES[args.paytable])
    if args.json:
        data = coup.to_json()
        data["settlement"] = {box.value: json_amount(net) for box, net in nets.items()}
        import json

        print(json.dumps(data, ensure_ascii=False))
        return 0
    for side, hand in ((Side.PUNTO, coup.punto), (Side.BANCO, coup.banco)):
        cards = format_cards(hand.cards, lang=lang)
        print(
            t(
                "coup.hand",
                lang,
                hand=outcome_name(side, lang),
                cards=cards,
                two=hand.two_card_total,
                total=hand.total,
            )
        )
    for step in coup.steps:
        print(describe_step(step, lang))
    print(announce(coup, lang))
    print(t("coup.settlement", lang, stake=STAKE))
    for box, net in nets.items():
        sign = "+" if net > 0 else ""
        print(f"  {outcome_name(box, lang):<10} {sign}{format_amount(net)}")
    return 0
