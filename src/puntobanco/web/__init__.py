"""The web table: ``create_app`` builds the server that ``puntobanco serve`` runs.

Needs the ``web`` extra (FastAPI, uvicorn); the rest of puntobanco never imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(**settings: Any) -> FastAPI:
    """See ``puntobanco.web.app.create_app``."""
    from puntobanco.web.app import create_app as build

    return build(**settings)


__all__ = ["create_app"]
