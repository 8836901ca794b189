"""The error hierarchy: one base, one class per kind of mistake.

Every error is a ``ValueError`` (a caller gave a bad value or asked for an
illegal thing) and carries a catalogue key and its parameters, so that the same
error reads in French, English or Spanish.
"""

from __future__ import annotations

from typing import Final

from puntobanco.i18n import Lang, current_language, t
from puntobanco.i18n.shown import Shown


class PuntoBancoError(ValueError):
    """Base of every error puntobanco raises on a caller's mistake."""

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: Lang | None = None) -> str:
        """The sentence a person reads, in ``lang`` (default: the current language)."""
        lang = lang or current_language()
        params = {name: _shown(value, lang) for name, value in self.params.items()}
        return t(self.key, lang, **params)

    def __str__(self) -> str:
        return self.message()


#: Whole numbers longer than this are shown by their length (Python refuses
#: to print one of more than 4,300 digits).
_LONGEST: Final = 40


def _shown(value: object, lang: Lang) -> object:
    """A parameter as a message shows it: a nested error, a box, a command, an amount
    (``i18n.shown``) in ``lang``'s words; a huge number by its size."""
    if isinstance(value, PuntoBancoError):
        return value.message(lang)
    if isinstance(value, Shown):
        return value.words(lang)
    if isinstance(value, int) and value.bit_length() > _LONGEST * 3.33:
        digits = int(value.bit_length() * 0.30103) + 1
        return f"{'-' if value < 0 else ''}10^{digits - 1}…"
    return value


class InvalidCardError(PuntoBancoError):
    """Text that is not a card, or a card the shoe cannot hold."""


class InvalidBetError(PuntoBancoError):
    """A stake or a box that is refused."""


class IllegalActionError(PuntoBancoError):
    """An action that the table's phase or rules do not allow now."""


class NotAllowedError(IllegalActionError):
    """A command its sender may not send: the host's alone, a player's alone, or
    another player's."""


class SeatEndedError(PuntoBancoError):
    """A player's credential of a seating that has ended (they left or were removed):
    it acts for nobody any more, whoever sits under that name since."""


class ShoeExhaustedError(PuntoBancoError):
    """More cards asked of a shoe than it holds."""


class InvalidShoeError(PuntoBancoError):
    """Shoe settings out of range: decks, cut card, seed."""


class CoupCardsError(PuntoBancoError):
    """A list of cards that is not exactly one coup (too few or too many)."""


class InvalidRoadError(PuntoBancoError):
    """A shoe's results that cannot be read for the scoreboards (roads)."""


class InvalidNameError(PuntoBancoError):
    """A player's name that a table refuses: empty, too long, odd characters, taken."""


class UnknownPlayerError(PuntoBancoError):
    """A name that is not seated at the table."""


class UnknownTableError(PuntoBancoError):
    """A table id or a join code that no table of this server goes by."""


class StoreError(PuntoBancoError):
    """The event log refuses an operation: a conflicting write, an unknown table, a bad file."""


def bad_event(reason: str) -> StoreError:
    """An event that no table could have written where a log holds it (a log read
    from outside is checked so: never by an ``assert``)."""
    return StoreError("table.error.bad_event", reason=reason)


class NotALogError(StoreError):
    """A file given as the game log that is not one: a folder, empty, not SQLite, another
    program's database."""


class DamagedLogError(StoreError):
    """A game log whose file is damaged: SQLite's own check fails, a row does not match
    its checksum or does not read back, a table's events have a gap."""


class StoreLockedError(StoreError):
    """A game log that another program keeps locked longer than a reader waits."""


class CannotOpenError(StoreError):
    """A game log that cannot be opened here (permissions, a read-only folder)."""


class OlderLogError(StoreError):
    """A game log in an older format, which only a command that writes converts."""


class NewerLogError(StoreError):
    """A game log written by a newer puntobanco."""


class InvalidAnalysisError(PuntoBancoError):
    """An analysis asked of something that does not exist: a known card's position
    outside the coup, a grouping of values that is not two groups, a count's tags."""


class InvalidStrategyError(PuntoBancoError):
    """A strategy, a table limit or a simulation setting that the simulator refuses."""


class CommandLineError(PuntoBancoError):
    """A command's argument that cannot be used: a file it cannot read or write,
    options that do not go together, an optional extra that is not installed."""


class FairnessError(PuntoBancoError):
    """A shoe or a log that does not check out: a seed, a card, a broken chain."""


class InvalidContributionError(FairnessError):
    """A player's contribution to a client seed whose text is refused (length, characters)."""


class DrillError(PuntoBancoError):
    """A drill that cannot be made or graded: an unknown kind or count system, a
    number of questions out of range, answers that are not one per question."""
