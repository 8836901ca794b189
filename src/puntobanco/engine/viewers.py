"""Who looks at a table: a seated player, the host, a spectator, or a watcher."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from puntobanco.enums import IdentityEnum


class Role(IdentityEnum):
    """What a viewer is to the table."""

    PLAYER = "player"
    HOST = "host"
    SPECTATOR = "spectator"
    WATCHER = "watcher"


@dataclass(frozen=True, slots=True)
class Viewer:
    """A viewer: ``Viewer.player("Ana")``, ``Viewer.HOST``, ``Viewer.SPECTATOR`` or
    ``Viewer.WATCHER``.

    The host runs the table (closes bets, deals, places cards, and acts for
    anyone, as the one screen of a home session does); a player acts only
    for themselves; a spectator may only sit down; a watcher sees what a
    spectator sees and may send nothing (a page that only watches).
    """

    role: Role
    name: str | None = None
    #: A player's seating (``Player.seating``) when they are known by a credential
    #: bound to it: once that seating ends, the viewer may see or do nothing more
    #: as that player (``SeatEndedError``). None: the player by name (one screen).
    seating: int | None = None

    HOST: ClassVar[Viewer]
    SPECTATOR: ClassVar[Viewer]
    WATCHER: ClassVar[Viewer]

    @classmethod
    def player(cls, name: str, seating: int | None = None) -> Viewer:
        """The seated player ``name`` (of the seating ``seating``, if given)."""
        return cls(Role.PLAYER, name, seating)

    def to_json(self) -> dict[str, object]:
        """``{"role": "player", "name": "Ana"}``."""
        return {"role": self.role.value, "name": self.name}


Viewer.HOST = Viewer(Role.HOST)
Viewer.SPECTATOR = Viewer(Role.SPECTATOR)
Viewer.WATCHER = Viewer(Role.WATCHER)
