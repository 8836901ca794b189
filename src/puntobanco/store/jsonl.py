"""Tables' logs as JSON lines, for ``export`` and ``import``.

Each line is ``{"table": ..., "seq": n, "time": "...", "event": {...},
"prev": "...", "hash": "..."}``, the event written by ``puntobanco.table.codec``;
``prev`` and ``hash`` are the log's hash chain (``puntobanco.store.chain``):
a file whose chain is broken is refused, naming its first bad line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from puntobanco.errors import PuntoBancoError, StoreError
from puntobanco.store import Append, EventStore, Record, append_many
from puntobanco.store.chain import GENESIS, hashes, link, matches
from puntobanco.table.audit import audit_log
from puntobanco.table.codec import from_dict, to_dict
from puntobanco.table.events import NextShoeHidden, ShoeHidden


def record_line(record: Record, prev: str | None = None, hash: str | None = None) -> str:
    """One stored event as a JSON line (no newline), with its chain links if given."""
    data: dict[str, Any] = {
        "table": record.table,
        "seq": record.seq,
        "time": record.time,
        "event": to_dict(record.event),
    }
    if prev is not None and hash is not None:
        data["prev"], data["hash"] = prev, hash
    return json.dumps(data, ensure_ascii=False)


def chain_of(records: Sequence[Record]) -> list[tuple[str, str]]:
    """``(prev, hash)`` of each of one table's records, from its first."""
    return list(hashes((r.table, r.seq, r.time, to_dict(r.event)) for r in records))


def chain_head(records: Sequence[Record]) -> str:
    """The hash of a table's last event (64 zeros for an empty log)."""
    chain = chain_of(records)
    return chain[-1][1] if chain else GENESIS


def export_lines(records: Sequence[Record], *, secrets: bool = False) -> list[str]:
    """One table's records as chained JSON lines, as ``export`` writes them.

    Without ``secrets``, shoes still in play are hidden (``fair.log.public_log``):
    no unrevealed server seed and no card still in a shoe leaves the store,
    and the chain is taken over the lines as written. ``secrets`` writes the
    store's private part too: an operator's copy that ``import`` can play on.
    """
    if not secrets:
        from puntobanco.fair.log import public_log

        events = public_log([r.event for r in records])
        records = [Record(r.table, r.seq, r.time, e) for r, e in zip(records, events, strict=True)]
    return [record_line(r, *links) for r, links in zip(records, chain_of(records), strict=True)]


def read_line(number: int, line: str) -> Record:
    """A record from its JSON line; ``StoreError`` naming the line and the fault."""
    try:
        data: Any = json.loads(line)
        if not isinstance(data, dict) or set(data) != {
            "table",
            "seq",
            "time",
            "event",
            "prev",
            "hash",
        }:
            raise ValueError("expected the keys table, seq, time, event, prev, hash")
        if not all(isinstance(data[k], str) for k in ("prev", "hash")):
            raise ValueError("prev and hash must be text")
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
    heads: dict[str, str] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        record = read_line(number, line)
        check_links(number, record, json.loads(line), heads.get(record.table, GENESIS))
        heads[record.table] = json.loads(line)["hash"]
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


def check_links(number: int, record: Record, data: dict[str, Any], prev: str) -> None:
    """Line ``number`` must name its table's previous hash and carry its own."""
    if data["prev"] != prev:
        raise StoreError(
            "store.error.chain_prev", line=number, table=record.table, found=data["prev"], prev=prev
        )
    own = link(record.table, record.seq, record.time, to_dict(record.event), prev)
    if data["hash"] != own:
        raise StoreError("store.error.chain_hash", line=number, found=data["hash"], own=own)


def check_log(table: str, records: Sequence[Record], lines: Sequence[int] | None = None) -> int:
    """Play a log again through the live checks (``table.audit``); returns its
    number of settled coups. ``lines``: each record's line in the file."""
    return audit_log(
        table,
        [r.event for r in records],
        [r.time for r in records],
        lines if lines is not None else [r.seq for r in records],
    )


def check_heads(tables: Mapping[str, Sequence[Record]], noted: Sequence[str]) -> None:
    """Each table of ``tables`` must end at a head of ``noted`` (whole, or its first
    ``chain.PREFIX`` hex digits), and each noted head must end one of them;
    ``StoreError`` naming the first that does not.

    An unbroken chain proves only that the lines hang together: a file edited with
    its chain computed again (a stake and its payout raised, the last coup dropped)
    has one too. A head noted before the file left its owner's hands proves that
    the file is that log, event for event, up to its last.
    """
    ends = {table: chain_head(records) for table, records in tables.items()}
    for table, end in ends.items():
        if not any(matches(head, end) for head in noted):
            raise StoreError("import.error.head", table=table, head=end, noted=", ".join(noted))
    for head in noted:
        if not any(matches(head, end) for end in ends.values()):
            raise StoreError("import.error.head_unused", head=head.strip())


def import_lines(
    store: EventStore, lines: Iterable[str], *, heads: Sequence[str] | None = None
) -> list[tuple[str, int, int]]:
    """Check every table in ``lines``, then store each (refused if already there).

    ``heads``: the chain heads noted for the file (``check_heads``), if any.
    Returns ``(table, events, coups)`` for each table imported. Nothing is
    stored unless every table checks out.
    """
    numbers: dict[str, list[int]] = {}
    tables = read_lines(lines, numbers)
    if heads is not None:
        check_heads(tables, heads)
    existing = set(store.tables())
    checked: list[tuple[str, list[Record], int]] = []
    for table, records in tables.items():
        if table in existing:
            raise StoreError("store.error.exists", table=table, db=getattr(store, "name", "?"))
        for record, number in zip(records, numbers[table], strict=True):
            if isinstance(record.event, ShoeHidden | NextShoeHidden):
                raise StoreError(
                    "import.error.hidden", line=number, table=table, shoe=record.event.shoe
                )
        checked.append((table, records, check_log(table, records, numbers[table])))
    # Every table in one transaction: an interrupted import leaves none of them.
    append_many(
        store,
        [
            Append(table, 0, [r.event for r in records], [r.time for r in records])
            for table, records, _ in checked
        ],
    )
    return [(table, len(records), coups) for table, records, coups in checked]
