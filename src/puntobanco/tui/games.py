"""What the screens show and do, over the tables and the assistant (no Textual here).

* ``TableSession``: seed 004's 10-deal session on issue 3's ``Session`` (the
  event store keeps it; ``--resume`` reopens it). The table deals and settles
  a coup in one transaction; the screen then turns its cards one by one.
* ``AssistGame``: the same session with physical cards, an ``assist`` table
  of the engine, kept in the event store like the others.
* ``TableCasino``: the casino table or the virtual croupier (``CasinoTable``,
  ``CroupierTable``) with the person's seat and computer seats that bet in
  simple styles.

Both session kinds offer the same ``SessionView`` to the screen, which says what
the screen shows (``Reveal``): the predictions, the coup's cards coming one by one
(turned on the screen, or typed by the host), the deal's result, the ranking.
That is the screen's own state, not a phase: what may be done at the table is the
engine's to say (its ``commands``, and the named errors of a refused command).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Final, Protocol, TypeVar

from puntobanco.assist import Assistant
from puntobanco.cards import Card
from puntobanco.coup import Coup, Outcome
from puntobanco.engine import Bet, CloseBets, Engine, Ready, Viewer, decide
from puntobanco.errors import IllegalActionError
from puntobanco.games import CasinoTable, CroupierTable, Game, Session
from puntobanco.i18n import Lang
from puntobanco.i18n.numbers import decimal_text
from puntobanco.paytable import Amount, Box
from puntobanco.table.events import (
    Event,
    ShoeBurned,
)
from puntobanco.table.values import money_text

E = TypeVar("E", bound=Event)


class Reveal(Enum):
    """What the session screen shows, and so which keys it offers.

    The screen's own state, not the table's phase: the table deals and settles a
    coup in one go, then the screen turns its cards over one by one (``CARDS``).
    """

    PREDICTIONS = "predictions"  # the participants predict in turn
    CARDS = "cards"  # the coup's cards come one by one (turned, or typed by the host)
    RESULT = "result"  # the deal is shown; the next one can start
    RANKING = "ranking"  # the last deal is shown: the ranking comes next


class SessionView(Protocol):
    """What the session screen reads and does, whatever deals the cards."""

    @property
    def physical(self) -> bool: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def showing(self) -> Reveal: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def deals(self) -> int: ...
    @property
    def scores(self) -> dict[str, Amount]: ...
    @property
    def predictions(self) -> Mapping[str, Outcome]: ...
    @property
    def waiting(self) -> tuple[str, ...]: ...
    @property
    def cards(self) -> Sequence[Card]: ...
    @property
    def results(self) -> list[tuple[int, Coup]]: ...
    @property
    def nets(self) -> Mapping[str, Amount]: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def commitment(self) -> str | None: ...
    @property
    def api_table(self) -> Game | None: ...

    def predict(self, name: str, box: str) -> None: ...
    def withdraw(self, name: str) -> None: ...
    def next_card(self, text: str | None = None) -> None: ...
    def undo(self) -> None: ...
    def next_deal(self) -> None: ...


class TableSession:
    """Seed 004's session on the table's event log."""

    physical: Final = False

    def __init__(self, session: Session) -> None:
        self.session = session
        self._coup: Coup | None = None  # the coup being turned over, or just turned
        self._shown = 0
        self._before: dict[str, Amount] = {}
        self._predicted: dict[str, Outcome] = {}
        self._number = 0
        self._dealt_from: str | None = None  # the commitment of the coup's shoe

    @property
    def seed(self) -> int | None:
        """The seed of the session's shoes (None: they are provably fair)."""
        return self.session.config.seed

    @property
    def api_table(self) -> Game:
        """The Python API's table that deals the session."""
        return self.session

    @property
    def commitment(self) -> str | None:
        """The commitment of the shoe on screen: the dealt coup's while it is shown
        (every deal is a shoe, and the next one is shuffled as soon as it is
        settled), else the shoe of the coming deal (None: not shuffled yet)."""
        if self._coup is not None:
            return self._dealt_from
        return self.session.commitment

    @property
    def names(self) -> tuple[str, ...]:
        """The participants, in seat order."""
        return tuple(p.name for p in self.session.players)

    @property
    def deals(self) -> int:
        """Deals in the session (10)."""
        deals = self.session.config.deals
        assert deals is not None
        return deals

    @property
    def showing(self) -> Reveal:
        """The predictions, the dealt coup's cards being turned over, its result,
        or the ranking (after the last deal): the table has dealt and settled
        the coup already, the screen turns its cards one by one."""
        if self._coup is None:
            return Reveal.RANKING if self.session.finished else Reveal.PREDICTIONS
        if self._shown < len(self._coup.cards):
            return Reveal.CARDS
        return Reveal.RANKING if self.session.finished else Reveal.RESULT

    @property
    def deal_number(self) -> int:
        """The deal being predicted or shown."""
        if self._coup is not None:
            return self._number
        return min(self.session.coup_number, self.deals)

    @property
    def scores(self) -> dict[str, Amount]:
        """Scores as the screen shows them: the deal's result only once its cards are out."""
        if self.showing is Reveal.CARDS:
            return dict(self._before)
        return self.session.scores

    @property
    def predictions(self) -> Mapping[str, Outcome]:
        """This deal's predictions so far."""
        if self._coup is not None:
            return self._predicted
        return {n: b for n, b in self.session.predictions.items() if b is not None}

    @property
    def waiting(self) -> tuple[str, ...]:
        """Participants yet to predict."""
        return () if self._coup is not None else self.session.missing

    @property
    def cards(self) -> Sequence[Card]:
        """The deal's cards turned so far."""
        return () if self._coup is None else self._coup.cards[: self._shown]

    @property
    def results(self) -> list[tuple[int, Coup]]:
        """Every deal shown so far, numbered from 1."""
        coups = list(self.session.all_coups)
        if self.showing is Reveal.CARDS:
            coups = coups[:-1]
        return list(enumerate(coups, 1))

    @property
    def nets(self) -> Mapping[str, Amount]:
        """What each participant made on the deal just shown."""
        if self._coup is None or self.showing is Reveal.CARDS:
            return {}
        after = self.session.scores
        return {n: after[n] - self._before[n] for n in self._predicted}

    def predict(self, name: str, box: str) -> None:
        """Record a prediction; the last one closes bets and the table deals."""
        self.session.predict(name, box)
        if not self.session.missing:
            self._before = self.session.scores
            self._predicted = {n: b for n, b in self.session.predictions.items() if b is not None}
            self._number = self.session.coup_number
            self._dealt_from = self.session.commitment
            self._coup = self.session.deal()
            self._shown = 0

    def withdraw(self, name: str) -> None:
        """Take back a prediction before bets close."""
        self.session.withdraw(name)

    def next_card(self, text: str | None = None) -> None:
        """Turn the next card of the dealt coup over (the screen's own step: the
        table has dealt it already)."""
        if self.showing is not Reveal.CARDS:
            raise IllegalActionError("error.assist.over")
        self._shown += 1

    def undo(self) -> None:
        """Cards from the table's shoe cannot be taken back."""
        raise IllegalActionError("error.assist.nothing_to_undo")

    def next_deal(self) -> None:
        """Show the next deal's predictions (once the dealt coup is turned over)."""
        if self.showing is not Reveal.RESULT:
            raise IllegalActionError("error.assist.not_over")
        self._coup = None


class AssistGame:
    """The dealer's assistant: the session with physical cards placed by the host.

    An ``assist`` table of the engine (``puntobanco.assist.Assistant``), kept in
    the event store like every other table: ``history`` and ``export`` show it,
    and ``--resume`` reopens it.
    """

    physical: Final = True
    seed: Final = None
    commitment: Final = None
    api_table: Final = None  # the host's cards: no table of the Python API

    def __init__(self, engine: Engine, table: str) -> None:
        self.engine = engine
        self.table = table
        self.assistant = Assistant.resume(engine, table)

    @classmethod
    def open(
        cls,
        names: Sequence[str],
        *,
        decks: int = 8,
        reshuffle: bool = False,
        db: Path | None = None,
        table: str = "assist",
    ) -> AssistGame:
        """A new assisted session of ``names`` in the store ``db`` (None: in memory)."""
        engine = Engine(db)
        try:
            Assistant(
                names, decks=decks, reshuffle_every_coup=reshuffle, engine=engine, table=table
            )
        except BaseException:
            engine.shutdown()
            raise
        return cls(engine, table)

    @property
    def names(self) -> tuple[str, ...]:
        """The participants."""
        return self.assistant.names

    @property
    def deals(self) -> int:
        """Deals in the session."""
        return self.assistant.deals

    @property
    def showing(self) -> Reveal:
        """What the screen shows, from what the engine accepts from the host now:
        the cards while it takes one, the ranking once the last deal is settled
        (its last card can still be taken back), the result while it takes the
        next deal, else the predictions."""
        offered = {c["type"] for c in self.engine.commands(self.table, Viewer.HOST)}
        if "PlaceCard" in offered:
            return Reveal.CARDS
        if self.assistant.finished:
            return Reveal.RANKING
        return Reveal.RESULT if "NextCoup" in offered else Reveal.PREDICTIONS

    @property
    def deal_number(self) -> int:
        """The deal in progress (or just settled)."""
        return min(self.assistant.deal_number, self.deals)

    @property
    def scores(self) -> dict[str, Amount]:
        """Each participant's score."""
        return self.assistant.scores

    @property
    def predictions(self) -> Mapping[str, Outcome]:
        """This deal's predictions so far."""
        return self.assistant.predictions

    @property
    def waiting(self) -> tuple[str, ...]:
        """Participants yet to predict."""
        return self.assistant.waiting

    @property
    def cards(self) -> Sequence[Card]:
        """The deal's cards so far."""
        return self.assistant.cards

    @property
    def results(self) -> list[tuple[int, Coup]]:
        """Every settled deal, numbered from 1."""
        return list(enumerate(self.assistant.state.shoe_coups, 1))

    @property
    def nets(self) -> Mapping[str, Amount]:
        """What each participant made on the deal just settled."""
        last = self.assistant.state.last
        if last is None or self.showing not in (Reveal.RESULT, Reveal.RANKING):
            return {}
        return last.nets

    def predict(self, name: str, box: str) -> None:
        """Record a prediction; bets close as soon as the engine accepts it (the
        last prediction). A refused one raises the engine's named error."""
        self.assistant.predict(name, box)
        if self.engine.can(self.table, CloseBets()):
            self.assistant.close_bets()

    def withdraw(self, name: str) -> None:
        """Take back a prediction."""
        self.assistant.withdraw(name)

    def next_card(self, text: str | None = None) -> None:
        """The card the host typed (the engine's named error when it is refused)."""
        self.assistant.add_card(text or "")

    def undo(self) -> None:
        """Take the last card back (the last one even once the deal is settled)."""
        self.assistant.undo()

    def next_deal(self) -> None:
        """Open predictions for the next deal (the engine's named error when refused)."""
        self.assistant.next_deal()

    def finish(self) -> None:
        """After the last deal: the session closes (its winners are named in the log)."""
        self.assistant.finish()

    def close(self) -> None:
        """Release the store."""
        self.engine.shutdown()


# -- the casino table ------------------------------------------------------------

#: Computer seats: a name and a betting style each (issue 5: "simple betting styles").
BOTS: Final = (("Ada", "banco"), ("Boris", "follow"), ("Carmen", "contrary"), ("Dario", "banco"))
MAX_BOTS: Final = 3
BANKROLL: Final = 100_000  # 1,000.00 in cents
CHIPS: Final = (500, 1_000, 2_000, 5_000, 10_000, 50_000)


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the screen shows it."""

    name: str
    balance: Amount
    bets: Mapping[Box, Amount]
    style: str | None
    net: Amount | None


@dataclass(frozen=True, slots=True)
class _Moment:
    """The table just before a coup: what the screen shows while it is turned over."""

    balances: dict[str, Amount]
    bets: dict[str, dict[Box, Amount]]
    number: int
    holder: str | None
    count: int


class TableCasino:
    """A casino table or the virtual croupier with computer seats beside the person."""

    def __init__(self, table: CasinoTable, person: str) -> None:
        self.table = table
        self.person = person
        self.croupier = isinstance(table, CroupierTable)
        self.styles = {
            p.name: style
            for p in table.players
            for name, style in BOTS
            if p.name == name and p.name != person
        }
        self._before: dict[str, Amount] = {}
        self._bets_before: dict[str, dict[Box, Amount]] = {}
        self.last: Coup | None = None
        self.last_number = 0
        self._holder_before: str | None = table.shoe_holder
        #: The table's events of the last coup dealt (from closing bets to settling it).
        self.coup_events: tuple[Event, ...] = ()
        #: The language money is written in (the game's screen sets it).
        self.lang: Lang = "en"

    @classmethod
    def open(
        cls,
        person: str,
        *,
        bots: int,
        croupier: bool,
        seed: int | None,
        db: object,
        table: str,
        paytable: str = "standard",
        side_bets: Sequence[str] = (),
    ) -> TableCasino:
        """A new table: the person at seat 1, then ``bots`` computer seats; the
        table plays ``paytable`` with ``side_bets`` (keys or groups of ``SIDE_BETS``).
        ``seed`` None: provably fair shoes, every seat contributing from ``secrets``."""
        if not 0 <= bots <= MAX_BOTS:
            raise IllegalActionError("tui.error.bots", high=MAX_BOTS)
        kind = CroupierTable if croupier else CasinoTable
        casino = kind(seed=seed, db=db, table=table, paytable=paytable, side_bets=side_bets)  # type: ignore[arg-type]
        try:
            casino.sit(person, BANKROLL)
            names = [n for n, _ in BOTS if n.casefold() != person.casefold()][:bots]
            for name in names:
                casino.sit(name, BANKROLL)
        except BaseException:
            casino.close()
            raise
        game = cls(casino, person)
        game.bots_bet()
        return game

    @property
    def seed(self) -> int | None:
        """The seed of the table's shoes (None: they are provably fair)."""
        return self.table.config.seed

    @property
    def api_table(self) -> Game:
        """The Python API's table."""
        return self.table

    @property
    def commitment(self) -> str | None:
        """The commitment of the shoe in play (None: not shuffled yet)."""
        return self.table.commitment

    def money(self, value: Amount, *, short: bool = False) -> str:
        """``1000.00``: an amount of cents as players read it, in ``lang``
        (``1 000,00`` in French); ``short``: whole units without their cents (``20``)."""
        text = decimal_text(money_text(self.table.config, value), self.lang)
        return text[:-3] if short and text[-3:] in (".00", ",00") else text

    @property
    def burn(self) -> ShoeBurned | None:
        """The current shoe's burn (the turned card and the cards burned)."""
        return next((e for e in reversed(self.table.events) if isinstance(e, ShoeBurned)), None)

    def seats(self, moment: str = "now") -> list[SeatView]:
        """Every seat: ``"before"`` the coup being turned over, ``"after"`` it
        (its bets and each seat's net), or as it is ``"now"``."""
        views = []
        for p in self.table.players:
            balance: Amount = p.balance
            bets: Mapping[Box, Amount] = dict(p.bets)
            net: Amount | None = None
            if moment == "before":
                balance, bets = self._before[p.name], self._bets_before[p.name]
            elif moment == "after" and p.name in self._before:
                bets = self._bets_before[p.name]
                net = p.balance - self._before[p.name]
            views.append(SeatView(p.name, balance, bets, self.styles.get(p.name), net))
        return views

    def holder(self, moment: str = "now") -> str | None:
        """Who holds the shoe (seed 002): ``"before"`` the coup being turned
        over, or now. None at the virtual croupier's table (no shoe passes)."""
        return self._holder_before if moment == "before" else self.table.shoe_holder

    def coup_event(self, kind: type[E]) -> E | None:
        """The last coup dealt's event of ``kind``: to whom Punto's cards went, the
        shoe's passing when it was settled (None: not recorded, or it stayed)."""
        return next((e for e in self.coup_events if isinstance(e, kind)), None)

    def bet(self, box: Box, amount: int) -> None:
        """The person puts ``amount`` cents on ``box`` (limits checked by the table);
        at the croupier's table the screen's ``tick`` then lets the croupier deal."""
        viewer = Viewer.player(self.person)
        self.table.engine.do(self.table.name, Bet(self.person, box, amount), by=viewer)

    def ready(self) -> None:
        """The person is ready for the croupier to deal (the croupier's table)."""
        viewer = Viewer.player(self.person)
        self.table.engine.do(self.table.name, Ready(self.person), by=viewer)

    def clear(self) -> None:
        """The person takes back every bet."""
        for box in list(self.table.bets(self.person)):
            self.table.withdraw(self.person, box)

    def bots_bet(self) -> None:
        """Each computer seat with nothing on the layout bets in its style,
        deciding from its own view (``puntobanco.engine.decide``)."""
        engine, table = self.table.engine, self.table.name
        for player in self.table.players:
            style = self.styles.get(player.name)
            if style is None:
                continue
            viewer = Viewer.player(player.name)
            for command in decide(engine.view(table, viewer), style):
                if engine.can(table, command, viewer):
                    engine.do(table, command, by=viewer)

    def _moment(self) -> _Moment:
        return _Moment(
            {p.name: p.balance for p in self.table.players},
            {p.name: dict(p.bets) for p in self.table.players},
            self.table.coup_number,
            self.table.shoe_holder,
            self.table.table.event_count,
        )

    def _since(self, moment: _Moment, end: int | None = None) -> tuple[Event, ...]:
        machine = self.table.table
        events = machine.events
        stop = len(events) - (machine.event_count - (end or machine.event_count))
        return events[len(events) - (machine.event_count - moment.count) : stop]

    def _took(self, moment: _Moment, coup: Coup, end: int | None = None) -> Coup:
        self._before, self._bets_before = moment.balances, moment.bets
        self.last_number, self._holder_before = moment.number, moment.holder
        self.coup_events = self._since(moment, end)
        self.last = coup
        self.bots_bet()
        return coup

    def deal(self) -> Coup:
        """Bets closed: the table deals and settles the coup (one transaction)."""
        moment = self._moment()
        return self._took(moment, self.table.deal())

    def tick(self) -> Coup | None:
        """The virtual croupier looks at its clock, when the engine takes a ``Tick``
        now: a coup when bets are due to close."""
        assert isinstance(self.table, CroupierTable)
        offered = self.table.engine.commands(self.table.name, Viewer.HOST)
        if not any(c["type"] == "Tick" for c in offered):  # the engine's clock is not running
            return None
        moment = self._moment()
        coup = self.table.tick()
        return None if coup is None else self._took(moment, coup)

    def countdown(self) -> float | None:
        """Seconds before the croupier closes bets."""
        assert isinstance(self.table, CroupierTable)
        return self.table.countdown_left

    def leave(self) -> dict[str, Amount]:
        """Everyone takes back what is on the layout and the table closes; the balances."""
        for player in self.table.players:
            for box in list(player.bets):
                self.table.withdraw(player.name, box)
        balances = self.table.balances
        self.table.close_table()
        return balances
