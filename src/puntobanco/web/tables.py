"""The server's tables: opening one (its settings read from the API's), loading
one after a restart, seating players, knowing who holds a token, reading logs.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any, Final

from puntobanco.engine.commands import Sit
from puntobanco.engine.live import LiveTable
from puntobanco.errors import InvalidBetError, StoreError
from puntobanco.i18n import Lang
from puntobanco.i18n.shown import Listing, Quoted, Shown
from puntobanco.store import head_of
from puntobanco.table.config import TURN_SECONDS, TableConfig, setting_word
from puntobanco.table.events import PlayerSeated
from puntobanco.table.history import coup_records
from puntobanco.table.names import check_name
from puntobanco.web.auth import (
    HOST,
    PLAYER,
    Identity,
    TableMeta,
    new_join_code,
    new_token,
    normal_join_code,
    token_hash,
)
from puntobanco.web.errors import AccessError, UnknownTableError
from puntobanco.web.live import RETRIES, Live
from puntobanco.web.writer import TableSink, Writer

#: Default starting bankroll of a casino or croupier seat, in cents.
DEFAULT_BANKROLL: Final = 100_000


class Tables(Writer):
    """Tables opened and loaded; players seated; tokens and join codes."""

    def table_ids(self) -> list[str]:
        """Every table this server knows, oldest first."""
        return list(self._metas)

    def by_code(self, code: str) -> str:
        """The table whose join code is ``code``; ``UnknownTableError`` otherwise."""
        table = self._codes.get(normal_join_code(code))
        if table is None and self._credentials.shared:  # handed out by another process
            meta = self._credentials.find_code(normal_join_code(code))
            table = None if meta is None else self._learn(meta)
        if table is None:
            raise UnknownTableError("web.error.unknown_code", code=code)
        return table

    def _learn(self, meta: TableMeta) -> str:
        """Know ``meta``, a table another process opened."""
        self._metas.setdefault(meta.table, meta)
        self._codes[meta.join_code] = meta.table
        return meta.table

    def meta(self, table: str) -> TableMeta:
        """The table's join code and settings; ``UnknownTableError`` for an unknown table."""
        meta = self._metas.get(table)
        if meta is None and self._credentials.shared:  # opened by another process
            meta = self._credentials.find_table(table)
            if meta is not None:
                self._learn(meta)
        if meta is None:
            raise UnknownTableError("web.error.unknown_table", table=table)
        return meta

    async def live(self, table: str) -> Live:
        """The table, loaded from the store on first use (and read again after a
        failed commit: ``StoreError`` while the store cannot give it)."""
        found = self._tables.get(table)
        if found is not None and found.stale is not None:
            await self._revive(found)
            found = self._tables.get(table)
            if found is not None and found.stale is not None:
                raise found.stale
        if found is not None:
            return found
        meta = self.meta(table)
        # One copy of a table per process: the first request to need it loads it,
        # the others wait for that load.
        loading = self._loading.get(table)
        if loading is None:
            loading = asyncio.get_running_loop().create_task(self._load(meta))
            self._loading[table] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table, None))
        return await asyncio.shield(loading)

    async def _load(self, meta: TableMeta) -> Live:
        table = meta.table
        records = await self._run(self._store.load, table)
        if not records:
            raise UnknownTableError("web.error.unknown_table", table=table)
        live = self._rebuild(meta, [r.event for r in records])
        live.head = await self._run(head_of, self._store, table, live.seq)
        self._tables[table] = live
        await self._complete(live)
        return live

    async def _complete(self, live: Live) -> None:
        """A coup dealt but not finished when the server stopped is finished now
        (with its stored cards); physical cards: a complete coup is settled, and
        the host goes on from there (the next card, an undo, or the next coup)."""
        live.table.complete_served()
        await self._commit(live)

    async def create(self, fmt: str, settings: dict[str, Any]) -> tuple[str, str, str]:
        """Open a new table: returns ``(table, join_code, host_token)``."""
        config, extra = table_config(fmt, settings)
        table_id = "t" + secrets.token_hex(5)
        code = new_join_code()
        while code in self._codes:
            code = new_join_code()
        meta = TableMeta(table_id, code, {"format": fmt, **settings, **extra})
        sink = TableSink(self)
        table = LiveTable.open(table_id, config, sink=sink)
        live = Live(meta, table, [], table.state)
        sink.attach(live)
        self._tables[table_id] = live
        self._metas[table_id] = meta
        try:
            await self._commit(live)
            token = new_token()
            await self._run(self._credentials.add_table, meta, token_hash(token))
        except BaseException:
            self._tables.pop(table_id, None)
            self._metas.pop(table_id, None)
            raise
        self._codes[code] = table_id
        self._tokens[token_hash(token)] = Identity(table_id, HOST)
        return table_id, code, token

    async def join(self, table: str, name: str) -> tuple[str, str]:
        """Seat ``name``: returns ``(player, token)``."""
        text = check_name(name)
        for attempt in range(RETRIES):
            live = await self.live(table)
            bankroll = (
                live.meta.settings.get("bankroll", DEFAULT_BANKROLL)
                if (live.table.config.money)
                else 0
            )
            events = live.table.do(Sit(text, bankroll))
            seated = next(e for e in events if isinstance(e, PlayerSeated))
            try:
                await self._commit(live)
            except StoreError as error:  # another process wrote first: reloaded, again
                if self._shared is None or error.key != "store.error.conflict":
                    raise
                if attempt == RETRIES - 1:
                    raise
                continue
            break
        token = new_token()
        identity = Identity(table, PLAYER, seated.name)
        await self._run(self._credentials.add_token, token_hash(token), identity)
        self._tokens[token_hash(token)] = identity
        self._push_views(live)
        return seated.name, token

    def identify(self, table: str, token: str | None) -> Identity:
        """Who holds ``token`` at ``table``; ``AccessError`` (401) otherwise."""
        self.meta(table)
        if not token:
            raise AccessError("web.error.no_token", status=401)
        digest = token_hash(token)
        identity = self._tokens.get(digest)
        if identity is None and self._credentials.shared:  # handed out by another process
            identity = self._credentials.find_token(digest)
            if identity is not None:
                self._tokens[digest] = identity
        if identity is None or identity.table != table:
            raise AccessError("web.error.bad_token", status=401)
        return identity

    async def view(self, who: Identity, lang: Lang) -> dict[str, Any]:
        """``who``'s view of the table (committed state only)."""
        from puntobanco.web.views import build_view

        live = await self.live(who.table)
        return build_view(live, who, lang, self._clock())

    async def history(self, table: str, last: int | None) -> list[dict[str, Any]]:
        """The settled coups as ``puntobanco history --json`` gives them."""
        await self.live(table)
        records = await self._run(self._store.load, table)
        coups = coup_records((r.event, r.time) for r in records)
        if last is not None:
            coups = coups[-last:] if last > 0 else []
        return [c.to_json() for c in coups]

    async def shoes(self, table: str) -> list[dict[str, Any]]:
        """The table's fair shoes as ``puntobanco shoes --json`` gives them."""
        from puntobanco.fairlog import fair_shoes

        await self.live(table)
        records = await self._run(self._store.load, table)
        return [shoe.to_dict() for shoe in fair_shoes(r.event for r in records)]


# -- the API's settings ---------------------------------------------------------------

SESSION_SETTINGS: Final = frozenset({"deals", "stake", "decks", "paytable", "seed", "real_cards"})
CASINO_SETTINGS: Final = frozenset(
    {"seats", "decks", "paytable", "minimum", "maximum", "tie_minimum", "tie_maximum", "seed",
     "bankroll", "side_bets", "side_limits", "turn_seconds"}
)  # fmt: skip
CROUPIER_SETTINGS: Final = (CASINO_SETTINGS - {"turn_seconds"}) | {"countdown"}


def table_config(fmt: str, settings: dict[str, Any]) -> tuple[TableConfig, dict[str, Any]]:
    """The table's settings from the API's ``format`` and ``settings`` (Python keyword
    names); also returns what the web table keeps beside them (bankroll, real cards)."""
    allowed = {
        "session": SESSION_SETTINGS,
        "casino": CASINO_SETTINGS,
        "croupier": CROUPIER_SETTINGS,
    }.get(fmt)
    if allowed is None:
        raise InvalidBetError("web.error.format", format=fmt)
    unknown = sorted(set(settings) - allowed)
    if unknown:
        raise InvalidBetError(
            "web.error.setting",
            names=Listing(tuple(map(_setting_named, unknown))),
            allowed=Listing(tuple(map(setting_word, sorted(allowed)))),
        )
    given = dict(settings)
    extra: dict[str, Any] = {}
    cards = given.pop("real_cards", False)
    if not isinstance(cards, bool):
        raise InvalidBetError(
            "web.error.real_cards", setting=setting_word("real_cards"), value=_given(cards)
        )
    if "bankroll" in given:
        bankroll = given.pop("bankroll")
        if isinstance(bankroll, bool) or not isinstance(bankroll, int) or bankroll <= 0:
            raise InvalidBetError("table.error.bankroll", bankroll=_given(bankroll))
        extra["bankroll"] = bankroll
    if fmt == "session" and cards:
        if "seed" in given:  # the host's cards are not shuffled by the server
            raise InvalidBetError("web.error.real_cards_seed")
        extra["real_cards"] = True
        return TableConfig.assist(**given), extra
    if fmt == "session":
        return TableConfig.session(**given), extra
    if fmt == "casino":
        # Punto's cards go face down to the largest Punto bet's phone (seed 002);
        # ``"turn_seconds": null`` has the dealer turn every card instead.
        given.setdefault("turn_seconds", TURN_SECONDS)
    return TableConfig.casino(croupier=fmt == "croupier", **given), extra


def _setting_named(name: str) -> Shown:
    """A setting given that this format does not know: its word where another
    format has it (``countdown``), else the name given, quoted."""
    known = SESSION_SETTINGS | CASINO_SETTINGS | CROUPIER_SETTINGS
    return setting_word(name) if name in known else Quoted(name)


def _given(value: Any) -> object:
    """A setting's value as a message quotes it: a number or a text as it is, the
    rest as JSON wrote it (``null``, ``true``, ``[1]``), never as Python does."""
    plain = isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
    return value if plain else json.dumps(value)
