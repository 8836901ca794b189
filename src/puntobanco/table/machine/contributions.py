"""The players' contributions to each shoe as table actions: verify / can / do.

At a table that takes contributions (``TableConfig.takes_contributions``) no shoe
is shuffled before its players have had their say, and nobody who knows the
server seed has the last word:

1. The shoe's server seed is committed first (``NextShoeCommitted``): shoe 1's
   when the table opens, each later one's when the shoe before it is shuffled.
2. Each seated player commits once (``commit_contribution``: the digest of 32
   random bytes that stay on their device).
3. The shoe is called when bets on it are about to open (``ShoeCalled``: shoe 1
   once the table has its fewest players, a later one when the shoe before it
   has ended and the next coup is asked for; in a session, at every deal). The
   table then takes no bet; seated players who have not committed have
   ``commit_seconds`` more.
4. Once every seated player has committed, or that time is up, the reveals open
   (``RevealsOpened``: no more commitments) and each committed player reveals
   (``reveal_contribution``: the value must match its digest).
5. Once every committed player has revealed, or ``reveal_seconds`` are up, the
   reveals close (``ContributionsClosed``, naming who did not reveal) and the
   shoe is shuffled with the revealed values in commit order, burned, and bets
   open.

Time comes in through ``Table.tick(now)`` only: a window's seconds count from
the first tick after it opened (the events that open it are stored by then,
so their stored times never show a window shorter than its seconds), and a
table reopened in the middle of a window counts afresh.
"""

from __future__ import annotations

from typing import Final

import puntobanco.contributions as contributions
from puntobanco.errors import IllegalActionError, InvalidContributionError
from puntobanco.table.events import (
    BetsOpened,
    ContributionCommitted,
    ContributionRevealed,
    ContributionsClosed,
    RevealsOpened,
    ShoeCalled,
)
from puntobanco.table.gathering import SHUFFLING, Gathering, Window
from puntobanco.table.machine.shoes import Shoes
from puntobanco.table.names import name_key

#: Seconds the table waits beyond a window's own, so that the stored times
#: (milliseconds, another clock) always show at least the whole window.
GRACE: Final = 0.25


class Contributions(Shoes):
    """The commit-reveal actions of a table's shoes (see the module)."""

    #: ``(shoe, window, since)``: when the open window was first seen by a tick.
    _window_since: tuple[int, Window, float] | None = None

    # -- reading -------------------------------------------------------------------

    def gathering(self) -> Gathering | None:
        """The contributions of the shoe to come (None: it takes none, or none comes)."""
        state = self.state
        committed = state.next_shoe
        if not state.config.takes_contributions or committed is None:
            return None
        current = state.entropy.current
        if current is not None and current.shoe == committed.number:
            return current
        return Gathering(committed.number)

    def _takes_contributions(self, shoe: int | None = None) -> Gathering:
        """The gathering of the shoe to come (it must be ``shoe`` if given: a command
        sent for a shoe since shuffled lands on no other), or the named reason why
        there is none."""
        state = self.state
        config = state.config
        if not config.takes_contributions:
            if config.real_cards:
                raise IllegalActionError("table.error.contribute.real_cards")
            if config.seed is not None:
                raise IllegalActionError("entropy.error.seeded", table=state.table)
            raise IllegalActionError("entropy.error.older_table", table=state.table)
        gathering = self.gathering()
        if gathering is None:
            raise IllegalActionError("table.error.contribute.no_next_shoe")
        if shoe is not None and shoe != gathering.shoe:
            raise IllegalActionError("entropy.error.other_shoe", shoe=shoe, next=gathering.shoe)
        return gathering

    # -- commitments ---------------------------------------------------------------

    def verify_commit_contribution(
        self, name: str, digest: str | None = None, *, shoe: int | None = None
    ) -> None:
        """Raise unless ``name`` may commit ``digest`` to the shoe to come now
        (``digest`` None: whether they may, whatever the digest; ``shoe``: the shoe
        it was made for, refused if that is not the shoe to come).

        Refused at a table that takes no contributions (real cards, a seed, a table
        stored before contributions were committed), once the shoe's reveals are
        open, for a second commitment of a player, and for a digest that is not 64
        lowercase hex digits or is another player's.
        """
        gathering = self._takes_contributions(shoe)
        self._check_phase("commit")
        player = self.player(name)
        if gathering.window not in (Window.COMMIT, Window.CALLED):
            raise IllegalActionError("entropy.error.commit_closed", shoe=gathering.shoe)
        if gathering.digest_of(player.name) is not None:
            raise IllegalActionError(
                "entropy.error.committed", name=player.name, shoe=gathering.shoe
            )
        if digest is not None:
            contributions.hex32(digest, "digest")
            if any(other == digest for _, other in gathering.commits):
                raise InvalidContributionError("entropy.error.copied", shoe=gathering.shoe)

    def can_commit_contribution(
        self, name: str, digest: str | None = None, *, shoe: int | None = None
    ) -> bool:
        """True when ``commit_contribution`` would be accepted."""
        return self._can(lambda: self.verify_commit_contribution(name, digest, shoe=shoe))

    def commit_contribution(
        self, name: str, digest: str, *, shoe: int | None = None
    ) -> ContributionCommitted:
        """``name`` commits to a contribution to the shoe to come: ``digest`` is
        ``contributions.digest(table, shoe, name, value)``. The reveals open at once
        if the shoe is called and everyone seated has committed."""
        if not isinstance(digest, str):
            contributions.hex32(digest, "digest")  # raises, naming the value
        self.verify_commit_contribution(name, digest, shoe=shoe)
        gathering = self.gathering()
        assert gathering is not None
        with self.batch():
            player = self.player(name).name
            event = self._emit(ContributionCommitted(gathering.shoe, player, digest))
            self._gather()
        return event

    # -- reveals -------------------------------------------------------------------

    def _committed_name(self, gathering: Gathering, name: object) -> str | None:
        """The name as committed (case ignored): a player who left may still reveal."""
        if not isinstance(name, str):
            return None
        return next((n for n, _ in gathering.commits if name_key(n) == name_key(name)), None)

    def verify_reveal_contribution(
        self, name: str, value: str | None = None, *, shoe: int | None = None
    ) -> None:
        """Raise unless ``name`` may reveal ``value`` now (``value`` None: whether
        they may, whatever the value): the reveals are open, ``name`` committed and
        has not revealed, and ``value`` is the one their commitment binds."""
        gathering = self._takes_contributions(shoe)
        self._check_phase("reveal")
        if gathering.window is not Window.REVEAL:
            raise IllegalActionError("entropy.error.not_revealing", shoe=gathering.shoe)
        committed = self._committed_name(gathering, name)
        if committed is None:
            raise IllegalActionError("entropy.error.not_committed", name=name, shoe=gathering.shoe)
        if gathering.has_revealed(committed):
            raise IllegalActionError("entropy.error.revealed", name=committed, shoe=gathering.shoe)
        if value is not None:
            digest = gathering.digest_of(committed)
            assert digest is not None
            table = self.state.table
            if not contributions.matches(table, gathering.shoe, committed, value, digest):
                raise InvalidContributionError(
                    "entropy.error.mismatch", name=committed, shoe=gathering.shoe
                )

    def can_reveal_contribution(
        self, name: str, value: str | None = None, *, shoe: int | None = None
    ) -> bool:
        """True when ``reveal_contribution`` would be accepted."""
        return self._can(lambda: self.verify_reveal_contribution(name, value, shoe=shoe))

    def reveal_contribution(
        self, name: str, value: str, *, shoe: int | None = None
    ) -> ContributionRevealed:
        """``name`` reveals the value they committed to. The last reveal closes the
        reveals, shuffles the shoe with the values and opens bets, in one batch."""
        if not isinstance(value, str):
            contributions.hex32(value, "value")  # raises, naming the value
        self.verify_reveal_contribution(name, value, shoe=shoe)
        gathering = self.gathering()
        assert gathering is not None
        committed = self._committed_name(gathering, name)
        assert committed is not None
        with self.batch():
            event = self._emit(ContributionRevealed(gathering.shoe, committed, value))
            self._gather()
        return event

    # -- moving on -----------------------------------------------------------------

    def _awaits_contributions(self, number: int) -> bool:
        """True when shoe ``number`` gathers its players' contributions before it is
        shuffled (its commitment, or its call, is emitted now instead); False when it
        is to be shuffled now (a table that takes none, or its reveals are over)."""
        state = self.state
        if not state.config.takes_contributions:
            return False
        last = state.entropy.last
        if last is not None and last.shoe == number and last.window is Window.CLOSED:
            return False
        committed = state.next_shoe
        if committed is None or committed.number != number:  # the first shoe, as the table opens
            first = self._next_commitment(number)
            if first is not None:  # (a replayed log without it is refused by its fold)
                self._emit(first)
        else:
            self._emit(ShoeCalled(number, self._seconds(Window.CALLED)))
        self._gather()
        return True

    def _check_players(self) -> None:
        """Raise ``table.error.too_few_players`` while a session's first shoe waits for
        its fewest participants (it is called once they are seated)."""
        state = self.state
        gathering = self.gathering()
        low = state.config.rules.min_players
        waiting = gathering is not None and gathering.window is Window.COMMIT
        if waiting and state.phase.value == SHUFFLING and len(state.players) < low > 1:
            raise IllegalActionError(
                "table.error.too_few_players", count=len(state.players), low=low
            )

    def _seconds(self, window: Window) -> int:
        config = self.state.config
        seconds = config.commit_seconds if window is Window.CALLED else config.reveal_seconds
        assert seconds is not None
        return seconds

    def _gather(self) -> None:
        """Move the shoe to come on as far as it goes without the clock: call it once
        the table has its fewest players, open its reveals once everyone seated has
        committed, close them once everyone committed has revealed."""
        state = self.state
        gathering = self.gathering()
        if gathering is None or state.phase.value != SHUFFLING:
            return
        if gathering.window is Window.COMMIT:
            if len(state.players) < state.config.rules.min_players:
                return
            self._emit(ShoeCalled(gathering.shoe, self._seconds(Window.CALLED)))
            gathering = self.gathering()
            assert gathering is not None
        if gathering.window is Window.CALLED:
            if any(gathering.digest_of(name) is None for name in self.state.players):
                return
            self._emit(RevealsOpened(gathering.shoe, self._seconds(Window.REVEAL)))
            gathering = self.gathering()
            assert gathering is not None
        if gathering.window is Window.REVEAL and not gathering.unrevealed:
            self._close_reveals(gathering)

    def _close_reveals(self, gathering: Gathering) -> None:
        """The reveals are over: name who is left out, shuffle with what was
        revealed (``_new_shoe`` reads it), open bets."""
        self._emit(ContributionsClosed(gathering.shoe, gathering.unrevealed))
        self._new_shoe(gathering.shoe)
        self._emit(BetsOpened(self.state.coup + 1))

    def _expire(self) -> None:
        """The open window's seconds are up: the reveals open without the missing
        commitments, or close without the missing reveals."""
        gathering = self.gathering()
        if gathering is None or gathering.window not in (Window.CALLED, Window.REVEAL):
            raise IllegalActionError("entropy.error.no_window")
        with self.batch():
            if gathering.window is Window.CALLED:
                self._emit(RevealsOpened(gathering.shoe, self._seconds(Window.REVEAL)))
                self._gather()
            else:
                self._close_reveals(gathering)

    def _tick_contributions(self, now: float) -> None:
        """The clock of the shoe to come: a window's seconds count from the first
        tick that sees it open (see the module's docstring)."""
        gathering = self.gathering()
        if gathering is None or self.state.phase.value != SHUFFLING:
            return
        if gathering.window not in (Window.CALLED, Window.REVEAL):
            return
        since = self._window_since
        if since is None or since[:2] != (gathering.shoe, gathering.window):
            self._window_since = (gathering.shoe, gathering.window, now)
            return
        if now - since[2] >= self._seconds(gathering.window) + GRACE:
            self._expire()

    def _revealed_values(self, number: int) -> tuple[str, ...]:
        """The values shoe ``number`` is shuffled with (none at a table that takes none)."""
        gathering = self.state.entropy.of(number)
        return () if gathering is None else gathering.values
