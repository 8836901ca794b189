"""The dealer's assistant: a coup fed one card at a time, for physical cards.

The host types each card as it leaves the shoe; the assistant knows what the
next card is for (``expected``), refuses a card the shoe cannot hold any more,
can take the last card back, and at the end of the coup settles every
participant's prediction (seed 004: a notional stake of 20 points, +20 / +19 /
+160, -20, Punto and Banco refunded on a tie). A whole 10-deal session runs
this way. The same machine is fed from a shuffled ``Shoe`` by the terminal
game, so the screen and the assistant say the same things.

Pure: standard library only, no I/O. The rules stay in ``rules`` and
``coup``: the cards of a finished coup go through ``coup.resolve``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final

from puntobanco.cards import Card
from puntobanco.coup import Coup, Outcome, resolve
from puntobanco.errors import IllegalActionError, InvalidBetError, InvalidCardError
from puntobanco.paytable import STANDARD, Amount, Paytable
from puntobanco.shoe import SESSION_DECKS, check_decks
from puntobanco.table.progress import Expect as Expect
from puntobanco.table.progress import decisions as decisions
from puntobanco.table.progress import expected as expected

SESSION_DEALS: Final = 10  # seed 004: "pour dix donnes"
SESSION_STAKE: Final = 20  # seed 004: "un enjeu fictif de 20 points"
MIN_PARTICIPANTS: Final = 2  # seed 004: "deux à huit participants"
MAX_PARTICIPANTS: Final = 8


class ShoeCount:
    """Which cards can still leave a shoe of ``decks`` decks."""

    def __init__(self, decks: int = SESSION_DECKS) -> None:
        self.decks = check_decks(decks)
        self._out: Counter[Card] = Counter()

    @property
    def size(self) -> int:
        """Cards in the full shoe."""
        return 52 * self.decks

    @property
    def remaining(self) -> int:
        """Cards not yet dealt."""
        return self.size - self._out.total()

    def left(self, card: Card) -> int:
        """How many copies of ``card`` are still in the shoe."""
        return self.decks - self._out[card]

    def verify_take(self, card: Card) -> None:
        """Raise ``InvalidCardError`` when no copy of ``card`` is left."""
        if self.left(card) <= 0:
            raise InvalidCardError(
                "error.assist.no_more", card=card.pretty, count=self.decks, decks=self.decks
            )

    def take(self, card: Card) -> None:
        """One copy of ``card`` leaves the shoe."""
        self.verify_take(card)
        self._out[card] += 1

    def put_back(self, card: Card) -> None:
        """Return one copy of ``card`` (an undo)."""
        assert self._out[card] > 0, "only a dealt card goes back"
        self._out[card] -= 1

    def refill(self) -> None:
        """Every card back in the shoe (seed 004's reshuffle after each deal)."""
        self._out.clear()


class Phase(Enum):
    """Where a session stands."""

    PREDICTING = "predicting"  # each participant notes a prediction
    DEALING = "dealing"  # bets are closed; cards come one by one
    SETTLED = "settled"  # the coup is over and settled; the next deal may start
    FINISHED = "finished"  # the last deal is settled


@dataclass(frozen=True, slots=True)
class DealResult:
    """One settled deal: the coup, each prediction and what it earned."""

    number: int
    coup: Coup
    predictions: Mapping[str, Outcome]
    nets: Mapping[str, Amount]


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the ranking; ``rank`` is shared by equal scores (1, 1, 3)."""

    rank: int
    name: str
    score: Amount
    winner: bool


def ranking(scores: Mapping[str, Amount]) -> tuple[Standing, ...]:
    """Best score first; equal scores share a rank; every leader is a winner (seed 004).

    >>> [(s.rank, s.name, s.winner) for s in ranking({"Ana": 19, "Bruno": 40, "Chloé": 40})]
    [(1, 'Bruno', True), (1, 'Chloé', True), (3, 'Ana', False)]
    """
    order = sorted(scores.items(), key=lambda item: -item[1])
    best = order[0][1] if order else 0
    standings: list[Standing] = []
    for i, (name, score) in enumerate(order):
        rank = standings[-1].rank if standings and standings[-1].score == score else i + 1
        standings.append(Standing(rank, name, score, score == best))
    return tuple(standings)


def check_names(names: Iterable[str]) -> tuple[str, ...]:
    """2 to 8 distinct, non-empty names; ``IllegalActionError`` otherwise."""
    cleaned = tuple(n.strip() for n in names)
    if any(not n for n in cleaned):
        raise IllegalActionError("error.assist.empty_name")
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            raise IllegalActionError("error.assist.same_name", name=name)
        seen.add(name.casefold())
    if not MIN_PARTICIPANTS <= len(cleaned) <= MAX_PARTICIPANTS:
        raise IllegalActionError(
            "error.assist.participants",
            count=len(cleaned),
            low=MIN_PARTICIPANTS,
            high=MAX_PARTICIPANTS,
        )
    return cleaned


class Assistant:
    """A 10-deal session (seed 004) dealt one card at a time.

    ``reshuffle_every_coup=True`` is seed 004's procedure (all cards back in
    the shoe after each deal); by default the shoe is dealt on through the
    session, so that the shoe's count refuses a card that cannot be there.
    """

    def __init__(
        self,
        names: Iterable[str],
        *,
        decks: int = SESSION_DECKS,
        deals: int = SESSION_DEALS,
        stake: Amount = SESSION_STAKE,
        paytable: Paytable = STANDARD,
        reshuffle_every_coup: bool = False,
    ) -> None:
        self.names = check_names(names)
        self.shoe = ShoeCount(decks)
        self.deals = deals
        self.stake = stake
        self.paytable = paytable
        self.reshuffle_every_coup = reshuffle_every_coup
        self.predictions: dict[str, Outcome] = {}
        self.cards: list[Card] = []
        self.results: list[DealResult] = []
        self.phase = Phase.PREDICTING

    # -- where things stand ------------------------------------------------

    @property
    def deal_number(self) -> int:
        """The deal in progress (or just settled), from 1."""
        settled = self.phase in (Phase.SETTLED, Phase.FINISHED)
        return len(self.results) + (0 if settled else 1)

    @property
    def finished(self) -> bool:
        """True once the last deal is settled."""
        return self.phase is Phase.FINISHED

    @property
    def expecting(self) -> Expect:
        """What the next card is for (``OVER`` outside of a deal)."""
        return expected(self.cards) if self.phase is Phase.DEALING else Expect.OVER

    @property
    def waiting(self) -> tuple[str, ...]:
        """Participants who have not predicted this deal yet."""
        return tuple(n for n in self.names if n not in self.predictions)

    @property
    def scores(self) -> dict[str, Amount]:
        """Each participant's total so far (negative scores allowed, seed 004)."""
        scores: dict[str, Amount] = dict.fromkeys(self.names, 0)
        for result in self.results:
            for name, net in result.nets.items():
                scores[name] += net
        return scores

    @property
    def last(self) -> DealResult | None:
        """The last settled deal."""
        return self.results[-1] if self.results else None

    def standings(self) -> tuple[Standing, ...]:
        """The ranking by score, with shared wins."""
        return ranking(self.scores)

    @property
    def winners(self) -> tuple[str, ...]:
        """The leaders (several share the win when their scores are equal)."""
        return tuple(s.name for s in self.standings() if s.winner)

    # -- predictions -------------------------------------------------------

    def verify_predict(self, name: str, box: Outcome | str) -> Outcome:
        """The box, or raise: unknown name, unknown box, or bets closed."""
        if self.phase is not Phase.PREDICTING:
            raise IllegalActionError("error.assist.bets_closed", name=name)
        if name not in self.names:
            raise IllegalActionError("error.assist.unknown_name", name=name)
        return box if isinstance(box, Outcome) else Outcome.parse(box)

    def can_predict(self, name: str, box: Outcome | str) -> bool:
        """True when ``predict`` would accept it."""
        try:
            self.verify_predict(name, box)
        except (IllegalActionError, InvalidBetError):
            return False
        return True

    def predict(self, name: str, box: Outcome | str) -> Outcome:
        """Note (or change) ``name``'s prediction for this deal."""
        outcome = self.verify_predict(name, box)
        self.predictions[name] = outcome
        return outcome

    def withdraw(self, name: str) -> None:
        """Take back ``name``'s prediction before bets close."""
        if self.phase is not Phase.PREDICTING:
            raise IllegalActionError("error.assist.bets_closed", name=name)
        if name not in self.predictions:
            raise IllegalActionError("error.assist.no_prediction", name=name)
        del self.predictions[name]

    def close_bets(self) -> None:
        """No more predictions: the deal may begin. Everyone must have predicted."""
        if self.phase is not Phase.PREDICTING:
            raise IllegalActionError("error.assist.not_predicting")
        if self.waiting:
            raise IllegalActionError("error.assist.waiting", names=", ".join(self.waiting))
        self.phase = Phase.DEALING

    # -- cards -------------------------------------------------------------

    def verify_card(self, card: Card | str) -> Card:
        """The card, or raise: mistyped, none left in the shoe, or no card expected."""
        if self.phase is not Phase.DEALING:
            key = (
                "error.assist.bets_open" if self.phase is Phase.PREDICTING else "error.assist.over"
            )
            raise IllegalActionError(key)
        parsed = card if isinstance(card, Card) else Card.parse(card)
        self.shoe.verify_take(parsed)
        return parsed

    def can_card(self, card: Card | str) -> bool:
        """True when ``add_card`` would accept it."""
        try:
            self.verify_card(card)
        except (IllegalActionError, InvalidCardError):
            return False
        return True

    def add_card(self, card: Card | str) -> Expect:
        """Take the next card out of the shoe; returns what the card after it is for.

        When the coup is over it is settled at once (``last``, ``scores``).
        """
        parsed = self.verify_card(card)
        self.shoe.take(parsed)
        self.cards.append(parsed)
        nxt = expected(self.cards)
        if nxt is Expect.OVER:
            self._settle()
        return nxt

    def undo(self) -> Card:
        """Take the last card back, even once the coup is settled (until the next deal)."""
        if not self.cards:
            raise IllegalActionError("error.assist.nothing_to_undo")
        if self.phase in (Phase.SETTLED, Phase.FINISHED):
            self.results.pop()
            self.phase = Phase.DEALING
        card = self.cards.pop()
        self.shoe.put_back(card)
        return card

    def _settle(self) -> None:
        coup = resolve(self.cards)
        nets = {
            name: self.paytable.net(box, self.stake, coup) for name, box in self.predictions.items()
        }
        number = len(self.results) + 1
        self.results.append(DealResult(number, coup, dict(self.predictions), nets))
        self.phase = Phase.FINISHED if number >= self.deals else Phase.SETTLED

    def next_deal(self) -> None:
        """Start the next deal: predictions open again."""
        if self.phase is not Phase.SETTLED:
            key = "error.assist.finished" if self.finished else "error.assist.not_over"
            raise IllegalActionError(key)
        self.cards = []
        self.predictions = {}
        if self.reshuffle_every_coup:
            self.shoe.refill()
        self.phase = Phase.PREDICTING
