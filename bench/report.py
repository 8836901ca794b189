"""Every performance figure the README and docs/ quote, from one command.

Run from the repository's root: ``python bench/report.py`` (under 15 minutes on
2 cores; see ``STEPS``). It runs each benchmark in the order of ``STEPS``, each in
a process of its own, with the machine noted (CPU, cores, memory, Python), the
commit, the date, and the load average before and after each one; then it writes

- ``docs/benchmarks.md``: the table of every figure, with each benchmark's own
  output (the page the others link to);
- ``docs/benchmarks.json``: the same figures for programs (and for the test that
  holds the pages to them);
- every figure the pages quote: a figure stands in README.md and docs/*.md between
  ``<!--bench:KEY-->`` and ``<!--/bench-->``, and is replaced by this run's; an
  example of a command that prints its own timing follows ``<!--bench:example-->``,
  and its output is replaced by this run's.

The pages change only after a full run in which every benchmark succeeded.
``--quick`` runs smaller versions of each benchmark (a few minutes) and writes its
table elsewhere (``--out``), never to the pages; ``--only NAME`` runs some steps
and writes nothing but their output and table; ``--pages-only`` runs nothing and
quotes the last run again (after a page gained a figure). The PostgreSQL benchmarks run on a
throwaway cluster the report starts and removes (``--pg URL`` to use another).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
DOCS = ROOT / "docs"
#: The pages that may quote a figure (the table itself is written whole).
PAGES = (ROOT / "README.md", *sorted(p for p in DOCS.glob("*.md") if p.name != "benchmarks.md"))
FIGURES_ENV = "PUNTOBANCO_BENCH_FIGURES"
PG_ENV = "PUNTOBANCO_BENCH_PG"


@dataclass(frozen=True)
class Step:
    """One benchmark: its script and arguments, in full and in ``--quick``."""

    name: str
    title: str
    #: What the benchmark puts side by side, for the table.
    compares: str
    argv: tuple[str, ...]
    quick: tuple[str, ...]
    #: Seconds after which the step is stopped and counted as failed: a step stuck,
    #: not a slow one (on a loaded machine every step takes several times longer).
    timeout: float = 1800
    needs_pg: bool = False


STEPS: tuple[Step, ...] = (
    Step(
        "cli",
        "Start-up of the command line",
        "each command against a bare interpreter, interleaved",
        ("bench_cli.py",),
        ("bench_cli.py", "--runs", "5"),
    ),
    Step(
        "odds",
        "Exact odds in pure Python",
        "the multiset method against the plain loop over ordered starts",
        ("bench_odds.py",),
        ("bench_odds.py",),
    ),
    Step(
        "advantage",
        "The advantage player's exact analyses",
        "each analysis of the standard table against the heaviest table",
        ("bench_advantage.py",),
        ("bench_advantage.py", "--repeat", "1"),
    ),
    Step(
        "hostinfo",
        "The host screen's board",
        "the exact odds of one composition by paytable; a board made against a board kept",
        ("bench_hostinfo.py",),
        ("bench_hostinfo.py",),
    ),
    Step(
        "rng",
        "The fair shoes' random stream",
        "the scheme's HMAC stream against os.urandom (speed only: its statistics need"
        " dieharder, ent and rngtest, run apart)",
        ("bench_rng.py", "--speed"),
        ("bench_rng.py", "--speed"),
    ),
    Step(
        "sim",
        "The simulator",
        "the compiled simulator against its shuffle-and-deal floor and the Python engine",
        ("bench_sim.py", "--command"),
        ("bench_sim.py", "--quick", "--repeat", "1"),
    ),
    Step(
        "paytables",
        "Paytables, side bets and exact-count strategies",
        "each kernel against its baseline; float32 decisions against exact ones",
        ("bench_paytables.py",),
        ("bench_paytables.py", "--quick"),
    ),
    Step(
        "table",
        "A 14-seat casino table",
        "the state machine alone, the in-memory store, SQLite NORMAL and FULL",
        ("bench_table.py", "300"),
        ("bench_table.py", "50"),
    ),
    Step(
        "group_commit",
        "Group commits on SQLite",
        "one transaction an append against 16 tables a commit",
        ("bench_group_commit.py", "2000", "16"),
        ("bench_group_commit.py", "400", "16"),
    ),
    # The web table before the PostgreSQL steps: after them the cluster is still
    # writing and cleaning up what they wrote (checkpoint, autovacuum), on the same
    # cores and disk as the one server on SQLite measured here.
    Step(
        "web",
        "The web table: 2,000 phones on one server",
        "each pushed view against the acknowledgement of the command it shows (SQLite at"
        " synchronous=FULL); the store recounted against the acknowledgements",
        ("bench_web.py", "--clients", "2000", "--tables", "200", "--seconds", "30"),
        ("bench_web.py", "--clients", "200", "--tables", "20", "--seconds", "5"),
    ),
    Step(
        "pg",
        "Two processes on one PostgreSQL database",
        "the engine (no web) on PostgreSQL, two processes, against one process on SQLite",
        ("bench_pg.py", "--url", "{pg}"),
        ("bench_pg.py", "--url", "{pg}", "--rates", "200", "--seconds", "2"),
        needs_pg=True,
    ),
    Step(
        "servers",
        "Up to 10,000 phones: two servers on one PostgreSQL, one server on SQLite",
        "two serve processes on one PostgreSQL database against one serve on a SQLite file,"
        " 2,000 to 10,000 clients at a real table's pace (a bet every 15 s from each phone,"
        " a deal every 45 s from each host), then faster; where p99 crosses"
        " 100 ms, in clients and in commands a second",
        tuple(
            "bench_servers.py --url {pg} --clients 2000 5000 10000"
            " --rates 800 1200 1600 --rates-at 2000 --rate-stores postgresql sqlite".split()
        ),
        tuple(
            "bench_servers.py --url {pg} --clients 100 300 --seconds 4"
            " --rates 100 --rates-at 100".split()
        ),
        needs_pg=True,
    ),
    Step(
        "reopen",
        "Reopening a long table",
        "its snapshot and the events since against a full replay",
        ("bench_reopen.py", "100000", "--log", "{work}/long.db"),
        ("bench_reopen.py", "5000", "--log", "{work}/long.db"),
    ),
    Step(
        "store_check",
        "The checks on opening a log",
        "a writer's and a reader's checks against reading every row (the same log)",
        ("bench_store_check.py", "100000", "--log", "{work}/long.db"),
        ("bench_store_check.py", "5000", "--log", "{work}/long.db"),
    ),
)


@dataclass
class Outcome:
    """What one step gave."""

    step: Step
    seconds: float
    load_before: float
    load_after: float
    status: int
    output: str
    figures: list[dict[str, Any]] = field(default_factory=list)


def load() -> float:
    """The load average over the last minute."""
    return os.getloadavg()[0]


def machine() -> dict[str, Any]:
    """The CPU, its cores, the memory, the system and Python."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = 0.0
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                memory = int(line.split()[1]) / 2**20
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "usable_cores": usable,
        "memory_gib": round(memory, 1),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
    }


def commit() -> str:
    """The commit checked out, with ``+changes`` when the tree differs from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{head}+changes" if dirty else head


def run_step(step: Step, quick: bool, env: dict[str, str], work: Path) -> Outcome:
    """Run one benchmark, its output shown as it comes and kept; ``{work}`` in its
    arguments is a folder the steps share (and the report removes)."""
    argv = [
        a.replace("{work}", str(work)).replace("{pg}", env.get(PG_ENV, ""))
        for a in (step.quick if quick else step.argv)
    ]
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl", delete=False) as handle:
        figures_path = handle.name
    env = dict(env, **{FIGURES_ENV: figures_path})
    print(f"\n== {step.name}: python bench/{' '.join(argv)}", flush=True)
    before = load()
    start = time.perf_counter()
    lines: list[str] = []
    process = subprocess.Popen(
        [sys.executable, str(BENCH / argv[0]), *argv[1:]],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    deadline = start + step.timeout
    status = 0
    for line in process.stdout:
        print(line, end="", flush=True)
        lines.append(line)
        if time.perf_counter() > deadline:
            process.kill()
            status = -9
            break
    try:
        status = process.wait(timeout=max(1.0, deadline - time.perf_counter())) or status
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        status = -9
    seconds = time.perf_counter() - start
    figures = [json.loads(line) for line in Path(figures_path).read_text().splitlines() if line]
    os.unlink(figures_path)
    return Outcome(step, seconds, before, load(), status, "".join(lines), figures)


# ---------------------------------------------------------------- the pages

FIGURE = re.compile(r"<!--bench:(?!example-->)([\w.-]+)-->([^<]*)<!--/bench-->")
EXAMPLE = re.compile(r"(<!--bench:example-->\n```[^\n]*\n)\$ ([^\n]+)\n(.*?)(```)", re.S)


def quoted_keys(text: str) -> list[tuple[str, str]]:
    """(key, text) of every figure a page quotes.

    >>> quoted_keys("takes <!--bench:odds.x-->5.4 ms<!--/bench--> in all")
    [('odds.x', '5.4 ms')]
    """
    return [(m.group(1), m.group(2)) for m in FIGURE.finditer(text)]


def requote(text: str, figures: dict[str, str]) -> tuple[str, list[str]]:
    """``text`` with every quoted figure replaced by its value in ``figures``, and
    the keys it quotes that ``figures`` lacks (those keep their old text).

    >>> requote("a <!--bench:k-->1 ms<!--/bench--> b <!--bench:z-->2<!--/bench-->", {"k": "3 ms"})
    ('a <!--bench:k-->3 ms<!--/bench--> b <!--bench:z-->2<!--/bench-->', ['z'])
    """
    missing: list[str] = []

    def put(m: re.Match[str]) -> str:
        key = m.group(1)
        if key not in figures:
            missing.append(key)
            return m.group(0)
        return f"<!--bench:{key}-->{figures[key]}<!--/bench-->"

    return FIGURE.sub(put, text), missing


def examples(text: str) -> list[str]:
    """The command lines of the examples a page has the report run again.

    >>> examples("<!--bench:example-->\\n```\\n$ puntobanco simulate --coups 10\\nold\\n```\\n")
    ['puntobanco simulate --coups 10']
    """
    return [m.group(2) for m in EXAMPLE.finditer(text)]


def run_example(command: str) -> str:
    """The output of an example's command line, run from the repository's root with
    the ``puntobanco`` beside this interpreter."""
    argv = shlex.split(command)
    if argv[0] == "puntobanco":
        argv = [sys.executable, "-m", "puntobanco", *argv[1:]]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=True, timeout=600)
    return done.stdout


def rerun_examples(text: str) -> str:
    """``text`` with each example's output made again."""

    def put(m: re.Match[str]) -> str:
        output = run_example(m.group(2))
        if not output.endswith("\n"):
            output += "\n"
        return f"{m.group(1)}$ {m.group(2)}\n{output}{m.group(4)}"

    return EXAMPLE.sub(put, text)


# ---------------------------------------------------------------- the table


def table(meta: dict[str, Any], outcomes: Sequence[Outcome]) -> str:
    """The page of the run: when, where, then each benchmark's figures and output."""
    m = meta["machine"]
    cores = f"{m['cores']} cores"
    if m["usable_cores"] not in (None, m["cores"]):
        cores += f" ({m['usable_cores']} usable)"
    minutes, seconds = divmod(round(meta["seconds"]), 60)
    out = [
        "# Benchmarks",
        "",
        "<!-- Written by `python bench/report.py`: edit the benchmarks or the report, not this"
        " page. -->",
        "",
        "Every performance figure the README and the other pages quote is one of these, from the"
        " last run of `python bench/report.py`; comparisons are taken in the same run, each"
        " benchmark putting its figures beside their baseline.",
        "",
        f"- **Run**: {meta['date']}, commit `{meta['commit']}`"
        f"{' (quick)' if meta['quick'] else ''}, {minutes} min {seconds:02d} s in all.",
        f"- **Machine**: {m['cpu']}, {cores}, {m['memory_gib']} GiB of memory, {m['system']},"
        f" Python {m['python']}.",
        f"- **Load average** (one minute): {meta['load_before']:.2f} before the run,"
        f" {meta['load_after']:.2f} after it; each benchmark's below. The machine is shared,"
        " so a figure taken while others ran is slower than the machine alone would give.",
        "",
        "| benchmark | what it compares | time | load before → after |",
        "|---|---|---|---|",
    ]
    for o in outcomes:
        state = "" if o.status == 0 else f" (**failed**, status {o.status})"
        out.append(
            f"| [{o.step.title}](#{o.step.name}) | {o.step.compares} | {o.seconds:.0f} s{state} |"
            f" {o.load_before:.2f} → {o.load_after:.2f} |"
        )
    for o in outcomes:
        out += [
            "",
            f'<a id="{o.step.name}"></a>',
            "",
            f"## {o.step.title}",
            "",
            f"`python bench/{' '.join(o.step.quick if meta['quick'] else o.step.argv)}`".replace(
                "{work}", "$WORK"
            ),
            "",
        ]
        if o.figures:
            out += ["| figure | value | key |", "|---|---|---|"]
            out += [f"| {f['label']} | {f['text']} | `{f['key']}` |" for f in o.figures]
            out.append("")
        out += ["```", o.output.rstrip("\n"), "```"]
    return "\n".join(out) + "\n"


@contextmanager
def postgres(url: str | None, needed: bool) -> Iterator[str]:
    """A PostgreSQL URL: the one given, else a throwaway cluster's, removed after
    (none when no step needs one)."""
    if url or not needed:
        yield url or ""
        return
    folder = tempfile.mkdtemp(prefix="puntobanco-bench-pg-")
    cluster = [sys.executable, str(ROOT / "tools" / "pgcluster.py")]
    started = subprocess.run(
        [*cluster, "start", "--dir", folder], capture_output=True, text=True, check=True
    )
    try:
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run([*cluster, "stop", "--dir", folder, "--remove"], capture_output=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the steps, write the table, and quote the figures in the pages."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs; pages untouched")
    parser.add_argument("--only", nargs="+", metavar="STEP", help="these steps alone")
    parser.add_argument("--out", type=Path, help="where the table goes (docs/ for a full run)")
    parser.add_argument("--pg", metavar="URL", help="a PostgreSQL database to use")
    parser.add_argument(
        "--pages-only",
        action="store_true",
        help="run nothing: quote the last run (docs/benchmarks.json) in the pages again",
    )
    args = parser.parse_args(argv)
    if args.pages_only:
        last = json.loads((DOCS / "benchmarks.json").read_text(encoding="utf-8"))
        texts = {key: f["text"] for key, f in last["figures"].items()}
        return quote_again(texts | run_texts(last["meta"]), examples_too=False)
    steps = [s for s in STEPS if not args.only or s.name in args.only]
    unknown = set(args.only or ()) - {s.name for s in STEPS}
    if unknown:
        parser.error(f"no such step: {', '.join(sorted(unknown))}")
    full = not args.quick and not args.only
    out = args.out or (DOCS if full else Path(tempfile.mkdtemp(prefix="puntobanco-bench-")))
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # start-up is timed with bytecode cached
    env["LC_ALL"] = "C.UTF-8"
    meta: dict[str, Any] = {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit(),
        "machine": machine(),
        "quick": args.quick,
        "load_before": load(),
    }
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    with (
        postgres(args.pg, any(s.needs_pg for s in steps)) as url,
        tempfile.TemporaryDirectory(prefix="puntobanco-bench-") as work,
    ):
        env[PG_ENV] = url
        for step in steps:
            outcomes.append(run_step(step, args.quick, env, Path(work)))
    meta["seconds"] = time.perf_counter() - start
    meta["load_after"] = load()
    figures = {f["key"]: f for o in outcomes for f in o.figures}
    out.mkdir(parents=True, exist_ok=True)
    (out / "benchmarks.md").write_text(table(meta, outcomes), encoding="utf-8")
    data = {"meta": meta, "figures": figures}
    (out / "benchmarks.json").write_text(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    failed = [o.step.name for o in outcomes if o.status != 0]
    print(f"\nTable: {out / 'benchmarks.md'}; {meta['seconds'] / 60:.1f} min in all.")
    if failed:
        print(f"Failed: {', '.join(failed)}; the pages are left as they were.", file=sys.stderr)
        return 1
    if full:
        return quote_again({key: f["text"] for key, f in figures.items()} | run_texts(meta))
    return 0


def run_texts(meta: dict[str, Any]) -> dict[str, str]:
    """What the pages may quote of the run itself: its date, machine and commit.

    >>> meta = {"date": "2026-12-07 05:16 UTC", "commit": "14bbda1",
    ...         "machine": {"cpu": "AMD EPYC", "cores": 2}, "seconds": 781.2}
    >>> run_texts(meta)["run.machine"], run_texts(meta)["run.minutes"]
    ('AMD EPYC, 2 cores', '13 minutes')
    """
    m = meta["machine"]
    return {
        "run.date": meta["date"].split()[0],
        "run.machine": f"{m['cpu']}, {m['cores']} cores",
        "run.commit": meta["commit"],
        "run.minutes": f"{meta['seconds'] / 60:.0f} minutes",
    }


def quote_again(texts: dict[str, str], *, examples_too: bool = True) -> int:
    """Put this run's figures and examples into the pages, all of them or none."""
    pages: dict[Path, tuple[str, str]] = {}
    for page in PAGES:
        before = page.read_text(encoding="utf-8")
        after, missing = requote(before, texts)
        if missing:
            print(f"{page.name} quotes figures no benchmark gave: {', '.join(missing)}")
            return 1
        pages[page] = (before, after)
    for page, (before, after) in pages.items():
        if examples_too:
            after = rerun_examples(after)
        if after != before:
            page.write_text(after, encoding="utf-8")
            print(f"Figures quoted again in {page.relative_to(ROOT)}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
