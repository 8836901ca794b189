"""Drills on paying bets: one bet of a coup, and a dealer's round of several players' bets.

The net of a bet is the paytable's own (``Paytable.net``, the record every table
settles by), paid as a table in cents pays it (``in_minor_units``: a win rounded
down to the cent). Stakes are in cents. A question names its paytable; every
table here also offers the side bets a table may add (pairs, Dragon Bonus).
The box asked about is chosen with more weight on the bets that are easy to
get wrong: a commission, a push, a line that reads more than the winner.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import ClassVar, Final

from puntobanco.coup import Coup
from puntobanco.explain import announce, bet_name, outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.learn.hands import hands_text
from puntobanco.learn.question import number
from puntobanco.learn.shown import codes, money
from puntobanco.learn.source import CoupSource
from puntobanco.paytable import (
    PAYTABLES,
    SIDE_BETS,
    Facts,
    Line,
    Paytable,
    Wager,
    box_from_key,
    configuration,
    in_minor_units,
    paytable_order,
)

#: Stakes in cents: chips a table takes, and amounts whose 19/20 or 24/25 is no
#: whole number of cents (12.50, 10.10...), where the table's rounding shows.
STAKES: Final = (1000, 2000, 2500, 5000, 7500, 10000, 15000, 20000, 1500, 3000)
ODD_STAKES: Final = (1250, 3750, 6250, 1010, 2330, 4550, 1130, 8770)
SIDE_STAKES: Final = (500, 1000, 1500, 2000, 2500, 5000)
#: How likely a box is asked about: its own weight (Banco's commission is the
#: dealer's daily bread) times its line's (a line that reads more than the winner,
#: such as EZ's push or a Dragon 7, a commission, a push, a win, a loss).
BOX_WEIGHT: Final = {"banco": 5, "punto": 3, "egalite": 2}
SIDE_WEIGHT: Final = 1
LINE_SPECIAL: Final = 6
LINE_COMMISSION: Final = 3
LINE_PUSH: Final = 2
LINE_WIN: Final = 2
LINE_LOST: Final = 1
#: How often (in a hundred) a coup is asked about when no box of the three pays
#: it by a line that reads more than the winner (EZ's push, no commission's 6).
ORDINARY_PERCENT: Final = 50
#: A dealer's layout: 2 to 5 players at seats 1 to 14 (seed 002: "de 12 à 14 joueurs"),
#: a fifth of them with Égalité beside their bet (seed 001), a sixth with a side bet.
SEATS: Final = 14
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
BESIDE_PERCENT: Final = 20
#: At most this many bets on a layout (what a screen shows at once).
MAX_BETS: Final = 8
SIDE_PERCENT: Final = 15


@cache
def table_of(name: str) -> Paytable:
    """The paytable ``name`` with every side bet a table may add."""
    return configuration(name, tuple(SIDE_BETS))


def settled(paytable: str, box: str, stake: int, coup: Coup) -> int:
    """What a table in cents pays ``stake`` on ``box`` for ``coup``: the paytable's
    exact net, a win rounded down to the cent."""
    net = in_minor_units(table_of(paytable).net(box, stake, coup))
    assert isinstance(net, int), net  # a whole stake loses or pushes whole
    return net


def special(line: Line) -> bool:
    """Whether ``line`` reads more than the winner of the coup."""
    return not line.when.winner_only


def line_weight(line: Line | None) -> int:
    """How much a question is worth asking for the line that settles a bet."""
    if line is None:
        return LINE_LOST
    if special(line):
        return LINE_SPECIAL
    if line.pays.denominator != 1:
        return LINE_COMMISSION
    return LINE_PUSH if line.pays == 0 else LINE_WIN


def box_weight(wager: Wager, facts: Facts) -> int:
    """How likely a question is about ``wager`` for a coup with ``facts``."""
    return BOX_WEIGHT.get(wager.key, SIDE_WEIGHT) * line_weight(wager.line(facts))


def pick_stake(source: CoupSource, wager: Wager) -> int:
    """A stake for ``wager``: side bets and Égalité smaller; odd amounts where a
    commission makes the table round."""
    if wager.key not in ("punto", "banco"):
        return source.pick(SIDE_STAKES)
    commission = any(line.pays.denominator != 1 for line in wager.lines)
    if commission and source.chance(50):
        return source.pick(ODD_STAKES)
    return source.pick(STAKES)


def paytable_for(source: CoupSource, paytable: str | None) -> str:
    """The drill's paytable, or one of every paytable in turn when it names none."""
    return paytable if paytable is not None else source.pick(sorted(PAYTABLES))


def price_words(pays: Fraction, lang: Lang) -> str:
    """A price as the table says it: "19 to 20", "8 to 1"."""
    return t("learn.price", lang, won=pays.numerator, staked=pays.denominator)


def line_facts(line: Line, lang: Lang) -> str:
    """What ``line`` read of the coup beyond its winner, in words ("" for nothing)."""
    when = line.when
    if when.hand is None:
        return ""
    hand = outcome_name(when.hand, lang)
    facts: list[str] = []
    if when.total is not None and when.cards is not None:
        facts.append(t("learn.fact.total_cards", lang, hand=hand, total=when.total, n=when.cards))
    elif when.total is not None:
        facts.append(t("learn.fact.total", lang, hand=hand, total=when.total))
    if when.natural:
        facts.append(t("learn.fact.natural", lang, hand=hand))
    if when.pair:
        facts.append(t("learn.fact.pair", lang, hand=hand))
    if when.margin is not None:
        facts.append(t("learn.fact.margin", lang, hand=hand, margin=when.margin))
    return ", ".join(facts)


def bet_why(paytable: str, box: str, stake: int, coup: Coup, lang: Lang) -> str:
    """Why ``stake`` on ``box`` nets what it does: the line that settles it, the
    exact win, the cent the table keeps."""
    wager = table_of(paytable).wager(box)
    name = bet_name(box_from_key(box), lang)
    line = wager.line(Facts.of(coup))
    if line is None:
        return t("learn.why.lost", lang, box=name, stake=money(stake, lang))
    facts = line_facts(line, lang)
    if line.pays == 0:
        sentence = t("learn.why.push", lang, box=name)
    else:
        exact = stake * line.pays
        sentence = t(
            "learn.why.won",
            lang,
            box=name,
            price=price_words(line.pays, lang),
            stake=money(stake, lang),
            win=money(exact, lang),
        )
        if exact.denominator != 1:
            paid = in_minor_units(exact)
            sentence += " " + t("learn.why.rounded", lang, paid=money(paid, lang))
    return t("learn.why.because", lang, facts=facts, then=sentence) if facts else sentence


@dataclass(frozen=True, slots=True)
class Payout:
    """What does ``stake`` cents on ``box`` net at ``paytable`` for this coup?"""

    id: str
    paytable: str
    box: str
    stake: int
    coup: Coup
    kind: ClassVar[str] = "payout"

    @property
    def net(self) -> int:
        """The net the table pays, in cents."""
        return settled(self.paytable, self.box, self.stake, self.coup)

    @property
    def cell(self) -> str:
        line = table_of(self.paytable).wager(self.box).line(Facts.of(self.coup))
        how = "lost" if line is None else "push" if line.pays == 0 else f"{line.pays}"
        return f"{self.box} {how}"

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "paytable": self.paytable,
            "box": self.box,
            "stake": self.stake,
            "cards": codes(self.coup.cards),
        }

    def prompt(self, lang: Lang) -> str:
        return t(
            "learn.prompt.payout",
            lang,
            stake=money(self.stake, lang),
            box=bet_name(box_from_key(self.box), lang),
            paytable=t(f"paytable.{self.paytable}", lang),
        )

    def text(self, lang: Lang) -> str:
        return f"{hands_text(self.coup, lang)} {announce(self.coup, lang)} {self.prompt(lang)}"

    def expected(self, lang: Lang) -> str:
        return str(self.net)

    def shown(self, lang: Lang) -> str:
        return money(self.net, lang, sign=True)

    def check(self, answer: object) -> bool:
        return number(answer) == self.net

    def why(self, lang: Lang) -> str:
        return f"{announce(self.coup, lang)} " + bet_why(
            self.paytable, self.box, self.stake, self.coup, lang
        )

    def cell_words(self, lang: Lang) -> str:
        box = bet_name(box_from_key(self.box), lang)
        line = table_of(self.paytable).wager(self.box).line(Facts.of(self.coup))
        if line is None:
            return t("learn.cell.lost", lang, box=box)
        if line.pays == 0:
            return t("learn.cell.push", lang, box=box)
        return t("learn.cell.paid", lang, box=box, price=price_words(line.pays, lang))


def make_payout(source: CoupSource, qid: str, paytable: str | None) -> Payout:
    """A payout question, the box chosen by ``box_weight``; a coup that the three
    boxes pay by the winner alone is passed over half the time."""
    while True:
        coup = source.deal().coup
        name = paytable_for(source, paytable)
        facts = Facts.of(coup)
        table = table_of(name)
        main = (table.punto, table.banco, table.egalite)
        lines = [w.line(facts) for w in main]
        if any(line is not None and special(line) for line in lines) or source.chance(
            ORDINARY_PERCENT
        ):
            wager = source.weighted([(w, box_weight(w, facts)) for w in table.wagers])
            return Payout(qid, name, wager.key, pick_stake(source, wager), coup)


@dataclass(frozen=True, slots=True)
class Placed:
    """One bet of a dealer's layout: a seat, a box (its key), a stake in cents."""

    seat: int
    box: str
    stake: int

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "box": self.box, "stake": self.stake}


@dataclass(frozen=True, slots=True)
class Dealer:
    """A dealer's round: pay each bet of the layout for this coup (the net of each,
    in cents, in the layout's order)."""

    id: str
    paytable: str
    coup: Coup
    bets: tuple[Placed, ...]
    kind: ClassVar[str] = "dealer"

    @property
    def nets(self) -> tuple[int, ...]:
        """Each bet's net in cents, in the layout's order."""
        return tuple(settled(self.paytable, b.box, b.stake, self.coup) for b in self.bets)

    @property
    def cell(self) -> str:
        return f"dealer {self.paytable}"

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "paytable": self.paytable,
            "cards": codes(self.coup.cards),
            "bets": [bet.to_json() for bet in self.bets],
        }

    def prompt(self, lang: Lang) -> str:
        return t("learn.prompt.dealer", lang, paytable=t(f"paytable.{self.paytable}", lang))

    def bet_words(self, bet: Placed, lang: Lang) -> str:
        """One bet of the layout: "Seat 3, Banco 25.00"."""
        box = bet_name(box_from_key(bet.box), lang)
        return t("learn.show.bet", lang, seat=bet.seat, box=box, stake=money(bet.stake, lang))

    def text(self, lang: Lang) -> str:
        layout = t("learn.join", lang).join(self.bet_words(bet, lang) for bet in self.bets)
        coup = f"{hands_text(self.coup, lang)} {announce(self.coup, lang)}"
        return f"{coup} {t('learn.show.layout', lang, layout=layout)} {self.prompt(lang)}"

    def expected(self, lang: Lang) -> list[str]:
        return [str(net) for net in self.nets]

    def paid_words(self, lang: Lang) -> str:
        """Each bet of the layout with its net: "seat 3, Banco 25.00: +23.75; ..."."""
        return t("learn.join", lang).join(
            t(
                "learn.show.paid",
                lang,
                bet=self.bet_words(bet, lang),
                net=money(net, lang, sign=True),
            )
            for bet, net in zip(self.bets, self.nets, strict=True)
        )

    def shown(self, lang: Lang) -> str:
        return self.paid_words(lang)

    def wrong_bets(self, answer: object) -> list[int]:
        """The places in the layout of the bets that ``answer`` (a list of nets in
        cents) pays wrong: every bet, for an answer that is no list."""
        given = answer if isinstance(answer, list) else []
        return [i for i, net in enumerate(self.nets) if i >= len(given) or number(given[i]) != net]

    def right(self, answer: object) -> int:
        """How many bets ``answer`` (a list of nets in cents) pays right."""
        return len(self.bets) - len(self.wrong_bets(answer))

    def check(self, answer: object) -> bool:
        return (
            isinstance(answer, list)
            and len(answer) == len(self.bets)
            and self.right(answer) == len(self.bets)
        )

    def why(self, lang: Lang) -> str:
        paid = self.paid_words(lang)
        return f"{announce(self.coup, lang)} {t('learn.why.dealer', lang, paid=paid)}"

    def bet_why(self, index: int, lang: Lang) -> str:
        """Why the layout's bet ``index`` nets what it does."""
        bet = self.bets[index]
        return bet_why(self.paytable, bet.box, bet.stake, self.coup, lang)

    def cell_words(self, lang: Lang) -> str:
        return t("learn.cell.dealer", lang, paytable=t(f"paytable.{self.paytable}", lang))


def make_dealer(source: CoupSource, qid: str, paytable: str | None) -> Dealer:
    """A dealer's round on the next coup: 2 to 5 players, each on Punto or Banco
    (sometimes Égalité), some with Égalité beside it (seed 001) or a side bet;
    ``MAX_BETS`` at most, the first seats' first."""
    coup = source.deal().coup
    name = paytable_for(source, paytable)
    table = table_of(name)
    players = MIN_PLAYERS + source.below(MAX_PLAYERS - MIN_PLAYERS + 1)
    seats = list(range(1, SEATS + 1))
    chosen = sorted(seats.pop(source.below(len(seats))) for _ in range(players))
    bets: list[Placed] = []
    for seat in chosen:
        main = source.weighted([("banco", 5), ("punto", 4), ("egalite", 1)])
        boxes = [main]
        if main != "egalite" and source.chance(BESIDE_PERCENT):
            boxes.append("egalite")
        if source.chance(SIDE_PERCENT):
            boxes.append(source.pick(table.side_keys))
        for box in paytable_order(table, map(box_from_key, boxes)):
            key = box if isinstance(box, str) else box.value
            bets.append(Placed(seat, key, pick_stake(source, table.wager(key))))
    return Dealer(qid, name, coup, tuple(bets[:MAX_BETS]))
