"""The fair shoes of a table's log: what ``puntobanco shoes`` shows and ``verify`` checks.

A fold over the stored events (the store's private part included): each shoe
shuffled by the provably fair scheme becomes a ``FairShoe`` with every card
that has left it, in order (the casino's turned and burned cards first), and
the players' contributions to its client seed. Its server seed is shown only
once the shoe has ended: a later shoe was shuffled, the shoe finished, the
table closed, or, at a table that reshuffles every coup (the session), its one
coup was settled. ``public_log`` is what an export shows: the shoes still in
play hidden, and so the seeds committed in advance for shoes still to come.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import puntobanco.fair as fair
import puntobanco.fair.contributions as contributions
from puntobanco.cards import Card
from puntobanco.table.events import (
    ContributionCommitted,
    ContributionRevealed,
    ContributionsClosed,
    CoupDealt,
    CoupSettled,
    Event,
    NextShoeCommitted,
    NextShoeHidden,
    PlayerRenamed,
    PlayerSeated,
    RevealsOpened,
    SeedContributed,
    ShoeBurned,
    ShoeCalled,
    ShoeFinished,
    ShoeHidden,
    ShoeRevealed,
    ShoeShuffled,
    TableClosed,
    TableOpened,
)


@dataclass
class _Span:
    """One shoe of a log: where it was shuffled, the cards that left it, whether it ended."""

    index: int
    event: ShoeShuffled | ShoeHidden
    dealt: list[Card] = field(default_factory=list)
    ended: bool = False


def _spans(events: Sequence[Event]) -> tuple[TableOpened | None, list[_Span]]:
    """Every shoe of one table's log, with the cards dealt from it and whether it ended.

    A shoe ends when a later shoe is shuffled, the shoe finishes, the table
    closes, or, at a table that reshuffles every coup (the session), its one
    coup is settled.
    """
    opened: TableOpened | None = None
    reshuffles = False
    spans: list[_Span] = []
    current: _Span | None = None
    for index, event in enumerate(events):
        if isinstance(event, TableOpened):
            opened = event
            reshuffles = event.config.shoe_config.reshuffle_every_coup
        elif isinstance(event, ShoeShuffled | ShoeHidden):
            if current is not None:
                current.ended = True
            current = _Span(index, event)
            spans.append(current)
        elif current is None:
            continue
        elif isinstance(event, ShoeBurned):
            current.dealt.extend([event.turned, *event.burned])
        elif isinstance(event, CoupDealt):
            current.dealt.extend(event.cards)
        elif isinstance(event, ShoeFinished | TableClosed | ShoeRevealed) or (
            isinstance(event, CoupSettled) and reshuffles
        ):
            current.ended = True
    return opened, spans


#: The steps of a shoe whose stored times its record shows, by the event that takes them.
STEPS: Final = {
    NextShoeCommitted: "committed",
    NextShoeHidden: "committed",
    ShoeCalled: "called",
    RevealsOpened: "reveals_opened",
    ContributionsClosed: "closed",
    ShoeShuffled: "shuffled",
    ShoeHidden: "shuffled",
    ShoeRevealed: "revealed",
}


def shown_shoes(events: Sequence[Event], times: Sequence[str]) -> list[dict[str, Any]]:
    """``fair_shoes`` as JSON, as a player is shown them: the burned cards nobody has
    seen (face down, of a shoe still in play) are ``None`` among the cards that left
    it until the shoe ends; the card turned to count the burn was shown to the room."""
    _, spans = _spans(events)
    hidden: dict[int, range] = {}
    for span in spans:
        if span.ended:
            continue
        for event in events[span.index :]:
            if isinstance(event, ShoeBurned):
                hidden[span.event.shoe] = range(1, 1 + len(event.burned))
                break
            if isinstance(event, CoupDealt):
                break
    shown = []
    for shoe in fair_shoes(events, times):
        record = shoe.to_dict()
        for position in hidden.get(shoe.shoe, ()):
            record["dealt"][position] = None
        shown.append(record)
    return shown


def fair_shoes(events: Iterable[Event], times: Sequence[str] | None = None) -> list[fair.FairShoe]:
    """Every fair shoe of one table's log, oldest first (seeds of secret shoes not
    ended: None); ``times``, each event's stored time, fill the records' times.

    A shoe hidden by an export (``ShoeHidden``) shows its commitment only.
    """
    log = list(events)
    opened, spans = _spans(log)
    table = opened.table if opened is not None else ""
    decks = opened.config.decks if opened is not None else 0
    table_seed = opened.config.seed if opened is not None else None
    windows = None
    if opened is not None and opened.config.commit_seconds is not None:
        assert opened.config.reveal_seconds is not None
        windows = (opened.config.commit_seconds, opened.config.reveal_seconds)
    contributed = contributions_by_shoe(log)
    givers, house = contributors_by_shoe(log)
    commits, excluded, steps = _commits(log, times)
    result = []
    for span in spans:
        event = span.event
        if event.client_seed is None:
            continue
        if isinstance(event, ShoeHidden):
            if event.commitment is None:
                continue
            commitment, seed = event.commitment, None
        elif event.server_seed is None:
            continue
        else:
            commitment = fair.commitment(bytes.fromhex(event.server_seed))
            # A table opened with a seed shows every seed: anyone can derive them.
            seed = event.server_seed if span.ended or table_seed is not None else None
        shoe = event.shoe
        result.append(
            fair.FairShoe(
                table=table,
                shoe=event.shoe,
                decks=decks,
                commitment=commitment,
                client_seed=event.client_seed,
                nonce=event.shoe,
                server_seed=seed,
                # A table opened with a seed derives its server seeds from it; a
                # seed from another source than the OS's is not secret either.
                secret=fair.secret_seed(table_seed, event.source),
                dealt=tuple(span.dealt),
                contributions=tuple(contributed.get(shoe, ())),
                scheme=fair.SCHEME_TYPED
                if opened is not None and opened.config.reveal_seconds is None
                else fair.SCHEME_COMMITTED,
                commits=tuple(commits.get(shoe, ())),
                excluded=excluded.get(shoe, ()),
                times=tuple(steps.get(shoe, {}).items()),
                windows=windows,
                table_seed=table_seed,
                source=event.source,
                contributors=givers.get(shoe, ()),
                house=house.get(shoe, ()),
            )
        )
    return result


def _commits(
    log: Sequence[Event], times: Sequence[str] | None
) -> tuple[dict[int, list[fair.Commit]], dict[int, tuple[str, ...]], dict[int, dict[str, str]]]:
    """Each shoe's commitments with their reveals, its excluded players and the
    stored times of its steps (none without ``times``)."""
    commits: dict[int, list[fair.Commit]] = {}
    excluded: dict[int, tuple[str, ...]] = {}
    steps: dict[int, dict[str, str]] = {}
    for index, event in enumerate(log):
        when = times[index] if times is not None else None
        if isinstance(event, ContributionCommitted):
            commits.setdefault(event.shoe, []).append(fair.Commit(event.name, event.digest, when))
        elif isinstance(event, ContributionRevealed):
            made = commits.get(event.shoe, [])
            for i, c in enumerate(made):
                if c.name == event.name and c.value is None:
                    made[i] = fair.Commit(c.name, c.digest, c.time, event.value, when)
        elif isinstance(event, ContributionsClosed):
            excluded[event.shoe] = event.excluded
        step = STEPS.get(type(event))
        if step is not None and when is not None:
            shoe = getattr(event, "shoe")  # noqa: B009 (every step's event has one)
            steps.setdefault(shoe, {}).setdefault(step, when)
    return commits, excluded, steps


def contributors_by_shoe(
    events: Iterable[Event],
) -> tuple[dict[int, tuple[str, ...]], dict[int, tuple[str, ...]]]:
    """Who gave each shoe's contributions (``contributions_by_shoe``, in the same
    order), and the operator's own seats among them: a name seated with
    ``PlayerSeated.house`` when it committed (or typed its text)."""
    house_seats: set[str] = set()
    typed: dict[int, list[tuple[str, bool]]] = {}
    commits: dict[int, list[tuple[str, bool]]] = {}
    revealed: dict[int, set[str]] = {}
    for event in events:
        if isinstance(event, PlayerSeated):
            if event.house:
                house_seats.add(event.name)
            else:
                house_seats.discard(event.name)
        elif isinstance(event, PlayerRenamed) and event.name in house_seats:
            house_seats.discard(event.name)  # the same seat, under its new name
            house_seats.add(event.new_name)
        elif isinstance(event, SeedContributed):
            typed.setdefault(event.shoe, []).append((event.name, event.name in house_seats))
        elif isinstance(event, ContributionCommitted):
            commits.setdefault(event.shoe, []).append((event.name, event.name in house_seats))
        elif isinstance(event, ContributionRevealed):
            revealed.setdefault(event.shoe, set()).add(event.name)
    givers: dict[int, tuple[str, ...]] = {}
    house: dict[int, tuple[str, ...]] = {}
    for shoe in {*typed, *commits}:
        made = [
            *typed.get(shoe, ()),
            *(c for c in commits.get(shoe, ()) if c[0] in revealed.get(shoe, ())),
        ]
        givers[shoe] = tuple(name for name, _ in made)
        house[shoe] = tuple(name for name, own in made if own)
    return givers, house


def contributions_by_shoe(events: Iterable[Event]) -> dict[int, tuple[str, ...]]:
    """What each shoe's client seed appends: the typed texts of a table of the older
    scheme in the order recorded, or the values revealed, in commit order."""
    texts: dict[int, list[str]] = {}
    commits: dict[int, list[tuple[str, str]]] = {}
    reveals: dict[int, list[tuple[str, str]]] = {}
    for event in events:
        if isinstance(event, SeedContributed):
            texts.setdefault(event.shoe, []).append(event.text)
        elif isinstance(event, ContributionCommitted):
            commits.setdefault(event.shoe, []).append((event.name, event.digest))
        elif isinstance(event, ContributionRevealed):
            reveals.setdefault(event.shoe, []).append((event.name, event.value))
    found = {shoe: tuple(t) for shoe, t in texts.items()}
    for shoe, made in commits.items():
        values = contributions.in_commit_order(made, reveals.get(shoe, ()))
        found[shoe] = (*found.get(shoe, ()), *values)
    return found


def public_log(events: Sequence[Event]) -> list[Event]:
    """``events`` as an export may show them: every shoe still in play hidden.

    A shoe that has not ended keeps its server seed and the order of the
    cards still in it in the store alone; the export shows a ``ShoeHidden``
    with the cards already dealt, the commitment and the client seed. A seed
    committed in advance for a shoe that has not ended, or not begun, is a
    ``NextShoeHidden`` with its commitment alone (once the table has closed,
    a seed committed for a shoe that never came is shown). Shoes that ended
    show everything (their seed is revealed), and so do tables opened with a
    public ``seed`` (anyone can derive their shoes) and shoes of physical
    cards (no order is known).
    """
    opened, spans = _spans(events)
    if opened is not None and opened.config.seed is not None:
        return list(events)
    public = list(events)
    ended = {span.event.shoe for span in spans if span.ended}
    begun = {span.event.shoe for span in spans}
    closed = any(isinstance(e, TableClosed) for e in events)
    for index, event in enumerate(events):
        if isinstance(event, NextShoeCommitted) and event.shoe not in ended:
            if closed and event.shoe not in begun:
                continue  # a shoe that will never be dealt: nothing to hide
            public[index] = NextShoeHidden(
                event.shoe, fair.commitment(bytes.fromhex(event.server_seed)), event.source
            )
    for span in spans:
        event = span.event
        if span.ended or not isinstance(event, ShoeShuffled) or not event.order:
            continue
        seed = event.server_seed
        public[span.index] = ShoeHidden(
            shoe=event.shoe,
            dealt=tuple(span.dealt),
            cut_card=event.cut_card,
            commitment=fair.commitment(bytes.fromhex(seed)) if seed is not None else None,
            client_seed=event.client_seed,
            source=event.source,
        )
    return public
