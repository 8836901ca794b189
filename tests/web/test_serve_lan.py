"""Phones can join what the Quickstart starts: ``serve`` listens on the local network
and sends phones to this machine's address there, found from the route a packet
would take (the host name is not enough: Debian maps it to 127.0.1.1); where no
phone can reach the server, the terminal and the host screen say so plainly."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from puntobanco.cli import serve
from puntobanco.i18n import t
from tests.web.conftest import LiveServer, free_port
from tests.web.serve_process import ServeProcess


class Route:
    """A UDP socket whose route leaves from ``address`` (None: no route at all)."""

    def __init__(self, address: str | None) -> None:
        self.address = address

    def __call__(self, *args: Any) -> Route:
        return self

    def __enter__(self) -> Route:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def connect(self, target: tuple[str, int]) -> None:
        if self.address is None:
            raise OSError(101, "Network is unreachable")

    def getsockname(self) -> tuple[str, int]:
        assert self.address is not None
        return (self.address, 40000)


def debian_host_name(monkeypatch: pytest.MonkeyPatch, route: str | None) -> None:
    """A host name that resolves to 127.0.1.1, as /etc/hosts has it on Debian."""
    monkeypatch.setattr(socket, "gethostname", lambda: "salon")
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda *a, **k: [(socket.AF_INET, 0, 0, "", ("127.0.1.1", 0))]
    )
    monkeypatch.setattr(socket, "socket", Route(route))


def test_the_lan_address_is_the_route_s_not_the_host_name_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    debian_host_name(monkeypatch, "192.168.1.20")
    assert serve.lan_address() == "192.168.1.20"
    debian_host_name(monkeypatch, None)  # no network: nothing phones could reach
    assert serve.lan_address() is None
    debian_host_name(monkeypatch, "127.0.0.1")
    assert serve.lan_address() is None


def test_serve_listens_on_the_network_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    debian_host_name(monkeypatch, "192.168.1.20")
    default = {"host": "127.0.0.1", "lan": True}
    assert serve.listening(default, host_given=False) == ("0.0.0.0", "192.168.1.20")
    # --no-lan: this machine only, and nobody is sent anywhere.
    assert serve.listening({**default, "lan": False}, host_given=False) == ("127.0.0.1", None)
    # An address given is listened on as given (a reverse proxy's 127.0.0.1 stays so).
    assert serve.listening(default, host_given=True) == ("127.0.0.1", None)
    given = {**default, "host": "10.1.2.3"}
    assert serve.listening(given, host_given=True) == ("10.1.2.3", "10.1.2.3")


def test_the_quickstart_s_serve_prints_an_address_phones_can_reach(tmp_path: Path) -> None:
    port = free_port()
    env = {"PUNTOBANCO_DB": str(tmp_path / "lan.db"), "PUNTOBANCO_LANG": "en"}
    address = serve.lan_address()
    with ServeProcess(tmp_path, port, ["--port", str(port)], env) as server:
        assert server.get("/healthz").status_code == 200
    out = (tmp_path / "stdout.log").read_text(encoding="utf-8")
    if address is None:  # a machine on no network: said, not a loopback address given
        assert t("web.serve.no_lan", "en") in out, out
    else:
        assert f"http://{address}:{port}/" in out, out
        assert "127.0.0.1" not in out and ("█" in out or "▀" in out), out  # its QR code
    port = free_port()
    with ServeProcess(tmp_path, port, ["--port", str(port), "--no-lan", "--lang", "fr"], env):
        pass
    out = (tmp_path / "stdout.log").read_text(encoding="utf-8")
    assert f"http://127.0.0.1:{port}/" in out and t("web.serve.local_only", "fr") in out, out


def _host(browser: Browser, server: LiveServer) -> Any:
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-GB")
    context.set_default_timeout(10_000)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    page.goto(server.url + "/")
    page.check("input[name=format][value=session]")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/host/*")
    expect(page.locator("#code")).not_to_be_empty()
    return page


def test_the_host_screen_shows_the_lan_join_address_large_with_a_copy_link(
    browser: Browser, tmp_path: Path
) -> None:
    lan = "http://192.168.1.20:8000"
    with LiveServer(store=str(tmp_path / "a.db"), join_origin=lan) as server:
        page = _host(browser, server)
        code = page.inner_text("#code")
        url = f"{lan}/j/{code}"
        expect(page.locator("#join-url")).to_have_text(url)
        expect(page.locator("#qr")).to_have_attribute("alt", url)
        assert "192.168.1.20" in page.get_attribute("#qr", "src")
        expect(page.locator("#unreachable")).to_be_hidden()
        size = page.evaluate(
            "parseFloat(getComputedStyle(document.getElementById('join-url')).fontSize)"
        )
        assert size >= 20, size  # large type, for those who type it
        page.click("#copy-link")
        expect(page.locator("#copied")).to_contain_text("Link copied")
        assert page.evaluate("navigator.clipboard.readText()") == url
        page.context.close()


def test_the_host_screen_says_plainly_when_phones_cannot_reach_it(
    browser: Browser, tmp_path: Path
) -> None:
    with LiveServer(store=str(tmp_path / "b.db")) as server:  # on 127.0.0.1, no LAN address
        page = _host(browser, server)
        notice = page.locator("#unreachable")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("Phones cannot join from this address: 127.0.0.1")
        expect(notice).to_have_attribute("role", "alert")
        page.select_option("#lang", "fr")
        expect(notice).to_contain_text("Les téléphones ne peuvent pas rejoindre la table")
        page.context.close()
