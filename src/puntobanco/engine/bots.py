"""Computer players: each decides from its own view and returns commands.

A bot sees exactly what a person in its seat would see (``Engine.view``
for ``Viewer.player(name)``) and answers with the commands it would send;
the caller sends them like any other player's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from puntobanco.coup import Outcome
from puntobanco.engine.commands import Bet, Command

#: The betting styles: always Banco; follow the last decided coup; bet
#: against it (and add the tie after a tie).
STYLES: Final = ("banco", "follow", "contrary")


def decide(view: Mapping[str, Any], style: str) -> list[Command]:
    """The bets of a bot playing ``style`` from its seat, given its view.

    Nothing when the bot already has a bet, may not bet now, or cannot afford
    the minimum (its view offers no ``Bet``).
    """
    me = next((s for s in view["seats"] if s["you"]), None)
    if me is None or me["has_bet"]:
        return []
    offered = {c["box"]: c for c in view["commands"] if c["type"] == "Bet"}
    results = [Outcome(r) for r in view["results"]]
    decided = next((r for r in reversed(results) if r is not Outcome.EGALITE), None)
    last = results[-1] if results else None
    if style == "banco":
        box = Outcome.BANCO
    elif style == "follow":
        box = decided or Outcome.BANCO
    else:
        box = Outcome.PUNTO if decided is Outcome.BANCO else Outcome.BANCO
    offer = offered.get(box.value)
    if offer is None:
        return []
    name = me["name"]
    commands: list[Command] = [Bet(name, box, offer.get("minimum"))]
    tie = offered.get(Outcome.EGALITE.value)
    if style == "contrary" and last is Outcome.EGALITE and tie is not None:
        commands.append(Bet(name, Outcome.EGALITE, tie.get("minimum")))
    return commands
