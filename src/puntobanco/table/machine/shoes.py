"""Shoes: the provably fair shuffle, seeds committed in advance, players'
contributions to the next shoe's client seed, the seed revealed when a shoe ends."""

from __future__ import annotations

import puntobanco.fair as fair
from puntobanco.cards import Card
from puntobanco.errors import IllegalActionError
from puntobanco.rng import RandomSource, SecureRandom
from puntobanco.shoe import Shoe
from puntobanco.table.events import (
    NextShoeCommitted,
    NextShoeHidden,
    SeedContributed,
    ShoeBurned,
    ShoeRevealed,
    ShoeShuffled,
)
from puntobanco.table.machine.core import Core


class Shoes(Core):
    """New shoes, their seeds and the players' contributions."""

    def _server_seed(self, number: int) -> bytes:
        """Shoe ``number``'s server seed: derived from the table's seed (replays,
        tests, teaching: not secret, and said so), else drawn from the table's
        random source."""
        seed = self.config.seed
        if seed is not None:
            return fair.derived_server_seed(seed, number)
        # Play for real: the injected random source draws the 32-byte server
        # seed (by default the OS's secure source).
        rng: RandomSource = self._rng or SecureRandom()
        return bytes(rng.randbelow(256) for _ in range(fair.SEED_BYTES))

    def _shuffled_order(self, number: int) -> list[Card]:
        """Shoe ``number``'s order by the provably fair scheme, with the server seed
        committed for it in advance and its players' contributions; a shoe with no
        commitment (the first, or one of a table stored before seeds were committed
        in advance) takes a seed drawn now."""
        committed = self.state.next_shoe
        if committed is not None and committed.number == number and committed.server_seed:
            server_seed = bytes.fromhex(committed.server_seed)
            contributions = (*committed.texts, *self._revealed_values(number))
        else:
            server_seed, contributions = self._server_seed(number), ()
        client = fair.client_seed(self.state.table, number, contributions)
        self._fair_seeds = (server_seed.hex(), client)
        return list(fair.shoe_order(server_seed, client, number, self.config.decks))

    def _next_commitment(self, number: int) -> NextShoeCommitted | NextShoeHidden | None:
        """The event that commits shoe ``number``'s server seed in advance (a replay
        of a log written before seeds were committed in advance: None)."""
        return NextShoeCommitted(number, self._server_seed(number).hex())

    def _shoe_follows(self, number: int) -> bool:
        """False when no shoe comes after shoe ``number`` (a session's last deal)."""
        config = self.config
        deals = config.deals
        return not (
            config.shoe_config.reshuffle_every_coup and deals is not None and number >= deals
        )

    def _new_shoe(self, number: int) -> None:
        config = self.config
        if self._awaits_contributions(number):  # shuffled once they are in (contributions)
            return
        if config.real_cards:
            # Physical cards: the shoe's order is nobody's to know.
            self._emit(ShoeShuffled(number, (), None))
            return
        self._fair_seeds = None
        cards = self._shuffled_order(number)
        seeds = self._fair_seeds or (None, None)
        self._emit(ShoeShuffled(number, tuple(cards), config.cut_card, *seeds))
        if config.burn:
            shoe = Shoe.stacked(cards, decks=config.decks)
            burn = shoe.burn()
            self._emit(ShoeBurned(number, burn.turned, burn.burned))
        if self._shoe_follows(number):
            # The next shoe's seed is drawn now and only its commitment shown:
            # players contribute to its client seed knowing the seed is fixed.
            committed = self._next_commitment(number + 1)
            if committed is not None:
                self._emit(committed)

    # -- the next shoe's client seed -------------------------------------------------

    def verify_contribute(self, name: str, text: str | None = None) -> None:
        """Raise unless ``name`` may add ``text`` to the next shoe's client seed now
        (``text`` None: whether they may, whatever the text).

        Refused at a table of real cards (no seed at all), where no shoe follows
        (a session's last deal), for a player who has already contributed to that
        shoe (one contribution each, final once recorded), once the shoe has
        ``fair.MAX_CONTRIBUTIONS``, and for a text ``fair.check_contribution`` refuses.
        """
        state = self.state
        if state.config.real_cards:
            raise IllegalActionError("table.error.contribute.real_cards")
        if state.config.reveal_seconds is not None:  # they commit first now (contributions)
            seeded = state.config.seed is not None
            key = "entropy.error.seeded" if seeded else "entropy.error.typed"
            raise IllegalActionError(key, table=state.table)
        self._check_phase("contribute")
        player = self.player(name)
        committed = state.next_shoe
        if committed is None:
            raise IllegalActionError("table.error.contribute.no_next_shoe")
        if any(who == player.name for who, _ in committed.contributions):
            raise IllegalActionError(
                "table.error.contribute.twice", name=player.name, shoe=committed.number
            )
        if len(committed.contributions) >= fair.MAX_CONTRIBUTIONS:
            raise IllegalActionError(
                "table.error.contribute.full", shoe=committed.number, high=fair.MAX_CONTRIBUTIONS
            )
        if text is not None:
            fair.check_contribution(text)

    def can_contribute(self, name: str, text: str | None = None) -> bool:
        """True when ``contribute`` would be accepted (``text`` None: any valid text)."""
        return self._can(lambda: self.verify_contribute(name, text))

    def contribute(self, name: str, text: str) -> SeedContributed:
        """``name`` adds ``text`` to the client seed of the next shoe, whose server
        seed is already committed: that shoe is shuffled with
        ``fair.client_seed(table, shoe, every contribution in order)``."""
        if not isinstance(text, str):
            fair.check_contribution(text)  # raises, naming the value
        self.verify_contribute(name, text)
        committed = self.state.next_shoe
        assert committed is not None
        return self._emit(SeedContributed(committed.number, self.player(name).name, text))

    def _reveal(self) -> None:
        """Make the ended shoe's server seed public, once (the fair scheme)."""
        shoe = self.state.shoe
        if shoe is not None and shoe.server_seed is not None and not shoe.revealed:
            self._emit(ShoeRevealed(shoe.number, shoe.server_seed))
