"""``puntobanco drill KIND``: put a drill's questions, or grade answers to them.

``--json`` prints ``{"kind", "seed", "questions"}`` with everything needed to
answer and no answer; ``--answers FILE`` grades a JSON object of answers by
question id against the drill that the same seed and settings give.
"""

from __future__ import annotations

import argparse
import json
import secrets

from puntobanco.cli.common import add_decks_argument
from puntobanco.counts import SYSTEMS
from puntobanco.errors import CommandLineError, DrillError
from puntobanco.i18n import Lang, t
from puntobanco.learn import (
    DEFAULT_COUNT,
    DEFAULT_SYSTEM,
    KINDS,
    MAX_COUNT,
    Drill,
    Result,
    Settings,
    make_drill,
    score,
)
from puntobanco.paytable import PAYTABLES

NAME = "drill"
#: A seed drawn when none is given: short enough to type again.
NEW_SEEDS = 1_000_000
#: The options that only some kinds read, by the name ``Kind.reads`` gives them.
OPTIONS = {"paytable": "--paytable", "system": "--system", "true_count": "--true-count"}


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``drill KIND [--count N] [--seed S] [--decks D] [--paytable P]
    [--system NAME] [--true-count] [--answers FILE] [--json]``."""
    p.add_argument("kind", choices=list(KINDS), help=t("learn.help.kind", lang))
    p.add_argument(
        "--count",
        type=int,
        metavar="N",
        default=DEFAULT_COUNT,
        help=t("learn.help.count", lang, default=DEFAULT_COUNT, high=MAX_COUNT),
    )
    p.add_argument("--seed", type=int, default=None, help=t("learn.help.seed", lang))
    add_round_arguments(p, lang, system=None)
    p.add_argument("--answers", metavar="FILE", default=None, help=t("learn.help.answers", lang))
    p.add_argument("--json", action="store_true", help=t("cli.help.json", lang))


def settings_of(args: argparse.Namespace) -> Settings:
    """The drill's settings; an option that its kind does not read is refused."""
    given = {"paytable": args.paytable, "system": args.system, "true_count": args.true_count}
    reads = KINDS[args.kind].reads
    for name, value in given.items():
        if value not in (None, False) and name not in reads:
            kinds = ", ".join(k.name for k in KINDS.values() if name in k.reads)
            raise CommandLineError("learn.error.option_kind", option=OPTIONS[name], kinds=kinds)
    return Settings(
        decks=args.decks,
        paytable=args.paytable,
        system=args.system or DEFAULT_SYSTEM,
        true_count=args.true_count,
    )


def read_answers(path: str) -> object:
    """The JSON value of the answers' file (``-``: standard input)."""
    from puntobanco.cli.common import read_text

    text = read_text(path)

    def not_json(constant: str) -> object:  # NaN and Infinity are Python's, not JSON's
        line = text[: text.find(constant)].count("\n") + 1
        raise DrillError("learn.error.not_json", path=path, line=line)

    try:
        return json.loads(text, parse_constant=not_json)
    except json.JSONDecodeError as error:
        raise DrillError("learn.error.not_json", path=path, line=error.lineno) from None


def add_round_arguments(p: argparse.ArgumentParser, lang: Lang, *, system: str | None) -> None:
    """``--decks D --paytable P --system NAME --true-count``: what a round of drills
    is put from (``drill``, and the trainer's first settings in ``learn``);
    ``system`` is ``--system``'s default."""
    add_decks_argument(p, lang)
    p.add_argument(
        "--paytable", choices=sorted(PAYTABLES), default=None, help=t("learn.help.paytable", lang)
    )
    p.add_argument(
        "--system",
        choices=sorted(SYSTEMS),
        default=system,
        help=t("learn.help.system", lang, default=DEFAULT_SYSTEM),
    )
    p.add_argument("--true-count", action="store_true", help=t("learn.help.true_count", lang))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Print the drill, or grade the answers of ``--answers``."""
    settings = settings_of(args)
    if args.answers is not None and args.seed is None:
        raise CommandLineError("learn.error.need_seed")
    seed = args.seed if args.seed is not None else secrets.randbelow(NEW_SEEDS)
    drill = make_drill(args.kind, seed=seed, count=args.count, settings=settings)
    if args.answers is None:
        print_drill(drill, lang, as_json=args.json)
        return 0
    answers = read_answers(args.answers)
    if not isinstance(answers, dict):
        raise DrillError("learn.error.answers")
    results = drill.grade(answers)
    print_results(drill, results, lang, as_json=args.json)
    return 0


def print_drill(drill: Drill, lang: Lang, *, as_json: bool) -> None:
    """The questions, as JSON or as sentences in ``lang``."""
    if as_json:
        print(json.dumps(drill.to_json(), ensure_ascii=False))
        return
    count = len(drill.questions)
    print(t("learn.cli.header", lang, kind=drill.kind, seed=drill.seed, count=count))
    for question in drill.questions:
        print(f"{question.id}. {question.text(lang)}")


def print_results(drill: Drill, results: tuple[Result, ...], lang: Lang, *, as_json: bool) -> None:
    """Each question graded and the score, as JSON or as sentences in ``lang``."""
    total = score(results)
    if as_json:
        data = {
            "kind": drill.kind,
            "seed": drill.seed,
            "results": [r.to_json(lang) for r in results],
            "score": total.to_json(),
        }
        print(json.dumps(data, ensure_ascii=False))
        return
    for result in results:
        q = result.question
        if result.correct:
            print(t("learn.cli.right", lang, id=q.id, answer=q.shown(lang)))
        else:
            print(t("learn.cli.wrong", lang, id=q.id, answer=q.shown(lang), why=q.why(lang)))
    print(
        t(
            "learn.cli.score",
            lang,
            correct=total.correct,
            count=total.questions,
            percent=total.percent,
        )
    )
