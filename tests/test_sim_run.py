"""Whole runs: agreement with the exact odds, determinism, the command's outputs."""

from __future__ import annotations

import csv
import json
import math
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from puntobanco.cli import main
from puntobanco.coup import Outcome
from puntobanco.odds import analyse, composition
from puntobanco.sim.results import Summary
from puntobanco.sim.runner import ChunkResult, SimConfig, run_local
from puntobanco.sim.strategies import parse_strategy


def simulate(config: SimConfig, workers: int) -> Summary:
    summary = Summary(config)
    assert run_local(config, summary.add, workers=workers)
    return summary


def test_frequencies_of_ten_million_coups_are_within_four_standard_errors_of_exact() -> None:
    summary = simulate(SimConfig(coups=10**7, decks=8, seed=2026), workers=2)
    assert summary.coups == 10**7 == sum(summary.counts)
    odds = analyse(composition(8))
    for i, box in enumerate(Outcome):
        p = float(odds.probability(box))
        se = math.sqrt(p * (1 - p) / summary.coups)
        assert abs(summary.counts[i] / summary.coups - p) < 4 * se


def test_the_same_seed_gives_the_same_result_with_one_worker_or_two() -> None:
    strategies = tuple(parse_strategy(s) for s in ("martingale:banco", "follow"))
    config = SimConfig(coups=300_000, decks=6, seed=9, chunk_coups=40_000, strategies=strategies)
    assert config.chunks == 8
    one, two = simulate(config, 1), simulate(config, 2)
    assert one.to_json() == two.to_json()
    other = simulate(SimConfig(coups=300_000, decks=6, seed=10, chunk_coups=40_000), 2)
    assert other.counts != one.counts


def test_exact_counts_shared_by_the_last_chunks_give_the_result_of_one_worker() -> None:
    # Three chunks on two workers: the last one counts on both; one chunk alone on all four.
    strategies = tuple(parse_strategy(s) for s in ("count", "perfect:dragon_7"))
    config = SimConfig(
        coups=25_000, seed=4, paytable="ez", chunk_coups=10_000, strategies=strategies
    )
    assert config.chunks == 3
    assert simulate(config, 1).to_json() == simulate(config, 2).to_json()
    single = SimConfig(coups=12_000, seed=4, paytable="ez", strategies=strategies)
    assert simulate(single, 1).to_json() == simulate(single, 4).to_json()


def test_chunks_share_the_coups_exactly() -> None:
    config = SimConfig(coups=1_000_001, chunk_coups=300_000)
    assert [config.budget(k) for k in range(config.chunks)] == [300_000] * 3 + [100_001]


def test_a_stop_request_hands_back_the_finished_chunks() -> None:
    config = SimConfig(coups=10**9, seed=1, chunk_coups=100_000)
    stop = threading.Event()
    seen: list[ChunkResult] = []

    def sink(result: ChunkResult) -> None:
        seen.append(result)
        stop.set()

    assert not run_local(config, sink, workers=2, stop=stop)
    assert 1 <= len(seen) <= 8 and seen[0].chunk == 0


def test_simulate_json_holds_counts_seed_and_strategies_only_on_stdout(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code = main(
        ["simulate", "--coups", "2e5", "--decks", "8", "--seed", "7", "--json"]
        + ["--strategy", "paroli:punto", "dalembert", "--workers", "2"]
        + ["--csv", str(tmp_path / "shoes.csv"), "--plot", str(tmp_path / "run.png")]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    assert data["coups"] == 200_000 and data["seed"] == 7
    assert sum(data["counts"].values()) == 200_000
    assert [s["name"] for s in data["strategies"]] == ["paroli:punto", "dalembert:banco"]
    for s in data["strategies"]:
        assert 0 <= s["risk_of_ruin"] <= 1
        assert list(s["final_bankroll_quantiles"]) == ["0.01", "0.05", "0.25", "0.5"] + [
            "0.75",
            "0.95",
            "0.99",
        ]
    with open(tmp_path / "shoes.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == data["shoes"] + data["partial_shoes"]
    assert sum(int(r["coups"]) for r in rows) == 200_000
    assert (tmp_path / "run.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_prints_a_table_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "simulate", "--coups", "1e4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "10\u202f000 coups, 8 jeux, graine 1" in out and "Égalité" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--coups", "0"],
        ["simulate", "--strategy", "roulette"],
        ["simulate", "--min", "5", "--max", "2"],
        ["simulate", "--decks", "9"],
    ],
)
def test_bad_settings_get_a_sentence_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("error:")


def test_ctrl_c_stops_cleanly_and_prints_the_partial_result(tmp_path: Path) -> None:
    rows = tmp_path / "shoes.csv"
    proc = subprocess.Popen(
        [sys.executable, "-m", "puntobanco", "simulate", "--coups", "1e12", "--seed", "3"]
        + ["--json", "--chunk", "1e5", "--csv", str(rows)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while not (rows.exists() and rows.stat().st_size > 10_000):  # chunks are being merged
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True
    assert 0 < data["coups"] < 10**12 and data["coups"] == sum(data["counts"].values())
    assert data["coups"] % 100_000 == 0  # whole chunks only


def test_a_workers_digest_merges_to_the_same_totals_as_its_rows() -> None:
    from puntobanco.sim.runner import run_chunk

    config = SimConfig(
        coups=200_000, seed=4, chunk_coups=50_000, strategies=(parse_strategy("1326"),)
    )
    by_rows, by_digest = Summary(config), Summary(config)
    for chunk in range(config.chunks):
        by_rows.add(run_chunk(config, chunk))
        shipped = run_chunk(config, chunk, digest=True)
        assert shipped.shoes.size == 0  # no rows travel without --csv
        by_digest.add(shipped)
    assert by_rows.to_json() == by_digest.to_json()
