"""What each viewer sees of a table: one picture, the public events, the commands offered.

Every front-end shows these views and nothing else: the web's phones and host
screen, the terminal game's bots, a script over the API. A view is made from
the table's committed state: the part every viewer shares (``public``), then
each viewer's own (``own``: their seat, their commands, the host's board).
Nothing secret leaves through here: the shoe's order, the cards not yet dealt,
the burned cards and the seeds never appear, and where the format hides bets
(``FormatRules.hidden_bets``) a player sees only their own until bets close.
Sentences (each hand's decision, the croupier's announcement) are put into
words in the language the caller asks for.

``commands`` lists what the viewer may send now, as templates of the engine's
commands (``{"type": "Bet", "box": "banco", "minimum": 1000}``): a front-end
offers what it lists, and never works legality out from the phase.

``Pictures`` keeps, per table, what the views are made from besides the state
(the settled coups, the current shoe's burn) and the parts that change seldom,
so that a view pushed to every connection after each bet costs little: the
shared part is serialised once per language and commit, each viewer's own part
is kept until something it was made from changes (``text``).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final

import puntobanco.engine.lessons as lessons
import puntobanco.fair as fair
from puntobanco.cards import Card
from puntobanco.coup import Coup, Outcome, resolve
from puntobanco.engine.viewers import Role, Viewer
from puntobanco.explain import announce, describe_step
from puntobanco.fair.gathering import Gathering, Window
from puntobanco.i18n import Lang
from puntobanco.odds.digits import decimal
from puntobanco.odds.seen import NextCoupOdds, OddsCache, OddsKey
from puntobanco.paytable import Amount, Box, box_key, json_amount
from puntobanco.roads import Roads, build_roads
from puntobanco.rules import Action
from puntobanco.table.codec import encode, to_dict
from puntobanco.table.config import TableConfig
from puntobanco.table.events import (
    BetPlaced,
    BetWithdrawn,
    Event,
    NextShoeCommitted,
    QuestionAnswered,
    ShoeBurned,
    ShoeShuffled,
    TableOpened,
)
from puntobanco.table.formats import CardSource, FormatRules
from puntobanco.table.history import CoupRecord, CoupRecorder
from puntobanco.table.machine import JOIN_MODES, Table
from puntobanco.table.progress import CoupInProgress, split_hands
from puntobanco.table.seating import largest_punto, next_seat
from puntobanco.table.state import Phase, Player, TableState

#: Settings that never leave the engine (a seed would give every future card away).
SECRET_SETTINGS: Final = frozenset({"seed"})
#: How many settled coups a view recalls (``history``, a player's ``recent``).
RECENT: Final = 10
#: Pair bets, counted in the host's statistics only where the table offers them.
PAIRS: Final = ("punto_pair", "banco_pair")
#: The odds of every composition met lately (shared by the tables of a process).
ODDS: Final = OddsCache(256)

# -- what every viewer may receive ------------------------------------------------------


def public_config(config: TableConfig) -> dict[str, Any]:
    """The table's settings as anyone may see them (no seed)."""
    data: dict[str, Any] = encode(config)
    for name in SECRET_SETTINGS:
        data.pop(name, None)
    return data


def fair_commitment(event: ShoeShuffled, *, seed: int | None = None) -> dict[str, Any]:
    """What everyone sees of a fair shoe before it ends (``secret`` false: its
    server seed was derived from the table's ``seed``, or drawn from a random source
    other than the operating system's, ``source``)."""
    return {
        "commitment": fair.commitment(bytes.fromhex(event.server_seed or "")),
        "client_seed": event.client_seed,
        "nonce": event.shoe,
        "secret": fair.secret_seed(seed, event.source),
        "source": event.source,
    }


def public_event(event: Event, config: TableConfig) -> dict[str, Any]:
    """``event`` as every viewer may receive it (JSON-ready).

    A new shoe says how many cards it holds, never their order, and its
    commitment, never its server seed; a burn says which card was turned and
    how many went face down, never which; where bets are hidden, a bet says
    who, not on what or how much; a student's answer says who answered, not what.
    """
    if isinstance(event, ShoeShuffled):
        data: dict[str, Any] = {
            "type": "ShoeShuffled",
            "shoe": event.shoe,
            "cards": len(event.order) or 52 * config.decks,
            "cut_card": event.cut_card,
        }
        if event.server_seed is not None:
            data.update(fair_commitment(event, seed=config.seed))
        return data
    if isinstance(event, ShoeBurned):
        return {"type": "ShoeBurned", "shoe": event.shoe, "turned": str(event.turned),
                "burned": len(event.burned)}  # fmt: skip
    if isinstance(event, NextShoeCommitted):  # its server seed stays in the store
        commitment = fair.commitment(bytes.fromhex(event.server_seed))
        return {"type": "NextShoeCommitted", "shoe": event.shoe, "commitment": commitment,
                "secret": fair.secret_seed(config.seed, event.source),
                "source": event.source}  # fmt: skip
    if isinstance(event, TableOpened):
        return {"type": "TableOpened", "table": event.table, "config": public_config(config)}
    if isinstance(event, BetPlaced | BetWithdrawn) and config.rules.hidden_bets:
        return {"type": type(event).__name__, "name": event.name}
    if isinstance(event, QuestionAnswered):  # the room sees the answers once shown
        return {"type": "QuestionAnswered", "number": event.number, "name": event.name}
    return to_dict(event)


def next_shoe(state: TableState) -> dict[str, Any] | None:
    """The next shoe as every viewer sees it, or None (real cards, no shoe to follow).

    ``shoe``: its number; ``commitment``: SHA-256 of its server seed, drawn
    already; ``client_seed``: what it will be shuffled with if nobody else
    contributes; ``contributions``: ``{"name", "text"}`` in the order recorded;
    ``limit``: the most a shoe takes; ``secret``: false at a table opened with a
    seed, or whose seeds come from a random source other than the OS's
    (``source``); at a table that takes its players' contributions, where they
    stand (``window``, ``seconds``, ``commitments``).
    """
    committed = state.next_shoe
    if committed is None:
        return None
    shown = {
        "shoe": committed.number,
        "commitment": committed.commitment,
        "client_seed": fair.client_seed(state.table, committed.number, committed.texts),
        "contributions": [{"name": n, "text": t} for n, t in committed.contributions],
        "limit": fair.MAX_CONTRIBUTIONS,
        "secret": fair.secret_seed(state.config.seed, committed.source),
        "source": committed.source,
    }
    if not state.config.takes_contributions:
        return shown
    gathering = state.entropy.current
    if gathering is None or gathering.shoe != committed.number:
        gathering = Gathering(committed.number)
    values = dict(gathering.revealed)
    seconds = {
        Window.CALLED: state.config.commit_seconds,
        Window.REVEAL: state.config.reveal_seconds,
    }
    return shown | {
        "window": gathering.window.value,
        "seconds": seconds.get(gathering.window),
        "commitments": [
            {"name": name, "digest": digest, "value": values.get(name)}
            for name, digest in gathering.commits
        ],
        "client_seed": fair.client_seed(state.table, committed.number, gathering.values),
    }


def shoe_contributions(state: TableState) -> dict[str, Any] | None:
    """Who contributed to the shoe in play and who was left out, or None where the
    shoe took no contributions."""
    shoe = state.shoe
    gathered = None if shoe is None else state.entropy.of(shoe.number)
    if gathered is None:
        return None
    revealed = {name for name, _ in gathered.revealed}
    return {
        "contributors": [name for name, _ in gathered.commits if name in revealed],
        "excluded": list(gathered.excluded),
    }


def side_bets(config: TableConfig) -> list[dict[str, Any]]:
    """The side bets the table offers, each with its limits."""
    return [
        {"box": key, "minimum": low, "maximum": high}
        for key in config.offered_side_bets
        for low, high in (config.limits(key),)
    ]


def _bets(bets: Mapping[Box, Amount]) -> dict[str, Any]:
    return {box_key(box): json_amount(stake) for box, stake in bets.items()}


# -- the commands a viewer may send ----------------------------------------------------


def offers(machine: Table, viewer: Viewer) -> list[dict[str, Any]]:
    """The commands ``viewer`` may send now, as templates: the table's transition
    table and each action's ``can_`` say which; a stake's own limits are checked
    when it is sent. The host is offered what the format's flow uses: bets
    closed as a step of their own where the host calls them (``host_closes_bets``),
    a deal where no croupier's clock deals (``countdown``), and at a table of
    real cards the card the coup expects."""
    state = machine.state
    config = state.config
    rules = config.rules
    if rules.lesson:
        return lessons.offers(machine, viewer)
    found: list[dict[str, Any]] = []
    if (
        (rules.countdown and state.phase is Phase.BETS_OPEN)
        or state.phase is Phase.SHUFFLING
        or state.face_down is not None
    ):
        # The croupier's countdown, a shoe's windows, Punto's cards face down: the
        # table waits on the clock (a server sends ``Tick`` on its timer).
        found.append({"type": "Tick"})
    if viewer.role is Role.HOST:
        if rules.host_closes_bets and machine.can_close_bets():
            found.append({"type": "CloseBets"})
        if rules.cards is CardSource.SHOE:
            if not rules.countdown and (machine.can_close_bets() or machine.can_deal()):
                found.append({"type": "Deal"})
        else:
            if machine.allows("place_card"):
                found.append({"type": "PlaceCard", "expects": machine.in_progress.expecting.value})
            if machine.can_undo_card():
                found.append({"type": "UndoCard"})
            if machine.allows("next_coup"):  # the next coup, or the end of a session
                found.append({"type": "NextCoup"})
        # Each ``can_`` asked only where what it refuses first does not rule it out:
        # a refusal is an exception raised and caught, and the views are made after
        # every bet.
        if not state.paused and machine.can_pause():
            found.append({"type": "PauseTable"})
        if state.paused and machine.can_resume():
            found.append({"type": "ResumeTable"})
        if not any(p.bets for p in state.players.values()) and machine.can_close_table():
            found.append({"type": "CloseTable"})
        found.extend(_host_seats(machine))
        return found
    player = state.find(viewer.name or "") if viewer.role is Role.PLAYER else None
    if player is None:
        if machine.allows("sit") and len(state.players) < config.seats:
            found.append({"type": "Sit"} | ({"name": viewer.name} if viewer.name else {}))
        return found
    name = player.name
    if machine.allows("bet") and not state.paused:
        for box in (*Outcome, *config.offered_side_bets):
            low = config.limits(box)[0]
            found.append(
                {"type": "Bet", "box": box_key(box)}
                | ({} if rules.one_prediction else {"minimum": low})
            )
    if player.bets and machine.allows("withdraw"):
        found.extend({"type": "Withdraw", "box": box_key(box)} for box in player.bets)
    # Each ``can_`` asked only where what it refuses first does not rule it out (a
    # refusal is an exception raised and caught; a phone's view is made after each bet).
    if not rules.one_prediction and machine.allows("bet"):
        # The tools of a layout of chips: the last bet again, doubled, a chip back, all back.
        tools: tuple[tuple[str, bool, Callable[[str], bool]], ...] = (
            ("Rebet", not player.bets and bool(player.last_bets), machine.can_rebet),
            ("Double", bool(player.bets), machine.can_double),
            ("UndoBet", bool(player.chips), machine.can_undo_bet),
            ("ClearBets", bool(player.bets), machine.can_clear_bets),
        )
        found.extend({"type": kind} for kind, may, able in tools if may and able(name))
    holds = rules.shoe_holder and state.holder == name  # the shoe's holder deals (seed 002)
    for kind, may, can in (
        ("Leave", not player.bets, machine.can_leave),
        ("Deal", holds, machine.can_deal),
        ("PassShoe", holds, machine.can_pass_shoe),
        ("TurnPunto", state.face_down == name, machine.can_turn_punto),
        ("Contribute", state.next_shoe is not None, machine.can_contribute),
    ):
        if may and can(name):
            found.append({"type": kind})
    gathering = machine.gathering()
    if gathering is not None:
        if machine.can_commit_contribution(name):
            found.append({"type": "CommitContribution", "shoe": gathering.shoe})
        if machine.can_reveal_contribution(name):
            found.append({"type": "RevealContribution", "shoe": gathering.shoe})
    if rules.countdown and machine.can_ready(name):
        found.append({"type": "Ready"})
    # Buying in again: once the balance no longer covers the table's minimum, back
    # up to the bankroll one sat down with (not while a request waits for the host).
    if rules.money and machine.rebuy_asked(name) is None:
        room = machine.rebuy_room(name)
        if room > 0 and machine.can_rebuy(name, room):
            found.append({"type": "Rebuy", "amount": room})
    return found


def _host_seats(machine: Table) -> list[dict[str, Any]]:
    """The host's hand on the seats: a player removed or renamed, the table's joins, the
    requests to sit, a session dealt without those who have not predicted."""
    state = machine.state
    if state.phase is Phase.ENDED:
        return []
    found: list[dict[str, Any]] = []
    if machine.allows("leave"):  # bets open or between coups (renamed any time, if asked)
        found.extend({"type": "Remove", "name": p.name} for p in state.seated)
        found.extend({"type": "RenamePlayer", "name": p.name} for p in state.seated)
    found.append({"type": "SetJoins", "mode": state.joins, "modes": list(JOIN_MODES)})
    if machine.allows("sit"):
        for name in state.asking:
            found.extend(({"type": "Admit", "name": name}, {"type": "Refuse", "name": name}))
    for name, amount in state.rebuys.items():  # rebuys the host approves
        if machine.can_rebuy(name, amount):
            found.append({"type": "Rebuy", "name": name, "amount": amount})
        found.append({"type": "Refuse", "name": name})
    if state.config.rules.everyone_bets and machine.can_skip_missing():
        found.append({"type": "SkipMissing"})
    if state.config.rules.everyone_bets:
        found.append({"type": "SetPredictionTime", "seconds": state.prediction_seconds})
    return found


def offered(view: Mapping[str, Any], kind: str) -> bool:
    """True when ``view`` offers a command of type ``kind``."""
    return any(c["type"] == kind for c in view["commands"])


# -- what the views are made from ----------------------------------------------------------


class Pictures:
    """One table's views: what they are made from besides its state (the settled
    coups, the burn of the shoe in play), and the parts kept between commits."""

    def __init__(self) -> None:
        self.recorder = CoupRecorder()
        self.burn: ShoeBurned | None = None
        self._fixed: dict[Lang, tuple[dict[str, Any], str]] = {}
        self._coups: dict[Lang, tuple[tuple[object, ...], dict[str, Any]]] = {}
        self._recent: dict[str, tuple[int, list[dict[str, Any]]]] = {}
        self._recent_text: dict[str, tuple[list[dict[str, Any]], str]] = {}
        #: Each player's coups as ``recent`` shows them, with their text, by record.
        self._entries: dict[str, dict[int, tuple[CoupRecord, dict[str, Any], str]]] = {}
        self._own: OrderedDict[tuple[object, ...], tuple[tuple[object, ...], str]] = OrderedDict()
        self._board: tuple[tuple[object, ...], dict[str, Any], Seen, OddsKey] | None = None
        self._odds: dict[str, Any] | None = None
        #: The host's board as JSON text, with the board and odds it was made from.
        self._board_text: tuple[object, object, str] | None = None
        #: The roads of the shoe in play, with the coups they were built from.
        self._roads: tuple[tuple[Coup, ...], Roads] | None = None
        self._lock = threading.Lock()  # the odds are read by any thread

    def feed(self, events: Sequence[Event]) -> None:
        """The table's next committed events (its first: ``TableOpened``)."""
        for event in events:
            self.recorder.feed(event, "")
            if isinstance(event, ShoeBurned):
                self.burn = event

    def roads(self, coups: tuple[Coup, ...]) -> Roads:
        """``build_roads(coups)``, built once for the shared view and the host's board
        (``coups``: the state's ``shoe_coups``, a new tuple once a coup is added)."""
        kept = self._roads
        if kept is None or kept[0] is not coups:
            kept = self._roads = (coups, build_roads(coups))
        return kept[1]

    @property
    def records(self) -> list[CoupRecord]:
        """The table's settled coups, oldest first (read them, do not change them)."""
        return self.recorder.records


# -- the view ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Moment:
    """A table as a view is made from it: its state machine at its committed state,
    the pictures kept beside it, its chain head and the engine's time now."""

    machine: Table
    pictures: Pictures
    head: str
    now: float


def view(moment: Moment, viewer: Viewer, lang: Lang, *, odds: bool = True) -> dict[str, Any]:
    """``viewer``'s view in ``lang`` (a fresh dict of JSON types); ``odds``: the host's
    board computes the odds of the next coup if no view has yet (a pushed view does not)."""
    public = _fixed(moment, lang) | _changing(moment, lang)
    return public | _own(moment, viewer, odds, lang)


def text(moment: Moment, viewer: Viewer, lang: Lang, cache: dict[Lang, str]) -> str:
    """``view`` as JSON text, for a view pushed after a commit: the shared part is
    serialised once per language (``cache``, one per commit), each viewer's own
    part is kept while nothing it was made from changes (a player's own part
    after another player's bet is what it was)."""
    shared = cache.get(lang)
    if shared is None:
        fixed = _fixed_text(moment, lang)
        changing = json.dumps(_changing(moment, lang), ensure_ascii=False)[1:-1]
        shared = cache[lang] = f"{{{fixed}, {changing}"
    pictures = moment.pictures
    key = _own_key(moment, viewer)
    kept = pictures._own.get((viewer, lang)) if key is not None else None
    if kept is not None and key is not None and _same(kept[0], key):
        own = kept[1]
    else:
        part = _own(moment, viewer, False, lang)
        # The last key, the host's board or a player's recent coups: its text kept
        # while it is the same (the board changes once a coup, a player's coups too).
        board = part.pop("host", None)
        recent = part.pop("recent", None)
        own = json.dumps(part, ensure_ascii=False)[1:]
        if board is not None:
            own = f'{own[:-1]}, "host": {_board_text(pictures, board)}}}'
        elif recent is not None:
            own = f'{own[:-1]}, "recent": {_recent_text(pictures, part["me"]["name"], recent)}}}'
        if key is not None:
            pictures._own[viewer, lang] = (key, own)
            if len(pictures._own) > 4096:
                pictures._own.popitem(last=False)
    return f"{shared}, {own}"


def _board_text(pictures: Pictures, board: dict[str, Any]) -> str:
    """The host's board (``_board``) as JSON text, made again only when the board or
    its odds are new (the host's view is made after every commit; its board
    changes once a coup)."""
    # Its parts are the kept board's own objects: the same objects, the same text.
    made, odds = board["derived"], board["odds"]
    kept = pictures._board_text
    if kept is not None and kept[0] is made and kept[1] is odds:
        return kept[2]
    text = json.dumps(board, ensure_ascii=False)
    pictures._board_text = (made, odds, text)
    return text


def _recent_text(pictures: Pictures, name: str, recent: list[dict[str, Any]]) -> str:
    """A player's recent coups (``_recent``) as JSON text, made again only when they
    are new (``_recent`` gives the same list while no coup was added or undone)."""
    kept = pictures._recent_text.get(name)
    if kept is not None and kept[0] is recent:
        return kept[1]
    text = json.dumps(recent, ensure_ascii=False)
    pictures._recent_text[name] = (recent, text)
    return text


def _own_key(moment: Moment, viewer: Viewer) -> tuple[object, ...] | None:
    """What a player's own part is made from, where nothing else changes it (None:
    made afresh, for the host, or while a clock counts down)."""
    state = moment.machine.state
    if viewer.role is not Role.PLAYER or state.config.rules.countdown or state.face_down:
        return None
    return (
        state.find(viewer.name or ""),  # records are immutable: compared by identity
        state.phase,
        state.holder,  # whether they may deal or pass the shoe
        moment.pictures.recorder.version,
        state.next_shoe,
        state.entropy,  # what they may commit or reveal now
        state.rebuys,  # a rebuy they asked for, granted or refused
        state.paused,  # no bet while the host has paused the table
    )


def _same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return a[0] is b[0] and a[1:] == b[1:]


def _fixed(moment: Moment, lang: Lang) -> dict[str, Any]:
    """The part of the shared view that changes only when a coup is settled or
    undone or the shoe changes, or never (the settings)."""
    return {**_settings(moment.machine.state), "lang": lang, **_coups(moment, lang)}


def _fixed_text(moment: Moment, lang: Lang) -> str:
    """``_fixed`` as JSON text (without its braces), kept per language until its
    coups change: made again once a coup, not after every bet."""
    coups = _coups(moment, lang)
    pictures = moment.pictures
    kept = pictures._fixed.get(lang)
    if kept is None or kept[0] is not coups:
        part = {**_settings(moment.machine.state), "lang": lang, **coups}
        kept = pictures._fixed[lang] = (coups, json.dumps(part, ensure_ascii=False)[1:-1])
    return kept[1]


def _settings(state: TableState) -> dict[str, Any]:
    config = state.config
    rules = config.rules
    return {
        "table": state.table,
        "format": config.format.value,
        "rules": rules_of(rules),
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
            "turn_seconds": config.turn_seconds,
        },
    }


def rules_of(rules: FormatRules) -> dict[str, Any]:
    """A format's record as JSON: what a front-end decides from, never its name (nor
    its preset: how a table of it is opened)."""
    return {f.name: getattr(getattr(rules, f.name), "value", getattr(rules, f.name))
            for f in fields(rules) if f.name != "preset"}  # fmt: skip


def _dealt_from(state: TableState) -> int | None:
    """The number of the shoe the last coup was dealt from (None: no shoe yet)."""
    shoe = state.shoe
    if shoe is None:
        return None
    return shoe.number if shoe.coups else shoe.number - 1 or None


def _coups(moment: Moment, lang: Lang) -> dict[str, Any]:
    """The last coup, the roads and the recent coups, with ``lang`` (its words): they
    change only when a coup is settled or undone, or the shoe changes."""
    state = moment.machine.state
    pictures = moment.pictures
    done = pictures.records
    key = (pictures.recorder.version, state.shoe.number if state.shoe else 0, len(state.shoe_coups))
    kept = pictures._coups.get(lang)
    if kept is not None and kept[0] == key:
        return kept[1]
    last = None
    if done:
        record = done[-1]
        coup = resolve(record.cards)
        handed, turner = record.punto_turned_by
        last = {
            "coup": record.coup,
            # The shoe it was dealt from (a phone notes the cards it saw of each shoe,
            # to check them once the shoe is revealed): the shoe in play once it has
            # dealt, else the one before it (every shoe deals before the next is called).
            "shoe": _dealt_from(state),
            "cards": [str(c) for c in record.cards],
            "punto": {"cards": [str(c) for c in coup.punto.cards], "total": coup.punto.total},
            "banco": {"cards": [str(c) for c in coup.banco.cards], "total": coup.banco.total},
            "natural": coup.natural,
            "steps": [describe_step(s, lang) for s in coup.steps],
            "announce": announce(coup, lang),
            "winner": coup.outcome.value,
            # Who turned Punto's cards over (seed 002): {"name": null} for the dealer.
            "turned": {"name": turner} if handed else None,
            "settlements": [
                {"player": s.player, "box": box_key(s.box), "net": json_amount(s.amount)}
                for s in record.settlements
            ],
            "nets": {
                name: json_amount(after - record.balances_before.get(name, 0))
                for name, after in record.balances_after.items()
            },
        }
    part = {
        "last": last,
        "roads": pictures.roads(state.shoe_coups).to_json(),
        "history": [dict(_coup_shown(r)) for r in done[-RECENT:]],
    }
    pictures._coups[lang] = (key, part)
    return part


def _changing(moment: Moment, lang: Lang) -> dict[str, Any]:
    """The part of the shared view that a bet, a card or a seat may change (the
    coup dealt from real cards in progress: in ``lang``)."""
    machine = moment.machine
    state = machine.state
    config = state.config
    hidden = config.rules.hidden_bets and state.phase is Phase.BETS_OPEN
    shoe = state.shoe
    holder = state.holder
    return {
        "seq": machine.event_count,
        "phase": state.phase.value,
        "coup": state.coup,
        "completed": state.completed,
        "players": [
            {
                "name": p.name,
                "seat": p.seat,
                "balance": json_amount(p.balance),
                "has_bet": bool(p.bets),
                "bets": None if hidden else _bets(p.bets),
                # Ready for the croupier to deal (``Ready``): everyone sees who is.
                "ready": p.name in state.readied,
                # The operator's own seat (``PlayerSeated.house``): what it gives a
                # shoe is the server's (docs/fair.md), and the room may know it.
                "house": p.house,
            }
            for p in state.seated
        ],  # fmt: skip
        "holder": holder,
        # Where the shoe goes if Punto wins (seed 002): the next occupied seat.
        "next_holder": next_seat(state, state.players[holder].seat)
        if holder is not None and holder in state.players
        else None,
        "punto_hand": state.punto_hand,
        "punto_cards_to": largest_punto(state) if config.rules.punto_hand and not hidden else None,
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
            # What a player notes to check the shoe once its seed is revealed
            # (``puntobanco verify``); false at a table opened with a seed.
            "commitment": shoe.commitment,
            "client_seed": shoe.client_seed,
            # False at a table opened with a seed, or given another random source
            # than the OS's (``source``: the log says which).
            "secret": shoe.secret,
            "source": shoe.source,
            # A secret shoe no seat but the operator's own contributed to: the
            # server alone chose it (``fair.server_only``).
            "server_only": shoe.server_only,
            "contributions": shoe_contributions(state),
        },
        # The next shoe: its commitment, shown before anyone contributes to its
        # client seed, and the contributions so far.
        "next_shoe": next_shoe(state),
        "in_progress": _in_progress(state, lang),
        # The log's chain head: a player who notes it can later prove any edit
        # of the log up to here (``puntobanco verify --head``). Withheld while a
        # lesson's question takes answers: it hashes them, and the few answers a
        # question allows would be found from it before the host shows them.
        "chain_head": None if state.lesson.open else moment.head,
        "winners": list(state.winners),
        # Who may sit down without the host, who waits for them, who a session's
        # coup is dealt without, and its players' seconds to predict.
        "joins": state.joins,
        "paused": state.paused,
        "asking": list(state.asking),
        "rebuys": {name: json_amount(amount) for name, amount in state.rebuys.items()},
        "without": list(state.without),
        "prediction_seconds": state.prediction_seconds,
        "ranking": [
            [p.name, json_amount(p.balance)]
            for p in sorted(state.seated, key=lambda p: (-p.balance, p.seat))
        ],
        **({"lesson": lessons.shared(machine, lang)} if config.rules.lesson else {}),
        # The ended table's rematch, once open (``Engine.name_rematch``): its phones follow.
        **({"rematch": state.rematch} if state.rematch is not None else {}),
    }


def _in_progress(state: TableState, lang: Lang) -> dict[str, Any] | None:
    """The coup the host is dealing from real cards: each hand's cards so far,
    what the next card is for, and the decisions already known (in words)."""
    if state.config.rules.cards is not CardSource.HOST or state.phase is not Phase.BETS_CLOSED:
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


def _own(moment: Moment, viewer: Viewer, odds: bool, lang: Lang) -> dict[str, Any]:
    """The part of ``viewer``'s view that is theirs alone: the clocks, ``me``,
    ``commands``, the host's board or a player's ``recent`` coups; at a lesson,
    ``my_lesson`` (``lessons.own``)."""
    machine = moment.machine
    state = machine.state
    left = machine.countdown_left(moment.now) if state.config.rules.countdown else None
    turn_left = machine.turn_left(moment.now)
    own: dict[str, Any] = {
        "countdown": None if left is None else round(left, 1),
        "turn_left": None if turn_left is None else round(turn_left, 1),
        "commands": offers(machine, viewer),
    }
    if state.config.rules.lesson:
        own["my_lesson"] = lessons.own(machine, viewer, lang)
    if viewer.role is Role.HOST:
        return own | {"me": {"role": "host"}, "host": _board(moment, odds)}
    if viewer.role in (Role.SPECTATOR, Role.WATCHER):
        # The room's board (derived roads, statistics, odds) is nobody's alone: a
        # spectator watching from a browser sees what the host's screen shows.
        me = {"role": "spectator", "name": None, "seated": False}
        return own | {"me": me, "host": _board(moment, odds)}
    player = state.find(viewer.name or "") if viewer.role is Role.PLAYER else None
    if player is None:
        return own | {"me": {"role": viewer.role.value, "name": viewer.name, "seated": False}}
    cards = machine.face_down_cards() if state.face_down == player.name else ()
    return own | {
        "me": {
            "role": "player",
            "name": player.name,
            "seated": True,
            "seat": player.seat,
            "balance": json_amount(player.balance),
            "available": json_amount(player.available),
            "bets": _bets(player.bets),
            "ready": player.name in state.readied,
            # Punto's two cards while this player holds them face down: theirs alone.
            "punto_cards": [str(c) for c in cards] or None,
            # The rebuy they asked for, waiting for the host (None: none).
            "rebuy_asked": _amount_or_none(state.rebuys.get(player.name)),
        },
        "recent": _recent(moment.pictures, player),
    }


def _amount_or_none(amount: Amount | None) -> int | str | None:
    return None if amount is None else json_amount(amount)


def _recent(pictures: Pictures, player: Player) -> list[dict[str, Any]]:
    """A player's last coups, kept until a coup is added or undone (a view is pushed
    to every player after every bet: most of them change nothing here); each coup's
    entry and its text are kept while it is among them (a new coup adds one)."""
    name = player.name
    version = pictures.recorder.version
    kept = pictures._recent.get(name)
    if kept is not None and kept[0] == version:
        return kept[1]
    known = pictures._entries.get(name, {})
    entries: dict[int, tuple[CoupRecord, dict[str, Any], str]] = {}
    for record in pictures.records[-RECENT:]:
        entry = known.get(id(record))
        if entry is None or entry[0] is not record:
            shown = _recent_entry(record, name)
            entry = (record, shown, json.dumps(shown, ensure_ascii=False))
        entries[id(record)] = entry
    pictures._entries[name] = entries
    out = [shown for _, shown, _ in entries.values()]
    pictures._recent[name] = (version, out)
    # What ``json.dumps(out)`` gives, from the entries' texts.
    pictures._recent_text[name] = (out, f"[{', '.join(t for _, _, t in entries.values())}]")
    return out


def _recent_entry(record: CoupRecord, name: str) -> dict[str, Any]:
    """One settled coup as ``name``'s ``recent`` shows it: the coup, their bets, their
    net and balance after it."""
    return {
        **_coup_shown(record),
        "bets": [
            {"box": box_key(b.box), "stake": json_amount(b.amount)}
            for b in record.bets
            if b.player == name
        ],
        "net": json_amount(sum((s.amount for s in record.settlements if s.player == name), 0)),
        "balance": json_amount(record.balances_after[name])
        if name in record.balances_after
        else None,
    }


#: Settled coups as every view shows them, by the record's identity (the record kept
#: beside, so that its identity is not another's).
_SHOWN: dict[int, tuple[CoupRecord, dict[str, Any]]] = {}


def _coup_shown(record: CoupRecord) -> dict[str, Any]:
    """A settled coup's number, cards (in the dealing order, then hand by hand) and
    winner, worked out once a coup: after each coup every player's ``recent`` and
    the ``history`` list the last ten again (read it, do not change it)."""
    kept = _SHOWN.get(id(record))
    if kept is not None and kept[0] is record:
        return kept[1]
    cards = record.cards
    punto, banco = split_hands(cards)
    shown = {
        "coup": record.coup,
        "cards": [str(c) for c in cards],
        "punto": [str(c) for c in punto],
        "banco": [str(c) for c in banco],
        "winner": resolve(cards).outcome.value,
    }
    if len(_SHOWN) >= 4096:
        _SHOWN.clear()
    _SHOWN[id(record)] = (record, shown)
    return shown


# -- the host's board: the five roads, the shoe's statistics, the odds of the next coup --


@dataclass(frozen=True, slots=True)
class Seen:
    """What the room has seen of the shoe the next coup comes from: ``cards``, the
    turned burn card and every card dealt from it (or placed, at a table of real
    cards); ``burned``, the cards burned face down, unknown; ``scope``: ``shoe``
    (the shoe in play) or ``fresh`` (a full shoe: reshuffled every coup, or about
    to be changed)."""

    scope: str
    cards: tuple[Card, ...]
    burned: int = 0


def seen_cards(state: TableState, burn: ShoeBurned | None) -> Seen:
    """The cards seen of the shoe the next coup is dealt from (``burn``: the current
    shoe's burn event, if it had one)."""
    shoe = state.shoe
    if shoe is None:
        return Seen("fresh", ())
    if not shoe.order:  # physical cards: every card out of the shoe was placed by the host
        return Seen("shoe", shoe.out)
    if state.config.shoe_config.reshuffle_every_coup or shoe.finished:
        return Seen("fresh", ())
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
    return Seen("shoe", (*seen, *cards), burned)


def statistics(state: TableState, coups: Sequence[Coup], burn: ShoeBurned | None) -> dict[str, Any]:
    """The shoe's (a session's: the session's) wins by side, naturals, pairs where
    the table has pair bets, cards left where the shoe is not reshuffled every
    deal, and the burn (its turned card, how many went face down)."""
    config = state.config
    shoe = state.shoe
    wins = {o.value: 0 for o in Outcome}
    pairs = {key: 0 for key in PAIRS if key in config.offered_side_bets}
    for coup in coups:
        wins[coup.outcome.value] += 1
        if "punto_pair" in pairs:
            pairs["punto_pair"] += coup.punto.pair
        if "banco_pair" in pairs:
            pairs["banco_pair"] += coup.banco.pair
    reshuffled = config.shoe_config.reshuffle_every_coup
    return {
        "scope": "shoe" if config.money else "session",
        "shoe": shoe.number if shoe is not None and config.money else None,
        "coups": len(coups),
        "wins": wins,
        "naturals": sum(coup.natural for coup in coups),
        "pairs": pairs,
        "cards_left": None if shoe is None or reshuffled else shoe.remaining,
        "burn": None
        if burn is None or shoe is None or burn.shoe != shoe.number
        else {"turned": str(burn.turned), "burned": len(burn.burned)},
    }


def odds_json(odds: NextCoupOdds, seen: Seen) -> dict[str, Any]:
    """The odds as the host's board shows them: each bet's probability of winning,
    of a push (None where the bet never pushes) and its house edge, as decimals of
    ``puntobanco odds --json``."""
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


def _board(moment: Moment, compute: bool) -> dict[str, Any]:
    """The host's board: each derived road laid out like the big road, the shoe's
    statistics, and the exact odds of the next coup from the cards left as the
    room knows them (``odds.seen``). Made once per coup; the odds once per
    composition, shared by every table that saw the same cards, and computed for
    a view asked for (``compute``) only: a pushed view carries them once made,
    else ``odds_pending``."""
    state = moment.machine.state
    pictures = moment.pictures
    shoe = state.shoe
    key = (
        pictures.recorder.version,
        len(state.shoe_coups),
        None if shoe is None else (shoe.number, shoe.position, shoe.finished),
    )
    with pictures._lock:
        board = pictures._board
        if board is None or board[0] != key:
            burn = pictures.burn if shoe is not None and shoe.order else None
            roads = pictures.roads(state.shoe_coups)
            body = {
                "derived": {
                    road.name: [[m.col, m.row, m.mark.value] for m in road.marks]
                    for road in roads.derived
                },
                "stats": statistics(state, state.shoe_coups, burn),
            }
            seen = seen_cards(state, burn)
            config = state.config
            # The composition the odds are kept by, worked out once a board (a pushed
            # view looks for the odds after every bet until someone computes them).
            odds_key = ODDS.key(config.decks, seen.cards, config.paytable_data)
            board = pictures._board = (key, body, seen, odds_key)
            pictures._odds = None
        if pictures._odds is None:
            found = ODDS.get_key(board[3]) if compute else ODDS.peek_key(board[3])
            if found is not None:
                pictures._odds = odds_json(found, board[2])
        return {**board[1], "odds": pictures._odds, "odds_pending": pictures._odds is None}
