"""A pushed view is kept partly as text (the shared part, once per language and
commit; what changes only with the coups; a player's own part while nothing it
is made of changes); after every command it must read as the same JSON as the
view built afresh, for every viewer, in every language and every format."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.engine import Engine, Viewer
from puntobanco.web.app import create_app
from tests.web.helpers import command, join, open_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "text.db"))) as c:
        yield c


def _same_as_built(client: TestClient, table: str) -> None:
    def check(engine: Engine) -> None:
        for viewer in (Viewer.HOST, Viewer.player("Ana"), Viewer.player("Ben")):
            for lang in ("fr", "en", "es"):
                text = engine.view_text(table, viewer, lang)
                assert json.loads(text) == engine.view(table, viewer, lang, odds=False)
                assert engine.view_text(table, viewer, lang) == text  # kept, not made again

    client.app.state.tables.call(check).result()  # type: ignore[attr-defined]


def _ok(r: Any) -> None:
    assert r.status_code == 200, r.text


@pytest.mark.parametrize(
    ("fmt", "settings", "box"),
    [
        ("casino", {"seed": 3, "bankroll": 100_000, "decks": 6}, "banco"),
        ("session", {"seed": 4, "deals": 3}, "punto"),
    ],
)
def test_pushed_shared_part_reads_as_the_view_built_afresh(
    client: TestClient, fmt: str, settings: dict[str, Any], box: str
) -> None:
    t = open_table(client, fmt, **settings)
    table, host = t["table"], t["host_token"]
    tokens = [join(client, table, name) for name in ("Ana", "Ben")]
    _same_as_built(client, table)
    for _ in range(3):
        for k, token in enumerate(tokens):
            fields: dict[str, Any] = {"box": box if k else "egalite"}
            if fmt == "casino":
                fields["stake"] = 1_000
            _ok(command(client, table, token, "Bet", **fields))
            _same_as_built(client, table)
        _ok(command(client, table, host, "Deal"))
        _same_as_built(client, table)
    last = client.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {host}"})
    assert last.json()["last"] is not None  # the coups part was filled
