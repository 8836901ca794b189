"""The table state machine: phases, seats, bets and the three formats.

Pure: no clock, no file, no global random source. ``Table`` holds the actions
(verify / can / do), ``state.apply`` folds events into a ``TableState``,
``codec`` writes events as JSON lines, ``history`` reads coups back.
"""

from puntobanco.table.codec import dumps, loads
from puntobanco.table.config import Format, TableConfig
from puntobanco.table.events import EVENT_TYPES, Event
from puntobanco.table.machine import Sink, Table
from puntobanco.table.names import check_name
from puntobanco.table.state import TRANSITIONS, Phase, Player, TableState, apply, replay

__all__ = [
    "EVENT_TYPES",
    "TRANSITIONS",
    "Event",
    "Format",
    "Phase",
    "Player",
    "Sink",
    "Table",
    "TableConfig",
    "TableState",
    "apply",
    "check_name",
    "dumps",
    "loads",
    "replay",
]
