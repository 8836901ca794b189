"""Nothing secret leaves the engine: no view and no public event holds a card before it is dealt.

Hypothesis drives random tables of every format with random commands from
random viewers; after each command, every view (each player, the host, a
spectator) and every public event is searched for the cards still in the
shoe beyond what has been dealt, for the seed, and for the server seeds the store
keeps private (the shoe in play's and the next shoe's, committed in advance).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.cards import Card
from puntobanco.coup import Outcome
from puntobanco.engine import (
    Bet,
    CloseBets,
    Command,
    Contribute,
    Deal,
    Engine,
    Leave,
    PassShoe,
    PlaceCard,
    Sit,
    Tick,
    TurnPunto,
    UndoCard,
    Viewer,
    Withdraw,
)
from puntobanco.errors import PuntoBancoError

NAMES = ["Ana", "Bruno", "Chloé"]
SEED = 987_654_321_123


def undealt(engine: Engine) -> set[str]:
    """The cards of the shoe not dealt yet (none is known for physical cards)."""
    shoe = engine.state("t").shoe
    if shoe is None or not shoe.order:
        return set()
    dealt = {str(c) for c in shoe.order[: shoe.position]}
    return {str(c) for c in shoe.order[shoe.position :]} - dealt


def private_seeds(engine: Engine) -> set[str]:
    """The server seeds the store keeps private now: the shoe's in play, the next's."""
    state = engine.state("t")
    seeds = set()
    if state.shoe is not None and state.shoe.server_seed and not state.shoe.revealed:
        seeds.add(state.shoe.server_seed)
    if state.next_shoe is not None and state.next_shoe.server_seed:
        seeds.add(state.next_shoe.server_seed)
    return seeds


def card_texts(data: Any) -> set[str]:
    """Every string in ``data`` that reads as a card."""
    found: set[str] = set()
    if isinstance(data, str):
        for word in data.replace(",", " ").split():
            try:
                found.add(str(Card.parse(word)))
            except PuntoBancoError:
                pass
    elif isinstance(data, dict):
        for value in data.values():
            found |= card_texts(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= card_texts(value)
    return found


def check_views(engine: Engine) -> None:
    """No view holds a card of the shoe beyond those dealt, the seed or a private
    server seed; Punto's cards face down with a player are in that player's view alone."""
    secret = undealt(engine)
    seeds = private_seeds(engine)
    face_down = engine.state("t").face_down
    held = {str(c) for c in engine.machine("t").face_down_cards()}
    assert (face_down is None) == (not held)
    for viewer in [Viewer.HOST, Viewer.SPECTATOR, *map(Viewer.player, NAMES)]:
        view = engine.view("t", viewer)
        text = json.dumps(view)
        assert str(SEED) not in text
        assert not any(seed in text for seed in seeds), viewer
        mine = held if face_down is not None and viewer.name == face_down else set()
        assert card_texts(view) & secret == mine, viewer


def play(
    engine: Engine,
    steps: list[tuple[Command, str | None]],
    published: list[dict[str, Any]],
    now: list[float],
    seconds: float,
) -> None:
    """Send each command from its sender (None: the host), ``seconds`` apart on the
    engine's clock, and check every view and every public event after each."""
    for command, sender in steps:
        now[0] += seconds
        by = Viewer.HOST if sender is None else Viewer.player(sender)
        try:
            engine.do("t", command, by=by)
        except PuntoBancoError:
            pass
        check_views(engine)
        secret, seeds = undealt(engine), private_seeds(engine)
        for event in published:
            assert str(SEED) not in json.dumps(event)
            assert not any(seed in json.dumps(event) for seed in seeds), event
            assert not (card_texts(event) & secret), event


commands = st.one_of(
    st.builds(Bet, st.sampled_from(NAMES), st.sampled_from(list(Outcome)), st.none()),
    st.builds(Bet, st.sampled_from(NAMES), st.sampled_from(list(Outcome)), st.just(1_000)),
    st.builds(Withdraw, st.sampled_from(NAMES)),
    st.builds(Sit, st.just("Dora"), st.sampled_from([0, 50_000])),
    st.builds(Leave, st.sampled_from(NAMES)),
    st.builds(PlaceCard, st.sampled_from(["4h", "Ks", "9d", "Ac", "6c", "2s"])),
    st.just(CloseBets()),
    st.just(Deal()),
    st.builds(Deal, st.sampled_from(NAMES)),  # the shoe's holder deals
    st.builds(TurnPunto, st.sampled_from(NAMES)),
    st.builds(PassShoe, st.sampled_from(NAMES)),
    st.just(UndoCard()),
    st.just(Tick()),
    st.builds(Contribute, st.sampled_from(NAMES), st.sampled_from(["lucky", "7", "a|b"])),
)


@settings(max_examples=80, deadline=None)
@given(
    fmt=st.sampled_from(["session", "casino", "turning", "croupier", "assist"]),
    steps=st.lists(st.tuples(commands, st.sampled_from([*NAMES, None])), max_size=40),
)
def test_no_view_and_no_public_event_holds_a_card_before_it_is_dealt(
    fmt: str, steps: list[tuple[Command, str | None]]
) -> None:
    """Punto's two cards, face down with a player (``turning``: a casino table with
    ``turn_seconds``), are in that player's view alone until turned over."""
    now = [0.0]
    engine = Engine(clock=lambda: now[0])
    settings_: dict[str, Any] = {"decks": 1}
    if fmt == "turning":
        fmt, settings_["turn_seconds"] = "casino", 10
    if fmt in ("session", "casino", "croupier"):
        settings_["seed"] = SEED
    players: list[Any] = NAMES if fmt in ("session", "assist") else [(n, 10**6) for n in NAMES]
    published: list[dict[str, Any]] = []
    opened = engine.open("t", fmt, settings=settings_, players=players)
    published += opened.events
    engine.subscribe("t", lambda c: published.extend(c.events))
    play(engine, steps, published, now, 7.0)


@settings(max_examples=30, deadline=None)
@given(
    fmt=st.sampled_from(["session", "casino", "croupier"]),
    steps=st.lists(
        st.tuples(
            st.sampled_from(["commit", "reveal", "bet", "deal", "tick", "sit", "leave"]),
            st.sampled_from(NAMES),
        ),
        max_size=40,
    ),
)
def test_no_view_and_no_event_holds_a_server_seed_or_a_value_before_it_is_revealed(
    fmt: str, steps: list[tuple[str, str]]
) -> None:
    """At tables that take contributions: each phone commits to a value it keeps, and
    reveals it when it chooses; until then the value, like the server seeds, is in no
    view and no event (the server never has it)."""
    import puntobanco.fair.contributions as contributions
    from puntobanco.engine import CommitContribution, RevealContribution

    now = [0.0]
    engine = Engine(clock=lambda: now[0])
    players: list[Any] = NAMES[:2] if fmt == "session" else [(n, 10**6) for n in NAMES[:2]]
    published: list[dict[str, Any]] = list(engine.open("t", fmt, players=players).events)
    engine.subscribe("t", lambda c: published.extend(c.events))
    held: dict[tuple[str, int], bytes] = {}
    for step, name in steps:
        now[0] += 2.0
        gathering = engine.machine("t").gathering()
        shoe = gathering.shoe if gathering is not None else 0
        command: Command
        if step == "commit":
            value = held.setdefault((name, shoe), contributions.new_contribution())
            command = CommitContribution(name, shoe, contributions.digest("t", shoe, name, value))
        elif step == "reveal":
            command = RevealContribution(name, shoe, held.get((name, shoe), bytes(32)).hex())
        elif step == "bet":
            command = Bet(name, Outcome.BANCO, None if fmt == "session" else 1_000)
        else:
            others: dict[str, Command] = {
                "deal": Deal(),
                "tick": Tick(),
                "sit": Sit(name, 0 if fmt == "session" else 10**6),
                "leave": Leave(name),
            }
            command = others[step]
        by = Viewer.HOST if step in ("deal", "tick") else Viewer.player(name)
        try:
            engine.do("t", command, by=by)
        except PuntoBancoError:
            pass
        state = engine.state("t")
        revealed = {
            v for g in (state.entropy.current, state.entropy.last) if g for _, v in g.revealed
        }
        secret = {v.hex() for v in held.values()} - revealed
        for viewer in [Viewer.HOST, Viewer.SPECTATOR, *map(Viewer.player, NAMES)]:
            text = json.dumps(engine.view("t", viewer))
            assert not any(seed in text for seed in private_seeds(engine)), viewer
            assert not any(value in text for value in secret), viewer
        text = json.dumps(published)
        assert not any(seed in text for seed in private_seeds(engine))
        assert not any(value in text for value in secret)


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(st.tuples(commands, st.sampled_from([*NAMES, None])), max_size=20))
def test_punto_s_cards_face_down_are_seen_by_their_player_alone(
    steps: list[tuple[Command, str | None]],
) -> None:
    """Seed 002: Punto's cards handed face down to the largest Punto bet; whatever
    is sent next, by anyone, no one else sees them, nor any other card of the coup,
    until they are turned over."""
    now = [0.0]
    engine = Engine(clock=lambda: now[0])
    settings_ = {"decks": 1, "seed": SEED, "turn_seconds": 10}
    engine.open("t", "casino", settings=settings_, players=[(n, 10**6) for n in NAMES])
    published: list[dict[str, Any]] = []
    engine.subscribe("t", lambda c: published.extend(c.events))
    engine.do("t", Bet("Ana", Outcome.PUNTO, 5_000), Viewer.player("Ana"))
    engine.do("t", Bet("Bruno", Outcome.BANCO, 5_000), Viewer.player("Bruno"))
    engine.do("t", CloseBets())
    engine.do("t", Deal("Ana"), Viewer.player("Ana"))  # Ana holds the shoe: the first seated
    assert engine.state("t").face_down == "Ana"
    play(engine, steps, published, now, 3.0)
