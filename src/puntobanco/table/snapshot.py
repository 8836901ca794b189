"""A table's state written down, so that reopening it does not replay its whole history.

``dump_state(state)`` is one JSON object (cards as text, amounts exact);
``load_state(text)`` reads it back, or raises ``ValueError`` when the text is
not a snapshot of this version (the caller then replays the log instead).
A snapshot is derived data: the log stays the truth.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from puntobanco.cards import Card
from puntobanco.coup import resolve
from puntobanco.fair.gathering import dump_entropy, load_entropy
from puntobanco.paytable import Amount, Box, box_from_key, box_key, json_amount
from puntobanco.table.codec import amount_of, decode, encode
from puntobanco.table.config import TableConfig
from puntobanco.table.lesson import Lesson
from puntobanco.table.state import LastCoup, NextShoe, Phase, Player, ShoeState, TableState

VERSION: Final = 2  # 2: each player's seating


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def _read_cards(text: Any) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise ValueError("cards are text")
    return tuple(Card.parse(c) for c in text.split())


def _bets(bets: Mapping[Box, Amount]) -> dict[str, Any]:
    return {box_key(box): json_amount(v) for box, v in bets.items()}


def _read_bets(data: Any) -> dict[Box, Amount]:
    return {box_from_key(str(box)): amount_of(v) for box, v in dict(data).items()}


def _amounts(values: Mapping[str, Amount]) -> dict[str, Any]:
    return {name: json_amount(v) for name, v in values.items()}


def _read_amounts(data: Any) -> dict[str, Amount]:
    return {str(name): amount_of(v) for name, v in dict(data).items()}


def _last(last: LastCoup | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "coup": last.coup,
        "cards": _cards(last.cards),
        "bets": {n: _bets(b) for n, b in last.bets.items()},
        "nets": _amounts(last.nets),
        "before": _amounts(last.balances_before),
        "after": _amounts(last.balances_after),
        "punto_hand": last.punto_hand,
        "holder_before": last.holder_before,
    }


def _read_last(data: Any) -> LastCoup | None:
    if data is None:
        return None
    return LastCoup(
        coup=int(data["coup"]),
        cards=_read_cards(data["cards"]),
        bets={str(n): _read_bets(b) for n, b in data["bets"].items()},
        nets=_read_amounts(data["nets"]),
        balances_before=_read_amounts(data["before"]),
        balances_after=_read_amounts(data["after"]),
        punto_hand=data["punto_hand"],
        holder_before=data["holder_before"],
    )


def _next(next_shoe: NextShoe | None) -> dict[str, Any] | None:
    if next_shoe is None:
        return None
    return {
        "number": next_shoe.number,
        "commitment": next_shoe.commitment,
        "server_seed": next_shoe.server_seed,
        "contributions": [list(c) for c in next_shoe.contributions],
    }


def _read_next(data: Any) -> NextShoe | None:
    # Absent from the snapshots of a table stored before seeds were committed in advance.
    if data is None:
        return None
    return NextShoe(
        number=int(data["number"]),
        commitment=str(data["commitment"]),
        server_seed=_text_or_none(data["server_seed"]),
        contributions=tuple((str(name), str(text)) for name, text in data["contributions"]),
    )


def dump_state(state: TableState) -> str:
    """The snapshot of ``state`` (one JSON object)."""
    shoe = state.shoe
    data = {
        "version": VERSION,
        "table": state.table,
        "config": encode(state.config),
        "phase": state.phase.value,
        "players": [
            [p.name, p.seat, json_amount(p.balance), _bets(p.bets), p.seating] for p in state.seated
        ],
        "coup": state.coup,
        "shoe": None
        if shoe is None
        else {
            "number": shoe.number,
            "order": _cards(shoe.order),
            "cut_card": shoe.cut_card,
            "size": shoe.size,
            "position": shoe.position,
            "finished": shoe.finished,
            "out": _cards(shoe.out),
            "commitment": shoe.commitment,
            "client_seed": shoe.client_seed,
            "server_seed": shoe.server_seed,
            "revealed": shoe.revealed,
        },
        "next_shoe": _next(state.next_shoe),
        "entropy": dump_entropy(state.entropy),
        "holder": state.holder,
        "punto_hand": state.punto_hand,
        "face_down": state.face_down,
        **({"lesson": encode(state.lesson)} if state.lesson != Lesson() else {}),
        "current": None if state.current is None else _cards(state.current.cards),
        "shoe_coups": [_cards(c.cards) for c in state.shoe_coups],
        "house": json_amount(state.house),
        "kept": json_amount(state.kept),
        "brought": json_amount(state.brought),
        "taken": json_amount(state.taken),
        "winners": list(state.winners),
        "events": state.events,
        "placed": _cards(state.placed),
        "last": _last(state.last),
        "closed_bets": {n: _bets(b) for n, b in state.closed_bets.items()},
        "closed_balances": _amounts(state.closed_balances),
        "closed_holder": state.closed_holder,
        "nets": _amounts(state.nets),
        "closed_house": json_amount(state.closed_house),
        "closed_kept": json_amount(state.closed_kept),
        "closed_last": _last(state.closed_last),
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _text_or_none(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"expected text or null, not {value!r}")
    return value


def load_state(text: str) -> TableState:
    """The state written by ``dump_state``; ``ValueError`` when ``text`` is not one."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError("not a snapshot of this version")
        config = decode(TableConfig, data["config"])
        shoe_data = data["shoe"]
        shoe = (
            None
            if shoe_data is None
            else ShoeState(
                number=int(shoe_data["number"]),
                order=_read_cards(shoe_data["order"]),
                cut_card=shoe_data["cut_card"],
                size=int(shoe_data["size"]),
                position=int(shoe_data["position"]),
                finished=bool(shoe_data["finished"]),
                out=_read_cards(shoe_data["out"]),
                commitment=_text_or_none(shoe_data.get("commitment")),
                client_seed=_text_or_none(shoe_data.get("client_seed")),
                server_seed=_text_or_none(shoe_data.get("server_seed")),
                revealed=bool(shoe_data.get("revealed", False)),
            )
        )
        players = {
            # A snapshot without seatings (older) is refused: the log is read again.
            str(name): Player(
                str(name), int(seat), amount_of(balance), _read_bets(bets), seating=int(seating)
            )
            for name, seat, balance, bets, seating in data["players"]
        }
        current = data["current"]
        return TableState(
            table=str(data["table"]),
            config=config,
            phase=Phase(data["phase"]),
            players=players,
            coup=int(data["coup"]),
            shoe=shoe,
            next_shoe=_read_next(data.get("next_shoe")),
            entropy=load_entropy(data.get("entropy")),
            holder=data["holder"],
            punto_hand=data["punto_hand"],
            face_down=_text_or_none(data.get("face_down")),
            lesson=decode(Lesson, data["lesson"]) if "lesson" in data else Lesson(),
            current=None if current is None else resolve(_read_cards(current)),
            shoe_coups=tuple(resolve(_read_cards(c)) for c in data["shoe_coups"]),
            house=amount_of(data["house"]),
            kept=Fraction(amount_of(data["kept"])),
            brought=amount_of(data["brought"]),
            taken=amount_of(data["taken"]),
            winners=tuple(str(w) for w in data["winners"]),
            events=int(data["events"]),
            placed=_read_cards(data["placed"]),
            last=_read_last(data["last"]),
            closed_bets={str(n): _read_bets(b) for n, b in data["closed_bets"].items()},
            closed_balances=_read_amounts(data["closed_balances"]),
            closed_holder=data["closed_holder"],
            nets=_read_amounts(data["nets"]),
            closed_house=amount_of(data["closed_house"]),
            closed_kept=Fraction(amount_of(data["closed_kept"])),
            closed_last=_read_last(data["closed_last"]),
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a snapshot: {error!r}") from None
