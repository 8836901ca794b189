"""Bets: placing and withdrawing stakes within the limits, and closing bets."""

from __future__ import annotations

from puntobanco.coup import Outcome
from puntobanco.errors import IllegalActionError, InvalidBetError
from puntobanco.i18n.shown import Listing
from puntobanco.paytable import Amount, Box
from puntobanco.table.config import MAX_AMOUNT
from puntobanco.table.events import BetPlaced, BetsClosed, BetWithdrawn
from puntobanco.table.machine.core import Core, whole
from puntobanco.table.values import Money, box_of, box_word


class Bets(Core):
    """Stakes on the boxes, and "rien ne va plus"."""

    def verify_bet(self, name: str, box: Box, stake: Amount | None = None) -> None:
        """Raise unless ``name`` may put ``stake`` on ``box`` now.

        In a session the stake is the table's (``None`` means it) and the box one
        of the three. At a casino the box's total must stay within its limits
        (``TableConfig.limits``: the table's, Égalité's, or the side bet's) and the
        player's bankroll; Punto and Banco together are refused (seed 001); a side
        bet must be one the table offers.
        """
        self._check_phase("bet")
        state = self.state
        config = state.config
        player = self.player(name)
        outcome = box_of(box)
        if config.rules.one_prediction:
            if not isinstance(outcome, Outcome):
                raise InvalidBetError(
                    "table.error.session_box", format=config.format.word, box=box_word(outcome)
                )
            if stake is not None and (not whole(stake) or stake != config.stake):
                raise InvalidBetError("table.error.session_stake", stake=stake, fixed=config.stake)
            return
        if not isinstance(outcome, Outcome) and outcome not in config.offered_side_bets:
            raise InvalidBetError(
                "table.error.side_bet_not_offered",
                box=box_word(outcome),
                offered=Listing(tuple(map(box_word, config.offered_side_bets)) or ("-",)),
            )
        if stake is None:
            raise InvalidBetError("table.error.stake_missing", box=box_word(outcome))
        if not isinstance(stake, int) or isinstance(stake, bool) or not 0 < stake <= MAX_AMOUNT:
            raise InvalidBetError("table.error.stake", stake=stake)
        other = (
            {Outcome.PUNTO: Outcome.BANCO, Outcome.BANCO: Outcome.PUNTO}.get(outcome)
            if isinstance(outcome, Outcome)
            else None
        )
        if other is not None and player.stake(other):
            raise InvalidBetError("table.error.punto_and_banco", name=player.name)
        low, high = config.limits(outcome)
        total = player.stake(outcome) + stake
        # Put into words when the reader's language is known: "5 000,00 sur Banco".
        money = config.money
        text = {"box": box_word(outcome), "stake": Money(stake, money)}
        if total < low:
            raise InvalidBetError("table.error.below_minimum", minimum=Money(low, money), **text)
        if total > high:
            raise InvalidBetError("table.error.above_maximum", maximum=Money(high, money), **text)
        if stake > player.available:
            raise InvalidBetError(
                "table.error.above_bankroll",
                name=player.name,
                available=Money(player.available, money),
                **text,
            )

    def can_bet(self, name: str, box: Box, stake: Amount | None = None) -> bool:
        """True when ``bet`` would be accepted."""
        return self._can(lambda: self.verify_bet(name, box, stake))

    def bet(self, name: str, box: Box, stake: Amount | None = None) -> BetPlaced:
        """Place ``stake`` on ``box``: adds to the box at a casino; in a session,
        records (or changes) the player's one prediction."""
        self.verify_bet(name, box, stake)
        player = self.player(name)
        amount = self.config.stake if self.config.rules.one_prediction else stake
        assert amount is not None
        return self._emit(BetPlaced(player.name, box_of(box), amount))

    def predict(self, name: str, box: Outcome | str) -> BetPlaced:
        """A session's prediction with the table's stake (same as ``bet``)."""
        return self.bet(name, box)

    def verify_withdraw(self, name: str, box: Box) -> None:
        """Raise unless ``name`` has a stake on ``box`` that may be taken back now."""
        self._check_phase("withdraw")
        player = self.player(name)
        outcome = box_of(box)
        if not player.stake(outcome):
            raise IllegalActionError("table.error.no_bet", name=player.name, box=box_word(outcome))

    def can_withdraw(self, name: str, box: Box) -> bool:
        """True when ``withdraw`` would be accepted."""
        return self._can(lambda: self.verify_withdraw(name, box))

    def withdraw(self, name: str, box: Box) -> BetWithdrawn:
        """Take back the whole stake on ``box`` before bets close."""
        self.verify_withdraw(name, box)
        player = self.player(name)
        outcome = box_of(box)
        return self._emit(BetWithdrawn(player.name, outcome, player.stake(outcome)))

    # -- the coup --------------------------------------------------------------

    def verify_close_bets(self) -> None:
        """Raise unless bets may close: a session needs every prediction, a
        casino table at least one bet."""
        self._check_phase("close_bets")
        state = self.state
        rules = state.config.rules
        if rules.everyone_bets:
            if len(state.players) < rules.min_players:
                raise IllegalActionError(
                    "table.error.too_few_players", count=len(state.players), low=rules.min_players
                )
            missing = [p.name for p in state.seated if not p.bets]
            if missing:
                raise IllegalActionError(
                    "table.error.missing", coup=state.coup, names=", ".join(missing)
                )
        elif not any(p.bets for p in state.players.values()):
            raise IllegalActionError("table.error.no_bets", coup=state.coup)

    def can_close_bets(self) -> bool:
        """True when ``close_bets`` would be accepted."""
        return self._can(self.verify_close_bets)

    def close_bets(self) -> BetsClosed:
        """ "Rien ne va plus"."""
        self.verify_close_bets()
        self._countdown_from = None
        return self._emit(BetsClosed(self.state.coup))
