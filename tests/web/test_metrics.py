"""``/metrics`` scraped while phones bet over WebSockets, each scrape parsed by
prometheus-client's own parser, and the figures checked against what was sent and
what the store holds."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import httpx
import websockets
from prometheus_client.parser import text_string_to_metric_families

from puntobanco.store import open_store
from puntobanco.table.events import ShoeRevealed
from puntobanco.web.app import create_app
from tests.web.conftest import LiveServer
from tests.web.helpers import run_async

TABLES = 3
PLAYERS = 4  # each table's; every player bets BETS times, then the host deals
BETS = 5


def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    text = httpx.get(url + "/metrics", timeout=10).text
    found = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            found[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return found


def test_metrics_scraped_under_load_parse_and_count_what_happened(tmp_path: Path) -> None:
    db = str(tmp_path / "load.db")
    scrapes: list[dict[tuple[str, tuple[tuple[str, str], ...]], float]] = []
    with LiveServer(store=db, rate=1e6, burst=1e6) as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        tables = []
        for i in range(TABLES):
            # A seed: the first shoe is shuffled as the table opens (a table without one
            # waits for its phones' contributions, which are not what is counted here).
            # The dealer turns every card: Punto's are not handed to a phone here.
            settings = {"seed": i, "turn_seconds": None}
            t = http.post("/api/tables", json={"format": "casino", "settings": settings}).json()
            names = [f"P{k}" for k in range(PLAYERS)]
            tokens = [
                http.post(f"/api/tables/{t['table']}/players", json={"name": n}).json()["token"]
                for n in names
            ]
            tables.append((t, tokens))
        http.close()
        stop = threading.Event()

        def scraper() -> None:
            while not stop.is_set():
                scrapes.append(scrape(server.url))  # parsed: a malformed scrape raises

        watcher = threading.Thread(target=scraper)
        watcher.start()
        all_connected = asyncio.Event()
        connected = 0
        during: list[float] = []

        async def player(table: str, token: str, box: str) -> int:
            nonlocal connected
            acks = 0
            url = server.url.replace("http://", "ws://") + f"/api/tables/{table}/ws"
            async with websockets.connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                connected += 1
                if connected == TABLES * PLAYERS:
                    await asyncio.sleep(0.1)
                    during.append(await asyncio.to_thread(sockets_now, server.url))
                    all_connected.set()
                await all_connected.wait()
                for n in range(BETS):
                    bet = {"id": f"{token[:6]}-{n}", "type": "Bet", "box": box, "stake": 1000}
                    await ws.send(json.dumps(bet))
                    while True:
                        message: dict[str, Any] = json.loads(await ws.recv())
                        if message["type"] == "ack" and message["id"] == bet["id"]:
                            acks += 1
                            break
                        assert message["type"] != "error", message
            return acks

        async def load() -> int:
            answers = await asyncio.gather(
                *(
                    player(t["table"], token, "banco" if k % 2 else "punto")
                    for t, tokens in tables
                    for k, token in enumerate(tokens)
                )
            )
            return sum(answers)

        acked = run_async(load)
        async_http = httpx.Client(base_url=server.url, timeout=10)
        for t, _ in tables:  # one deal and the table closed: its shoe's seed is revealed
            for kind in ("Deal", "CloseTable"):
                r = async_http.post(
                    f"/api/tables/{t['table']}/commands",
                    json={"id": kind, "type": kind},
                    headers={"Authorization": f"Bearer {t['host_token']}"},
                )
                assert r.status_code == 200, r.text
        async_http.close()
        stop.set()
        watcher.join(30)
        final = scrape(server.url)
        commits = server.app.state.tables.hosted.commits
    assert acked == TABLES * PLAYERS * BETS
    assert len(scrapes) >= 3
    assert during == [TABLES * PLAYERS]  # every socket counted while they were open
    assert final[("puntobanco_websockets_connected", ())] == 0
    ok = (("result", "ok"), ("type", "Bet"))
    assert final[("puntobanco_commands_total", ok)] == acked
    assert final[("puntobanco_commands_total", (("result", "ok"), ("type", "Deal")))] == TABLES
    assert final[("puntobanco_command_ack_seconds_count", ())] == acked + 2 * TABLES
    assert final[("puntobanco_command_ack_seconds_bucket", (("le", "+Inf"),))] == acked + 6
    assert final[("puntobanco_store_commit_seconds_count", ())] == commits
    assert final[("puntobanco_tables_open", ())] == 0  # all closed
    store = open_store(db)
    revealed = sum(
        isinstance(r.event, ShoeRevealed) for t, _ in tables for r in store.load(t["table"])
    )
    store.close()
    assert revealed >= TABLES
    assert final[("puntobanco_fair_shoes_revealed_total", ())] == revealed
    counts = [
        s[("puntobanco_commands_total", ok)]
        for s in scrapes
        if ("puntobanco_commands_total", ok) in s
    ]
    assert counts == sorted(counts)  # a counter never goes back


def sockets_now(url: str) -> float:
    return scrape(url)[("puntobanco_websockets_connected", ())]


def test_each_server_counts_in_a_registry_of_its_own() -> None:
    from fastapi.testclient import TestClient

    here = ("127.0.0.1", 50000)  # /metrics answers this machine only
    with TestClient(create_app(), client=here) as a, TestClient(create_app(), client=here) as b:
        t = a.post("/api/tables", json={"format": "casino", "settings": {"seed": 1}}).json()
        ana = a.post(f"/api/tables/{t['table']}/players", json={"name": "Ana"}).json()
        a.post(
            f"/api/tables/{t['table']}/commands",
            json={"id": "1", "type": "Bet", "box": "punto", "stake": 1000},
            headers={"Authorization": f"Bearer {ana['token']}"},
        )
        assert 'puntobanco_commands_total{result="ok",type="Bet"} 1.0' in a.get("/metrics").text
        assert "puntobanco_commands_total{" not in b.get("/metrics").text
        assert "puntobanco_tables_open 1.0" in a.get("/metrics").text
        assert "puntobanco_tables_open 0.0" in b.get("/metrics").text
