"""The tables as players and tools use them: ``Session``, ``CasinoTable``, ``CroupierTable``.

Each wraps the pure state machine (``puntobanco.table.Table``) and an event
store: every call that changes the table is one transaction, committed
before the call returns; a refused call raises a named error and stores
nothing. Opening a table whose name the log already holds continues it where
it stopped (a coup dealt but not settled is settled with its stored cards).

>>> s = Session(["Ana", "Bruno", "Chloé"], seed=7)
>>> _ = s.predict("Ana", "banco"), s.predict("Bruno", "egalite"), s.predict("Chloé", "punto")
>>> s.deal().outcome.value
'banco'
>>> s.scores
{'Ana': 19, 'Bruno': -20, 'Chloé': -20}
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Self, TypeVar

from puntobanco.coup import Coup, Outcome, resolve
from puntobanco.engine.commands import (
    Bet,
    CloseBets,
    CloseTable,
    Command,
    Contribute,
    Deal,
    Leave,
    Ready,
    Rebuy,
    Sit,
    Tick,
    Withdraw,
)
from puntobanco.engine.service import Engine
from puntobanco.engine.viewers import Viewer
from puntobanco.errors import IllegalActionError
from puntobanco.fair.contributor import Contributor
from puntobanco.fair.gathering import Window
from puntobanco.paytable import Amount, Box
from puntobanco.rng import RandomSource
from puntobanco.roads import Roads, build_roads
from puntobanco.shoe import SESSION_DECKS
from puntobanco.store import EventStore
from puntobanco.table.config import (
    SESSION_DEALS,
    SESSION_STAKE,
    Format,
    TableConfig,
)
from puntobanco.table.events import (
    BetPlaced,
    BetWithdrawn,
    CoupDealt,
    Event,
    PlayerLeft,
    PlayerSeated,
    SeedContributed,
)
from puntobanco.table.machine import Table
from puntobanco.table.names import check_name, name_key
from puntobanco.table.standings import ranking
from puntobanco.table.state import Phase, Player, TableState
from puntobanco.table.values import check_table_id, session_prediction

Db = str | os.PathLike[str] | EventStore | Engine | None
E = TypeVar("E", bound=Event)


class Game:
    """What every format shares: the table, its store, its coups.

    Every action goes through the table engine (``puntobanco.engine``) as a
    command: ``db`` may be an ``Engine`` shared with other front-ends, which
    then see this object's actions through their subscriptions.
    """

    FORMAT: Format

    def __init__(
        self,
        table: str,
        config: TableConfig | None,
        *,
        players: Sequence[str] = (),
        db: Db = None,
        rng: RandomSource | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._name = table
        self._clock = clock
        self._owns_store = not isinstance(db, Engine | EventStore)
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise IllegalActionError("table.error.players_list", players=players)
        self._engine = (
            db if isinstance(db, Engine) else Engine(db, rng=rng, clock=lambda: self._clock())
        )
        self._store = self._engine.store
        # Its seats contribute to every shoe by themselves (every seat, unless the
        # engine is shared with other front-ends: then the seats it takes).
        self._contributor = Contributor(players if isinstance(db, Engine) else None)
        try:
            check_table_id(table)
            if self._engine.exists(table):
                self._check_same(config, players)
            elif config is None:
                self._engine.resume(table)  # raises, naming the tables there are
            else:
                self._engine.open(table, config.format, settings=config, players=players)
                self._check_same(config, players)
            self._contributor.run(self._engine, table)
        except BaseException:
            self.close()
            raise

    @classmethod
    def resume(cls, table: str | None = None, *, db: Db) -> Self:
        """Reopen a stored table by its name alone (by default its format's name)."""
        self = cls.__new__(cls)
        Game.__init__(self, cls.FORMAT.value if table is None else table, None, db=db)
        return self

    def _do(self, command: Command, by: Viewer = Viewer.HOST) -> tuple[Event, ...]:
        """Send ``command`` to the engine (from ``by``); the events it stored."""
        before = self._table.event_count
        self._engine.do(self._name, command, by)
        done = self._table.events_since(before)
        if isinstance(command, Sit):
            self._contributor.add(command.name)
        self._contributor.run(self._engine, self._name)
        return done

    def _check_same(self, config: TableConfig | None, players: Sequence[str]) -> None:
        state = self.state
        given = [name_key(check_name(p)) for p in players]
        seated = [name_key(p.name) for p in state.seated]
        if (
            state.format is not self.FORMAT
            or (config is not None and config != state.config)
            or (given and sorted(given) != sorted(seated))
        ):
            raise IllegalActionError(
                "table.error.other_table", table=self._name, format=state.format.word
            )

    @property
    def _table(self) -> Table:
        return self._engine.machine(self._name)

    @property
    def engine(self) -> Engine:
        """The engine that drives this table (share it with other front-ends)."""
        return self._engine

    # -- reading -------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The table's name in the log."""
        return self._name

    @property
    def table(self) -> Table:
        """The underlying state machine (verify / can / do actions)."""
        return self._table

    @property
    def state(self) -> TableState:
        """The table's state."""
        return self._table.state

    @property
    def config(self) -> TableConfig:
        """The table's settings."""
        return self._table.config

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole log, oldest first."""
        machine = self._table
        if machine.from_snapshot:
            return tuple(r.event for r in self._store.load(self._name))
        return machine.events

    @property
    def phase(self) -> Phase:
        """The phase of the coup in play."""
        return self._table.phase

    @property
    def commitment(self) -> str | None:
        """The commitment of the shoe in play, SHA-256 of its server seed (None: no
        shoe shuffled yet)."""
        shoe = self.state.shoe
        return None if shoe is None else shoe.commitment

    @property
    def coup_number(self) -> int:
        """The number of the coup in play (or the next one, while bets are open)."""
        return self.state.coup

    @property
    def coups(self) -> tuple[Coup, ...]:
        """The coups of the current shoe, oldest first (what the roads show).

        In a session, where every card is reshuffled before each deal, this
        is every deal of the session (``FormatRules.roads_of_table``).
        """
        return self.state.shoe_coups

    @property
    def all_coups(self) -> tuple[Coup, ...]:
        """Every coup of the table, oldest first."""
        return tuple(resolve(e.cards) for e in self.events if isinstance(e, CoupDealt))

    @property
    def roads(self) -> Roads:
        """The scoreboards (bead plate, big road, derived roads, ask) of ``coups``."""
        return build_roads(self.coups)

    @property
    def players(self) -> tuple[Player, ...]:
        """The seated players in seat order."""
        return self.state.seated

    @property
    def balances(self) -> dict[str, Amount]:
        """Each player's balance (a session's scores), in seat order."""
        return self.state.balances

    @property
    def finished(self) -> bool:
        """True once the table has closed."""
        return self.phase is Phase.ENDED

    def bets(self, name: str) -> dict[Box, Amount]:
        """What ``name`` has on each box for the coup in play."""
        return dict(self._table.player(name).bets)

    # -- acting --------------------------------------------------------------------

    def deal(self) -> Coup:
        """Close bets, deal, settle and open the next coup (or end a session):
        one transaction. Returns the frozen ``Coup``."""
        return resolve(_last(self._do(Deal()), CoupDealt).cards)

    def shoe_waits(self) -> bool:
        """True while the shoe to come waits out a contributions' window (the
        table is ``shuffling``): its players' commitments or reveals are due."""
        gathering = self._table.gathering()
        return (
            self.phase is Phase.SHUFFLING
            and gathering is not None
            and gathering.window in (Window.CALLED, Window.REVEAL)
        )

    def tick_shoe(self) -> bool:
        """Let a waiting shoe read the clock: a window whose time is up closes (the
        seats that did not reveal are left out, named in the log), this object's
        seats commit or reveal, and the shoe is shuffled once its reveals close.
        True once no window is left to wait out.

        Its seats' values live in this object only: a table reopened between a
        commitment and its reveal waits out the reveal time before its shoe is
        shuffled without them.
        """
        if self.shoe_waits():
            self._do(Tick())
        return not self.shoe_waits()

    def contribute(self, name: str, text: str) -> SeedContributed:
        """``name`` adds ``text`` to the client seed of the next shoe, whose server
        seed is already committed (one contribution per player and shoe)."""
        return _last(self._do(Contribute(name, text), Viewer.player(name)), SeedContributed)

    def close_table(self) -> None:
        """Close the table for good (between coups, nothing on the table)."""
        self._do(CloseTable())

    def close(self) -> None:
        """Release the store, if this object opened it."""
        if self._owns_store and hasattr(self, "_engine"):
            self._engine.shutdown()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


class Session(Game):
    """Seed 004's session: 2 to 8 participants predict before each of 10 deals.

    ``Session(["Ana", "Bruno"], seed=7, db="game.db")`` opens (or continues)
    the table called ``table`` in ``db``; ``db=None`` keeps it in memory.
    """

    FORMAT = Format.SESSION

    def __init__(
        self,
        players: Sequence[str] = (),
        *,
        deals: int = SESSION_DEALS,
        stake: int = SESSION_STAKE,
        decks: int = SESSION_DECKS,
        paytable: str = "standard",
        seed: int | None = None,
        dealer: str | None = None,
        db: Db = None,
        table: str = "session",
        rng: RandomSource | None = None,
    ) -> None:
        config = TableConfig.session(
            deals=deals,
            stake=stake,
            decks=decks,
            paytable=paytable,
            seed=seed,
            dealer=None if dealer is None else check_name(dealer),
        )
        super().__init__(table, config, players=players, db=db, rng=rng)

    def join(self, name: str) -> PlayerSeated:
        """One more participant, before the first deal."""
        return _last(self._do(Sit(name)), PlayerSeated)

    def predict(self, name: str, box: Outcome | str) -> BetPlaced:
        """Record (or change) ``name``'s prediction for the coming deal."""
        return _last(self._do(Bet(name, box)), BetPlaced)

    def withdraw(self, name: str) -> BetWithdrawn:
        """Take back ``name``'s prediction before the deal."""
        return _last(self._do(Withdraw(name)), BetWithdrawn)

    @property
    def predictions(self) -> dict[str, Outcome | None]:
        """Each participant's prediction for the coming deal (None: not yet)."""
        return {p.name: session_prediction(p.bets) for p in self.state.seated}

    @property
    def missing(self) -> tuple[str, ...]:
        """Who has not predicted yet."""
        return tuple(p.name for p in self.state.seated if not p.bets)

    @property
    def scores(self) -> dict[str, Amount]:
        """Each participant's score (exact; negative allowed)."""
        return self.state.balances

    @property
    def winners(self) -> tuple[str, ...]:
        """After the last deal, the leaders (tied leaders share the win)."""
        return self.state.winners

    @property
    def ranking(self) -> list[tuple[str, Amount]]:
        """Participants by score, best first (equal scores in seat order)."""
        return [(s.name, s.score) for s in ranking(self.scores)]


class CasinoTable(Game):
    """Seeds 000-002's casino table: seats, bankrolls in cents, three boxes each,
    a six-deck shoe with burn and cut card, a shoe holder."""

    FORMAT = Format.CASINO

    def __init__(
        self,
        *,
        db: Db = None,
        table: str | None = None,
        rng: RandomSource | None = None,
        clock: Callable[[], float] = time.monotonic,
        **settings: Any,
    ) -> None:
        """``settings``: those of ``TableConfig.casino`` (seats, decks, limits, side
        bets...), the format's preset for the rest."""
        config = TableConfig.of(self.FORMAT, **settings)
        name = self.FORMAT.value if table is None else table
        super().__init__(name, config, db=db, rng=rng, clock=clock)

    def sit(self, name: str, bankroll: int, seat: int | None = None) -> PlayerSeated:
        """Seat ``name`` with ``bankroll`` cents (at ``seat``, else the first free one)."""
        return _last(self._do(Sit(name, bankroll, seat)), PlayerSeated)

    def leave(self, name: str) -> Amount:
        """``name`` leaves the table; returns the bankroll they take."""
        return _last(self._do(Leave(name)), PlayerLeft).bankroll

    def bet(self, name: str, box: Outcome | str, stake: int) -> BetPlaced:
        """Put ``stake`` cents on ``box`` (adds to what the box holds)."""
        return _last(self._do(Bet(name, box, stake)), BetPlaced)

    def withdraw(self, name: str, box: Outcome | str) -> BetWithdrawn:
        """Take back the stake on ``box`` before bets close."""
        return _last(self._do(Withdraw(name, box)), BetWithdrawn)

    def rebuy(self, name: str, amount: int) -> None:
        """``name`` adds ``amount`` cents to their bankroll between coups."""
        self._do(Rebuy(name, amount))

    def close_bets(self) -> None:
        """ "Rien ne va plus" (``deal`` does it too)."""
        self._do(CloseBets())

    def available(self, name: str) -> Amount:
        """What ``name`` may still stake this coup."""
        return self._table.player(name).available

    @property
    def house(self) -> Amount:
        """The house's result so far, in cents (collected less paid)."""
        return self.state.house

    @property
    def shoe_holder(self) -> str | None:
        """Who holds the shoe (seed 002)."""
        return self.state.holder

    @property
    def punto_hand(self) -> str | None:
        """Who received Punto's cards in the last coup (the largest Punto bet)."""
        last = self.state.last
        return None if last is None else last.punto_hand

    @property
    def shoe_number(self) -> int:
        """The current shoe's number (1 for the first)."""
        shoe = self.state.shoe
        assert shoe is not None
        return shoe.number

    @property
    def cards_left(self) -> int:
        """Cards still in the current shoe."""
        shoe = self.state.shoe
        assert shoe is not None
        return shoe.remaining


class CroupierTable(CasinoTable):
    """Seed 002's online table: a virtual croupier closes bets when its countdown
    runs out, or once every seated player has said they are ready, and deals at once.

    ``clock`` (default ``time.monotonic``) is read here, never by the table's
    core, which receives the time through ``tick(now)``.
    """

    FORMAT = Format.CROUPIER

    @classmethod
    def resume(
        cls, table: str | None = None, *, db: Db, clock: Callable[[], float] = time.monotonic
    ) -> Self:
        """Reopen a stored croupier table by its name alone."""
        self = super().resume(table, db=db)
        self._clock = clock
        return self

    def bet(self, name: str, box: Outcome | str, stake: int) -> BetPlaced:
        """Bet, then let the croupier look at its clock."""
        event = super().bet(name, box, stake)
        self.tick()
        return event

    def ready(self, name: str) -> Coup | None:
        """``name`` is ready: once every seated player is (with a bet on the table),
        the croupier deals without waiting out its countdown. Returns the coup dealt."""
        self._do(Ready(name))
        return self.tick()

    def tick(self) -> Coup | None:
        """Let the croupier look at the clock: deals when bets are due to close."""
        dealt = [e for e in self._do(Tick()) if isinstance(e, CoupDealt)]
        return resolve(dealt[-1].cards) if dealt else None

    @property
    def countdown_left(self) -> float | None:
        """Seconds before bets close (None: the countdown has not started)."""
        return self._table.countdown_left(self._clock())


def open_game(table: str, *, db: Db) -> Game:
    """Reopen any stored table by its name, as the class of its format."""
    engine = db if isinstance(db, Engine) else Engine(db)
    classes: dict[Format, type[Session] | type[CasinoTable] | type[CroupierTable]] = {
        kind.FORMAT: kind for kind in (Session, CasinoTable, CroupierTable)
    }
    try:
        fmt = engine.state(table).format
        if fmt not in classes:
            raise IllegalActionError("table.error.other_table", table=table, format=fmt.word)
    except BaseException:
        if engine is not db:
            engine.shutdown()
        raise
    game = classes[fmt].resume(table, db=engine)
    game._owns_store = engine is not db or game._owns_store
    return game


def _last(events: Sequence[Event], kind: type[E]) -> E:
    """The last event of ``kind`` among an action's events."""
    for event in reversed(events):
        if isinstance(event, kind):
            return event
    raise IllegalActionError("table.error.bad_event", reason=kind.__name__)
