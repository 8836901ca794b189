"""The fault-injection suite: the table service played by clients that send the same
command ids again until answered, through kill -9, a damaged or emptied log, a full
disk, a read-only log file and a clock stepped back. Each run asserts that nothing
acknowledged was lost, nothing was acted twice (nor acted when refused), and that
every coup settled again from its cards, by the rules written out in the harness,
gives the log's settlement and the balances the server shows. Bounded by its counts
(20 kills on SQLite, 4 of the PostgreSQL pair, a few seconds of play for each other
fault) and by the harness's deadlines on every wait; ``bench/bench_faults.py`` runs it
longer and prints its figures (docs/deploy.md quotes a run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.faults.harness import Figures
from tests.faults.scenarios import (
    FULL,
    READ_ONLY,
    clock_run,
    damaged_then_restored,
    killed_run,
    pair_run,
    unwritable_run,
)


def sound(figures: Figures) -> None:
    """Nothing lost, nothing twice, every coup and balance re-settled alike; and the
    run did play (commands acknowledged, coups dealt)."""
    assert figures.problems == []
    assert (figures.lost, figures.duplicated) == (0, 0)
    assert (figures.settlement_errors, figures.balance_errors) == (0, 0)
    assert figures.commands > 10 and figures.coups > 0


@pytest.mark.slow
def test_serve_killed_20_times_on_sqlite_loses_no_answer_and_acts_no_command_twice(
    tmp_path: Path,
) -> None:
    figures = killed_run(tmp_path, 20, seed=32)
    sound(figures)
    assert figures.kills == 20


@pytest.mark.slow
def test_two_servers_on_postgresql_killed_in_turn_lose_no_answer_and_act_nothing_twice(
    pg_url: str, tmp_path: Path
) -> None:
    figures = pair_run(pg_url, tmp_path, 4, seed=32)
    sound(figures)
    assert figures.kills == 4


@pytest.mark.parametrize("empty", [False, True], ids=["damaged-page", "empty-file"])
def test_a_damaged_or_emptied_log_is_refused_by_serve_and_its_backup_holds_every_answer(
    tmp_path: Path, empty: bool
) -> None:
    figures, said = damaged_then_restored(tmp_path, seed=32, empty=empty)
    sound(figures)
    assert str(tmp_path / "club.db") in said and "puntobanco backup" in said, said


@pytest.mark.parametrize("fault", ["full", "read-only"])
def test_a_log_that_cannot_be_written_is_told_by_readyz_and_loses_nothing(
    tmp_path: Path, fault: str
) -> None:
    figures, seen = unwritable_run(tmp_path, seed=32, fault=fault)
    sound(figures)
    status, body = seen["readyz"]
    assert status == 503 and body["error"]["code"] == "ops.ready.write", body
    assert body["error"]["reason"] == (FULL if fault == "full" else READ_ONLY)
    assert seen["refused"] > 0  # the clients met the fault, and their retries went through


def test_a_clock_stepped_back_an_hour_keeps_the_log_in_order_verifiable_and_whole(
    tmp_path: Path,
) -> None:
    figures, seen = clock_run(tmp_path, seed=32)
    sound(figures)
    assert seen["in_order"]
    assert seen["verify"][0] == 0, seen["verify"][1]
    assert "puntobanco_store_clock_steps_back_total 1.0" in seen["steps"]
