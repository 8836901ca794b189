"""Start-up of the command line: whole commands against a bare interpreter, side by side.

Run: ``python bench/bench_cli.py [--runs N]``. Each round runs a bare interpreter
(``python -c pass``) and then each command once, so that the baseline and the
commands share the machine's load; the medians over the rounds are printed, wall
time and CPU time (user + system of the child), with the bound each command keeps
to: twice the bare interpreter's time plus 50 ms. A command is run once before
the rounds so that its bytecode is compiled and cached, as after an install.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

from figures import figure

#: The console script installed beside this interpreter, else ``python -m puntobanco``.
SCRIPT = os.path.join(os.path.dirname(sys.executable), "puntobanco")
PUNTOBANCO = [SCRIPT] if os.path.exists(SCRIPT) else [sys.executable, "-m", "puntobanco"]
COMMANDS = {
    "python -c pass (baseline)": [sys.executable, "-c", "pass"],
    "puntobanco --help": [*PUNTOBANCO, "--help"],
    "puntobanco coup": [*PUNTOBANCO, "coup", "4h 2s 9c Ad 8d"],
    "puntobanco coup --json": [*PUNTOBANCO, "coup", "4h 2s 9c Ad 8d", "--json"],
    "puntobanco odds --decks 8": [*PUNTOBANCO, "odds", "--decks", "8"],
    "puntobanco odds --json": [*PUNTOBANCO, "odds", "--json"],
}
BASELINE = "python -c pass (baseline)"
#: How the report names each command's figures.
KEYS = dict(zip(COMMANDS, ("bare", "help", "coup", "coup_json", "odds", "odds_json"), strict=True))
#: The bound: a command may take twice the bare interpreter's time plus this.
ALLOWANCE = 0.050


def environment() -> dict[str, str]:
    """The caller's environment, with bytecode caching on (a ``PYTHONDONTWRITEBYTECODE``
    left in a shell would make every start compile every module) and English words."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["LC_ALL"] = "C.UTF-8"
    return env


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def measure(runs: int) -> dict[str, tuple[float, float]]:
    """Median (wall, CPU) seconds of each command over ``runs`` interleaved rounds."""
    env = environment()
    for argv in COMMANDS.values():  # compile and cache the bytecode first
        run_once(argv, env)
    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(runs):
        for name, argv in COMMANDS.items():
            wall, cpu = run_once(argv, env)
            walls[name].append(wall)
            cpus[name].append(cpu)
    return {
        name: (statistics.median(walls[name]), statistics.median(cpus[name])) for name in COMMANDS
    }


def main() -> None:
    """Print one line per command, its bound and whether it keeps to it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15, help="interleaved rounds (15)")
    args = parser.parse_args()
    found = measure(args.runs)
    bare_wall, bare_cpu = found[BASELINE]
    bound_wall = 2 * bare_wall + ALLOWANCE
    bound_cpu = 2 * bare_cpu + ALLOWANCE
    print(f"{args.runs} interleaved rounds; median times; bound = 2 x baseline + 50 ms")
    print(f"{'command':<28} {'wall':>8} {'CPU':>8} {'x bare CPU':>10}  within bound")
    for name, (wall, cpu) in found.items():
        verdict = "" if name == BASELINE else ("yes" if wall <= bound_wall else "NO")
        print(
            f"{name:<28} {wall * 1000:>5.0f} ms {cpu * 1000:>5.0f} ms "
            f"{cpu / bare_cpu:>9.1f}x  {verdict}"
        )
    print(f"{'bound':<28} {bound_wall * 1000:>5.0f} ms {bound_cpu * 1000:>5.0f} ms")
    for name, (wall, _) in found.items():
        figure(f"cli.{KEYS[name]}_ms", wall * 1000, "ms", f"{name}, median wall time")
    figure("cli.bound_ms", bound_wall * 1000, "ms", "the bound: 2 x bare + 50 ms")
    slowest = max(wall for name, (wall, _) in found.items() if name != BASELINE)
    over = [name for name, (wall, _) in found.items() if name != BASELINE and wall > bound_wall]
    figure("cli.slowest_of_bound", slowest / bound_wall, "x",
           "the slowest command's median against the bound (within it: at most 1.00x)")  # fmt: skip
    figure("cli.within_bound", len(found) - 1 - len(over), "",
           f"commands within the bound, of {len(found) - 1}")  # fmt: skip
    print(f"within the bound: {len(found) - 1 - len(over)} of {len(found) - 1} commands; "
          f"the slowest at {slowest / bound_wall:.2f} of it"
          + (f"; over it: {', '.join(over)}" if over else ""))  # fmt: skip


if __name__ == "__main__":
    main()
