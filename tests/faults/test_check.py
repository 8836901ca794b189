"""The fault suite's check finds what it looks for: a log played in this process, its
answers kept, then spoiled one way at a time (an event added behind the answers, an
answer whose events are not in the log, a payout changed, a balance shown wrong)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.coup import Outcome
from puntobanco.store import MemoryStore
from puntobanco.table.events import BetCollected, BetPaid, BetPlaced, BetReturned
from puntobanco.web.app import create_app
from tests.faults.harness import (
    BANKROLL,
    Answers,
    Figures,
    Seat,
    balances_shown,
    check,
    settle,
    tableau,
)

SETTLED = (BetPaid, BetCollected, BetReturned)


def test_the_tableau_written_out_deals_as_the_rules_do() -> None:
    assert tableau(["8D", "6D", "QD", "6C"]) == (8, 2)  # Punto's natural
    assert tableau(["6H", "10S", "KC", "AC", "7H"]) == (6, 8)  # Punto stands, Banco draws
    # Punto draws a 2; Banco on 4 draws against a 2: the sixth card is Banco's.
    assert tableau(["AS", "2H", "2C", "2D", "2S", "5H"]) == (5, 9)
    with pytest.raises(AssertionError):
        tableau(["AS", "2H", "2C", "2D", "2S"])  # Banco's third card is missing
    assert settle("banco", 1001, 2, 8) == ("BetPaid", 950)  # 19/20, the cent rounded down
    assert settle("punto", 1000, 4, 4) == ("BetReturned", 0)
    assert settle("egalite", 1000, 4, 4) == ("BetPaid", 8000)


def played() -> tuple[MemoryStore, list[Seat], Answers, dict[str, tuple[int, int]]]:
    """Two players' bets and three coups through the API, every answer kept."""
    store = MemoryStore()
    answers = Answers()
    with TestClient(create_app(store=store)) as client:
        settings = {"seed": 4, "turn_seconds": None, "bankroll": BANKROLL}
        t = client.post("/api/tables", json={"format": "casino", "settings": settings}).json()
        seats = [Seat(t["table"], "", t["host_token"])]
        for name in ("Ana", "Bruno"):
            j = client.post(f"/api/tables/{t['table']}/players", json={"name": name}).json()
            client.cookies.clear()
            seats.append(Seat(t["table"], name, j["token"]))

        def send(seat: Seat, body: dict[str, Any]) -> None:
            r = client.post(
                f"/api/tables/{seat.table}/commands",
                json=body,
                headers={"Authorization": f"Bearer {seat.token}"},
            )
            answers.add((seat.table, seat.name, body["id"]), r.status_code, r.json())

        for n in range(3):
            send(seats[1], {"id": f"a{n}", "type": "Bet", "box": "banco", "stake": 1001 + n})
            send(seats[2], {"id": f"b{n}", "type": "Bet", "box": "egalite", "stake": 1000 + n})
            send(seats[0], {"id": f"d{n}", "type": "Deal"})
        send(seats[1], {"id": "late", "type": "Bet", "box": "punto", "stake": 5000})
        shown = balances_shown(str(client.base_url), seats, client=client)
    return store, seats, answers, shown


def test_a_log_played_as_answered_passes_the_check() -> None:
    store, seats, answers, shown = played()
    found = check(store, seats, answers, shown)
    assert found.problems == [] and (found.commands, found.coups) == (10, 3)


def test_a_bet_stored_twice_is_found() -> None:
    store, seats, answers, shown = played()
    table = seats[0].table
    store.append(table, len(store.load(table)), [BetPlaced("Bruno", Outcome.PUNTO, 5000)])
    store.append(table, len(store.load(table)), [BetPlaced("Ana", Outcome.PUNTO, 5000)])
    found = check(store, seats, answers, shown)
    assert found.duplicated == 2  # no answer owns them; one is Ana's stake twice
    assert found.balance_errors == 2  # both players' bets on the table, not shown


def test_an_acknowledged_command_missing_from_the_log_is_found() -> None:
    store, seats, answers, shown = played()
    key = (seats[0].table, "Ana", "late")
    status, body = answers.answers[key][-1]
    answers.add(key, status, {**body, "seq": body["seq"] + 1})
    assert check(store, seats, answers, shown).lost == 1


def test_a_payout_the_cards_do_not_give_and_a_balance_shown_wrong_are_found() -> None:
    store, seats, answers, shown = played()
    events = [r.event for r in store.load(seats[0].table)]
    # The shoe is not the same from one run to the next: the first bet settled, whether
    # it won, lost or came back, is made a win the cards do not give.
    at, first = next((n, e) for n, e in enumerate(events) if isinstance(e, SETTLED))
    events[at] = (
        replace(first, win=first.win + 1)
        if isinstance(first, BetPaid)
        else BetPaid(first.coup, first.name, first.box, first.stake, first.stake + 1, Fraction(0))
    )
    spoiled = MemoryStore()
    spoiled.append(seats[0].table, 0, events)
    found: Figures = check(spoiled, seats, answers, None)
    assert found.settlement_errors >= 1
    wrong = {**shown, "Ana": (shown["Ana"][0] + 1, shown["Ana"][1])}
    assert check(store, seats, answers, wrong).balance_errors == 1
