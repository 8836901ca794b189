"""``puntobanco roads "B P P T B B B"``: a shoe's scoreboards and the ask previews."""

from __future__ import annotations

import argparse
import json

from puntobanco.i18n import Lang, t

NAME = "roads"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``roads RESULTS [--explain] [--json]``."""
    p.add_argument("results", help=t("cli.help.results", lang))
    p.add_argument("--explain", action="store_true", help=t("cli.help.explain", lang))
    p.add_argument("--json", action="store_true", help=t("cli.help.json", lang))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Print the five roads and the ask previews (or their JSON)."""
    from puntobanco.roads import build_roads, explain_mark, parse_results, render_roads

    roads = build_roads(parse_results(args.results))
    if args.json:
        print(json.dumps(roads.to_json(), ensure_ascii=False))
        return 0
    print("\n".join(render_roads(roads, lang)))
    if args.explain:
        for road in roads.derived:
            for index in range(len(road.marks)):
                print(explain_mark(roads, road, index, lang))
    return 0
