"""Counts through real shoes: every linear count bets exactly when its true count reaches
its trigger (a plain Python counter on the core's own shoe agrees coup for coup), and the
studies report what the runs dealt."""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest

from puntobanco.cli import main
from puntobanco.counts import DRAGON_7, PANDA_8, CountSystem, custom
from puntobanco.errors import ShoeExhaustedError
from puntobanco.paytable import Facts
from puntobanco.shoe import Shoe
from puntobanco.sim.results import Summary
from puntobanco.sim.runner import SCALE, SimConfig, run_chunk
from puntobanco.sim.strategies import count_strategy, parse_strategy
from puntobanco.sim.study import count_strategies, count_study, perfect_strategies


def counted_by_hand(config: SimConfig, system: CountSystem, trigger: int) -> tuple[int, Fraction]:
    """(bets, net) of ``system`` at ``trigger`` on shoe 0 of chunk 0, dealt by the core."""
    tags = system.value_tags
    assert tags is not None
    wager = config.table.wager(system.bet)
    shoe = Shoe(config.decks, seed=config.shoe_seed(0, 0), cut_card=config.cut_card)
    running = tags[shoe.burn().turned.point] if config.burn else 0
    bets, net = 0, Fraction(0)
    while not shoe.finished:
        bet = running * 52 >= trigger * (52 * config.decks - shoe.dealt)
        try:
            coup = shoe.deal_coup()
        except ShoeExhaustedError:
            break
        if bet:
            bets += 1
            net += wager.price(Facts.of(coup))
        running += sum(tags[c.point] for c in coup.cards)
    return bets, net


@pytest.mark.parametrize(
    ("system", "trigger", "paytable"),
    [
        (PANDA_8, 2, "ez"),
        (DRAGON_7, 3, "ez"),
        (custom("0,1,1,1,1,1,1,1,1,-2", bet="egalite"), 1, "tie-nine"),  # JSTAT's Ten count
    ],
)
def test_a_count_bets_exactly_when_its_true_count_reaches_the_trigger(
    system: CountSystem, trigger: int, paytable: str
) -> None:
    # Another count of the same bet in the same run: each keeps its own running count.
    tags = PANDA_8.written if system is not PANDA_8 else DRAGON_7.written
    other = count_strategy(custom(tags, bet=system.bet), 0)
    strategies = (other, count_strategy(system, trigger))
    config = SimConfig(coups=120, decks=8, seed=11, paytable=paytable, strategies=strategies)
    result = run_chunk(config, 0)
    net, bets, _, _ = result.results[0, -1].tolist()
    wanted_bets, wanted_net = counted_by_hand(config, system, trigger)
    assert bets == wanted_bets > 0
    assert Fraction(net, SCALE) == wanted_net


def test_a_published_count_is_a_strategy_by_its_name() -> None:
    assert parse_strategy("panda8-count:5") == count_strategy(PANDA_8, 5)
    assert parse_strategy("dragon7-count").arg == 4  # Jacobson's trigger
    with pytest.raises(Exception) as caught:
        parse_strategy("panda8-count")  # no published trigger
    assert getattr(caught.value, "key", "") == "error.sim.trigger"


def test_a_count_study_reports_what_the_run_dealt() -> None:
    strategies = count_strategies(DRAGON_7, range(2, 6))
    config = SimConfig(coups=20_000, decks=8, seed=3, paytable="ez", strategies=strategies)
    summary = Summary(config)
    summary.add(run_chunk(config, 0, digest=True))
    study = count_study(DRAGON_7, summary)
    assert [p.trigger for p in study.counted] == [2, 3, 4, 5]
    assert study.perfect.trigger is None and study.perfect.name == "perfect:dragon_7"
    assert study.best.per_shoe == max(p.per_shoe or -math.inf for p in study.counted)
    for p, totals in zip((*study.counted, study.perfect), summary.strategies, strict=True):
        assert p.bets == totals.bets and p.coups == summary.coups == 20_000
        assert p.frequency == p.bets / p.coups
        assert p.net == totals.net / SCALE and p.per_100 == 100 * p.net / p.coups
        shoes = sum(totals.shoe_net.values())
        assert p.shoes == shoes == summary.shoes
        assert p.per_shoe == pytest.approx(
            sum(v * n for v, n in totals.shoe_net.items()) / SCALE / shoes
        )
    counted = study.counted
    assert all(a.bets >= b.bets for a, b in zip(counted, counted[1:], strict=False))


def test_a_perfect_study_plays_every_bet_but_the_pairs() -> None:
    config = SimConfig(coups=10, paytable="ez", side_bets=("pairs", "naturals"))
    keys = [s.bet for s in perfect_strategies(config)]
    naturals = ["punto_natural_9", "banco_natural_9", "punto_natural_8", "banco_natural_8"]
    assert keys == ["punto", "banco", "egalite", "dragon_7", "panda_8", *naturals]
    assert all(s.limits.maximum == 1 for s in perfect_strategies(config))


def test_simulate_count_json_has_each_trigger_and_the_perfect_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--count", "panda8", "--paytable", "ez", "--coups", "5000"]
    code = main([*argv, "--seed", "2", "--triggers", "1:3", "--cut-card", "14", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["cut_card"] == 14 and data["count"]["tags"] == PANDA_8.written
    assert [r["trigger"] for r in data["triggers"]] == [1, 2, 3]
    assert data["perfect"]["name"] == "perfect:panda_8" and data["best_trigger"] in (1, 2, 3)
    assert all(r["coups"] == 5000 for r in data["triggers"])


def test_simulate_perfect_text_names_every_bet(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["--lang", "en", "simulate", "--perfect", "--paytable", "tie-nine", "--coups", "2000"]
    )
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("The perfect count of each bet")
    assert all(f"\n{name} " in out for name in ("Punto", "Banco", "Tie"))


@pytest.mark.parametrize(
    ("argv", "key"),
    [
        (["--count-tags", "0,0,0,-1,-1,-1,-1,2,2,0"], "error.sim.count_bet"),
        (["--count", "dragon7", "--strategy", "flat"], "error.sim.study_strategy"),
        (["--count", "dragon7", "--triggers", "1:x"], "error.sim.triggers"),
        (["--count", "dragon7", "--triggers", "0:60"], "error.sim.triggers"),
        (["--count-tags", "1,2", "--count-bet", "dragon_7"], "error.count.tags"),
    ],
)
def test_a_study_asked_wrongly_is_refused_in_words(
    argv: list[str], key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from puntobanco.i18n import t

    code = main(["--lang", "en", "simulate", "--paytable", "ez", "--coups", "100", *argv])
    err = capsys.readouterr().err
    assert code != 0 and t(key, "en", triggers="", most=50, tags="")[:25] in err


def test_simulate_perfect_plays_the_pairs_on_the_same_coups(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--perfect", "--side-bets", "pairs", "--coups", "4000", "--seed", "5"]
    code = main([*argv, "--cut-card", "14", "--json"])
    data = json.loads(capsys.readouterr().out)
    rows = {r["bet"]: r for r in data["perfect"]}
    assert code == 0 and list(rows) == ["punto", "banco", "egalite", "punto_pair", "banco_pair"]
    assert {r["coups"] for r in rows.values()} == {4000}
    assert {r["shoes"] for r in rows.values()} == {data["shoes"]}
    assert rows["punto_pair"]["bets"] == rows["banco_pair"]["bets"] > 0
