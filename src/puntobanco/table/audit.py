"""Checking a log that comes from outside (an import) by playing it again live.

Every event of an imported log must be what the state machine itself emits
when the same actions are taken with the same cards: each seat, bet and
withdrawal goes through the live checks (names, bankrolls, limits, phases),
and every derived event (payouts, collections, commission kept,
announcements, shoe holder, Punto's hand, burns, the end of a shoe) is
derived again and compared. Only the shoes' orders are taken from the log,
and each must hold exactly the cards of the table's decks (or, with a seed,
be the very order the seed gives). Checks are ``raise``, never ``assert``:
they hold under ``python -O``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime

import puntobanco.fair as fair
from puntobanco.cards import Card
from puntobanco.errors import FairnessError, PuntoBancoError, StoreError
from puntobanco.fair.checks import check_contributions
from puntobanco.fair.log import contributions_by_shoe
from puntobanco.shoe import fresh_order
from puntobanco.table.codec import dumps
from puntobanco.table.events import (
    BetPlaced,
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
    RebuyAsked,
    RebuyRefused,
    RematchOpened,
    RevealsOpened,
    SeedContributed,
    ShoeCalled,
    ShoeFinished,
    ShoeHidden,
    ShoePassed,
    ShoeShuffled,
    TableClosed,
    TableOpened,
    TablePaused,
    TableResumed,
)
from puntobanco.table.machine import Table
from puntobanco.table.state import Phase

#: Longest excerpt of an event quoted in a refusal.
QUOTE = 160
#: The rules of the contributions' check that depend on who is seated.
SEAT_RULES = frozenset({"entropy.log.not_seated", "entropy.log.early_reveals"})


class _Replay(Table):
    """A table whose unseeded shoes take their order, and the server seeds
    committed in advance, from the imported log (each event with its line: a
    refusal of a shoe names the line of the event at fault)."""

    def __init__(
        self,
        orders: Iterator[tuple[ShoeShuffled, int]],
        commitments: Sequence[tuple[NextShoeCommitted | NextShoeHidden, int]],
    ) -> None:
        self._produced: list[Event] = []
        super().__init__(sink=lambda _stored, events: self._produced.extend(events))
        self._orders = orders
        self._commitments = list(commitments)
        self._committing = False  # a commitment seen: every later shoe must have one

    def _next_commitment(self, number: int) -> NextShoeCommitted | NextShoeHidden | None:
        given, line = self._commitments[0] if self._commitments else (None, 0)
        if given is None or given.shoe != number:
            # A log written before seeds were committed in advance has none.
            return super()._next_commitment(number) if self._committing else None
        self._commitments.pop(0)
        self._committing = True
        if self.config.seed is not None:
            return super()._next_commitment(number)  # derived: compared with the log
        text = given.server_seed if isinstance(given, NextShoeCommitted) else given.commitment
        if not _hex32(text) or given.source not in (None, fair.INJECTED):
            raise StoreError("import.error.fair_shoe", line=line, shoe=number)
        return given

    def _shuffled_order(self, number: int) -> list[Card]:
        if self.config.seed is not None:
            return super()._shuffled_order(number)
        given, line = next(self._orders, (None, 0))
        if given is None or given.shoe != number:
            return super()._shuffled_order(number)  # differs from the log: reported
        decks = self.config.decks
        if Counter(given.order) != Counter(fresh_order(decks)):
            raise StoreError("import.error.shoe", line=line, shoe=number, decks=decks)
        committed = self.state.next_shoe
        if committed is not None and committed.number != number:
            committed = None
        if given.source not in (None, fair.INJECTED):
            raise StoreError("import.error.fair_shoe", line=line, shoe=number)
        if given.server_seed is not None or given.client_seed is not None:
            # A fair shoe: its order must be the one its seeds give, its server
            # seed the one committed in advance, its client seed the table's,
            # the shoe's number and the contributions recorded.
            seed = bytes.fromhex(given.server_seed or "") if _hex32(given.server_seed) else b""
            client = given.client_seed or ""
            texts = committed.texts if committed is not None else ()
            contributions = (*texts, *self._revealed_values(number))
            fits = (
                len(seed) == fair.SEED_BYTES
                and (committed is None or committed.commitment == fair.commitment(seed))
                and client == fair.client_seed(self.state.table, number, contributions)
                and given.order == fair.shoe_order(seed, client, number, decks)
            )
            if not fits:
                raise StoreError("import.error.fair_shoe", line=line, shoe=number)
            self._fair_seeds = (seed.hex(), client)
            # Its seed's source is its commitment's (the log's shuffle must say the same).
            self._fair_source = committed.source if committed is not None else given.source
        elif committed is not None and committed.server_seed is not None:
            # A seed was committed for this shoe: it must be shuffled with it.
            raise StoreError("import.error.fair_shoe", line=line, shoe=number)
        return list(given.order)


def _hex32(text: str | None) -> bool:
    """True for 32 bytes as 64 lowercase hexadecimal digits (a seed, a commitment)."""
    try:
        return text is not None and len(text) == 64 and bytes.fromhex(text).hex() == text
    except ValueError:
        return False


def _stand_in(
    hidden: ShoeHidden, table: str, decks: int, line: int, contributions: Sequence[str]
) -> ShoeShuffled:
    """A shoe hidden by an export, as the replay deals it: the cards already
    dealt, then the rest of the decks in their unshuffled order (never dealt:
    a table with a hidden shoe is checked, not played on). ``contributions``:
    the texts the log records for that shoe's client seed."""
    rest = Counter(fresh_order(decks))
    rest.subtract(hidden.dealt)
    if any(count < 0 for count in rest.values()):
        raise StoreError("import.error.shoe", line=line, shoe=hidden.shoe, decks=decks)
    try:
        expected = fair.client_seed(table, hidden.shoe, contributions)
    except FairnessError:
        expected = None  # a contribution no table takes: refused when it is played again
    if hidden.client_seed is not None and hidden.client_seed != expected:
        raise StoreError("import.error.fair_shoe", line=line, shoe=hidden.shoe)
    order = list(hidden.dealt)
    for card in fresh_order(decks):
        if rest[card] > 0:
            rest[card] -= 1
            order.append(card)
    return ShoeShuffled(hidden.shoe, tuple(order), hidden.cut_card)


def _quote(event: Event) -> str:
    text = dumps(event)
    return text if len(text) <= QUOTE else text[: QUOTE - 1] + "…"


def audit_log(
    table: str, events: Sequence[Event], times: Sequence[str], lines: Sequence[int]
) -> int:
    """Play ``events`` again through the live checks; returns the number of coups settled.

    ``StoreError`` names the first line that live play would not have
    written, and why.
    """
    if not events:
        raise StoreError("store.error.bad_log", table=table, reason="no event")
    first = events[0]
    if not isinstance(first, TableOpened):
        raise StoreError("import.error.first", line=lines[0], found=type(first).__name__)
    if first.table != table:
        raise StoreError(
            "import.error.mismatch",
            line=lines[0],
            table=table,
            found=_quote(first),
            expected=repr(table),
        )
    _check_times(table, times, lines)
    _check_turns(table, first.config.turn_seconds, events, times, lines)
    # The players' contributions, step by step, with the stored times (deadlines). Its
    # refusal names the fault, unless it is about the seats and the replay finds an
    # earlier fault: the seats themselves may be what was changed.
    try:
        check_contributions(events, times, lines)
    except StoreError as fault:
        if fault.key in SEAT_RULES:
            try:
                _replay(table, events, lines)
            except StoreError as error:
                line, at = error.params.get("line"), fault.params["line"]
                if isinstance(line, int) and isinstance(at, int) and line < at:
                    raise
        raise fault from None
    return _replay(table, events, lines)


def _replay(table: str, events: Sequence[Event], lines: Sequence[int]) -> int:
    """``audit_log``'s replay of ``events`` through the live machine."""
    first = events[0]
    assert isinstance(first, TableOpened)
    contributed = contributions_by_shoe(events)
    decks = first.config.decks
    events = [
        _stand_in(e, table, decks, line, contributed.get(e.shoe, ()))
        if isinstance(e, ShoeHidden)
        else e
        for e, line in zip(events, lines, strict=True)
    ]
    position = [0]
    orders = ((e, n) for e, n in zip(events, lines, strict=True) if isinstance(e, ShoeShuffled))
    commitments = [
        (e, n)
        for e, n in zip(events, lines, strict=True)
        if isinstance(e, NextShoeCommitted | NextShoeHidden)
    ]
    machine = _Replay(orders, commitments)

    def act(action: Callable[[], object]) -> None:
        start = len(machine._produced)
        try:
            action()
        except StoreError:
            raise
        except PuntoBancoError as error:
            raise StoreError(
                "import.error.refused", line=lines[position[0]], table=table, error=error
            ) from None
        for offset, made in enumerate(machine._produced[start:]):
            index = position[0] + offset
            if index >= len(events):
                raise StoreError(
                    "import.error.truncated", table=table, line=lines[-1], expected=_quote(made)
                )
            if events[index] != made:
                raise StoreError(
                    "import.error.mismatch",
                    line=lines[index],
                    table=table,
                    found=_quote(events[index]),
                    expected=_quote(made),
                )
        position[0] += len(machine._produced) - start

    act(lambda: machine.start(table, first.config))
    while position[0] < len(events):
        event = events[position[0]]
        action = _action(machine, event)
        if action is None:
            raise StoreError(
                "import.error.unexpected", line=lines[position[0]], table=table, found=_quote(event)
            )
        act(action)
    host = machine.config.real_cards
    if machine.phase is Phase.DEALT or (machine.phase is Phase.SETTLED and not host):
        # Live play deals, settles and opens the next coup in one commit.
        raise StoreError("import.error.unfinished", table=table, line=lines[-1])
    return sum(isinstance(e, CoupSettled) for e in events)


def _action(machine: Table, event: Event) -> Callable[[], object] | None:
    """The live action whose first event is ``event`` (None: no action starts so)."""
    match event:
        case PlayerSeated(name, seat, bankroll, house):
            if machine.asked(name) is not None:  # the host admits who asked
                return lambda: machine.admit(name)
            return lambda: machine.sit(name, bankroll, seat, house=bool(house))
        case PlayerLeft(name):
            return lambda: machine.leave(name)
        case PlayerRemoved(name, reason):
            return lambda: machine.remove(name, reason)
        case PlayerRenamed(name, new_name):
            return lambda: machine.rename(name, new_name)
        case RematchOpened(table):
            return lambda: machine.open_rematch(table)
        case JoinsSet(mode):
            return lambda: machine.set_joins(mode)
        case JoinAsked(name, bankroll):
            return lambda: machine.ask_to_join(name, bankroll)
        case JoinRefused(name):
            return lambda: machine.refuse(name)
        case PredictionTimeSet(seconds):
            return lambda: machine.set_prediction_time(seconds)
        case PlayersSkipped():
            return machine.skip_missing
        case BetPlaced(name, box, stake):
            return lambda: machine.bet(name, box, stake)
        case BetWithdrawn(name, box, stake):
            player = machine.state.find(name)
            if player is not None and 0 < stake < player.stake(box):
                return lambda: machine.undo_bet(name)  # a chip, not the whole box
            return lambda: machine.withdraw(name, box)
        case SeedContributed(_, name, text):
            return lambda: machine.contribute(name, text)
        case ContributionCommitted(shoe, name, digest):
            return lambda: machine.commit_contribution(name, digest, shoe=shoe)
        case ContributionRevealed(shoe, name, value):
            return lambda: machine.reveal_contribution(name, value, shoe=shoe)
        case RevealsOpened() | ContributionsClosed():
            # A window's time up (the stored times were checked against it above).
            return machine.expire_window
        case ShoeCalled():
            return machine.next_coup  # a session's next deal
        case PlayerRebought(name, amount):
            return lambda: machine.rebuy(name, amount)
        case PlayerReady(_, name):
            return lambda: machine.ready(name)
        case TablePaused():
            return machine.pause
        case TableResumed():
            return machine.resume
        case RebuyAsked(name, amount):
            return lambda: machine.ask_rebuy(name, amount)
        case RebuyRefused(name):
            return lambda: machine.refuse(name)
        case BetsClosed():
            return machine.close_bets
        case PuntoCardsHanded() | CoupDealt():
            return machine.deal
        case PuntoCardsTurned(_, turner):
            if turner is None:
                return machine.dealer_turns  # the time was up: checked above
            return lambda: machine.turn_punto(turner)
        case ShoePassed(_, passer):
            return lambda: machine.pass_shoe(passer)
        case CardPlaced(_, card):
            return lambda: machine.place_card(card)
        case CardUndone() | CoupRetracted():
            return machine.undo_card
        case CoupAnnounced():
            return machine.settle
        case ShoeFinished() | BetsOpened() | ShoeShuffled():
            return machine.next_coup
        case TableClosed():
            return machine.close_table
    return None


def _check_turns(
    table: str,
    seconds: int | None,
    events: Sequence[Event],
    times: Sequence[str],
    lines: Sequence[int],
) -> None:
    """The dealer turns Punto's cards only once the player's ``seconds`` are up, by
    the stored times (the live table counts from a tick after they were handed)."""
    handed: datetime | None = None
    for event, time, line in zip(events, times, lines, strict=True):
        if isinstance(event, PuntoCardsHanded):
            handed = datetime.fromisoformat(time)
        elif isinstance(event, PuntoCardsTurned) and event.name is None:
            waited = None if handed is None else datetime.fromisoformat(time) - handed
            if seconds is None or waited is None or waited.total_seconds() < seconds:
                raise StoreError(
                    "import.error.turned_early", line=line, table=table, seconds=seconds
                )


def _check_times(table: str, times: Sequence[str], lines: Sequence[int]) -> None:
    """Each stored time is an ISO 8601 time with its zone (``import.error.time``), never
    before the one above it (``import.error.time_back``, saying by how much)."""
    previous: tuple[datetime, str] | None = None
    for time, line in zip(times, lines, strict=True):
        try:
            stamp = datetime.fromisoformat(time)
        except (TypeError, ValueError):
            stamp = None
        if stamp is None or stamp.tzinfo is None:
            raise StoreError("import.error.time", line=line, table=table, time=time)
        if previous is not None and stamp < previous[0]:
            back = (previous[0] - stamp).total_seconds()
            raise StoreError(
                "import.error.time_back",
                line=line,
                table=table,
                time=time,
                previous=previous[1],
                seconds=f"{back:.3f}",
            )
        previous = (stamp, time)
