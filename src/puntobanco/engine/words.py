"""Errors put into words where they are shown, in that viewer's language.

An error carries a catalogue key and its parameters (``PuntoBancoError.key``,
``.params``); nothing is put into words inside the engine, so two viewers of
one table each read a refusal in their own language.
"""

from __future__ import annotations

from typing import Any

from puntobanco.errors import PuntoBancoError
from puntobanco.i18n import Lang


def words(error: PuntoBancoError, lang: Lang) -> str:
    """The sentence a person reads, in ``lang``.

    >>> from puntobanco.errors import IllegalActionError
    >>> words(IllegalActionError("table.error.close_with_bets"), "es")[:19]
    'Aún hay apuestas en'
    """
    return error.message(lang)


def error_json(error: PuntoBancoError, lang: Lang) -> dict[str, Any]:
    """``{"error": kind, "key": ..., "params": {...}, "message": ...}`` (parameters as text)."""
    return {
        "error": type(error).__name__,
        "key": error.key,
        "params": {name: _plain(value) for name, value in error.params.items()},
        "message": words(error, lang),
    }


def _plain(value: object) -> Any:
    if value is None or isinstance(value, bool | int | str):
        return value
    return str(value)
