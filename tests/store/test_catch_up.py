"""A server that was cut off its PostgreSQL database catches up by itself: the commits
other servers made meanwhile, which its listener reads on a connection of its own, are
shown to its phones even while its own connection is still out of reach (it backs off
for up to a second after a cut). The view pushed for them used to read the table's
chain head on that connection: the push failed, and nothing tried again until another
commit came (tests/web/test_serve_reconnect's cut-off test failed now and then)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from puntobanco.engine import Committed, Engine, Sit, Viewer
from puntobanco.errors import PuntoBancoError, StoreError


def test_a_commit_of_another_server_is_shown_while_this_one_s_connection_is_out_of_reach(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = Engine(pg_url), Engine(pg_url)
    try:
        a.open("club", "casino", settings={"seed": 4})
        a.do("club", Sit("Ana", 100_000))
        ana = Viewer.player("Ana")
        a.view_text("club", ana)  # a's phone saw the table as it was
        pushed: list[tuple[int, Any]] = []

        def push(committed: Committed) -> None:  # what the web server does on a commit
            try:
                pushed.append((committed.seq, json.loads(a.view_text("club", ana))))
            except PuntoBancoError as error:
                pushed.append((committed.seq, error.key))

        a.subscribe("club", push)

        def out_of_reach(table: str, seq: int | None = None) -> str:
            raise StoreError("store.error.pg_unreachable", db="a", reason="backing off")

        # a's own connection: out of reach for a while after the cut, as its link backs off.
        monkeypatch.setattr(a.store, "head", out_of_reach)
        seq = b.do("club", Sit("Bruno", 100_000)).seq
        deadline = time.monotonic() + 10
        while not pushed and time.monotonic() < deadline:
            time.sleep(0.01)
        assert pushed, "a never heard b's commit"
        heard, shown = pushed[0]
        assert heard == seq
        assert isinstance(shown, dict), shown  # a view, not the store's error
        assert [p["name"] for p in shown["players"]] == ["Ana", "Bruno"]
        assert shown["chain_head"] == b.head("club")
    finally:
        a.shutdown()
        b.shutdown()
