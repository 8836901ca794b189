"""The command path: an API command checked, carried out as the engine's commands,
its events committed, its answer given (once per command id, retries included).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Final

from puntobanco.engine.commands import (
    Bet,
    CloseBets,
    CloseTable,
    Command,
    CommitContribution,
    Contribute,
    Deal,
    Leave,
    NextCoup,
    PassShoe,
    PlaceCard,
    RevealContribution,
    Tick,
    TurnPunto,
    UndoCard,
    Withdraw,
)
from puntobanco.engine.live import LiveTable
from puntobanco.errors import IllegalActionError, InvalidBetError, PuntoBancoError, StoreError
from puntobanco.store import Applied
from puntobanco.table.config import Format
from puntobanco.table.events import Event
from puntobanco.web.auth import HOST, PLAYER, Identity
from puntobanco.web.errors import AccessError, MessageError, UnknownTableError
from puntobanco.web.live import RETRIES, Answer, Live, public_event
from puntobanco.web.schemas import command_word, field_word
from puntobanco.web.tables import Tables

#: How many answered command ids each table remembers, for retries.
REMEMBERED_ANSWERS: Final = 512


class Commands(Tables):
    """Commands from the API and the WebSocket."""

    async def command(self, who: Identity, command: dict[str, Any]) -> Answer:
        """Carry out one command (already schema-checked); a retried id answers as before."""
        started = time.perf_counter()
        live = await self.live(who.table)
        key = (f"{who.role}:{who.player or ''}", str(command["id"]))
        earlier = live.answers.get(key)
        if earlier is not None:
            return await asyncio.shield(earlier)
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        live.answers[key] = future
        while len(live.answers) > REMEMBERED_ANSWERS:
            live.answers.popitem(last=False)
        try:
            answer = await self._carry_out(live, who, command, key)
        except BaseException:
            live.answers.pop(key, None)
            future.cancel()
            raise
        future.set_result(answer)
        self.metrics.command(who, command, answer, started)
        if answer.error is not None:
            # A refused id may be sent again once the reason is gone.
            live.answers.pop(key, None)
        return answer

    async def _carry_out(
        self, live: Live, who: Identity, command: dict[str, Any], key: tuple[str, str]
    ) -> Answer:
        """Carry ``command`` out on this process's copy of the table. Its id goes
        with its events, stored in their transaction for the table's life: whether
        it was carried out before (by this process before a restart, or by another
        one on a shared database) is asked of the store only when something says it
        may have been (a refusal, a command that changes nothing, an id the store
        refuses as stored). With several processes on one database the copy may be
        behind the store: a write made on it conflicts (the table is reloaded and
        the command tried again) and a refusal is checked against the store before
        it is given (``_judged``)."""
        tag = f"web:{key[0]}:{key[1]}"
        ask = False
        for _ in range(RETRIES):
            if ask:  # sent before, maybe to another process (a failover) or before a restart
                done = await self._applied(live.name, tag)
                if done is not None:
                    return self._first_answer(live.name, done)
                live = self._tables.get(live.name, live)
            judged = live.seq
            before = live.table.event_count
            refused: PuntoBancoError | None = None
            events: list[Event] = []
            self._staged = []
            try:
                events = self._apply(live, who, command)
            except PuntoBancoError as error:
                refused = error
            finally:
                staged, self._staged = self._staged, None
                if staged:
                    staged[-1].command = tag
                    self._submit(staged)
            if refused is not None:
                if isinstance(refused, AccessError | MessageError):
                    return refusal(refused)
                fresh = await self._judged(live, judged, tag)
                if fresh is None:
                    return refusal(refused)
                if isinstance(fresh, Answer):
                    return fresh
                live, ask = fresh, False
                continue
            if live.table.event_count == before:
                if not ask:
                    ask = True  # a retry of a command that changed the table then?
                    continue
                return Answer(200, {"seq": before, "events": []})
            seq = live.table.event_count
            try:
                await self._commit(live)
            except StoreError as error:
                if error.key != "store.error.conflict":
                    return refusal(error)
                # Another process wrote, or the store holds this command already
                # (stored before a restart, or by another server): read again, ask.
                live = await self.live(live.name)
                ask = True
                continue
            except PuntoBancoError as error:
                return refusal(error)
            secret = live.table.config.seed is None
            events_out = [public_event(e, secret=secret) for e in events]
            return Answer(200, {"seq": seq, "events": events_out})
        return refusal(StoreError("store.error.busy", table=live.name, tries=RETRIES))

    def _first_answer(self, table: str, done: Applied) -> Answer:
        """The answer of a command the store holds: its events as they were first given."""
        live = self._tables[table]
        secret = live.table.config.seed is None
        events = [public_event(e, secret=secret) for e in live.log[done.first - 1 : done.last]]
        return Answer(200, {"seq": done.last, "events": events})

    async def _judged(self, live: Live, judged: int, tag: str) -> Answer | Live | None:
        """A command with id ``tag`` was refused on this process's copy of the table,
        which held ``judged`` committed events. Its first answer if the store says it
        was carried out before; with several processes on one database, the table
        brought up to date if others had stored events the copy lacked (the command
        is tried again on it); None if the refusal stands."""
        if self._reader is None:  # one process: its copy holds everything stored
            done = await self._applied(live.name, tag)
            return None if done is None else self._first_answer(live.name, done)
        stored, done = await asyncio.to_thread(self._reader.progress, live.name, tag)
        if done is not None:
            await self.live(live.name)
            if self._tables[live.name].seq >= done.last:
                return self._first_answer(live.name, done)
            return Answer(200, {"seq": done.last, "events": []})
        if stored <= judged:
            return None
        name = live.name
        self._heard_counts[name] = max(stored, self._heard_counts.get(name, 0))
        for _ in range(RETRIES):
            live = self._tables.get(name, live)
            if live.seq >= stored:
                break
            if live.last_write is not None and not live.last_write.done():
                # Its own writes first: they land, or conflict and the table is reloaded.
                await asyncio.wait([live.last_write])
            elif (recovery := self._recovering.get(name)) is not None:
                await asyncio.wait([recovery])
            else:
                await self._catch_up(name)
        return self._tables.get(name, live)

    async def _applied(self, table: str, tag: str) -> Applied | None:
        """The events the command ``tag`` stored at ``table``, if the store has it."""
        if self._reader is not None:
            return await asyncio.to_thread(self._reader.applied, table, tag)
        found: Applied | None = await self._run(self._store.applied, table, tag)
        return found

    def _apply(self, live: Live, who: Identity, command: dict[str, Any]) -> list[Event]:
        """Check who may send ``command``, then carry it out as the engine's
        commands (``LiveTable.do``): the web table plays by the same code as
        every other front-end. Its events (returned) reach the group commit
        through the table's sink."""
        kind = command["type"]
        table = live.table
        host_only = kind in ("close_bets", "next", "card", "undo", "close")
        if host_only and who.role != HOST:
            raise AccessError("web.error.host_only", status=403, command=command_word(kind))
        # The dealer deals, and so does a player who holds the shoe (the engine checks).
        if not host_only and kind != "deal" and who.role != PLAYER:
            raise AccessError("web.error.player_only", status=403, command=command_word(kind))
        events: list[Event] = []
        for step in engine_commands(table, who.player or "", command):
            events.extend(table.do(step, self._clock))
        return events


def refusal(error: PuntoBancoError) -> Answer:
    """The 4xx answer of a refused command (message put into words by the caller)."""
    return Answer(status_of(error), {"error": {"code": error.key}}, error)


def status_of(error: PuntoBancoError) -> int:
    """The HTTP status of a refusal."""
    if isinstance(error, AccessError | MessageError):
        return error.status
    if isinstance(error, UnknownTableError):
        return 404
    if isinstance(error, StoreError):
        return 503
    if isinstance(error, IllegalActionError):
        return 409
    return 400


def engine_commands(table: LiveTable, name: str, command: dict[str, Any]) -> list[Command]:
    """The engine's commands for one API command of ``name`` (the host: ``""``).

    A player's command carries no name: the token says whose it is. A bet at
    the virtual croupier also looks at the clock (everyone may have bet).
    With real cards, ``deal`` is whatever comes next of closing bets and going
    on to the next coup; ``next`` is for real cards only. A player's ``deal``
    is the shoe's holder dealing; ``turn`` turns Punto's cards over, ``pass``
    passes the shoe on (seed 002).
    """
    kind = command["type"]
    if kind == "predict":
        if table.config.money:
            raise IllegalActionError("web.error.predict_at_casino")
        return [Bet(name, _required(command, "box"))]
    if kind == "bet":
        found: list[Command] = [Bet(name, _required(command, "box"), command.get("stake"))]
        if table.config.format is Format.CROUPIER:
            found.append(Tick())
        return found
    if kind == "withdraw":
        return [Withdraw(name, command.get("box"))]
    if kind == "leave":
        return [Leave(name)]
    if kind == "contribute":
        return [Contribute(name, _required(command, "text"))]
    if kind == "commit":  # the phone's own contribution (table.machine.contributions)
        shoe = _required(command, "shoe")
        return [CommitContribution(name, shoe, _required(command, "digest"))]
    if kind == "reveal":
        shoe = _required(command, "shoe")
        return [RevealContribution(name, shoe, _required(command, "value"))]
    if kind == "close_bets":
        return [CloseBets()]
    if kind == "close":
        return [CloseTable()]
    if kind in ("deal", "next") and table.config.real_cards:
        if table.allows("close_bets"):
            return [CloseBets()]
        if table.allows("place_card"):
            raise IllegalActionError("web.error.cards_expected")
        return [NextCoup()]
    if kind == "deal":
        return [Deal(name or None)]  # a player: the shoe's holder deals (seed 002)
    if kind == "turn":
        return [TurnPunto(name)]
    if kind == "pass":
        return [PassShoe(name)]
    if kind == "next":
        raise IllegalActionError("web.error.shoe_deals", command=command_word(kind))
    if kind == "card":
        return [PlaceCard(_required(command, "card"))]
    return [UndoCard()]


def _required(command: dict[str, Any], name: str) -> Any:
    """``command[name]``, which the command must carry."""
    value = command.get(name)
    if value is None:
        raise InvalidBetError(
            "web.error.missing_field", field=field_word(name), command=command_word(command["type"])
        )
    return value
