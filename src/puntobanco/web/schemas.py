"""The schemas of what clients send: every body and every WebSocket message is
checked here before anything reads it (unknown fields, wrong types, sizes)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from puntobanco.web.errors import MessageError

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


def parse(model: type[_Strict], data: Any) -> Any:
    """``data`` checked against ``model``; ``MessageError`` naming the first problem."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "-"
        raise MessageError("web.error.schema", field=where, problem=first["type"]) from None
