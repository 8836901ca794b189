"""The players' hands on the game (seed 002): Punto's cards turned over by the
player they were handed to, and the shoe passed on by a holder who declines to deal.

"La personne qui distribue les cartes [...] doit donner encore deux cartes
cachées au joueur qui a fait le pari le plus élevé sur Punto. Le joueur Punto
regarde les cartes et il les retourne pour le joueur qui distribue." At a
table with ``turn_seconds``, ``deal`` hands Punto's two cards face down to the
largest Punto bet and stops there; ``turn_punto`` (that player) or the dealer,
once the seconds are up (``tick``), turns them over, and the coup is dealt on,
settled and followed by the next in the same batch. "Les joueurs peuvent
choisir de ne pas distribuer les cartes en passant le 'Sabot' au joueur
suivant": ``pass_shoe``.
"""

from __future__ import annotations

from puntobanco.cards import Card
from puntobanco.errors import IllegalActionError
from puntobanco.table.events import PuntoCardsTurned, ShoePassed
from puntobanco.table.machine.contributions import GRACE
from puntobanco.table.machine.coups import Coups
from puntobanco.table.seating import next_seat


class Hands(Coups):
    """Turning Punto's cards over, passing the shoe."""

    #: ``(coup, since)``: when a tick first saw Punto's cards face down.
    _turn_since: tuple[int, float] | None = None

    # -- Punto's cards ---------------------------------------------------------------

    def face_down_cards(self) -> tuple[Card, ...]:
        """Punto's two cards while they are face down with a player (else none):
        what that player alone may look at before turning them over."""
        state = self.state
        if state.face_down is None or state.shoe is None:
            return ()
        start = state.shoe.position
        order = state.shoe.order
        return (order[start], order[start + 2])  # dealt Punto, Banco, Punto, Banco

    def verify_turn_punto(self, name: str) -> None:
        """Raise unless ``name`` holds Punto's cards face down and may turn them now."""
        self._check_phase("turn_punto")
        player = self.player(name)
        holder = self.state.face_down
        if holder is None:
            raise IllegalActionError("table.error.turn.none", coup=self.state.coup)
        if holder != player.name:
            raise IllegalActionError("table.error.turn.not_yours", name=player.name, holder=holder)

    def can_turn_punto(self, name: str) -> bool:
        """True when ``turn_punto`` would be accepted."""
        return self._can(lambda: self.verify_turn_punto(name))

    def turn_punto(self, name: str) -> PuntoCardsTurned:
        """``name`` turns Punto's cards over: the coup is dealt on, settled, and
        the next one opened (or a session ended), in one batch."""
        self.verify_turn_punto(name)
        return self._turned(self.player(name).name)

    def turn_left(self, now: float) -> float | None:
        """Seconds before the dealer turns Punto's cards (None: none are face down,
        or no tick has seen them yet)."""
        since = self._turn_since
        seconds = self.config.turn_seconds
        if self.state.face_down is None or since is None or seconds is None:
            return None
        if since[0] != self.state.coup:
            return None
        return max(0.0, since[1] + seconds - now)

    def _tick_turn(self, now: float) -> None:
        """The dealer turns Punto's cards once ``turn_seconds`` have passed since a
        tick first saw them face down (a table reopened meanwhile counts afresh)."""
        state = self.state
        seconds = state.config.turn_seconds
        if state.face_down is None or seconds is None:
            self._turn_since = None
            return
        since = self._turn_since
        if since is None or since[0] != state.coup:
            self._turn_since = (state.coup, now)
            return
        if now - since[1] >= seconds + GRACE:
            self._turned(None)

    def _turned(self, name: str | None) -> PuntoCardsTurned:
        with self.batch():
            turned = self._emit(PuntoCardsTurned(self.state.coup, name))
            self._deal_on()
            self.settle()
            self.finish_coup()
        self._turn_since = None
        return turned

    # -- the shoe ------------------------------------------------------------------------

    def verify_pass_shoe(self, name: str) -> None:
        """Raise unless ``name`` holds the shoe and may pass it on now (before the
        coup is dealt, to another seated player)."""
        self._check_phase("pass_shoe")
        self._check_holder(name)
        player = self.player(name)
        self._check_face_up()
        if next_seat(self.state, player.seat) == player.name:
            raise IllegalActionError("table.error.pass_alone", name=player.name)

    def can_pass_shoe(self, name: str) -> bool:
        """True when ``pass_shoe`` would be accepted."""
        return self._can(lambda: self.verify_pass_shoe(name))

    def pass_shoe(self, name: str) -> ShoePassed:
        """The holder declines to deal: the shoe goes to the next occupied seat."""
        self.verify_pass_shoe(name)
        player = self.player(name)
        following = next_seat(self.state, player.seat)
        assert following is not None
        return self._emit(ShoePassed(self.state.coup, player.name, following))
