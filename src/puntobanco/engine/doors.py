"""Who comes in to a table: its join code, and the tokens that let a person act
there as its host or as one of its players.

A token is 192 random bits from ``secrets`` (URL-safe text); the store keeps only
its SHA-256, so a copy of the database gives nobody a seat. A token is the host's
(every host command of one table) or one player's seating's (that player's
commands only, until that seating ends). Join codes are short, unambiguous and
case-free, for typing on a phone when the QR code cannot be scanned.

``Doors`` is composed with an ``Engine`` and called on its thread. It opens tables,
seats players and opens rematches. A table is never stored without its host's token
(written first); a seat taken from a phone neither, its token written first and bound
to the seating the join makes (where another server seated someone in between, the
seat is made after theirs and a token of it is written then); a token is never handed
out for a seat that was not stored. A rematch's seats are the players seated at the
end; each gets a token of theirs when they ask. The credentials live beside the event
log, kept by its store (``puntobanco.store.credentials``): in the same SQLite file, in
the same PostgreSQL database, in memory; on a shared store, what another process
handed out is read when it is first asked for.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from puntobanco.engine.commands import Sit
from puntobanco.engine.service import Committed, Engine
from puntobanco.engine.viewers import Viewer
from puntobanco.errors import IllegalActionError, UnknownTableError
from puntobanco.store.credentials import HOST, PLAYER, SPECTATOR, Credentials, Identity, TableMeta
from puntobanco.table.config import DEFAULT_BANKROLL, TableConfig, created
from puntobanco.table.names import check_name

TOKEN_BYTES: Final = 24  # 192 bits
JOIN_ALPHABET: Final = "ACDEFHJKMNPRTUVWXY34679"  # no 0/O, 1/I/L, 2/Z, 5/S, 8/B
#: Nine of the 23 symbols: 23**9 is about 2**40.7 codes, so that guessing one of a
#: thousand open tables at the lookups' limit (``web.limits.Backoff``) takes years.
JOIN_LENGTH: Final = 9


def new_token() -> str:
    """A fresh bearer token (``secrets``, 192 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the store keeps of ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_table_id() -> str:
    """A new table's id: ``t`` and ten hexadecimal digits (40 random bits)."""
    return "t" + secrets.token_hex(5)


def new_join_code() -> str:
    """Nine characters a person reads off a screen without confusing any two (no
    0 and O, 1, I and L, ...), typed in any case, in groups or not."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


def normal_join_code(text: str) -> str:
    """A typed join code in the form it is stored (case, spaces and hyphens ignored).

    >>> normal_join_code("kmt-4hx 9ra")
    'KMT4HX9RA'
    """
    return "".join(text.replace("-", " ").split()).upper()


def viewer_of(who: Identity) -> Viewer:
    """The engine's viewer of a token's holder (or of a spectator, who holds none)."""
    if who.role == HOST:
        return Viewer.HOST
    if who.role == PLAYER:
        return Viewer.player(who.player or "", who.seating)
    return Viewer.WATCHER  # a page that only watches: it sends nothing


@dataclass(frozen=True, slots=True)
class Pass:
    """A token handed out: who holds it, the token itself (given once, never
    stored), its table's join code, and whether the host has yet to admit the
    player (a table where the host admits each join)."""

    identity: Identity
    token: str
    join_code: str
    waiting: bool = False


class Doors:
    """The join codes and tokens of an engine's tables; see the module. ``committed``
    is told each commit made here (its start, ``time.perf_counter``, and what it
    stored), as the commands' commits are told (``Hosted.committed``)."""

    def __init__(
        self,
        engine: Engine,
        credentials: Credentials,
        committed: Callable[[float, Sequence[Committed]], None] = lambda started, batch: None,
    ) -> None:
        self._engine, self._credentials, self._committed = engine, credentials, committed
        self._metas: dict[str, TableMeta] = {}
        self._codes: dict[str, str] = {}
        self._tokens: dict[str, Identity] = {}

    def load(self) -> None:
        """Know the credentials of the tables the store holds (a table whose
        credentials were written and whose opening was not is none). A player's token
        stored before tokens were bound to seatings is bound to that player's seating
        now, in the store too (a rename or a leave later, and it follows that seating,
        never a newcomer's under its name), or dropped if nobody sits under that name."""
        engine = self._engine
        metas, tokens = self._credentials.load()
        stored = set(engine.store.tables())
        for meta in metas:
            if meta.table in stored:
                engine.touch(meta.table)  # idle from now on, if nobody comes back
                self._learn(meta)
        for digest, who in tokens.items():
            if who.table not in stored:
                continue
            if who.role == PLAYER and who.seating is None:
                seating = engine.seating(who.table, who.player or "")
                if seating is None:
                    continue
                self._credentials.bind_token(digest, seating)
                who = Identity(who.table, PLAYER, who.player, seating)
            self._tokens[digest] = who

    def close(self) -> None:
        """Release the credentials' storage."""
        self._credentials.close()

    # -- reading ------------------------------------------------------------------------
    # ``known`` and ``known_holder`` read what this process holds, from any thread and
    # at once; the others read a shared store too, on the engine's thread.

    def known(self, table: str) -> TableMeta | None:
        """The meta of ``table`` if this process holds it, else None (any thread)."""
        return self._metas.get(table)

    def known_holder(self, table: str, token: str) -> Identity | None:
        """Who holds ``token`` at ``table`` as far as this process knows (any thread)."""
        who = self._tokens.get(token_hash(token))
        return who if who is not None and who.table == table else None

    def meta(self, table: str) -> TableMeta:
        """The table's join code and settings as created; ``UnknownTableError``."""
        meta = self._metas.get(table)
        if meta is None and self._credentials.shared:  # opened by another process
            meta = self._stored(self._credentials.find_table(table))
        if meta is None:
            raise UnknownTableError("web.error.unknown_table", table=table)
        return meta

    def by_code(self, code: str) -> TableMeta:
        """The table whose join code is ``code`` (as typed); ``UnknownTableError``."""
        normal = normal_join_code(code)
        meta = self._metas.get(self._codes.get(normal, ""))
        if meta is None and self._credentials.shared:  # handed out by another process
            meta = self._stored(self._credentials.find_code(normal))
        if meta is None:
            raise UnknownTableError("web.error.unknown_code", code=code)
        return meta

    def holder(self, table: str, token: str) -> Identity | None:
        """Who holds ``token`` at ``table``, or None: a token no table gave, another
        table's, or (read from a shared store) a player's stored before tokens were
        bound to seatings that ``load`` found nobody to bind to."""
        digest = token_hash(token)
        who = self._tokens.get(digest)
        if who is None and self._credentials.shared:  # handed out by another process
            who = self._credentials.find_token(digest)
            if who is None or (who.role == PLAYER and who.seating is None):
                return None
            self._tokens[digest] = who
        return who if who is not None and who.table == table else None

    def watcher(self, table: str, code: str) -> Identity | None:
        """A spectator of ``table``, who knows its join code (what the room's screen
        shows to anyone who may sit), or None for another code."""
        return (
            Identity(table, SPECTATOR)
            if normal_join_code(code) == self.meta(table).join_code
            else None
        )

    def _stored(self, meta: TableMeta | None) -> TableMeta | None:
        """``meta``, read from a shared store, learnt if its table's log holds it (the
        credentials of a table whose opening failed open nothing)."""
        return None if meta is None or not self._engine.exists(meta.table) else self._learn(meta)

    def closed(self, table: str) -> None:
        """Forget an idle table's code, tokens and settings (the store keeps them):
        its code opens nothing and its tokens act nowhere until it is loaded again."""
        meta = self._metas.pop(table, None)
        if meta is not None:
            self._codes.pop(meta.join_code, None)
        for digest, who in list(self._tokens.items()):  # a copy: others add tokens
            if who.table == table:
                self._tokens.pop(digest, None)

    # -- coming in (on the engine's thread) ---------------------------------------------

    def open(self, fmt: str, settings: dict[str, Any]) -> Pass:
        """Open a table of format ``fmt`` with ``settings`` (``created``'s): its host's pass."""
        config, _ = created(fmt, settings)
        token = new_token()
        meta = self._open({"format": fmt, **settings}, config, token)
        self._tokens[token_hash(token)] = Identity(meta.table, HOST)
        return Pass(Identity(meta.table, HOST), token, meta.join_code)

    def seat(self, table: str, name: str) -> Pass:
        """Seat ``name`` at ``table`` (or ask its host to, where they admit each join)
        with the table's starting bankroll: the player's pass. Raises what refuses it."""
        meta = self.meta(table)
        engine = self._engine
        text = check_name(name)
        sit = Sit(text, _bankroll(engine.state(table).config, meta))
        engine.verify(table, sit, Viewer.SPECTATOR)
        # The token first, bound to the seating this join makes (its event's number).
        who = Identity(table, PLAYER, text, engine.machine(table).event_count + 1)
        token = self._give(who)
        started = time.perf_counter()
        done = engine.do(table, sit, Viewer.SPECTATOR)
        self._committed(started, [done])
        first = next(e for e in done.events if e["type"] in ("PlayerSeated", "JoinAsked"))
        player = str(first["name"])
        seating = engine.seating(table, player)
        if seating != who.seating:  # another process wrote first: a token of the seat made
            who = Identity(table, PLAYER, player, seating)
            token = self._give(who)
        return Pass(who, token, meta.join_code, first["type"] == "JoinAsked")

    def rematch(self, who: Identity) -> Pass:
        """The rematch of ``who``'s ended table, opened at its host's first asking
        (``Engine.rematch``: the same settings, the players seated at its end) and the
        same table at every later asking: a new pass of ``who``'s place there (the
        host's, or the seat of the same name). A player asks once the host has opened
        it (``IllegalActionError`` before); one not seated at the end has no seat
        there (``NotAllowedError``)."""
        engine, old = self._engine, who.table
        new = engine.rematch_of(old)
        if new is None:
            if who.role != HOST:
                raise IllegalActionError("web.error.no_rematch")
            # Another process's, opened first, is the one: ``name_rematch``.
            new = engine.name_rematch(old, self._open_rematch(self.meta(old)))
        if who.role == HOST:
            identity = Identity(new, HOST)
        else:
            there = engine.rematch_seating(old, new, viewer_of(who))
            identity = Identity(new, PLAYER, there.name, there.seating)
        return Pass(identity, self._give(identity), self.meta(new).join_code)

    def _give(self, who: Identity) -> str:
        """A new token of ``who``'s, stored (its hash) before it is handed out."""
        token = new_token()
        self._credentials.add_token(token_hash(token), who)
        self._tokens[token_hash(token)] = who
        return token

    def _open_rematch(self, meta: TableMeta) -> str:
        """Open the rematch of ``meta``'s ended table: its id."""
        config, players, own = self._engine.rematch(meta.table)
        settings = dict(meta.settings)
        if config.seed is not None:
            settings["seed"] = config.seed
        bankroll = _bankroll(config, meta)
        # A host token nobody holds: the host is given one each time they ask.
        seated = [(name, bankroll) for name in players]
        return self._open(settings, config, new_token(), seated, list(own)).table

    def _open(
        self,
        settings: dict[str, Any],
        config: TableConfig,
        token: str,
        players: list[tuple[str, int]] | None = None,
        own: list[str] | None = None,
    ) -> TableMeta:
        """Open a table, its host's ``token`` stored first (the credentials of a table
        whose opening failed are dropped on loading). ``own``: the players who sat
        down from their own phones (a rematch's), not the operator's seats."""
        code = new_join_code()
        while code in self._codes:
            code = new_join_code()
        meta = TableMeta(new_table_id(), code, settings)
        self._credentials.add_table(meta, token_hash(token))
        started = time.perf_counter()
        opened = self._engine.open(
            meta.table, config.format, settings=config, players=players or [], own=own or []
        )
        self._committed(started, [opened])
        return self._learn(meta)

    def _learn(self, meta: TableMeta) -> TableMeta:
        """Know ``meta`` (a table opened here, loaded, or opened by another process)."""
        meta = self._metas.setdefault(meta.table, meta)
        self._codes[meta.join_code] = meta.table
        return meta


def _bankroll(config: TableConfig, meta: TableMeta) -> int:
    """What a player sits down with at ``meta``'s table: its starting bankroll as
    created where it plays for money, else 0 (a session's scores)."""
    return int(meta.settings.get("bankroll", DEFAULT_BANKROLL)) if config.money else 0
