"""A thousand shoes dealt through the web table verify, and any change to one of
them is caught: the session reshuffles before every deal, so 1,000 deals are
1,000 provably fair shoes, read back from ``GET /api/tables/{table}/shoes``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco import fair
from puntobanco.cards import DECK
from puntobanco.errors import FairnessError
from puntobanco.web.app import create_app
from tests.web.helpers import bearer, command, join, open_table

SHOES = 1000


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # A script plays this table: the per-address rate of phones does not apply.
    with TestClient(create_app(store=str(tmp_path / "fair.db"), rate=1e6, burst=1e6)) as c:
        yield c


def _flip_hex(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text))
    return text[:i] + ("0" if text[i] != "0" else "1") + text[i + 1 :]


def test_a_thousand_web_deals_are_a_thousand_shoes_that_verify_and_catch_any_change(
    client: TestClient,
) -> None:
    t = open_table(client, "session", deals=SHOES)
    table, host = t["table"], t["host_token"]
    ana = join(client, table, "Ana")
    ben = join(client, table, "Ben")
    boxes = ("punto", "banco", "egalite")
    for n in range(SHOES):
        for token, box in ((ana, boxes[n % 3]), (ben, boxes[n % 2]), (host, None)):
            r = command(client, table, token, "deal" if box is None else "predict", box=box)
            assert r.status_code == 200, r.text
    r = client.get(f"/api/tables/{table}/shoes", headers=bearer(ana))
    assert r.status_code == 200
    shoes = [fair.FairShoe.from_dict(d) for d in r.json()]
    assert [s.nonce for s in shoes] == list(range(1, SHOES + 1))
    assert len({s.commitment for s in shoes}) == SHOES
    assert all(s.server_seed is not None and len(s.dealt) >= 4 for s in shoes)
    assert all(fair.verify_shoe(s) for s in shoes)
    rng = random.Random(2026)
    for shoe in shoes:
        seed = shoe.server_seed
        assert seed is not None
        changed = [
            replace(shoe, server_seed=_flip_hex(seed, rng)),
            replace(shoe, client_seed=shoe.client_seed + rng.choice("x/:0")),
        ]
        k = rng.randrange(len(shoe.dealt))
        other = rng.choice([c for c in DECK if c != shoe.dealt[k]])
        changed.append(replace(shoe, dealt=(*shoe.dealt[:k], other, *shoe.dealt[k + 1 :])))
        for bad in changed:
            with pytest.raises(FairnessError):
                fair.verify_shoe(bad)
