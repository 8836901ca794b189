"""The reveal belongs to the room: after the host's deal, a player's view (over HTTP
and over the WebSocket) carries nothing of the new coup (its cards, its result,
the nets and balances) until the host's screen has turned its cards over, on the
server's clock; the host's screen moves its balances when its felt shows the result."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from playwright.sync_api import Browser, expect

from puntobanco.web.app import REVEAL_STEP
from tests.web.conftest import LiveServer
from tests.web.helpers import run_async


def _open(server: LiveServer) -> tuple[str, str, str]:
    """A casino table with Ana seated and a bet on Banco: (table, host token, Ana's)."""
    body = {"format": "casino", "settings": {"seed": 11, "bankroll": 100_000, "turn_seconds": None}}
    t = httpx.post(server.url + "/api/tables", json=body).json()
    ana = httpx.post(f"{server.url}/api/tables/{t['table']}/players", json={"name": "Ana"})
    token = ana.json()["token"]
    bet = {"id": "b1", "type": "Bet", "box": "banco", "stake": 1_000}
    r = httpx.post(
        f"{server.url}/api/tables/{t['table']}/commands",
        json=bet,
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 200, r.text
    return t["table"], t["host_token"], token


def _untouched(view: dict[str, Any]) -> None:
    """No trace of coup 1 in a player's view."""
    assert view["last"] is None and view["completed"] == 0, view["last"]
    assert view["recent"] == [] and view["me"]["balance"] == 100_000
    assert view["me"]["bets"] == {"banco": 1_000}


def test_a_player_s_view_shows_the_coup_only_once_the_host_has_turned_its_cards(
    tmp_path: Path,
) -> None:
    with LiveServer(store=str(tmp_path / "r.db"), reveal_step=REVEAL_STEP) as server:
        table, host, ana = _open(server)
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
        pushed: list[tuple[float, dict[str, Any]]] = []
        dealt = threading.Event()
        answer: dict[str, Any] = {}
        asked: list[tuple[float, float, Any]] = []

        async def scenario() -> None:
            async with websockets.connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "token": ana}))
                assert json.loads(await ws.recv())["type"] == "welcome"
                _untouched(json.loads(await ws.recv())["view"])

                async def listen() -> None:
                    while True:
                        message = json.loads(await ws.recv())
                        if message["type"] == "view":
                            pushed.append((time.monotonic(), message["view"]))

                listening = asyncio.create_task(listen())
                async with httpx.AsyncClient() as client:
                    deal = {"id": "d1", "type": "Deal"}
                    r = await client.post(
                        f"{server.url}/api/tables/{table}/commands",
                        json=deal,
                        headers={"Authorization": f"Bearer {host}"},
                    )
                    answer["at"] = time.monotonic()
                    answer["events"] = r.json()["events"]
                    dealt.set()
                    # Right after the deal, Ana asks for her view, the history and
                    # the shoes over HTTP, all at once.
                    started = time.monotonic()

                    async def read(what: str) -> tuple[float, float, Any]:
                        r = await client.get(
                            f"{server.url}/api/tables/{table}/{what}",
                            headers={"Authorization": f"Bearer {ana}"},
                            timeout=30,
                        )
                        return started, time.monotonic(), r.json()

                    asked.extend(await asyncio.gather(*map(read, ("view", "history", "shoes"))))
                await asyncio.sleep(1.0)
                listening.cancel()

        run_async(scenario)
        cards = next(e for e in answer["events"] if e["type"] == "CoupDealt")["cards"]
        reveal = REVEAL_STEP * (len(cards) + 2)  # the host's steps: each card, each rule
        # Over HTTP: the view, the history and the shoes come once the reveal is over,
        # and then with the coup.
        for _, got, _ in asked:
            assert got - answer["at"] >= reveal - 0.1, (got - answer["at"], reveal)
        (_, _, view), (_, _, history), (_, _, shoes) = asked
        assert view["last"]["coup"] == 1 and view["completed"] == 1
        assert [c["coup"] for c in history] == [1] and history[0]["cards"] == cards
        assert shoes[-1]["dealt"][-len(cards) :] == cards
        # Over the WebSocket: nothing pushed before the reveal's end carries the coup.
        early = [v for at, v in pushed if at - answer["at"] < reveal - 0.1]
        for v in early:
            _untouched(v)
        late = [v for at, v in pushed if at - answer["at"] >= reveal - 0.1]
        assert late and late[-1]["last"]["coup"] == 1, [at - answer["at"] for at, _ in pushed]
        assert late[-1]["me"]["balance"] != 100_000 or late[-1]["last"]["winner"] == "egalite"


def test_the_host_screen_moves_the_balances_when_its_felt_shows_the_result(
    browser: Browser, tmp_path: Path
) -> None:
    with LiveServer(store=str(tmp_path / "h.db"), reveal_step=REVEAL_STEP) as server:
        table, host, _ = _open(server)
        context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-GB")
        context.set_default_timeout(10_000)
        context.add_cookies(
            [{"name": "pb_host", "value": host, "url": f"{server.url}/api/tables/{table}/"}]
        )
        page = context.new_page()
        page.goto(f"{server.url}/host/{table}")
        expect(page.locator("#players")).to_contain_text("1,000.00")
        page.click("#deal")
        expect(page.locator("#banco-cards .card")).not_to_have_count(0)
        # The cards are being turned: the balance and the status are those before.
        assert page.inner_text("#announce") == ""
        expect(page.locator("#players")).to_contain_text("1,000.00")
        expect(page.locator("#status")).to_contain_text("Coup 1")
        expect(page.locator("#announce")).not_to_be_empty()
        expect(page.locator("#status")).to_contain_text("Coup 2")
        context.close()
