"""Computer players: each decides from its own view and returns commands.

A bot sees exactly what a person in its seat would see (``Engine.view``
for ``Viewer.player(name)``) and answers with the commands it would send;
the caller sends them like any other player's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from puntobanco.coup import Outcome
from puntobanco.engine.commands import Bet, Command, Ready
from puntobanco.roads import LETTERS

#: The betting styles: always Banco; follow the last decided coup; bet
#: against it (and add the tie after a tie).
STYLES: Final = ("banco", "follow", "contrary")


def decide(view: Mapping[str, Any], style: str) -> list[Command]:
    """The bets of a bot playing ``style`` from its seat, given its view.

    Nothing when the bot already has a bet, may not bet now, or is not seated
    (its view offers no ``Bet``).
    """
    me = view["me"]
    if not me.get("seated") or me["bets"]:
        return []
    offered = {c["box"]: c for c in view["commands"] if c["type"] == "Bet"}
    by_letter = {letter: outcome for outcome, letter in LETTERS.items()}
    results = [by_letter[letter] for _, _, letter in view["roads"]["bead_plate"]]
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
    if any(c["type"] == "Ready" for c in view["commands"]):
        commands.append(Ready(name))  # at the croupier's table: its bets made, it is ready
    return commands
