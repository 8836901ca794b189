"""The web table's credentials as a store keeps them: token hashes and join codes.

The records and the interface only; each back end keeps them beside its log
(``EventStore``'s ``CredentialStore`` capability): in the same SQLite file, in
the same PostgreSQL database, in memory. What a token is and how it is made
is the business of a table's doors (``puntobanco.engine.doors``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final, Protocol

HOST: Final = "host"
PLAYER: Final = "player"
#: A browser watching a table from its join code: no seat, no token, never stored.
SPECTATOR: Final = "spectator"


@dataclass(frozen=True, slots=True)
class Identity:
    """The holder of a token: a table's host, or one of its players."""

    table: str
    role: str  # HOST, PLAYER or SPECTATOR
    player: str | None = None
    #: The player's seating the token was given for (``Player.seating``): the
    #: engine refuses it once that seating has ended. None: a host's, or a
    #: player's token stored before tokens were bound to seatings.
    seating: int | None = None


@dataclass(frozen=True, slots=True)
class TableMeta:
    """What the web table keeps about a table beside its log."""

    table: str
    join_code: str
    settings: dict[str, Any]


class Credentials(Protocol):
    """Where token hashes and join codes are kept."""

    @property
    def shared(self) -> bool:
        """True when other processes add credentials too (a server then looks up
        what it does not know with ``find_token``, ``find_table``, ``find_code``)."""
        ...

    def load(self) -> tuple[list[TableMeta], dict[str, Identity]]:
        """Every table's meta and every token hash's identity."""
        ...

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        """Store a new table's join code, settings and host token hash (durable on return)."""
        ...

    def add_token(self, digest: str, identity: Identity) -> None:
        """Store a player's token hash (durable on return)."""
        ...

    def find_token(self, digest: str) -> Identity | None:
        """The identity of a token hash stored since ``load`` (by another process)."""
        ...

    def bind_token(self, digest: str, seating: int) -> None:
        """Bind a player's token stored before tokens were bound to seatings to
        ``seating`` (the seating its name had when it was first loaded since): from
        then on it follows that seating, renamed or not, and never a later one under
        its name. Durable on return; a token bound already is left as it is."""
        ...

    def find_table(self, table: str) -> TableMeta | None:
        """A table's meta stored since ``load``, by its id."""
        ...

    def find_code(self, code: str) -> TableMeta | None:
        """A table's meta stored since ``load``, by its join code (as stored)."""
        ...

    def close(self) -> None:
        """Release the storage."""
        ...


class MemoryCredentials:
    """Credentials in memory (a server whose log is in memory)."""

    shared: Final = False

    def __init__(self) -> None:
        self._tables: list[TableMeta] = []
        self._tokens: dict[str, Identity] = {}

    def load(self) -> tuple[list[TableMeta], dict[str, Identity]]:
        """See ``Credentials.load``."""
        return list(self._tables), dict(self._tokens)

    def add_table(self, meta: TableMeta, host_hash: str) -> None:
        """See ``Credentials.add_table``."""
        self._tables.append(meta)
        self._tokens[host_hash] = Identity(meta.table, HOST)

    def add_token(self, digest: str, identity: Identity) -> None:
        """See ``Credentials.add_token``."""
        self._tokens[digest] = identity

    def find_token(self, digest: str) -> Identity | None:
        """See ``Credentials.find_token``."""
        return self._tokens.get(digest)

    def bind_token(self, digest: str, seating: int) -> None:
        """See ``Credentials.bind_token``."""
        who = self._tokens.get(digest)
        if who is not None and who.seating is None:
            self._tokens[digest] = replace(who, seating=seating)

    def find_table(self, table: str) -> TableMeta | None:
        """See ``Credentials.find_table``."""
        return next((m for m in self._tables if m.table == table), None)

    def find_code(self, code: str) -> TableMeta | None:
        """See ``Credentials.find_code``."""
        return next((m for m in self._tables if m.join_code == code), None)

    def close(self) -> None:
        """Nothing to release."""
