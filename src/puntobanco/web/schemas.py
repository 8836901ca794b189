"""The web API's types: what clients send and what the API answers, and the table-creation
schema. The OpenAPI document is made from them (``/api/openapi.json``).

The commands are the engine's (``engine.commands``), one model each, made from
its dataclass: the same name for ``type``, the same fields, an ``id`` besides
(``{"id": "7", "type": "Bet", "box": "banco", "stake": 2000}``). A player's
command names nobody: the token says whose it is (``name`` defaults to the
player's own). Every body and every WebSocket message is checked here before
anything reads it (unknown fields, wrong types, sizes), and a refusal says what
is wrong in the reader's words (``reason``).
"""

from __future__ import annotations

import json
import re
from dataclasses import MISSING, fields
from typing import Annotated, Any, Final, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, create_model
from pydantic import ValidationError as PydanticError
from pydantic_core import ErrorDetails

from puntobanco.engine import COMMANDS, RULES, Format, Sit, Viewer, command_of, rules_of
from puntobanco.engine import Command as EngineCommand
from puntobanco.errors import PuntoBancoError
from puntobanco.i18n import LANGS
from puntobanco.i18n.shown import Listing, Word
from puntobanco.learn.lesson import ROOM_KINDS
from puntobanco.paytable import PAYTABLES, SIDE_BETS
from puntobanco.table.config import CREATED, setting_word
from puntobanco.web.errors import MessageError, SchemaError

MAX_MESSAGE: Final = 4096  # bytes: a body or a WebSocket message over this is refused

Short = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Name = Annotated[str, StringConstraints(max_length=32)]
Whole = Annotated[int, Field(ge=1, le=10**12)]
Lang = Literal[LANGS]  # type: ignore[valid-type]
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


#: The formats a table is opened in through the API (``table.config.CREATED``).
FORMATS: Final = tuple(CREATED)


class NewTable(_Strict):
    """``POST /api/tables``: a table's format and its settings (the Python API's names)."""

    format: Literal[FORMATS]  # type: ignore[valid-type]
    settings: dict[Name, Setting] = Field(default_factory=dict, max_length=16)


class NewPlayer(_Strict):
    """``POST /api/tables/{table}/players``: the name to sit down with."""

    name: Annotated[str, StringConstraints(max_length=64)]


class Hello(_Strict):
    """The first WebSocket message: the token (or the cookie's), the role and the language."""

    type: Literal["hello"]
    token: Annotated[str, StringConstraints(max_length=128)] | None = None
    role: Literal["host", "player"] | None = None
    lang: Lang | None = None
    #: Watch the table as a spectator: its join code (no token, no seat, no command).
    watch: Annotated[str, StringConstraints(max_length=32)] | None = None


class SetLang(_Strict):
    """Change the language of this connection's views and errors."""

    type: Literal["lang"]
    lang: Lang


#: Each command field's type on the wire, by name (the engine reads a box, a card
#: from text; the table says why a text or a digest is refused, the schema only
#: bounds them).
WIRE: Final[dict[str, Any]] = {
    "name": Annotated[str, StringConstraints(max_length=64)],
    "new_name": Annotated[str, StringConstraints(max_length=64)],
    "box": Name,
    "stake": Whole,
    "amount": Whole,
    "bankroll": Whole,
    "seat": Annotated[int, Field(ge=1, le=99)],
    "card": Annotated[str, StringConstraints(max_length=8)],
    "text": Annotated[str, StringConstraints(max_length=256)],
    "shoe": Annotated[int, Field(ge=1, le=10**9)],
    "digest": Annotated[str, StringConstraints(max_length=128)],
    "value": Annotated[str, StringConstraints(max_length=128)],
    "reason": Annotated[str, StringConstraints(max_length=200)],
    "mode": Annotated[str, StringConstraints(max_length=16)],
    "seconds": Annotated[int, Field(ge=1, le=86_400)],
    "answer": Annotated[str, StringConstraints(max_length=32)],
}


class Sent(_Strict):
    """What every command model has: the sender's ``id`` of the command, and the
    engine's command it stands for."""

    id: Short

    def command(self, by: Viewer) -> EngineCommand:
        """The engine's command that this message sends from ``by`` (its ``id`` is
        not the command's: ``Job.id``); ``command_of`` refuses what ``by`` may not send."""
        return command_of(self.model_dump(exclude={"id"}, exclude_none=True), by)


def _command_model(kind: type) -> type[Sent]:
    """The model of one of the engine's commands: its fields, ``type`` and ``id``."""
    defined: dict[str, Any] = {"type": (Literal[kind.__name__], ...)}
    for f in fields(kind):
        wire = WIRE[f.name]
        optional = f.default is not MISSING or f.name == "name"
        defined[f.name] = (wire | None, None) if optional else (wire, ...)
    model: type[Sent] = create_model(kind.__name__, __base__=Sent, __doc__=kind.__doc__, **defined)
    return model


#: The commands of ``POST .../commands`` and of the WebSocket: every command of the
#: engine's but ``Sit`` (a seat is taken by ``POST .../players``, which gives its token).
COMMAND_MODELS: Final = tuple(_command_model(k) for k in COMMANDS if k is not Sit)
Command = Annotated[Union[COMMAND_MODELS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
COMMAND: Final[TypeAdapter[Any]] = TypeAdapter(Command)


class Answer(BaseModel):
    """A command's answer: the table's event count after it, and its new events as
    every viewer may see them (a command sent again: its first answer)."""

    seq: int
    events: list[dict[str, Any]]


class Created(BaseModel):
    """A table opened: its id, its join code, the host's token."""

    table: str
    join_code: str
    host_token: str


class Rematched(BaseModel):
    """A place at an ended table's rematch: its id and join code, the caller's
    role there (host or player), the player's name (None for the host), and a
    new token of that place."""

    table: str
    join_code: str
    role: str
    player: str | None = None
    token: str


class Joined(BaseModel):
    """A seat taken: the player's name as seated, and their token."""

    player: str
    token: str
    #: True where the host admits each join: the seat is the host's to grant.
    waiting: bool = False


class Found(BaseModel):
    """The table a join code opens, and what its join page says of it."""

    table: str
    format: str
    minimum: int | None = Field(description="The table's minimum stake in cents (no money: null)")
    maximum: int | None = Field(description="The table's maximum stake in cents (no money: null)")
    deals: int | None = Field(description="A session's number of deals (else null)")
    players: int = Field(description="Players seated")
    seats: int = Field(description="Seats at the table")


class Problem(BaseModel):
    """A refusal: the catalogue key (``code``), the sentence in the caller's language,
    its parameters."""

    code: str
    message: str
    params: dict[str, Any]


class Refusal(BaseModel):
    """``{"error": {"code", "message", "params"}}``."""

    error: Problem


def parse(model: Any, data: Any) -> Any:
    """``data`` checked against ``model`` (a model, or ``COMMAND``); ``SchemaError``
    naming the first problem (its field and the validator's code for programs, a
    sentence for people)."""
    try:
        if isinstance(model, TypeAdapter):
            return model.validate_python(data)
        return model.model_validate(data)
    except PydanticError as error:
        raise reason(error.errors()[0]) from None


def reason(problem: ErrorDetails) -> MessageError:
    """The refusal of one of the validator's problems, as a sentence of the catalogue
    (its words put in at the edge)."""
    kind, ctx = problem["type"], problem.get("ctx") or {}
    loc = [str(p) for p in problem["loc"] if p != "body"]
    if loc and loc[0] in {m.__name__ for m in COMMAND_MODELS}:
        loc = loc[1:]  # the command's own fields, under its tag
    where = ".".join(loc) or "-"
    said: PuntoBancoError
    if kind == "json_invalid":
        return MessageError("web.error.json", status=400)
    if not loc:
        if kind == "union_tag_invalid":
            given = problem["input"].get("type") if isinstance(problem["input"], dict) else None
            value = given if isinstance(given, str) else json.dumps(given, default=str)
            said = PuntoBancoError("web.error.schema.command", value=value)
        elif kind == "union_tag_not_found":
            said = PuntoBancoError("web.error.schema.missing", field=field_word("type"))
        else:
            said = PuntoBancoError("web.error.schema.object")
    elif kind == "extra_forbidden":
        said = PuntoBancoError("web.error.schema.extra", field=loc[0])
    elif loc[0] == "settings" and len(loc) > 1:
        if loc[-1] == "[key]":
            said = PuntoBancoError("web.error.schema.setting_name", limit=ctx.get("max_length"))
        else:  # a setting takes one of several kinds of value: none of them fits
            said = PuntoBancoError("web.error.schema.setting", setting=setting_word(loc[1]))
    elif kind == "literal_error":
        given = problem["input"]
        value = given if isinstance(given, str) else json.dumps(given, default=str)
        if loc[0] == "format":
            said = PuntoBancoError("web.error.format", format=value)
        else:
            allowed = Listing(tuple(re.findall(r"'([^']*)'", str(ctx.get("expected", "")))))
            said = PuntoBancoError(
                "web.error.schema.literal", field=field_word(loc[0]), value=value, allowed=allowed
            )
    else:
        key = PROBLEMS.get(kind, "web.error.schema")
        limit = next((ctx[k] for k in LIMITS if k in ctx), None)
        params = {} if limit is None else {"limit": limit}
        said = PuntoBancoError(key, field=field_word(loc[0]), **params)
    return SchemaError(said, field=where, problem=kind)


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
    "model_type": "web.error.schema.names",
    "string_too_short": "web.error.schema.empty",
    "string_too_long": "web.error.schema.long_text",
    "too_long": "web.error.schema.many",
    "too_short": "web.error.schema.few",
    "greater_than_equal": "web.error.schema.low",
    "less_than_equal": "web.error.schema.high",
}
#: Where a problem's limit is (``ErrorDetails["ctx"]``).
LIMITS: Final = ("max_length", "min_length", "ge", "le")


def form_data() -> dict[str, str]:
    """What the host page's form offers, as its data attributes: each format of the
    API with its rules (the form shows a field where they say), the paytables and
    the side bets."""
    return {
        "data-formats": json.dumps({f: rules_of(RULES[Format(f)]) for f in FORMATS}),
        "data-paytables": ",".join(PAYTABLES),
        "data-side-bets": ",".join(SIDE_BETS),
        "data-drills": ",".join(ROOM_KINDS),
    }
