"""Betting systems: the compiled table against a plain Python player on the core's coups."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import pytest

from puntobanco.coup import Outcome
from puntobanco.errors import InvalidStrategyError
from puntobanco.odds import analyse
from puntobanco.paytable import STANDARD
from puntobanco.shoe import Shoe
from puntobanco.sim import engine
from puntobanco.sim.runner import SCALE, SimConfig, run_chunk
from puntobanco.sim.strategies import Limits, Strategy, parse_strategy

BOXES = list(Outcome)


@dataclass
class Player:
    """A plain transcription of the rules in ``puntobanco.sim.strategies``."""

    strategy: Strategy
    bank: Fraction = Fraction(0)
    level: int = 1
    wins: int = 0
    fib: list[int] = field(default_factory=lambda: [1, 1])
    line: list[int] = field(default_factory=lambda: [1, 2, 3, 4])
    ruined: bool = False
    bets: int = 0

    def __post_init__(self) -> None:
        self.bank = Fraction(self.strategy.limits.bankroll)

    def desired(self) -> int:
        name = self.strategy.name.split(":")[0]
        unit = self.strategy.limits.unit
        if name in ("martingale", "paroli", "dalembert"):
            return unit * self.level
        if name == "fibonacci":
            while len(self.fib) < self.level:
                self.fib.append(self.fib[-1] + self.fib[-2])
            return unit * self.fib[self.level - 1]
        if name == "1326":
            return unit * (1, 3, 2, 6)[self.wins]
        if name == "labouchere":
            return unit * (self.line[0] + self.line[-1] if len(self.line) > 1 else self.line[0])
        return unit

    def choose(self, history: list[Outcome], unseen: list[int]) -> tuple[Outcome, int] | None:
        if self.ruined:
            return None
        s = self.strategy
        name = s.name.split(":")[0]
        assert not isinstance(s.box, str)
        box = s.box
        decided = [o for o in history if o is not Outcome.EGALITE]
        if name == "follow":
            box = decided[-1] if decided else None
        elif name == "against-streak":
            k = s.arg
            tail = decided[-k:]
            box = None
            if len(tail) == k and len(set(tail)) == 1:
                box = Outcome.BANCO if tail[0] is Outcome.PUNTO else Outcome.PUNTO
        elif name == "count":
            odds = analyse(unseen)
            best = max(BOXES, key=lambda o: odds.expectation(o))
            box = best if odds.expectation(best) > 0 else None
        if box is None:
            return None
        stake = min(self.desired(), s.limits.maximum, int(self.bank))
        if stake < s.limits.minimum:
            self.ruined = True
            return None
        return box, stake

    def settle(self, box: Outcome, stake: int, outcome: Outcome) -> None:
        self.bets += 1
        net = STANDARD.net(box, stake, outcome)
        self.bank += net
        if outcome is Outcome.EGALITE and box is not Outcome.EGALITE:
            return
        won = outcome is box
        name = self.strategy.name.split(":")[0]
        limits = self.strategy.limits
        if name == "martingale":
            self.level = (
                1 if won else (self.level * 2 if self.desired() < limits.maximum else self.level)
            )
        elif name == "paroli":
            if won and self.wins + 1 < self.strategy.arg:
                self.wins += 1
                self.level *= 2
            else:
                self.wins, self.level = 0, 1
        elif name == "dalembert":
            if won:
                self.level = max(1, self.level - 1)
            elif self.desired() < limits.maximum:
                self.level += 1
        elif name == "fibonacci":
            if won:
                self.level = max(1, self.level - 2)
            elif self.desired() < limits.maximum:
                self.level += 1
        elif name == "1326":
            self.wins = (self.wins + 1) % 4 if won else 0
        elif name == "labouchere":
            if won:
                self.line = self.line[1:-1] or [1, 2, 3, 4]
            else:
                self.line.append(stake // limits.unit)


def play_core_shoe(seed: int, decks: int, strategy: Strategy) -> tuple[Fraction, int, bool, int]:
    """(net, bets, ruined, coups) of one shoe dealt by the core."""
    shoe = Shoe(decks, seed=seed, cut_card=16)
    player = Player(strategy)
    unseen = [0] * 10
    for card in shoe.order:
        unseen[card.point] += 1
    turned = shoe.burn().turned
    unseen[turned.point] -= 1
    history: list[Outcome] = []
    coups = 0
    while not shoe.finished:
        choice = player.choose(history, unseen)
        coup = shoe.deal_coup()
        coups += 1
        for card in coup.cards:
            unseen[card.point] -= 1
        if choice is not None:
            player.settle(*choice, coup.outcome)
        history.append(coup.outcome)
    return player.bank - strategy.limits.bankroll, player.bets, player.ruined, coups


NAMES = [
    "flat:punto",
    "flat:egalite",
    "martingale:banco",
    "paroli:punto",
    "dalembert:banco",
    "fibonacci:punto",
    "1326:banco",
    "labouchere:banco",
    "follow",
    "against-streak:2",
]


@pytest.mark.parametrize("limits", [Limits(), Limits(unit=2, minimum=2, maximum=16, bankroll=40)])
def test_each_system_plays_as_a_plain_python_player_on_the_cores_coups(limits: Limits) -> None:
    strategies = tuple(parse_strategy(n, limits) for n in NAMES)
    config = SimConfig(coups=800, decks=6, seed=11, chunk_coups=800, strategies=strategies)
    result = run_chunk(config, 0)
    complete = [j for j, row in enumerate(result.shoes.tolist()) if row[engine.S_COMPLETE]]
    assert len(complete) >= 8
    for j in complete:
        for i, s in enumerate(strategies):
            net, bets, ruined, _ = result.results[j, i].tolist()
            want = play_core_shoe(config.shoe_seed(0, j), 6, s)
            assert (Fraction(net, SCALE), bets, bool(ruined)) == want[:3], (s.name, j)


def test_the_counting_player_bets_only_on_a_positive_exact_edge() -> None:
    strategy = parse_strategy("count")
    config = SimConfig(coups=30, decks=1, seed=4, chunk_coups=30, strategies=(strategy,))
    result = run_chunk(config, 0)
    for j, row in enumerate(result.shoes.tolist()):
        if row[engine.S_COMPLETE]:
            net, bets, ruined, _ = result.results[j, 0].tolist()
            want = play_core_shoe(config.shoe_seed(0, j), 1, strategy)
            assert (Fraction(net, SCALE), bets, bool(ruined)) == want[:3]


def test_a_martingale_stops_doubling_at_the_table_maximum() -> None:
    limits = Limits(maximum=8, bankroll=10**6)
    strategy = parse_strategy("martingale:egalite", limits)
    config = SimConfig(coups=2000, decks=8, seed=1, chunk_coups=2000, strategies=(strategy,))
    result = run_chunk(config, 0)
    wagered = result.results[:, 0, engine.R_WAGERED].sum()
    bets = result.results[:, 0, engine.R_BETS].sum()
    assert bets > 0 and wagered <= 8 * bets and wagered > 6 * bets  # mostly at the maximum


@pytest.mark.parametrize("text", ["martingal", "flat:nobody", "follow:banco", "against-streak:x"])
def test_unknown_strategies_are_refused_with_the_list(text: str) -> None:
    with pytest.raises(InvalidStrategyError) as caught:
        parse_strategy(text)
    assert "martingale" in str(caught.value)


def test_table_limits_must_make_sense() -> None:
    with pytest.raises(InvalidStrategyError):
        Limits(minimum=10, maximum=5)
