"""The table's state machine: one class, ``Table``, whose every action is verify / can / do.

``verify_x(...)`` raises a named error when the action is refused,
``can_x(...)`` says yes or no, ``x(...)`` acts and returns the frozen event
it appended. Nothing here reads a clock, touches a file or draws from a global
random source: time comes in as an argument (``tick(now)``), randomness
through the table's seed or an injected source, and every new event goes to
an optional ``sink`` (the store) *before* the table's state moves on; if the
sink raises, the table is left exactly as it was.

Every action acts through ``_emit``: an event is folded into the state
(``table.state.apply``) and queued for the sink, and a batch sends its events
to the sink before the state moves on. The actions come in the order of a
coup: seats (sitting, leaving, rebuys), bets (stakes and closing bets),
shoes (the fair shuffle, seeds committed in advance, typed contributions,
reveals), the players' committed contributions to each shoe, the host's
physical cards, coups (dealing, settling, the next coup, the croupier's clock,
closing the table) and the players' hands (Punto's cards turned over by a
player, the shoe passed on by its holder).

The players' contributions to each shoe: at a table that takes contributions
(``TableConfig.takes_contributions``) no shoe is shuffled before its players
have had their say, and nobody who knows the server seed has the last word:

1. The shoe's server seed is committed first (``NextShoeCommitted``): shoe 1's
   when the table opens, each later one's when the shoe before it is shuffled.
2. Each seated player commits once (``commit_contribution``: the digest of 32
   random bytes that stay on their device).
3. The shoe is called when bets on it are about to open (``ShoeCalled``: shoe 1
   once the table has its fewest players, a later one when the shoe before it
   has ended and the next coup is asked for; in a session, at every deal). The
   table then takes no bet; seated players who have not committed have
   ``commit_seconds`` more.
4. Once every seated player has committed, or that time is up, the reveals open
   (``RevealsOpened``: no more commitments) and each committed player reveals
   (``reveal_contribution``: the value must match its digest).
5. Once every committed player has revealed, or ``reveal_seconds`` are up, the
   reveals close (``ContributionsClosed``, naming who did not reveal) and the
   shoe is shuffled with the revealed values in commit order, burned, and bets
   open.

Time comes in through ``tick(now)`` only: a window's seconds count from the
first tick after it opened (the events that open it are stored by then, so
their stored times never show a window shorter than its seconds), and a table
reopened in the middle of a window counts afresh.

The players' hands (seed 002): "La personne qui distribue les cartes [...]
doit donner encore deux cartes cachées au joueur qui a fait le pari le plus
élevé sur Punto. Le joueur Punto regarde les cartes et il les retourne pour le
joueur qui distribue." At a table with ``turn_seconds``, ``deal`` hands Punto's
two cards face down to the largest Punto bet and stops there; ``turn_punto``
(that player) or the dealer, once the seconds are up (``tick``), turns them
over, and the coup is dealt on, settled and followed by the next in the same
batch. "Les joueurs peuvent choisir de ne pas distribuer les cartes en passant
le 'Sabot' au joueur suivant": ``pass_shoe``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from inspect import signature
from typing import Concatenate, Final, NamedTuple, ParamSpec, Self, TypeVar

import puntobanco.fair as fair
import puntobanco.fair.contributions as contributions
from puntobanco.cards import Card, ShownCards
from puntobanco.coup import Coup, Outcome
from puntobanco.errors import (
    IllegalActionError,
    InvalidBetError,
    InvalidCardError,
    InvalidContributionError,
    InvalidNameError,
    PuntoBancoError,
    StoreError,
    UnknownPlayerError,
)
from puntobanco.fair.gathering import SHUFFLING, Gathering, Window
from puntobanco.i18n.shown import Listing, Quoted
from puntobanco.interrupts import deferred_signals
from puntobanco.learn.question import Question
from puntobanco.paytable import Amount, Box, Facts, paytable_order
from puntobanco.rng import RandomSource, SecureRandom
from puntobanco.shoe import Shoe
from puntobanco.table.config import MAX_AMOUNT, TableConfig, whole
from puntobanco.table.events import (
    AnswerShown,
    BetCollected,
    BetPaid,
    BetPlaced,
    BetReturned,
    BetsClosed,
    BetsOpened,
    BetWithdrawn,
    CardPlaced,
    CardUndone,
    ContributionCommitted,
    ContributionRevealed,
    ContributionsClosed,
    CoupAnnounced,
    CoupDealt,
    CoupRetracted,
    CoupSettled,
    Event,
    JoinAsked,
    JoinRefused,
    JoinsSet,
    NextShoeCommitted,
    NextShoeHidden,
    PlayerLeft,
    PlayerReady,
    PlayerRebought,
    PlayerRemoved,
    PlayerRenamed,
    PlayerSeated,
    PlayersSkipped,
    PredictionTimeSet,
    PuntoCardsHanded,
    PuntoCardsTurned,
    QuestionAnswered,
    QuestionPut,
    RebuyAsked,
    RebuyRefused,
    RematchOpened,
    RevealsOpened,
    SeedContributed,
    ShoeBurned,
    ShoeCalled,
    ShoeFinished,
    ShoeHolderChanged,
    ShoePassed,
    ShoeRevealed,
    ShoeShuffled,
    TableClosed,
    TableOpened,
    TablePaused,
    TableResumed,
)
from puntobanco.table.formats import CardSource
from puntobanco.table.lesson import MAX_ANSWER, questions
from puntobanco.table.names import check_name, name_key
from puntobanco.table.progress import CoupInProgress
from puntobanco.table.seating import largest_punto, next_seat
from puntobanco.table.standings import leaders
from puntobanco.table.state import TRANSITIONS, Phase, Player, TableState, apply, initial
from puntobanco.table.values import (
    Money,
    box_of,
    box_word,
    check_table_id,
    money_text,
    settled_net,
)

__all__ = ["Mark", "Sink", "Table", "money_text"]

#: Receives each action's new events, with the number of events stored
#: before them, and must make them durable before returning.
Sink = Callable[[int, Sequence[Event]], None]
E = TypeVar("E", bound=Event)
P = ParamSpec("P")
#: Seconds the table waits beyond a window's own, so that the stored times
#: (milliseconds, another clock) always show at least the whole window.
GRACE: Final = 0.25
#: The most cards a coup takes (two hands of three).
MAX_COUP_CARDS: Final = 6
#: Who may sit down without the host (``JoinsSet``).
JOIN_MODES: Final = ("open", "locked", "approval")
#: The longest reason the host gives for removing a player, in characters.
MAX_REASON: Final = 200
#: The fewest and most seconds a session's host may give its players to predict.
PREDICTION_SECONDS: Final = (5, 3600)


class Mark(NamedTuple):
    """Where a table stood (``Table.mark``): its state, its event count, its clocks."""

    state: TableState | None
    events: int
    countdown: float | None
    window: tuple[int, Window, float] | None
    turn: tuple[int, float] | None

    @property
    def clocks(
        self,
    ) -> tuple[float | None, tuple[int, Window, float] | None, tuple[int, float] | None]:
        """The clocks, as ``rewind`` sets them back."""
        return self.countdown, self.window, self.turn


def _can(verify: Callable[Concatenate[Table, P], object]) -> Callable[Concatenate[Table, P], bool]:
    """``Table.can_x`` of ``Table.verify_x``: True when ``x`` would be accepted."""

    def can(table: Table, /, *args: P.args, **kwargs: P.kwargs) -> bool:
        try:
            verify(table, *args, **kwargs)
        except PuntoBancoError:
            return False
        return True

    action = verify.__name__.removeprefix("verify_")
    can.__name__ = f"can_{action}"
    can.__qualname__ = f"Table.{can.__name__}"
    can.__doc__ = f"True when ``{action}`` would be accepted."
    can.__signature__ = signature(verify).replace(return_annotation="bool")  # type: ignore[attr-defined]
    return can


class Table:
    """One table's state machine over its event log.

    Build a new table with ``Table.open(...)`` or rebuild one from its
    events with ``Table(events)``.
    """

    def __init__(
        self,
        events: Iterable[Event] = (),
        *,
        sink: Sink | None = None,
        rng: RandomSource | None = None,
        snapshot: TableState | None = None,
    ) -> None:
        self._events: list[Event] = []
        self._state: TableState | None = snapshot
        self._base = 0 if snapshot is None else snapshot.events
        self._sink = sink
        self._rng = rng
        #: The fair scheme's (server seed, client seed) of the shoe being shuffled,
        #: and where that server seed came from (``fair.INJECTED``, or None: the OS).
        self._fair_seeds: tuple[str, str] | None = None
        self._fair_source: str | None = None
        self._pending: list[Event] | None = None
        self._countdown_from: float | None = None
        #: ``(shoe, window, since)``: when the open window was first seen by a tick.
        self._window_since: tuple[int, Window, float] | None = None
        #: ``(coup, since)``: when a tick first saw Punto's cards face down.
        self._turn_since: tuple[int, float] | None = None
        self._shoe: tuple[int, Shoe] | None = None
        #: ``(coup, since)``: when a tick first saw a session's bets open.
        self._predict_since: tuple[int, float] | None = None
        for event in events:
            self._fold(event)

    @property
    def state(self) -> TableState:
        """The current state (a fold over ``events``)."""
        assert self._state is not None, "the table has not opened"
        return self._state

    @property
    def config(self) -> TableConfig:
        """The table's settings."""
        return self.state.config

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event since the table was built, oldest first: its whole log,
        unless it was rebuilt from a snapshot (then the events after it)."""
        return tuple(self._events)

    def events_since(self, count: int) -> tuple[Event, ...]:
        """The events after the table's ``count``-th (the last ones of ``events``)."""
        return tuple(self._events[count - self._base :])

    @property
    def event_count(self) -> int:
        """How many events the log holds."""
        return self._base + len(self._events)

    @property
    def from_snapshot(self) -> bool:
        """True when the table was rebuilt from a snapshot (``events`` is not the whole log)."""
        return self._base > 0

    @property
    def phase(self) -> Phase:
        """The phase of the coup in play."""
        return self.state.phase

    @property
    def shoe_coups(self) -> tuple[Coup, ...]:
        """The coups dealt from the current shoe, oldest first (for the roads)."""
        return self.state.shoe_coups

    def player(self, name: str) -> Player:
        """The seated player ``name`` (case ignored); ``UnknownPlayerError`` otherwise."""
        player = self.state.find(name) if isinstance(name, str) else None
        if player is None:
            names = ", ".join(p.name for p in self.state.seated) or "-"
            raise UnknownPlayerError("table.error.unknown_player", name=name, players=names)
        return player

    def mark(self) -> Mark:
        """Where the table stands now, to come back to (``rewind``)."""
        return Mark(
            self._state,
            self.event_count,
            self._countdown_from,
            self._window_since,
            self._turn_since,
        )

    def rewind(self, mark: Mark) -> None:
        """Back to ``mark``: the events since are forgotten (the sink took them, but
        their write failed), the clocks as they were."""
        assert self._pending is None, "rewind() inside a batch"
        del self._events[mark.events - self._base :]
        self._state = mark.state
        self._countdown_from, self._window_since, self._turn_since = mark.clocks

    @contextmanager
    def batch(self: Self) -> Iterator[None]:
        """Group actions: their events reach the sink together, or the table rolls back.

        Any error inside the batch (a refused action, a failing sink) leaves
        the table exactly as before the batch.
        """
        if self._pending is not None:
            yield
            return
        # Signal handlers that raise (Ctrl-C) wait until the batch is over:
        # interrupted anywhere, the table ends up either as before (nothing
        # stored) or moved on (all stored), never between the two.
        with deferred_signals():
            saved_state, saved_count = self._state, len(self._events)
            saved_countdown = self._countdown_from
            self._pending = []
            try:
                yield
                sink = self._sink
                if self._pending and sink is not None:
                    sink(self._base + saved_count, tuple(self._pending))
            except BaseException:
                self._state = saved_state
                self._countdown_from = saved_countdown
                del self._events[saved_count:]
                raise
            finally:
                self._pending = None

    def trial(self, action: Callable[[], object]) -> None:
        """Run ``action`` and roll everything back: its error, if any, is raised;
        nothing reaches the sink, and no injected random source is drawn from."""
        saved_rng, self._rng = self._rng, SecureRandom() if self._rng is not None else None
        try:
            if self._pending is not None:  # inside a batch: the batch's own roll-back
                try:
                    with self.batch():
                        action()
                        raise _Trial
                except _Trial:
                    pass
                return
            # What ``batch`` saves, put back as it would be on an error; no signal is
            # held back, since nothing is stored (the views try the player's tools
            # this way after every bet: a batch's generator costs more than the try).
            saved_state, saved_count = self._state, len(self._events)
            saved_countdown = self._countdown_from
            self._pending = []
            try:
                action()
            finally:
                self._state = saved_state
                self._countdown_from = saved_countdown
                del self._events[saved_count:]
                self._pending = None
        finally:
            self._rng = saved_rng

    def follow(self, events: Iterable[Event]) -> None:
        """Fold ``events`` that another writer stored after this table's last event
        (another process on the same log): the state moves on as if this table had
        emitted them; nothing reaches the sink."""
        assert self._pending is None, "follow() inside a batch"
        for event in events:
            self._fold(event)
        self._shoe = None  # the other writer may have dealt from the shoe

    def _fold(self, event: Event) -> None:
        if self._state is None:
            if not isinstance(event, TableOpened):
                raise StoreError("table.error.bad_event", reason="a log starts with TableOpened")
            self._state = initial(event)
        else:
            self._state = apply(self._state, event)
        self._events.append(event)

    def _emit(self, event: E) -> E:
        if self._pending is None:
            with self.batch():
                return self._emit(event)
        self._fold(event)
        self._pending.append(event)
        return event

    def allows(self, action: str) -> bool:
        """True when the one transition table allows ``action`` (``"bet"``,
        ``"place_card"``...) in the current phase; the action's own rules (stakes,
        players, cards) are checked when it is done. What a front-end asks instead
        of reading the phase."""
        return action in TRANSITIONS[self.state.phase]

    def _check_phase(self, action: str) -> None:
        state = self.state
        if action not in TRANSITIONS[state.phase]:
            self._check_players()  # a first shoe waits for the table's fewest players
            raise IllegalActionError(f"table.error.phase.{state.phase.value}", coup=state.coup)

    def _last(self, kind: type[E]) -> E:
        for event in reversed(self._events):
            if isinstance(event, kind):
                return event
        raise AssertionError(f"no {kind.__name__} in the log")

    # -- seats: sitting, leaving, rebuys -------------------------------------------------------

    def verify_sit(self, name: str, bankroll: Amount = 0, seat: int | None = None) -> None:
        """Raise unless ``name`` may sit now with ``bankroll``, at ``seat`` if given."""
        self._check_phase("sit")
        state = self.state
        if state.config.rules.seats_locked and (state.completed or state.coup > 1):
            raise IllegalActionError("table.error.session_started")
        text = check_name(name_text(name))
        if state.find(text) is not None or self.asked(text) is not None:
            raise InvalidNameError("table.error.name.taken", name=text)
        if len(state.players) >= state.config.seats:
            raise IllegalActionError("table.error.full", seats=state.config.seats)
        if seat is not None:
            taken = {p.seat for p in state.players.values()}
            if (
                isinstance(seat, bool)
                or not isinstance(seat, int)
                or not 1 <= seat <= state.config.seats
                or seat in taken
            ):
                raise IllegalActionError("table.error.seat", seat=seat, seats=state.config.seats)
        if isinstance(bankroll, bool) or not isinstance(bankroll, int):
            raise InvalidBetError("table.error.bankroll", bankroll=bankroll)
        if state.config.money:
            if not 0 < bankroll <= MAX_AMOUNT:
                raise InvalidBetError("table.error.bankroll", bankroll=bankroll)
        elif bankroll != 0:
            raise InvalidBetError("table.error.bankroll", bankroll=bankroll)

    can_sit = _can(verify_sit)

    def sit(
        self, name: str, bankroll: Amount = 0, seat: int | None = None, *, house: bool = False
    ) -> PlayerSeated:
        """Seat a player (a session's participant starts at 0 points); ``house``: the
        operator seats them itself (the host, the program running the table), no
        device of the player's own behind the seat (``PlayerSeated.house``).

        At a casino table the first player to sit holds the shoe.
        """
        self.verify_sit(name, bankroll, seat)
        return self._seat(check_name(name), bankroll, seat, house=house)

    def _seat(
        self, name: str, bankroll: Amount, seat: int | None, *, house: bool = False
    ) -> PlayerSeated:
        state = self.state
        if seat is None:
            taken = {p.seat for p in state.players.values()}
            seat = min(s for s in range(1, state.config.seats + 1) if s not in taken)
        with self.batch():
            event = self._emit(PlayerSeated(name, seat, bankroll, True if house else None))
            if state.config.rules.shoe_holder and state.holder is None:
                self._emit(ShoeHolderChanged(event.name))
            self._gather()  # the first shoe may be called now (contributions)
        return event

    # -- the host's hand on the seats: removal, joins, a session's time to predict -------

    def asked(self, name: str) -> str | None:
        """The name of the request to sit that ``name`` is (case ignored), if any."""
        key = name_key(name) if isinstance(name, str) else None
        return next((n for n in self.state.asking if name_key(n) == key), None)

    def verify_remove(self, name: str, reason: str = "") -> None:
        """Raise unless the host may remove ``name`` now (bets open or between coups:
        no stake of theirs in play), for ``reason`` (at most ``MAX_REASON`` characters)."""
        self._check_phase("leave")
        self.player(name)
        if not isinstance(reason, str) or len(reason) > MAX_REASON:
            raise IllegalActionError("table.error.reason", limit=MAX_REASON)

    can_remove = _can(verify_remove)

    def remove(self, name: str, reason: str = "") -> PlayerLeft:
        """The host removes a player: the log says who and why (``PlayerRemoved``),
        their open bets are returned, they leave with their balance, and the shoe
        passes on if they held it; a session's seats locked after its start or a
        missing prediction do not stop it."""
        self.verify_remove(name, reason)
        player = self.player(name)
        holder = self.state.holder
        with self.batch():
            self._emit(PlayerRemoved(player.name, " ".join(reason.split())))
            for box, stake in player.bets.items():
                self._emit(BetWithdrawn(player.name, box, stake))
            player = self.player(player.name)
            event = self._emit(PlayerLeft(player.name, player.seat, player.balance))
            if holder == player.name:
                self._emit(ShoeHolderChanged(next_seat(self.state, player.seat)))
            self._gather()
        return event

    def verify_rename(self, name: str, new_name: str) -> None:
        """Raise unless the host may rename player ``name`` to ``new_name`` now: the
        table is open, ``name`` is seated, ``new_name`` is a valid name
        (``check_name``) that nobody else at the table (seated, or asking to sit)
        goes by, and not the name they already have."""
        if self.phase is Phase.ENDED:
            self._check_phase("sit")
        player = self.player(name)
        text = check_name(name_text(new_name))
        if text == player.name:
            raise InvalidNameError("table.error.name.same", name=text)
        other = self.state.find(text)
        if (other is not None and other.name != player.name) or self.asked(text) is not None:
            raise InvalidNameError("table.error.name.taken", name=text)

    can_rename = _can(verify_rename)

    def rename(self, name: str, new_name: str) -> PlayerRenamed:
        """The host renames a player (a case change too): the same seat, balance, bets
        and seating (so their credential) under ``new_name``; the old name is free."""
        self.verify_rename(name, new_name)
        return self._emit(PlayerRenamed(self.player(name).name, check_name(name_text(new_name))))

    def verify_set_joins(self, mode: str) -> None:
        """Raise unless ``mode`` is one of ``JOIN_MODES`` and the table is open."""
        if self.phase is Phase.ENDED:
            self._check_phase("sit")
        if mode not in JOIN_MODES:
            raise IllegalActionError(
                "table.error.joins_mode", mode=mode, modes=", ".join(JOIN_MODES)
            )

    def set_joins(self, mode: str) -> JoinsSet:
        """Open the table to joins, lock it, or make each join wait for the host."""
        self.verify_set_joins(mode)
        return self._emit(JoinsSet(mode))

    def ask_to_join(self, name: str, bankroll: Amount = 0) -> JoinAsked:
        """``name`` asks to sit (a table whose joins the host approves); the host
        answers with ``admit`` or ``refuse``."""
        self.verify_sit(name, bankroll)
        return self._emit(JoinAsked(check_name(name), bankroll))

    def verify_admit(self, name: str) -> None:
        """Raise unless ``name`` asked to sit and may be seated now."""
        self._check_phase("sit")
        asked = self.asked(name)
        if asked is None:
            raise UnknownPlayerError("table.error.no_request", name=name)
        if len(self.state.players) >= self.state.config.seats:
            raise IllegalActionError("table.error.full", seats=self.state.config.seats)

    def admit(self, name: str) -> PlayerSeated:
        """The host seats ``name``, who asked to sit, with the bankroll they asked."""
        self.verify_admit(name)
        asked = self.asked(name)
        assert asked is not None
        return self._seat(asked, self.state.asking[asked][1], None)

    def refuse(self, name: str) -> JoinRefused | RebuyRefused:
        """The host turns ``name``'s request away: to sit, or to buy in again."""
        asked = self.asked(name)
        if asked is not None:
            return self._emit(JoinRefused(asked))
        rebuy = self.rebuy_asked(name)
        if rebuy is None:
            raise UnknownPlayerError("table.error.no_request", name=name)
        return self._emit(RebuyRefused(rebuy))

    def _missing(self) -> list[str]:
        state = self.state
        return [p.name for p in state.seated if not p.bets and p.name not in state.without]

    def verify_skip_missing(self) -> None:
        """Raise unless a session's coup may be dealt without the players who have not
        predicted: bets open, someone missing, someone who has predicted."""
        state = self.state
        if not state.config.rules.everyone_bets:
            raise IllegalActionError("table.error.not_everyone_bets")
        self._check_phase("close_bets")
        if not self._missing():
            raise IllegalActionError("table.error.nobody_missing", coup=state.coup)
        if not any(p.bets for p in state.players.values()):
            raise IllegalActionError("table.error.no_bets", coup=state.coup)

    can_skip_missing = _can(verify_skip_missing)

    def skip_missing(self) -> PlayersSkipped:
        """Deal the session's coup without those who have not predicted (they score
        nothing on it); the host still deals."""
        self.verify_skip_missing()
        names = (*self.state.without, *self._missing())
        return self._emit(PlayersSkipped(self.state.coup, names))

    def verify_set_prediction_time(self, seconds: int | None) -> None:
        """Raise unless ``seconds`` (None, or whole seconds within
        ``PREDICTION_SECONDS``) may be set: a session's, before it ends."""
        if not self.state.config.rules.everyone_bets:
            raise IllegalActionError("table.error.not_everyone_bets")
        if self.phase is Phase.ENDED:
            self._check_phase("sit")
        low, high = PREDICTION_SECONDS
        if seconds is not None and (
            isinstance(seconds, bool) or not isinstance(seconds, int) or not low <= seconds <= high
        ):
            raise IllegalActionError("table.error.prediction_time", low=low, high=high)

    def set_prediction_time(self, seconds: int | None) -> PredictionTimeSet:
        """Give a session's players ``seconds`` to predict from when bets open; after
        that a tick deals the coup without those who have not (None: no limit)."""
        self.verify_set_prediction_time(seconds)
        return self._emit(PredictionTimeSet(seconds))

    def _tick_predictions(self, now: float) -> None:
        """A session's time to predict, started at the first tick that sees its bets
        open: once up, the coup is dealt without those who have not predicted."""
        state = self.state
        seconds = state.prediction_seconds
        if seconds is None or state.phase is not Phase.BETS_OPEN:
            return
        if self._predict_since is None or self._predict_since[0] != state.coup:
            self._predict_since = (state.coup, now)
        elif now - self._predict_since[1] >= seconds and self.can_skip_missing():
            self.skip_missing()

    def verify_leave(self, name: str) -> None:
        """Raise unless ``name`` may leave now (no stake on the table)."""
        self._check_phase("leave")
        player = self.player(name)
        rules = self.state.config.rules
        if rules.seats_locked and (self.state.completed or self.state.coup > 1):
            raise IllegalActionError("table.error.session_started")
        if player.bets:
            raise IllegalActionError("table.error.leave_with_bets", name=player.name)

    can_leave = _can(verify_leave)

    def leave(self, name: str) -> PlayerLeft:
        """The player leaves with their balance; the shoe passes on if they held it."""
        self.verify_leave(name)
        player = self.player(name)
        holder = self.state.holder
        with self.batch():
            event = self._emit(PlayerLeft(player.name, player.seat, player.balance))
            if holder == player.name:
                self._emit(ShoeHolderChanged(next_seat(self.state, player.seat)))
            self._gather()  # the others may all have committed now (contributions)
        return event

    def verify_rebuy(self, name: str, amount: Amount) -> None:
        """Raise unless ``name`` may add ``amount`` to their bankroll now: between
        coups, at a table that plays for money, while their balance is below the
        table's minimum, and back up to at most the bankroll they sat down with
        (``rebuy_room``)."""
        self._check_phase("rebuy")
        player = self.player(name)
        config = self.config
        if not config.money:
            raise IllegalActionError("table.error.no_rebuy")
        money = config.money
        if player.balance >= config.minimum:
            raise IllegalActionError(
                "table.error.rebuy_covered",
                name=player.name,
                balance=Money(player.balance, money),
                minimum=Money(config.minimum, money),
            )
        room = self.rebuy_room(player.name)
        if not whole(amount) or amount <= 0 or amount > MAX_AMOUNT - player.balance:
            raise InvalidBetError("table.error.bankroll", bankroll=amount)
        if amount > room:
            raise InvalidBetError(
                "table.error.rebuy_above_bankroll",
                name=player.name,
                amount=Money(amount, money),
                bankroll=Money(player.sat_with, money),
                most=Money(room, money),
            )

    can_rebuy = _can(verify_rebuy)

    def rebuy_room(self, name: str) -> Amount:
        """The most ``name`` may buy in again for: what brings their balance back up
        to the bankroll they sat down with."""
        player = self.player(name)
        return max(0, player.sat_with - player.balance)

    def rebuy(self, name: str, amount: Amount) -> PlayerRebought:
        """``name`` brings ``amount`` more to the table (at a table whose host
        approves rebuys, the host grants a request so)."""
        self.verify_rebuy(name, amount)
        return self._emit(PlayerRebought(self.player(name).name, amount))

    def rebuy_asked(self, name: str) -> str | None:
        """The name of the player whose rebuy request ``name`` is (case ignored), if any."""
        key = name_key(name) if isinstance(name, str) else None
        return next((n for n in self.state.rebuys if name_key(n) == key), None)

    def ask_rebuy(self, name: str, amount: Amount) -> RebuyAsked:
        """``name`` asks to buy in again for ``amount`` (``TableConfig.rebuy_approval``):
        the host grants it with ``rebuy`` or turns it away with ``refuse``. The
        request is checked as the rebuy itself; a new one replaces the last."""
        self.verify_rebuy(name, amount)
        return self._emit(RebuyAsked(self.player(name).name, amount))

    # -- bets: stakes within the limits, and closing bets --------------------------------------

    def verify_bet(self, name: str, box: Box, stake: Amount | None = None) -> None:
        """Raise unless ``name`` may put ``stake`` on ``box`` now.

        In a session the stake is the table's (``None`` means it) and the box one
        of the three. At a casino the box's total must stay within its limits
        (``TableConfig.limits``: the table's, Égalité's, or the side bet's) and the
        player's bankroll; Punto and Banco together are refused (seed 001); a side
        bet must be one the table offers.
        """
        self._check_phase("bet")
        self._check_running()
        state = self.state
        config = state.config
        player = self.player(name)
        outcome = box_of(box)
        if config.rules.one_prediction:
            if not isinstance(outcome, Outcome):
                raise InvalidBetError(
                    "table.error.session_box", format=config.format.word, box=box_word(outcome)
                )
            if stake is not None and (not whole(stake) or stake != config.stake):
                raise InvalidBetError("table.error.session_stake", stake=stake, fixed=config.stake)
            return
        if not isinstance(outcome, Outcome) and outcome not in config.offered_side_bets:
            raise InvalidBetError(
                "table.error.side_bet_not_offered",
                box=box_word(outcome),
                offered=Listing(tuple(map(box_word, config.offered_side_bets)) or ("-",)),
            )
        if stake is None:
            raise InvalidBetError("table.error.stake_missing", box=box_word(outcome))
        if not isinstance(stake, int) or isinstance(stake, bool) or not 0 < stake <= MAX_AMOUNT:
            raise InvalidBetError("table.error.stake", stake=stake)
        other = (
            {Outcome.PUNTO: Outcome.BANCO, Outcome.BANCO: Outcome.PUNTO}.get(outcome)
            if isinstance(outcome, Outcome)
            else None
        )
        if other is not None and player.stake(other):
            raise InvalidBetError("table.error.punto_and_banco", name=player.name)
        low, high = config.limits(outcome)
        total = player.stake(outcome) + stake
        # Put into words when the reader's language is known: "5 000,00 sur Banco".
        money = config.money
        text = {"box": box_word(outcome), "stake": Money(stake, money)}
        if total < low:
            raise InvalidBetError("table.error.below_minimum", minimum=Money(low, money), **text)
        if total > high:
            raise InvalidBetError("table.error.above_maximum", maximum=Money(high, money), **text)
        if stake > player.available:
            raise InvalidBetError(
                "table.error.above_bankroll",
                name=player.name,
                available=Money(player.available, money),
                **text,
            )

    can_bet = _can(verify_bet)

    def bet(self, name: str, box: Box, stake: Amount | None = None) -> BetPlaced:
        """Place ``stake`` on ``box``: adds to the box at a casino; in a session,
        records (or changes) the player's one prediction."""
        self.verify_bet(name, box, stake)
        player = self.player(name)
        amount = self.config.stake if self.config.rules.one_prediction else stake
        assert amount is not None
        return self._emit(BetPlaced(player.name, box_of(box), amount))

    def predict(self, name: str, box: Outcome | str) -> BetPlaced:
        """A session's prediction with the table's stake (same as ``bet``)."""
        return self.bet(name, box)

    # -- the host's pause: nothing dealt, no bet, no countdown ---------------------------------

    def _check_running(self) -> None:
        """Raise while the host has paused the table."""
        if self.state.paused:
            raise IllegalActionError("table.error.paused", coup=self.state.coup)

    def verify_pause(self) -> None:
        """Raise unless the host may pause the table now: bets open, not paused."""
        self._check_phase("bet")
        if self.state.paused:
            raise IllegalActionError("table.error.paused_already")

    can_pause = _can(verify_pause)

    def pause(self) -> TablePaused:
        """Pause the table: bets, deals and the croupier's countdown wait for ``resume``
        (the bets on the layout stay; they may be taken back)."""
        self.verify_pause()
        event = self._emit(TablePaused(self.state.coup))
        self._countdown_from = None  # counted afresh once resumed
        self._predict_since = None
        return event

    def verify_resume(self) -> None:
        """Raise unless the table is paused."""
        if not self.state.paused:
            raise IllegalActionError("table.error.not_paused")

    can_resume = _can(verify_resume)

    def resume(self) -> TableResumed:
        """Resume a paused table."""
        self.verify_resume()
        return self._emit(TableResumed(self.state.coup))

    # -- the player's tools on the layout: the last bet again, doubled, a chip back ------------

    def _chips_of(self, name: str, action: str) -> Player:
        """The player ``name`` at a table of chips, bets open (``action``'s phase)."""
        self._check_phase(action)
        player = self.player(name)
        if self.config.rules.one_prediction:
            raise IllegalActionError("table.error.no_chips", format=self.config.format.word)
        return player

    def _rebet_of(self, name: str) -> Player:
        """The player ``name``, whose layout is empty and who has a last coup's bets to
        put down again; else the reason why not."""
        player = self._chips_of(name, "bet")
        if player.bets:
            raise IllegalActionError("table.error.rebet_placed", name=player.name)
        if not player.last_bets:
            raise IllegalActionError("table.error.rebet_none", name=player.name)
        return player

    def verify_rebet(self, name: str) -> None:
        """Raise unless ``name`` may put the bets of the last coup they played down
        again: an empty layout (refused without a trial otherwise: the phones ask
        after every bet), and each stake within its limits and their bankroll."""
        self._rebet_of(name)
        self.trial(lambda: self.rebet(name))

    can_rebet = _can(verify_rebet)

    def rebet(self, name: str) -> tuple[BetPlaced, ...]:
        """Put the bets of the last coup ``name`` played down again, box by box, in one
        batch: all of them, or none with the reason the first refused gives."""
        player = self._rebet_of(name)
        with self.batch():
            return tuple(self.bet(player.name, box, stake) for box, stake in player.last_bets)

    def _double_of(self, name: str) -> Player:
        """The player ``name``, who has stakes on the layout to double; else the reason
        why not."""
        player = self._chips_of(name, "bet")
        if not player.bets:
            raise IllegalActionError("table.error.no_chips_down", name=player.name)
        return player

    def verify_double(self, name: str) -> None:
        """Raise unless ``name`` may double every stake they have on the layout (an
        empty layout refused without a trial)."""
        self._double_of(name)
        self.trial(lambda: self.double(name))

    can_double = _can(verify_double)

    def double(self, name: str) -> tuple[BetPlaced, ...]:
        """Put a chip equal to each stake of ``name``'s beside it, in one batch: all of
        them, or none with the reason (a maximum, the bankroll)."""
        player = self._double_of(name)
        with self.batch():
            return tuple(self.bet(player.name, box, stake) for box, stake in player.bets.items())

    def verify_undo_bet(self, name: str) -> None:
        """Raise unless ``name`` has a chip on the layout to take back now."""
        player = self._chips_of(name, "withdraw")
        if not player.chips:
            raise IllegalActionError("table.error.no_chips_down", name=player.name)

    can_undo_bet = _can(verify_undo_bet)

    def undo_bet(self, name: str) -> BetWithdrawn:
        """Take back the last chip ``name`` put down (the box keeps what it held before
        it, a total its limits accepted then)."""
        self.verify_undo_bet(name)
        player = self.player(name)
        box, stake = player.chips[-1]
        return self._emit(BetWithdrawn(player.name, box, stake))

    def verify_clear_bets(self, name: str) -> None:
        """Raise unless ``name`` has a stake on the layout to take back now."""
        player = self._chips_of(name, "withdraw")
        if not player.bets:
            raise IllegalActionError("table.error.no_chips_down", name=player.name)

    can_clear_bets = _can(verify_clear_bets)

    def clear_bets(self, name: str) -> tuple[BetWithdrawn, ...]:
        """Take back every stake of ``name``'s, box by box, in one batch."""
        self.verify_clear_bets(name)
        player = self.player(name)
        with self.batch():
            return tuple(self.withdraw(player.name, box) for box in list(player.bets))

    def verify_withdraw(self, name: str, box: Box) -> None:
        """Raise unless ``name`` has a stake on ``box`` that may be taken back now."""
        self._check_phase("withdraw")
        player = self.player(name)
        outcome = box_of(box)
        if not player.stake(outcome):
            raise IllegalActionError("table.error.no_bet", name=player.name, box=box_word(outcome))

    can_withdraw = _can(verify_withdraw)

    def withdraw(self, name: str, box: Box) -> BetWithdrawn:
        """Take back the whole stake on ``box`` before bets close."""
        self.verify_withdraw(name, box)
        player = self.player(name)
        outcome = box_of(box)
        return self._emit(BetWithdrawn(player.name, outcome, player.stake(outcome)))

    def verify_close_bets(self) -> None:
        """Raise unless bets may close: a session needs every prediction, a
        casino table at least one bet."""
        self._check_phase("close_bets")
        self._check_running()
        state = self.state
        rules = state.config.rules
        if rules.everyone_bets:
            if len(state.players) < rules.min_players:
                raise IllegalActionError(
                    "table.error.too_few_players", count=len(state.players), low=rules.min_players
                )
            missing = self._missing()
            if missing:
                raise IllegalActionError(
                    "table.error.missing", coup=state.coup, names=", ".join(missing)
                )
        elif not any(p.bets for p in state.players.values()):
            raise IllegalActionError("table.error.no_bets", coup=state.coup)

    can_close_bets = _can(verify_close_bets)

    def close_bets(self) -> BetsClosed:
        """ "Rien ne va plus"."""
        self.verify_close_bets()
        self._countdown_from = None
        return self._emit(BetsClosed(self.state.coup))

    # -- shoes: the fair shuffle, seeds committed in advance, typed contributions, reveals -----

    def _server_seed(self, number: int) -> bytes:
        """Shoe ``number``'s server seed: derived from the table's seed (replays,
        tests, teaching: not secret, and said so), else drawn from the table's
        random source."""
        seed = self.config.seed
        if seed is not None:
            return fair.derived_server_seed(seed, number)
        # Play for real: the injected random source draws the 32-byte server
        # seed (by default the OS's secure source; any other is said, ``_seed_source``).
        rng: RandomSource = self._rng or SecureRandom()
        return bytes(rng.randbelow(256) for _ in range(fair.SEED_BYTES))

    def _seed_source(self) -> str | None:
        """Where the server seeds this table draws come from, as its log says it: None,
        the operating system's secure source; ``fair.INJECTED``, a random source the
        program gave the table (its shoes are then not secret, and say so)."""
        if self.config.seed is not None or self._rng is None or type(self._rng) is SecureRandom:
            return None
        return fair.INJECTED

    def _shuffled_order(self, number: int) -> list[Card]:
        """Shoe ``number``'s order by the provably fair scheme, with the server seed
        committed for it in advance and its players' contributions; a shoe with no
        commitment (the first, or one of a table stored before seeds were committed
        in advance) takes a seed drawn now."""
        committed = self.state.next_shoe
        if committed is not None and committed.number == number and committed.server_seed:
            server_seed = bytes.fromhex(committed.server_seed)
            contributions = (*committed.texts, *self._revealed_values(number))
            self._fair_source = committed.source
        else:
            server_seed, contributions = self._server_seed(number), ()
            self._fair_source = self._seed_source()
        client = fair.client_seed(self.state.table, number, contributions)
        self._fair_seeds = (server_seed.hex(), client)
        return list(fair.shoe_order(server_seed, client, number, self.config.decks))

    def _next_commitment(self, number: int) -> NextShoeCommitted | NextShoeHidden | None:
        """The event that commits shoe ``number``'s server seed in advance (a replay
        of a log written before seeds were committed in advance: None)."""
        return NextShoeCommitted(number, self._server_seed(number).hex(), self._seed_source())

    def _shoe_follows(self, number: int) -> bool:
        """False when no shoe comes after shoe ``number`` (a session's last deal)."""
        config = self.config
        deals = config.deals
        return not (
            config.shoe_config.reshuffle_every_coup and deals is not None and number >= deals
        )

    def _new_shoe(self, number: int) -> None:
        config = self.config
        if self._awaits_contributions(number):  # shuffled once they are in (contributions)
            return
        if config.real_cards:
            # Physical cards: the shoe's order is nobody's to know.
            self._emit(ShoeShuffled(number, (), None))
            return
        self._fair_seeds, self._fair_source = None, None
        cards = self._shuffled_order(number)
        seeds = self._fair_seeds or (None, None)
        source = self._fair_source if self._fair_seeds else None
        self._emit(ShoeShuffled(number, tuple(cards), config.cut_card, *seeds, source=source))
        if config.burn:
            shoe = Shoe.stacked(cards, decks=config.decks)
            burn = shoe.burn()
            self._emit(ShoeBurned(number, burn.turned, burn.burned))
        if self._shoe_follows(number):
            # The next shoe's seed is drawn now and only its commitment shown:
            # players contribute to its client seed knowing the seed is fixed.
            committed = self._next_commitment(number + 1)
            if committed is not None:
                self._emit(committed)

    def verify_contribute(self, name: str, text: str | None = None) -> None:
        """Raise unless ``name`` may add ``text`` to the next shoe's client seed now
        (``text`` None: whether they may, whatever the text).

        Refused at a table of real cards (no seed at all), where no shoe follows
        (a session's last deal), for a player who has already contributed to that
        shoe (one contribution each, final once recorded), once the shoe has
        ``fair.MAX_CONTRIBUTIONS``, and for a text ``fair.check_contribution`` refuses.
        """
        state = self.state
        if state.config.real_cards:
            raise IllegalActionError("table.error.contribute.real_cards")
        if state.config.reveal_seconds is not None:  # they commit first now (contributions)
            seeded = state.config.seed is not None
            key = "entropy.error.seeded" if seeded else "entropy.error.typed"
            raise IllegalActionError(key, table=state.table)
        self._check_phase("contribute")
        player = self.player(name)
        committed = state.next_shoe
        if committed is None:
            raise IllegalActionError("table.error.contribute.no_next_shoe")
        if any(who == player.name for who, _ in committed.contributions):
            raise IllegalActionError(
                "table.error.contribute.twice", name=player.name, shoe=committed.number
            )
        if len(committed.contributions) >= fair.MAX_CONTRIBUTIONS:
            raise IllegalActionError(
                "table.error.contribute.full", shoe=committed.number, high=fair.MAX_CONTRIBUTIONS
            )
        if text is not None:
            fair.check_contribution(text)

    can_contribute = _can(verify_contribute)

    def contribute(self, name: str, text: str) -> SeedContributed:
        """``name`` adds ``text`` to the client seed of the next shoe, whose server
        seed is already committed: that shoe is shuffled with
        ``fair.client_seed(table, shoe, every contribution in order)``."""
        if not isinstance(text, str):
            fair.check_contribution(text)  # raises, naming the value
        self.verify_contribute(name, text)
        committed = self.state.next_shoe
        assert committed is not None
        return self._emit(SeedContributed(committed.number, self.player(name).name, text))

    def _reveal(self) -> None:
        """Make the ended shoe's server seed public, once (the fair scheme)."""
        shoe = self.state.shoe
        if shoe is not None and shoe.server_seed is not None and not shoe.revealed:
            self._emit(ShoeRevealed(shoe.number, shoe.server_seed))

    # -- the players' committed contributions to each shoe: commit, then reveal ----------------

    def gathering(self) -> Gathering | None:
        """The contributions of the shoe to come (None: it takes none, or none comes)."""
        state = self.state
        committed = state.next_shoe
        if not state.config.takes_contributions or committed is None:
            return None
        current = state.entropy.current
        if current is not None and current.shoe == committed.number:
            return current
        return Gathering(committed.number)

    def _takes_contributions(self, shoe: int | None = None) -> Gathering:
        """The gathering of the shoe to come (it must be ``shoe`` if given: a command
        sent for a shoe since shuffled lands on no other), or the named reason why
        there is none."""
        state = self.state
        config = state.config
        if not config.takes_contributions:
            if config.real_cards:
                raise IllegalActionError("table.error.contribute.real_cards")
            if config.seed is not None:
                raise IllegalActionError("entropy.error.seeded", table=state.table)
            raise IllegalActionError("entropy.error.older_table", table=state.table)
        gathering = self.gathering()
        if gathering is None:
            raise IllegalActionError("table.error.contribute.no_next_shoe")
        if shoe is not None and shoe != gathering.shoe:
            raise IllegalActionError("entropy.error.other_shoe", shoe=shoe, next=gathering.shoe)
        return gathering

    def verify_commit_contribution(
        self, name: str, digest: str | None = None, *, shoe: int | None = None
    ) -> None:
        """Raise unless ``name`` may commit ``digest`` to the shoe to come now
        (``digest`` None: whether they may, whatever the digest; ``shoe``: the shoe
        it was made for, refused if that is not the shoe to come).

        Refused at a table that takes no contributions (real cards, a seed, a table
        stored before contributions were committed), once the shoe's reveals are
        open, for a second commitment of a player, and for a digest that is not 64
        lowercase hex digits or is another player's.
        """
        gathering = self._takes_contributions(shoe)
        self._check_phase("commit")
        player = self.player(name)
        if gathering.window not in (Window.COMMIT, Window.CALLED):
            raise IllegalActionError("entropy.error.commit_closed", shoe=gathering.shoe)
        if gathering.digest_of(player.name) is not None:
            raise IllegalActionError(
                "entropy.error.committed", name=player.name, shoe=gathering.shoe
            )
        if digest is not None:
            contributions.hex32(digest, "digest")
            if any(other == digest for _, other in gathering.commits):
                raise InvalidContributionError("entropy.error.copied", shoe=gathering.shoe)

    can_commit_contribution = _can(verify_commit_contribution)

    def commit_contribution(
        self, name: str, digest: str, *, shoe: int | None = None
    ) -> ContributionCommitted:
        """``name`` commits to a contribution to the shoe to come: ``digest`` is
        ``contributions.digest(table, shoe, name, value)``. The reveals open at once
        if the shoe is called and everyone seated has committed."""
        if not isinstance(digest, str):
            contributions.hex32(digest, "digest")  # raises, naming the value
        self.verify_commit_contribution(name, digest, shoe=shoe)
        gathering = self.gathering()
        assert gathering is not None
        with self.batch():
            player = self.player(name).name
            event = self._emit(ContributionCommitted(gathering.shoe, player, digest))
            self._gather()
        return event

    def _committed_name(self, gathering: Gathering, name: object) -> str | None:
        """The name as committed (case ignored): a player who left may still reveal."""
        if not isinstance(name, str):
            return None
        if gathering.digest_of(name) is not None:  # the exact name first: "Ana" renamed "ANA"
            return name
        return next((n for n, _ in gathering.commits if name_key(n) == name_key(name)), None)

    def verify_reveal_contribution(
        self, name: str, value: str | None = None, *, shoe: int | None = None
    ) -> None:
        """Raise unless ``name`` may reveal ``value`` now (``value`` None: whether
        they may, whatever the value): the reveals are open, ``name`` committed and
        has not revealed, and ``value`` is the one their commitment binds."""
        gathering = self._takes_contributions(shoe)
        self._check_phase("reveal")
        if gathering.window is not Window.REVEAL:
            raise IllegalActionError("entropy.error.not_revealing", shoe=gathering.shoe)
        committed = self._committed_name(gathering, name)
        if committed is None:
            raise IllegalActionError("entropy.error.not_committed", name=name, shoe=gathering.shoe)
        if gathering.has_revealed(committed):
            raise IllegalActionError("entropy.error.revealed", name=committed, shoe=gathering.shoe)
        if value is not None:
            digest = gathering.digest_of(committed)
            assert digest is not None
            table = self.state.table
            if not contributions.matches(table, gathering.shoe, committed, value, digest):
                raise InvalidContributionError(
                    "entropy.error.mismatch", name=committed, shoe=gathering.shoe
                )

    can_reveal_contribution = _can(verify_reveal_contribution)

    def reveal_contribution(
        self, name: str, value: str, *, shoe: int | None = None
    ) -> ContributionRevealed:
        """``name`` reveals the value they committed to. The last reveal closes the
        reveals, shuffles the shoe with the values and opens bets, in one batch."""
        if not isinstance(value, str):
            contributions.hex32(value, "value")  # raises, naming the value
        self.verify_reveal_contribution(name, value, shoe=shoe)
        gathering = self.gathering()
        assert gathering is not None
        committed = self._committed_name(gathering, name)
        assert committed is not None
        with self.batch():
            event = self._emit(ContributionRevealed(gathering.shoe, committed, value))
            self._gather()
        return event

    def _awaits_contributions(self, number: int) -> bool:
        """True when shoe ``number`` gathers its players' contributions before it is
        shuffled (its commitment, or its call, is emitted now instead); False when it
        is to be shuffled now (a table that takes none, or its reveals are over)."""
        state = self.state
        if not state.config.takes_contributions:
            return False
        last = state.entropy.last
        if last is not None and last.shoe == number and last.window is Window.CLOSED:
            return False
        committed = state.next_shoe
        if committed is None or committed.number != number:  # the first shoe, as the table opens
            first = self._next_commitment(number)
            if first is not None:  # (a replayed log without it is refused by its fold)
                self._emit(first)
        else:
            self._emit(ShoeCalled(number, self._seconds(Window.CALLED)))
        self._gather()
        return True

    def _check_players(self) -> None:
        """Raise ``table.error.too_few_players`` while a session's first shoe waits for
        its fewest participants (it is called once they are seated)."""
        state = self.state
        gathering = self.gathering()
        low = state.config.rules.min_players
        waiting = gathering is not None and gathering.window is Window.COMMIT
        if waiting and state.phase.value == SHUFFLING and len(state.players) < low > 1:
            raise IllegalActionError(
                "table.error.too_few_players", count=len(state.players), low=low
            )

    def _seconds(self, window: Window) -> int:
        config = self.state.config
        seconds = config.commit_seconds if window is Window.CALLED else config.reveal_seconds
        assert seconds is not None
        return seconds

    def _gather(self) -> None:
        """Move the shoe to come on as far as it goes without the clock: call it once
        the table has its fewest players, open its reveals once everyone seated has
        committed, close them once everyone committed has revealed."""
        state = self.state
        gathering = self.gathering()
        if gathering is None or state.phase.value != SHUFFLING:
            return
        if gathering.window is Window.COMMIT:
            if len(state.players) < state.config.rules.min_players:
                return
            self._emit(ShoeCalled(gathering.shoe, self._seconds(Window.CALLED)))
            gathering = self.gathering()
            assert gathering is not None
        if gathering.window is Window.CALLED:
            if any(gathering.digest_of(name) is None for name in self.state.players):
                return
            self._emit(RevealsOpened(gathering.shoe, self._seconds(Window.REVEAL)))
            gathering = self.gathering()
            assert gathering is not None
        if gathering.window is Window.REVEAL and not gathering.unrevealed:
            self._close_reveals(gathering)

    def _close_reveals(self, gathering: Gathering) -> None:
        """The reveals are over: name who is left out, shuffle with what was
        revealed (``_new_shoe`` reads it), open bets."""
        self._emit(ContributionsClosed(gathering.shoe, gathering.unrevealed))
        self._new_shoe(gathering.shoe)
        self._emit(BetsOpened(self.state.coup + 1))

    def expire_window(self) -> None:
        """The open window's seconds are up: the reveals open without the missing
        commitments, or close without the missing reveals."""
        gathering = self.gathering()
        if gathering is None or gathering.window not in (Window.CALLED, Window.REVEAL):
            raise IllegalActionError("entropy.error.no_window")
        with self.batch():
            if gathering.window is Window.CALLED:
                self._emit(RevealsOpened(gathering.shoe, self._seconds(Window.REVEAL)))
                self._gather()
            else:
                self._close_reveals(gathering)

    def _tick_contributions(self, now: float) -> None:
        """The clock of the shoe to come: a window's seconds count from the first
        tick that sees it open (see the module's docstring)."""
        gathering = self.gathering()
        if gathering is None or self.state.phase.value != SHUFFLING:
            return
        if gathering.window not in (Window.CALLED, Window.REVEAL):
            return
        since = self._window_since
        if since is None or since[:2] != (gathering.shoe, gathering.window):
            self._window_since = (gathering.shoe, gathering.window, now)
            return
        if now - since[2] >= self._seconds(gathering.window) + GRACE:
            self.expire_window()

    def _revealed_values(self, number: int) -> tuple[str, ...]:
        """The values shoe ``number`` is shuffled with (none at a table that takes none)."""
        gathering = self.state.entropy.of(number)
        return () if gathering is None else gathering.values

    # -- physical cards from the host, placed and taken back one by one ------------------------

    @property
    def in_progress(self) -> CoupInProgress:
        """The coup being dealt card by card (empty outside of a host's coup)."""
        return CoupInProgress(self.state.placed)

    def verify_place_card(self, card: Card | str) -> Card:
        """The card, or raise: not a card, no card expected now, or none of it left.

        Only at a table whose cards come from the host, after bets close.
        """
        state = self.state
        if not state.config.real_cards:
            raise IllegalActionError("table.error.shoe_cards")
        self._check_phase("place_card")
        parsed = card if isinstance(card, Card) else Card.parse(card_text(card))
        shoe = state.shoe
        assert shoe is not None
        decks = state.config.decks
        if shoe.out.count(parsed) >= decks:
            raise InvalidCardError(
                "error.assist.no_more", card=ShownCards((parsed,)), count=decks, decks=decks
            )
        return parsed

    can_place_card = _can(verify_place_card)

    def place_card(self, card: Card | str) -> CardPlaced:
        """The host's next card. The card that completes the coup also deals it
        (``CoupDealt``, in the same batch), and the coup can then be settled."""
        parsed = self.verify_place_card(card)
        state = self.state
        with self.batch():
            event = self._emit(CardPlaced(state.coup, parsed))
            progress = self.in_progress
            if progress.complete:
                self._emit(CoupDealt(state.coup, progress.cards, False))
        return event

    def verify_undo_card(self) -> None:
        """Raise unless a card of the coup being dealt may be taken back: any card
        placed, the last one even once the coup is settled (until the next coup)."""
        if not self.config.real_cards:
            raise IllegalActionError("table.error.shoe_cards")
        self._check_phase("undo_card")
        if not self.state.placed:
            raise IllegalActionError("error.assist.nothing_to_undo")

    can_undo_card = _can(verify_undo_card)

    def undo_card(self) -> CardUndone | CoupRetracted:
        """Take the last card placed back into the shoe (an event: the log stays
        append-only); after a settled coup, its settlement is undone with it."""
        self.verify_undo_card()
        state = self.state
        if state.phase is Phase.SETTLED:
            return self._emit(CoupRetracted(state.coup, state.placed[-1]))
        return self._emit(CardUndone(state.coup, state.placed[-1]))

    # -- coups: dealing, settling, the next coup, the croupier's clock, closing ----------------

    def verify_deal(self, by: str | None = None) -> None:
        """Raise unless the coup may be dealt (bets closed, Punto's cards not face
        down with a player); ``by``: the player who deals, who must hold the shoe."""
        self._check_phase("deal")
        self._check_running()
        state = self.state
        if state.config.rules.cards is not CardSource.SHOE:
            raise IllegalActionError("table.error.host_cards", coup=state.coup)
        self._check_face_up()
        if by is not None:
            self._check_holder(by)
        shoe = state.shoe
        assert shoe is not None and not shoe.finished, "a shoe is ready before bets open"
        if state.config.contributed_only and shoe.server_only:
            raise IllegalActionError("table.error.server_only", shoe=shoe.number)

    can_deal = _can(verify_deal)

    def deal(self, by: str | None = None) -> CoupDealt | None:
        """Deal the coup from the stored shoe order (the core's ``Shoe.deal_coup``);
        ``by``: the player holding the shoe, who deals it (else the dealer does).

        At a casino table Punto's cards are first handed to the largest Punto
        bet (the earlier seat on equal bets). Where they are handed face down
        (``turn_seconds``), the coup waits for that player to turn them over
        (``turn_punto``): None is returned and nothing else is dealt yet.
        """
        self.verify_deal(by)
        state = self.state
        with self.batch():
            if state.config.rules.punto_hand:
                self._emit(PuntoCardsHanded(state.coup, largest_punto(state)))
                if self.state.face_down is not None:
                    return None
            return self._deal_on()

    def _deal_on(self) -> CoupDealt:
        """The coup's cards from the shoe, all at once (Punto's turned, if handed)."""
        state = self.state
        assert state.shoe is not None
        shoe = self._live_shoe()
        shoe.dealt = state.shoe.position
        shoe.finished = False
        coup = shoe.deal_coup()
        # Without a cut card the shoe is dealt until it may not hold a whole coup.
        last = shoe.finished or (shoe.cut_card is None and shoe.remaining < MAX_COUP_CARDS)
        return self._emit(CoupDealt(state.coup, coup.cards, last))

    def _check_face_up(self) -> None:
        """Raise while Punto's cards wait face down with a player: the coup is theirs
        to go on with (``hands``), the shoe stays where it is until then."""
        face_down = self.state.face_down
        if face_down is not None:
            raise IllegalActionError(
                "table.error.turn.waiting", name=face_down, seconds=self.config.turn_seconds
            )

    def _check_holder(self, name: str) -> None:
        """Raise unless ``name`` holds the shoe (seed 002: the players deal in turn)."""
        player = self.player(name)
        if not self.config.rules.shoe_holder:
            raise IllegalActionError("table.error.no_shoe_holder", format=self.config.format.value)
        if self.state.holder != player.name:
            raise IllegalActionError(
                "table.error.not_holder", name=player.name, holder=self.state.holder or "-"
            )

    def _live_shoe(self) -> Shoe:
        """The core's ``Shoe`` over the stored order (built once per shoe)."""
        shoe = self.state.shoe
        assert shoe is not None
        cached = self._shoe
        if cached is None or cached[0] != shoe.number:
            live = Shoe.stacked(shoe.order, decks=self.config.decks)
            live.cut_card = shoe.cut_card
            cached = self._shoe = (shoe.number, live)
        return cached[1]

    def verify_settle(self) -> None:
        """Raise unless the coup has been dealt and not yet settled."""
        self._check_phase("settle")

    can_settle = _can(verify_settle)

    def settle(self) -> CoupSettled:
        """Announce Banco's point, Punto's, the winner; collect the losing bets,
        return the refunds, pay the winners (seed 000's order).

        A win in minor units is rounded down to the unit; the house keeps the
        fraction and the event records it (``BetPaid.kept``). At a casino the
        shoe passes to the next occupied seat when Punto wins and stays with
        its holder on a Banco win or a tie.
        """
        self.verify_settle()
        state = self.state
        coup = state.current
        assert coup is not None
        outcome = coup.outcome
        paytable = state.config.paytable_data
        lost: list[Event] = []
        returned: list[Event] = []
        paid: list[Event] = []
        facts = Facts.of(coup)
        for player in state.seated:
            for box in paytable_order(paytable, player.bets):
                stake = player.stake(box)
                if not stake:
                    continue
                net = paytable.net(box, stake, facts)
                if net < 0:
                    lost.append(BetCollected(state.coup, player.name, box, stake))
                elif net == 0:
                    returned.append(BetReturned(state.coup, player.name, box, stake))
                else:
                    win = settled_net(state.config, box, stake, facts)
                    kept = Fraction(net) - win
                    paid.append(BetPaid(state.coup, player.name, box, stake, win, kept))
        with self.batch():
            self._emit(CoupAnnounced(state.coup, coup.banco.total, coup.punto.total, outcome))
            for event in (*lost, *returned, *paid):
                self._emit(event)
            settled = self._emit(CoupSettled(state.coup))
            if state.config.shoe_config.reshuffle_every_coup:
                self._reveal()  # a session's shoe is one deal
            holder = state.holder
            passes = state.config.rules.shoe_holder and outcome is Outcome.PUNTO
            if passes and holder is not None:
                following = next_seat(state, state.players[holder].seat)
                if following != holder:
                    self._emit(ShoeHolderChanged(following))
        return settled

    def verify_next_coup(self) -> None:
        """Raise unless the coup is settled and the table goes on (a session stops
        after its last deal)."""
        self._check_phase("next_coup")
        state = self.state
        if state.phase is Phase.SHUFFLING:  # bets open once the shoe is shuffled
            raise IllegalActionError("table.error.phase.shuffling", coup=state.coup)
        if state.config.deals is not None and state.coup >= state.config.deals:
            raise IllegalActionError("table.error.session_over", deals=state.config.deals)

    can_next_coup = _can(verify_next_coup)

    def next_coup(self) -> BetsOpened | None:
        """Open bets for the next coup. A session gathers and reshuffles every
        card first; a casino shoe whose last coup is played is changed (new
        shoe shuffled and burned), an event players see. A new shoe that gathers
        its players' contributions first opens bets once they are in (None now)."""
        self.verify_next_coup()
        state = self.state
        assert state.shoe is not None
        with self.batch():
            if state.config.shoe_config.reshuffle_every_coup:
                self._new_shoe(state.shoe.number + 1)
            elif state.shoe.finished:
                self._emit(ShoeFinished(state.shoe.number))
                self._reveal()
                self._new_shoe(state.shoe.number + 1)
            if self.phase is not Phase.SETTLED:  # its contributions first
                return None
            return self._emit(BetsOpened(state.coup + 1))

    def verify_close_table(self) -> None:
        """Raise unless the table may close now (between coups, nothing on the table)."""
        self._check_phase("close_table")
        if any(p.bets for p in self.state.players.values()):
            raise IllegalActionError("table.error.close_with_bets")
        if self.state.lesson.open:  # a lesson closes between questions
            raise IllegalActionError("lesson.error.open", number=self.state.lesson.put)

    can_close_table = _can(verify_close_table)

    def close_table(self) -> TableClosed:
        """Close the table. A session names its winners: the best score, tied
        leaders sharing the win."""
        self.verify_close_table()
        state = self.state
        winners: tuple[str, ...] = ()
        if state.config.rules.names_winners and (state.completed or state.lesson.shown):
            winners = leaders(state.balances)
        with self.batch():
            closed = self._emit(TableClosed(winners))
            self._reveal()
            return closed

    def open_rematch(self, table: str) -> RematchOpened:
        """Name the ended table's rematch, ``table`` (opened with its settings and
        the players seated at its end): one, once."""
        self._check_phase("rematch")
        if self.state.rematch is not None:
            raise IllegalActionError("table.error.rematch_open", table=self.state.rematch)
        return self._emit(RematchOpened(table))

    @property
    def over(self) -> bool:
        """True when the table has ended, or a session has played all its deals."""
        state = self.state
        if state.phase is Phase.ENDED:
            return True
        deals = state.config.deals
        return deals is not None and state.phase is Phase.SETTLED and state.coup >= deals

    def play_coup(self, by: str | None = None) -> CoupDealt | None:
        """Close bets (if open), deal, settle, then open the next coup or end
        the session: one batch, so the sink stores the whole coup or none of it.
        ``by``: the shoe's holder, who deals once bets are closed (``deal``).

        None when Punto's cards went face down to a player: the coup goes on
        once they are turned over (``turn_punto``, or the dealer in time).
        """
        with self.batch():
            if self.phase in (Phase.ENDED, Phase.SHUFFLING, Phase.LESSON):
                self._check_phase("close_bets")  # raises, naming the phase
            if self.phase is Phase.BETS_OPEN and by is None:
                self.close_bets()
            if self.phase is Phase.BETS_CLOSED or by is not None:
                if self.deal(by) is None:
                    return None
            if self.phase is Phase.DEALT:
                self.settle()
            dealt = self._last(CoupDealt)
            self.finish_coup()
        return dealt

    def finish_coup(self) -> None:
        """After a settled coup: the next coup, or the end of a finished session."""
        if self.phase is not Phase.SETTLED:
            return
        if self.over:
            self.close_table()
        else:
            self.next_coup()

    def verify_ready(self, name: str) -> None:
        """Raise unless ``name`` may say they are ready for the coup to be dealt: at the
        virtual croupier's table, bets open, once per coup."""
        state = self.state
        if not state.config.rules.countdown:
            raise IllegalActionError("table.error.no_croupier")
        self._check_phase("bet")
        player = self.player(name)
        if player.name in state.readied:
            raise IllegalActionError("table.error.already_ready", coup=state.coup)

    can_ready = _can(verify_ready)

    def ready(self, name: str) -> PlayerReady:
        """``name`` is ready: once every seated player is, the croupier deals at its
        next look at the clock (with a bet on the table) without waiting out the
        countdown."""
        self.verify_ready(name)
        return self._emit(PlayerReady(self.state.coup, self.player(name).name))

    def countdown_left(self, now: float) -> float | None:
        """Seconds before the croupier closes bets (None: not counting down)."""
        countdown = self.config.countdown
        if countdown is None or self._countdown_from is None:
            return None
        return max(0.0, self._countdown_from + countdown - now)

    def tick(self, now: float) -> CoupDealt | None:
        """The virtual croupier's clock (seed 002, online play): ``now`` in seconds.

        Bets close and the coup is dealt and settled when the countdown (started
        at the first tick of the coup) has run out, or earlier when every seated
        player has said they are ready (``ready``), with at least one bet on the
        table; with no bet the
        countdown starts again. Returns the coup dealt, if any. The countdown
        is not part of the log: a reopened table starts it afresh.
        """
        if self.state.paused:  # the host's pause: no clock runs
            return None
        self._tick_contributions(now)  # the windows of the shoe to come
        self._tick_turn(now)  # Punto's cards face down with a player
        self._tick_predictions(now)  # a session's time to predict
        state = self.state
        if state.phase is Phase.LESSON:
            self._tick_question(now)
            return None
        if not state.config.rules.countdown or state.phase is not Phase.BETS_OPEN:
            return None
        countdown = state.config.countdown
        assert countdown is not None
        if self._countdown_from is None:
            self._countdown_from = now
        players = state.players.values()
        everyone = bool(players) and all(p.name in state.readied for p in players)
        due = now - self._countdown_from >= countdown
        if (everyone or due) and any(p.bets for p in players):
            dealt = self.play_coup()
            self._countdown_from = None
            return dealt
        if due:
            self._countdown_from = now
        return None

    # -- a lesson (FormatRules.lesson): questions put to the room, answered, shown ---------------

    @property
    def questions(self) -> tuple[Question, ...]:
        """A lesson's questions, the first put as number 1 (() at another table)."""
        config = self.config
        return questions(config) if config.rules.lesson else ()

    def verify_next_question(self) -> None:
        """Raise unless the host may put the lesson's next question now, or end the
        lesson after its last (its answer shown)."""
        self._check_phase("put_question")
        lesson = self.state.lesson
        if lesson.open:
            raise IllegalActionError("lesson.error.open", number=lesson.put)
        if lesson.put < len(self.questions) and not self.state.players:
            raise IllegalActionError("lesson.error.nobody")

    can_next_question = _can(verify_next_question)

    def next_question(self) -> QuestionPut | TableClosed:
        """Put the next question to the room (its answers open), or close the lesson
        after its last, naming the best scores."""
        self.verify_next_question()
        put = self.state.lesson.put
        if put >= len(self.questions):
            return self.close_table()
        self._countdown_from = None  # the question's seconds count from the next tick
        return self._emit(QuestionPut(put + 1))

    def verify_answer(self, name: str, answer: str) -> None:
        """Raise unless student ``name`` may answer ``answer`` now: a question takes
        answers, and the answer is 1 to ``MAX_ANSWER`` printable characters."""
        self._check_phase("answer")
        self.player(name)
        lesson = self.state.lesson
        if not lesson.open:
            raise IllegalActionError("lesson.error.closed", number=lesson.put)
        if (
            not isinstance(answer, str)
            or not 0 < len(answer) <= MAX_ANSWER
            or not answer.isprintable()
        ):
            raise InvalidBetError(
                "lesson.error.answer", answer=Quoted(str(answer)), most=MAX_ANSWER
            )

    def can_answer(self, name: str, answer: str = "?") -> bool:
        """True when ``answer`` would be accepted (any answer, by default)."""
        return _can(Table.verify_answer)(self, name, answer)

    def answer(self, name: str, answer: str) -> QuestionAnswered:
        """Record ``name``'s answer (it replaces their earlier one); once every seated
        student has answered, where the rules wait for everyone, the answer is shown."""
        self.verify_answer(name, answer)
        state = self.state
        with self.batch():
            event = self._emit(QuestionAnswered(state.lesson.put, self.player(name).name, answer))
            state = self.state
            everyone = all(state.lesson.reply_of(n) for n in state.players)
            if state.config.rules.everyone_bets and everyone:
                self.show_answer()
        return event

    def verify_show_answer(self) -> None:
        """Raise unless a question takes answers (the host may close them early)."""
        self._check_phase("show_answer")
        lesson = self.state.lesson
        if not lesson.open:
            raise IllegalActionError("lesson.error.closed", number=lesson.put)

    can_show_answer = _can(verify_show_answer)

    def show_answer(self) -> AnswerShown:
        """Close the question's answers and give a point to each seated student who
        answered it right (the drill's ``check`` says)."""
        self.verify_show_answer()
        state = self.state
        number = state.lesson.put
        question = self.questions[number - 1]
        replies = [r for r in state.lesson.replies if r.name in state.players]
        right = tuple(r.name for r in replies if question.check(r.answer))
        self._countdown_from = None
        return self._emit(AnswerShown(number, right))

    def _tick_question(self, now: float) -> None:
        """A question's seconds (the table's ``countdown``), counted from the first
        tick after it was put: when they are up, its answer is shown."""
        if not self.state.lesson.open:
            return
        if self._countdown_from is None:
            self._countdown_from = now
        countdown = self.config.countdown
        assert countdown is not None
        if now - self._countdown_from >= countdown:
            self.show_answer()

    # -- the players' hands (seed 002): Punto's cards turned over, the shoe passed on ----------

    def face_down_cards(self) -> tuple[Card, ...]:
        """Punto's two cards while they are face down with a player (else none):
        what that player alone may look at before turning them over."""
        state = self.state
        if state.face_down is None or state.shoe is None:
            return ()
        start = state.shoe.position
        order = state.shoe.order
        return (order[start], order[start + 2])  # dealt Punto, Banco, Punto, Banco

    def verify_turn_punto(self, name: str) -> None:
        """Raise unless ``name`` holds Punto's cards face down and may turn them now."""
        self._check_phase("turn_punto")
        player = self.player(name)
        holder = self.state.face_down
        if holder is None:
            raise IllegalActionError("table.error.turn.none", coup=self.state.coup)
        if holder != player.name:
            raise IllegalActionError("table.error.turn.not_yours", name=player.name, holder=holder)

    can_turn_punto = _can(verify_turn_punto)

    def turn_punto(self, name: str) -> PuntoCardsTurned:
        """``name`` turns Punto's cards over: the coup is dealt on, settled, and
        the next one opened (or a session ended), in one batch."""
        self.verify_turn_punto(name)
        return self._turned(self.player(name).name)

    def turn_left(self, now: float) -> float | None:
        """Seconds before the dealer turns Punto's cards (None: none are face down,
        or no tick has seen them yet)."""
        since = self._turn_since
        seconds = self.config.turn_seconds
        if self.state.face_down is None or since is None or seconds is None:
            return None
        if since[0] != self.state.coup:
            return None
        return max(0.0, since[1] + seconds - now)

    def _tick_turn(self, now: float) -> None:
        """The dealer turns Punto's cards once ``turn_seconds`` have passed since a
        tick first saw them face down (a table reopened meanwhile counts afresh)."""
        state = self.state
        seconds = state.config.turn_seconds
        if state.face_down is None or seconds is None:
            self._turn_since = None
            return
        since = self._turn_since
        if since is None or since[0] != state.coup:
            self._turn_since = (state.coup, now)
            return
        if now - since[1] >= seconds + GRACE:
            self._turned(None)

    def dealer_turns(self) -> PuntoCardsTurned:
        """The dealer turns Punto's cards over, the player's time being up (``tick``
        does it on the clock; a replay of the log, when the log says so)."""
        return self._turned(None)

    def _turned(self, name: str | None) -> PuntoCardsTurned:
        with self.batch():
            turned = self._emit(PuntoCardsTurned(self.state.coup, name))
            self._deal_on()
            self.settle()
            self.finish_coup()
        self._turn_since = None
        return turned

    def verify_pass_shoe(self, name: str) -> None:
        """Raise unless ``name`` holds the shoe and may pass it on now (before the
        coup is dealt, to another seated player)."""
        self._check_phase("pass_shoe")
        self._check_holder(name)
        player = self.player(name)
        self._check_face_up()
        if next_seat(self.state, player.seat) == player.name:
            raise IllegalActionError("table.error.pass_alone", name=player.name)

    can_pass_shoe = _can(verify_pass_shoe)

    def pass_shoe(self, name: str) -> ShoePassed:
        """The holder declines to deal: the shoe goes to the next occupied seat."""
        self.verify_pass_shoe(name)
        player = self.player(name)
        following = next_seat(self.state, player.seat)
        assert following is not None
        return self._emit(ShoePassed(self.state.coup, player.name, following))

    # -- opening ----------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        table: str,
        config: TableConfig,
        *,
        players: Iterable[str | tuple[str, Amount]] = (),
        sink: Sink | None = None,
        rng: RandomSource | None = None,
        own: Collection[str] = (),
    ) -> Table:
        """A new table: opened, its first shoe shuffled (and burned), ``players``
        seated (names, or ``(name, bankroll)`` pairs) by the operator: their seats
        are its own (``PlayerSeated.house``) but for the names in ``own``, players
        who sat down from their own devices (a rematch's, who joined the table it
        follows). At a table that takes its players' contributions the first shoe
        is only committed: it is shuffled once they are in (``contributions``).

        All of it is one batch: the sink receives it at once or not at all.
        """
        self = cls(sink=sink, rng=rng)
        self.start(table, config, players, own=own)
        return self

    def start(
        self,
        table: str,
        config: TableConfig,
        players: Iterable[str | tuple[str, Amount]] = (),
        *,
        own: Collection[str] = (),
    ) -> None:
        """Open this empty table (see ``open``)."""
        check_table_id(table)
        if not isinstance(config, TableConfig):
            raise IllegalActionError("table.error.setting", name="config", value=config)
        if isinstance(players, str) or not isinstance(players, Iterable):
            raise IllegalActionError("table.error.players_list", players=players)
        if self._state is not None:
            raise IllegalActionError("table.error.phase.ended", coup=self.state.coup)
        if config.rules.lesson and config.seed is None:  # the lesson its seed gives
            rng: RandomSource = self._rng or SecureRandom()
            config = replace(config, seed=rng.randbelow(2**63))
        with self.batch():
            self._emit(TableOpened(table, config))
            # A lesson deals no shoe: its cards are its questions', from its seed,
            # which no student may learn (a shoe's commitment derives from it).
            if not config.rules.lesson:
                self._new_shoe(1)
            for player in players:
                if isinstance(player, tuple) and len(player) == 2:
                    name, bankroll = player
                else:
                    name, bankroll = player, 0
                self.sit(name, bankroll, house=name not in own)  # checked by sit


class _Trial(Exception):
    """Rolls a trial back."""


def name_text(name: object) -> str:
    """A name given by a caller: text, or ``InvalidNameError``."""
    if not isinstance(name, str):
        raise InvalidNameError("table.error.name.type", name=name)
    return name


def card_text(card: object) -> str:
    """A card given by a caller as text, or ``InvalidCardError``."""
    if not isinstance(card, str):
        raise InvalidCardError("table.error.card_type", card=card)
    return card
