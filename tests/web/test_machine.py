"""A Hypothesis state machine of players joining, betting, disconnecting and
coming back while the host deals: money is conserved and every view agrees
with what the store holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import hypothesis.strategies as st
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from puntobanco.store.sqlite import SQLiteStore
from puntobanco.table.history import coup_records
from puntobanco.table.state import replay
from puntobanco.web.app import create_app
from tests.web.helpers import bearer

BANKROLL = 20_000
NAMES = ("Ana", "Bruno", "Chloé", "Dario")


class WebTable(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        import tempfile

        self.folder = tempfile.TemporaryDirectory()
        self.db = Path(self.folder.name) / "m.db"
        # The limiter has its own tests; here a burst of generated steps must reach the table.
        self.client = TestClient(create_app(store=str(self.db), rate=1e6, burst=1e6))
        self.client.__enter__()
        self.tokens: dict[str, str] = {}
        self.counter = 0

    @initialize()
    def open_table(self) -> None:
        r = self.client.post(
            "/api/tables",
            # The dealer turns every card: joins are refused while Punto's cards wait face
            # down (bets are closed), which is the turn's subject, not this machine's.
            json={
                "format": "casino",
                "settings": {"seed": 3, "bankroll": BANKROLL, "turn_seconds": None},
            },
        )
        self.table, self.host = r.json()["table"], r.json()["host_token"]
        self.client.cookies.clear()

    def send(self, token: str, **command: Any) -> Any:
        self.counter += 1
        return self.client.post(
            f"/api/tables/{self.table}/commands",
            json={"id": f"m{self.counter}", **command},
            headers=bearer(token),
        )

    @rule(name=st.sampled_from(NAMES))
    def join(self, name: str) -> None:
        r = self.client.post(f"/api/tables/{self.table}/players", json={"name": name})
        self.client.cookies.clear()
        if name in self.tokens:
            assert r.status_code == 400 and r.json()["error"]["code"] == "table.error.name.taken"
        else:
            assert r.status_code == 201
            self.tokens[name] = r.json()["token"]

    @rule(name=st.sampled_from(NAMES), box=st.sampled_from(["punto", "banco", "egalite"]),
          stake=st.sampled_from([500, 1_000, 5_000, 50_000]))  # fmt: skip
    def bet(self, name: str, box: str, stake: int) -> None:
        if name not in self.tokens:
            return
        r = self.send(self.tokens[name], type="Bet", box=box, stake=stake)
        assert r.status_code in (200, 400, 409), r.text

    @rule(name=st.sampled_from(NAMES))
    def reconnect(self, name: str) -> None:
        # A phone that lost the network comes back over the socket with its token.
        if name not in self.tokens:
            return
        with self.client.websocket_connect(f"/api/tables/{self.table}/ws") as ws:
            ws.send_json({"type": "hello", "token": self.tokens[name]})
            assert ws.receive_json()["player"] == name
            seen = ws.receive_json()["view"]
        assert seen == self.view(self.tokens[name])

    @rule()
    def deal(self) -> None:
        r = self.send(self.host, type="Deal")
        assert r.status_code in (200, 409), r.text

    def view(self, token: str) -> dict[str, Any]:
        r = self.client.get(f"/api/tables/{self.table}/view", headers=bearer(token))
        assert r.status_code == 200
        return dict(r.json(), countdown=None)

    @invariant()
    def money_is_conserved_and_views_agree_with_the_store(self) -> None:
        if not hasattr(self, "table"):
            return
        store = SQLiteStore(self.db)
        try:
            records = store.load(self.table)
        finally:
            store.close()
        state = replay(r.event for r in records)
        assert state.brought == state.taken + sum(state.balances.values()) + state.house
        host = self.view(self.host)
        assert host["seq"] == len(records)
        assert {p["name"]: p["balance"] for p in host["players"]} == state.balances
        assert len(host["history"]) == min(
            10, len(coup_records((r.event, r.time) for r in records))
        )
        for name, token in self.tokens.items():
            me = self.view(token)["me"]
            assert me["balance"] == state.balances[name]

    def teardown(self) -> None:
        self.client.__exit__(None, None, None)
        self.folder.cleanup()


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["join", "bet", "reconnect", "deal"]),
        st.sampled_from(NAMES),
        st.sampled_from(["punto", "banco", "egalite"]),
        st.sampled_from([500, 1_000, 5_000, 50_000]),
    ),
    min_size=1,
    max_size=20,
)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_the_web_table_conserves_money_and_agrees_with_its_store(
    steps: list[tuple[str, str, str, int]],
) -> None:
    # The steps of a state machine, run in order, each followed by the invariant.
    machine = WebTable()
    try:
        machine.open_table()
        for kind, name, box, stake in steps:
            if kind == "join":
                machine.join(name)
            elif kind == "bet":
                machine.bet(name, box, stake)
            elif kind == "reconnect":
                machine.reconnect(name)
            else:
                machine.deal()
            machine.money_is_conserved_and_views_agree_with_the_store()
    finally:
        machine.teardown()
