"""Seed 002's players' hands on the game: Punto's cards handed face down to the
largest Punto bet, who turns them over; the shoe dealt by its holder, or passed on.

"La personne qui distribue les cartes [...] doit donner encore deux cartes cachées au
joueur qui a fait le pari le plus élevé sur Punto. Le joueur Punto regarde les cartes et
il les retourne pour le joueur qui distribue." "Les joueurs peuvent choisir de ne pas
distribuer les cartes en passant le 'Sabot' au joueur suivant."
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from puntobanco.coup import Outcome
from puntobanco.engine import Bet, CloseBets, Deal, Engine, PassShoe, Sit, TurnPunto, Viewer
from puntobanco.errors import IllegalActionError, InvalidBetError, PuntoBancoError, StoreError
from puntobanco.i18n import t
from puntobanco.store import MemoryStore
from puntobanco.store.chain import hashes
from puntobanco.store.jsonl import import_lines, record_line
from puntobanco.table import Phase, Table, TableConfig
from puntobanco.table.events import (
    CoupDealt,
    PuntoCardsHanded,
    PuntoCardsTurned,
    ShoeHolderChanged,
    ShoePassed,
)
from puntobanco.table.machine import GRACE
from puntobanco.table.snapshot import dump_state, load_state
from puntobanco.table.state import replay

SEED = 2_002
TURN = 20


def table(turn: int | None = TURN, players: tuple[str, ...] = ("Ana", "Bruno", "Chloé")) -> Table:
    config = TableConfig.casino(seed=SEED, turn_seconds=turn)
    return Table.open("club", config, players=[(name, 10**6) for name in players])


def handed(t_: Table, punto: str = "Bruno", stake: int = 5_000) -> Table:
    """Bets on both sides, bets closed, the coup dealt: Punto's cards go to ``punto``."""
    t_.bet(punto, Outcome.PUNTO, stake)
    t_.bet("Ana", Outcome.BANCO, 2_000)
    t_.close_bets()
    t_.deal()
    return t_


def test_punto_s_cards_go_face_down_to_the_largest_punto_bet_and_nothing_else_is_dealt() -> None:
    club = table()
    club.bet("Chloé", Outcome.PUNTO, 2_000)
    position = club.state.shoe.position if club.state.shoe else -1
    handed(club, "Bruno", 5_000)
    state = club.state
    assert state.face_down == "Bruno" and state.punto_hand == "Bruno"
    assert state.phase is Phase.BETS_CLOSED and state.current is None
    assert state.shoe is not None and state.shoe.position == position  # still in the shoe
    assert isinstance(club.events[-1], PuntoCardsHanded)
    assert not any(isinstance(e, CoupDealt) for e in club.events)


def test_the_punto_player_turns_them_over_and_the_coup_is_the_one_the_shoe_holds() -> None:
    club = handed(table())
    cards = club.face_down_cards()
    turned = club.turn_punto("bruno")  # names as the table knows them, case ignored
    assert turned == PuntoCardsTurned(1, "Bruno")
    dealt = next(e for e in club.events if isinstance(e, CoupDealt))
    assert (dealt.cards[0], dealt.cards[2]) == cards  # dealt Punto, Banco, Punto, Banco
    # The same coup as the dealer turning every card at a table without the turn.
    plain = handed(table(turn=None))
    assert plain.state.face_down is None
    assert next(e for e in plain.events if isinstance(e, CoupDealt)).cards == dealt.cards
    plain.settle()
    plain.finish_coup()
    assert club.state.phase is Phase.BETS_OPEN and club.state.coup == 2  # settled, next coup
    assert club.state.balances == plain.state.balances


def test_only_the_player_handed_punto_s_cards_turns_them_over() -> None:
    club = handed(table())
    with pytest.raises(IllegalActionError) as refused:
        club.turn_punto("Ana")
    assert refused.value.key == "table.error.turn.not_yours"
    assert refused.value.params == {"name": "Ana", "holder": "Bruno"}
    with pytest.raises(IllegalActionError) as waiting:
        club.deal()
    assert waiting.value.key == "table.error.turn.waiting"
    for action in (club.close_bets, lambda: club.pass_shoe("Ana"), lambda: club.leave("Bruno")):
        with pytest.raises(IllegalActionError):
            action()
    assert club.state.face_down == "Bruno"


def test_nothing_to_turn_over_when_no_card_is_face_down() -> None:
    club = table()
    with pytest.raises(IllegalActionError) as refused:
        club.turn_punto("Ana")
    assert refused.value.key == "table.error.phase.bets_open"
    club.bet("Ana", Outcome.BANCO, 2_000)  # nobody on Punto: the dealer keeps them
    club.close_bets()
    with pytest.raises(IllegalActionError) as none:
        club.turn_punto("Ana")
    assert none.value.key == "table.error.turn.none"
    club.deal()
    handed_to = next(e for e in club.events if isinstance(e, PuntoCardsHanded))
    assert handed_to.name is None and club.state.phase is Phase.DEALT


def test_the_dealer_turns_them_once_the_player_s_seconds_are_up() -> None:
    club = handed(table(turn=TURN))
    club.tick(100.0)  # the first tick that sees them starts the count
    club.tick(100.0 + TURN)  # the seconds are up, not their grace
    assert club.state.face_down == "Bruno"
    assert club.turn_left(100.0 + TURN) == 0.0 and club.turn_left(105.0) == TURN - 5
    club.tick(100.0 + TURN + GRACE)
    assert PuntoCardsTurned(1, None) in club.events
    assert club.state.face_down is None and club.state.coup == 2


def test_a_table_reopened_with_the_cards_face_down_keeps_them_with_their_player() -> None:
    club = handed(table())
    cards = club.face_down_cards()
    again = Table(club.events)
    assert again.state.face_down == "Bruno" and again.face_down_cards() == cards
    assert load_state(dump_state(club.state)) == club.state  # snapshots keep it too
    assert replay(club.events) == club.state
    again.turn_punto("Bruno")
    assert again.state.coup == 2


def test_the_shoe_s_holder_deals_once_bets_are_closed() -> None:
    club = table()
    assert club.state.holder == "Ana"  # the first seated holds the shoe
    club.bet("Ana", Outcome.BANCO, 2_000)
    with pytest.raises(IllegalActionError) as early:
        club.deal("Ana")  # "rien ne va plus" is the croupier's
    assert early.value.key == "table.error.phase.bets_open"
    club.close_bets()
    with pytest.raises(IllegalActionError) as other:
        club.deal("Bruno")
    assert other.value.key == "table.error.not_holder"
    assert other.value.params == {"name": "Bruno", "holder": "Ana"}
    assert club.deal("Ana") is not None and club.state.phase is Phase.DEALT


def test_a_holder_who_declines_passes_the_shoe_to_the_next_seat() -> None:
    club = table()
    passed = club.pass_shoe("Ana")
    assert passed == ShoePassed(1, "Ana", "Bruno") and club.state.holder == "Bruno"
    with pytest.raises(IllegalActionError) as refused:
        club.pass_shoe("Ana")
    assert refused.value.key == "table.error.not_holder"
    club.pass_shoe("Bruno")
    club.pass_shoe("Chloé")  # round the table: back to the first seat
    assert club.state.holder == "Ana"
    club.bet("Ana", Outcome.BANCO, 2_000)
    club.close_bets()
    club.pass_shoe("Ana")  # after "rien ne va plus" too, before the cards come out
    assert club.state.holder == "Bruno"
    club.deal("Bruno")
    with pytest.raises(IllegalActionError):
        club.pass_shoe("Bruno")  # dealt: too late


def test_a_player_alone_has_nobody_to_pass_the_shoe_to() -> None:
    club = table(players=("Ana",))
    with pytest.raises(IllegalActionError) as refused:
        club.pass_shoe("Ana")
    assert refused.value.key == "table.error.pass_alone"
    assert t(refused.value.key, "fr", **refused.value.params) == (
        "Ana est seul à la table\u00a0: il n’y a personne à qui passer le sabot."
    )


def test_the_shoe_still_passes_on_a_punto_win_after_a_turn() -> None:
    for seed in range(40):
        config = TableConfig.casino(seed=seed, turn_seconds=TURN)
        club = Table.open("club", config, players=[("Ana", 10**6), ("Bruno", 10**6)])
        club.bet("Bruno", Outcome.PUNTO, 2_000)
        club.close_bets()
        club.deal("Ana")
        club.turn_punto("Bruno")
        if club.state.last is not None and club.state.last.coup == 1:
            won = club.state.shoe_coups[-1].outcome is Outcome.PUNTO
            assert (ShoeHolderChanged("Bruno") in club.events) == won
            if won:
                return
    raise AssertionError("no Punto win in 40 seeds")


def test_no_shoe_holder_and_no_turn_at_the_virtual_croupier() -> None:
    with pytest.raises(InvalidBetError) as refused:
        TableConfig.casino(croupier=True, turn_seconds=TURN)
    assert str(refused.value.params["name"]) == "turn_seconds"
    for wrong in (0, -1, 301, True, 2.5):
        with pytest.raises(InvalidBetError):
            TableConfig.casino(turn_seconds=wrong)
    croupier = Table.open(
        "online", TableConfig.casino(croupier=True, seed=1), players=[("Ana", 10**6)]
    )
    with pytest.raises(IllegalActionError) as none:
        croupier.pass_shoe("Ana")
    assert none.value.key == "table.error.no_shoe_holder"


def test_through_the_engine_each_player_turns_and_passes_for_themselves_only() -> None:
    engine = Engine()
    engine.open(
        "club",
        "casino",
        settings={"seed": SEED, "turn_seconds": TURN},
        players=[("Ana", 10**6), ("Bruno", 10**6)],
    )
    ana, bruno = Viewer.player("Ana"), Viewer.player("Bruno")
    for command, by, key in (
        (PassShoe("Ana"), bruno, "engine.error.not_allowed"),
        (PassShoe("Ana"), Viewer.HOST, "engine.error.player_only"),  # the shoe is Ana's
        (Deal(), ana, "engine.error.not_allowed"),  # a player deals as the holder, by name
    ):
        with pytest.raises(IllegalActionError) as refused:
            engine.do("club", command, by)
        assert refused.value.key == key
    engine.do("club", PassShoe("Ana"), ana)
    engine.do("club", Bet("Bruno", Outcome.PUNTO, 2_000), bruno)
    engine.do("club", CloseBets())
    assert {"type": "Deal"} in engine.commands("club", bruno)
    assert {"type": "PassShoe"} in engine.commands("club", bruno)
    assert not any(c["type"] == "Deal" for c in engine.commands("club", ana))
    assert not any(c["type"] == "PassShoe" for c in engine.commands("club", ana))
    engine.do("club", Deal("Bruno"), bruno)
    assert engine.view("club", bruno)["me"]["punto_cards"] is not None
    assert engine.view("club", ana)["turn"] == {"name": "Bruno", "seconds": TURN}
    assert engine.view("club", ana)["me"]["punto_cards"] is None
    with pytest.raises(IllegalActionError):
        engine.do("club", TurnPunto("Bruno"), Viewer.HOST)  # the player's, not the house's
    assert {"type": "TurnPunto"} in engine.commands("club", bruno)
    done = engine.do("club", TurnPunto("Bruno"), bruno)
    kinds = [e["type"] for e in done.events]
    assert kinds[:2] == ["PuntoCardsTurned", "CoupDealt"] and kinds[-1] == "BetsOpened"


def logged(turned_after: float, by_dealer: bool = True) -> list[str]:
    """A stored table whose Punto cards were turned ``turned_after`` seconds after
    they were handed, as JSON lines (the hash chain recomputed, as a forger would)."""
    start = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)
    clock = [start]
    store = MemoryStore(clock=lambda: clock[0].isoformat(timespec="milliseconds"))
    engine = Engine(store, clock=lambda: (clock[0] - start).total_seconds())
    engine.open("club", "casino", settings={"seed": SEED, "turn_seconds": TURN})
    engine.do("club", Sit("Ana", 10**6))
    engine.do("club", Bet("Ana", Outcome.PUNTO, 2_000), Viewer.player("Ana"))
    engine.do("club", Deal())
    clock[0] += timedelta(seconds=turned_after)
    if by_dealer:  # the dealer, whatever the time: a log only a forger could write
        machine = engine.machine("club")
        before = machine.event_count
        machine.dealer_turns()
        store.append("club", before, machine.events_since(before))
    else:
        engine.do("club", TurnPunto("Ana"), Viewer.player("Ana"))
    lines = [json.loads(record_line(r)) for r in store.load("club")]
    links = hashes((x["table"], x["seq"], x["time"], x["event"]) for x in lines)
    return [
        json.dumps({**x, "prev": p, "hash": h}, ensure_ascii=False)
        for x, (p, h) in zip(lines, links, strict=True)
    ]


def test_an_imported_log_shows_the_turns_and_refuses_a_dealer_who_turned_early() -> None:
    assert import_lines(MemoryStore(), logged(TURN + 1))  # the dealer in time
    assert import_lines(MemoryStore(), logged(2, by_dealer=False))  # the player at once
    with pytest.raises(StoreError) as refused:
        import_lines(MemoryStore(), logged(TURN - 5))
    assert refused.value.key == "import.error.turned_early"
    assert refused.value.params["seconds"] == TURN


def test_a_forged_turn_by_another_player_is_refused_on_import() -> None:
    lines = [json.loads(line) for line in logged(2, by_dealer=False)]
    turned = next(x for x in lines if x["event"]["type"] == "PuntoCardsTurned")
    turned["event"]["name"] = "Bruno"
    links = hashes((x["table"], x["seq"], x["time"], x["event"]) for x in lines)
    chained = [
        json.dumps({**x, "prev": p, "hash": h}) for x, (p, h) in zip(lines, links, strict=True)
    ]
    with pytest.raises(PuntoBancoError):
        import_lines(MemoryStore(), chained)
