"""A thousand shoes dealt through the web table's API, each shuffled with both phones'
contributions, made by the phones themselves: every one verifies, every step of their
contributions is in order in the log, and any change to a shoe is caught. The session
reshuffles before every deal, so 1,000 deals are 1,000 provably fair shoes, read back
from ``GET /api/tables/{table}/shoes``. The table's log, exported as ``puntobanco export``
writes it, passes both verifiers: ``puntobanco verify`` and the standard-library
``tools/verify_shoe.py``, run as a player would, in a Python of its own.

The requests go to the application in this process (``httpx.ASGITransport``), the two
phones' at the same time, as phones send them; the log is kept in memory: what is
measured is the table, not the disk."""

from __future__ import annotations

import asyncio
import itertools
import random
import secrets
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from puntobanco import contributions, fair
from puntobanco.cards import DECK
from puntobanco.cli import main
from puntobanco.errors import FairnessError
from puntobanco.i18n import t
from puntobanco.store import MemoryStore
from puntobanco.store.jsonl import export_lines
from puntobanco.table.entropylog import check_contributions
from puntobanco.web.app import create_app
from tests.web.helpers import run_async

SHOES = 1000
VERIFIER = Path(__file__).resolve().parents[2] / "tools" / "verify_shoe.py"


def _flip_hex(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text))
    return text[:i] + ("0" if text[i] != "0" else "1") + text[i + 1 :]


async def play(store: MemoryStore) -> tuple[str, list[dict[str, Any]], int]:
    """A session of ``SHOES`` deals, Ana and Ben predicting, their phones contributing
    as ``entropy.js`` does, from the events the table answers: a fresh value committed
    as soon as a shoe's server seed is, revealed when the reveals open. Returns the
    table, its shoes and the number of contributions' commands the phones sent."""
    app = create_app(store=store, rate=1e6, burst=1e6)  # a script: no per-address rate
    ids = itertools.count()
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            r = await c.post(
                "/api/tables", json={"format": "session", "settings": {"deals": SHOES}}
            )
            table, host = r.json()["table"], r.json()["host_token"]
            tokens = {}
            for name in ("Ana", "Ben"):
                c.cookies.clear()
                r = await c.post(f"/api/tables/{table}/players", json={"name": name})
                tokens[name] = r.json()["token"]
            c.cookies.clear()

            async def send(token: str, kind: str, **fields: Any) -> list[dict[str, Any]]:
                body = {"id": f"c{next(ids)}", "type": kind, **fields}
                headers = {"Authorization": f"Bearer {token}"}
                r = await c.post(f"/api/tables/{table}/commands", json=body, headers=headers)
                assert r.status_code == 200, r.text
                return list(r.json()["events"])

            held: dict[tuple[str, int], bytes] = {}
            sent = 0

            async def phone(name: str, event: dict[str, Any]) -> list[dict[str, Any]]:
                shoe = event["shoe"]
                if event["type"] == "NextShoeCommitted":
                    value = held[name, shoe] = secrets.token_bytes(32)
                    digest = contributions.digest(table, shoe, name, value)
                    return await send(tokens[name], "CommitContribution", shoe=shoe, digest=digest)
                value = held.pop((name, shoe))
                return await send(tokens[name], "RevealContribution", shoe=shoe, value=value.hex())

            async def react(events: list[dict[str, Any]]) -> None:
                nonlocal sent
                waiting = list(events)
                while waiting:
                    event = waiting.pop(0)
                    if event["type"] in ("NextShoeCommitted", "RevealsOpened"):
                        for answer in await asyncio.gather(*(phone(n, event) for n in tokens)):
                            waiting += answer
                        sent += len(tokens)

            r = await c.get(
                f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {host}"}
            )
            await react([{"type": "NextShoeCommitted", "shoe": r.json()["next_shoe"]["shoe"]}])
            boxes = ("punto", "banco", "egalite")
            for n in range(SHOES):
                await asyncio.gather(
                    send(tokens["Ana"], "Bet", box=boxes[n % 3]),
                    send(tokens["Ben"], "Bet", box=boxes[n % 2]),
                )
                await react(await send(host, "Deal"))
            headers = {"Authorization": f"Bearer {tokens['Ana']}"}
            shoes = (await c.get(f"/api/tables/{table}/shoes", headers=headers)).json()
    return table, shoes, sent


def test_a_thousand_web_deals_are_a_thousand_shoes_that_verify_and_catch_any_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = MemoryStore()
    table, listed, sent = run_async(lambda: play(store))
    assert sent == 4 * SHOES  # a commitment and a reveal per phone and shoe
    shoes = [fair.FairShoe.from_dict(d) for d in listed]
    assert [s.nonce for s in shoes] == list(range(1, SHOES + 1))
    assert len({s.commitment for s in shoes}) == SHOES
    assert all(s.server_seed is not None and len(s.dealt) >= 4 for s in shoes)
    assert all(len(s.contributions) == 2 for s in shoes)
    assert len({v for s in shoes for v in s.contributions}) == 2 * SHOES
    assert all(fair.verify_shoe(s) for s in shoes)
    records = store.load(table)
    found = check_contributions(
        [r.event for r in records], [r.time for r in records], [r.seq for r in records]
    )
    assert (found.shoes, found.revealed, found.excluded) == (SHOES, 2 * SHOES, [])
    # The log as ``puntobanco export TABLE --jsonl`` writes it, through both verifiers.
    log = tmp_path / "thousand.jsonl"
    log.write_text("".join(line + "\n" for line in export_lines(records)), encoding="utf-8")
    assert main(["--lang", "en", "verify", str(log)]) == 0
    said = capsys.readouterr().out
    summary = {"shoes": SHOES, "revealed": 2 * SHOES, "excluded": 0, "names": "-"}
    assert t("entropy.verify.summary", "en", table=table, **summary) in said
    assert t("verify.shoes", "en", table=table, checked=SHOES, hidden=0) in said
    assert "hash chain unbroken" in said
    standalone = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(log)],  # the standard library only
        capture_output=True,
        text=True,
        check=False,
    )
    assert standalone.returncode == 0, standalone.stdout + standalone.stderr
    assert f"{SHOES} shoe(s) checked, 0 not revealed yet." in standalone.stdout
    revealed = f"every step in order: {2 * SHOES} value(s) revealed, 0 player(s) left out"
    assert revealed in standalone.stdout
    assert standalone.stdout.count(": OK, commitment ") == SHOES
    rng = random.Random(2026)
    for shoe in shoes:
        seed = shoe.server_seed
        assert seed is not None
        changed = [
            replace(shoe, server_seed=_flip_hex(seed, rng)),
            replace(shoe, client_seed=shoe.client_seed + rng.choice("x/:0")),
            replace(shoe, contributions=(shoe.contributions[1], shoe.contributions[0])),
        ]
        k = rng.randrange(len(shoe.dealt))
        other = rng.choice([c for c in DECK if c != shoe.dealt[k]])
        changed.append(replace(shoe, dealt=(*shoe.dealt[:k], other, *shoe.dealt[k + 1 :])))
        for bad in changed:
            with pytest.raises(FairnessError):
                fair.verify_shoe(bad)
