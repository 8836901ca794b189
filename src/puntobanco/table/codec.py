"""Events as JSON lines: ``dumps(event)`` and ``loads(line)``, exact round trips.

An event is a JSON object whose ``type`` is the event's class name and whose
other keys are its fields: cards in canonical form (``10D``), boxes and
formats by their value (``banco``), amounts as integers or exact decimal
strings (``"9.5"``, never a float), nested settings as objects.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, fields, is_dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any, Union

from puntobanco.cards import Card
from puntobanco.coup import Coup, resolve
from puntobanco.paytable import ALL_WAGER_KEYS, json_amount
from puntobanco.table.events import EVENT_TYPES, Event


def encode(value: object) -> Any:
    """A field's value as JSON-ready data."""
    if isinstance(value, bool) or value is None or isinstance(value, int | str):
        return value
    if isinstance(value, Fraction):
        return json_amount(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, Mapping):  # a player's bets by box, balances by name
        return {str(encode(k)): encode(v) for k, v in value.items()}
    if isinstance(value, Coup):  # its cards say the rest
        return encode(value.cards)
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for name, omit_none in _fields(type(value)):
            field = getattr(value, name)
            if field is None and omit_none:
                continue
            out[name] = encode(field)
        return out
    raise TypeError(f"cannot encode {value!r}")


@cache
def _fields(kind: type) -> tuple[tuple[str, bool], ...]:
    """A record class's fields in order, each with whether it is left out when None: a
    field added later that is None is left out, as the lines written before it were
    (their hashes stay what they were): ``metadata={"omit_none": True}``. Read once a
    class (every event of every commit is encoded)."""
    return tuple((f.name, bool(f.metadata.get("omit_none"))) for f in fields(kind))


def to_dict(event: Event) -> dict[str, Any]:
    """``{"type": "BetPlaced", "name": ..., ...}``."""
    data = encode(event)
    assert isinstance(data, dict)
    return {"type": type(event).__name__, **data}


def dumps(event: Event) -> str:
    """One JSON line (no newline), keys in field order, non-ASCII kept as is.

    >>> from puntobanco.table.events import BetPlaced
    >>> from puntobanco.coup import Outcome
    >>> dumps(BetPlaced("Chloé", Outcome.BANCO, 2000))
    '{"type": "BetPlaced", "name": "Chloé", "box": "banco", "stake": 2000}'
    """
    return json.dumps(to_dict(event), ensure_ascii=False)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(hint: Any, value: Any) -> Any:
    """JSON data back into a value of type ``hint``; ``ValueError`` when it does not fit."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        if Fraction in options and int in options:  # an Amount
            return amount_of(value)
        enums = [o for o in options if isinstance(o, type) and issubclass(o, Enum)]
        if enums and str in options:  # a Box: an Outcome's value, else a side bet's key
            if not isinstance(value, str):
                raise ValueError(f"expected text, got {value!r}")
            for enum in enums:
                if value in {member.value for member in enum}:
                    return enum(value)
            if value not in ALL_WAGER_KEYS:
                raise ValueError(f"unknown box {value!r}")
            return value
        (inner,) = [o for o in options if o is not type(None)]
        return decode(inner, value)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v) for v in value)
        return tuple(decode(a, v) for a, v in zip(args, value, strict=True))
    if origin is Mapping:
        if not isinstance(value, dict):
            raise ValueError(f"expected an object, got {value!r}")
        key, item = typing.get_args(hint)
        return {decode(key, k): decode(item, v) for k, v in value.items()}
    if hint is Coup:
        return resolve(decode(tuple[Card, ...], value))
    if hint is Fraction:
        amount = amount_of(value)
        return Fraction(amount)
    if hint is Card:
        if not isinstance(value, str):
            raise ValueError(f"expected a card, got {value!r}")
        return Card.parse(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    if hint is bool:
        if not isinstance(value, bool):
            raise ValueError(f"expected true or false, got {value!r}")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"expected a whole number, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise ValueError(f"expected text, got {value!r}")
        return value
    if isinstance(hint, type) and is_dataclass(hint):
        return _build(hint, value)
    raise TypeError(f"cannot decode {hint!r}")


def amount_of(value: Any) -> int | Fraction:
    """An exact amount as JSON gives it (a whole number, or exact decimal text);
    ``ValueError`` otherwise."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        amount = Fraction(value)
        return amount.numerator if amount.denominator == 1 else amount
    raise ValueError(f"expected an exact amount, got {value!r}")


def _build(cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"expected an object, got {data!r}")
    hints = _hints(cls)
    names = [f.name for f in fields(cls)]
    extra = set(data) - set(names) - {"type"}
    if extra:
        raise ValueError(f"unknown field(s) {sorted(extra)}")
    # A field added later with a default may be absent from older lines.
    optional = {f.name for f in fields(cls) if f.default is not MISSING}
    missing = [n for n in names if n not in data and n not in optional]
    if missing:
        raise ValueError(f"missing field(s) {missing}")
    return cls(**{n: decode(hints[n], data[n]) for n in names if n in data})


def from_dict(data: Any) -> Event:
    """An event from its JSON object; ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict) or data.get("type") not in EVENT_TYPES:
        kind = data.get("type") if isinstance(data, dict) else data
        raise ValueError(f"unknown event type {kind!r}")
    event: Event = _build(EVENT_TYPES[data["type"]], data)
    return event


def loads(line: str) -> Event:
    """The event written by ``dumps``; ``ValueError`` when the line is not one."""
    return from_dict(json.loads(line))
