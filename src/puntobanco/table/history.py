"""Game recall: every settled coup of a table, with its bets, results and balances.

Pure: it reads events (with the time the store gives each) and folds them.
``balances_before`` is each player's balance before the coup's stakes were
taken, so that ``balances_after`` = ``balances_before`` + the player's nets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from puntobanco.cards import Card
from puntobanco.coup import Coup, resolve
from puntobanco.paytable import Amount, Box, box_key, json_amount, paytable_order
from puntobanco.table.config import Format, TableConfig
from puntobanco.table.events import (
    BetCollected,
    BetPaid,
    BetReturned,
    BetsClosed,
    CoupDealt,
    CoupRetracted,
    CoupSettled,
    Event,
    PlayerRenamed,
    PuntoCardsTurned,
    ShoePassed,
    ShoeShuffled,
    TableOpened,
)
from puntobanco.table.state import TableState, apply, initial


@dataclass(frozen=True, slots=True)
class Line:
    """One player's stake (``amount``: the stake) or result (``amount``: the net) on a box."""

    player: str
    box: Box
    amount: Amount


@dataclass(frozen=True, slots=True)
class CoupRecord:
    """One settled coup as ``puntobanco history`` shows it."""

    table: str
    config: TableConfig
    coup: int
    time: str
    cards: tuple[Card, ...]
    bets: tuple[Line, ...]
    settlements: tuple[Line, ...]
    balances_before: Mapping[str, Amount]
    balances_after: Mapping[str, Amount]
    #: Seed 002's players' hands on the coup, in the log's order: the shoe passed on
    #: by a holder who declined to deal, Punto's cards turned over (by the dealer
    #: when the name is None).
    hands: tuple[PuntoCardsTurned | ShoePassed, ...] = ()

    @property
    def punto_turned_by(self) -> tuple[bool, str | None]:
        """Whether Punto's cards went face down to a player, and who turned them
        over (None: the dealer, the player's time being up)."""
        for hand in self.hands:
            if isinstance(hand, PuntoCardsTurned):
                return True, hand.name
        return False, None

    @property
    def format(self) -> Format:
        """The table's format."""
        return self.config.format

    def to_json(self) -> dict[str, Any]:
        """The documented JSON object of one coup (amounts exact)."""
        coup = resolve(self.cards)
        return {
            "table": self.table,
            "format": self.format.value,
            "coup": self.coup,
            "time": self.time,
            "cards": [str(c) for c in self.cards],
            "punto_total": coup.punto.total,
            "banco_total": coup.banco.total,
            "winner": coup.outcome.value,
            "bets": [
                {"player": b.player, "box": box_key(b.box), "stake": json_amount(b.amount)}
                for b in self.bets
            ],
            "settlements": [
                {"player": s.player, "box": box_key(s.box), "net": json_amount(s.amount)}
                for s in self.settlements
            ],
            "balances_before": {k: json_amount(v) for k, v in self.balances_before.items()},
            "balances_after": {k: json_amount(v) for k, v in self.balances_after.items()},
        } | self._hands_json()

    def _hands_json(self) -> dict[str, Any]:
        """``punto_turned_by`` where Punto's cards went face down to a player (null:
        the dealer turned them), ``shoe_passed`` (each ``{"from", "to"}``) where a
        holder passed the shoe; nothing where neither happened."""
        out: dict[str, Any] = {}
        handed, name = self.punto_turned_by
        if handed:
            out["punto_turned_by"] = name
        passed = [{"from": h.name, "to": h.to} for h in self.hands if isinstance(h, ShoePassed)]
        if passed:
            out["shoe_passed"] = passed
        return out


def coup_records(items: Iterable[tuple[Event, str]]) -> list[CoupRecord]:
    """The settled coups of one table's log, oldest first.

    ``items`` are the log's events, from its ``TableOpened``, each with the
    time it was stored. A coup not yet settled is left out.
    """
    recorder = CoupRecorder()
    for event, time in items:
        recorder.feed(event, time)
    return recorder.records


class CoupRecorder:
    """``coup_records`` fed one event at a time, so that a server holding a
    table adds each commit's events instead of reading the whole log again.

    ``records`` is the list so far (read it, do not change it); ``count`` the
    events fed; ``version`` changes whenever ``records`` does.
    """

    def __init__(self) -> None:
        self.records: list[CoupRecord] = []
        self.count = 0
        self.version = 0
        self._state: TableState | None = None
        self._bets: tuple[Line, ...] = ()
        self._before: dict[str, Amount] = {}
        self._settlements: list[Line] = []
        self._dealt: tuple[CoupDealt, str] | None = None
        self._hands: list[PuntoCardsTurned | ShoePassed] = []

    def feed(self, event: Event, time: str) -> None:
        """Read the log's next event (the first one is its ``TableOpened``)."""
        self.count += 1
        state = self._state
        if state is None:
            assert isinstance(event, TableOpened)
            self._state = initial(event)
            return
        if isinstance(event, BetsClosed):
            self._bets = tuple(
                Line(p.name, box, p.bets[box])
                for p in state.seated
                for box in paytable_order(state.config.paytable_data, p.bets)
            )
            self._before = state.balances
            self._settlements = []
        elif isinstance(event, CoupDealt):
            self._dealt = (event, time)
        elif isinstance(event, CoupRetracted):  # the host took the last card back
            self.records.pop()
            self.version += 1
            self._settlements = []
        elif isinstance(event, BetCollected):
            self._settlements.append(Line(event.name, event.box, -event.stake))
        elif isinstance(event, BetReturned):
            self._settlements.append(Line(event.name, event.box, 0))
        elif isinstance(event, BetPaid):
            self._settlements.append(Line(event.name, event.box, event.win))
        elif isinstance(event, PuntoCardsTurned | ShoePassed):
            self._hands.append(event)
        elif isinstance(event, PlayerRenamed):
            self._rename(event.name, event.new_name)
        state = self._state = apply(state, event)
        if isinstance(event, CoupSettled):
            assert self._dealt is not None
            self.records.append(
                CoupRecord(
                    table=state.table,
                    config=state.config,
                    coup=event.coup,
                    time=self._dealt[1],
                    cards=self._dealt[0].cards,
                    bets=self._bets,
                    settlements=tuple(self._settlements),
                    balances_before=self._before,
                    balances_after=state.balances,
                    hands=tuple(self._hands),
                )
            )
            self._hands = []
            self.version += 1

    def _rename(self, old: str, new: str) -> None:
        """A player renamed: the coups they played so far show the name they go by
        now (someone who sits later under the old name is someone else)."""

        def name(who: str | None) -> str | None:
            return new if who == old else who

        def lines(group: Iterable[Line]) -> tuple[Line, ...]:
            return tuple(Line(new, x.box, x.amount) if x.player == old else x for x in group)

        def balances(mapping: Mapping[str, Amount]) -> dict[str, Amount]:
            return {new if who == old else who: value for who, value in mapping.items()}

        def hand(h: PuntoCardsTurned | ShoePassed) -> PuntoCardsTurned | ShoePassed:
            if isinstance(h, ShoePassed):
                return replace(h, name=str(name(h.name)), to=str(name(h.to)))
            return replace(h, name=name(h.name))

        self.records[:] = [
            replace(
                r,
                bets=lines(r.bets),
                settlements=lines(r.settlements),
                balances_before=balances(r.balances_before),
                balances_after=balances(r.balances_after),
                hands=tuple(hand(h) for h in r.hands),
            )
            for r in self.records
        ]
        self._bets = lines(self._bets)
        self._before = balances(self._before)
        self._settlements = list(lines(self._settlements))
        self._hands = [hand(h) for h in self._hands]
        self.version += 1


def shoe_coups(events: Iterable[Event]) -> dict[int, tuple[Coup, ...]]:
    """The coups dealt from each shoe of one table's log, by shoe number (for the roads).

    A session reshuffles before every deal: its deals count as one shoe, number 1.
    """
    shoes: dict[int, list[Coup]] = {}
    current = 0
    session = False
    for event in events:
        if isinstance(event, TableOpened):
            session = event.config.rules.roads_of_table  # every coup on one road
        elif isinstance(event, ShoeShuffled) and not session:
            current = event.shoe
        elif isinstance(event, CoupDealt):
            shoes.setdefault(1 if session else current, []).append(resolve(event.cards))
        elif isinstance(event, CoupRetracted):
            shoes[1 if session else current].pop()
    return {number: tuple(coups) for number, coups in shoes.items()}
