"""A session dealt with physical cards is a table like the others: history and export show it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puntobanco.cli import main
from puntobanco.coup import resolve
from puntobanco.engine import Bet, CloseBets, Engine, NextCoup, PlaceCard, UndoCard, Viewer
from puntobanco.paytable import STANDARD
from puntobanco.shoe import Shoe

BOXES = ["banco", "punto", "egalite"]


def test_an_assisted_game_of_ten_deals_appears_in_history_with_the_right_nets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "assist.db"
    engine = Engine(db)
    engine.open("home", "assist", players=["Ana", "Bruno"])
    shoe = Shoe(8, seed=42)  # the host's physical shoe, shuffled by hand
    expected: list[dict[str, int]] = []
    scores = {"Ana": 0, "Bruno": 0}
    for deal in range(10):
        boxes = {"Ana": BOXES[deal % 3], "Bruno": BOXES[(deal + 1) % 3]}
        for name, box in boxes.items():
            engine.do("home", Bet(name, box), by=Viewer.player(name))
        engine.do("home", CloseBets())
        coup = shoe.deal_coup()
        engine.do("home", PlaceCard(coup.cards[0]))
        engine.do("home", UndoCard())  # a card put back, then placed again
        for card in coup.cards:
            engine.do("home", PlaceCard(card))
        engine.do("home", UndoCard())  # the last card taken back: the coup is unsettled
        engine.do("home", PlaceCard(coup.cards[-1]))
        engine.do("home", NextCoup())
        nets = {n: int(STANDARD.net(b, 20, resolve(coup.cards).outcome)) for n, b in boxes.items()}
        expected.append(nets)
        scores = {n: scores[n] + nets[n] for n in scores}
    assert engine.view("home")["phase"] == "ended"
    engine.shutdown()
    assert main(["history", "home", "--json", "--db", str(db)]) == 0
    coups = json.loads(capsys.readouterr().out)
    assert len(coups) == 10 and {c["format"] for c in coups} == {"assist"}
    got = [{s["player"]: int(s["net"]) for s in c["settlements"]} for c in coups]
    assert got == expected
    assert {k: int(v) for k, v in coups[-1]["balances_after"].items()} == scores
    assert main(["export", "home", "--jsonl", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    kinds = [json.loads(line)["event"]["type"] for line in lines]
    assert kinds.count("CardUndone") == kinds.count("CoupRetracted") == 10
