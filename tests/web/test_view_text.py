"""The shared part of a pushed view is kept partly as text (what changes only
with the coups); after every command it must read as the same JSON as the view
built afresh, in every language and every format."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.web.app import create_app
from puntobanco.web.views import public_part, public_text
from tests.web.helpers import command, join, open_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "text.db"))) as c:
        yield c


def _same_as_built(client: TestClient, table: str) -> None:
    live = client.app.state.hub._tables[table]  # type: ignore[attr-defined]
    for lang in ("fr", "en", "es"):
        text = public_text(live, lang)
        assert json.loads(text + "}") == public_part(live, lang)
        assert public_text(live, lang) == text  # kept, not made again differently


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
    kind = "bet" if fmt == "casino" else "predict"
    for _ in range(3):
        for k, token in enumerate(tokens):
            fields: dict[str, Any] = {"box": box if k else "egalite"}
            if kind == "bet":
                fields["stake"] = 1_000
            _ok(command(client, table, token, kind, **fields))
            _same_as_built(client, table)
        _ok(command(client, table, host, "deal"))
        _same_as_built(client, table)
    live = client.app.state.hub._tables[table]  # type: ignore[attr-defined]
    assert public_part(live, "en")["last"] is not None  # the coups part was filled
