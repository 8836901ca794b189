"""The web table's own refusals, under the project's one error base."""

from __future__ import annotations

from puntobanco.errors import PuntoBancoError


class AccessError(PuntoBancoError):
    """A request without a valid token, or with a token that may not do this."""

    def __init__(self, key: str, /, *, status: int = 403, **params: object) -> None:
        super().__init__(key, **params)
        self.status = status


class UnknownTableError(PuntoBancoError):
    """A table id or a join code that this server does not know."""


class MessageError(PuntoBancoError):
    """A request or a WebSocket message that breaks its schema, its size or its rate."""

    def __init__(self, key: str, /, *, status: int = 422, **params: object) -> None:
        super().__init__(key, **params)
        self.status = status
