"""A table's state written down, so that reopening it does not replay its whole history.

``dump_state(state)`` is one JSON object: the state's fields as the log's codec
writes an event's (cards as text, amounts exact, a coup by its cards);
``load_state(text)`` reads it back, or raises ``ValueError`` when the text is
not a snapshot of this version (the caller then replays the log instead).
A snapshot is derived data: the log stays the truth.
"""

from __future__ import annotations

import json
from typing import Final

from puntobanco.table.codec import decode, encode
from puntobanco.table.state import TableState

VERSION: Final = 5  # 3: the state's fields by the codec, every field by its name; 4: shoe.coups;
# 5: the operator's own seats (Player.house), a shoe's seed source and contributors


def dump_state(state: TableState) -> str:
    """The snapshot of ``state`` (one JSON object)."""
    data = {"version": VERSION, **encode(state)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def load_state(text: str) -> TableState:
    """The state written by ``dump_state``; ``ValueError`` when ``text`` is not one."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.pop("version", None) != VERSION:
            raise ValueError("not a snapshot of this version")
        state: TableState = decode(TableState, data)
        return state
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a snapshot: {error!r}") from None
