"""Who is speaking: tokens, their hashes, join codes, and where they are kept.

A token is 192 random bits from ``secrets`` (URL-safe text); the server keeps
only its SHA-256, so a copy of the database gives nobody a seat. A token is
the host's (every host command of one table) or one player's (that player's
commands only). Join codes are short, unambiguous and case-free, for typing
on a phone when the QR code cannot be scanned.

The credentials live beside the event log, kept by its store
(``puntobanco.store.credentials``, ``CredentialStore``): in the same SQLite
file (a table of their own) when the log is a file, in the same PostgreSQL
database (tables of the store's versioned schema) when it is one, in memory
otherwise. They are written before the token is handed out, so a token that
was given survives a crash; on PostgreSQL every ``serve`` process on the
database knows the tokens and join codes that any of them handed out
(``find_token``, ``find_code``). Who holds a token (``Identity``) and what is kept of
a table (``TableMeta``) are the store's records (``puntobanco.store.credentials``).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

TOKEN_BYTES: Final = 24  # 192 bits; the issue asks for at least 128
JOIN_ALPHABET: Final = "ACDEFHJKMNPRTUVWXY34679"  # no 0/O, 1/I/L, 2/Z, 5/S, 8/B
#: Nine of the 23 symbols: 23**9 is about 2**40.7 codes, so that guessing one of a
#: thousand open tables at the lookups' limit (``web.limits.Backoff``) takes years.
JOIN_LENGTH: Final = 9


def new_token() -> str:
    """A fresh bearer token (``secrets``, 192 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the server stores for ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_join_code() -> str:
    """Nine characters a person reads off a screen without confusing any two (no
    0 and O, 1, I and L, ...), typed in any case, in groups or not."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))


def normal_join_code(text: str) -> str:
    """A typed join code in the form it is stored (case, spaces and hyphens ignored).

    >>> normal_join_code("kmt-4hx 9ra")
    'KMT4HX9RA'
    """
    return "".join(text.replace("-", " ").split()).upper()
