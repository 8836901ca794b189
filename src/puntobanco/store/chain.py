"""The log's hash chain: each event carries the hash of the one before it.

One definition for every back end and every export. An event's hash is
SHA-256, in lowercase hex, of its canonical encoding: the JSON object
``{"event": ..., "prev": ..., "seq": ..., "table": ..., "time": ...}`` with
keys sorted, no spaces (``separators=(",", ":")``), non-ASCII characters as
they are, in UTF-8; ``event`` is the event as ``puntobanco.table.codec``
writes it and ``prev`` the previous event's hash (64 zeros for a table's
first event). Changing, removing, inserting or moving any event changes
every hash after it, so the last hash (the *chain head*) stands for the
whole log: a player who noted it can prove any later edit.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

GENESIS: Final = "0" * 64
#: The fewest hex digits of a noted head that stand for it (what the host screen
#: shows): finding another log whose hash starts the same takes some 2^64 tries.
PREFIX: Final = 16
# One encoder for every link: ``json.dumps`` with these options builds a new one
# per call, a third of the time of a small event's link (every append pays it).
_CANONICAL: Final = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(table: str, seq: int, time: str, event: Mapping[str, Any], prev: str) -> bytes:
    """The bytes an event's hash is taken over."""
    data = {"event": event, "prev": prev, "seq": seq, "table": table, "time": time}
    return _CANONICAL.encode(data).encode()


def link(table: str, seq: int, time: str, event: Mapping[str, Any], prev: str) -> str:
    """The hash of one event, given its predecessor's.

    >>> link("t", 1, "2026-12-02T00:00:00.000+00:00", {"type": "X"}, GENESIS)[:12]
    '446974c53d18'
    """
    return hashlib.sha256(canonical(table, seq, time, event, prev)).hexdigest()


def hashes(
    entries: Iterable[tuple[str, int, str, Mapping[str, Any]]], prev: str = GENESIS
) -> Iterator[tuple[str, str]]:
    """``(prev, hash)`` of each ``(table, seq, time, event)`` of one table, in order."""
    for table, seq, time, event in entries:
        current = link(table, seq, time, event, prev)
        yield prev, current
        prev = current


def matches(noted: str, head: str) -> bool:
    """Whether ``noted``, a head a person wrote down (whole, or its first ``PREFIX`` or
    more hex digits, in either case), names the hash ``head``.

    >>> matches("AB" * 8, "ab" * 32), matches("ab", "ab" * 32), matches(" " + "ab" * 32, "ab" * 32)
    (True, False, True)
    """
    text = noted.strip().lower()
    return text == head or (len(text) >= PREFIX and head.startswith(text))
