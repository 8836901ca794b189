"""The views ask the machine whether a command may be sent only where what the
machine refuses first does not rule it out already (``views.offers``: a refusal is
an exception raised and caught, after every bet). Each such shortcut must be a
refusal the machine makes: walked through tables of several formats, whenever the
machine would accept a command, what the views require before asking holds."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from puntobanco.engine import Engine, Viewer, command_of
from puntobanco.errors import PuntoBancoError
from puntobanco.table.machine import Table
from puntobanco.table.state import Player

NAMES = ("Ana", "Bruno", "Chloé")
#: Per command: what the views require before asking (``need``), and the machine's answer.
PLAYERS: tuple[tuple[str, Callable[[Table, Player], bool], Callable[[Table, str], bool]], ...] = (
    ("Rebet", lambda m, p: not p.bets and bool(p.last_bets), lambda m, n: m.can_rebet(n)),
    ("Double", lambda m, p: bool(p.bets), lambda m, n: m.can_double(n)),
    ("UndoBet", lambda m, p: bool(p.chips), lambda m, n: m.can_undo_bet(n)),
    ("ClearBets", lambda m, p: bool(p.bets), lambda m, n: m.can_clear_bets(n)),
    ("Leave", lambda m, p: not p.bets, lambda m, n: m.can_leave(n)),
    (
        "Deal",
        lambda m, p: m.config.rules.shoe_holder and m.state.holder == p.name,
        lambda m, n: m.can_deal(n),
    ),  # fmt: skip
    (
        "PassShoe",
        lambda m, p: m.config.rules.shoe_holder and m.state.holder == p.name,
        lambda m, n: m.can_pass_shoe(n),
    ),  # fmt: skip
    ("TurnPunto", lambda m, p: m.state.face_down == p.name, lambda m, n: m.can_turn_punto(n)),
    ("Contribute", lambda m, p: m.state.next_shoe is not None, lambda m, n: m.can_contribute(n)),
    ("Ready", lambda m, p: m.config.rules.countdown, lambda m, n: m.can_ready(n)),
)
HOST: tuple[tuple[str, Callable[[Table], bool], Callable[[Table], bool]], ...] = (
    ("PauseTable", lambda m: not m.state.paused, lambda m: m.can_pause()),
    ("ResumeTable", lambda m: m.state.paused, lambda m: m.can_resume()),
    (
        "CloseTable",
        lambda m: not any(p.bets for p in m.state.players.values()),
        lambda m: m.can_close_table(),
    ),  # fmt: skip
    ("SkipMissing", lambda m: m.config.rules.everyone_bets, lambda m: m.can_skip_missing()),
)
#: The commands the walk sends, from the templates the views offer.
SENT = {"Bet", "Rebet", "Double", "UndoBet", "ClearBets", "Withdraw", "Deal", "CloseBets",
        "PassShoe", "TurnPunto", "Ready", "NextCoup", "PauseTable", "ResumeTable",
        "SkipMissing", "Tick"}  # fmt: skip


def check(machine: Table, accepted: Counter[str]) -> None:
    """Every shortcut's requirement, wherever the machine accepts (counted by kind)."""
    for kind, need, can in HOST:
        if can(machine):
            accepted[kind] += 1
            assert need(machine), kind
    for player in machine.state.seated:
        for kind, need_of, can_of in PLAYERS:
            if can_of(machine, player.name):
                accepted[kind] += 1
                assert need_of(machine, player), (kind, player.name)


def sent(template: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    message = {k: v for k, v in template.items() if k != "minimum"}
    if template["type"] == "Bet" and "minimum" in template:
        message["stake"] = template["minimum"] * rng.choice((1, 1, 3, 50_000))
    return message


@pytest.mark.parametrize(
    ("fmt", "settings", "taken"),
    [
        ("casino", {"turn_seconds": None}, {"Rebet", "Double", "Deal", "PassShoe", "CloseTable"}),
        ("casino", {"turn_seconds": 10}, {"TurnPunto"}),  # Punto's cards face down
        ("casino", {"seed": None, "commit_seconds": None, "reveal_seconds": None}, {"Contribute"}),
        ("croupier", {}, {"Ready", "UndoBet", "ClearBets", "Leave", "ResumeTable"}),
        ("session", {}, {"SkipMissing", "PauseTable"}),
    ],
)
def test_what_the_views_skip_the_machine_refuses(
    fmt: str, settings: dict[str, Any], taken: set[str]
) -> None:
    rng = random.Random(fmt + str(settings))
    now = [1000.0]
    engine = Engine(clock=lambda: now[0])
    bankroll = 0 if fmt == "session" else 10**6  # a session plays for points
    seated = [(n, bankroll) for n in NAMES]
    engine.open("t", fmt, settings={"seed": 5, **settings}, players=seated)
    viewers = [Viewer.HOST, *(Viewer.player(n) for n in NAMES)]
    accepted: Counter[str] = Counter()
    for _ in range(400):
        check(engine.machine("t"), accepted)
        now[0] += rng.choice((0.0, 0.5, 5.0))
        viewer = rng.choice(viewers)
        offered = [c for c in engine.commands("t", viewer) if c["type"] in SENT]
        if not offered:
            continue
        try:
            engine.do("t", command_of(sent(rng.choice(offered), rng), viewer), viewer)
        except PuntoBancoError:
            pass  # over a limit or the bankroll, or the clock moved on: tried all the same
    assert taken <= set(accepted)  # the walk went where each of these is taken
