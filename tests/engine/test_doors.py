"""A table's doors (``engine.doors.Doors``), without HTTP: the join codes, the tokens
each stored before the table or seat it runs, the bankroll a seat starts with, the
rematch's passes, and what an idle table's closing forgets."""

from __future__ import annotations

from typing import Any

import pytest

from puntobanco.engine import CloseTable, Engine, Viewer
from puntobanco.engine.commands import SetJoins
from puntobanco.engine.doors import (
    JOIN_ALPHABET,
    JOIN_LENGTH,
    Doors,
    normal_join_code,
    token_hash,
    viewer_of,
)
from puntobanco.errors import (
    IllegalActionError,
    InvalidNameError,
    NotAllowedError,
    UnknownTableError,
)
from puntobanco.store import MemoryStore, credentials_of
from puntobanco.store.credentials import HOST, PLAYER, SPECTATOR, Credentials, Identity, TableMeta
from puntobanco.table.config import DEFAULT_BANKROLL


class Kept:
    """Credentials that record every write, and fail on demand; ``shared``: as
    PostgreSQL's, which other processes write to as well."""

    def __init__(self, inner: Credentials, *, shared: bool = False) -> None:
        self.inner, self.fail, self.shared = inner, False, shared
        self.writes: list[tuple[str, Any]] = []

    def add_table(self, meta: Any, host_hash: str) -> None:
        self._write("table", host_hash)
        self.inner.add_table(meta, host_hash)

    def add_token(self, digest: str, identity: Identity) -> None:
        self._write("token", (digest, identity))
        self.inner.add_token(digest, identity)

    def _write(self, kind: str, what: Any) -> None:
        if self.fail:
            raise OSError("disk full")
        self.writes.append((kind, what))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def doors() -> tuple[Engine, Doors, Kept, list[int]]:
    engine = Engine(MemoryStore())
    kept = Kept(credentials_of(engine.store))
    commits: list[int] = []
    return engine, Doors(engine, kept, lambda _, batch: commits.append(len(batch))), kept, commits


def test_a_table_opens_with_its_host_s_token_stored_first_and_only_as_its_hash() -> None:
    engine, door, kept, commits = doors()
    opened = door.open("casino", {"seed": 3, "minimum": 200})
    table = opened.identity.table
    assert opened.identity == Identity(table, HOST) and commits == [1]
    assert kept.writes == [("table", token_hash(opened.token))]  # the digest, never the token
    assert door.holder(table, opened.token) == Identity(table, HOST)
    assert door.holder(table, opened.token + "x") is None
    meta = door.meta(table)
    assert meta.settings == {"format": "casino", "seed": 3, "minimum": 200}
    assert engine.state(table).config.minimum == 200
    code = opened.join_code
    assert len(code) == JOIN_LENGTH and set(code) <= set(JOIN_ALPHABET)
    typed = f"{code[:3].lower()}-{code[3:6]} {code[6:]}"
    assert normal_join_code(typed) == code and door.by_code(typed) == meta
    with pytest.raises(UnknownTableError):
        door.meta("t-nobody")
    with pytest.raises(UnknownTableError) as unknown:
        door.by_code("zzz")
    assert unknown.value.params == {"code": "zzz"}


def test_a_seat_is_stored_after_its_token_and_bound_to_its_seating() -> None:
    engine, door, kept, _ = doors()
    table = door.open("casino", {"seed": 3, "bankroll": 50_000}).identity.table
    ana = door.seat(table, "  Ana ")
    assert ana.identity.player == "Ana" and not ana.waiting
    assert ana.identity.seating == engine.seating(table, "Ana")
    assert kept.writes[-1] == ("token", (token_hash(ana.token), ana.identity))
    assert engine.state(table).players["Ana"].balance == 50_000  # the bankroll as created
    assert viewer_of(ana.identity) == Viewer.player("Ana", ana.identity.seating)
    kept.fail = True
    with pytest.raises(OSError):
        door.seat(table, "Bruno")
    assert "Bruno" not in engine.state(table).players  # no seat without its token
    kept.fail = False
    with pytest.raises(InvalidNameError):
        door.seat(table, "ana")  # taken: refused before any token is written
    assert [k for k, _ in kept.writes].count("token") == 1


def test_a_session_seat_has_no_bankroll_and_a_table_that_admits_keeps_the_player_waiting() -> None:
    engine, door, _, _ = doors()
    session = door.open("session", {}).identity.table
    ana = door.seat(session, "Ana")
    assert engine.state(session).players["Ana"].balance == 0
    admitting = door.open("casino", {"seed": 1}).identity.table
    engine.do(admitting, SetJoins("approval"))
    bruno = door.seat(admitting, "Bruno")
    assert bruno.waiting and "Bruno" not in engine.state(admitting).players
    assert bruno.identity.seating == engine.seating(admitting, "Bruno")
    assert ana.identity.role == PLAYER
    assert engine.state(admitting).config.money and DEFAULT_BANKROLL > 0


def test_the_rematch_is_the_host_s_to_open_and_each_player_gets_their_own_seat() -> None:
    engine, door, _, _ = doors()
    host = door.open("casino", {"seed": 8, "bankroll": 7_000})
    old = host.identity.table
    ana = door.seat(old, "Ana")
    bruno = door.seat(old, "Bruno")
    with pytest.raises(IllegalActionError):  # not ended yet
        door.rematch(host.identity)
    engine.do(old, CloseTable())
    with pytest.raises(IllegalActionError) as early:
        door.rematch(ana.identity)  # before the host opened it
    assert early.value.key == "web.error.no_rematch"
    opened = door.rematch(host.identity)
    new = opened.identity.table
    assert new != old and opened.identity == Identity(new, HOST)
    assert door.rematch(host.identity).identity.table == new  # the same table again
    assert door.meta(new).settings["seed"] == 9  # the next seed
    there = door.rematch(ana.identity)
    assert there.identity.table == new and there.identity.player == "Ana"
    assert there.identity.seating == engine.seating(new, "Ana")
    assert engine.state(new).players["Ana"].balance == 7_000
    assert door.holder(new, there.token) == there.identity and there.join_code == opened.join_code
    stranger = Identity(old, PLAYER, "Zoe", 99)
    with pytest.raises(NotAllowedError):
        door.rematch(stranger)
    assert {p.name for p in engine.state(new).seated} == {"Ana", "Bruno"}
    assert bruno.identity.table == old


def test_an_idle_table_s_closing_forgets_its_code_and_tokens_until_it_is_loaded() -> None:
    engine, door, kept, _ = doors()
    opened = door.open("casino", {"seed": 2})
    table = opened.identity.table
    ana = door.seat(table, "Ana")
    door.closed(table)
    assert door.known(table) is None and door.known_holder(table, ana.token) is None
    assert door.holder(table, ana.token) is None and door.holder(table, opened.token) is None
    with pytest.raises(UnknownTableError):
        door.by_code(opened.join_code)
    again = Doors(engine, kept.inner)
    again.load()
    assert again.holder(table, ana.token) == ana.identity
    assert again.by_code(opened.join_code).table == table
    assert again.holder("t-other", ana.token) is None  # a token acts at its own table only


def test_a_seat_another_process_took_first_gets_a_token_of_the_seating_made() -> None:
    """Two servers on one store: between the token written (bound to the seating
    the join should make) and the seat's commit, the other seats someone. The seat is
    still made, after the other's, and the pass handed out is of that seating."""
    store = MemoryStore()
    one, two = Engine(store), Engine(store)
    kept = Kept(credentials_of(store))
    door = Doors(one, kept)
    table = door.open("casino", {"seed": 5}).identity.table
    two.resume(table)
    other = Doors(two, credentials_of(store))
    other.load()
    written = kept.add_token

    def first_the_other(digest: str, identity: Identity) -> None:
        written(digest, identity)
        if identity.player == "Ana" and "Bruno" not in two.state(table).players:
            other.seat(table, "Bruno")

    kept.add_token = first_the_other  # type: ignore[method-assign]
    ana = door.seat(table, "Ana")
    seatings = {p.name: p.seating for p in one.state(table).players.values()}
    assert seatings["Bruno"] < seatings["Ana"] == ana.identity.seating
    assert door.holder(table, ana.token) == ana.identity
    tokens = [what[1] for kind, what in kept.writes if kind == "token"]
    # The first, bound to the seating Bruno's join made, was never handed out.
    assert [who.seating for who in tokens] == [seatings["Bruno"], seatings["Ana"]]


def test_a_shared_store_s_credentials_open_only_tables_whose_log_holds_them() -> None:
    """Read from a shared store (another server's): a table's credentials written
    before an opening that failed open nothing; a player's token from before tokens
    were bound to seatings, which nobody sat under when this server loaded, acts for
    nobody (not for whoever sits under that name later)."""
    store = MemoryStore()
    kept = Kept(credentials_of(store), shared=True)
    one = Doors(Engine(store), kept)
    one.load()
    ghost = TableMeta("tghost", "ACDEFHJKM", {"format": "casino"})
    kept.add_table(ghost, token_hash("host of a table never opened"))
    with pytest.raises(UnknownTableError):
        one.by_code("acdefhjkm")
    with pytest.raises(UnknownTableError):
        one.meta("tghost")
    opened = Doors(Engine(store), credentials_of(store)).open("casino", {"seed": 4})
    table = opened.identity.table
    assert one.known(table) is None and one.meta(table).join_code == opened.join_code
    assert one.holder(table, opened.token) == Identity(table, HOST)  # read, then kept
    assert one.known_holder(table, opened.token) == Identity(table, HOST)
    kept.add_token(token_hash("an old token"), Identity(table, PLAYER, "Ana"))
    assert one.holder(table, "an old token") is None
    assert one.watcher(table, opened.join_code.lower()) == Identity(table, SPECTATOR)
    assert one.watcher(table, "KKKKKKKKK") is None
