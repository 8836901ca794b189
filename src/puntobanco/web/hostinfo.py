"""What the host screen shows beside the shared view: the five roads laid out,
the shoe's statistics and the exact odds of the next coup.

Everything here is derived from the committed state and from events every
viewer may see (the dealt coups, the burn's turned card); nothing reads a
shoe's order or its burned cards. The odds of the next coup are those of the
cards left *as the room knows them*: the shoe less every card seen, the
face-down burned cards and the undealt ones all unknown
(``puntobanco.odds.seen``).

Costs: the roads and statistics are made once per coup and kept per table;
the odds once per composition, shared by every table that has seen the same
cards. A pushed view never computes odds (it goes out after every bet): it
carries them once a view built on request (``build_view``: the welcome, a
language change, ``GET .../view``) has computed them; the host screen asks for
one when a pushed view says ``odds_pending``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from puntobanco.cards import Card
from puntobanco.coup import Coup, Outcome, resolve
from puntobanco.odds.digits import decimal
from puntobanco.odds.seen import NextCoupOdds, OddsCache
from puntobanco.roads import build_roads
from puntobanco.table.events import ShoeBurned, ShoeShuffled
from puntobanco.table.history import CoupRecord
from puntobanco.table.state import TableState

#: Where the cards of the next coup come from, for the odds:
#: ``shoe`` the shoe in play, less the cards seen; ``fresh`` a full shoe (a
#: table that reshuffles before every deal, or a shoe about to be changed).
SHOE: Final = "shoe"
FRESH: Final = "fresh"
#: Pair bets, counted in the statistics only where the table offers them.
PAIRS: Final = ("punto_pair", "banco_pair")

#: The odds of every composition met lately (shared by the tables of a process).
ODDS: Final = OddsCache(256)
_PARTS_KEPT: Final = 1024


@dataclass(frozen=True, slots=True)
class Seen:
    """What the room has seen of the shoe the next coup comes from.

    ``cards``: the turned burn card and every card dealt from it (or placed,
    at a table of real cards); ``burned``: cards burned face down, unknown.
    """

    scope: str
    cards: tuple[Card, ...]
    burned: int = 0


def seen_cards(state: TableState, burn: ShoeBurned | None) -> Seen:
    """The cards seen of the shoe the next coup is dealt from (``burn``: the
    current shoe's burn event, if it had one)."""
    shoe = state.shoe
    if shoe is None:
        return Seen(FRESH, ())
    if not shoe.order:  # physical cards: every card out of the shoe was placed by the host
        return Seen(SHOE, shoe.out)
    if state.config.shoe_config.reshuffle_every_coup or shoe.finished:
        return Seen(FRESH, ())
    seen: list[Card] = []
    burned = 0
    if burn is not None and burn.shoe == shoe.number:
        seen.append(burn.turned)
        burned = len(burn.burned)
    dealt = shoe.position - len(seen) - burned
    cards: list[Card] = []
    for coup in reversed(state.shoe_coups):  # the shoe's own coups are the last ones
        if len(cards) >= dealt:
            break
        cards[:0] = coup.cards
    assert len(cards) == dealt, (len(cards), dealt)
    return Seen(SHOE, (*seen, *cards), burned)


def current_burn(log: Sequence[Any], shoe: int) -> ShoeBurned | None:
    """Shoe ``shoe``'s burn event, read back from the end of ``log``."""
    for event in reversed(log):
        if isinstance(event, ShoeBurned) and event.shoe == shoe:
            return event
        if isinstance(event, ShoeShuffled) and event.shoe == shoe:
            return None
    return None


def statistics(state: TableState, coups: Sequence[Coup], burn: ShoeBurned | None) -> dict[str, Any]:
    """The shoe's (a session's: the session's) wins by side, naturals, pairs where
    the table has pair bets, cards left where the shoe is not reshuffled every
    deal, and the burn (its turned card, how many went face down)."""
    config = state.config
    shoe = state.shoe
    wins = {o.value: 0 for o in Outcome}
    naturals = 0
    pairs = {key: 0 for key in PAIRS if key in config.offered_side_bets}
    for coup in coups:
        wins[coup.outcome.value] += 1
        naturals += coup.natural
        if "punto_pair" in pairs:
            pairs["punto_pair"] += coup.punto.pair
        if "banco_pair" in pairs:
            pairs["banco_pair"] += coup.banco.pair
    reshuffled = config.shoe_config.reshuffle_every_coup
    return {
        "scope": "session" if not config.money else "shoe",
        "shoe": None if shoe is None or not config.money else shoe.number,
        "coups": len(coups),
        "wins": wins,
        "naturals": naturals,
        "pairs": pairs,
        "cards_left": None if shoe is None or reshuffled else shoe.remaining,
        "burn": None
        if burn is None or shoe is None or burn.shoe != shoe.number
        else {"turned": str(burn.turned), "burned": len(burn.burned)},
    }


def odds_json(odds: NextCoupOdds, seen: Seen) -> dict[str, Any]:
    """The odds as the host screen reads them: each bet's probability of winning,
    of a push (None where the bet never pushes) and its house edge, as decimals
    of ``puntobanco odds --json``."""
    paytable = odds.paytable
    bets = []
    for bet in odds.bets:
        pushes = any(line.pays == 0 for line in paytable.wager(bet.key).lines)
        bets.append(
            {
                "bet": bet.key,
                "probability": decimal(bet.probability),
                "push": decimal(bet.push) if pushes else None,
                "house_edge": decimal(bet.house_edge),
            }
        )
    return {
        "scope": seen.scope,
        "decks": odds.decks,
        "cards": odds.cards,
        "seen": len(seen.cards),
        "burned": seen.burned,
        "paytable": paytable.name,
        "bets": bets,
    }


@dataclass
class _Part:
    key: tuple[object, ...]
    body: dict[str, Any]
    seen: Seen
    odds: dict[str, Any] | None = None


_parts: OrderedDict[str, _Part] = OrderedDict()
_lock = threading.Lock()


def host_part(live: Any, records: Sequence[CoupRecord], *, compute: bool) -> dict[str, Any]:
    """The host screen's own part of ``live``'s view (a ``hub.Live``; ``records``:
    its settled coups). Without ``compute`` the odds are given only if they were
    computed already (else ``odds_pending``)."""
    state: TableState = live.state
    shoe = state.shoe
    key = (
        live.recorder.version,
        len(state.shoe_coups),
        None if shoe is None else (shoe.number, shoe.position, shoe.finished),
    )
    with _lock:
        part = _parts.get(live.name)
        if part is not None and part.key == key:
            _parts.move_to_end(live.name)
    if part is None or part.key != key:
        part = _build(live, state, _road_coups(state, records), key)
        with _lock:
            _parts[live.name] = part
            while len(_parts) > _PARTS_KEPT:
                _parts.popitem(last=False)
    if part.odds is None:
        config = state.config
        args = (config.decks, part.seen.cards, config.paytable_data)
        odds = ODDS.get(*args) if compute else ODDS.peek(*args)
        if odds is not None:
            part.odds = odds_json(odds, part.seen)
    return {**part.body, "odds": part.odds, "odds_pending": part.odds is None}


def _build(live: Any, state: TableState, coups: Sequence[Coup], key: tuple[object, ...]) -> _Part:
    shoe = state.shoe
    burn = None if shoe is None or not shoe.order else current_burn(live.log, shoe.number)
    roads = build_roads(coups)
    body = {
        "derived": {
            road.name: [[m.col, m.row, m.mark.value] for m in road.marks] for road in roads.derived
        },
        "stats": statistics(state, coups, burn),
    }
    return _Part(key, body, seen_cards(state, burn))


def _road_coups(state: TableState, records: Sequence[CoupRecord]) -> list[Coup]:
    """The coups the view's roads show: a session's settled coups, else the shoe's."""
    if not state.config.money:
        return [resolve(r.cards) for r in records]
    return list(state.shoe_coups)
