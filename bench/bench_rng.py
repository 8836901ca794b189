"""The fair shoes' random stream through Debian's ``dieharder``, ``ent`` and ``rngtest``.

The stream is the scheme's own (``puntobanco.fair.stream_blocks``): HMAC-SHA256
blocks of one server seed, client seed ``bench/1``, nonce 1, k = 0, 1, 2, ...,
written raw. Each tool reads it, and then the operating system's source
(``os.urandom``) through the very same pipe, as the baseline in the same run. Needs the Debian
packages ``dieharder``, ``ent`` and ``rng-tools5`` (``rngtest``). Not in CI:
even the short selection below takes minutes; ``--dieharder all`` takes hours.

    python bench/bench_rng.py [--seed HEX] [--ent-mib 16] [--rngtest-blocks 2000]
                              [--dieharder 0,1,2,3,8,9,10,11,12,13,15,16,100,101,102]
    python bench/bench_rng.py --speed   # the stream's speed alone (no tool needed)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import IO

from figures import figure
from puntobanco import fair

CHUNK_BLOCKS = 4096  # 128 KiB per write
#: A selection of dieharder's tests that reads the pipe for minutes, not hours
#: (the Diehard classics, the STS ones, and no -d 17 GCD, which needs ~10 GB).
DEFAULT_TESTS = "0,1,2,3,8,9,10,11,12,13,15,16,100,101,102"


def chunks(seed: bytes) -> Iterator[bytes]:
    """The scheme's raw stream for ``seed``, in 128 KiB pieces."""
    blocks = fair.stream_blocks(seed, "bench/1", 1)
    while True:
        yield b"".join(next(blocks) for _ in range(CHUNK_BLOCKS))


def urandom_chunks() -> Iterator[bytes]:
    """The baseline: the operating system's secure source."""
    while True:
        yield os.urandom(CHUNK_BLOCKS * 32)


def feed(process: subprocess.Popen[bytes], source: Iterator[bytes], limit: int | None) -> int:
    """Write ``source`` to the process until it stops reading or ``limit`` bytes; bytes sent."""
    sent = 0
    stdin: IO[bytes] | None = process.stdin
    assert stdin is not None
    try:
        for chunk in source:
            if limit is not None and sent + len(chunk) > limit:
                chunk = chunk[: limit - sent]
            stdin.write(chunk)
            sent += len(chunk)
            if limit is not None and sent >= limit:
                break
        stdin.close()
    except BrokenPipeError:
        pass
    return sent


def run(command: list[str], source: Iterator[bytes], limit: int | None = None) -> tuple[str, int]:
    """Run ``command`` fed by ``source``; its output and the bytes it read."""
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    sent = feed(process, source, limit)
    assert process.stdout is not None
    output = process.stdout.read().decode(errors="replace")
    process.wait()
    return output, sent


def ent_summary(output: str) -> str:
    """ent's figures on one line."""
    wanted = [
        r"Entropy = ([\d.]+) bits per byte",
        r"would exceed this value ([\d.]+) percent",
        r"Arithmetic mean value of data bytes is ([\d.]+)",
        r"Monte Carlo value for Pi is ([\d.]+) \(error ([\d.]+) percent\)",
        r"Serial correlation coefficient is (-?[\d.]+)",
    ]
    found = [re.search(p, output) for p in wanted]
    values = [" ".join(m.groups()) if m else "?" for m in found]
    return (
        f"entropy {values[0]} bits/byte, chi-square exceeded {values[1]}% of the time, "
        f"mean {values[2]}, pi {values[3].split()[0]} (error {values[3].split()[-1]}%), "
        f"serial correlation {values[4]}"
    )


def rngtest_summary(output: str) -> str:
    """rngtest's success and failure counts on one line."""
    lines = [
        line.split("rngtest: ", 1)[1]
        for line in output.splitlines()
        if "rngtest: FIPS 140-2 successes" in line or "rngtest: FIPS 140-2 failures" in line
    ]
    return "; ".join(lines)


def dieharder_rows(output: str) -> list[str]:
    """dieharder's result rows (test, ntup, tsamples, psamples, p-value, assessment)."""
    return [
        line
        for line in output.splitlines()
        if line.count("|") == 5 and "test_name" not in line and not line.startswith("#")
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", help="server seed, 64 hex digits (default: fresh)")
    parser.add_argument("--ent-mib", type=int, default=16)
    parser.add_argument("--rngtest-blocks", type=int, default=2000)
    parser.add_argument("--dieharder", default=DEFAULT_TESTS, help="test numbers, or 'all'")
    parser.add_argument("--speed", action="store_true", help="the stream's speed alone")
    args = parser.parse_args()
    missing = [tool for tool in ("dieharder", "ent", "rngtest") if shutil.which(tool) is None]
    if missing and not args.speed:
        print("missing: " + ", ".join(missing) + " (apt-get install dieharder ent rng-tools5)")
        return 2
    seed = bytes.fromhex(args.seed) if args.seed else fair.new_server_seed()
    print(f"server seed {seed.hex()}, client seed 'bench/1', nonce 1")
    speed(seed)
    if args.speed:
        return 0
    tests_of_the_stream(seed, args)
    return 0


def speed(seed: bytes) -> None:
    """The scheme's stream against ``os.urandom``, 8 MiB each, in MiB a second."""
    start = time.perf_counter()
    size = 8 * 1024 * 1024
    sent = sum(
        len(c) for c, _ in zip(chunks(seed), range(size // (CHUNK_BLOCKS * 32)), strict=False)
    )
    rate = sent / (time.perf_counter() - start) / 2**20
    start = time.perf_counter()
    base = sum(
        len(c) for c, _ in zip(urandom_chunks(), range(size // (CHUNK_BLOCKS * 32)), strict=False)
    )
    base_rate = base / (time.perf_counter() - start) / 2**20
    print(f"stream: {rate:.1f} MiB/s (os.urandom: {base_rate:.1f} MiB/s)")
    figure("rng.stream_mib_s", rate, "MiB/s", "the fair shoes' stream (pure Python HMAC)")
    figure("rng.urandom_mib_s", base_rate, "MiB/s", "os.urandom through the same code")


def tests_of_the_stream(seed: bytes, args: argparse.Namespace) -> None:
    """``ent``, ``rngtest`` and ``dieharder`` on the stream, then on ``os.urandom``."""
    for name, source in (("fair stream", chunks(seed)), ("/dev/urandom", urandom_chunks())):
        output, read = run(["ent"], source, args.ent_mib * 2**20)
        print(f"ent, {name}, {read / 2**20:.0f} MiB: {ent_summary(output)}")
    for name, source in (("fair stream", chunks(seed)), ("/dev/urandom", urandom_chunks())):
        output, read = run(["rngtest", "-c", str(args.rngtest_blocks)], source)
        print(f"rngtest, {name}, {args.rngtest_blocks} blocks: {rngtest_summary(output)}")

    tests = ["-a"] if args.dieharder == "all" else None
    numbers = [] if tests else [n.strip() for n in args.dieharder.split(",") if n.strip()]
    print("dieharder, each test on the fair stream, then on os.urandom, both piped (-g 200)")
    totals = {"fair": [0, 0, 0], "urandom": [0, 0, 0]}
    for number in numbers or ["all"]:
        picked = tests or ["-d", number]
        for label, source in (("fair", chunks(seed)), ("urandom", urandom_chunks())):
            started = time.perf_counter()
            output, read = run(["dieharder", "-g", "200", *picked], source)
            for row in dieharder_rows(output):
                verdict = row.rsplit("|", 1)[1].strip()
                index = {"PASSED": 0, "WEAK": 1, "FAILED": 2}.get(verdict, 2)
                totals[label][index] += 1
                print(f"  {label:8} {row.strip()}")
            elapsed = time.perf_counter() - started
            print(f"  {label:8} (-d {number}: {elapsed:.0f} s, {read / 2**20:.0f} MiB read)")
            sys.stdout.flush()
    for label, (passed, weak, failed) in totals.items():
        print(f"dieharder {label}: {passed} passed, {weak} weak, {failed} failed")


if __name__ == "__main__":
    sys.exit(main())
