"""The web table's own refusals, under the project's one error base."""

from __future__ import annotations

from typing import Any

from puntobanco.errors import (
    IllegalActionError,
    NotAllowedError,
    PuntoBancoError,
    SeatEndedError,
    StoreError,
    UnknownTableError,
)
from puntobanco.i18n import Lang


def error_body(error: PuntoBancoError, lang: Lang) -> dict[str, Any]:
    """``{"error": {"code", "message", "params"}}`` in ``lang``."""
    params = {
        k: v if isinstance(v, int | str | bool | None) else str(v) for k, v in error.params.items()
    }
    return {"error": {"code": error.key, "message": error.message(lang), "params": params}}


class AccessError(PuntoBancoError):
    """A request without a valid token, or with a token that may not do this."""

    def __init__(self, key: str, /, *, status: int = 403, **params: object) -> None:
        super().__init__(key, **params)
        self.status = status


class MessageError(PuntoBancoError):
    """A request or a WebSocket message that breaks its schema, its size or its rate."""

    def __init__(self, key: str, /, *, status: int = 422, **params: object) -> None:
        super().__init__(key, **params)
        self.status = status


class SchemaError(MessageError):
    """A message that breaks its schema. Its code and parameters are the field and
    the validator's code, for programs; its message, ``reason``'s sentence, says
    the problem in the reader's words."""

    def __init__(self, said: PuntoBancoError, /, *, field: str, problem: str) -> None:
        super().__init__("web.error.schema", field=field, problem=problem)
        self.said = said

    def message(self, lang: Lang | None = None) -> str:
        return self.said.message(lang)


def status_of(error: PuntoBancoError) -> int:
    """The HTTP status of a refusal: its own (a request's size, rate, token, origin,
    schema), 404 for a table or a code not known, 401 for a player's token whose
    seating has ended, 403 for a command its sender may not send, 503 for the store,
    409 for an action not allowed now, else 400."""
    if isinstance(error, AccessError | MessageError):
        return error.status
    if isinstance(error, UnknownTableError):
        return 404
    if isinstance(error, SeatEndedError):
        return 401
    if isinstance(error, NotAllowedError):
        return 403
    if isinstance(error, StoreError):
        return 503
    if isinstance(error, IllegalActionError):
        return 409
    return 400
