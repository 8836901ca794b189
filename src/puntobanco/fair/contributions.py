"""Players' contributions to a shoe's client seed: commit first, reveal after.

The byte-level scheme, exactly (``docs/fair.md`` says it at more length; the
web phones' ``entropy.js`` and ``tools/verify_shoe.py`` do the same):

- A contribution is 32 bytes, drawn by the player's device (``secrets`` in
  Python, ``crypto.getRandomValues`` in a browser), written as 64 lowercase
  hexadecimal digits.
- Its commitment is ``SHA-256(message)`` in lowercase hex, where ``message`` is
  the 26 ASCII bytes ``puntobanco-contribution-v1``, then the table's id in
  UTF-8 preceded by its length in bytes as 4 bytes big-endian, then the shoe's
  number as 4 bytes big-endian, then the player's name as the table recorded it
  when they sat down (UTF-8, preceded by its length in the same way), then the
  32 bytes. The table, the shoe and the seat are in it: a commitment copied
  from another seat, shoe or table can never be revealed.
- The shoe's client seed is ``"{table}/{shoe}"`` followed by ``"|" + value``
  (the 64 hex digits) for each revealed contribution, in the order the
  commitments were recorded (fixed before any value was known).
"""

from __future__ import annotations

import hashlib
import re
import secrets
import struct
from collections.abc import Iterable, Sequence
from typing import Final

from puntobanco.errors import InvalidContributionError

#: The bytes of one contribution.
CONTRIBUTION_BYTES: Final = 32
#: The first bytes of every committed message: this scheme, this version.
TAG: Final = b"puntobanco-contribution-v1"
_HEX64: Final = re.compile(r"[0-9a-f]{64}")


def new_contribution() -> bytes:
    """32 fresh bytes from the operating system's secure source."""
    return secrets.token_bytes(CONTRIBUTION_BYTES)


def hex32(text: object, field: str) -> str:
    """``text`` if it is 32 bytes as 64 lowercase hexadecimal digits;
    ``InvalidContributionError`` naming ``field`` otherwise.

    >>> hex32("ab" * 32, "digest")[:4]
    'abab'
    """
    if not isinstance(text, str) or not _HEX64.fullmatch(text):
        raise InvalidContributionError("entropy.error.hex", field=field, value=text)
    return text


def _counted(text: str) -> bytes:
    data = text.encode("utf-8")
    return struct.pack(">I", len(data)) + data


def message(table: str, shoe: int, name: str, value: bytes) -> bytes:
    """The bytes a commitment hashes (see the module's docstring).

    >>> message("t", 2, "Ana", bytes(32))[26:42].hex()
    '00000001740000000200000003416e61'
    """
    assert len(value) == CONTRIBUTION_BYTES
    return TAG + _counted(table) + struct.pack(">I", shoe) + _counted(name) + value


def digest(table: str, shoe: int, name: str, value: bytes) -> str:
    """The commitment to ``value``: SHA-256 of ``message(...)``, lowercase hex.

    >>> digest("club", 1, "Ana", bytes(32))[:16]
    '320c42983f549b0a'
    """
    return hashlib.sha256(message(table, shoe, name, value)).hexdigest()


def matches(table: str, shoe: int, name: str, value: str, committed: str) -> bool:
    """True when the revealed ``value`` (hex) is the one ``committed`` to."""
    return digest(table, shoe, name, bytes.fromhex(hex32(value, "value"))) == committed


def in_commit_order(
    commits: Sequence[tuple[str, str]], revealed: Iterable[tuple[str, str]]
) -> tuple[str, ...]:
    """The revealed values, in the order their commitments were recorded: what the
    client seed appends.

    >>> in_commit_order([("Ana", "d1"), ("Ben", "d2")], [("Ben", "b"), ("Ana", "a")])
    ('a', 'b')
    """
    values = dict(revealed)
    return tuple(values[name] for name, _ in commits if name in values)
