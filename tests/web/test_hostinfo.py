"""The host screen's board through the API: the odds of the next coup are those of
``puntobanco odds --remove`` for the cards the room has seen (never the shoe's
order), the statistics and roads are those of the shoe's coups, and the odds
cost one computation per coup, not one per view."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puntobanco.cards import Card
from puntobanco.cli import main
from puntobanco.coup import resolve
from puntobanco.engine import Viewer
from puntobanco.engine import views as engine_views
from puntobanco.odds.seen import OddsCache
from puntobanco.roads import build_roads
from puntobanco.table.events import Event, ShoeBurned, ShoeShuffled
from puntobanco.table.machine import Table
from puntobanco.table.state import TableState, replay
from puntobanco.web.app import create_app
from tests.web.helpers import bearer, command, join, open_table, view


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "host.db"), rate=1000, burst=1000)) as c:
        yield c


@pytest.fixture
def odds_cache(monkeypatch: pytest.MonkeyPatch) -> OddsCache:
    """A cache of this test's own (the process's is shared by every table)."""
    cache = OddsCache()
    monkeypatch.setattr(engine_views, "ODDS", cache)
    return cache


def engine_call(client: TestClient, fn: Any) -> Any:
    """``fn(engine)`` on the server's engine, in its thread."""
    return client.app.state.tables.call(fn).result()  # type: ignore[attr-defined]


def state_of(client: TestClient, table: str) -> TableState:
    state: TableState = engine_call(client, lambda e: e.state(table))
    return state


def log_of(client: TestClient, table: str) -> list[Event]:
    return [r.event for r in engine_call(client, lambda e: e.log(table))]


def pushed(client: TestClient, table: str) -> dict[str, Any]:
    """The host's view as it is pushed after a commit (no odds computed for it)."""
    text: str = engine_call(client, lambda e: e.view_text(table, Viewer.HOST))
    return dict(json.loads(text))


def cli_odds(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["odds", "--json", *argv]) == 0
    return dict(json.loads(capsys.readouterr().out))


def seen_by_the_room(client: TestClient, table: str, token: str) -> list[str]:
    """The turned burn card and every card dealt from the shoe in play, from what
    a player is shown: the burn event and the history."""
    coups = state_of(client, table).shoe_coups
    burn = burn_of(client, table)
    history = client.get(f"/api/tables/{table}/history", headers=bearer(token)).json()
    dealt = [c for coup in history[-len(coups) :] for c in coup["cards"]]
    return [str(burn.turned), *dealt]


def burn_of(client: TestClient, table: str) -> ShoeBurned:
    shoe = state_of(client, table).shoe
    assert shoe is not None
    return next(
        e for e in log_of(client, table) if isinstance(e, ShoeBurned) and e.shoe == shoe.number
    )


def by_bet(odds: dict[str, Any], field: str) -> dict[str, str]:
    return {b["bet"]: b[field] for b in odds["bets"]}


def play(client: TestClient, t: dict[str, Any], token: str, coups: int) -> None:
    for _ in range(coups):
        bet = command(client, t["table"], token, "Bet", box="banco", stake=1_000)
        assert bet.status_code == 200
        assert command(client, t["table"], t["host_token"], "Deal").status_code == 200


def test_the_host_odds_are_those_of_odds_remove_for_the_cards_the_room_has_seen(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    sides = ["pairs", "dragon_bonus_punto"]
    t = open_table(client, "casino", seed=5, bankroll=10**7, side_bets=sides)
    ana = join(client, t["table"], "Ana")
    for coups in (0, 1, 4):
        play(client, t, ana, coups)
        odds = view(client, t["table"], t["host_token"])["host"]["odds"]
        seen = seen_by_the_room(client, t["table"], ana)
        cli = cli_odds(capsys, "--decks", "6", "--remove", " ".join(seen),
                       "--side-bets", "pairs,dragon_bonus_punto")  # fmt: skip
        assert by_bet(odds, "probability") == cli["probabilities"]
        assert by_bet(odds, "house_edge") == cli["house_edge"]
        burned = burn_of(client, t["table"]).burned
        assert odds | {"bets": None} == {"scope": "shoe", "decks": 6, "cards": 312 - len(seen),
                                         "seen": len(seen), "burned": len(burned),
                                         "paytable": "standard", "bets": None}  # fmt: skip
    pushes = by_bet(odds, "push")
    assert pushes["punto"] == pushes["banco"] == by_bet(odds, "probability")["egalite"]
    assert pushes["egalite"] is None and pushes["punto_pair"] is None
    assert float(pushes["dragon_bonus_punto"]) > 0  # a natural tie returns the stake


def test_a_session_shows_the_odds_of_a_full_shoe_every_deal(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    t = open_table(client, "session", seed=4, deals=3, paytable="tie-nine")
    players = [join(client, t["table"], name) for name in ("Ana", "Ben")]
    cli = cli_odds(capsys, "--decks", "8", "--paytable", "tie-nine")
    for deal in range(3):
        odds = view(client, t["table"], t["host_token"])["host"]["odds"]
        assert odds["scope"] == "fresh" and odds["cards"] == 416 and odds["seen"] == 0
        assert by_bet(odds, "probability") == cli["probabilities"]
        assert by_bet(odds, "house_edge") == cli["house_edge"]
        predict(client, t, players)
        assert len(view(client, t["table"], t["host_token"])["history"]) == deal + 1


def predict(client: TestClient, t: dict[str, Any], players: list[str]) -> None:
    for token in players:
        assert command(client, t["table"], token, "Bet", box="punto").status_code == 200
    assert command(client, t["table"], t["host_token"], "Deal").status_code == 200


def test_real_cards_placed_are_seen_cards_even_in_the_middle_of_a_coup(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    t = open_table(client, "session", real_cards=True, deals=2)
    for name in ("Ana", "Ben"):
        command(client, t["table"], join(client, t["table"], name), "Bet", box="banco")
    assert command(client, t["table"], t["host_token"], "CloseBets").status_code == 200
    placed = []
    for card in "9h 2s 8d".split():  # Punto 9 + 8 = 7, Banco 2: not over yet
        assert (
            command(client, t["table"], t["host_token"], "PlaceCard", card=card).status_code == 200
        )
        placed.append(card)
        host = view(client, t["table"], t["host_token"])["host"]
        cli = cli_odds(capsys, "--decks", "8", "--remove", " ".join(placed))
        assert host["odds"]["scope"] == "shoe" and host["odds"]["seen"] == len(placed)
        assert by_bet(host["odds"], "probability") == cli["probabilities"]
        assert host["stats"]["cards_left"] == 416 - len(placed)


def _hidden_shuffled(log: list[Event], rng: random.Random) -> list[Event]:
    """The same log with the first shoe's unseen cards (burned face down, not yet
    dealt) in another order: what the room has seen is the same."""
    shuffled = next(e for e in log if isinstance(e, ShoeShuffled))
    burn = next(e for e in log if isinstance(e, ShoeBurned))
    shoe = replay(log).shoe
    assert shoe is not None
    order = list(shuffled.order)
    hidden = [*range(1, 1 + len(burn.burned)), *range(shoe.position, len(order))]
    cards = [order[i] for i in hidden]
    rng.shuffle(cards)
    for i, card in zip(hidden, cards, strict=True):
        order[i] = card
    out: list[Event] = []
    for e in log:
        if e is shuffled:
            e = replace(shuffled, order=tuple(order))
        elif e is burn:
            e = replace(burn, burned=tuple(order[1 : 1 + len(burn.burned)]))
        out.append(e)
    return out


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32 - 1))
def test_two_shoes_seen_alike_give_the_host_the_same_board_whatever_their_hidden_order(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    t = open_table(client, "casino", seed=seed % 1000, bankroll=10**7, side_bets=["pairs"])
    play(client, t, join(client, t["table"], "Ana"), 3)
    log = log_of(client, t["table"])
    other = _hidden_shuffled(log, random.Random(seed))
    parts = []
    for events in (log, other):
        monkeypatch.setattr(engine_views, "ODDS", OddsCache())  # computed afresh from each
        pictures = engine_views.Pictures()
        pictures.feed(events)
        moment = engine_views.Moment(Table(events), pictures, "", 0.0)
        parts.append(engine_views.view(moment, Viewer.HOST, "en")["host"])
    first, second = (replay(events).shoe for events in (log, other))
    assert first is not None and second is not None
    assert first.order != second.order  # the stored shoes differ...
    assert parts[0] == parts[1]  # ...and the host shows the same figures


def test_the_odds_cost_one_computation_per_coup_not_one_per_view(
    client: TestClient, odds_cache: OddsCache
) -> None:
    # The dealer turns every card: Punto's are not handed to a phone here.
    t = open_table(client, "casino", seed=8, bankroll=10**7, turn_seconds=None)
    ana, ben = join(client, t["table"], "Ana"), join(client, t["table"], "Ben")
    table = t["table"]
    assert pushed(client, table)["host"]["odds_pending"] is True  # a push computes nothing
    assert odds_cache.computed == 0
    assert view(client, t["table"], t["host_token"])["host"]["odds_pending"] is False
    for coup in range(1, 4):
        for token in (ana, ben, ana):
            command(client, t["table"], token, "Bet", box="punto", stake=1_000)
            assert pushed(client, table)["host"]["odds_pending"] is False
            view(client, t["table"], t["host_token"])
        assert odds_cache.computed == coup  # bets and views changed nothing
        command(client, t["table"], t["host_token"], "Deal")
        assert pushed(client, table)["host"]["odds_pending"] is True
        view(client, t["table"], t["host_token"])
        assert pushed(client, table)["host"]["odds_pending"] is False
    assert odds_cache.computed == 4


@pytest.mark.parametrize("side_bets", [["pairs"], []])
def test_the_statistics_are_the_shoes_and_name_pairs_only_where_they_are_bet(
    client: TestClient, side_bets: list[str]
) -> None:
    t = open_table(client, "casino", seed=11, bankroll=10**7, side_bets=side_bets)
    ana = join(client, t["table"], "Ana")
    play(client, t, ana, 12)
    v = view(client, t["table"], t["host_token"])
    stats = v["host"]["stats"]
    coups = list(state_of(client, t["table"]).shoe_coups)
    assert stats["coups"] == len(coups) == 12
    assert stats["wins"] == {o: Counter(c.outcome.value for c in coups)[o]
                             for o in ("punto", "banco", "egalite")}  # fmt: skip
    assert stats["naturals"] == sum(c.natural for c in coups)
    expected = {"punto_pair": sum(c.punto.pair for c in coups),
                "banco_pair": sum(c.banco.pair for c in coups)}  # fmt: skip
    assert stats["pairs"] == (expected if side_bets else {})
    assert stats["cards_left"] == v["shoe"]["remaining"]
    burn = burn_of(client, t["table"])
    assert stats["burn"] == {"turned": str(burn.turned), "burned": len(burn.burned)}
    assert stats["shoe"] == 1 and stats["scope"] == "shoe"


def test_the_derived_roads_are_laid_out_as_the_roads_of_the_view(client: TestClient) -> None:
    t = open_table(client, "casino", seed=2, bankroll=10**7)
    play(client, t, join(client, t["table"], "Ana"), 25)
    v = view(client, t["table"], t["host_token"])
    roads = build_roads(list(state_of(client, t["table"]).shoe_coups))
    for road in roads.derived:
        laid = v["host"]["derived"][road.name]
        assert "".join(mark for _, _, mark in laid) == v["roads"][road.name] == road.text
        assert [(c, r) for c, r, _ in laid] == [(m.col, m.row) for m in road.marks]
    assert all(v["roads"][road.name] for road in roads.derived)  # 25 coups: marks in each


def test_a_session_counts_its_coups_and_has_no_cards_left_to_count(client: TestClient) -> None:
    t = open_table(client, "session", seed=4, deals=4)
    players = [join(client, t["table"], name) for name in ("Ana", "Ben")]
    ana = players[0]
    for _ in range(3):
        predict(client, t, players)
    stats = view(client, t["table"], t["host_token"])["host"]["stats"]
    history = client.get(f"/api/tables/{t['table']}/history", headers=bearer(ana)).json()
    winners = Counter(resolve(tuple(Card.parse(c) for c in h["cards"])).outcome.value
                      for h in history)  # fmt: skip
    assert stats["scope"] == "session" and stats["coups"] == 3
    assert stats["wins"] == {o: winners[o] for o in ("punto", "banco", "egalite")}
    assert stats["cards_left"] is None and stats["burn"] is None and stats["pairs"] == {}
