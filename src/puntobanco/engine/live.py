"""One table carried out command by command: the engine's part that every front-end shares.

``carry_out`` is what a command does to a table, the one definition behind
``Engine.do`` and a web server's group commit alike. ``LiveTable`` holds one
table's state machine and speaks in commands: ``do(command)`` carries one out
in one batch, whose events go to the table's sink (the store, or a server's
write queue) before the state moves on; the questions a view asks
(``can_deal()``...) and the state it reads are there too. A server that
commits the events of many commands and many tables in one transaction
builds its tables with ``LiveTable.open`` / ``LiveTable.replay`` and never
touches the state machine itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from puntobanco.cards import Card
from puntobanco.engine.commands import (
    Bet,
    CloseBets,
    CloseTable,
    Command,
    CommitContribution,
    Contribute,
    Deal,
    Leave,
    NextCoup,
    PassShoe,
    PlaceCard,
    Rebuy,
    RevealContribution,
    Sit,
    Tick,
    TurnPunto,
    UndoCard,
    Withdraw,
)
from puntobanco.errors import IllegalActionError
from puntobanco.paytable import Amount
from puntobanco.rng import RandomSource
from puntobanco.table.config import TableConfig
from puntobanco.table.events import Event
from puntobanco.table.gathering import Gathering
from puntobanco.table.machine import Sink, Table
from puntobanco.table.progress import CoupInProgress
from puntobanco.table.state import Phase, TableState

#: What a ``do`` without a clock reads (only the croupier's ``Tick`` reads one).
NO_CLOCK: Final = float("nan")


def carry_out(machine: Table, command: Command, clock: Callable[[], float]) -> None:
    """What ``command`` does to ``machine``: the one definition every front-end
    uses (``LiveTable.do``, ``Engine.do``); raises a named error if refused.

    It does not commit: the caller holds the table's batch and its store.
    """
    match command:
        case Sit(name, bankroll, seat):
            machine.sit(name, bankroll, seat)
        case Leave(name):
            machine.leave(name)
        case Bet(name, box, stake):
            machine.bet(name, box, stake)
        case Withdraw(name, box):
            if box is None:
                player = machine.player(name)
                if len(player.bets) != 1:
                    raise IllegalActionError("table.error.no_prediction", name=player.name)
                (box,) = player.bets
            machine.withdraw(name, box)
        case CloseBets():
            machine.close_bets()
        case Deal(name):
            machine.play_coup(name)
        case TurnPunto(name):
            machine.turn_punto(name)
        case PassShoe(name):
            machine.pass_shoe(name)
        case Tick():
            machine.tick(clock())
        case PlaceCard(card):
            machine.place_card(card)
            if machine.phase is Phase.DEALT:
                machine.settle()  # the host may still take the last card back
        case UndoCard():
            machine.undo_card()
        case NextCoup():
            if machine.phase is not Phase.SETTLED:
                machine.verify_next_coup()  # raises, naming the phase
            machine.finish_coup()
        case Rebuy(name, amount):
            machine.rebuy(name, amount)
        case Contribute(name, text):
            machine.contribute(name, text)
        case CommitContribution(name, shoe, digest):
            machine.commit_contribution(name, digest, shoe=shoe)
        case RevealContribution(name, shoe, value):
            machine.reveal_contribution(name, value, shoe=shoe)
        case CloseTable():
            machine.close_table()
        case _:
            raise IllegalActionError("engine.error.command", command=command)


class LiveTable:
    """One table as commands drive it, over its state machine (kept inside).

    Its events reach ``sink`` (``Table``'s: the number of events stored before
    them, then the events) before its state moves on; a command refused, or a
    sink that raises, leaves the table as it was.
    """

    def __init__(self, machine: Table) -> None:
        self._machine = machine

    @classmethod
    def open(
        cls,
        table: str,
        config: TableConfig,
        *,
        players: Iterable[str | tuple[str, Amount]] = (),
        sink: Sink | None = None,
        rng: RandomSource | None = None,
    ) -> LiveTable:
        """A new table (one batch: opened, its first shoe shuffled, ``players`` seated)."""
        return cls(Table.open(table, config, players=players, sink=sink, rng=rng))

    @classmethod
    def replay(
        cls, events: Iterable[Event], *, sink: Sink | None = None, rng: RandomSource | None = None
    ) -> LiveTable:
        """The table whose log is ``events`` (its next events go to ``sink``)."""
        return cls(Table(events, sink=sink, rng=rng))

    @property
    def machine(self) -> Table:
        """The state machine (library use: it holds the shoe's order)."""
        return self._machine

    # -- reading ---------------------------------------------------------------------

    @property
    def state(self) -> TableState:
        """The table's whole state (it holds the shoe: never send it out as it is)."""
        return self._machine.state

    @property
    def config(self) -> TableConfig:
        """The table's settings."""
        return self._machine.config

    @property
    def phase(self) -> Phase:
        """The phase of the coup in play."""
        return self._machine.phase

    @property
    def event_count(self) -> int:
        """How many events the log holds, this table's uncommitted ones included."""
        return self._machine.event_count

    @property
    def events(self) -> tuple[Event, ...]:
        """The events since the table was built (``Table.events``)."""
        return self._machine.events

    @property
    def in_progress(self) -> CoupInProgress:
        """The coup being dealt card by card by the host."""
        return self._machine.in_progress

    def countdown_left(self, now: float) -> float | None:
        """Seconds before the croupier closes bets (None: not counting down)."""
        return self._machine.countdown_left(now)

    # -- what a view asks --------------------------------------------------------------

    def allows(self, action: str) -> bool:
        """True when the table's transition table allows ``action`` now (``bet``,
        ``withdraw``, ``place_card``, ``next_coup``...): its own rules are checked
        when it is done."""
        return self._machine.allows(action)

    def can_close_bets(self) -> bool:
        """True when bets may close now."""
        return self._machine.can_close_bets()

    def can_deal(self) -> bool:
        """True when the coup may be dealt from the shoe now (bets closed)."""
        return self._machine.can_deal()

    def can_turn_punto(self, name: str) -> bool:
        """True when ``name`` holds Punto's cards face down and may turn them over."""
        return self._machine.can_turn_punto(name)

    def can_pass_shoe(self, name: str) -> bool:
        """True when ``name`` holds the shoe and may pass it on now."""
        return self._machine.can_pass_shoe(name)

    def can_deal_as(self, name: str) -> bool:
        """True when ``name`` holds the shoe and may deal the coup now (bets closed)."""
        return self._machine.can_deal(name)  # the table's "deal" is after bets close only

    def face_down_cards(self, name: str) -> tuple[Card, ...]:
        """Punto's cards, for the player ``name`` who holds them face down (else none)."""
        if self._machine.state.face_down != name:
            return ()
        return self._machine.face_down_cards()

    def turn_left(self, now: float) -> float | None:
        """Seconds before the dealer turns Punto's cards (None: none face down)."""
        return self._machine.turn_left(now)

    def can_undo_card(self) -> bool:
        """True when the host may take the last card back."""
        return self._machine.can_undo_card()

    def can_close_table(self) -> bool:
        """True when the table may close now."""
        return self._machine.can_close_table()

    def can_leave(self, name: str) -> bool:
        """True when ``name`` may leave now."""
        return self._machine.can_leave(name)

    def can_contribute(self, name: str) -> bool:
        """True when ``name`` may add to the next shoe's client seed now."""
        return self._machine.can_contribute(name)

    def gathering(self) -> Gathering | None:
        """The contributions of the shoe to come (None: the table takes none now)."""
        return self._machine.gathering()

    def contribution_commands(self, name: str) -> list[dict[str, Any]]:
        """The commit-reveal commands player ``name`` may send now, as templates
        (``table.machine.contributions``)."""
        gathering = self._machine.gathering()
        if gathering is None:
            return []
        found: list[dict[str, Any]] = []
        if self._machine.can_commit_contribution(name):
            found.append({"type": "CommitContribution", "name": name, "shoe": gathering.shoe})
        if self._machine.can_reveal_contribution(name):
            found.append({"type": "RevealContribution", "name": name, "shoe": gathering.shoe})
        return found

    # -- acting ------------------------------------------------------------------------

    def verify(self, command: Command, clock: Callable[[], float] = lambda: NO_CLOCK) -> None:
        """Raise the named error that ``do`` would raise; nothing changes or is sent."""
        self._machine.trial(lambda: carry_out(self._machine, command, clock))

    def do(
        self, command: Command, clock: Callable[[], float] = lambda: NO_CLOCK
    ) -> tuple[Event, ...]:
        """Carry ``command`` out in one batch (``clock``: the croupier's, in seconds);
        the events it added, which the sink has received."""
        machine = self._machine
        before = machine.event_count
        with machine.batch():
            carry_out(machine, command, clock)
        added = machine.event_count - before
        return machine.events[-added:] if added else ()

    def follow(self, events: Iterable[Event]) -> None:
        """Fold in ``events`` that another process stored after this table's last one."""
        self._machine.follow(events)

    def complete(self) -> None:
        """The coup a stopped process left dealt, or settled and not yet followed by
        the next, is finished with its stored cards (``Engine.resume``); a coup of
        physical cards waits, settled, for the host's next coup (or an undo)."""
        machine = self._machine
        host = machine.config.real_cards
        if machine.phase is Phase.DEALT or (machine.phase is Phase.SETTLED and not host):
            machine.play_coup()

    def complete_served(self) -> None:
        """``complete`` as the web server does it when it reloads a table: a coup of
        the shoe whose bets were closed is dealt too (the host's ``deal`` would
        have), and a complete coup of physical cards is settled, then waits for
        the host."""
        machine = self._machine
        if machine.config.real_cards:
            if machine.phase is Phase.DEALT:
                machine.settle()
            return
        if machine.state.face_down is not None:
            return  # Punto's cards stay with their player: the clock turns them in time
        if machine.phase in (Phase.DEALT, Phase.SETTLED, Phase.BETS_CLOSED):
            machine.play_coup()
