"""The table engine: one service, commands as records, views per viewer, subscriptions."""

from __future__ import annotations

import json
from typing import Any

import pytest

from puntobanco.engine import (
    Bet,
    CloseBets,
    Committed,
    Deal,
    Engine,
    Job,
    Leave,
    NextCoup,
    PlaceCard,
    Rebuy,
    Sit,
    Tick,
    UndoCard,
    Viewer,
    Withdraw,
    command_of,
    decide,
    error_json,
    words,
)
from puntobanco.errors import (
    IllegalActionError,
    InvalidBetError,
    InvalidCardError,
    NotAllowedError,
    PuntoBancoError,
)
from puntobanco.fair.contributor import Contributor
from puntobanco.store import MemoryStore


def session(engine: Engine, name: str = "s") -> None:
    engine.open(name, "session", settings={"seed": 7}, players=["Ana", "Bruno", "Chloé"])


def test_do_commits_its_events_before_returning_and_gives_the_sequence_number() -> None:
    store = MemoryStore()
    engine = Engine(store)
    opened = engine.open("s", "session", settings={"seed": 7}, players=["Ana", "Bruno"])
    assert opened.seq == len(store.load("s"))
    done = engine.do("s", Bet("Ana", "banco"))
    assert done.seq == opened.seq + 1 == len(store.load("s"))
    assert done.events == ({"type": "BetPlaced", "name": "Ana"},)  # hidden until bets close


def test_one_id_sent_at_two_tables_in_one_group_commit_is_two_commands() -> None:
    """An id is its sender's at its table: players of the same name at two tables
    sending the same id at once each have their bet placed (the bench found the
    second one answered with the first's answer, and not placed)."""
    engine = Engine()
    for table in ("a", "b"):
        engine.open(table, "casino", settings={"seed": 1}, players=[("Ana", 100_000)])
    ana = Viewer.player("Ana")
    done = engine.do_many([Job(t, Bet("Ana", "banco", 1000), ana, "ana-1") for t in ("a", "b")])
    assert all(isinstance(d, Committed) for d in done)
    assert [d.table for d in done if isinstance(d, Committed)] == ["a", "b"]
    seq_b = done[1].seq if isinstance(done[1], Committed) else 0
    for table in ("a", "b"):
        assert engine.view(table, ana)["me"]["bets"] == {"banco": 1000}
    again = engine.do_many([Job("b", Bet("Ana", "banco", 1000), ana, "ana-1")] * 2)
    assert [d.seq for d in again if isinstance(d, Committed)] == [seq_b] * 2


def test_a_refused_command_raises_a_named_error_and_changes_nothing() -> None:
    store = MemoryStore()
    engine = Engine(store)
    session(engine)
    before = len(store.load("s"))
    with pytest.raises(IllegalActionError):
        engine.do("s", Deal())  # nobody has predicted
    assert len(store.load("s")) == before
    assert not engine.can("s", CloseBets())
    with pytest.raises(IllegalActionError):
        engine.verify("s", CloseBets())


def test_a_command_is_read_from_its_json_object_with_its_sender_s_name() -> None:
    ana = Viewer.player("Ana")
    for data, command in (
        ({"type": "Bet", "box": "b", "stake": 2000}, Bet("Ana", "banco", 2000)),
        ({"type": "Withdraw"}, Withdraw("Ana")),
        ({"type": "Withdraw", "box": "egalite"}, Withdraw("Ana", "egalite")),
        ({"type": "Rebuy", "amount": 500}, Rebuy("Ana", 500)),
        ({"type": "Deal"}, Deal("Ana")),  # a player deals as the shoe's holder
        ({"type": "Tick"}, Tick()),
    ):
        assert command_of(data, ana) == command
    assert command_of({"type": "PlaceCard", "card": "10d"}, Viewer.HOST) == PlaceCard("10d")
    assert command_of({"type": "Deal"}, Viewer.HOST) == Deal()  # the dealer
    assert command_of({"type": "Bet", "name": "Bo", "box": "p", "stake": 10}, Viewer.HOST) == Bet(
        "Bo", "punto", 10
    )
    with pytest.raises(IllegalActionError):
        command_of({"type": "Explode"}, ana)
    with pytest.raises(IllegalActionError):
        command_of({"type": "Bet"}, ana)  # no box
    with pytest.raises(NotAllowedError) as refused:
        command_of({"type": "Bet", "box": "banco"}, Viewer.HOST)  # for nobody
    assert refused.value.key == "engine.error.player_only"
    with pytest.raises(InvalidCardError):
        command_of({"type": "PlaceCard", "card": "11x"}, Viewer.HOST)


def test_a_player_sees_only_their_own_prediction_until_bets_close() -> None:
    engine = Engine()
    session(engine)
    engine.do("s", Bet("Ana", "banco"), by=Viewer.player("Ana"))
    ana = engine.view("s", Viewer.player("Ana"))
    bruno = engine.view("s", Viewer.player("Bruno"))
    assert ana["me"]["bets"] == {"banco": 20}
    assert bruno["players"][0]["bets"] is None and bruno["players"][0]["has_bet"]
    assert engine.view("s", Viewer.HOST)["players"][0]["bets"] is None
    engine.do("s", Bet("Bruno", "punto"), by=Viewer.player("Bruno"))
    engine.do("s", Bet("Chloé", "egalite"), by=Viewer.player("Chloé"))
    engine.do("s", CloseBets())
    assert engine.view("s", Viewer.player("Bruno"))["players"][0]["bets"] == {"banco": 20}
    json.dumps(engine.view("s", Viewer.HOST))  # JSON-ready


def test_a_player_may_act_only_for_themselves() -> None:
    engine = Engine()
    session(engine)
    with pytest.raises(NotAllowedError) as refused:
        engine.do("s", Bet("Bruno", "banco"), by=Viewer.player("Ana"))
    assert refused.value.key == "engine.error.not_allowed"
    with pytest.raises(NotAllowedError):
        engine.do("s", Deal(), by=Viewer.player("Ana"))
    with pytest.raises(NotAllowedError):
        engine.do("s", Bet("Ana", "banco"), by=Viewer.SPECTATOR)
    with pytest.raises(NotAllowedError) as refused:
        engine.do("s", CloseBets(), by=Viewer.player("Ana"))
    assert refused.value.key == "engine.error.host_only"


def test_a_watcher_sees_what_a_spectator_sees_and_may_send_nothing() -> None:
    engine = Engine()
    engine.open("c", "croupier", settings={"seed": 7}, players=[("Ana", 50_000)])
    before = engine.machine("c").event_count
    assert engine.view("c", Viewer.WATCHER) == engine.view("c", Viewer.SPECTATOR)
    assert engine.view_text("c", Viewer.WATCHER) == engine.view_text("c", Viewer.SPECTATOR)
    # Not even a seat (a spectator may ask for one), nor the clock anyone may send.
    for command in (Sit("Bruno", 50_000), Tick(), Bet("Ana", "banco")):
        with pytest.raises(NotAllowedError) as refused:
            engine.do("c", command, by=Viewer.WATCHER)
        assert refused.value.key == "web.error.spectator"
        assert not engine.can("c", command, Viewer.WATCHER)
    for sent in ({"type": "Bet", "box": "banco", "stake": 2000}, {"type": "Nothing"}):
        with pytest.raises(NotAllowedError, match="only watches"):
            command_of(sent, Viewer.WATCHER)
    assert engine.machine("c").event_count == before


def test_the_view_lists_the_commands_the_viewer_may_send_now() -> None:
    engine = Engine()
    session(engine)
    kinds = {c["type"] for c in engine.view("s", Viewer.player("Ana"))["commands"]}
    # Before the first deal a participant may still leave (a table opened with a
    # seed takes no contributions to its shoes, typed or committed).
    assert kinds == {"Bet", "Leave"}
    engine.do("s", Bet("Ana", "banco"))
    ana = engine.view("s", Viewer.player("Ana"))["commands"]
    assert {"type": "Withdraw", "box": "banco"} in ana
    host = {c["type"] for c in engine.view("s", Viewer.HOST)["commands"]}
    assert "Deal" not in host  # two have not predicted
    engine.do("s", Bet("Bruno", "punto"))
    engine.do("s", Bet("Chloé", "punto"))
    host = {c["type"] for c in engine.view("s", Viewer.HOST)["commands"]}
    # A session's bets close as the coup is dealt: no step of their own for the host.
    assert "Deal" in host and "CloseBets" not in host


def test_the_last_coup_shows_each_player_s_net_and_settlements() -> None:
    engine = Engine()
    session(engine)
    for name, box in (("Ana", "banco"), ("Bruno", "egalite"), ("Chloé", "punto")):
        engine.do("s", Bet(name, box))
    engine.do("s", Deal())
    last = engine.view("s", Viewer.SPECTATOR)["last"]
    # Seed 004's session paytable, whichever box the seed's first coup makes win.
    nets = {
        "banco": {"Ana": 19, "Bruno": -20, "Chloé": -20},
        "egalite": {"Ana": 0, "Bruno": 160, "Chloé": 0},
        "punto": {"Ana": -20, "Bruno": -20, "Chloé": 20},
    }[last["winner"]]
    assert last["nets"] == nets
    assert {s["player"]: s["net"] for s in last["settlements"]} == nets
    players = engine.view("s", Viewer.SPECTATOR)["players"]
    assert {p["name"]: p["balance"] for p in players} == nets  # from 0 points each


def test_two_front_ends_see_each_others_commands_through_their_subscriptions() -> None:
    store = MemoryStore()
    engine = Engine(store)
    engine.open("c", "casino", settings={"seed": 3}, players=[("Ana", 100_000)])
    terminal: list[Committed] = []
    web: list[Committed] = []
    engine.subscribe("c", terminal.append)
    stop = engine.subscribe("c", web.append)
    engine.do("c", Sit("Bruno", 50_000), by=Viewer.SPECTATOR)  # the web client
    engine.do("c", Bet("Ana", "banco", 2_000), by=Viewer.player("Ana"))  # the terminal
    engine.do("c", Bet("Bruno", "punto", 1_000), by=Viewer.player("Bruno"))
    engine.do("c", Deal())
    assert terminal == web and [c.seq for c in web] == sorted({c.seq for c in web})
    assert web[-1].seq == len(store.load("c"))
    ana, bruno = engine.view("c", Viewer.player("Ana")), engine.view("c", Viewer.player("Bruno"))
    assert ana["players"] == bruno["players"] and ana["me"]["name"] != bruno["me"]["name"]
    stop()
    engine.do("c", Leave("Bruno"))
    assert len(web) == 4 and len(terminal) == 5


def test_errors_are_put_into_words_in_each_viewers_language() -> None:
    engine = Engine()
    engine.open("c", "casino", players=[("Ana", 100_000)])
    Contributor().run(engine, "c")  # Ana's contribution: her first shoe is shuffled
    with pytest.raises(InvalidBetError) as refused:
        engine.do("c", Bet("Ana", "banco", 10))
    error = refused.value
    assert words(error, "fr") != words(error, "en") != words(error, "es")
    assert error_json(error, "es")["key"] == "table.error.below_minimum"


def test_tables_are_listed_resumed_and_closed() -> None:
    store = MemoryStore()
    engine = Engine(store)
    session(engine, "a")
    engine.open("b", "casino", players=[("Ana", 10_000)])
    engine.close("b")
    assert [i.table for i in engine.tables()] == ["a", "b"]
    assert [i.table for i in engine.unfinished()] == ["a"]
    again = Engine(store)
    info = again.resume("a")
    assert info.players == ("Ana", "Bruno", "Chloé") and info.phase == "bets_open"


def test_a_table_s_info_says_what_a_join_page_offers() -> None:
    engine = Engine()
    session(engine, "a")
    engine.open("b", "casino", settings={"minimum": 500}, players=[("Ana", 10_000)])
    a, b = engine.info("a"), engine.info("b")
    assert (a.seats, a.minimum, a.maximum, a.deals) == (8, None, None, 10)
    assert (b.seats, b.minimum, b.maximum, b.deals) == (14, 500, 500_000, None)
    assert b.to_json()["minimum"] == 500 and b.to_json()["seats"] == 14


def test_the_loser_of_a_race_to_create_a_table_opens_it() -> None:
    store = MemoryStore()
    first, second = Engine(store), Engine(store)
    first.open("r", "casino", players=[("Ana", 10_000)])
    committed = second.open("r", "casino", players=[("Ana", 10_000)])
    assert committed.events == () and second.info("r").players == ("Ana",)
    with pytest.raises(IllegalActionError):
        second.open("r", "session", players=["Ana", "Bruno"])


def test_the_croupier_closes_bets_when_its_countdown_runs_out() -> None:
    now = [0.0]
    engine = Engine(clock=lambda: now[0])
    engine.open("x", "croupier", settings={"seed": 1, "countdown": 20}, players=[("Ana", 10_000)])
    engine.do("x", Sit("Bruno", 10_000))
    engine.do("x", Tick())
    engine.do("x", Bet("Ana", "banco", 1_000))
    view = engine.view("x", Viewer.SPECTATOR)
    assert view["countdown"] == 20.0 and view["config"]["countdown"] == 20
    now[0] = 25.0
    done = engine.do("x", Tick())
    assert any(e["type"] == "CoupSettled" for e in done.events)


def test_bots_decide_from_their_view() -> None:
    engine = Engine()
    engine.open("c", "casino", settings={"seed": 2}, players=[("Ada", 100_000)])
    commands = decide(engine.view("c", Viewer.player("Ada")), "banco")
    assert commands == [Bet("Ada", "banco", 1_000)]
    for command in commands:
        engine.do("c", command, by=Viewer.player("Ada"))
    assert decide(engine.view("c", Viewer.player("Ada")), "banco") == []


def test_a_host_places_physical_cards_and_may_take_the_last_one_back() -> None:
    engine = Engine()
    engine.open("h", "assist", settings={"deals": 1}, players=["Ana", "Bruno"])
    engine.do("h", Bet("Ana", "banco"))
    engine.do("h", Bet("Bruno", "punto"))
    engine.do("h", CloseBets())
    expects = [c for c in engine.view("h", Viewer.HOST)["commands"] if c["type"] == "PlaceCard"]
    assert expects == [{"type": "PlaceCard", "expects": "punto"}]
    engine.do("h", PlaceCard("4h"))
    engine.do("h", UndoCard())
    for card in "4h 2s 9c Ad 8d".split():
        engine.do("h", PlaceCard(card))
    assert engine.view("h")["last"]["nets"] == {"Ana": 19, "Bruno": -20}
    engine.do("h", UndoCard())  # the wrong third card: the settlement is undone
    assert engine.view("h")["last"] is None
    assert engine.view("h")["players"][0]["balance"] == 0
    engine.do("h", PlaceCard("8d"))
    engine.do("h", NextCoup())
    view = engine.view("h", Viewer.SPECTATOR)
    assert view["phase"] == "ended" and view["last"]["nets"] == {"Ana": 19, "Bruno": -20}


def test_a_card_the_declared_shoe_cannot_hold_is_refused() -> None:
    engine = Engine()
    engine.open("h", "assist", settings={"decks": 1}, players=["Ana", "Bruno"])
    engine.do("h", Bet("Ana", "banco"))
    engine.do("h", Bet("Bruno", "punto"))
    engine.do("h", CloseBets())
    engine.do("h", PlaceCard("4h"))
    with pytest.raises(PuntoBancoError):
        engine.do("h", PlaceCard("4♥"))


def test_views_are_fresh_json_every_time() -> None:
    engine = Engine()
    session(engine)
    view: dict[str, Any] = engine.view("s")
    view["players"].clear()
    assert engine.view("s")["players"]
