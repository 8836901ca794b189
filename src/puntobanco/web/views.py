"""What one viewer sees of a table: a JSON object built from the committed state.

Nothing secret leaves here: no shoe order, no burned card, no seed, and in a
session nobody else's prediction while bets are open (the host's screen is
shown to the whole room, so it sees only who has predicted). Sentences (each
hand's decision, the croupier's announcement) are put into words in the
viewer's language. ``commands`` lists what this viewer may send now, so the
pages never work legality out from the phase.
"""

from __future__ import annotations

import json
from typing import Any, cast

from puntobanco.coup import resolve
from puntobanco.engine.views import contribution_actions, next_shoe, shoe_contributions, side_bets
from puntobanco.explain import announce, describe_step
from puntobanco.i18n import Lang
from puntobanco.paytable import box_key, json_amount
from puntobanco.roads import build_roads
from puntobanco.rules import Action
from puntobanco.table.config import Format
from puntobanco.table.history import CoupRecord, CoupRecorder
from puntobanco.table.progress import CoupInProgress, split_hands
from puntobanco.table.seating import largest_punto, next_seat
from puntobanco.table.state import Phase, Player, TableState
from puntobanco.web.auth import HOST, Identity
from puntobanco.web.hostinfo import host_part

RECENT = 10


class ViewCache:
    """The parts of a view shared by every viewer of one commit, per language."""

    def __init__(self) -> None:
        self.public: dict[Lang, dict[str, Any]] = {}


def records(live: Any) -> list[CoupRecord]:
    """The table's settled coups (read on from where the last view stopped;
    the list is the table's own: read it, do not change it)."""
    recorder: CoupRecorder = live.recorder
    log = live.log
    for event in log[recorder.count : live.seq]:
        recorder.feed(event, "")
    return recorder.records


def build_view(
    live: Any, who: Identity, lang: Lang, now: float, *, cache: ViewCache | None = None
) -> dict[str, Any]:
    """``who``'s view of ``live`` (a ``hub.Live``) in ``lang``."""
    public = cache.public.get(lang) if cache is not None else None
    if public is None:
        public = _public(live, lang)
        if cache is not None:
            cache.public[lang] = public
    view = {**public, **personal(live, who, now)}
    if who.role == HOST:  # a view asked for: the odds are computed if they are not kept
        view["host"] = host_part(live, records(live), compute=True)
    return view


def public_part(live: Any, lang: Lang) -> dict[str, Any]:
    """The part of every view of one commit that all viewers share (per language)."""
    return _public(live, lang)


def personal(live: Any, who: Identity, now: float) -> dict[str, Any]:
    """The part of ``who``'s view that is theirs alone: the countdown, ``me``,
    ``commands`` and a player's ``recent`` coups."""
    state: TableState = live.state
    table = live.table
    left = table.countdown_left(now) if state.format is Format.CROUPIER else None
    turn_left = table.turn_left(now)
    view: dict[str, Any] = {
        "countdown": None if left is None else round(left, 1),
        "turn_left": None if turn_left is None else round(turn_left, 1),
    }
    if who.role == HOST:
        view["me"] = {"role": "host"}
        view["commands"] = _host_commands(live)
        view["host"] = host_part(live, records(live), compute=False)
        return view
    assert who.player is not None
    player = state.find(who.player)
    if player is None:
        view["me"] = {"role": "player", "name": who.player, "seated": False}
        view["commands"] = []
        return view
    view["me"] = {
        "role": "player",
        "name": player.name,
        "seated": True,
        "seat": player.seat,
        "balance": json_amount(player.balance),
        "available": json_amount(player.available),
        "bets": _bets(player),
        # Punto's two cards while this player holds them face down: theirs alone.
        "punto_cards": [str(c) for c in table.face_down_cards(player.name)] or None,
    }
    view["commands"] = _player_commands(live, player)
    view["recent"] = _recent(live, player.name)
    return view


def _bets(player: Player) -> dict[str, Any]:
    return {box_key(box): json_amount(stake) for box, stake in player.bets.items()}


def public_text(live: Any, lang: Lang) -> str:
    """``public_part`` as JSON text without its closing brace (the caller adds
    each viewer's own part). What changes only with the coups (the last coup,
    the roads, the recent coups) and the settings is serialised once and kept
    as text until a coup is settled or undone: after a bet, only the players,
    the phase and the shoe are serialised again."""
    state: TableState = live.state
    coups = _coups(live, state, lang, not state.config.money)
    cached: tuple[dict[str, Any], str] | None = live.text_cache.get(lang)
    if cached is None or cached[0] is not coups:
        fixed = json.dumps(_fixed(live, state, lang, coups), ensure_ascii=False)[1:-1]
        live.text_cache[lang] = cached = (coups, fixed)
    changing = json.dumps(_changing(live, state, lang), ensure_ascii=False)[1:-1]
    return f"{{{cached[1]}, {changing}"


def _public(live: Any, lang: Lang) -> dict[str, Any]:
    state: TableState = live.state
    coups = _coups(live, state, lang, not state.config.money)
    return {**_fixed(live, state, lang, coups), **_changing(live, state, lang)}


def _fixed(live: Any, state: TableState, lang: Lang, coups: dict[str, Any]) -> dict[str, Any]:
    """The part of the shared view that changes only when a coup is settled or
    undone or the shoe changes (``coups``), or never (the settings)."""
    config = state.config
    session = not config.money  # seed 004's session, from the shoe or from real cards
    return {
        "table": live.name,
        "join_code": live.meta.join_code,
        "format": "session" if session else state.format.value,
        "lang": lang,
        "config": {
            "money": config.money,
            "real_cards": config.real_cards,
            "seats": config.seats,
            "decks": config.decks,
            "paytable": config.paytable,
            "stake": config.stake,
            "deals": config.deals,
            "minimum": config.minimum,
            "maximum": config.maximum,
            "tie_minimum": config.tie_minimum,
            "tie_maximum": config.tie_maximum,
            "side_bets": side_bets(config),
            "countdown": config.countdown,
            "bankroll": live.meta.settings.get("bankroll"),
        },
        "last": coups["last"],
        "roads": coups["roads"],
        "history": coups["history"],
    }


def _changing(live: Any, state: TableState, lang: Lang) -> dict[str, Any]:
    """The part of the shared view that a bet, a card or a seat may change."""
    config = state.config
    session = not config.money
    hidden = session and state.phase is Phase.BETS_OPEN
    players = []
    for p in state.seated:
        entry: dict[str, Any] = {
            "name": p.name,
            "seat": p.seat,
            "balance": json_amount(p.balance),
            "has_bet": bool(p.bets),
            "bets": None if hidden else _bets(p),
        }
        players.append(entry)
    shoe = state.shoe
    view: dict[str, Any] = {
        "seq": live.seq,
        "phase": state.phase.value,
        "coup": state.coup,
        "completed": state.completed,
        "players": players,
        "holder": state.holder,
        "next_holder": _next_holder(state),
        "punto_hand": state.punto_hand,
        "punto_cards_to": None if hidden or not config.rules.punto_hand else largest_punto(state),
        # Punto's cards face down with a player, who turns them over (seed 002).
        "turn": None
        if state.face_down is None
        else {"name": state.face_down, "seconds": config.turn_seconds},
        "shoe": None
        if shoe is None
        else {
            "number": shoe.number,
            "remaining": shoe.remaining,
            "finished": shoe.finished,
            # What a player notes to check the shoe once its seed is revealed.
            "commitment": shoe.commitment,
            "client_seed": shoe.client_seed,
            # False at a table opened with a seed: its shoes are derived from it.
            "secret": shoe.commitment is not None and config.seed is None,
            "contributions": shoe_contributions(state),  # who contributed, who was left out
        },
        # The next shoe: its commitment, shown before anyone contributes to its
        # client seed, and the contributions so far (the table's, not a viewer's).
        "next_shoe": next_shoe(state),
        "in_progress": _in_progress(state, lang),
        "chain_head": live.head,  # the log's hash chain head: what ``puntobanco verify`` prints
        "winners": list(state.winners),
        "ranking": [[p.name, json_amount(p.balance)] for p in sorted(
            state.seated, key=lambda p: (-p.balance, p.seat)
        )],
    }  # fmt: skip
    return view


def _coups(live: Any, state: TableState, lang: Lang, session: bool) -> dict[str, Any]:
    """The last coup, the roads and the recent coups: they change only when a
    coup is settled or undone, or the shoe changes (kept per language until then)."""
    done = records(live)
    key = (live.recorder.version, state.shoe.number if state.shoe else 0, len(state.shoe_coups))
    cached = live.coups_cache.get(lang)
    if cached is not None and cached[0] == key:
        return cast(dict[str, Any], cached[1])
    coups = [resolve(r.cards) for r in done] if session else list(state.shoe_coups)
    last = None
    if done:
        record = done[-1]
        coup = resolve(record.cards)
        last = {
            "coup": record.coup,
            "cards": [str(c) for c in record.cards],
            "punto": {"cards": [str(c) for c in coup.punto.cards], "total": coup.punto.total},
            "banco": {"cards": [str(c) for c in coup.banco.cards], "total": coup.banco.total},
            "natural": coup.natural,
            "steps": [describe_step(s, lang) for s in coup.steps],
            "announce": announce(coup, lang),
            "winner": coup.outcome.value,
            # Who turned Punto's cards over (seed 002): {"name": null} for the dealer.
            "turned": _turned(record),
            "settlements": [
                {"player": s.player, "box": box_key(s.box), "net": json_amount(s.amount)}
                for s in record.settlements
            ],
        }
    part = {
        "last": last,
        "roads": build_roads(coups).to_json(),
        "history": [
            {"coup": r.coup, "cards": [str(c) for c in r.cards], "winner": _winner(r)}
            for r in done[-RECENT:]
        ],
    }
    live.coups_cache[lang] = (key, part)
    return part


def _in_progress(state: TableState, lang: Lang) -> dict[str, Any] | None:
    """The coup the host is dealing from real cards: each hand's cards so far,
    what the next card is for, and the decisions already known."""
    if not state.config.real_cards or state.phase is not Phase.BETS_CLOSED:
        return None
    cards = state.placed
    punto, banco = split_hands(cards)
    progress = CoupInProgress(cards)
    return {
        "cards": [str(c) for c in cards],
        "punto": [str(c) for c in punto],
        "banco": [str(c) for c in banco],
        "expects": progress.expecting.value,
        # A hand that must draw is explained once its card is known.
        "steps": [
            describe_step(s, lang)
            for s in progress.steps
            if s.card is not None or s.action is not Action.DRAW
        ],
    }


def _turned(record: CoupRecord) -> dict[str, Any] | None:
    """Who turned Punto's cards over: ``{"name": player}``, or ``{"name": None}``
    when the dealer did as the player's time ran out; None when they were not
    handed face down."""
    handed, name = record.punto_turned_by
    return {"name": name} if handed else None


def _winner(record: CoupRecord) -> str:
    return resolve(record.cards).outcome.value


def _recent(live: Any, name: str) -> list[dict[str, Any]]:
    """A player's last coups, kept until a coup is added or undone (a view is
    pushed to every player after every bet: most of them change nothing here)."""
    done = records(live)
    version = live.recorder.version
    cached: tuple[int, list[dict[str, Any]]] | None = live.recent_cache.get(name)
    if cached is not None and cached[0] == version:
        return cached[1]
    out: list[dict[str, Any]] = []
    for r in done[-RECENT:]:
        out.append(
            {
                "coup": r.coup,
                "cards": [str(c) for c in r.cards],
                "winner": _winner(r),
                "bets": [
                    {"box": box_key(b.box), "stake": json_amount(b.amount)}
                    for b in r.bets
                    if b.player == name
                ],
                "net": json_amount(sum((s.amount for s in r.settlements if s.player == name), 0)),
                "balance": json_amount(r.balances_after[name])
                if name in r.balances_after
                else None,
            }
        )
    live.recent_cache[name] = (version, out)
    return out


def _next_holder(state: TableState) -> str | None:
    """Where the shoe goes if Punto wins (seed 002): the next occupied seat."""
    if state.holder is None or state.holder not in state.players:
        return None
    return next_seat(state, state.players[state.holder].seat)


def _host_commands(live: Any) -> list[str]:
    table = live.table
    out = []
    if table.config.real_cards:
        if table.can_close_bets():
            out.append("close_bets")
        if table.allows("place_card"):
            out.append("card")
        if table.can_undo_card():
            out.append("undo")
        if table.allows("next_coup"):
            out.append("next")
        if table.can_close_table():
            out.append("close")
        return out
    if table.state.format is Format.CASINO and table.can_close_bets():
        out.append("close_bets")
    if table.state.format is not Format.CROUPIER and (table.can_close_bets() or table.can_deal()):
        out.append("deal")
    if table.can_close_table():
        out.append("close")
    return out


def _player_commands(live: Any, player: Player) -> list[str]:
    table = live.table
    out = []
    if table.allows("bet"):
        out.append("bet" if table.config.money else "predict")
    if player.bets and table.allows("withdraw"):
        out.append("withdraw")
    if table.can_leave(player.name):
        out.append("leave")
    if table.can_deal_as(player.name):
        out.append("deal")  # the shoe's holder deals (seed 002)
    if table.can_pass_shoe(player.name):
        out.append("pass")
    if table.can_turn_punto(player.name):
        out.append("turn")
    if table.can_contribute(player.name):
        out.append("contribute")
    out += contribution_actions(table, player.name)  # the phone's own contributions
    return out
