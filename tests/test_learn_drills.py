"""Every drill answered by rules written here, from the seeds and the published
sources, never imported from the package: ``puntobanco drill KIND --json`` puts
200 questions, this file answers them, ``--answers`` grades 100 %; then 20
answers are flipped and exactly those 20 are marked wrong, each with a why in
French, English and Spanish.

The rules below are typed from the sources, in forms of their own:
- card values and the units digit: seed 000 ("l'as vaut 1 ... bûches et les dix
  valent 0"; "seul est pris en considération le chiffre des unités");
- the tableau: seed 004 section 04 ("Sans huit ni neuf initial, Punto tire sur
  0–5 et reste sur 6–7. Si Punto reste, Banco tire sur 0–5 et reste sur 6–7."
  and its table 0–2 Toujours, 3 Tout sauf 8, 4 2–7, 5 4–7, 6 6–7, 7 Jamais),
  checked here against the hand transcription of seed 000 in tests/data/tableau.txt;
- the croupier's call: seed 000 ("le croupier annonce le point de BANCO, puis le
  point de PUNTO, et finalement les chances gagnantes");
- the payouts: seeds 000/001/004 (Punto 1:1, Banco 19 pour 20, Égalité 8 fois,
  Punto and Banco refunded on a tie), seed 002 (9:1), and the tables the README
  lists (no commission: Banco half on a 6; a 4 % commission; EZ: Banco even
  money, a push on a three-card 7; Dragon 7 40:1, Panda 8 25:1; pairs 11:1;
  Dragon Bonus), paid in whole cents rounded down (docs/tables.md);
- the counts' tags: Eliot Jacobson, "Co-Card Counting the Dragon and Panda Side
  Bets in EZ Baccarat" (888casino blog, 2014): tags for A, 2, ..., 9 and the
  ten-valued cards, Dragon 7 {0,0,0,-1,-1,-1,-1,2,2,0}, Panda 8 {1,1,-2,-2,-2,-1,-1,-2,4,1}.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from puntobanco.cli import main

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = 200
FLIPPED = 20
SEED = 2026

# -- the rules, typed from the seeds ------------------------------------------------


def value(code: str) -> int:
    """Seed 000: the ace 1, two to nine their number, ten and the court cards 0."""
    rank = code[:-1]
    if rank == "A":
        return 1
    if rank in ("10", "J", "Q", "K"):
        return 0
    return int(rank)


def point(codes: list[str]) -> int:
    """Seed 000: add the cards, keep the units digit."""
    return sum(value(c) for c in codes) % 10


#: Seed 004 section 04: Banco's two-card total -> the values of Punto's third card
#: against which Banco draws.
BANCO_DRAWS_AGAINST: dict[int, set[int]] = {
    0: set(range(10)),  # "0–2 Toujours"
    1: set(range(10)),
    2: set(range(10)),
    3: set(range(10)) - {8},  # "Tout sauf 8"
    4: set(range(2, 8)),  # "2–7"
    5: set(range(4, 8)),  # "4–7"
    6: {6, 7},  # "6–7"
    7: set(),  # "Jamais"
}


def punto_draws(total: int) -> bool:
    """Seed 004: "Punto tire sur 0–5 et reste sur 6–7"."""
    return total <= 5


def banco_draws(total: int, punto_third: int | None) -> bool:
    """Seed 004: after Punto stood, "Banco tire sur 0–5"; else the table."""
    if punto_third is None:
        return total <= 5
    return punto_third in BANCO_DRAWS_AGAINST[total]


def natural(*totals: int) -> bool:
    """Seed 004: "Si une des deux paires initiales totalise huit ou neuf, aucune main ne tire"."""
    return any(total >= 8 for total in totals)


def deal(cards: list[str]) -> tuple[list[str], list[str]]:
    """Punto's and Banco's hands from cards in the order they leave the shoe (P B P B)."""
    punto, banco = [cards[0], cards[2]], [cards[1], cards[3]]
    rest = iter(cards[4:])
    if not natural(point(punto), point(banco)):
        third = None
        if punto_draws(point(punto)):
            punto.append(next(rest))
            third = value(punto[2])
        if banco_draws(point(banco), third):
            banco.append(next(rest))
    assert next(rest, None) is None, cards  # a question's cards are exactly one coup
    return punto, banco


def winner(punto: list[str], banco: list[str]) -> str:
    p, b = point(punto), point(banco)
    return "punto" if p > b else "banco" if b > p else "egalite"


def test_the_typed_tableau_is_seed_000_s_as_transcribed_in_the_data_file() -> None:
    rows = {}
    for line in (ROOT / "tests" / "data" / "tableau.txt").read_text("utf-8").splitlines():
        words = line.split()
        if words and words[0].isdigit():
            rows[int(words[0])] = words[1:]
        elif words and words[0] == "PUNTO":
            punto = words[1:]
    for total, cells in rows.items():
        assert cells[:10] == ["T" if banco_draws(total, c) else "R" for c in range(10)]
        assert cells[10] == ("T" if banco_draws(total, None) else "R")
    assert punto == ["T" if punto_draws(n) else "R" if n < 8 else "A" for n in range(10)]


# -- the payouts ------------------------------------------------------------------

#: Profit per unit staked for each paytable's Banco when Banco wins with nothing special.
BANCO_PRICE = {
    "standard": Fraction(19, 20),  # seed 000: "19 pour 20"
    "tie-nine": Fraction(19, 20),
    "no-commission": Fraction(1),
    "commission-4": Fraction(96, 100),  # a 4 % commission
    "ez": Fraction(1),
}
TIE_PRICE = {"tie-nine": Fraction(9)}  # seed 002: "9:1 à certaines tables"; else 8 (seed 000)
LOST = Fraction(-1)
#: Dragon Bonus: a non-natural win by this many points pays this much.
BY_MARGIN = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def price(paytable: str, box: str, punto: list[str], banco: list[str]) -> Fraction:
    """What a unit staked on ``box`` nets: -1 lost, 0 returned, else the win."""
    won = winner(punto, banco)
    if box == "punto":
        return Fraction(1) if won == "punto" else Fraction(0) if won == "egalite" else Fraction(-1)
    if box == "banco":
        if won == "egalite":
            return Fraction(0)  # seed 001: "les autres récupèrent aussi leurs mises"
        if won != "banco":
            return Fraction(-1)
        if paytable == "no-commission" and point(banco) == 6:
            return Fraction(1, 2)
        if paytable == "ez" and point(banco) == 7 and len(banco) == 3:
            return Fraction(0)
        return BANCO_PRICE[paytable]
    if box == "egalite":
        return TIE_PRICE.get(paytable, Fraction(8)) if won == "egalite" else Fraction(-1)
    if box == "dragon_7":
        return Fraction(40) if won == "banco" and point(banco) == 7 and len(banco) == 3 else LOST
    if box == "panda_8":
        return Fraction(25) if won == "punto" and point(punto) == 8 and len(punto) == 3 else LOST
    if box in ("punto_pair", "banco_pair"):
        hand = punto if box == "punto_pair" else banco
        return Fraction(11) if hand[0][:-1] == hand[1][:-1] else Fraction(-1)
    assert box in ("dragon_bonus_punto", "dragon_bonus_banco"), box
    side = "punto" if box == "dragon_bonus_punto" else "banco"
    hand, other = (punto, banco) if side == "punto" else (banco, punto)
    if len(hand) == 2 and point(hand) >= 8:  # a natural
        return Fraction(1) if won == side else Fraction(0) if won == "egalite" else LOST
    if won != side:
        return Fraction(-1)
    return Fraction(BY_MARGIN.get(point(hand) - point(other), -1))


def net_cents(paytable: str, box: str, stake: int, cards: list[str]) -> int:
    """The net in cents: a win rounded down to the cent (docs/tables.md)."""
    punto, banco = deal(cards)
    return math.floor(stake * price(paytable, box, punto, banco))


# -- the counts -------------------------------------------------------------------

#: Jacobson's tags for A, 2, ..., 9 and the ten-valued cards (888casino blog, 2014).
TAGS = {
    "dragon7": (0, 0, 0, -1, -1, -1, -1, 2, 2, 0),
    "panda8": (1, 1, -2, -2, -2, -1, -1, -2, 4, 1),
}


def tag(system: str, code: str) -> int:
    v = value(code)
    return TAGS[system][9 if v == 0 else v - 1]


def count_answer(q: dict[str, object]) -> int:
    cards = q["cards"]
    assert isinstance(cards, list)
    running = sum(tag(str(q["system"]), c) for c in cards)
    if "ask" not in q:  # the running count
        return running
    assert q["ask"] == "true"
    running += int(str(q["running_before"]))
    left = int(str(q["cards_left"]))
    return math.floor(Fraction(running * 52, left))  # per deck left, rounded down


# -- the call -----------------------------------------------------------------------

WINNER_WORDS = {
    "fr": {"punto": "Punto gagne", "banco": "Banco gagne", "egalite": "égalité"},
    "es": {"punto": "gana Punto", "banco": "gana Banco", "egalite": "igualdad"},
    "en": {"punto": "Punto wins", "banco": "Banco wins", "egalite": "a tie"},
}


def call(cards: list[str], lang: str = "fr", *, backwards: bool = False) -> str:
    """Seed 000: Banco's point, then Punto's, then the winning chance."""
    punto, banco = deal(cards)
    won = WINNER_WORDS[lang][winner(punto, banco)]
    if backwards:
        return f"Punto {point(punto)}, Banco {point(banco)}: {won}"
    return f"Banco {point(banco)}, Punto {point(punto)}: {won}"


# -- answering each kind ------------------------------------------------------------


def third_card(q: dict[str, object]) -> str:
    punto, banco, third = q["punto"], q["banco"], q["punto_third"]
    assert isinstance(punto, list) and isinstance(banco, list)
    p, b = point(punto), point(banco)
    if natural(p, b):
        assert third is None
        return "stand"
    if q["hand"] == "punto":
        assert third is None
        return "draw" if punto_draws(p) else "stand"
    assert (third is not None) == punto_draws(p), q  # the third card is shown when Punto drew
    return "draw" if banco_draws(b, None if third is None else value(str(third))) else "stand"


def totals(q: dict[str, object]) -> int:
    cards = q["cards"]
    assert isinstance(cards, list) and 2 <= len(cards) <= 3
    return point(cards)


def winner_of(q: dict[str, object]) -> str:
    cards = q["cards"]
    assert isinstance(cards, list)
    return winner(*deal(cards))


def payout(q: dict[str, object]) -> str:
    cards = q["cards"]
    assert isinstance(cards, list)
    return str(net_cents(str(q["paytable"]), str(q["box"]), int(str(q["stake"])), cards))


def call_of(q: dict[str, object]) -> str:
    cards = q["cards"]
    assert isinstance(cards, list)
    return call(cards)


def dealer(q: dict[str, object]) -> list[str]:
    cards, bets = q["cards"], q["bets"]
    assert isinstance(cards, list) and isinstance(bets, list)
    paytable = str(q["paytable"])
    return [str(net_cents(paytable, b["box"], b["stake"], cards)) for b in bets]


def flipped(kind: str, q: dict[str, object], answer: object) -> object:
    """A wrong answer in place of ``answer``."""
    if kind == "third-card":
        return "stand" if answer == "draw" else "draw"
    if kind in ("totals", "count"):
        assert isinstance(answer, int)
        return (answer + 1) % 10 if kind == "totals" else answer + 1
    if kind == "winner":
        return "banco" if answer != "banco" else "punto"
    if kind == "payout":
        return str(int(str(answer)) + 1)
    if kind == "call":
        cards = q["cards"]
        assert isinstance(cards, list)
        return call(cards, backwards=True)
    assert isinstance(answer, list)
    return [str(int(answer[0]) - 1), *answer[1:]]


ANSWER: dict[str, Callable[[dict[str, object]], object]] = {
    "third-card": third_card,
    "totals": totals,
    "winner": winner_of,
    "payout": payout,
    "call": call_of,
    "count": count_answer,
    "dealer": dealer,
}
#: Each drill once, the count under both systems and for the true count.
DRILLS = [
    ("third-card", []),
    ("totals", []),
    ("winner", []),
    ("payout", []),
    ("payout", ["--paytable", "ez"]),
    ("call", []),
    ("count", ["--system", "dragon7"]),
    ("count", ["--system", "panda8"]),
    ("count", ["--system", "dragon7", "--true-count"]),
    ("dealer", []),
]
#: What a question of each kind holds, as the issue gives it (and no answer).
SHAPES = {
    "third-card": {"id", "punto", "banco", "punto_third", "hand"},
    "totals": {"id", "hand", "cards"},
    "winner": {"id", "cards"},
    "payout": {"id", "paytable", "box", "stake", "cards"},
    "call": {"id", "cards"},
    "count": {"id", "system", "cards"},
    "dealer": {"id", "paytable", "cards", "bets"},
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(list(argv)) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("kind", "options"), DRILLS, ids=[" ".join([k, *o]) for k, o in DRILLS])
def test_a_drill_answered_by_the_seeds_rules_scores_all_and_finds_each_flipped_answer(
    kind: str, options: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    drill = ["drill", kind, "--count", str(QUESTIONS), "--seed", str(SEED), *options]
    data = run(capsys, *drill, "--json")
    assert data["kind"] == kind and data["seed"] == SEED
    questions = data["questions"]
    assert isinstance(questions, list) and len(questions) == QUESTIONS
    extra = {"ask", "running_before", "cards_left"} if "--true-count" in options else set()
    shape = SHAPES[kind] | extra
    assert all(set(q) == shape for q in questions)
    answers = {q["id"]: ANSWER[kind](q) for q in questions}

    right = tmp_path / "right.json"
    right.write_text(json.dumps(answers), encoding="utf-8")
    graded = run(capsys, *drill, "--answers", str(right), "--json")
    assert graded["score"] == {"correct": QUESTIONS, "questions": QUESTIONS}
    results = graded["results"]
    assert isinstance(results, list)
    assert all(r["correct"] for r in results)
    if kind != "call":  # the call's expected answer is the croupier's words
        assert [r["expected"] for r in results] == list(answers.values())

    by_id = {q["id"]: q for q in questions}
    wrong = sorted(list(answers)[:: QUESTIONS // FLIPPED])
    assert len(wrong) == FLIPPED
    flips = {
        qid: (flipped(kind, by_id[qid], a) if qid in wrong else a) for qid, a in answers.items()
    }
    flipped_file = tmp_path / "flipped.json"
    flipped_file.write_text(json.dumps(flips), encoding="utf-8")
    whys: dict[str, dict[str, str]] = {}
    for lang in ("fr", "en", "es"):
        graded = run(capsys, "--lang", lang, *drill, "--answers", str(flipped_file), "--json")
        results = graded["results"]
        assert isinstance(results, list)
        assert sorted(r["id"] for r in results if not r["correct"]) == wrong
        assert graded["score"] == {"correct": QUESTIONS - FLIPPED, "questions": QUESTIONS}
        whys[lang] = {r["id"]: r["why"] for r in results if not r["correct"]}
    for qid in wrong:
        texts = [whys[lang][qid] for lang in ("fr", "en", "es")]
        assert all(len(text) > 10 for text in texts), texts
        assert len(set(texts)) == 3, texts  # three languages, not one copied
