"""Small helpers of the web tests: a table opened through the API, tokens, commands."""

from __future__ import annotations

import asyncio
import itertools
import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
from fastapi.testclient import TestClient

_ids = itertools.count(1)
T = TypeVar("T")


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def open_table(client: TestClient, fmt: str = "casino", **settings: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json={"format": fmt, "settings": settings})
    assert r.status_code == 201, r.text
    client.cookies.clear()
    return dict(r.json())


def join(client: TestClient, table: str, name: str) -> str:
    r = client.post(f"/api/tables/{table}/players", json={"name": name})
    assert r.status_code == 201, r.text
    client.cookies.clear()
    return str(r.json()["token"])


def command(
    client: TestClient, table: str, token: str, type_: str, lang: str = "en", **fields: Any
) -> Any:
    body = {"id": f"c{next(_ids)}", "type": type_, **fields}
    return client.post(
        f"/api/tables/{table}/commands",
        json=body,
        headers={**bearer(token), "Accept-Language": lang},
    )


def kinds(shown: dict[str, Any]) -> list[str]:
    """The types of the commands a view offers (its clock's ``Tick`` left out)."""
    return [c["type"] for c in shown["commands"] if c["type"] != "Tick"]


def view(client: TestClient, table: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/view", headers=bearer(token))
    assert r.status_code == 200, r.text
    return dict(r.json())


def run_async(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(scenario())`` in a thread of its own (a browser test may have
    left an event loop running in this one)."""
    done: list[T] = []
    failed: list[BaseException] = []

    def body() -> None:
        try:
            done.append(asyncio.run(scenario()))
        except BaseException as error:  # noqa: BLE001 - raised again below
            failed.append(error)

    thread = threading.Thread(target=body)
    thread.start()
    thread.join(60)
    if failed:
        raise failed[0]
    assert done, "the scenario did not end within 60 s"
    return done[0]


class Phones:
    """What each phone's ``entropy.js`` does, for tests over HTTP: commit a fresh
    contribution when its view offers ``commit``, reveal it when it offers
    ``reveal``, with no action by its player."""

    def __init__(self, client: TestClient, table: str, *tokens: str) -> None:
        self.client, self.table = client, table
        self.tokens = list(tokens)
        self.values: dict[tuple[str, int], bytes] = {}
        self.seen: list[str] = []  # every answer and view the phones received, as text

    def add(self, token: str) -> None:
        self.tokens.append(token)

    def contribute(self) -> int:
        """Every phone commits or reveals as its view asks, until none has anything
        left to do; the number of commands sent."""
        import secrets

        import puntobanco.fair.contributions as contributions

        sent = 0
        while True:
            acted = False
            for token in self.tokens:
                shown = view(self.client, self.table, token)
                self.seen.append(json.dumps(shown))
                mine, next_shoe = shown["me"], shown["next_shoe"]
                if not mine.get("seated") or next_shoe is None:
                    continue
                number, name = next_shoe["shoe"], mine["name"]
                if "CommitContribution" in kinds(shown):
                    value = self.values[token, number] = secrets.token_bytes(32)
                    digest = contributions.digest(self.table, number, name, value)
                    r = command(
                        self.client,
                        self.table,
                        token,
                        "CommitContribution",
                        shoe=number,
                        digest=digest,
                    )
                elif "RevealContribution" in kinds(shown) and (token, number) in self.values:
                    value = self.values.pop((token, number))
                    r = command(
                        self.client,
                        self.table,
                        token,
                        "RevealContribution",
                        shoe=number,
                        value=value.hex(),
                    )
                else:
                    continue
                assert r.status_code == 200, r.text
                self.seen.append(r.text)
                acted, sent = True, sent + 1
            if not acted:
                return sent


def start_serve(db: str | Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    """``puntobanco serve`` on ``db`` in a process of its own, once it answers (its
    output appended to ``log``)."""
    with log.open("ab") as out:
        child = subprocess.Popen(
            [sys.executable, "-m", "puntobanco", "serve", "--db", str(db), "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/i18n/en", timeout=1)
            return child
        except httpx.HTTPError:
            if child.poll() is not None:
                raise RuntimeError(log.read_text()) from None
            time.sleep(0.1)
    child.kill()
    raise RuntimeError("serve did not start")
