"""Start-up of the command line: whole commands against a bare interpreter, side by side.

Run: ``python bench/bench_cli.py``. Prints the median wall time of each command
over several runs, and the interpreter's own start-up as the baseline.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass (baseline)": [sys.executable, "-c", "pass"],
    "puntobanco coup": [sys.executable, "-m", "puntobanco", "coup", "4h 2s 9c Ad 8d"],
    "puntobanco coup --json": [
        sys.executable,
        "-m",
        "puntobanco",
        "coup",
        "4h 2s 9c Ad 8d",
        "--json",
    ],
    "puntobanco odds --decks 8": [sys.executable, "-m", "puntobanco", "odds", "--decks", "8"],
    "puntobanco odds --decks 8 --json": [
        sys.executable,
        "-m",
        "puntobanco",
        "odds",
        "--decks",
        "8",
        "--json",
    ],  # fmt: skip
}


def median_seconds(argv: list[str], runs: int = 9) -> float:
    """Median wall time of ``runs`` runs of ``argv``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    """Print one line per command."""
    print(f"{'command':<36} {'median':>9}")
    for name, argv in COMMANDS.items():
        print(f"{name:<36} {median_seconds(argv) * 1000:>7.0f} ms")


if __name__ == "__main__":
    main()
