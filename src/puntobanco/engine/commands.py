"""Commands: what a front-end may ask of a table, one frozen record each.

Commands are data: they travel as JSON with the same codec as the events
(``to_dict`` / ``from_dict``), and ``Engine.verify`` / ``can`` / ``do``
carry them out. A box may be given as text (``"banco"``, ``"b"``); it is
read into an ``Outcome`` when the command is built (a side bet stays its
key, ``"punto_pair"``), and a card as text
(``"4h"``) into a ``Card``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from puntobanco.cards import Card
from puntobanco.errors import IllegalActionError, InvalidCardError, PuntoBancoError
from puntobanco.paytable import Box
from puntobanco.table.codec import _build, encode
from puntobanco.table.values import box_of


@dataclass(frozen=True, slots=True)
class Sit:
    """``name`` sits down with ``bankroll`` (0 for a session), at ``seat`` if given."""

    name: str
    bankroll: int = 0
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Leave:
    """``name`` leaves with their balance."""

    name: str


@dataclass(frozen=True, slots=True)
class Bet:
    """``name`` puts ``stake`` on ``box`` (a session's prediction: ``stake`` None)."""

    name: str
    box: Box
    stake: int | None = None

    if TYPE_CHECKING:

        def __init__(self, name: str, box: Box, stake: int | None = None) -> None: ...

    def __post_init__(self) -> None:
        object.__setattr__(self, "box", box_of(self.box))


@dataclass(frozen=True, slots=True)
class Withdraw:
    """``name`` takes back the stake on ``box`` (None: their one prediction)."""

    name: str
    box: Box | None = None

    if TYPE_CHECKING:

        def __init__(self, name: str, box: Box | None = None) -> None: ...

    def __post_init__(self) -> None:
        if self.box is not None:
            object.__setattr__(self, "box", box_of(self.box))


@dataclass(frozen=True, slots=True)
class CloseBets:
    """ "Rien ne va plus"."""


@dataclass(frozen=True, slots=True)
class Deal:
    """Close bets if open, deal the coup from the shoe, settle it, open the next one
    (or end a session after its last deal): one commit. ``name``: the player who
    holds the shoe and deals it once bets are closed (seed 002); None, the dealer.
    Where Punto's cards go face down to a player, the coup stops there until
    they are turned over (``TurnPunto``)."""

    name: str | None = None


@dataclass(frozen=True, slots=True)
class TurnPunto:
    """Player ``name``, handed Punto's cards face down, turns them over: the coup is
    dealt on, settled, and the next one opened."""

    name: str


@dataclass(frozen=True, slots=True)
class PassShoe:
    """Player ``name`` holds the shoe and declines to deal: it goes to the next seat."""

    name: str


@dataclass(frozen=True, slots=True)
class Tick:
    """The virtual croupier looks at the engine's clock (it deals when bets are due)."""


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """The host's next physical card; the card that completes the coup settles it."""

    card: Card

    if TYPE_CHECKING:

        def __init__(self, card: Card | str) -> None: ...

    def __post_init__(self) -> None:
        if isinstance(self.card, str):
            object.__setattr__(self, "card", Card.parse(self.card))
        elif not isinstance(self.card, Card):
            raise InvalidCardError("table.error.card_type", card=self.card)


@dataclass(frozen=True, slots=True)
class UndoCard:
    """The host takes the last card placed back into the shoe."""


@dataclass(frozen=True, slots=True)
class NextCoup:
    """After a settled coup: open the next one, or end a finished session."""


@dataclass(frozen=True, slots=True)
class Rebuy:
    """``name`` adds ``amount`` (minor units) to their bankroll between coups."""

    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class Contribute:
    """Player ``name`` adds ``text`` to the client seed of the next shoe (whose
    server seed is already committed); players only, once per shoe each."""

    name: str
    text: str


@dataclass(frozen=True, slots=True)
class CommitContribution:
    """Player ``name`` commits to a contribution to shoe ``shoe``, the one to come:
    ``digest`` is ``contributions.digest`` of 32 random bytes the player keeps until
    the reveals open; players only, once per shoe each."""

    name: str
    shoe: int
    digest: str


@dataclass(frozen=True, slots=True)
class RevealContribution:
    """Player ``name`` reveals ``value`` (64 hex digits), the bytes they committed to
    for shoe ``shoe``."""

    name: str
    shoe: int
    value: str


@dataclass(frozen=True, slots=True)
class CloseTable:
    """Close the table for good (between coups, nothing on the layout)."""


Command = (
    Sit
    | Leave
    | Bet
    | Withdraw
    | CloseBets
    | Deal
    | TurnPunto
    | PassShoe
    | Tick
    | PlaceCard
    | UndoCard
    | NextCoup
    | Rebuy
    | Contribute
    | CommitContribution
    | RevealContribution
    | CloseTable
)

#: Every command class by its name (``type`` in JSON).
COMMAND_TYPES: dict[str, type[Command]] = {
    cls.__name__: cls
    for cls in (
        Sit,
        Leave,
        Bet,
        Withdraw,
        CloseBets,
        Deal,
        TurnPunto,
        PassShoe,
        Tick,
        PlaceCard,
        UndoCard,
        NextCoup,
        Rebuy,
        Contribute,
        CommitContribution,
        RevealContribution,
        CloseTable,
    )
}


def to_dict(command: Command) -> dict[str, Any]:
    """``{"type": "Bet", "name": "Ana", "box": "banco", "stake": 2000}``."""
    data = encode(command)
    return {"type": type(command).__name__, **data}


def from_dict(data: Any) -> Command:
    """A command from its JSON object; ``IllegalActionError`` naming what is wrong."""
    kind = data.get("type") if isinstance(data, dict) else None
    if kind not in COMMAND_TYPES:
        raise IllegalActionError("engine.error.command", command=kind if kind else data)
    try:
        command: Command = _build(COMMAND_TYPES[kind], data)
    except (ValueError, TypeError) as error:
        if isinstance(error, PuntoBancoError):
            raise
        raise IllegalActionError(
            "engine.error.command_fields", command=kind, reason=str(error)
        ) from None
    return command
