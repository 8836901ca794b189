"""Checking the players' contributions in a log: every step in its order, every value
matching its commitment, no window cut short.

``check_contributions(events, times, lines)`` reads one table's log (the store's,
or an export with its hidden shoes) and raises ``StoreError`` naming the
first event out of place: its line (or number in the log), its type and why.
For each shoe of a table that takes contributions (``docs/fair.md``):

1. the server seed is committed (``NextShoeCommitted``, or ``NextShoeHidden`` in
   an export) before any other event of that shoe;
2. commitments (``ContributionCommitted``) come from seated players, once each,
   64 lowercase hex digits, none another's, before the reveals open;
3. the shoe is called (``ShoeCalled``) once, with the table's ``commit_seconds``,
   and a shoe after the first only once the shoe before it has ended and its seed
   is public (after ``ShoeRevealed`` of the shoe before);
4. the reveals open (``RevealsOpened``) once, after the call, with the table's
   ``reveal_seconds``, and no sooner than ``commit_seconds`` after the call by
   the stored times unless every seated player had committed;
5. each reveal (``ContributionRevealed``) comes while they are open, from a
   committed player, once, and matches its commitment;
6. the reveals close (``ContributionsClosed``) naming exactly the committed
   players who did not reveal, in commit order, and no sooner than
   ``reveal_seconds`` after they opened unless nobody is left out;
7. the shoe is shuffled (``ShoeShuffled``, or ``ShoeHidden``) only after that,
   with the server seed committed for it and the client seed
   ``"{table}/{shoe}"`` and ``"|" + value`` for each value revealed, in commit
   order; no bet is placed and no coup dealt while a shoe waits to be shuffled.

A table that takes no contributions (real cards, a seed, a table stored
before contributions were committed) may hold none of these events, and a
table of this version no typed ``SeedContributed``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import puntobanco.fair as fair
import puntobanco.fair.contributions as contributions
from puntobanco.errors import FairnessError, StoreError
from puntobanco.fair.gathering import Gathering, Window
from puntobanco.table.events import (
    BetPlaced,
    BetsClosed,
    BetsOpened,
    ContributionCommitted,
    ContributionRevealed,
    ContributionsClosed,
    CoupDealt,
    Event,
    NextShoeCommitted,
    NextShoeHidden,
    PlayerLeft,
    PlayerRenamed,
    PlayerSeated,
    RevealsOpened,
    SeedContributed,
    ShoeCalled,
    ShoeHidden,
    ShoeRevealed,
    ShoeShuffled,
    TableOpened,
)

_ENTROPY = (ContributionCommitted, ShoeCalled, RevealsOpened, ContributionRevealed)


@dataclass
class Checked:
    """What the check found: the shoes that gathered contributions, the values
    revealed, the players left out (each ``(shoe, name)``)."""

    shoes: int = 0
    revealed: int = 0
    excluded: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class _Shoe:
    commitment: str | None = None
    gathering: Gathering | None = None
    called_at: datetime | None = None
    opened_at: datetime | None = None
    shuffled: bool = False
    house: set[str] = field(default_factory=set)  # who committed from the operator's seats


def _time(text: str) -> datetime | None:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def check_contributions(
    events: Sequence[Event], times: Sequence[str], lines: Sequence[int]
) -> Checked:
    """Check one table's log (see the module's docstring); ``StoreError`` names
    the first event out of place."""
    checked = Checked()
    if not events or not isinstance(events[0], TableOpened):
        return checked
    opened = events[0]
    config = opened.config
    table = opened.table
    takes = config.takes_contributions
    seated: set[str] = set()
    house: set[str] = set()  # the operator's own seats (``PlayerSeated.house``)
    shoes: dict[int, _Shoe] = {}
    ended: set[int] = set()  # the shoes that have ended, their seeds public
    waiting = takes  # a shoe waits to be shuffled (the first one, as a table opens)

    for event, stamp, line in zip(events, times, lines, strict=True):
        refuse = _Refusal(event, line)
        if isinstance(event, PlayerSeated):
            seated.add(event.name)
            (house.add if event.house else house.discard)(event.name)
        elif isinstance(event, PlayerLeft):
            seated.discard(event.name)
        elif isinstance(event, ShoeRevealed):
            ended.add(event.shoe)
        elif isinstance(event, PlayerRenamed):  # commitments keep the name they bind
            seated.discard(event.name)
            seated.add(event.new_name)
            if event.name in house:  # the seat is the same, under its new name
                house.discard(event.name)
                house.add(event.new_name)
        elif isinstance(event, SeedContributed) and config.reveal_seconds is not None:
            raise refuse("typed", event.shoe)
        elif isinstance(event, (*_ENTROPY, ContributionsClosed)) and not takes:
            raise refuse("not_taken", event.shoe)
        elif isinstance(event, BetPlaced | BetsClosed | CoupDealt | BetsOpened) and waiting:
            raise refuse("waiting")
        if not takes:
            continue
        if isinstance(event, NextShoeCommitted | NextShoeHidden):
            if event.shoe in shoes:
                raise refuse("order", event.shoe)
            shoes[event.shoe] = _Shoe(
                commitment=event.commitment
                if isinstance(event, NextShoeHidden)
                else fair.commitment(bytes.fromhex(event.server_seed))
            )
            continue
        if isinstance(event, (*_ENTROPY, ContributionsClosed, ShoeShuffled, ShoeHidden)):
            shoe = shoes.get(event.shoe)
            if shoe is None or shoe.commitment is None:
                raise refuse("before_commitment", event.shoe)
            if shoe.shuffled:
                raise refuse("order", event.shoe)
            gathering = shoe.gathering or Gathering(event.shoe)
            now = _time(stamp)
            match event:
                case ContributionCommitted(number, name, digest):
                    if gathering.window not in (Window.COMMIT, Window.CALLED):
                        raise refuse("commit_after_reveals", number, name=name)
                    if name not in seated:
                        raise refuse("not_seated", number, name=name)
                    if gathering.digest_of(name) is not None:
                        raise refuse("twice", number, name=name)
                    try:
                        contributions.hex32(digest, "digest")
                    except FairnessError:
                        raise refuse("hex", number, name=name, value=digest) from None
                    if any(digest == other for _, other in gathering.commits):
                        raise refuse("copied", number, name=name)
                    gathering = Gathering(
                        number, gathering.window, (*gathering.commits, (name, digest))
                    )
                    if name in house:
                        shoe.house.add(name)
                case ShoeCalled(number, seconds):
                    if gathering.window is not Window.COMMIT:
                        raise refuse("order", number)
                    if number > 1 and number - 1 not in ended:
                        raise refuse("early_call", number, before=number - 1)
                    if seconds != config.commit_seconds:
                        raise refuse(
                            "seconds", number, found=seconds, setting=config.commit_seconds
                        )
                    shoe.called_at = now
                    gathering = Gathering(number, Window.CALLED, gathering.commits)
                    waiting = True
                case RevealsOpened(number, seconds):
                    if gathering.window is not Window.CALLED:
                        raise refuse("order", number)
                    if seconds != config.reveal_seconds:
                        raise refuse(
                            "seconds", number, found=seconds, setting=config.reveal_seconds
                        )
                    missing = sorted(n for n in seated if gathering.digest_of(n) is None)
                    assert config.commit_seconds is not None
                    if missing and not _after(shoe.called_at, now, config.commit_seconds):
                        raise refuse("early_reveals", number, names=", ".join(missing))
                    shoe.opened_at = now
                    gathering = Gathering(number, Window.REVEAL, gathering.commits)
                case ContributionRevealed(number, name, value):
                    if gathering.window is not Window.REVEAL:
                        raise refuse("order", number)
                    committed = gathering.digest_of(name)
                    if committed is None:
                        raise refuse("uncommitted", number, name=name)
                    if gathering.has_revealed(name):
                        raise refuse("twice", number, name=name)
                    try:
                        fits = contributions.matches(table, number, name, value, committed)
                    except FairnessError:
                        fits = False
                    if not fits:
                        raise refuse("mismatch", number, name=name)
                    revealed = (*gathering.revealed, (name, value))
                    gathering = Gathering(number, Window.REVEAL, gathering.commits, revealed)
                case ContributionsClosed(number, excluded):
                    if gathering.window is not Window.REVEAL:
                        raise refuse("order", number)
                    if excluded != gathering.unrevealed:
                        raise refuse(
                            "excluded",
                            number,
                            found=", ".join(excluded) or "-",
                            expected=", ".join(gathering.unrevealed) or "-",
                        )
                    assert config.reveal_seconds is not None
                    if excluded and not _after(shoe.opened_at, now, config.reveal_seconds):
                        raise refuse("early_close", number, names=", ".join(excluded))
                    gathering = Gathering(
                        number, Window.CLOSED, gathering.commits, gathering.revealed, excluded
                    )
                case ShoeShuffled() | ShoeHidden():
                    if gathering.window is not Window.CLOSED:
                        raise refuse("unclosed", event.shoe)
                    expected = fair.client_seed(table, event.shoe, gathering.values)
                    if event.client_seed != expected:
                        raise refuse(
                            "client_seed", event.shoe, found=event.client_seed, expected=expected
                        )
                    if isinstance(event, ShoeShuffled):
                        seed = event.server_seed or ""
                        used = fair.commitment(bytes.fromhex(seed)) if len(seed) == 64 else None
                    else:
                        used = event.commitment
                    if used != shoe.commitment:
                        raise refuse("seed", event.shoe)
                    shoe.shuffled, waiting = True, False
                    # A shoe that took no value from a seat but the operator's is the
                    # server's alone: not counted as shuffled with its players'
                    # contributions (``verify`` names it).
                    givers = gathering.contributors
                    checked.shoes += not fair.server_only(True, givers, shoe.house)
                    checked.revealed += len(gathering.revealed)
                    checked.excluded += [(event.shoe, n) for n in gathering.excluded]
            shoe.gathering = gathering
    return checked


class _Refusal:
    """The error naming one event of the log: its line, its type, its shoe, why."""

    def __init__(self, event: Event, line: int) -> None:
        self.event, self.line = type(event).__name__, line

    def __call__(self, kind: str, shoe: int | None = None, **params: object) -> StoreError:
        return StoreError(
            f"entropy.log.{kind}",
            line=self.line,
            event=self.event,
            shoe="-" if shoe is None else shoe,
            **params,
        )


def _after(start: datetime | None, now: datetime | None, seconds: int) -> bool:
    """True when ``now`` is at least ``seconds`` after ``start`` (stored times)."""
    return start is not None and now is not None and now - start >= timedelta(seconds=seconds)
