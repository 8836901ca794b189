"""What one screen saw of a table's fair shoes, and its own check of each shoe once
its server seed is revealed: the phone's check (``web/static/fair.js``) for the
terminal game.

While a shoe is played the witness notes, from what the screen shows, the
commitment shown before the shoe was shuffled (a later one for the same shoe is
a fault at once) and the cards of every coup it saw. When the shoe's record
shows its seed, the witness checks the record (``fair.verify_shoe``: the seed
against the commitment, the client seed, every dealt card against the order the
seeds give), then the commitment it noted against the record's, and the cards it
saw against the cards the record dealt, in order. The first fault is kept as a
``FairnessError`` naming it; a shoe once checked is not checked again.

>>> from puntobanco import Session
>>> s = Session(["Ana", "Bruno"], deals=2)
>>> w = ShoeWitness()
>>> for _ in range(2):
...     w.observe(s.events)
...     _ = s.predict("Ana", "banco")
...     _ = s.predict("Bruno", "punto")
...     _ = s.deal()
>>> w.observe(s.events)
>>> w.status(), w.results
((2, None), {1: None, 2: None})
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import puntobanco.fair as fair
from puntobanco.cards import Card
from puntobanco.errors import FairnessError
from puntobanco.fair.log import fair_shoes
from puntobanco.table.events import (
    CoupDealt,
    Event,
    NextShoeCommitted,
    ShoeRevealed,
    ShoeShuffled,
    TableClosed,
)


@dataclass
class _Noted:
    """What the screen saw of one shoe."""

    commitment: str | None = None
    coups: list[tuple[Card, ...]] = field(default_factory=list)


class ShoeWitness:
    """Notes each fair shoe as the screen shows it and checks it once revealed."""

    __slots__ = ("_current", "_noted", "_results", "_seen")

    def __init__(self) -> None:
        self._noted: dict[int, _Noted] = {}
        #: Each shoe checked: None when it checked out, else the first fault.
        self._results: dict[int, FairnessError | None] = {}
        self._seen = 0  # events of the log observed so far
        self._current = 0  # the shoe being dealt

    def _note(self, shoe: int, commitment: str) -> None:
        noted = self._noted.setdefault(shoe, _Noted())
        if noted.commitment is None:
            noted.commitment = commitment
        elif noted.commitment != commitment and shoe not in self._results:
            self._results[shoe] = FairnessError(
                "fair.error.noted_commitment", shoe=shoe, noted=noted.commitment, found=commitment
            )

    def observe(self, events: Sequence[Event]) -> None:
        """Note what the table's log shows since the last call (the screen shows it
        as it happens), then check every shoe it played that is now revealed."""
        revealed = False
        for event in events[self._seen :]:
            revealed = revealed or isinstance(event, ShoeRevealed | TableClosed)
            # The commitment the screen shows: SHA-256 of the seed (never the seed).
            if isinstance(event, NextShoeCommitted) and event.server_seed:
                self._note(event.shoe, fair.commitment(bytes.fromhex(event.server_seed)))
            elif isinstance(event, ShoeShuffled):
                self._current = event.shoe
                if event.server_seed and event.client_seed is not None:
                    seed = bytes.fromhex(event.server_seed)
                    self._note(event.shoe, fair.commitment(seed))  # joined while it was dealt
            elif isinstance(event, CoupDealt) and self._current in self._noted:
                self._noted[self._current].coups.append(tuple(event.cards))
        self._seen = len(events)
        waiting = [n for n in self._noted if n not in self._results and self._noted[n].coups]
        if waiting and revealed:  # a seed comes out only with these
            self.check(fair_shoes(events), waiting)

    def check(self, records: Iterable[fair.FairShoe], shoes: Iterable[int]) -> None:
        """Check the shoes ``shoes`` whose record (among ``records``) shows its seed."""
        wanted = set(shoes)
        for record in records:
            if record.shoe in wanted and record.secret and record.server_seed is not None:
                self._results[record.shoe] = self._fault(record)

    def _fault(self, record: fair.FairShoe) -> FairnessError | None:
        noted = self._noted[record.shoe]
        try:
            fair.verify_shoe(record)
        except FairnessError as error:
            return error
        if noted.commitment is not None and noted.commitment != record.commitment:
            return FairnessError(
                "fair.error.noted_commitment",
                shoe=record.shoe,
                noted=noted.commitment,
                found=record.commitment,
            )
        dealt, start = record.dealt, 0
        for number, cards in enumerate(noted.coups, 1):
            at = next(
                (
                    i
                    for i in range(start, len(dealt) - len(cards) + 1)
                    if tuple(dealt[i : i + len(cards)]) == cards
                ),
                None,
            )
            if at is None:
                return FairnessError(
                    "fair.error.seen_cards",
                    shoe=record.shoe,
                    coup=number,
                    cards=" ".join(str(c) for c in cards),
                )
            start = at + len(cards)
        return None

    def status(self) -> tuple[int, FairnessError | None] | None:
        """The shoe the screen's one line speaks of: the first whose check failed,
        else the latest checked (None: no shoe checked yet)."""
        failed = [n for n, fault in self._results.items() if fault is not None]
        if failed:
            first = min(failed)
            return first, self._results[first]
        if not self._results:
            return None
        last = max(self._results)
        return last, None

    @property
    def results(self) -> dict[int, FairnessError | None]:
        """Every shoe checked: None when it checked out, else its first fault."""
        return dict(self._results)
