"""The events of a table's log: one frozen record per thing that happened.

A table's state is a fold over these (``state.apply``). Events carry every
decision already taken (the shoe's order, the cards of a coup, who was paid
what), so that folding them again never needs a random source, a clock or a
rule that could change: replaying a log always gives the same table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import get_args

from puntobanco.cards import Card
from puntobanco.coup import Outcome
from puntobanco.paytable import Amount, Box
from puntobanco.table.config import TableConfig


@dataclass(frozen=True, slots=True)
class TableOpened:
    """The table opens with its settings; bets open for the first coup."""

    table: str
    config: TableConfig


@dataclass(frozen=True, slots=True)
class PlayerSeated:
    """A player sits at ``seat`` (1-based) with a bankroll (0 for a session's score).

    ``house``: True for a seat the operator took itself (the host, or the program
    running the table, seated the player: no device of the player's own stands
    behind it), None for a player who sat down from their own device (a join).
    A contribution from the operator's seat is the operator's (``fair.server_only``).
    """

    name: str
    seat: int
    bankroll: Amount
    house: bool | None = field(default=None, metadata={"omit_none": True})


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A player leaves the table, taking ``bankroll`` with them."""

    name: str
    seat: int
    bankroll: Amount


@dataclass(frozen=True, slots=True)
class PlayerRemoved:
    """The host removes a player, for ``reason`` (their words, may be empty): their
    open bets are returned and they leave with their balance (the events that
    follow: ``BetWithdrawn``, ``PlayerLeft``)."""

    name: str
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerRenamed:
    """The host renames player ``name`` to ``new_name``: the same seat, balance and
    bets under the new name from now on (the log keeps the name each event was
    written with; a contribution stays bound to the name it was committed under)."""

    name: str
    new_name: str


@dataclass(frozen=True, slots=True)
class JoinsSet:
    """The host opens the table to joins (``"open"``), locks it (``"locked"``: only
    the host seats anyone) or seats each join once they admit it (``"approval"``)."""

    mode: str


@dataclass(frozen=True, slots=True)
class JoinAsked:
    """``name`` asks to sit with ``bankroll`` at a table whose joins the host approves."""

    name: str
    bankroll: Amount


@dataclass(frozen=True, slots=True)
class JoinRefused:
    """The host turns ``name``'s request to sit down away."""

    name: str


@dataclass(frozen=True, slots=True)
class PredictionTimeSet:
    """The host gives a session's players ``seconds`` to predict, counted from when
    bets open, after which the coup is dealt without those who have not (None: no
    limit)."""

    seconds: int | None


@dataclass(frozen=True, slots=True)
class PlayersSkipped:
    """Coup ``coup`` of a session is dealt without ``names``, who had not predicted:
    they score nothing on it."""

    coup: int
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TablePaused:
    """The host pauses the table at coup ``coup``: no bet, no deal, no countdown."""

    coup: int


@dataclass(frozen=True, slots=True)
class TableResumed:
    """The host resumes the paused table (the croupier's countdown starts again)."""

    coup: int


@dataclass(frozen=True, slots=True)
class PlayerReady:
    """``name`` is ready for coup ``coup`` to be dealt (the virtual croupier deals
    before its countdown ends only once every seated player is)."""

    coup: int
    name: str


@dataclass(frozen=True, slots=True)
class BetPlaced:
    """A stake on a box. At a casino it adds to what the box holds; in a
    session it is the player's one prediction and replaces the previous one."""

    name: str
    box: Box
    stake: Amount


@dataclass(frozen=True, slots=True)
class BetWithdrawn:
    """A player takes back the stake on a box before bets close."""

    name: str
    box: Box
    stake: Amount


@dataclass(frozen=True, slots=True)
class BetsClosed:
    """ "Rien ne va plus": no more bets on coup number ``coup``."""

    coup: int


@dataclass(frozen=True, slots=True)
class ShoeShuffled:
    """A new shoe, with every card in the order it will leave the shoe.

    Stored before the shoe's first card is dealt, so that a replay, or a
    table reopened after a crash, deals the very same cards. A shoe shuffled
    by the provably fair scheme (``puntobanco.fair``) keeps its server seed
    (hex) and client seed here, in the store only: viewers see its commitment.
    """

    shoe: int
    order: tuple[Card, ...]
    cut_card: int | None
    server_seed: str | None = None
    client_seed: str | None = None
    #: Where the server seed came from: None, the operating system's secure source;
    #: ``fair.INJECTED``, a random source the program gave the table (not secret).
    source: str | None = field(default=None, metadata={"omit_none": True})


@dataclass(frozen=True, slots=True)
class ShoeHidden:
    """A shoe still in play, as an export shows it: the cards that have left
    it (``dealt``, burn cards first), its cut card, commitment and client
    seed, never its server seed nor the cards still in it.

    Only exports hold it (in place of the store's ``ShoeShuffled``): a table
    can be checked from such an export, not played on.
    """

    shoe: int
    dealt: tuple[Card, ...]
    cut_card: int | None
    commitment: str | None
    client_seed: str | None
    source: str | None = field(default=None, metadata={"omit_none": True})


@dataclass(frozen=True, slots=True)
class ShoeRevealed:
    """A fair shoe has ended (shoe change, a session's deal settled, table
    closed): its server seed, kept in the store's private part until now, is
    public, so anyone can check the shoe against the commitment shown before
    its first bet (``puntobanco verify``, ``tools/verify_shoe.py``)."""

    shoe: int
    server_seed: str


@dataclass(frozen=True, slots=True)
class NextShoeCommitted:
    """The server seed of shoe ``shoe``, the next one, drawn in advance (hex).

    Stored when the shoe before it is shuffled, in the store's private part
    like ``ShoeShuffled.server_seed``: everyone sees only its commitment, from
    before anyone may contribute to that shoe's client seed, and the shoe is
    shuffled with this very seed (after a crash too).
    """

    shoe: int
    server_seed: str
    #: Where the seed came from (``ShoeShuffled.source``): None, the OS's secure source.
    source: str | None = field(default=None, metadata={"omit_none": True})


@dataclass(frozen=True, slots=True)
class NextShoeHidden:
    """A ``NextShoeCommitted`` whose shoe may still deal, as an export shows it:
    its commitment, never its server seed. Only exports hold it."""

    shoe: int
    commitment: str
    source: str | None = field(default=None, metadata={"omit_none": True})


@dataclass(frozen=True, slots=True)
class SeedContributed:
    """Player ``name`` adds ``text`` to the client seed of shoe ``shoe`` (the
    next one): it is appended as ``"|" + text`` when that shoe is shuffled."""

    shoe: int
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class ContributionCommitted:
    """Player ``name`` commits to a contribution to shoe ``shoe``'s client seed:
    ``digest`` is its commitment (``contributions.digest``), the value stays on
    the player's device until the reveals open. Once per player and shoe, after
    the shoe's ``NextShoeCommitted`` and before its ``RevealsOpened``."""

    shoe: int
    name: str
    digest: str


@dataclass(frozen=True, slots=True)
class ShoeCalled:
    """Shoe ``shoe`` is wanted: bets wait until it is shuffled. Seated players who
    have not committed to it have ``seconds`` more (the table's ``commit_seconds``)."""

    shoe: int
    seconds: int


@dataclass(frozen=True, slots=True)
class RevealsOpened:
    """No more commitments to shoe ``shoe``: every committed player reveals within
    ``seconds`` (the table's ``reveal_seconds``), by the events' stored times."""

    shoe: int
    seconds: int


@dataclass(frozen=True, slots=True)
class ContributionRevealed:
    """Player ``name`` reveals ``value`` (64 hex digits), the contribution their
    commitment to shoe ``shoe`` binds."""

    shoe: int
    name: str
    value: str


@dataclass(frozen=True, slots=True)
class ContributionsClosed:
    """The reveals of shoe ``shoe`` are over: ``excluded`` names the committed
    players who did not reveal (in commit order); the shoe is shuffled next with
    the values revealed."""

    shoe: int
    excluded: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShoeBurned:
    """The start of a casino shoe: one card turned and as many burned as it counts."""

    shoe: int
    turned: Card
    burned: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PuntoCardsHanded:
    """Punto's cards go to the seat with the largest Punto bet (seed 002);
    ``name`` is None when nobody bet on Punto (the croupier keeps them)."""

    coup: int
    name: str | None


@dataclass(frozen=True, slots=True)
class PuntoCardsTurned:
    """Punto's two cards, handed face down to ``name`` (``PuntoCardsHanded``), are
    turned over for the whole table (seed 002: "Le joueur Punto regarde les cartes
    et il les retourne"); ``name`` is None when the dealer turned them because the
    player had not within the table's ``turn_seconds``."""

    coup: int
    name: str | None


@dataclass(frozen=True, slots=True)
class ShoePassed:
    """The shoe's holder ``name`` declines to deal and passes the shoe to ``to``,
    the next occupied seat (seed 002: "Les joueurs peuvent choisir de ne pas
    distribuer les cartes en passant le 'Sabot' au joueur suivant")."""

    coup: int
    name: str
    to: str


@dataclass(frozen=True, slots=True)
class CoupDealt:
    """The cards of coup ``coup`` in dealing order; ``last_of_shoe`` when the
    cut card had come out before it (the shoe's last coup)."""

    coup: int
    cards: tuple[Card, ...]
    last_of_shoe: bool


@dataclass(frozen=True, slots=True)
class CardPlaced:
    """The host places the next physical card of coup ``coup`` (a host card source)."""

    coup: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardUndone:
    """The host takes ``card``, the last one placed, back into the shoe."""

    coup: int
    card: Card


@dataclass(frozen=True, slots=True)
class CoupRetracted:
    """The host takes back ``card``, the last card of settled coup ``coup``: its
    settlement is undone and the coup waits for its last card again."""

    coup: int
    card: Card


@dataclass(frozen=True, slots=True)
class PlayerRebought:
    """A player adds ``amount`` to their bankroll between coups."""

    name: str
    amount: Amount


@dataclass(frozen=True, slots=True)
class RebuyAsked:
    """``name`` asks to buy in again for ``amount`` at a table whose host approves
    each rebuy (``TableConfig.rebuy_approval``)."""

    name: str
    amount: Amount


@dataclass(frozen=True, slots=True)
class RebuyRefused:
    """The host turns ``name``'s request to buy in again away."""

    name: str


@dataclass(frozen=True, slots=True)
class CoupAnnounced:
    """The croupier announces Banco's point, then Punto's, then the winner (seed 000)."""

    coup: int
    banco: int
    punto: int
    winner: Outcome


@dataclass(frozen=True, slots=True)
class BetCollected:
    """A losing bet collected by the house (losers are collected first)."""

    coup: int
    name: str
    box: Box
    stake: Amount


@dataclass(frozen=True, slots=True)
class BetReturned:
    """A Punto or Banco bet handed back on a tie (seed 001)."""

    coup: int
    name: str
    box: Box
    stake: Amount


@dataclass(frozen=True, slots=True)
class BetPaid:
    """A winning bet paid ``win`` beside its stake.

    ``kept`` is the fraction of a minor unit that the house keeps when the
    exact payout (19/20 of a Banco stake) is not whole: the player's win is
    rounded down to the minor unit. Always 0 in a session (scores are exact).
    """

    coup: int
    name: str
    box: Box
    stake: Amount
    win: Amount
    kept: Fraction


@dataclass(frozen=True, slots=True)
class CoupSettled:
    """Every bet of coup ``coup`` has been collected, returned or paid."""

    coup: int


@dataclass(frozen=True, slots=True)
class ShoeHolderChanged:
    """The shoe (sabot) goes to ``name`` (None: no one seated holds it)."""

    name: str | None


@dataclass(frozen=True, slots=True)
class ShoeFinished:
    """The shoe's last coup has been played; a new shoe follows."""

    shoe: int


@dataclass(frozen=True, slots=True)
class BetsOpened:
    """Bets open for coup number ``coup``."""

    coup: int


@dataclass(frozen=True, slots=True)
class TableClosed:
    """The table closes; ``winners`` are a session's leaders (tied leaders share)."""

    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RematchOpened:
    """The ended table's rematch is open: ``table``, the same settings and the
    players seated at the end (the one rematch of this table, for every process)."""

    table: str


@dataclass(frozen=True, slots=True)
class QuestionPut:
    """A lesson's question ``number`` (1-based: ``learn.lesson.lesson_questions``)
    is put to the room; it takes answers until it is shown."""

    number: int


@dataclass(frozen=True, slots=True)
class QuestionAnswered:
    """Student ``name`` answers question ``number`` with ``answer`` (as the drill
    reads it: ``"draw"``, ``"7"``, cents ``"-2000"``); a second answer replaces the first."""

    number: int
    name: str
    answer: str


@dataclass(frozen=True, slots=True)
class AnswerShown:
    """Question ``number``'s answers close and its right answer is shown; ``right``
    names the students who answered it right (a point each)."""

    number: int
    right: tuple[str, ...]


Event = (
    TableOpened
    | PlayerSeated
    | PlayerLeft
    | BetPlaced
    | BetWithdrawn
    | BetsClosed
    | ShoeShuffled
    | ShoeHidden
    | ShoeRevealed
    | NextShoeCommitted
    | NextShoeHidden
    | SeedContributed
    | ContributionCommitted
    | ShoeCalled
    | RevealsOpened
    | ContributionRevealed
    | ContributionsClosed
    | ShoeBurned
    | PuntoCardsHanded
    | PuntoCardsTurned
    | ShoePassed
    | CoupDealt
    | CardPlaced
    | CardUndone
    | CoupRetracted
    | PlayerRebought
    | PlayerReady
    | RebuyAsked
    | RebuyRefused
    | TablePaused
    | TableResumed
    | CoupAnnounced
    | BetCollected
    | BetReturned
    | BetPaid
    | CoupSettled
    | ShoeHolderChanged
    | ShoeFinished
    | BetsOpened
    | TableClosed
    | RematchOpened
    | PlayerRemoved
    | PlayerRenamed
    | JoinsSet
    | JoinAsked
    | JoinRefused
    | PredictionTimeSet
    | PlayersSkipped
    | QuestionPut
    | QuestionAnswered
    | AnswerShown
)

#: Every event class, by the name stored in the log (``type`` in JSON).
EVENT_TYPES: dict[str, type[Event]] = {cls.__name__: cls for cls in get_args(Event)}
