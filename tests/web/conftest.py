"""Fixtures of the web table's tests: an app on a test client, a live server on
loopback, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
#: The launch flags of every browser test: headless, no sandbox (root in CI),
#: nothing that reaches the network on its own.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
AXE = Path(__file__).parent / "vendor" / "axe.min.js"


class FakeClock:
    """The croupier's clock, moved by the test."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """A uvicorn server in a thread of this process, on 127.0.0.1."""

    def __init__(self, **settings: Any) -> None:
        import uvicorn

        from puntobanco.web.app import create_app

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # The pages' origin, as ``serve`` gives its own (the Host is never trusted).
        settings.setdefault("origins", [self.url])
        self.app = create_app(**settings)
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", ws_max_size=65536
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=lambda: asyncio.run(self.server.serve()), daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(15)


def chromium_or_fail() -> str:
    """The browser's path; under CI a missing browser fails the test, never skips it."""
    if Path(CHROMIUM).exists() or shutil.which("chromium"):
        return CHROMIUM if Path(CHROMIUM).exists() else str(shutil.which("chromium"))
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
    pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    path = chromium_or_fail()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def live(tmp_path: Path, clock: FakeClock) -> Iterator[LiveServer]:
    with LiveServer(store=str(tmp_path / "web.db"), clock=clock) as server:
        yield server


PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
TV: dict[str, Any] = {"viewport": {"width": 1366, "height": 900}}


def until(page: Any, expression: str, arg: object = None, timeout: float = 10.0) -> None:
    """Wait until ``expression`` (a JavaScript expression, or a function of ``arg``)
    is true in ``page``. Asked with ``evaluate``, the debugger's own evaluation:
    ``wait_for_function`` compiles its predicate inside the page when it has to poll,
    which the pages' Content-Security-Policy (no eval) refuses, a failure that shows
    only when the predicate is not true at once."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression, arg):
        assert time.monotonic() < deadline, f"not true after {timeout} s: {expression}"
        page.wait_for_timeout(50)
