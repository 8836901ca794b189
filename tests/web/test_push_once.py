"""Each socket gets a new event's view once, however many times its table is marked.

On a store several servers share, another server's commit is folded into this
server's copy a moment before the table is marked as changed: a push made in
that moment shows the commit already, and the mark must not push the same view
again (a phone would count it twice). A view that changed with no new event (a
clock started again) is still pushed.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from puntobanco.engine import Committed
from puntobanco.i18n import Lang
from puntobanco.store.credentials import HOST, Identity
from puntobanco.web.tables import Tables
from tests.web.helpers import run_async


class Phone:
    """A socket that keeps the seq of each view pushed to it."""

    def __init__(self, identity: Identity, lang: Lang = "en") -> None:
        self.identity, self.lang = identity, lang
        self.seqs: list[int] = []

    def push_text(self, text: str) -> None:
        self.seqs.append(int(json.loads(text)["seq"]))


def test_a_table_marked_again_at_the_same_event_is_not_pushed_again(tmp_path: Path) -> None:
    async def scenario() -> list[list[int]]:
        tables = Tables(str(tmp_path / "push.db"))
        await tables.start()
        try:
            table = (await tables.create("casino", {"seed": 1})).identity.table
            phone = Phone(Identity(table, HOST))
            await tables.subscribe(table, phone)
            await tables.join(table, "Ana")  # a commit: its view pushed
            await asyncio.sleep(0.5)
            seen = [list(phone.seqs)]
            seq = seen[0][-1]
            # The mark of a commit folded in already (the listener's, a moment late).
            tables.hosted.due(Committed(table, seq, ({"type": "PlayerSeated"},)))
            await asyncio.sleep(0.5)
            seen.append(list(phone.seqs))
            # A view changed by the clock alone (no event): pushed.
            tables.hosted.due(Committed(table, seq, ()))
            await asyncio.sleep(0.5)
            seen.append(list(phone.seqs))
            return seen
        finally:
            await tables.stop()

    after_join, after_mark, after_clock = run_async(scenario)
    assert len(after_join) == 1
    assert after_mark == after_join
    assert after_clock == after_join * 2
