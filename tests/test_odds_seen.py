"""The odds of the next coup from the cards seen: the figures of ``puntobanco odds
--remove``, pushes where a bet returns its stake, and one computation per composition."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from puntobanco.cards import parse_cards
from puntobanco.cli import main
from puntobanco.coup import Outcome
from puntobanco.odds import analyse, composition
from puntobanco.odds.digits import decimal
from puntobanco.odds.facts import analyse_table, rank_composition
from puntobanco.odds.seen import OddsCache, next_coup_odds
from puntobanco.paytable import configuration

SEEN = "7h 4s Kd 9c 2h Qs 6d 8c Ah 5s"


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["odds", "--json", *argv]) == 0
    return dict(json.loads(capsys.readouterr().out))


@pytest.mark.parametrize(
    ("decks", "paytable", "side"),
    [(6, "standard", ""), (8, "ez", "pairs"), (6, "no-commission", "dragon-bonus")],
)
def test_the_odds_of_the_cards_left_are_those_of_odds_remove(
    capsys: pytest.CaptureFixture[str], decks: int, paytable: str, side: str
) -> None:
    table = configuration(paytable, [s for s in side.split(",") if s])
    odds = next_coup_odds(decks, parse_cards(SEEN), table)
    args = ["--decks", str(decks), "--remove", SEEN, "--paytable", paytable]
    cli = cli_json(capsys, *args, *(["--side-bets", side] if side else []))
    assert odds.total == cli["total"]
    assert {b.key: decimal(b.probability) for b in odds.bets} == cli["probabilities"]
    assert {b.key: decimal(b.house_edge) for b in odds.bets} == cli["house_edge"]
    assert odds.cards == 52 * decks - 10


def test_punto_and_banco_push_on_a_tie_and_ez_banco_on_a_three_card_seven() -> None:
    seen = parse_cards(SEEN)
    standard = {b.key: b for b in next_coup_odds(6, seen, configuration("standard")).bets}
    tie = analyse(composition(6, seen)).probability(Outcome.EGALITE)
    assert standard["punto"].push == standard["banco"].push == tie
    assert standard["egalite"].push == 0
    ez = {b.key: b for b in next_coup_odds(6, seen, configuration("ez")).bets}
    assert ez["banco"].push == tie + ez["dragon_7"].probability  # Dragon 7 = the 3-card 7 win
    dragon = configuration("standard", ["dragon_bonus_banco"])
    analysis = analyse_table(rank_composition(6, seen), dragon)
    lines = analysis.by_line("dragon_bonus_banco")  # line 1: a natural tie pushes
    bonus = {b.key: b for b in next_coup_odds(6, seen, dragon).bets}["dragon_bonus_banco"]
    assert bonus.push == Fraction(lines[1], analysis.total) > 0


def test_a_composition_is_computed_once_and_peeking_computes_nothing() -> None:
    cache = OddsCache(size=2)
    table = configuration("standard")
    seen = parse_cards("9h 9s")
    key = cache.key(8, seen, table)
    assert cache.peek_key(key) is None and cache.computed == 0
    first = cache.get_key(key)
    # The same cards seen in another order, at another table: the same composition.
    assert cache.get_key(cache.key(8, parse_cards("9s 9h"), table)) is first
    assert cache.peek_key(key) is first and cache.computed == 1
    cache.get_key(cache.key(8, (), table))
    cache.get_key(cache.key(6, (), table))  # a third composition: the least recent one goes
    assert cache.peek_key(key) is None and cache.computed == 3


def test_too_few_cards_left_for_a_coup_give_no_odds() -> None:
    gone = [f"{r}{s}" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K") for s in "HDC"]
    seen = parse_cards(" ".join([*gone, "As", "Ks", "2s", "3s", "4s", "5s", "6s", "7s"]))
    odds = next_coup_odds(1, seen, configuration("standard"))
    assert odds.cards == 5 and odds.total == 0 and odds.bets == ()
