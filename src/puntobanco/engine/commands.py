"""Commands: what a front-end may ask of a table, one frozen record each, and who may.

The one vocabulary of the project: the terminal game and the Python API build
these records, the web API takes them as JSON objects whose ``type`` is the
record's name (``{"type": "Bet", "box": "banco", "stake": 2000}``, its schema
made from these classes), views offer them by the same names, and each is
carried out by the table's action of the same meaning (``Bet`` ->
``BetPlaced``). A box may be given as text (``"banco"``, ``"b"``); it is read
into an ``Outcome`` when the command is built (a side bet stays its key,
``"punto_pair"``), and a card as text (``"4h"``) into a ``Card``.

Each class says who may send it (``SENDERS``): the host (``HOST``), a player
for themselves or the host for anyone (``OWN``), a player for themselves only
(``SELF``: the players' say in the shuffle, Punto's cards and the shoe in
their hands), anyone (``ANYONE``: the table's clock); a spectator may sit down;
a watcher may send nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast, get_args

from puntobanco.cards import Card
from puntobanco.engine.viewers import Role, Viewer
from puntobanco.errors import (
    IllegalActionError,
    InvalidCardError,
    NotAllowedError,
    SeatEndedError,
)
from puntobanco.i18n.shown import Word
from puntobanco.paytable import Box
from puntobanco.table.names import name_key
from puntobanco.table.values import box_of

if TYPE_CHECKING:
    from puntobanco.table.state import TableState

#: Who may send a command (``SENDERS``).
HOST: Final = "host"
OWN: Final = "own"
SELF: Final = "self"
ANYONE: Final = "anyone"


@dataclass(frozen=True, slots=True)
class Sit:
    """``name`` sits down with ``bankroll`` (0 for a session), at ``seat`` if given."""

    SENDERS: ClassVar = OWN
    name: str
    bankroll: int = 0
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Leave:
    """``name`` leaves with their balance."""

    SENDERS: ClassVar = OWN
    name: str


@dataclass(frozen=True, slots=True)
class Bet:
    """``name`` puts ``stake`` on ``box`` (a session's prediction: ``stake`` None,
    the table's)."""

    SENDERS: ClassVar = OWN
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

    SENDERS: ClassVar = OWN
    name: str
    box: Box | None = None

    if TYPE_CHECKING:

        def __init__(self, name: str, box: Box | None = None) -> None: ...

    def __post_init__(self) -> None:
        if self.box is not None:
            object.__setattr__(self, "box", box_of(self.box))


@dataclass(frozen=True, slots=True)
class Rebet:
    """``name`` puts the bets of the last coup they played down again (an empty
    layout; all of them within their limits and bankroll, or none)."""

    SENDERS: ClassVar = OWN
    name: str


@dataclass(frozen=True, slots=True)
class Double:
    """``name`` doubles every stake they have on the layout (all, or none)."""

    SENDERS: ClassVar = OWN
    name: str


@dataclass(frozen=True, slots=True)
class UndoBet:
    """``name`` takes back the last chip they put down."""

    SENDERS: ClassVar = OWN
    name: str


@dataclass(frozen=True, slots=True)
class ClearBets:
    """``name`` takes back every stake they have on the layout."""

    SENDERS: ClassVar = OWN
    name: str


@dataclass(frozen=True, slots=True)
class CloseBets:
    """ "Rien ne va plus"."""

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class Deal:
    """Close bets if open, deal the coup from the shoe, settle it, open the next one
    (or end a session after its last deal): one commit. ``name``: the player who
    holds the shoe and deals it once bets are closed (seed 002); None, the dealer.
    Where Punto's cards go face down to a player, the coup stops there until
    they are turned over (``TurnPunto``)."""

    SENDERS: ClassVar = OWN
    name: str | None = None


@dataclass(frozen=True, slots=True)
class TurnPunto:
    """Player ``name``, handed Punto's cards face down, turns them over: the coup is
    dealt on, settled, and the next one opened."""

    SENDERS: ClassVar = SELF
    name: str


@dataclass(frozen=True, slots=True)
class PassShoe:
    """Player ``name`` holds the shoe and declines to deal: it goes to the next seat."""

    SENDERS: ClassVar = SELF
    name: str


@dataclass(frozen=True, slots=True)
class Tick:
    """The table looks at the engine's clock: the virtual croupier deals when bets
    are due, a shoe's contributions window closes, the dealer turns Punto's cards."""

    SENDERS: ClassVar = ANYONE


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """The host's next physical card; the card that completes the coup settles it."""

    SENDERS: ClassVar = HOST
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

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class NextCoup:
    """After a settled coup: open the next one, or end a finished session."""

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class Rebuy:
    """``name`` adds ``amount`` (minor units) to their bankroll between coups, while
    it is below the table's minimum, up to the table's bankroll; where the host
    approves rebuys, a player's is a request, and the host's grants it."""

    SENDERS: ClassVar = OWN
    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class Contribute:
    """Player ``name`` adds ``text`` to the client seed of the next shoe (whose
    server seed is already committed): at a table stored before contributions were
    committed; once per shoe each."""

    SENDERS: ClassVar = SELF
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class CommitContribution:
    """Player ``name`` commits to a contribution to shoe ``shoe``, the one to come:
    ``digest`` is ``contributions.digest`` of 32 random bytes the player keeps until
    the reveals open; once per shoe each."""

    SENDERS: ClassVar = SELF
    name: str
    shoe: int
    digest: str


@dataclass(frozen=True, slots=True)
class RevealContribution:
    """Player ``name`` reveals ``value`` (64 hex digits), the bytes they committed to
    for shoe ``shoe``."""

    SENDERS: ClassVar = SELF
    name: str
    shoe: int
    value: str


@dataclass(frozen=True, slots=True)
class NextQuestion:
    """At a lesson: put the next question to the room, or end the lesson after its last."""

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class AnswerQuestion:
    """Student ``name`` answers the question put with ``answer`` (what the drill
    reads: ``"draw"``, ``"banco"``, a point or a count, cents as ``"-2000"``; a
    whole number is read as its text)."""

    SENDERS: ClassVar = SELF
    name: str
    answer: str

    if TYPE_CHECKING:

        def __init__(self, name: str, answer: str | int) -> None: ...

    def __post_init__(self) -> None:
        if isinstance(self.answer, int) and not isinstance(self.answer, bool):
            object.__setattr__(self, "answer", str(self.answer))


@dataclass(frozen=True, slots=True)
class ShowAnswer:
    """At a lesson: close the question's answers now and show the right one."""

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class PauseTable:
    """The host pauses the table while bets are open: nothing is dealt, no countdown
    runs, bets are refused (with the reason) until ``ResumeTable``."""

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class ResumeTable:
    """The host resumes a paused table."""

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class CloseTable:
    """Close the table for good (between coups, nothing on the layout)."""

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class Remove:
    """The host removes player ``name`` for ``reason``: their open bets returned,
    their balance taken with them, the log saying who and why."""

    SENDERS: ClassVar = HOST
    name: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RenamePlayer:
    """The host renames player ``name`` to ``new_name``: their seat, balance, bets and
    credential stay theirs; the old name is free for someone else."""

    SENDERS: ClassVar = HOST
    name: str
    new_name: str


@dataclass(frozen=True, slots=True)
class SetJoins:
    """The host opens the table to joins (``"open"``), locks it (``"locked"``) or
    admits each join (``"approval"``)."""

    SENDERS: ClassVar = HOST
    mode: str


@dataclass(frozen=True, slots=True)
class Admit:
    """The host seats ``name``, who asked to sit."""

    SENDERS: ClassVar = HOST
    name: str


@dataclass(frozen=True, slots=True)
class Refuse:
    """The host turns ``name``'s request away: to sit, or to buy in again."""

    SENDERS: ClassVar = HOST
    name: str


@dataclass(frozen=True, slots=True)
class Ready:
    """At the virtual croupier's table, ``name`` is ready for the coup to be dealt:
    once every seated player is, it is dealt without waiting out the countdown."""

    SENDERS: ClassVar = OWN
    name: str


@dataclass(frozen=True, slots=True)
class SkipMissing:
    """The host deals a session's coup without the players who have not predicted."""

    SENDERS: ClassVar = HOST


@dataclass(frozen=True, slots=True)
class SetPredictionTime:
    """The host gives a session's players ``seconds`` to predict, after which the
    coup is dealt without those who have not (None: no limit)."""

    SENDERS: ClassVar = HOST
    seconds: int | None = None


#: Every command, in the order the documentation lists them.
Command = (
    Sit
    | Leave
    | Bet
    | Withdraw
    | Rebet
    | Double
    | UndoBet
    | ClearBets
    | Rebuy
    | Ready
    | CommitContribution
    | RevealContribution
    | Contribute
    | CloseBets
    | Deal
    | TurnPunto
    | PassShoe
    | PlaceCard
    | UndoCard
    | NextCoup
    | Tick
    | NextQuestion
    | AnswerQuestion
    | ShowAnswer
    | PauseTable
    | ResumeTable
    | CloseTable
    | Remove
    | RenamePlayer
    | SetJoins
    | Admit
    | Refuse
    | SkipMissing
    | SetPredictionTime
)
COMMANDS: Final[tuple[type[Command], ...]] = get_args(Command)
#: Each command by its name, with the names of its fields (``command_of``, once a command).
_FIELDS: Final[dict[str, tuple[type[Command], frozenset[str]]]] = {
    kind.__name__: (kind, frozenset(f.name for f in fields(kind))) for kind in COMMANDS
}


def command_word(kind: type[Command]) -> Word:
    """What a command does, in words for a message (``command.close_bets``:
    "close the bets"); ``str``: its name."""
    snake = "".join(f"_{c.lower()}" if c.isupper() else c for c in kind.__name__)[1:]
    return Word(f"command.{snake}", kind.__name__)


def check_sender(command: Command, by: Viewer) -> None:
    """Raise ``NotAllowedError`` unless ``by`` may send ``command`` (see the module)."""
    _sends(by)
    who = type(command).SENDERS
    if who == ANYONE:
        return
    role = by.role
    if role is Role.HOST:
        if who != SELF:
            return
        raise NotAllowedError("engine.error.player_only", command=command_word(type(command)))
    if who == HOST:
        raise NotAllowedError("engine.error.host_only", command=command_word(type(command)))
    name = getattr(command, "name", None)
    allowed = role is Role.PLAYER or isinstance(command, Sit)
    mine = isinstance(name, str) and name_key(name) == name_key(by.name or "")
    if role is Role.PLAYER and not mine:
        allowed = False  # a player acts for themselves; a player deals as the shoe's holder
    if not allowed:
        raise NotAllowedError(
            "engine.error.not_allowed",
            command=type(command).__name__,
            role=role.value,
            name=by.name or "-",
        )


def _sends(by: Viewer) -> None:
    """Raise ``NotAllowedError`` when ``by`` is a watcher: it sends no command at all."""
    if by.role is Role.WATCHER:
        raise NotAllowedError("web.error.spectator")


def seated(state: TableState, by: Viewer) -> Viewer:
    """``by`` under the name its seating goes by now: a player known by a seating
    (``Viewer.seating``) is whoever sits with that seating, whatever name they were
    known by when their credential was given (a rename keeps the seating, so the
    renamed player keeps their seat, and the credential never names their old name
    again). ``SeatEndedError`` when that seating is not at the table: they left or
    were removed, and whoever sits since, under any name, is someone else. A
    request to sit that the host has not answered yet is that seating too (it sees
    the table, and sits nowhere)."""
    if by.role is not Role.PLAYER or by.seating is None:
        return by
    known = state.players.get(by.name or "")
    if known is not None and known.seating == by.seating:
        return by  # the common case, at once: seated under the name it knows
    name = next((p.name for p in state.players.values() if p.seating == by.seating), None)
    if name is None:
        name = next((n for n, (seq, _) in state.asking.items() if seq == by.seating), None)
    if name is None:
        raise SeatEndedError("engine.error.seat_ended", name=by.name or "-")
    return by if name == by.name else replace(by, name=name)


def sent_as(command: Command, sent: Viewer, by: Viewer) -> Command:
    """``command`` as ``by`` (``seated(sent)``) sends it: a player's name filled in
    from the credential (``sent``'s, the name it was given under, ``command_of``)
    is the name the seating goes by now."""
    name = getattr(command, "name", None)
    if sent.name == by.name or not isinstance(name, str):
        return command
    if name_key(name) != name_key(sent.name or ""):
        return command
    renamed: Command = replace(cast(Any, command), name=by.name)  # every one with a name
    return renamed


def command_of(data: Mapping[str, Any], by: Viewer) -> Command:
    """The command of a JSON object (``{"type": "Bet", "box": "banco", ...}``) sent by
    ``by``; its ``name``, where it names a player, is the sender's when a player
    gives none. The fields' types are the caller's to check (the web's schema).
    A watcher's is refused, whatever it is (``NotAllowedError``)."""
    _sends(by)
    found = _FIELDS.get(str(data.get("type")))
    if found is None:
        raise IllegalActionError("engine.error.command", command=data.get("type"))
    kind, names = found
    given = {k: v for k, v in data.items() if k in names}
    if "name" in names and given.get("name") is None and by.role is Role.PLAYER:
        given["name"] = by.name
    if "name" in names and "name" not in given and kind is not Deal:
        raise NotAllowedError("engine.error.player_only", command=command_word(kind))
    try:
        command: Command = kind(**given)
    except TypeError as error:
        raise IllegalActionError(
            "engine.error.command_fields", command=kind.__name__, reason=str(error)
        ) from None
    return command
