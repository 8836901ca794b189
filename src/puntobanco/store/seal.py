"""The cards to come, sealed in the store: a copy of the log shows none of them.

A fair shoe's server seed and its order of cards are stored in the log when the
shoe is shuffled (``ShoeShuffled``), and the next shoe's seed one shoe ahead
(``NextShoeCommitted``): whoever reads them knows every card still to come.
A store given a ``Sealer`` writes those fields of the row, and every snapshot,
encrypted under a key kept outside the database; everything else of the row
stays as it was, and the hash chain is the log's own (over the events as they
read back), so an export, ``verify`` and every outside verifier see no change.

The key is 32 random bytes: the setting ``PUNTOBANCO_SEED_KEY`` (64 hex digits),
or else the file ``<log>.key`` beside a SQLite log, created with the log (or by
the first writer of an older one), its owner's only (0600). A seed once revealed
(``ShoeRevealed``) is public in its own row; the sealed copy stays sealed.

The cipher is the standard library's: a keystream of HMAC-SHA256 blocks
(``HMAC(k_enc, nonce || counter)``, a fresh 16-byte nonce per row) and an
HMAC-SHA256 tag over the nonce and the ciphertext (encrypt-then-MAC, keys
derived apart). A sealed field reads ``"sealed": "v1:<base64>"``.
"""

from __future__ import annotations

import base64
import hmac
import json
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from puntobanco.errors import StoreError

#: The setting that holds the key (64 hex digits), for a store with no file beside it.
KEY_SETTING: Final = "PUNTOBANCO_SEED_KEY"
#: The fields sealed in each kind of row.
SEALED_FIELDS: Final = {
    "ShoeShuffled": ("order", "server_seed"),
    "NextShoeCommitted": ("server_seed",),
}
_VERSION: Final = "v1:"
_NONCE: Final = 16
_TAG: Final = 32
#: A sealed snapshot body starts with this (a plain one is a JSON object).
SNAPSHOT_MARK: Final = "sealed-"


def key_file(log: str | os.PathLike[str]) -> Path:
    """The key file of the SQLite log ``log``: ``<log>.key`` beside it.

    >>> key_file("/srv/puntobanco.db").name
    'puntobanco.db.key'
    """
    return Path(f"{os.fspath(log)}.key")


class Sealer:
    """Seals and opens the secret fields of stored rows under one 32-byte key."""

    __slots__ = ("_enc", "_mac")

    def __init__(self, key: bytes) -> None:
        if len(key) != 32:
            raise StoreError("store.error.seal_key", where="(32 bytes)")
        self._enc = hmac.digest(key, b"puntobanco-seal-enc", "sha256")
        self._mac = hmac.digest(key, b"puntobanco-seal-mac", "sha256")

    def _stream(self, nonce: bytes, length: int) -> bytes:
        blocks = (length + 31) // 32
        return b"".join(
            hmac.digest(self._enc, nonce + i.to_bytes(8, "big"), "sha256") for i in range(blocks)
        )[:length]

    def seal_text(self, text: str) -> str:
        """``text`` encrypted and authenticated: ``v1:<base64>``.

        >>> s = Sealer(bytes(32))
        >>> seed = "a3f1" * 16
        >>> s.open_text(s.seal_text(seed)) == seed, seed in s.seal_text(seed)
        (True, False)
        """
        plain = text.encode()
        nonce = secrets.token_bytes(_NONCE)
        cipher = bytes(a ^ b for a, b in zip(plain, self._stream(nonce, len(plain)), strict=True))
        tag = hmac.digest(self._mac, nonce + cipher, "sha256")
        return _VERSION + base64.b64encode(nonce + cipher + tag).decode()

    def open_text(self, token: str) -> str:
        """The text ``seal_text`` sealed; ``StoreError`` when it was not sealed under this key."""
        try:
            raw = base64.b64decode(token.removeprefix(_VERSION), validate=True)
        except ValueError:
            raw = b""
        if not token.startswith(_VERSION) or len(raw) < _NONCE + _TAG:
            raise StoreError("store.error.sealed", reason="form")
        nonce, cipher, tag = raw[:_NONCE], raw[_NONCE:-_TAG], raw[-_TAG:]
        if not hmac.compare_digest(tag, hmac.digest(self._mac, nonce + cipher, "sha256")):
            raise StoreError("store.error.sealed", reason="key")
        plain = bytes(a ^ b for a, b in zip(cipher, self._stream(nonce, len(cipher)), strict=True))
        return plain.decode()

    def seal_event(self, data: dict[str, Any]) -> dict[str, Any]:
        """An event's JSON form with its secret fields (``SEALED_FIELDS``) sealed."""
        fields = SEALED_FIELDS.get(data.get("type", ""), ())
        secret = {name: data[name] for name in fields if name in data}
        if not secret:
            return data
        sealed = {k: v for k, v in data.items() if k not in secret}
        sealed["sealed"] = self.seal_text(json.dumps(secret, ensure_ascii=False))
        return sealed

    def seal_body(self, body: str) -> str:
        """A snapshot's body, sealed whole."""
        return SNAPSHOT_MARK + self.seal_text(body)


#: The sealer of a store, asked for only when a sealed row or snapshot is read
#: (a log with none is read without its key, a key that cannot be read with it).
KeySource = Callable[[], "Sealer | None"]


def open_event(key: KeySource, data: dict[str, Any], where: str) -> dict[str, Any]:
    """``data`` with its sealed fields opened (as it was before ``seal_event``).

    ``StoreError`` (``store.error.seal_key``, naming ``where`` the key is looked
    for) when a row is sealed and there is no key.
    """
    token = data.get("sealed")
    if not isinstance(token, str):
        return data
    sealer = key()
    if sealer is None:
        raise StoreError("store.error.seal_key", where=where)
    secret = json.loads(sealer.open_text(token))
    if not isinstance(secret, dict):
        raise StoreError("store.error.sealed", reason="form")
    opened = {k: v for k, v in data.items() if k != "sealed"}
    opened.update(secret)
    return opened


def open_body(key: KeySource, body: str, where: str) -> str:
    """A snapshot body as ``seal_body`` took it (a plain body as it is)."""
    if not body.startswith(SNAPSHOT_MARK):
        return body
    sealer = key()
    if sealer is None:
        raise StoreError("store.error.seal_key", where=where)
    return sealer.open_text(body.removeprefix(SNAPSHOT_MARK))


def setting_key() -> bytes | None:
    """The key the setting ``PUNTOBANCO_SEED_KEY`` holds, if any (``StoreError`` when malformed)."""
    text = os.environ.get(KEY_SETTING, "").strip()
    return _key(text, KEY_SETTING) if text else None


def _key(text: str, where: str) -> bytes:
    """The 32 bytes ``text`` writes in hex, else ``StoreError`` naming ``where``."""
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != 32:
        raise StoreError("store.error.seal_key", where=where)
    return key


def file_sealer(log: str | os.PathLike[str], *, create: bool) -> Sealer | None:
    """The sealer of the SQLite log ``log``: the setting's key, else its key file's
    (``create``: made when missing, 0600, by a writer); None when there is neither.

    A key file that cannot be read (another user's, 0600) is ``StoreError``
    (``store.error.seal_key_read``): asked for only when a sealed row is read or
    written, so that a log with none, or a server that cannot write anyway, goes on.
    """
    key = setting_key()
    if key is not None:
        return Sealer(key)
    path = key_file(log)
    try:
        if create:
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                pass
            else:
                with os.fdopen(fd, "w") as out:
                    out.write(secrets.token_hex(32) + "\n")
                    out.flush()
                    os.fsync(out.fileno())
        text = path.read_text().strip()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise StoreError(
            "store.error.seal_key_read", where=str(path), reason=error.strerror or str(error)
        ) from None
    return Sealer(_key(text, str(path)))
