"""Tables' logs as JSON lines, for ``export`` and ``import``.

Each line is ``{"table": ..., "seq": n, "time": "...", "event": {...}}``,
the event written by ``puntobanco.table.codec``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from puntobanco.errors import PuntoBancoError, StoreError
from puntobanco.store import EventStore, Record
from puntobanco.table.audit import audit_log
from puntobanco.table.codec import from_dict, to_dict


def record_line(record: Record) -> str:
    """One stored event as a JSON line (no newline)."""
    data = {
        "table": record.table,
        "seq": record.seq,
        "time": record.time,
        "event": to_dict(record.event),
    }
    return json.dumps(data, ensure_ascii=False)


def read_line(number: int, line: str) -> Record:
    """A record from its JSON line; ``StoreError`` naming the line and the fault."""
    try:
        data: Any = json.loads(line)
        if not isinstance(data, dict) or set(data) != {"table", "seq", "time", "event"}:
            raise ValueError("expected the keys table, seq, time, event")
        table, seq, time = data["table"], data["seq"], data["time"]
        if not isinstance(table, str) or not isinstance(time, str):
            raise ValueError("table and time must be text")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
            raise ValueError(f"seq must be a number from 1, not {seq!r}")
        return Record(table, seq, time, from_dict(data["event"]))
    except (ValueError, TypeError, PuntoBancoError) as error:
        raise StoreError("store.error.bad_line", line=number, reason=str(error)) from None


def read_lines(
    lines: Iterable[str], numbers: dict[str, list[int]] | None = None
) -> dict[str, list[Record]]:
    """Records grouped by table, each table's numbered 1, 2, 3... with no gap.

    ``numbers``, if given, receives each record's line number, by table.
    """
    tables: dict[str, list[Record]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        record = read_line(number, line)
        log = tables.setdefault(record.table, [])
        if record.seq != len(log) + 1:
            raise StoreError(
                "store.error.bad_line",
                line=number,
                reason=f"event {record.seq} of table {record.table!r} where "
                f"{len(log) + 1} was expected",
            )
        log.append(record)
        if numbers is not None:
            numbers.setdefault(record.table, []).append(number)
    return tables


def check_log(table: str, records: Sequence[Record], lines: Sequence[int] | None = None) -> int:
    """Play a log again through the live checks (``table.audit``); returns its
    number of settled coups. ``lines``: each record's line in the file."""
    return audit_log(
        table,
        [r.event for r in records],
        [r.time for r in records],
        lines if lines is not None else [r.seq for r in records],
    )


def import_lines(store: EventStore, lines: Iterable[str]) -> list[tuple[str, int, int]]:
    """Check every table in ``lines``, then store each (refused if already there).

    Returns ``(table, events, coups)`` for each table imported. Nothing is
    stored unless every table checks out.
    """
    numbers: dict[str, list[int]] = {}
    tables = read_lines(lines, numbers)
    existing = set(store.tables())
    checked: list[tuple[str, list[Record], int]] = []
    for table, records in tables.items():
        if table in existing:
            raise StoreError("store.error.exists", table=table, db=getattr(store, "name", "?"))
        checked.append((table, records, check_log(table, records, numbers[table])))
    done = []
    for table, records, coups in checked:
        store.append(table, 0, [r.event for r in records], times=[r.time for r in records])
        done.append((table, len(records), coups))
    return done
