"""Paytables and side bets at the tables: offered as settings, limited per side bet,
settled by the paytable records, exactly, for every kind of coup."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco import CasinoTable, CroupierTable, Session
from puntobanco.cards import Card
from puntobanco.coup import Outcome, deal, resolve
from puntobanco.engine import Bet, Contributor, Deal, Engine, Viewer, command_of, error_json
from puntobanco.errors import IllegalActionError, InvalidBetError, PuntoBancoError, StoreError
from puntobanco.paytable import PAYTABLES, SIDE_BETS, Facts, box_key
from puntobanco.shoe import fresh_order
from puntobanco.store import MemoryStore
from puntobanco.store.jsonl import export_lines, import_lines
from puntobanco.table.config import SideLimit, TableConfig
from puntobanco.table.events import BetCollected, BetPaid, BetPlaced, BetReturned, CoupDealt
from puntobanco.table.machine import Table

BANKROLL = 10_000_000
ALL_SIDE_BETS = tuple(SIDE_BETS)

# -- every kind of coup ----------------------------------------------------------------

#: A rank of each point value (10 for 0) and a second rank of value 0.
RANK = {0: "10", 1: "A", **{v: str(v) for v in range(2, 10)}}


def _two_cards(total: int, pair: bool) -> tuple[str, str] | None:
    """Two ranks with that two-card total, a pair of one rank or two different ranks."""
    if pair:
        for v in range(10):
            if (2 * v) % 10 == total:
                return RANK[v], RANK[v]
        return None
    if total == 0:
        return "10", "K"  # value 0, different ranks
    first = 1 if total != 2 else 3  # (1, 1) would be a pair
    second = (total - first) % 10
    return RANK[first], RANK[second]


@cache
def coup_kinds() -> dict[Facts, tuple[Card, ...]]:
    """One coup of every kind a paytable can tell apart: every reachable combination
    of the two totals, the hands' numbers of cards and their pairs.

    The drawing rules read only the totals, so the two-card totals with and
    without a pair, and every value of the third cards, reach every kind.
    """
    kinds: dict[Facts, tuple[Card, ...]] = {}
    for pt, bt, ppair, bpair in product(range(10), range(10), (False, True), (False, True)):
        punto, banco = _two_cards(pt, ppair), _two_cards(bt, bpair)
        if punto is None or banco is None:
            continue
        suits = iter("HDCSHDCS")
        first = [f"{punto[0]}H", f"{banco[0]}D", f"{punto[1]}C", f"{banco[1]}S"]
        for x, y in product(range(10), range(10)):
            text = [*first, f"{RANK[x]}{next(suits, 'H')}", f"{RANK[y]}H"]
            cards = tuple(Card.parse(c) for c in text)
            coup = deal(iter(cards).__next__)
            kinds.setdefault(Facts.of(coup), coup.cards)
        del suits
    return kinds


def test_the_kinds_of_coup_are_every_reachable_combination() -> None:
    kinds = coup_kinds()
    for facts, cards in kinds.items():
        assert Facts.of(resolve(cards)) == facts
    # Both hands: naturals, three-card hands, pairs; every total; all four pair cases.
    assert {(f.punto_cards, f.banco_cards) for f in kinds} == {(2, 2), (2, 3), (3, 2), (3, 3)}
    assert {f.punto_total for f in kinds} == set(range(10)) == {f.banco_total for f in kinds}
    assert {(f.punto_pair, f.banco_pair) for f in kinds} == set(product((False, True), repeat=2))
    assert {f.winner for f in kinds} == set(Outcome)
    assert len(kinds) > 500


# -- the price of each bet, as the rules are written (not read from the records) -------


def expected_price(paytable: str, box: str, f: Facts) -> Fraction:
    """Profit per unit staked, from the written rules of each paytable and side bet."""
    won = f.winner
    tie = won is Outcome.EGALITE

    def hand(side: str) -> tuple[int, int, bool]:
        if side == "punto":
            return f.punto_total, f.punto_cards, f.punto_pair
        return f.banco_total, f.banco_cards, f.banco_pair

    if box == "punto":
        return Fraction(1) if won is Outcome.PUNTO else Fraction(0 if tie else -1)
    if box == "banco":
        if tie:
            return Fraction(0)
        if won is not Outcome.BANCO:
            return Fraction(-1)
        return {
            "standard": Fraction(19, 20),
            "tie-nine": Fraction(19, 20),
            "commission-4": Fraction(96, 100),
            "no-commission": Fraction(1, 2) if f.banco_total == 6 else Fraction(1),
            "ez": Fraction(0) if (f.banco_total, f.banco_cards) == (7, 3) else Fraction(1),
        }[paytable]
    if box == "egalite":
        return Fraction(9 if paytable == "tie-nine" else 8) if tie else Fraction(-1)
    if box == "dragon_7":
        return Fraction(40 if won is Outcome.BANCO and hand("banco")[:2] == (7, 3) else -1)
    if box == "panda_8":
        return Fraction(25 if won is Outcome.PUNTO and hand("punto")[:2] == (8, 3) else -1)
    if box in ("punto_pair", "banco_pair"):
        return Fraction(11 if hand(box.removesuffix("_pair"))[2] else -1)
    side = box.removeprefix("dragon_bonus_")
    total, cards, _ = hand(side)
    other = hand("banco" if side == "punto" else "punto")[0]
    natural = cards == 2 and total >= 8
    if natural and total > other:
        return Fraction(1)
    if natural and tie:
        return Fraction(0)
    by = total - other
    return Fraction({9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}.get(by, -1))


class StackedTable(Table):
    """A table whose shoe ``n`` holds coup ``n`` of a list, then the rest of the decks."""

    coups: tuple[tuple[Card, ...], ...] = ()

    def _shuffled_order(self, number: int) -> list[Card]:
        cards = list(self.coups[(number - 1) % len(self.coups)])
        rest = fresh_order(self.config.decks)
        for card in cards:
            rest.remove(card)
        return cards + rest


def stacked(config: TableConfig, coups: tuple[tuple[Card, ...], ...]) -> StackedTable:
    table = StackedTable()
    table.coups = coups
    table.start("club", config, [("Ana", BANKROLL), ("Bruno", BANKROLL)])
    return table


@pytest.mark.parametrize("name", sorted(PAYTABLES))
def test_every_bet_settles_at_the_price_of_its_rules_for_every_kind_of_coup(name: str) -> None:
    kinds = coup_kinds()
    config = TableConfig(
        TableConfig.casino().format,
        paytable=name,
        side_bets=ALL_SIDE_BETS,
        burn=False,
        cut_card=None,
        reshuffle=True,  # a new shoe, so the next kind of coup, for every coup
        seed=1,
    )
    offered = config.offered_side_bets
    assert set(ALL_SIDE_BETS) <= set(offered)
    assert ("dragon_7" in offered) is (name == "ez") is ("panda_8" in offered)
    table = stacked(config, tuple(kinds.values()))
    stake = 1_234  # not a multiple of 20 or 25: wins are rounded down to the cent
    seen: set[tuple[str, Fraction]] = set()
    for facts in kinds:
        ana = ["banco", "egalite", *offered]
        for box in ana:
            table.bet("Ana", box, stake)
        table.bet("Bruno", "punto", stake)
        start = len(table.events)
        table.play_coup()
        events = table.events[start:]
        dealt = next(e for e in events if isinstance(e, CoupDealt))
        assert Facts.of(resolve(dealt.cards)) == facts
        settled = {
            (e.name, box_key(e.box)): e
            for e in events
            if isinstance(e, BetCollected | BetReturned | BetPaid)
        }
        assert len(settled) == len(ana) + 1
        for who, box in [("Bruno", "punto"), *(("Ana", b) for b in ana)]:
            price = expected_price(name, box, facts)
            assert price == config.paytable_data.wager(box).price(facts)
            event = settled[(who, box)]
            exact = stake * price
            if price < 0:
                assert isinstance(event, BetCollected) and event.stake == stake
            elif price == 0:
                assert isinstance(event, BetReturned) and event.stake == stake
            else:
                assert isinstance(event, BetPaid)
                assert event.win == int(exact) and event.win + event.kept == exact
                assert 0 <= event.kept < 1
            seen.add((box, price))
        state = table.state
        assert state.brought == state.taken + sum(state.balances.values()) + state.house
    # Every line of every record was reached: each price each bet can pay.
    for wager in config.paytable_data.wagers:
        prices = {line.pays for line in wager.lines} | {Fraction(-1)}
        assert {p for b, p in seen if b == wager.key} == prices, wager.key


# -- settings ----------------------------------------------------------------------------


def test_side_bets_are_settings_read_once_into_keys_and_limits() -> None:
    config = TableConfig.casino(
        paytable="ez",
        side_bets=["pairs", "Dragon_Bonus_Banco", "punto_pair"],
        side_limits={"banco_pair": (100, 2_000), "dragon_7": [200, 1_000]},
    )
    assert config.side_bets == ("punto_pair", "banco_pair", "dragon_bonus_banco")
    assert config.offered_side_bets == (
        "dragon_7",
        "panda_8",
        "punto_pair",
        "banco_pair",
        "dragon_bonus_banco",
    )
    assert config.side_limits == (
        SideLimit("dragon_7", 200, 1_000),
        SideLimit("banco_pair", 100, 2_000),
    )
    assert config.limits("banco_pair") == (100, 2_000)
    assert config.limits("punto_pair") == (config.tie_minimum, config.tie_maximum)  # the default
    assert config.limits(Outcome.BANCO) == (config.minimum, config.maximum)
    same = TableConfig.casino(
        paytable="ez",
        side_bets=("punto_pair", "banco_pair", "dragon_bonus_banco"),
        side_limits=(SideLimit("banco_pair", 100, 2_000), SideLimit("dragon_7", 200, 1_000)),
    )
    assert same == config


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"side_bets": ["super_6"]}, "error.bet.side_bet"),
        ({"side_bets": ["dragon_7"]}, "error.bet.side_bet"),  # EZ's, not a side bet of its own
        ({"side_bets": "pairs"}, "table.error.side_bets"),
        ({"side_bets": [7]}, "table.error.side_bets"),
        ({"side_limits": {"punto_pair": (100, 200)}}, "table.error.side_limit_box"),
        ({"side_bets": ["pairs"], "side_limits": {"punto_pair": (300, 200)}}, "table.error.limits"),
        ({"side_bets": ["pairs"], "side_limits": {"punto_pair": (0, 200)}}, "table.error.bound"),
        ({"side_bets": ["pairs"], "side_limits": {"punto_pair": (1, 10**13)}}, "table.error.bound"),
        ({"side_bets": ["pairs"], "side_limits": {"punto_pair": (1.5, 2)}}, "table.error.bound"),
        ({"side_bets": ["pairs"], "side_limits": {"punto_pair": 100}}, "table.error.side_limits"),
        ({"side_bets": ["pairs"], "side_limits": "punto_pair"}, "table.error.side_limits"),
    ],
)
def test_bad_side_bet_settings_are_refused_with_a_sentence(
    settings: dict[str, object], key: str
) -> None:
    engine = Engine()
    with pytest.raises(InvalidBetError) as error:
        engine.open("club", "casino", settings=settings)
    assert error.value.key == key
    for lang in ("en", "fr", "es"):
        message = error_json(error.value, lang)["message"]
        assert message and "{" not in message
    assert engine.tables() == []


@pytest.mark.parametrize("fmt", ["session", "assist"])
def test_a_session_plays_no_side_bets(fmt: str) -> None:
    engine = Engine()
    for refused in ({"side_bets": ["pairs"]}, {"side_limits": {"punto_pair": (1, 2)}}):
        with pytest.raises(InvalidBetError) as error:
            engine.open("s", fmt, settings=refused, players=["Ana", "Bruno"])
        assert error.value.key == "table.error.session_side_bets"
        assert "side bets" in error_json(error.value, "en")["message"]
    # Even an EZ session: its participants predict Punto, Banco or Égalité only.
    engine.open("s", fmt, settings={"paytable": "ez"}, players=["Ana", "Bruno"])
    Contributor().run(engine, "s")  # the first shoe, shuffled with their contributions
    with pytest.raises(InvalidBetError) as error:
        engine.do("s", Bet("Ana", "dragon_7"), by=Viewer.player("Ana"))
    assert error.value.key == "table.error.session_box"
    if fmt == "session":
        s = Session(["Ana", "Bruno"], db=None)
        with pytest.raises(InvalidBetError):
            s.predict("Ana", "punto_pair")


# -- bets: limits and refusals ----------------------------------------------------------


def casino(**settings: object) -> Engine:
    engine = Engine()
    engine.open("club", "casino", settings={"seed": 5, **settings}, players=[("Ana", 100_000)])
    return engine


def bet(engine: Engine, box: str, stake: object) -> None:
    engine.do("club", Bet("Ana", box, stake), by=Viewer.player("Ana"))  # type: ignore[arg-type]


def test_each_side_bet_has_its_own_limits() -> None:
    engine = casino(
        side_bets=["pairs", "dragon-bonus"],
        side_limits={"punto_pair": (100, 1_000), "dragon_bonus_banco": (2_000, 4_000)},
        tie_minimum=300,
        tie_maximum=3_000,
    )
    limits = {
        s["box"]: (s["minimum"], s["maximum"]) for s in engine.view("club")["config"]["side_bets"]
    }
    assert limits == {
        "punto_pair": (100, 1_000),
        "banco_pair": (300, 3_000),  # no limits of its own: Égalité's
        "dragon_bonus_punto": (300, 3_000),
        "dragon_bonus_banco": (2_000, 4_000),
    }
    for box, (low, high) in limits.items():
        with pytest.raises(InvalidBetError) as error:
            bet(engine, box, low - 1)
        assert error.value.key == "table.error.below_minimum"
        with pytest.raises(InvalidBetError) as error:
            bet(engine, box, high + 1)
        assert error.value.key == "table.error.above_maximum"
        bet(engine, box, low)
        bet(engine, box, high - low)  # adding to the box: its total within the limits
        with pytest.raises(InvalidBetError) as error:
            bet(engine, box, 1)
        assert error.value.key == "table.error.above_maximum"
    bets = engine.view("club", Viewer.player("Ana"))["me"]["bets"]
    assert bets == {box: high for box, (_, high) in limits.items()}


@pytest.mark.parametrize(
    ("settings", "box", "stake", "error", "key"),
    [
        ({}, "punto_pair", 1_000, InvalidBetError, "table.error.side_bet_not_offered"),
        ({}, "dragon_7", 1_000, InvalidBetError, "table.error.side_bet_not_offered"),
        (
            {"paytable": "ez"},
            "banco_pair",
            1_000,
            InvalidBetError,
            "table.error.side_bet_not_offered",
        ),
        (
            {"side_bets": ["pairs"]},
            "dragon_bonus_punto",
            1_000,
            InvalidBetError,
            "table.error.side_bet_not_offered",
        ),
        ({"side_bets": ["pairs"]}, "super_6", 1_000, InvalidBetError, "error.bet.box"),
        ({"side_bets": ["pairs"]}, "punto_pair", 0, InvalidBetError, "table.error.stake"),
        ({"side_bets": ["pairs"]}, "punto_pair", 2.5, InvalidBetError, "table.error.stake"),
        (
            {"side_bets": ["pairs"]},
            "punto_pair",
            None,
            InvalidBetError,
            "table.error.stake_missing",
        ),
        ({"side_bets": ["pairs"]}, "punto_pair", 400, InvalidBetError, "table.error.below_minimum"),
        (
            {"side_bets": ["pairs"]},
            "punto_pair",
            60_000,
            InvalidBetError,
            "table.error.above_maximum",
        ),
        (
            {"side_bets": ["pairs"], "tie_maximum": 500_000},
            "punto_pair",
            200_000,
            InvalidBetError,
            "table.error.above_bankroll",
        ),
        ({"paytable": "ez"}, "panda_8", 400, InvalidBetError, "table.error.below_minimum"),
    ],
)
def test_the_refusal_matrix_of_side_bets(
    settings: dict[str, object], box: str, stake: object, error: type[PuntoBancoError], key: str
) -> None:
    engine = casino(**settings)
    before = engine.view("club", Viewer.HOST)
    with pytest.raises(error) as raised:
        bet(engine, box, stake)
    assert raised.value.key == key
    for lang in ("en", "fr", "es"):
        assert "{" not in error_json(raised.value, lang)["message"]
    assert engine.view("club", Viewer.HOST) == before


def test_side_bets_are_refused_once_bets_close_and_may_be_withdrawn_before() -> None:
    engine = casino(side_bets=["pairs"])
    bet(engine, "punto_pair", 1_000)
    engine.do(
        "club",
        command_of({"type": "Withdraw", "box": "punto_pair"}, Viewer.player("Ana")),
        by=Viewer.player("Ana"),
    )
    assert engine.view("club", Viewer.player("Ana"))["me"]["bets"] == {}
    bet(engine, "punto_pair", 1_000)
    engine.do("club", command_of({"type": "CloseBets"}, Viewer.HOST))
    with pytest.raises(IllegalActionError):
        bet(engine, "banco_pair", 1_000)


def test_a_side_bet_alone_is_a_bet_and_its_net_shows_in_the_view() -> None:
    engine = casino(side_bets=["pairs"], paytable="ez")
    offered = [
        c["box"]
        for c in engine.view("club", Viewer.player("Ana"))["commands"]
        if c["type"] == "Bet"
    ]
    assert offered == [
        "punto",
        "banco",
        "egalite",
        "dragon_7",
        "panda_8",
        "punto_pair",
        "banco_pair",
    ]
    bet(engine, "banco_pair", 1_000)
    engine.do("club", Deal())
    last = engine.view("club", Viewer.player("Ana"))["last"]
    pair = resolve([Card.parse(c) for c in last["cards"]]).banco.pair
    net = 11_000 if pair else -1_000
    assert last["settlements"] == [{"player": "Ana", "box": "banco_pair", "net": net}]
    assert last["nets"] == {"Ana": 11_000 if pair else -1_000}


# -- the facades, history, export and import --------------------------------------------


def side_bet_table(store: MemoryStore | str, coups: int = 12) -> CasinoTable:
    table = CasinoTable(
        db=store,
        table="club",
        seed=11,
        paytable="ez",
        side_bets=("pairs", "dragon-bonus"),
        side_limits={"punto_pair": (100, 10_000)},
    )
    table.sit("Ana", 1_000_000)
    table.sit("Bruno", 1_000_000)
    for _ in range(coups):
        table.bet("Ana", "banco", 2_000)
        table.bet("Ana", "dragon_7", 500)
        table.bet("Ana", "punto_pair", 100)
        table.bet("Bruno", "punto", 1_010)
        table.bet("Bruno", "panda_8", 500)
        table.bet("Bruno", "dragon_bonus_punto", 700)
        table.deal()
    return table


def test_history_lists_the_side_bets_and_their_nets() -> None:
    from puntobanco.table.history import coup_records

    store = MemoryStore()
    side_bet_table(store).close()
    records = coup_records((r.event, r.time) for r in store.load("club"))
    assert len(records) == 12
    for record in records:
        data = record.to_json()
        boxes = {(b["player"], b["box"]) for b in data["bets"]}
        assert ("Ana", "punto_pair") in boxes and ("Bruno", "dragon_bonus_punto") in boxes
        facts = Facts.of(resolve(record.cards))
        for s in data["settlements"]:
            stake = next(
                b["stake"]
                for b in data["bets"]
                if (b["player"], b["box"]) == (s["player"], s["box"])
            )
            assert s["net"] == int(stake * expected_price("ez", s["box"], facts))


def test_export_then_import_with_side_bets_and_a_tampered_side_bet_payout_is_refused() -> None:
    store = MemoryStore()
    side_bet_table(store, 30).close()
    records = store.load("club")
    lines = export_lines(records)
    again = MemoryStore()
    assert import_lines(again, lines) == [("club", len(records), 30)]
    assert [r.event for r in again.load("club")] == [r.event for r in records]
    # A side bet's payout changed (the chain recomputed, as a forger would): refused.
    from puntobanco.store.chain import hashes

    data = [json.loads(line) for line in lines]
    index = next(
        i
        for i, d in enumerate(data)
        if d["event"]["type"] == "BetPaid"
        and d["event"]["box"] in ALL_SIDE_BETS + ("dragon_7", "panda_8")
    )
    data[index]["event"]["win"] += 100
    links = hashes((d["table"], d["seq"], d["time"], d["event"]) for d in data)
    forged = [
        json.dumps({**d, "prev": p, "hash": h}, ensure_ascii=False)
        for d, (p, h) in zip(data, links, strict=True)
    ]
    with pytest.raises(StoreError) as error:
        import_lines(MemoryStore(), forged)
    assert f"{data[index]['seq']}" in error.value.message("en")
    # A side bet the table does not offer, slipped into the log: refused too.
    placed = next(i for i, d in enumerate(data) if d["event"]["type"] == "BetPlaced")
    data = [json.loads(line) for line in lines]
    data[placed]["event"]["box"] = "banco_pair"
    data[placed]["event"]["name"] = "Ana"
    links = hashes((d["table"], d["seq"], d["time"], d["event"]) for d in data)
    forged = [
        json.dumps({**d, "prev": p, "hash": h}, ensure_ascii=False)
        for d, (p, h) in zip(data, links, strict=True)
    ]
    with pytest.raises(StoreError):
        import_lines(MemoryStore(), forged)


def test_a_croupier_table_offers_side_bets_too() -> None:
    clock = [0.0]
    table = CroupierTable(seed=2, db=None, side_bets=["dragon-bonus"], clock=lambda: clock[0])
    table.sit("Ana", 100_000)
    table.bet("Ana", "dragon_bonus_banco", 1_000)
    table.tick()  # the countdown starts
    clock[0] += 60
    table.tick()  # and has run out: the croupier deals
    placed = [e for e in table.events if isinstance(e, BetPlaced)]
    assert [box_key(e.box) for e in placed] == ["dragon_bonus_banco"]
    assert len(table.all_coups) == 1
    facts = Facts.of(table.all_coups[0])
    net = int(1_000 * expected_price("standard", "dragon_bonus_banco", facts))
    assert table.balances["Ana"] == 100_000 + net


# -- money is conserved --------------------------------------------------------------------

BOXES = ("punto", "banco", "egalite", "dragon_7", "panda_8", *ALL_SIDE_BETS)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rounds=st.lists(
        st.lists(
            st.tuples(
                st.sampled_from(("Ana", "Bruno")), st.sampled_from(BOXES), st.integers(1, 30_000)
            ),
            max_size=8,
        ),
        min_size=1,
        max_size=8,
    ),
)
def test_money_is_conserved_with_side_bets(
    seed: int, rounds: list[list[tuple[str, str, int]]]
) -> None:
    engine = Engine()
    engine.open(
        "club",
        "casino",
        settings={
            "seed": seed,
            "paytable": "ez",
            "side_bets": ["pairs", "dragon-bonus"],
            "minimum": 100,
            "tie_minimum": 100,
        },
        players=[("Ana", 60_000), ("Bruno", 60_000)],
    )
    for bets in rounds:
        for name, box, stake in bets:
            command = Bet(name, box, stake)
            if engine.can("club", command, Viewer.player(name)):
                engine.do("club", command, by=Viewer.player(name))
        if any(s["has_bet"] for s in engine.view("club")["players"]):
            engine.do("club", Deal())
        state = engine.state("club")
        assert state.brought == state.taken + sum(state.balances.values()) + state.house
        assert all(balance >= 0 for balance in state.balances.values())
        view = engine.view("club", Viewer.HOST)
        if view["last"] is not None:
            nets: dict[str, int] = {}
            for line in view["last"]["settlements"]:
                nets[line["player"]] = nets.get(line["player"], 0) + int(line["net"])
            assert nets == {n: int(v) for n, v in view["last"]["nets"].items() if n in nets}


# -- the terminal game -----------------------------------------------------------------------


def test_the_terminal_casino_shows_the_side_bets_and_bets_on_them_with_the_digit_keys() -> None:
    pytest.importorskip("textual")
    from textual.pilot import Pilot

    from puntobanco.tui.app import PuntoBancoApp
    from puntobanco.tui.games import TableCasino
    from tests.test_tui import drive, screen_text

    async def script(pilot: Pilot[None], app: PuntoBancoApp) -> None:
        await pilot.press("2", "enter", "1")
        game = app.game
        assert isinstance(game, TableCasino)
        text = screen_text(app)
        limits = f"{game.money(500)}-{game.money(50_000)}"  # the tie's limits
        for line in ("[1] Dragon 7", "[2] Panda 8", "[3] Paire Punto", "[4] Paire Banco"):
            assert f"{line}  {limits}" in text
        await pilot.press("3")  # a chip of 10.00 on the Punto pair
        assert game.table.bets(game.person) == {"punto_pair": 1_000}
        assert "Paire Punto" in screen_text(app)
        await pilot.press("enter", "a")
        facts = Facts.of(game.table.all_coups[-1])
        won = int(1_000 * expected_price("ez", "punto_pair", facts))
        assert game.table.balances[game.person] == game_bankroll + won

    from puntobanco.tui.games import BANKROLL as game_bankroll

    drive(PuntoBancoApp(lang="fr", seed=4, paytable="ez", side_bets=("pairs",)), script)


def test_play_refuses_an_unknown_side_bet_before_the_game_starts() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "puntobanco",
            "--lang",
            "fr",
            "play",
            "--no-store",
            "--side-bets",
            "lucky_6",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert (
        "erreur\u00a0: mise annexe inconnue «\u00a0lucky_6\u00a0»" in done.stderr
        and "Traceback" not in done.stderr
    )


def _leading_literal(text: str) -> object:
    """The Python value a comment starts with (``{'Ana': 1}: lost`` -> ``{'Ana': 1}``)."""
    import ast

    for end in range(len(text), 0, -1):
        try:
            return ast.literal_eval(text[:end].strip())
        except (SyntaxError, ValueError):
            continue
    raise AssertionError(f"no value in {text!r}")


def test_the_side_bets_example_of_docs_tables_md_says_what_it_does() -> None:
    import re
    from pathlib import Path

    page = (Path(__file__).parents[1] / "docs" / "tables.md").read_text(encoding="utf-8")
    section = page.split("## Paytables and side bets", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match is not None
    code = match.group(1)
    space: dict[str, object] = {}
    exec(compile(code, "docs/tables.md", "exec"), space)  # noqa: S102 - the page's own code
    # Every "expression  # value" line of the example holds.
    for line in code.splitlines():
        expression, _, said = line.partition("  # ")
        if said and not expression.lstrip().startswith(("t.bet", "t.sit", "coup =")):
            assert eval(expression, space) == _leading_literal(said), line  # noqa: S307
    assert "# ('dragon_7', 'panda_8', 'punto_pair', 'banco_pair', 'dragon_bonus_banco')" in code
    t = space["t"]
    assert t.config.offered_side_bets == (  # type: ignore[attr-defined]
        "dragon_7",
        "panda_8",
        "punto_pair",
        "banco_pair",
        "dragon_bonus_banco",
    )


def test_a_snapshot_keeps_the_side_bets_the_settings_and_the_last_coup() -> None:
    from puntobanco.table.snapshot import dump_state, load_state

    store = MemoryStore()
    table = side_bet_table(store, 3)
    table.bet("Ana", "punto_pair", 200)  # a side bet on the layout, bets open
    table.bet("Bruno", "dragon_bonus_punto", 900)
    state = table.state
    again = load_state(dump_state(state))
    assert again == state
    assert again.config.side_limits == (SideLimit("punto_pair", 100, 10_000),)
    assert again.players["Ana"].bets == {"punto_pair": 200}
    table.close()


def test_history_in_words_names_the_side_bets(tmp_path: Path) -> None:
    import subprocess
    import sys

    db = f"{tmp_path}/side.db"
    side_bet_table(db, 2).close()
    done = subprocess.run(
        [sys.executable, "-m", "puntobanco", "--lang", "fr", "history", "club", "--db", db],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Paire Punto 1.00" in done.stdout or "Paire Punto 1,00" in done.stdout
    assert "Dragon 7" in done.stdout and "Bonus Dragon Punto" in done.stdout
