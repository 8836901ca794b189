"""Strategies and betting systems, by name, as the compiled table plays them.

A strategy plays one shoe as one session: it sits down with ``bankroll``
units at the start of every shoe. Stakes are whole units, at least the table
minimum and at most the table maximum; a system that asks for more than the
maximum bets the maximum, one that asks for more than it holds bets what it
holds, and one that cannot cover the minimum is ruined for the rest of the
shoe. On Punto or Banco an Égalité is a push: the stake comes back and the
system's progression does not move.

Names (``BOX`` is punto, banco or egalite; banco when left out):

- ``flat:BOX``: the same stake every coup.
- ``martingale:BOX``: double after a loss, back to one unit after a win.
- ``paroli:BOX``: double after a win, back to one unit after a loss or
  after three wins in a row.
- ``dalembert:BOX``: one unit more after a loss, one less after a win.
- ``fibonacci:BOX``: one step along 1 1 2 3 5 8 ... after a loss, two back
  after a win.
- ``1326:BOX``: 1, 3, 2, 6 units while winning; back to 1 after a loss or a
  completed cycle.
- ``labouchere:BOX``: the line 1 2 3 4; stake first + last; a win crosses them
  out, a loss writes the stake at the end; a new line when it is done.
- ``follow``: bet the last winner (Punto or Banco; Égalité ignored).
- ``against-streak:K``: after K wins in a row of the same side, bet the other.
- ``count``: bet the chance whose exact expectation on the cards not yet seen
  is positive, flat, and nothing otherwise (exact analysis before every coup).
- ``perfect:BET``: the perfect count of one bet (a box or a side bet of the
  table, ``dragon_7`` when left out): bet it, flat, only when its exact
  expectation on the cards not yet seen is positive.
- ``SYSTEM-count:T``: a linear count of ``puntobanco.counts`` (``dragon7``:
  Eliot Jacobson's count for the Dragon 7, tags 4, 5, 6, 7 = -1, 8 and 9 = +2,
  the rest 0; ``panda8``: his count for the Panda 8) over every card seen (the
  turned burn card too); bet the system's bet when the running count per deck
  left in the shoe (the true count) is at least T (the system's published
  trigger when left out: 4 for the Dragon 7). ``count_strategy`` makes one of
  any system, tags of one's own included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from puntobanco.counts import SYSTEMS, CountSystem
from puntobanco.coup import Outcome
from puntobanco.errors import InvalidStrategyError, PuntoBancoError

FLAT, MARTINGALE, PAROLI, DALEMBERT, FIBONACCI, S1326, LABOUCHERE, FOLLOW, AGAINST, COUNT = range(
    10
)
PERFECT, LINEAR_COUNT = 10, 11

#: Name -> (kernel code, takes a box, default argument).
KINDS: Final[dict[str, tuple[int, bool, int]]] = {
    "flat": (FLAT, True, 0),
    "martingale": (MARTINGALE, True, 0),
    "paroli": (PAROLI, True, 3),
    "dalembert": (DALEMBERT, True, 0),
    "fibonacci": (FIBONACCI, True, 0),
    "1326": (S1326, True, 0),
    "labouchere": (LABOUCHERE, True, 0),
    "follow": (FOLLOW, False, 0),
    "against-streak": (AGAINST, False, 3),
    "count": (COUNT, False, 0),
    "perfect": (PERFECT, True, 0),
    **{f"{name}-count": (LINEAR_COUNT, False, 0) for name in SYSTEMS},
}
ALIASES: Final[dict[str, str]] = {
    "d'alembert": "dalembert",
    "d-alembert": "dalembert",
    "1-3-2-6": "1326",
    "labouchère": "labouchere",
    "follow-the-shoe": "follow",
    "against": "against-streak",
    "counting": "count",
}
LABOUCHERE_LINE: Final = (1, 2, 3, 4)
MAX_UNITS: Final = 10**9  # keeps every amount far inside int64 in twentieths
#: The largest trigger a linear count takes, either way (a true count beyond it never comes).
MAX_TRIGGER: Final = 50


@dataclass(frozen=True, slots=True)
class Limits:
    """Table limits and the bankroll a player brings to each shoe, in whole units."""

    unit: int = 1
    minimum: int = 1
    maximum: int = 200
    bankroll: int = 100

    def __post_init__(self) -> None:
        values = (self.unit, self.minimum, self.maximum, self.bankroll)
        if (
            any(isinstance(v, bool) or not isinstance(v, int) for v in values)
            or not 1 <= self.minimum <= self.maximum <= MAX_UNITS
            or not 1 <= self.unit <= MAX_UNITS
            or not 1 <= self.bankroll <= MAX_UNITS
        ):
            raise InvalidStrategyError(
                "error.sim.limits",
                unit=self.unit,
                minimum=self.minimum,
                maximum=self.maximum,
                bankroll=self.bankroll,
            )


@dataclass(frozen=True, slots=True)
class Strategy:
    """One strategy to play: its canonical ``name``, kernel ``kind``, ``box`` and argument."""

    name: str
    kind: int
    box: Outcome | str | None
    arg: int
    limits: Limits
    #: A linear count's tag of each point value 0 to 9 (``LINEAR_COUNT`` only).
    tags: tuple[int, ...] = ()

    @property
    def bet(self) -> str | None:
        """The key of the bet it plays (``"banco"``, ``"dragon_7"``), None when it
        picks its own box."""
        return self.box.value if isinstance(self.box, Outcome) else self.box


def parse_strategy(text: str, limits: Limits | None = None) -> Strategy:
    """``"martingale:banco"``, ``"against-streak:4"``, ``"count"`` -> Strategy.

    Raises ``InvalidStrategyError`` for an unknown name, box or argument.

    >>> parse_strategy("Martingale:P").name
    'martingale:punto'
    >>> parse_strategy("against-streak").name
    'against-streak:3'
    """
    limits = limits or Limits()
    head, colon, tail = text.strip().lower().partition(":")
    head = ALIASES.get(head, head)
    if head not in KINDS or (colon and not tail):  # "martingale:" names no box
        raise InvalidStrategyError("error.sim.strategy", name=text, names=", ".join(KINDS))
    kind, takes_box, default = KINDS[head]
    if kind == PERFECT:
        from puntobanco.paytable import bet_key

        try:
            key = bet_key(tail) if tail else "dragon_7"
        except PuntoBancoError:
            raise InvalidStrategyError(
                "error.sim.strategy", name=text, names=", ".join(KINDS)
            ) from None
        box: Outcome | str = Outcome(key) if key in {o.value for o in Outcome} else key
        return Strategy(f"{head}:{key}", kind, box, default, limits)
    if kind == LINEAR_COUNT:
        system = SYSTEMS[head.removesuffix("-count")]
        if tail and not (tail.lstrip("-").isdigit() and abs(int(tail)) <= MAX_TRIGGER):
            raise InvalidStrategyError("error.sim.strategy", name=text, names=", ".join(KINDS))
        if not tail and (system.trigger is None or system.trigger.denominator != 1):
            raise InvalidStrategyError(
                "error.sim.trigger", name=text, system=system.name, example=f"{head}:4"
            )
        trigger = int(tail) if tail else int(system.trigger or 0)
        return count_strategy(system, trigger, limits)
    if takes_box:
        try:
            box = Outcome.parse(tail) if tail else Outcome.BANCO
        except ValueError:
            raise InvalidStrategyError(
                "error.sim.strategy", name=text, names=", ".join(KINDS)
            ) from None
        return Strategy(f"{head}:{box.value}", kind, box, default, limits)
    if kind == AGAINST:
        if tail and not (tail.isdigit() and 1 <= int(tail) <= 50):
            raise InvalidStrategyError("error.sim.strategy", name=text, names=", ".join(KINDS))
        arg = int(tail) if tail else default
        return Strategy(f"{head}:{arg}", kind, None, arg, limits)
    if tail:
        raise InvalidStrategyError("error.sim.strategy", name=text, names=", ".join(KINDS))
    return Strategy(head, kind, None, default, limits)


def count_strategy(system: CountSystem, trigger: int, limits: Limits | None = None) -> Strategy:
    """Bet ``system``'s bet, flat, when its true count is at least ``trigger``.

    Raises ``InvalidStrategyError`` for a system whose ranks of one point value
    have different tags (the simulator deals point values), or a trigger beyond
    ``MAX_TRIGGER`` either way.
    """
    tags = system.value_tags
    if tags is None or isinstance(trigger, bool) or abs(trigger) > MAX_TRIGGER:
        raise InvalidStrategyError("error.sim.count", system=system.written, trigger=trigger)
    name = f"{system.name}-count:{trigger}"
    return Strategy(name, LINEAR_COUNT, system.bet, trigger, limits or Limits(), tags)
