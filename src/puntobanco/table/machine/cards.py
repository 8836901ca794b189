"""Cards from the host: a table dealt with physical cards, placed one by one
(a card source of the same machine, not a second one)."""

from __future__ import annotations

from puntobanco.cards import Card, ShownCards
from puntobanco.errors import IllegalActionError, InvalidCardError
from puntobanco.table.events import CardPlaced, CardUndone, CoupDealt, CoupRetracted
from puntobanco.table.machine.core import Core, card_text
from puntobanco.table.progress import CoupInProgress
from puntobanco.table.state import Phase


class HostCards(Core):
    """Physical cards placed, and taken back, one at a time."""

    # -- physical cards (a host card source) --------------------------------------

    @property
    def in_progress(self) -> CoupInProgress:
        """The coup being dealt card by card (empty outside of a host's coup)."""
        return CoupInProgress(self.state.placed)

    def verify_place_card(self, card: Card | str) -> Card:
        """The card, or raise: not a card, no card expected now, or none of it left.

        Only at a table whose cards come from the host, after bets close.
        """
        state = self.state
        if not state.config.real_cards:
            raise IllegalActionError("table.error.shoe_cards")
        self._check_phase("place_card")
        parsed = card if isinstance(card, Card) else Card.parse(card_text(card))
        shoe = state.shoe
        assert shoe is not None
        decks = state.config.decks
        if shoe.out.count(parsed) >= decks:
            raise InvalidCardError(
                "error.assist.no_more", card=ShownCards((parsed,)), count=decks, decks=decks
            )
        return parsed

    def can_place_card(self, card: Card | str) -> bool:
        """True when ``place_card`` would be accepted."""
        return self._can(lambda: self.verify_place_card(card))

    def place_card(self, card: Card | str) -> CardPlaced:
        """The host's next card. The card that completes the coup also deals it
        (``CoupDealt``, in the same batch), and the coup can then be settled."""
        parsed = self.verify_place_card(card)
        state = self.state
        with self.batch():
            event = self._emit(CardPlaced(state.coup, parsed))
            progress = self.in_progress
            if progress.complete:
                self._emit(CoupDealt(state.coup, progress.cards, False))
        return event

    def verify_undo_card(self) -> None:
        """Raise unless a card of the coup being dealt may be taken back: any card
        placed, the last one even once the coup is settled (until the next coup)."""
        if not self.config.real_cards:
            raise IllegalActionError("table.error.shoe_cards")
        self._check_phase("undo_card")
        if not self.state.placed:
            raise IllegalActionError("error.assist.nothing_to_undo")

    def can_undo_card(self) -> bool:
        """True when ``undo_card`` would be accepted."""
        return self._can(self.verify_undo_card)

    def undo_card(self) -> CardUndone | CoupRetracted:
        """Take the last card placed back into the shoe (an event: the log stays
        append-only); after a settled coup, its settlement is undone with it."""
        self.verify_undo_card()
        state = self.state
        if state.phase is Phase.SETTLED:
            return self._emit(CoupRetracted(state.coup, state.placed[-1]))
        return self._emit(CardUndone(state.coup, state.placed[-1]))
