"""The schemas of what clients send: every body and every WebSocket message is
checked here before anything reads it (unknown fields, wrong types, sizes), and
a refusal says what is wrong in the reader's words (``parse``)."""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from pydantic_core import ErrorDetails

from puntobanco.errors import PuntoBancoError
from puntobanco.i18n.shown import Listing, Word
from puntobanco.table.config import setting_word
from puntobanco.web.errors import SchemaError

MAX_MESSAGE = 4096  # bytes: a body or a WebSocket message over this is refused

Short = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Name = Annotated[str, StringConstraints(max_length=32)]
#: A setting's value: a number, a switch, a name, a list of names (``side_bets``)
#: or limits by name (``side_limits``: ``{"punto_pair": [500, 20000]}``).
Setting = (
    int
    | bool
    | str
    | None
    | Annotated[list[Name], Field(max_length=16)]
    | Annotated[
        dict[Name, Annotated[list[int], Field(min_length=2, max_length=2)]], Field(max_length=16)
    ]
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewTable(_Strict):
    """``POST /api/tables``."""

    format: Literal["session", "casino", "croupier"]
    settings: dict[Annotated[str, StringConstraints(max_length=32)], Setting] = Field(
        default_factory=dict, max_length=16
    )


class NewPlayer(_Strict):
    """``POST /api/tables/{table}/players``."""

    name: Annotated[str, StringConstraints(max_length=64)]


class Command(_Strict):
    """``POST /api/tables/{table}/commands`` and the same as a WebSocket message."""

    id: Short
    type: Literal["predict", "bet", "withdraw", "close_bets", "deal", "next", "card", "undo",
                  "leave", "contribute", "commit", "reveal", "close", "turn", "pass"]  # fmt: skip
    box: Annotated[str, StringConstraints(max_length=32)] | None = None
    stake: Annotated[int, Field(ge=1, le=10**12)] | None = None
    card: Annotated[str, StringConstraints(max_length=8)] | None = None
    # A contribution to the next shoe's client seed: the table says why a text is
    # refused (1 to 64 printable characters without "|"); the schema only bounds it.
    text: Annotated[str, StringConstraints(max_length=256)] | None = None
    # A phone's commitment to its contribution to the shoe to come, and its reveal:
    # the shoe's number, 64 hex digits (the table says why one is refused).
    shoe: Annotated[int, Field(ge=1, le=10**9)] | None = None
    digest: Annotated[str, StringConstraints(max_length=128)] | None = None
    value: Annotated[str, StringConstraints(max_length=128)] | None = None


class Hello(_Strict):
    """The first WebSocket message: the token (or the cookie's), the role and the language."""

    type: Literal["hello"]
    token: Annotated[str, StringConstraints(max_length=128)] | None = None
    role: Literal["host", "player"] | None = None
    lang: Literal["en", "fr", "es"] | None = None


class SetLang(_Strict):
    """Change the language of this connection's views and errors."""

    type: Literal["lang"]
    lang: Literal["en", "fr", "es"]


def command_word(kind: str) -> Word:
    """A command in a message: what it does, in words (``web.command.close_bets``:
    "close the bets"); ``str``: its name."""
    return Word(f"web.command.{kind}", kind)


def field_word(name: str) -> Word:
    """A field of a message in a message: ``web.field.stake``, "the stake"."""
    return Word(f"web.field.{name}", name)


#: The sentence of each of the validator's problems (``ErrorDetails["type"]``)
#: at a field; the others say the field cannot take the value (``web.error.schema``).
PROBLEMS: Final = {
    "missing": "web.error.schema.missing",
    "int_type": "web.error.schema.whole",
    "int_parsing": "web.error.schema.whole",
    "int_from_float": "web.error.schema.whole",
    "string_type": "web.error.schema.text",
    "bool_type": "web.error.schema.switch",
    "bool_parsing": "web.error.schema.switch",
    "list_type": "web.error.schema.list",
    "dict_type": "web.error.schema.names",
    "string_too_short": "web.error.schema.empty",
    "string_too_long": "web.error.schema.long_text",
    "too_long": "web.error.schema.many",
    "too_short": "web.error.schema.few",
    "greater_than_equal": "web.error.schema.low",
    "less_than_equal": "web.error.schema.high",
}
#: Where a problem's limit is (``ErrorDetails["ctx"]``).
LIMITS: Final = ("max_length", "min_length", "ge", "le")


def parse(model: type[_Strict], data: Any) -> Any:
    """``data`` checked against ``model``; ``SchemaError`` naming the first problem
    (its field and the validator's code for programs, a sentence for people)."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "-"
        reason = _reason(model, first)
        raise SchemaError(reason, field=where, problem=first["type"]) from None


def _literals(annotation: Any) -> tuple[str, ...]:
    """The values a ``Literal`` field (or an optional one) takes.

    >>> _literals(Hello.model_fields["role"].annotation)
    ('host', 'player')
    """
    found = get_args(annotation)
    return tuple(str(v) for a in found for v in (get_args(a) or (a,)) if v is not type(None))


def _reason(model: type[_Strict], problem: ErrorDetails) -> PuntoBancoError:
    """What is wrong, as a sentence of the catalogue (its words put in at the edge)."""
    kind, loc, ctx = problem["type"], problem["loc"], problem.get("ctx") or {}
    if not loc:
        return PuntoBancoError("web.error.schema.object")
    name = str(loc[0])
    if kind == "extra_forbidden":
        return PuntoBancoError("web.error.schema.extra", field=name)
    if name == "settings" and len(loc) > 1:
        if loc[-1] == "[key]":
            return PuntoBancoError("web.error.schema.setting_name", limit=ctx.get("max_length"))
        # A setting takes one of several kinds of value: none of them fits.
        return PuntoBancoError("web.error.schema.setting", setting=setting_word(str(loc[1])))
    field = field_word(name)
    if kind == "literal_error":
        given = problem["input"]
        value = given if isinstance(given, str) else json.dumps(given, default=str)
        if model is Command and name == "type":
            return PuntoBancoError("web.error.schema.command", value=value)
        if name == "format":
            return PuntoBancoError("web.error.format", format=value)
        allowed = Listing(_literals(model.model_fields[name].annotation))
        return PuntoBancoError(
            "web.error.schema.literal", field=field, value=value, allowed=allowed
        )
    key = PROBLEMS.get(kind, "web.error.schema")
    limit = next((ctx[k] for k in LIMITS if k in ctx), None)
    return PuntoBancoError(key, field=field, **({} if limit is None else {"limit": limit}))
