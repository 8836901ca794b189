"""Seats: who sits, who leaves (the shoe passing on), rebuys between coups."""

from __future__ import annotations

from puntobanco.errors import IllegalActionError, InvalidBetError, InvalidNameError
from puntobanco.paytable import Amount
from puntobanco.table.config import MAX_AMOUNT
from puntobanco.table.events import PlayerLeft, PlayerRebought, PlayerSeated, ShoeHolderChanged
from puntobanco.table.machine.core import Core, name_text, whole
from puntobanco.table.names import check_name
from puntobanco.table.seating import next_seat


class Seats(Core):
    """Sitting down, leaving, rebuying."""

    def verify_sit(self, name: str, bankroll: Amount = 0, seat: int | None = None) -> None:
        """Raise unless ``name`` may sit now with ``bankroll``, at ``seat`` if given."""
        self._check_phase("sit")
        state = self.state
        if state.config.rules.seats_locked and (state.completed or state.coup > 1):
            raise IllegalActionError("table.error.session_started")
        text = check_name(name_text(name))
        if state.find(text) is not None:
            raise InvalidNameError("table.error.name.taken", name=text)
        if len(state.players) >= state.config.seats:
            raise IllegalActionError("table.error.full", seats=state.config.seats)
        if seat is not None:
            taken = {p.seat for p in state.players.values()}
            if (
                isinstance(seat, bool)
                or not isinstance(seat, int)
                or not 1 <= seat <= state.config.seats
                or seat in taken
            ):
                raise IllegalActionError("table.error.seat", seat=seat, seats=state.config.seats)
        if isinstance(bankroll, bool) or not isinstance(bankroll, int):
            raise InvalidBetError("table.error.bankroll", bankroll=bankroll)
        if state.config.money:
            if not 0 < bankroll <= MAX_AMOUNT:
                raise InvalidBetError("table.error.bankroll", bankroll=bankroll)
        elif bankroll != 0:
            raise InvalidBetError("table.error.bankroll", bankroll=bankroll)

    def can_sit(self, name: str, bankroll: Amount = 0, seat: int | None = None) -> bool:
        """True when ``sit`` would be accepted."""
        return self._can(lambda: self.verify_sit(name, bankroll, seat))

    def sit(self, name: str, bankroll: Amount = 0, seat: int | None = None) -> PlayerSeated:
        """Seat a player (a session's participant starts at 0 points).

        At a casino table the first player to sit holds the shoe.
        """
        self.verify_sit(name, bankroll, seat)
        state = self.state
        if seat is None:
            taken = {p.seat for p in state.players.values()}
            seat = min(s for s in range(1, state.config.seats + 1) if s not in taken)
        with self.batch():
            event = self._emit(PlayerSeated(check_name(name), seat, bankroll))
            if state.config.rules.shoe_holder and state.holder is None:
                self._emit(ShoeHolderChanged(event.name))
            self._gather()  # the first shoe may be called now (contributions)
        return event

    def verify_leave(self, name: str) -> None:
        """Raise unless ``name`` may leave now (no stake on the table)."""
        self._check_phase("leave")
        player = self.player(name)
        rules = self.state.config.rules
        if rules.seats_locked and (self.state.completed or self.state.coup > 1):
            raise IllegalActionError("table.error.session_started")
        if player.bets:
            raise IllegalActionError("table.error.leave_with_bets", name=player.name)

    def can_leave(self, name: str) -> bool:
        """True when ``leave`` would be accepted."""
        return self._can(lambda: self.verify_leave(name))

    def leave(self, name: str) -> PlayerLeft:
        """The player leaves with their balance; the shoe passes on if they held it."""
        self.verify_leave(name)
        player = self.player(name)
        holder = self.state.holder
        with self.batch():
            event = self._emit(PlayerLeft(player.name, player.seat, player.balance))
            if holder == player.name:
                self._emit(ShoeHolderChanged(next_seat(self.state, player.seat)))
            self._gather()  # the others may all have committed now (contributions)
        return event

    def verify_rebuy(self, name: str, amount: Amount) -> None:
        """Raise unless ``name`` may add ``amount`` to their bankroll now (between coups)."""
        self._check_phase("rebuy")
        player = self.player(name)
        if not self.config.money:
            raise IllegalActionError("table.error.no_rebuy")
        if not whole(amount) or not 0 < amount <= MAX_AMOUNT - player.balance:
            raise InvalidBetError("table.error.bankroll", bankroll=amount)

    def can_rebuy(self, name: str, amount: Amount) -> bool:
        """True when ``rebuy`` would be accepted."""
        return self._can(lambda: self.verify_rebuy(name, amount))

    def rebuy(self, name: str, amount: Amount) -> PlayerRebought:
        """``name`` brings ``amount`` more to the table."""
        self.verify_rebuy(name, amount)
        return self._emit(PlayerRebought(self.player(name).name, amount))
