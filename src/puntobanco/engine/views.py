"""What each viewer may see of a table: a JSON-ready picture, and the public events.

Nothing secret leaves through here: the shoe's order, the cards not yet
dealt and the seed never appear, and where the format hides bets
(``FormatRules.hidden_bets``) a player sees only their own until bets close.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puntobanco.cards import Card
from puntobanco.engine.live import LiveTable
from puntobanco.engine.viewers import Role, Viewer
from puntobanco.paytable import Amount, Box, Facts, box_key, json_amount
from puntobanco.roads import build_roads
from puntobanco.table.codec import encode, to_dict
from puntobanco.table.config import TableConfig
from puntobanco.table.events import (
    BetPlaced,
    BetWithdrawn,
    Event,
    NextShoeCommitted,
    ShoeShuffled,
    TableOpened,
)
from puntobanco.table.progress import CoupInProgress
from puntobanco.table.state import LastCoup, Phase, TableState
from puntobanco.table.values import settled_net

#: Settings that never leave the engine (a seed would give every future card away).
SECRET_SETTINGS = frozenset({"seed"})


def public_config(config: TableConfig) -> dict[str, Any]:
    """The table's settings as anyone may see them (no seed)."""
    data: dict[str, Any] = encode(config)
    for name in SECRET_SETTINGS:
        data.pop(name, None)
    return data


def fair_commitment(event: ShoeShuffled, *, secret: bool = True) -> dict[str, Any]:
    """What everyone sees of a fair shoe before it ends (``secret`` false: its
    server seed was derived from the table's seed, not drawn)."""
    import puntobanco.fair as fair

    return {
        "commitment": fair.commitment(bytes.fromhex(event.server_seed or "")),
        "client_seed": event.client_seed,
        "nonce": event.shoe,
        "secret": secret,
    }


def next_commitment(event: NextShoeCommitted, *, secret: bool = True) -> dict[str, Any]:
    """A seed committed in advance as everyone sees it: its shoe and commitment."""
    import puntobanco.fair as fair

    return {
        "type": "NextShoeCommitted",
        "shoe": event.shoe,
        "commitment": fair.commitment(bytes.fromhex(event.server_seed)),
        "secret": secret,
    }


def next_shoe(state: TableState) -> dict[str, Any] | None:
    """The next shoe as every viewer sees it, or None (real cards, no shoe to follow).

    ``shoe``: its number; ``commitment``: SHA-256 of its server seed, drawn
    already; ``client_seed``: what it will be shuffled with if nobody else
    contributes; ``contributions``: ``{"name", "text"}`` in the order recorded;
    ``limit``: the most a shoe takes; ``secret``: false at a table opened with a seed.
    """
    import puntobanco.fair as fair

    committed = state.next_shoe
    if committed is None:
        return None
    shown = {
        "shoe": committed.number,
        "commitment": committed.commitment,
        "client_seed": fair.client_seed(state.table, committed.number, committed.texts),
        "contributions": [{"name": n, "text": t} for n, t in committed.contributions],
        "limit": fair.MAX_CONTRIBUTIONS,
        "secret": state.config.seed is None,
    }
    if state.config.takes_contributions:
        shown |= _gathering(state, committed.number)
    return shown


def _gathering(state: TableState, number: int) -> dict[str, Any]:
    """Where the players' contributions to shoe ``number`` stand (``table.machine.contributions``):
    ``window`` (``commit``, ``called``, ``reveal``), its ``seconds``, and each
    commitment in the order recorded, ``{"name", "digest", "value"}`` (the value
    once revealed, else null); ``client_seed`` is the shoe's with the values so far."""
    import puntobanco.fair as fair
    from puntobanco.table.gathering import Gathering, Window

    gathering = state.entropy.current
    if gathering is None or gathering.shoe != number:
        gathering = Gathering(number)
    values = dict(gathering.revealed)
    seconds = {
        Window.CALLED: state.config.commit_seconds,
        Window.REVEAL: state.config.reveal_seconds,
    }
    return {
        "window": gathering.window.value,
        "seconds": seconds.get(gathering.window),
        "commitments": [
            {"name": name, "digest": digest, "value": values.get(name)}
            for name, digest in gathering.commits
        ],
        "client_seed": fair.client_seed(state.table, number, gathering.values),
    }


def shoe_contributions(state: TableState) -> dict[str, Any] | None:
    """Who contributed to the shoe in play and who was left out (``table.machine.contributions``),
    or None where the shoe took no contributions."""
    shoe = state.shoe
    gathered = None if shoe is None else state.entropy.of(shoe.number)
    if gathered is None:
        return None
    revealed = {name for name, _ in gathered.revealed}
    return {
        "contributors": [name for name, _ in gathered.commits if name in revealed],
        "excluded": list(gathered.excluded),
    }


def contribution_actions(table: LiveTable, name: str) -> list[str]:
    """The web table's names of what player ``name`` may do now with their contribution."""
    return [
        {"CommitContribution": "commit", "RevealContribution": "reveal"}[command["type"]]
        for command in table.contribution_commands(name)
    ]


def public_event(event: Event, config: TableConfig) -> dict[str, Any]:
    """``event`` as every viewer may receive it (JSON-ready).

    A new shoe says how many cards it holds, never their order; where bets
    are hidden, a bet says who, not on what or how much.
    """
    if isinstance(event, ShoeShuffled):
        data: dict[str, Any] = {
            "type": "ShoeShuffled",
            "shoe": event.shoe,
            "cards": len(event.order) or 52 * config.decks,
            "cut_card": event.cut_card,
        }
        if event.server_seed is not None:
            # The fair scheme's commitment, before the shoe's first bet; the
            # server seed itself stays in the store until the shoe ends.
            data.update(fair_commitment(event, secret=config.seed is None))
        return data
    if isinstance(event, NextShoeCommitted):
        # Its server seed stays in the store until its shoe ends.
        return next_commitment(event, secret=config.seed is None)
    if isinstance(event, TableOpened):
        return {"type": "TableOpened", "table": event.table, "config": public_config(config)}
    if isinstance(event, BetPlaced | BetWithdrawn) and config.rules.hidden_bets:
        return {"type": type(event).__name__, "name": event.name}
    return to_dict(event)


def _amount(value: Amount) -> Any:
    return json_amount(value)


def _bets(bets: Mapping[Box, Amount]) -> dict[str, Any]:
    return {box_key(box): _amount(stake) for box, stake in bets.items()}


def side_bets(config: TableConfig) -> list[dict[str, Any]]:
    """The side bets the table offers, each with its limits."""
    return [
        {"box": key, "minimum": low, "maximum": high}
        for key in config.offered_side_bets
        for low, high in (config.limits(key),)
    ]


def box_nets(last: LastCoup, config: TableConfig) -> dict[str, dict[str, Any]]:
    """Each player's net on each box of the last coup, as its settlement paid it."""
    from puntobanco.coup import resolve

    facts = Facts.of(resolve(last.cards))
    return {
        name: {
            box_key(box): _amount(settled_net(config, box, stake, facts))
            for box, stake in bets.items()
        }
        for name, bets in last.bets.items()
    }


def _last(last: LastCoup, state: TableState) -> dict[str, Any]:
    from puntobanco.coup import resolve

    coup = resolve(last.cards)
    return {
        "coup": last.coup,
        "cards": [str(c) for c in last.cards],
        "punto": coup.punto.to_json(),
        "banco": coup.banco.to_json(),
        "natural": coup.natural,
        "winner": coup.outcome.value,
        "steps": [s.to_json() for s in coup.steps],
        "bets": {name: _bets(b) for name, b in last.bets.items()},
        "nets": {name: _amount(v) for name, v in last.nets.items()},
        "box_nets": box_nets(last, state.config),
        "balances_before": {n: _amount(v) for n, v in last.balances_before.items()},
        "balances_after": {n: _amount(v) for n, v in last.balances_after.items()},
        "punto_hand": last.punto_hand,
        "holder_before": last.holder_before,
    }


def build_view(
    state: TableState,
    viewer: Viewer,
    *,
    commands: list[dict[str, Any]],
    deadline: float | None,
    now: float,
    chain_head: str,
    face_down: tuple[Card, ...] = (),
) -> dict[str, Any]:
    """The picture of ``state`` that ``viewer`` may see (a fresh dict of JSON types).

    ``chain_head``: the hash of the table's last stored event (``store.chain``);
    ``face_down``: Punto's cards while a player holds them face down, shown to
    that player alone (``turn``).
    """
    config = state.config
    rules = config.rules
    hidden = rules.hidden_bets and state.phase is Phase.BETS_OPEN
    seats = []
    for player in state.seated:
        mine = viewer.role is Role.PLAYER and viewer.name == player.name
        seats.append(
            {
                "name": player.name,
                "seat": player.seat,
                "balance": _amount(player.balance),
                "has_bet": bool(player.bets),
                "bets": None if hidden and not mine else _bets(player.bets),
                "you": mine,
            }
        )
    shoe = state.shoe
    in_play: dict[str, Any] | None = None
    if state.placed or state.phase is Phase.BETS_CLOSED:
        in_play = CoupInProgress(state.placed).to_json()
    elif state.current is not None and state.phase in (Phase.DEALT, Phase.SETTLED):
        in_play = CoupInProgress(state.current.cards).to_json()
    turn: dict[str, Any] | None = None
    if state.face_down is not None:
        # Punto's cards face down with a player: only that player sees them.
        mine = viewer.role is Role.PLAYER and viewer.name == state.face_down
        turn = {
            "name": state.face_down,
            "seconds": config.turn_seconds,
            "cards": [str(c) for c in face_down] if mine else None,
        }
    countdown = None
    if rules.countdown:
        countdown = {
            "seconds": config.countdown,
            "deadline": deadline,
            "left": None if deadline is None else max(0.0, deadline - now),
        }
    return {
        "table": state.table,
        "format": config.format.value,
        "settings": public_config(config),
        "side_bets": side_bets(config),
        "money": rules.money,
        "viewer": viewer.to_json(),
        "phase": state.phase.value,
        "coup": state.coup,
        "deals": {"played": state.completed, "total": config.deals},
        "seats": seats,
        "coup_in_play": in_play,
        "last_coup": None if state.last is None else _last(state.last, state),
        "roads": build_roads(state.shoe_coups).to_json(),
        "results": [c.outcome.value for c in state.shoe_coups],
        "shoe": None
        if shoe is None
        else {
            "number": shoe.number,
            "cards_left": shoe.remaining,
            "holder": state.holder,
            "last_coup": shoe.finished,
            # The provably fair scheme's commitment, shown from before the
            # shoe's first bet: a player notes it and checks the shoe once its
            # server seed is revealed (``puntobanco verify``). A table opened
            # with a seed derives its server seeds from it: ``secret`` is false,
            # so nobody takes it for fair play.
            "commitment": shoe.commitment,
            "client_seed": shoe.client_seed,
            "nonce": shoe.number,
            "secret": shoe.commitment is not None and state.config.seed is None,
            "contributions": shoe_contributions(state),
        },
        # The next shoe's commitment, before anyone contributes to its client seed.
        "next_shoe": next_shoe(state),
        "countdown": countdown,
        "turn": turn,
        "winners": list(state.winners),
        "house": _amount(state.house) if viewer.role is Role.HOST else None,
        "commands": commands,
        # The log's chain head: a player who notes it can later prove any edit
        # of the log up to here (``puntobanco verify --head``).
        "chain_head": chain_head,
    }
