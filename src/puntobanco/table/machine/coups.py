"""Coups: dealing from the shoe, settling, the next coup, the virtual croupier's
clock, and closing the table."""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from puntobanco.coup import Outcome
from puntobanco.errors import IllegalActionError
from puntobanco.paytable import Facts, paytable_order
from puntobanco.shoe import Shoe
from puntobanco.table.events import (
    BetCollected,
    BetPaid,
    BetReturned,
    BetsOpened,
    CoupAnnounced,
    CoupDealt,
    CoupSettled,
    Event,
    PuntoCardsHanded,
    ShoeFinished,
    ShoeHolderChanged,
    TableClosed,
)
from puntobanco.table.formats import CardSource
from puntobanco.table.machine.bets import Bets
from puntobanco.table.machine.contributions import Contributions
from puntobanco.table.machine.seats import Seats
from puntobanco.table.seating import largest_punto, next_seat
from puntobanco.table.standings import leaders
from puntobanco.table.state import Phase
from puntobanco.table.values import settled_net

#: The most cards a coup takes (two hands of three).
MAX_COUP_CARDS: Final = 6


class Coups(Bets, Seats, Contributions):
    """Dealing, settling and going on; the croupier's countdown; the end."""

    def verify_deal(self, by: str | None = None) -> None:
        """Raise unless the coup may be dealt (bets closed, Punto's cards not face
        down with a player); ``by``: the player who deals, who must hold the shoe."""
        self._check_phase("deal")
        state = self.state
        if state.config.rules.cards is not CardSource.SHOE:
            raise IllegalActionError("table.error.host_cards", coup=state.coup)
        self._check_face_up()
        if by is not None:
            self._check_holder(by)
        shoe = state.shoe
        assert shoe is not None and not shoe.finished, "a shoe is ready before bets open"

    def can_deal(self, by: str | None = None) -> bool:
        """True when ``deal`` would be accepted."""
        return self._can(lambda: self.verify_deal(by))

    def deal(self, by: str | None = None) -> CoupDealt | None:
        """Deal the coup from the stored shoe order (the core's ``Shoe.deal_coup``);
        ``by``: the player holding the shoe, who deals it (else the dealer does).

        At a casino table Punto's cards are first handed to the largest Punto
        bet (the earlier seat on equal bets). Where they are handed face down
        (``turn_seconds``), the coup waits for that player to turn them over
        (``turn_punto``): None is returned and nothing else is dealt yet.
        """
        self.verify_deal(by)
        state = self.state
        with self.batch():
            if state.config.rules.punto_hand:
                self._emit(PuntoCardsHanded(state.coup, largest_punto(state)))
                if self.state.face_down is not None:
                    return None
            return self._deal_on()

    def _deal_on(self) -> CoupDealt:
        """The coup's cards from the shoe, all at once (Punto's turned, if handed)."""
        state = self.state
        assert state.shoe is not None
        shoe = self._live_shoe()
        shoe.dealt = state.shoe.position
        shoe.finished = False
        coup = shoe.deal_coup()
        # Without a cut card the shoe is dealt until it may not hold a whole coup.
        last = shoe.finished or (shoe.cut_card is None and shoe.remaining < MAX_COUP_CARDS)
        return self._emit(CoupDealt(state.coup, coup.cards, last))

    def _check_face_up(self) -> None:
        """Raise while Punto's cards wait face down with a player: the coup is theirs
        to go on with (``hands``), the shoe stays where it is until then."""
        face_down = self.state.face_down
        if face_down is not None:
            raise IllegalActionError(
                "table.error.turn.waiting", name=face_down, seconds=self.config.turn_seconds
            )

    def _check_holder(self, name: str) -> None:
        """Raise unless ``name`` holds the shoe (seed 002: the players deal in turn)."""
        player = self.player(name)
        if not self.config.rules.shoe_holder:
            raise IllegalActionError("table.error.no_shoe_holder", format=self.config.format.value)
        if self.state.holder != player.name:
            raise IllegalActionError(
                "table.error.not_holder", name=player.name, holder=self.state.holder or "-"
            )

    def _live_shoe(self) -> Shoe:
        """The core's ``Shoe`` over the stored order (built once per shoe)."""
        shoe = self.state.shoe
        assert shoe is not None
        cached = self._shoe
        if cached is None or cached[0] != shoe.number:
            live = Shoe.stacked(shoe.order, decks=self.config.decks)
            live.cut_card = shoe.cut_card
            cached = self._shoe = (shoe.number, live)
        return cached[1]

    def verify_settle(self) -> None:
        """Raise unless the coup has been dealt and not yet settled."""
        self._check_phase("settle")

    def can_settle(self) -> bool:
        """True when ``settle`` would be accepted."""
        return self._can(self.verify_settle)

    def settle(self) -> CoupSettled:
        """Announce Banco's point, Punto's, the winner; collect the losing bets,
        return the refunds, pay the winners (seed 000's order).

        A win in minor units is rounded down to the unit; the house keeps the
        fraction and the event records it (``BetPaid.kept``). At a casino the
        shoe passes to the next occupied seat when Punto wins and stays with
        its holder on a Banco win or a tie.
        """
        self.verify_settle()
        state = self.state
        coup = state.current
        assert coup is not None
        outcome = coup.outcome
        paytable = state.config.paytable_data
        lost: list[Event] = []
        returned: list[Event] = []
        paid: list[Event] = []
        facts = Facts.of(coup)
        for player in state.seated:
            for box in paytable_order(paytable, player.bets):
                stake = player.stake(box)
                if not stake:
                    continue
                net = paytable.net(box, stake, facts)
                if net < 0:
                    lost.append(BetCollected(state.coup, player.name, box, stake))
                elif net == 0:
                    returned.append(BetReturned(state.coup, player.name, box, stake))
                else:
                    win = settled_net(state.config, box, stake, facts)
                    kept = Fraction(net) - win
                    paid.append(BetPaid(state.coup, player.name, box, stake, win, kept))
        with self.batch():
            self._emit(CoupAnnounced(state.coup, coup.banco.total, coup.punto.total, outcome))
            for event in (*lost, *returned, *paid):
                self._emit(event)
            settled = self._emit(CoupSettled(state.coup))
            if state.config.shoe_config.reshuffle_every_coup:
                self._reveal()  # a session's shoe is one deal
            holder = state.holder
            passes = state.config.rules.shoe_holder and outcome is Outcome.PUNTO
            if passes and holder is not None:
                following = next_seat(state, state.players[holder].seat)
                if following != holder:
                    self._emit(ShoeHolderChanged(following))
        return settled

    def verify_next_coup(self) -> None:
        """Raise unless the coup is settled and the table goes on (a session stops
        after its last deal)."""
        self._check_phase("next_coup")
        state = self.state
        if state.phase is Phase.SHUFFLING:  # bets open once the shoe is shuffled
            raise IllegalActionError("table.error.phase.shuffling", coup=state.coup)
        if state.config.deals is not None and state.coup >= state.config.deals:
            raise IllegalActionError("table.error.session_over", deals=state.config.deals)

    def can_next_coup(self) -> bool:
        """True when ``next_coup`` would be accepted."""
        return self._can(self.verify_next_coup)

    def next_coup(self) -> BetsOpened | None:
        """Open bets for the next coup. A session gathers and reshuffles every
        card first; a casino shoe whose last coup is played is changed (new
        shoe shuffled and burned), an event players see. A new shoe that gathers
        its players' contributions first opens bets once they are in (None now)."""
        self.verify_next_coup()
        state = self.state
        assert state.shoe is not None
        with self.batch():
            if state.config.shoe_config.reshuffle_every_coup:
                self._new_shoe(state.shoe.number + 1)
            elif state.shoe.finished:
                self._emit(ShoeFinished(state.shoe.number))
                self._reveal()
                self._new_shoe(state.shoe.number + 1)
            if self.phase is not Phase.SETTLED:  # its contributions first
                return None
            return self._emit(BetsOpened(state.coup + 1))

    def verify_close_table(self) -> None:
        """Raise unless the table may close now (between coups, nothing on the table)."""
        self._check_phase("close_table")
        if any(p.bets for p in self.state.players.values()):
            raise IllegalActionError("table.error.close_with_bets")

    def can_close_table(self) -> bool:
        """True when ``close_table`` would be accepted."""
        return self._can(self.verify_close_table)

    def close_table(self) -> TableClosed:
        """Close the table. A session names its winners: the best score, tied
        leaders sharing the win."""
        self.verify_close_table()
        state = self.state
        winners: tuple[str, ...] = ()
        if state.config.rules.names_winners and state.completed:
            winners = leaders(state.balances)
        with self.batch():
            closed = self._emit(TableClosed(winners))
            self._reveal()
            return closed

    # -- whole coups -----------------------------------------------------------

    @property
    def over(self) -> bool:
        """True when the table has ended, or a session has played all its deals."""
        state = self.state
        if state.phase is Phase.ENDED:
            return True
        deals = state.config.deals
        return deals is not None and state.phase is Phase.SETTLED and state.coup >= deals

    def play_coup(self, by: str | None = None) -> CoupDealt | None:
        """Close bets (if open), deal, settle, then open the next coup or end
        the session: one batch, so the sink stores the whole coup or none of it.
        ``by``: the shoe's holder, who deals once bets are closed (``deal``).

        None when Punto's cards went face down to a player: the coup goes on
        once they are turned over (``turn_punto``, or the dealer in time).
        """
        with self.batch():
            if self.phase in (Phase.ENDED, Phase.SHUFFLING):
                self._check_phase("close_bets")  # raises, naming the phase
            if self.phase is Phase.BETS_OPEN and by is None:
                self.close_bets()
            if self.phase is Phase.BETS_CLOSED or by is not None:
                if self.deal(by) is None:
                    return None
            if self.phase is Phase.DEALT:
                self.settle()
            dealt = self._last(CoupDealt)
            self.finish_coup()
        return dealt

    def finish_coup(self) -> None:
        """After a settled coup: the next coup, or the end of a finished session."""
        if self.phase is not Phase.SETTLED:
            return
        if self.over:
            self.close_table()
        else:
            self.next_coup()

    # -- the virtual croupier ----------------------------------------------------

    def countdown_left(self, now: float) -> float | None:
        """Seconds before the croupier closes bets (None: not counting down)."""
        countdown = self.config.countdown
        if countdown is None or self._countdown_from is None:
            return None
        return max(0.0, self._countdown_from + countdown - now)

    def tick(self, now: float) -> CoupDealt | None:
        """The virtual croupier's clock (seed 002, online play): ``now`` in seconds.

        Bets close and the coup is dealt and settled when every seated player
        has bet, or when the countdown (started at the first tick of the coup)
        has run out with at least one bet on the table; with no bet the
        countdown starts again. Returns the coup dealt, if any. The countdown
        is not part of the log: a reopened table starts it afresh.
        """
        self._tick_contributions(now)  # the windows of the shoe to come
        self._tick_turn(now)  # Punto's cards face down with a player
        state = self.state
        if not state.config.rules.countdown or state.phase is not Phase.BETS_OPEN:
            return None
        countdown = state.config.countdown
        assert countdown is not None
        if self._countdown_from is None:
            self._countdown_from = now
        players = state.players.values()
        everyone = bool(players) and all(p.bets for p in players)
        due = now - self._countdown_from >= countdown
        if everyone or (due and any(p.bets for p in players)):
            dealt = self.play_coup()
            self._countdown_from = None
            return dealt
        if due:
            self._countdown_from = now
        return None
