"""A real Dask cluster: a scheduler and two workers as processes on 127.0.0.1."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

ARGS = ["--coups", "3e6", "--decks", "8", "--seed", "77", "--chunk", "400000", "--json"]
ARGS += ["--strategy", "fibonacci:banco", "against-streak:3"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_for_port(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on {port}")


def simulate(*argv: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "puntobanco", "simulate", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    data: dict[str, object] = json.loads(done.stdout)
    data.pop("timing")
    return data


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m", "dask"]
    logs = [open(tmp_path / f"{name}.log", "w") for name in ("scheduler", "w1", "w2")]  # noqa: SIM115
    procs = [
        subprocess.Popen(
            [*dask, "scheduler", "--host", "127.0.0.1", "--port", str(port)]
            + ["--dashboard-address", ":0", "--no-show"],
            stdout=logs[0],
            stderr=subprocess.STDOUT,
        )
    ]
    try:
        wait_for_port(port, time.monotonic() + 60)
        for log in logs[1:]:
            procs.append(
                subprocess.Popen(
                    [*dask, "worker", address, "--host", "127.0.0.1", "--nthreads", "1"]
                    + ["--no-nanny", "--no-dashboard", "--memory-limit", "2GiB"],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        from distributed import Client

        with Client(address, timeout="60s") as client:  # type: ignore[no-untyped-call]
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        for proc in reversed(procs):
            proc.send_signal(signal.SIGINT)
        for proc in reversed(procs):
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        for log in logs:
            log.close()


def test_a_run_on_a_two_worker_cluster_equals_the_same_seed_run_locally(cluster: str) -> None:
    remote = simulate(*ARGS, "--scheduler", cluster)
    local = simulate(*ARGS, "--workers", "1")
    assert remote["coups"] == 3_000_000 and remote["chunks"] == 8
    assert remote == local
