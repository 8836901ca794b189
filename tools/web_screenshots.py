#!/usr/bin/env python3
"""Make the web table's screenshots of ``docs/web.md`` and the README.

    PYTHONPATH=src .venv/bin/python tools/web_screenshots.py [--out docs/screenshots]

A table server runs in this process on 127.0.0.1 (a free port, the tables in
memory, its clock stopped so that no countdown runs out while a page is shot);
tables with fixed seeds are played through the HTTP API, and Debian's Chromium
(``/usr/bin/chromium``, driven by Playwright: ``pip install -e ".[test]"``)
shows them at device scale 1:

- the host screen at 1920x1080: a casino table in English after 40 coups
  (five roads, the shoe's statistics, the odds) with Punto's cards face down
  with a player; a session in French; the virtual croupier in Spanish; a
  session of real cards in Spanish;
- phones at 375x667 and at 320x568 (``-320``): the player holding Punto's cards
  face down at that casino table (the Turn over button, the squeeze), a
  session in French, the virtual croupier in Spanish; and that player's phone
  mid-squeeze.

Each PNG is written again only when its pixels changed, and kept small: Pillow
(when installed) stores it in at most 256 colours, and ``pngquant`` or
``optipng`` squeeze it further when one is on the PATH.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import httpx

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update"]  # fmt: skip
HOST = {"width": 1920, "height": 1080}
PHONES = {"": {"width": 375, "height": 667}, "-320": {"width": 320, "height": 568}}
#: The casino's host screen in TV mode at the smaller TVs' sizes, and its phone on its
#: side and at 200 % zoom (a 390x844 phone zoomed lays the page out in 195x422).
TVS = {"-1366": {"width": 1366, "height": 768}, "-1280": {"width": 1280, "height": 720}}
MORE_PHONES = {"-667x375": {"width": 667, "height": 375}, "-zoom200": {"width": 195, "height": 422}}
TIMEOUT = 15_000
#: The croupier's clock, stopped: a countdown shows its full seconds and never runs out.
CLOCK = 1_000.0


#: The tables' ids and join codes, in the order they are opened: with them, each
#: table's shoes (shuffled from its seed and its id) and each QR code are the same
#: at every run, so an image changes only when the pages do.
IDS = ["t5c0e1a5e01", "t5c0e1a5e02", "t5c0e1a5e03", "t5c0e1a5e04"]
CODES = ["KWJTC", "MAREY", "CRUPY", "CARTE"]
#: The port of ``puntobanco serve``'s address, else another fixed one (the QR codes
#: show it), else any.
PORTS = (8000, 8765, 0)


def _port() -> int:
    for port in PORTS:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(s.getsockname()[1])
    raise RuntimeError("no free port")


@contextmanager
def serve() -> Iterator[str]:
    """A table server in a thread of this process (fixed table ids and join codes);
    yields its address."""
    from unittest import mock

    from puntobanco.web.app import create_app

    port = _port()
    ids, codes = iter(IDS), iter(CODES)
    fixed = (
        mock.patch("puntobanco.engine.doors.new_table_id", lambda: next(ids)),
        mock.patch("puntobanco.engine.doors.new_join_code", lambda: next(codes)),
    )
    url = f"http://127.0.0.1:{port}"  # the pages' origin, which the server must be given
    # The join address a room's server shows (serve's LAN address), not this one's.
    lan = f"http://192.168.1.20:{port}"
    app = create_app(clock=lambda: CLOCK, rate=1e6, burst=1e6, origins=[url], join_origin=lan)
    with fixed[0], fixed[1], _server(app, port):
        yield url


@contextmanager
def _server(app: Any, port: int) -> Iterator[None]:
    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the table server did not start")
        time.sleep(0.02)
    try:
        yield
    finally:
        server.should_exit = True
        thread.join(15)


class Table:
    """A table opened and played through the HTTP API."""

    def __init__(self, url: str, fmt: str, names: tuple[str, ...], **settings: Any) -> None:
        self.url = url
        self.http = httpx.Client(base_url=url, timeout=10)
        data = self._ok(self.http.post("/api/tables", json={"format": fmt, "settings": settings}))
        self.id, self.code, self.host = data["table"], data["join_code"], data["host_token"]
        self.tokens = {
            name: self._ok(self.http.post(f"/api/tables/{self.id}/players", json={"name": name}))[
                "token"
            ]
            for name in names
        }
        self.n = 0

    @staticmethod
    def _ok(response: httpx.Response) -> dict[str, Any]:
        assert response.status_code in (200, 201), response.text
        return dict(response.json())

    #: The engine's command of each step of this script (the API takes the engine's).
    COMMANDS: ClassVar = {
        "bet": "Bet", "predict": "Bet", "deal": "Deal", "turn": "TurnPunto",
        "close_bets": "CloseBets", "card": "PlaceCard", "next": "NextCoup",
    }  # fmt: skip

    def send(self, token: str, kind: str, **fields: Any) -> dict[str, Any]:
        self.n += 1
        return self._ok(
            self.http.post(
                f"/api/tables/{self.id}/commands",
                json={"id": f"s{self.n}", "type": self.COMMANDS.get(kind, kind), **fields},
                headers={"Authorization": f"Bearer {token}"},
            )
        )

    def view(self, token: str | None = None) -> dict[str, Any]:
        return self._ok(
            self.http.get(
                f"/api/tables/{self.id}/view",
                headers={"Authorization": f"Bearer {token or self.host}"},
            )
        )

    def bets(self, plan: dict[str, tuple[str, int]]) -> None:
        for name, (box, stake) in plan.items():
            if box == "predict":
                continue
            self.send(self.tokens[name], "bet", box=box, stake=stake)

    def deal(self) -> None:
        """The host deals; Punto's cards handed face down are turned by their player."""
        self.send(self.host, "deal")
        turn = self.view()["turn"]
        if turn is not None:
            self.send(self.tokens[turn["name"]], "turn")


def cookie(url: str, table: str, name: str, token: str) -> dict[str, Any]:
    return {"name": name, "value": token, "url": f"{url}/api/tables/{table}/"}


def host_page(
    browser: Any, table: Table, lang: str, size: dict[str, int] = HOST, tv: bool = False
) -> Any:
    context = browser.new_context(viewport=size, device_scale_factor=1, locale=lang,
                                  reduced_motion="reduce")  # fmt: skip
    context.set_default_timeout(TIMEOUT)
    context.add_cookies([cookie(table.url, table.id, "pb_host", table.host)])
    page = context.new_page()
    page.goto(f"{table.url}/host/{table.id}{'?tv' if tv else ''}")
    page.wait_for_selector("#code:not(:empty)")
    return page


def phone_page(browser: Any, table: Table, name: str, lang: str, size: dict[str, int]) -> Any:
    context = browser.new_context(viewport=size, device_scale_factor=1, is_mobile=True,
                                  has_touch=True, locale=lang, reduced_motion="reduce")  # fmt: skip
    context.set_default_timeout(TIMEOUT)
    context.add_cookies([cookie(table.url, table.id, "pb_player", table.tokens[name])])
    page = context.new_page()
    page.goto(f"{table.url}/p/{table.id}")
    page.wait_for_selector("#play:not([hidden])")
    return page


def settle(page: Any) -> None:
    """Let the page draw what it received (fonts, the board, the odds asked for)."""
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(300)


def shoot(page: Any, path: Path, made: list[Path]) -> None:
    settle(page)
    if "host" in path.name:  # a TV shows the whole host screen, without scrolling
        height = page.evaluate("document.documentElement.scrollHeight")
        if height > HOST["height"]:
            print(f"{path.name}: the page is {height} px tall, the screen {HOST['height']}")
    write_png(path, page.screenshot())  # the viewport: what a screen of that size shows
    made.append(path)


def write_png(path: Path, data: bytes) -> None:
    """``data`` as a small PNG at ``path`` (left alone when its pixels are the same)."""
    try:
        from PIL import Image, ImageChops
    except ImportError:  # Pillow is optional: the PNG as Chromium wrote it
        path.write_bytes(data)
    else:
        small = Image.open(io.BytesIO(data)).convert("RGB")
        small = small.quantize(256, method=Image.Quantize.MEDIANCUT).convert("RGB")
        if path.exists():
            with Image.open(path) as old:
                same = old.size == small.size
                if same and ImageChops.difference(old.convert("RGB"), small).getbbox():
                    same = False
            if same:
                return
        out = io.BytesIO()
        small.quantize(256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
        path.write_bytes(out.getvalue())
    for tool, args in (("pngquant", ["--force", "--skip-if-larger", "--ext", ".png", "256"]),
                       ("optipng", ["-quiet", "-o2"])):  # fmt: skip
        if shutil.which(tool):
            subprocess.run([tool, *args, str(path)], check=False, capture_output=True)


# -- the tables ------------------------------------------------------------------

NAMES = ("Ana", "Bruno", "Chloé", "David")
#: Bets by coup: (Ana, Bruno, Chloé, David), in cents.
CASINO_BETS = [
    {"Ana": ("banco", 2_000), "Bruno": ("punto", 5_000), "Chloé": ("punto", 1_000),
     "David": ("egalite", 500)},
    {"Ana": ("banco", 1_000), "Bruno": ("punto", 2_500), "Chloé": ("banco", 2_000),
     "David": ("punto_pair", 500)},
]  # fmt: skip


def casino(url: str) -> Table:
    """An English casino table after 40 coups, Punto's cards face down with Bruno."""
    table = Table(url, "casino", NAMES, seed=12, bankroll=500_000, side_bets=["pairs"])
    for coup in range(40):
        table.bets(CASINO_BETS[coup % 2])
        table.deal()
    table.bets(CASINO_BETS[0])
    table.send(table.host, "close_bets")
    holder = table.view()["holder"]
    table.send(table.tokens[holder], "deal")  # the shoe's holder deals it from their phone
    assert table.view()["turn"]["name"] == "Bruno"
    return table


def session(url: str) -> Table:
    """A French session of 10 deals after 4, two of the next predictions in."""
    table = Table(url, "session", ("Léa", "Hugo", "Inès"), seed=7, deals=10)
    boxes = ["banco", "punto", "egalite", "punto", "banco", "banco"]
    for deal in range(4):
        for i, token in enumerate(table.tokens.values()):
            table.send(token, "predict", box=boxes[(i + deal) % len(boxes)])
        table.send(table.host, "deal")
    for token, box in zip(list(table.tokens.values())[:2], ("banco", "punto"), strict=True):
        table.send(token, "predict", box=box)
    return table


def croupier(url: str) -> Table:
    """The virtual croupier in Spanish after 12 coups, the countdown running."""
    table = Table(url, "croupier", ("Lucía", "Mateo", "Sofía"), seed=9, countdown=30)
    plan = {"Lucía": ("banco", 1_000), "Mateo": ("punto", 2_500), "Sofía": ("banco", 5_000)}
    for _ in range(12):
        table.bets(plan)  # everyone has bet: the croupier deals at once
    table.bets({"Mateo": ("punto", 1_000)})
    return table


def real_cards(url: str) -> Table:
    """A Spanish session of real cards, the host entering the second coup's cards."""
    table = Table(url, "session", ("Carmen", "Pablo"), deals=5, real_cards=True)
    for cards in (["9H", "5S", "KD", "3C"], ["4H", "2S"]):
        for token, box in zip(table.tokens.values(), ("punto", "banco"), strict=True):
            table.send(token, "predict", box=box)
        table.send(table.host, "close_bets")
        for card in cards:
            table.send(table.host, "card", card=card)
        if len(cards) == 4:
            table.send(table.host, "next")
    return table


def make(out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    made: list[Path] = []
    with serve() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        table = casino(url)
        page = host_page(browser, table, "en-GB")
        page.wait_for_selector("#turn:not([hidden])")
        page.wait_for_selector("#odds-body tr")
        shoot(page, out / "web-host-casino-en.png", made)
        for suffix, size in TVS.items():
            page = host_page(browser, table, "en-GB", size, tv=True)
            page.wait_for_selector("#odds-body tr")
            shoot(page, out / f"web-host-casino-en{suffix}.png", made)
        for suffix, size in {**PHONES, **MORE_PHONES}.items():
            page = phone_page(browser, table, "Bruno", "en-GB", size)
            page.wait_for_selector("#turn-button:not([hidden])")
            shoot(page, out / f"web-phone-casino-en{suffix}.png", made)
        squeeze(page.context.browser, table, out, made)

        table = session(url)
        shoot(host_page(browser, table, "fr-FR"), out / "web-host-session-fr.png", made)
        for suffix, size in PHONES.items():
            page = phone_page(browser, table, "Hugo", "fr-FR", size)
            shoot(page, out / f"web-phone-session-fr{suffix}.png", made)

        table = croupier(url)
        page = host_page(browser, table, "es-ES")
        page.wait_for_selector("#countdown:not(:empty)")
        shoot(page, out / "web-host-croupier-es.png", made)
        for suffix, size in PHONES.items():
            page = phone_page(browser, table, "Mateo", "es-ES", size)
            page.wait_for_selector("#countdown:not(:empty)")
            shoot(page, out / f"web-phone-croupier-es{suffix}.png", made)

        table = real_cards(url)
        page = host_page(browser, table, "es-ES")
        page.wait_for_selector("#card-entry:not([hidden])")
        shoot(page, out / "web-host-real-cards-es.png", made)
        browser.close()
    return made


def squeeze(browser: Any, table: Table, out: Path, made: list[Path]) -> None:
    """Bruno's phone, his finger half way up Punto's cards."""
    page = phone_page(browser, table, "Bruno", "en-GB", PHONES[""])
    page.wait_for_selector("#squeeze:not([hidden]) .sq-card")
    card = page.locator(".sq-card").first.bounding_box()
    x, y = card["x"] + card["width"] / 2, card["y"] + card["height"] - 4
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y - card["height"] * 0.55, steps=10)
    shoot(page, out / "web-phone-squeeze-en.png", made)
    page.mouse.move(x, y, steps=2)  # let go where it started: the cards fall back
    page.mouse.up()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="where the PNG files go")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install -y chromium", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    made = make(args.out)
    for path in made:
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
              f"  {path.stat().st_size // 1024} KiB")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
