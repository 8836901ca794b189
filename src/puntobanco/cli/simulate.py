"""``puntobanco simulate --coups 1e9 --decks 8 [--strategy NAME ...]``: Monte Carlo
through real shoes, on every local core or on a Dask cluster."""

from __future__ import annotations

import argparse
import json
import secrets
import signal
import sys
import threading
import time
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import Any

from puntobanco.cli.tables import add_paytable_arguments
from puntobanco.errors import InvalidStrategyError
from puntobanco.i18n import Lang, t
from puntobanco.shoe import DEFAULT_CUT_CARD

NAME = "simulate"


def coups_count(text: str) -> int:
    """``"1e9"``, ``"250000"``, ``"2_000_000"`` -> a whole number of coups.

    >>> coups_count("1e9"), coups_count("1_000")
    (1000000000, 1000)
    """
    try:
        value = Decimal(text.replace("_", ""))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(text) from None
    if not value.is_finite() or value != value.to_integral_value():
        raise argparse.ArgumentTypeError(text)
    return int(value)


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare the command's arguments."""
    p.add_argument("--coups", type=coups_count, default=10**6, help=t("sim.help.coups", lang))
    p.add_argument("--decks", type=int, default=8, help=t("cli.help.decks", lang, default=8))
    p.add_argument(
        "--strategy",
        nargs="+",
        action="extend",
        default=[],
        metavar="NAME",
        help=t("sim.help.strategy", lang),
    )
    p.add_argument("--seed", type=int, default=None, help=t("sim.help.seed", lang))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None, help=t("sim.help.workers", lang))
    where.add_argument("--scheduler", default=None, help=t("sim.help.scheduler", lang))
    p.add_argument(
        "--cut-card",
        type=int,
        default=DEFAULT_CUT_CARD,
        help=t("sim.help.cut_card", lang, default=DEFAULT_CUT_CARD),
    )
    p.add_argument("--no-burn", action="store_true", help=t("sim.help.no_burn", lang))
    add_paytable_arguments(p, lang)
    p.add_argument("--unit", type=int, default=1, help=t("sim.help.unit", lang))
    p.add_argument("--min", type=int, default=1, dest="minimum", help=t("sim.help.minimum", lang))
    p.add_argument("--max", type=int, default=200, dest="maximum", help=t("sim.help.maximum", lang))
    p.add_argument("--bankroll", type=int, default=100, help=t("sim.help.bankroll", lang))
    p.add_argument("--chunk", type=coups_count, default=None, help=t("sim.help.chunk", lang))
    p.add_argument("--json", action="store_true", help=t("cli.help.json", lang))
    p.add_argument("--csv", default=None, metavar="FILE", help=t("sim.help.csv", lang))
    p.add_argument("--plot", default=None, metavar="FILE.png", help=t("sim.help.plot", lang))
    from puntobanco.cli.study import add_arguments

    add_arguments(p, lang)


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Simulate, then print the table or the JSON (and write CSV / PNG if asked)."""
    from puntobanco.cli.common import PLOT_FORMATS, check_output, need_extra

    need_extra("sim", "numpy", "numba", "rich")
    if args.plot:
        need_extra("plot", "matplotlib")
    if args.scheduler:
        need_extra("dist", "distributed")
    if args.workers is not None and args.workers < 1:
        raise InvalidStrategyError("error.sim.workers", workers=args.workers)
    # A chunk deals its own shoes: shorter than a shoe, every shoe would be cut short.
    if args.chunk is not None and args.chunk < (shoe := 13 * args.decks):
        raise InvalidStrategyError("error.sim.chunk_shoe", chunk=args.chunk, minimum=shoe)
    for path, formats in ((args.csv, None), (args.plot, PLOT_FORMATS)):
        if path:
            check_output(path, formats)  # before the run, so that no result is lost

    from puntobanco.sim.results import CsvSink, Summary
    from puntobanco.sim.runner import CHUNK_COUPS, ChunkResult, SimConfig, run_local
    from puntobanco.sim.strategies import Limits, parse_strategy

    limits = Limits(
        unit=args.unit, minimum=args.minimum, maximum=args.maximum, bankroll=args.bankroll
    )
    config = SimConfig(
        coups=args.coups,
        decks=args.decks,
        seed=args.seed if args.seed is not None else secrets.randbits(63),
        burn=not args.no_burn,
        cut_card=args.cut_card or None,
        paytable=args.paytable,
        side_bets=tuple(b.strip() for b in args.side_bets.split(",") if b.strip()),
        strategies=tuple(parse_strategy(s, limits) for s in args.strategy),
        chunk_coups=CHUNK_COUPS if args.chunk is None else args.chunk,
        keep_shoes=args.csv is not None,
    )
    from puntobanco.cli.study import studied

    study = studied(args, config)
    if study is not None:
        config = replace(config, strategies=study)
    summary = Summary(config)
    csv_file = open(args.csv, "w", encoding="utf-8", newline="") if args.csv else None  # noqa: SIM115
    csv_sink = CsvSink(csv_file, config) if csv_file else None

    def sink(result: ChunkResult) -> None:
        summary.add(result)
        if csv_sink is not None:
            csv_sink.write(result)

    # Ctrl-C asks the run to stop between chunks, so that the partial result is
    # whole chunks, merged; a second Ctrl-C interrupts at once.
    stop = threading.Event()

    def interrupt(signum: int, frame: object) -> None:
        if stop.is_set():
            raise KeyboardInterrupt
        stop.set()

    previous = signal.signal(signal.SIGINT, interrupt)
    start = time.perf_counter()
    try:
        with _Progress(config, lang) as advance:
            if args.scheduler:
                finished = _run_dask(config, sink, args.scheduler, advance, stop)
            else:
                finished = run_local(
                    config, sink, workers=args.workers, progress=advance, stop=stop
                )
    except KeyboardInterrupt:
        finished = False
    finally:
        signal.signal(signal.SIGINT, previous)
        if csv_file is not None:
            csv_file.close()
    seconds = time.perf_counter() - start
    summary.interrupted = not finished
    if study is not None:
        return _study(args, summary, seconds, finished, lang)
    data = summary.to_json()
    if args.json:
        data["timing"] = {
            "seconds": seconds,
            "coups_per_second": summary.coups / seconds if seconds else None,
            "workers": args.workers,
            "scheduler": args.scheduler,
        }
        print(json.dumps(data, ensure_ascii=False))
    else:
        _print_table(summary, data, seconds, lang)
    if args.plot and summary.coups:  # after the figures are out: a failure here loses nothing
        from puntobanco.sim.plot import plot

        sys.stdout.flush()
        plot(summary, args.plot, lang)
    if not args.json:
        for path in (args.csv, args.plot):
            if path:
                print(t("sim.written", lang, path=path))
    return 0 if finished else 130


def _study(
    args: argparse.Namespace, summary: Any, seconds: float, finished: bool, lang: Lang
) -> int:
    """Print (and plot) a count or perfect study instead of the usual table."""
    from puntobanco.cli.study import report

    data = report(args, summary, lang)
    if args.json:
        data["timing"] = {"seconds": seconds, "workers": args.workers}
        print(json.dumps(data, ensure_ascii=False))
    if args.plot and summary.coups:
        from puntobanco.sim.plot import plot_study

        sys.stdout.flush()
        plot_study(summary, data, args.plot, lang)
    if not args.json:
        for path in (args.csv, args.plot):
            if path:
                print(t("sim.written", lang, path=path))
    return 0 if finished else 130


def _run_dask(config: Any, sink: Any, address: str, advance: Any, stop: Any) -> bool:
    from puntobanco.sim.runner import run_dask

    try:
        return run_dask(config, sink, address, progress=advance, stop=stop)
    except OSError as error:
        raise InvalidStrategyError("error.sim.scheduler", address=address, reason=error) from None


class _Progress:
    """A rich progress bar on stderr for long runs in a terminal; a no-op otherwise."""

    def __init__(self, config: Any, lang: Lang) -> None:
        self.show = sys.stderr.isatty() and config.chunks >= 8
        self.lang = lang
        self.bar: Any = None

    def __enter__(self) -> Any:
        if not self.show:
            return None
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.bar.__enter__()
        task = self.bar.add_task(t("sim.progress", self.lang), total=None)

        def advance(done: int, total: int) -> None:
            self.bar.update(task, completed=done, total=total)

        return advance

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


def _figure(x: float | None, lang: Lang, places: int, style: Any) -> str:
    """A figure in the language's digits, or ``-`` where there is none (no whole
    shoe gives no per-shoe mean)."""
    if x is None or x != x or x in (float("inf"), float("-inf")):
        return "-"
    return str(style(x, lang, places))


def _amount(text: object, lang: Lang) -> str:
    """A decimal string of the JSON (``"102.45"``) written as the language writes it."""
    from puntobanco.i18n.numbers import decimal_text

    return "-" if text is None else decimal_text(text, lang)


def _pct(x: float, lang: Lang) -> str:
    from puntobanco.i18n.numbers import percent

    return percent(x, lang, 4)


def _heads(lang: Lang, *columns: str) -> dict[str, str]:
    """Each column's heading (``sim.col.<column>``), by the column's placeholder."""
    return {column: t(f"sim.col.{column}", lang) for column in columns}


def _print_table(summary: Any, data: dict[str, Any], seconds: float, lang: Lang) -> None:
    from puntobanco.cli.common import echo
    from puntobanco.cli.tables import bet_name
    from puntobanco.coup import Outcome
    from puntobanco.explain import outcome_name
    from puntobanco.i18n.numbers import number, percent, signed

    config = summary.config
    if summary.interrupted:
        print(t("sim.interrupted", lang))
    echo(
        t(
            "sim.header",
            lang,
            coups=summary.coups,
            decks=config.decks,
            seed=config.seed,
            shoes=summary.shoes,
            partial=summary.partial,
            seconds=number(seconds, lang, 2),
            rate=number(round(summary.coups / seconds), lang) if seconds else "-",
        )
    )
    print()
    print(t("sim.freq.columns", lang, **_heads(lang, "box", "count", "freq", "ci", "exact"), z="z"))
    for box in Outcome:
        f = data["frequencies"][box.value]
        low, high = f["ci95"]
        print(
            t(
                "sim.freq.columns",
                lang,
                box=outcome_name(box, lang),
                count=number(data["counts"][box.value], lang),
                freq=_pct(f["value"], lang),
                ci=f"{_pct(low, lang)} – {_pct(high, lang)}",
                exact=_pct(f["exact"], lang),
                z="-" if f["z"] is None else signed(f["z"], lang, 2),
            )
        )
    print()
    columns = ("name", "per_coup", "per_shoe", "sd_shoe", "ruin", "q05", "q50", "q95")
    print(t("sim.strategy.columns", lang, **_heads(lang, *columns)))
    rows = [
        (t("sim.flat", lang, box=bet_name(key, lang)), flat) for key, flat in data["flat"].items()
    ] + [(s["name"], s) for s in data["strategies"]]
    for name, s in rows:
        quant = s.get("final_bankroll_quantiles", {})
        print(
            t(
                "sim.strategy.columns",
                lang,
                name=name,
                per_coup=_figure(s["mean_per_coup"], lang, 5, signed),
                per_shoe=_figure(s["mean_per_shoe"], lang, 3, signed),
                sd_shoe=_figure(s["stdev_per_shoe"], lang, 2, number),
                ruin=_figure(s.get("risk_of_ruin"), lang, 2, percent),
                q05=_amount(quant.get("0.05"), lang),
                q50=_amount(quant.get("0.5"), lang),
                q95=_amount(quant.get("0.95"), lang),
            )
        )
