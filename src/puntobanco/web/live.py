"""The web server's records: one table as it holds it, a write, a command's answer.

``Live`` is one table: its ``LiveTable`` (``puntobanco.engine.live``: commands in,
events out), the part of its log that is committed and its state then, its
subscribers and the caches of its views. ``public_event`` is an event as it
may leave the server.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from puntobanco.engine.live import LiveTable
from puntobanco.engine.views import fair_commitment, next_commitment
from puntobanco.errors import PuntoBancoError
from puntobanco.i18n import Lang
from puntobanco.store.chain import GENESIS
from puntobanco.table.codec import to_dict
from puntobanco.table.events import (
    Event,
    NextShoeCommitted,
    ShoeBurned,
    ShoeShuffled,
    TableOpened,
)
from puntobanco.table.history import CoupRecorder
from puntobanco.table.state import TableState
from puntobanco.web.auth import Identity, TableMeta

#: How many times a command is tried again after another process's commit got first.
RETRIES: Final = 20
Clock = Callable[[], float]


class Subscriber(Protocol):
    """A connection that receives views (the WebSocket handler)."""

    identity: Identity
    lang: Lang

    def push(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for sending (never blocks)."""

    def push_text(self, text: str) -> None:
        """Queue a view already serialised (never blocks)."""


@dataclass
class Answer:
    """A command's answer: HTTP status and body (``{"seq", "events"}`` or ``{"error"}``)."""

    status: int
    body: dict[str, Any]
    error: PuntoBancoError | None = None


@dataclass
class Live:
    """One table as the server holds it."""

    meta: TableMeta
    table: LiveTable  # the engine's table: ahead of ``log`` while its writes commit
    log: list[Event]
    state: TableState
    subscribers: set[Subscriber] = field(default_factory=set)
    answers: OrderedDict[tuple[str, str], asyncio.Future[Answer]] = field(
        default_factory=OrderedDict
    )
    last_countdown: float | None = None
    # The settled coups, read incrementally from ``log`` (``views.records``),
    # and each player's recall of them, kept until a coup is added or undone.
    recorder: CoupRecorder = field(default_factory=CoupRecorder)
    recent_cache: dict[str, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)
    head: str = GENESIS  # the chain head of ``log`` (``store.chain``)
    coups_cache: dict[str, tuple[tuple[int, int, int], dict[str, Any]]] = field(
        default_factory=dict
    )
    # Per language: the coups part it was made from and the view's fixed part as text.
    text_cache: dict[str, tuple[dict[str, Any], str]] = field(default_factory=dict)
    # The commit of this table's latest write, and whether a commit of it failed
    # (the table is being reloaded: its writes queued meanwhile are refused).
    last_write: asyncio.Future[None] | None = None
    stale: PuntoBancoError | None = None

    @property
    def seq(self) -> int:
        """Events committed so far."""
        return len(self.log)

    @property
    def name(self) -> str:
        """The table's id."""
        return self.meta.table


@dataclass
class Write:
    """One sink call's events, queued for the group commit."""

    live: Live
    expected: int
    events: tuple[Event, ...]
    state: TableState
    done: asyncio.Future[None]  # set on the event loop once committed (or failed)
    command: str | None = None  # the command id it carries out (several processes)


def public_event(event: Event, *, secret: bool = True) -> dict[str, Any]:
    """An event as it may leave the server: no shoe order, no burned cards, no
    seed (``secret``: false at a table whose shoes come from its own seed)."""
    data = to_dict(event)
    if isinstance(event, ShoeShuffled):
        # The server seed stays in the store until the shoe ends (ShoeRevealed).
        data.pop("server_seed", None)
        data["order"] = len(event.order)
        if event.server_seed is not None:
            data.update(fair_commitment(event, secret=secret))
    elif isinstance(event, NextShoeCommitted):
        return next_commitment(event, secret=secret)  # its seed stays in the store
    elif isinstance(event, ShoeBurned):
        data["burned"] = len(event.burned)
    elif isinstance(event, TableOpened):
        data["config"] = dict(data["config"], seed=None)
    return data
