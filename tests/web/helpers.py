"""Small helpers of the web tests: a table opened through the API, tokens, commands."""

from __future__ import annotations

import asyncio
import itertools
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

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
    return done[0]
