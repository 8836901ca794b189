"""The web view's ``chain_head``: the hash of the table's last stored event, what
``puntobanco verify`` prints for the same table, after every commit; kept by a
restarted server and by a second server on the same PostgreSQL database."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect

from puntobanco.cli import main
from puntobanco.store.chain import GENESIS
from puntobanco.store.jsonl import chain_head
from puntobanco.store.postgres import PostgresStore
from puntobanco.web.app import create_app
from tests.web.conftest import LiveServer
from tests.web.helpers import command, join, open_table, view
from tests.web.test_browser import host_page, open_from_host, phone


def verified(db: Path, table: str, capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(["verify", table, "--db", str(db)]) == 0
    (head,) = re.findall(r"chain head ([0-9a-f]{64})", capsys.readouterr().out)
    return str(head)


def test_every_commit_shows_the_head_that_verify_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "api.db"
    with TestClient(create_app(store=str(db))) as client:
        t = open_table(client, "casino", seed=4)
        table, host = t["table"], t["host_token"]
        ana = join(client, table, "Ana")
        heads = [view(client, table, host)["chain_head"]]
        for _ in range(3):
            assert command(client, table, ana, "Bet", box="banco", stake=1_000).status_code == 200
            heads.append(view(client, table, ana)["chain_head"])
            assert command(client, table, host, "Deal").status_code == 200
            heads.append(view(client, table, host)["chain_head"])
            assert heads[-1] == verified(db, table, capsys)
        assert len(set(heads)) == len(heads) and GENESIS not in heads
    with TestClient(create_app(store=str(db))) as client:  # a restart reads it back
        assert view(client, table, host)["chain_head"] == heads[-1]


def test_a_second_server_shows_the_head_of_what_the_first_stored(pg_url: str) -> None:
    with (
        TestClient(create_app(store=pg_url)) as a,
        TestClient(create_app(store=pg_url)) as b,
    ):
        t = open_table(a, "casino", seed=5)
        table, host = t["table"], t["host_token"]
        ana = join(a, table, "Ana")
        assert view(b, table, host)["chain_head"] == view(a, table, host)["chain_head"]
        for box in ("banco", "punto"):
            answer = command(a, table, ana, "Bet", box=box, stake=1_000)
            assert answer.status_code == 200, answer.text
            seen = view(a, table, host)
            deadline = time.monotonic() + 10
            while view(b, table, host)["seq"] != seen["seq"]:  # b hears a's commit
                assert time.monotonic() < deadline, "b never caught up"
                time.sleep(0.02)
            assert view(b, table, host)["chain_head"] == seen["chain_head"]
            assert command(b, table, host, "Deal").status_code == 200  # b commits, a follows
        store = PostgresStore(pg_url)
        stored = chain_head(store.load(table))
        assert store.head(table) == stored == view(b, table, host)["chain_head"]
        store.close()


def test_the_host_screen_shows_the_whole_head_behind_the_shoe_s_fingerprint(
    browser: Browser, live: LiveServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    host = host_page(browser, live)
    code = open_from_host(host, "casino")
    ana = phone(browser, live, code, "Ana")
    ana.click("button[data-box=banco]")
    expect(host.locator("#deal")).to_be_visible()
    host.click("#deal")
    expect(ana.locator("#announce")).not_to_be_empty()
    table = host.url.rstrip("/").rsplit("/", 1)[-1]
    head = verified(tmp_path / "web.db", table, capsys)  # the ``live`` server's log
    # Behind the shoe's fingerprint on the felt, on demand: the whole head.
    line = host.locator("#chain-head")
    expect(line).to_be_hidden()
    host.click("#fingerprint")
    expect(line).to_have_text(f"Log's chain head: {head}")
