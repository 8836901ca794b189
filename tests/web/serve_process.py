"""``puntobanco serve`` in a child process, as an operator starts it, for the tests of
its logs, health checks, metrics and settings."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx


class ServeProcess:
    """``[python, -m, puntobanco, serve, *args]`` with ``env`` added to this process's,
    standard error (the logs) to ``folder/stderr.log``; waits until ``/healthz`` answers
    on ``port``."""

    def __init__(
        self,
        folder: Path,
        port: int,
        args: Sequence[str],
        env: dict[str, str] | None = None,
        *,
        python: str = sys.executable,
        command: Sequence[str] | None = None,
    ) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.stderr = folder / "stderr.log"
        self.stdout = folder / "stdout.log"
        argv = list(command) if command is not None else [python, "-m", "puntobanco", "serve"]
        # The tests' own variables stay out: the child reads only what the test gives it.
        base = {k: v for k, v in os.environ.items() if not k.startswith("PUNTOBANCO_")}
        with self.stderr.open("wb") as err, self.stdout.open("wb") as out:
            self.child = subprocess.Popen(
                [*argv, *args], stdout=out, stderr=err, env={**base, **(env or {})}
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.child.poll() is not None:
                raise RuntimeError(f"serve ended: {self.stderr.read_text()}")
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"serve did not answer: {self.stderr.read_text()}")

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return httpx.get(self.url + path, timeout=10, **kwargs)

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.post(self.url + path, json=body, headers=headers, timeout=10)

    def stop(self) -> None:
        """SIGTERM, as systemd stops it (uvicorn shuts down cleanly on it)."""
        if self.child.poll() is None:
            self.child.send_signal(signal.SIGTERM)
            try:
                self.child.wait(15)
            except subprocess.TimeoutExpired:
                self.child.kill()
                self.child.wait(5)

    def log_lines(self) -> list[str]:
        return self.stderr.read_text(encoding="utf-8").splitlines()

    def json_lines(self) -> list[dict[str, Any]]:
        """Every line of the log, each parsed as a JSON object (fails on any other line)."""
        found = []
        for line in self.log_lines():
            data = json.loads(line)
            assert isinstance(data, dict), line
            found.append(data)
        return found

    def __enter__(self) -> ServeProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
