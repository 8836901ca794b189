"""Who sits where, read from a table's state: the next seat round the table, and the
seat that receives Punto's cards (seed 002). Pure: what the state machine acts on
and what a view shows come from the same two functions."""

from __future__ import annotations

from puntobanco.coup import Outcome
from puntobanco.table.state import Player, TableState


def next_seat(state: TableState, seat: int) -> str | None:
    """The player at the next occupied seat after ``seat``, round the table (the
    shoe's way, seed 002); None when nobody is seated."""
    seated = state.seated
    if not seated:
        return None
    after = [p for p in seated if p.seat > seat]
    return (after or list(seated))[0].name


def largest_punto(state: TableState) -> str | None:
    """Who receives Punto's cards (seed 002): the largest Punto bet, the earlier seat
    on equal bets; None when nobody bet on Punto."""
    best: Player | None = None
    for player in state.seated:
        stake = player.stake(Outcome.PUNTO)
        if stake and (best is None or stake > best.stake(Outcome.PUNTO)):
            best = player
    return None if best is None else best.name
