"""Provably fair shoes: a committed server seed, a public client seed, one stream.

The scheme, exactly (anyone can re-implement the check from these lines):

- Per shoe the server draws ``server_seed``, 32 bytes from ``secrets``, and
  shows ``SHA-256(server_seed)`` in lowercase hex (the *commitment*). It draws
  it one shoe ahead: when shoe N is shuffled (shoe 1 when the table opens),
  the seed of shoe N+1 is drawn and its commitment published, and shoe N+1 is
  shuffled with that very seed. The commitment is thus public before the
  first bet of its shoe and before any contribution to its client seed.
- ``client_seed`` is public text recorded when the shoe is shuffled: by default
  ``"{table}/{nonce}"``; each contribution a player makes before the shuffle is
  appended as ``"|" + contribution``, in the order they were recorded. A
  contribution is 1 to 64 printable characters without ``|``; a player makes at
  most one per shoe, and a shoe takes at most 16 (its first shoe takes none:
  it is shuffled when the table opens).
- ``nonce`` is the shoe's number within its table, from 1.
- The stream is ``HMAC-SHA256(key=server_seed, msg=f"{client_seed}:{nonce}:{k}")``
  (UTF-8) for k = 0, 1, 2, ..., concatenated and read as consecutive 32-bit
  big-endian unsigned integers.
- A uniform integer in [0, m) takes the next integer u, rejects it while
  u >= 2^32 - (2^32 mod m), and returns u mod m.
- The unshuffled shoe is its decks one after another, each in the order
  spades, hearts, diamonds, clubs, and within a suit A, 2, ..., 10, J, Q, K.
  Fisher-Yates: for i from n-1 down to 1, j is a uniform integer in [0, i+1),
  swap positions i and j. Position 0 is the first card out (burn included).
- ``server_seed`` is revealed when the shoe ends; until then it stays in the
  store's private part, as does the seed drawn in advance for the next shoe
  (views and exports show commitments only). A table opened with an
  explicit integer seed derives its server seeds from it
  (``SHA-256("puntobanco-seed:{seed}:{nonce}")``) and marks every shoe
  ``"secret": false``.

``tools/verify_shoe.py`` is the same check in one standard-library file.

The package holds the whole scheme: this module (the shuffle and a shoe's
record), ``contributions`` (the players' committed values), ``gathering`` (a
shoe's window of contributions, folded from the table's events), ``log`` (the
fair shoes of a table's log, and the log a client may see), ``checks`` (every
step of the contributions in a log, in order) and ``contributor`` (a device that
contributes for the seats a front-end plays, through the engine).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import struct
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from puntobanco.cards import DECK, Card
from puntobanco.errors import FairnessError, InvalidContributionError
from puntobanco.shoe import check_decks

T = TypeVar("T")
SEED_BYTES: Final = 32
WORD_BITS: Final = 32
#: Longest contribution a player may add to a client seed, in characters.
MAX_CONTRIBUTION: Final = 64
#: Most contributions one shoe's client seed takes (so that it stays short).
MAX_CONTRIBUTIONS: Final = 16
_HEX64: Final = re.compile(r"[0-9a-f]{64}")


def new_server_seed() -> bytes:
    """32 fresh bytes from the operating system's secure source."""
    return secrets.token_bytes(SEED_BYTES)


def derived_server_seed(seed: int, nonce: int) -> bytes:
    """The server seed of shoe ``nonce`` of a table opened with ``seed`` (not secret).

    >>> derived_server_seed(7, 1).hex()[:16]
    'dcfd2b8761af5031'
    """
    return hashlib.sha256(f"puntobanco-seed:{seed}:{nonce}".encode()).digest()


#: The ``source`` of a server seed drawn from a random source the program gave
#: the table (``Engine(rng=...)``, ``CasinoTable(rng=...)``: tests) instead of
#: the operating system's secure one. Its shoe is not secret: whoever knows
#: that source may know the seed. None (the field absent) is the OS's source.
INJECTED: Final = "injected"


def secret_seed(table_seed: int | None, source: str | None) -> bool:
    """True when a shoe's server seed is secret: drawn from the operating system's
    secure source (``source`` None) at a table not opened with a public ``seed``.

    >>> secret_seed(None, None), secret_seed(7, None), secret_seed(None, INJECTED)
    (True, False, False)
    """
    return table_seed is None and source is None


def server_only(secret: bool, contributors: Iterable[str], house: Container[str]) -> bool:
    """True for a secret shoe to which no seat but the operator's own contributed:
    none of ``contributors`` (the names whose values are in its client seed) sat
    down by themselves (``house``: the operator's own seats among them), so its
    order is the server's alone to choose. The one definition of the flag: the
    table's views, its ``contributed_only`` setting, the shoe records and
    ``verify`` all ask it.

    >>> server_only(True, [], ()), server_only(True, ["Ana"], ["Ana"])
    (True, True)
    >>> server_only(True, ["Ana", "Bruno"], ["Ana"]), server_only(False, [], ())
    (False, False)
    """
    return secret and all(name in house for name in contributors)


def commitment(server_seed: bytes) -> str:
    """``SHA-256(server_seed)`` in lowercase hex: shown before the shoe is used.

    >>> commitment(bytes(32))[:16]
    '66687aadf862bd77'
    """
    return hashlib.sha256(server_seed).hexdigest()


def default_client_seed(table: str, nonce: int) -> str:
    """The client seed without contributions: the table and the shoe's number.

    >>> default_client_seed("club", 3)
    'club/3'
    """
    return f"{table}/{nonce}"


def check_contribution(text: object) -> str:
    """A player's contribution: 1 to 64 printable characters, no ``|``
    (``InvalidContributionError`` otherwise)."""
    if (
        not isinstance(text, str)
        or not 1 <= len(text) <= MAX_CONTRIBUTION
        or "|" in text
        or not text.isprintable()
    ):
        raise InvalidContributionError("fair.error.contribution", text=text, high=MAX_CONTRIBUTION)
    return text


def client_seed(table: str, nonce: int, contributions: Sequence[str] = ()) -> str:
    """The default client seed followed by ``"|" + c`` for each contribution, in order.

    >>> client_seed("club", 2, ["lucky", "42"])
    'club/2|lucky|42'
    """
    return "|".join([default_client_seed(table, nonce), *map(check_contribution, contributions)])


def stream_blocks(server_seed: bytes, client: str, nonce: int) -> Iterator[bytes]:
    """The HMAC blocks of the stream, k = 0, 1, 2, ..."""
    k = 0
    while True:
        yield hmac.digest(server_seed, f"{client}:{nonce}:{k}".encode(), "sha256")
        k += 1


def stream_words(server_seed: bytes, client: str, nonce: int) -> Iterator[int]:
    """The stream read as consecutive 32-bit big-endian unsigned integers.

    >>> words = stream_words(bytes(32), "t/1", 1)
    >>> [next(words) for _ in range(2)] == list(struct.unpack(">2I",
    ...     hmac.digest(bytes(32), b"t/1:1:0", "sha256")[:8]))
    True
    """
    for block in stream_blocks(server_seed, client, nonce):
        yield from struct.unpack(">8I", block)


def accept_limit(m: int, bits: int = WORD_BITS) -> int:
    """Words below this limit are accepted for a draw in [0, m): 2^bits - (2^bits mod m).

    >>> accept_limit(3, 4), accept_limit(4, 4)
    (15, 16)
    """
    assert 1 <= m <= 1 << bits
    return (1 << bits) - (1 << bits) % m


class BoundedDraws:
    """Uniform integers in [0, m) from a stream of ``bits``-bit words, by rejection.

    A word u is rejected while u >= 2^bits - (2^bits mod m); the draw is then
    u mod m. The scheme uses 32-bit words;
    the tests run this very code on 16-bit words to check it exhaustively.

    >>> BoundedDraws(iter([15, 7]), bits=4).randbelow(3)
    1
    """

    __slots__ = ("_next", "_span")

    def __init__(self, words: Iterator[int], *, bits: int = WORD_BITS) -> None:
        self._next = words.__next__
        self._span = 1 << bits

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n), ``1 <= n <= 2**bits``."""
        span = self._span
        assert 1 <= n <= span
        limit = span - span % n
        u = self._next()
        while u >= limit:
            u = self._next()
        return u % n


def fair_random(server_seed: bytes, client: str, nonce: int) -> BoundedDraws:
    """The scheme's ``RandomSource`` for one shoe: bounded draws from its HMAC stream."""
    return BoundedDraws(stream_words(server_seed, client, nonce))


def canonical_order(decks: int) -> list[Card]:
    """The unshuffled shoe: each deck S, H, D, C, each suit A to K, deck after deck."""
    return list(DECK) * check_decks(decks)


def fisher_yates(cards: list[T], randbelow: Callable[[int], int]) -> None:
    """For i from n-1 down to 1, swap positions i and j, j uniform in [0, i+1)."""
    for i in range(len(cards) - 1, 0, -1):
        j = randbelow(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def shoe_order(server_seed: bytes, client: str, nonce: int, decks: int) -> tuple[Card, ...]:
    """The whole shoe in the order its cards leave it (position 0 first)."""
    cards = canonical_order(decks)
    fisher_yates(cards, fair_random(server_seed, client, nonce).randbelow)
    return tuple(cards)


#: A shoe record's scheme: 1, contributions typed as text (tables stored before
#: contributions were committed); 2, contributions committed, then revealed.
SCHEME_TYPED: Final = 1
SCHEME_COMMITTED: Final = 2


@dataclass(frozen=True, slots=True)
class Commit:
    """A player's commitment to a shoe's contribution (``ContributionCommitted``)
    and, once revealed, its value (None: not revealed); each with its stored time."""

    name: str
    digest: str
    time: str | None = None
    value: str | None = None
    revealed: str | None = None


@dataclass(frozen=True, slots=True)
class FairShoe:
    """One shoe's public record: what ``puntobanco shoes`` shows and ``verify`` checks.

    ``server_seed`` is the lowercase hex of the 32 bytes, None until revealed
    (always shown at a table opened with a seed, ``table_seed``, which derives
    it); ``dealt`` every card that has left the shoe, in order, burn included;
    ``commits`` the players' commitments in the order recorded, ``excluded``
    those who did not reveal; ``times`` the stored times of the shoe's steps
    (``committed``, ``called``, ``reveals_opened``, ``closed``, ``shuffled``,
    ``revealed``) and ``windows`` the table's ``commit_seconds`` and
    ``reveal_seconds``.
    """

    table: str
    shoe: int
    decks: int
    commitment: str
    client_seed: str
    nonce: int
    server_seed: str | None
    secret: bool
    dealt: tuple[Card, ...] = field(default=())
    contributions: tuple[str, ...] = field(default=())
    scheme: int = SCHEME_COMMITTED
    commits: tuple[Commit, ...] = field(default=())
    excluded: tuple[str, ...] = field(default=())
    times: tuple[tuple[str, str], ...] = field(default=())
    windows: tuple[int, int] | None = None
    table_seed: int | None = None
    #: Where the server seed came from: None, the OS's secure source; ``INJECTED``.
    source: str | None = None
    #: Who gave each of ``contributions``, in the same order (``""``: not known, as
    #: in a record written before this field; never the operator's own seat).
    contributors: tuple[str, ...] = ()
    #: The operator's own seats among ``contributors`` (``PlayerSeated.house``).
    house: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.contributions and not self.contributors:  # who gave them is not known
            object.__setattr__(self, "contributors", ("",) * len(self.contributions))

    @property
    def server_only(self) -> bool:
        """A secret shoe no seat but the operator's contributed to (``server_only``)."""
        return server_only(self.secret, self.contributors, self.house)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (cards as canonical codes ``4H``, ``10D``)."""
        return {
            "scheme": self.scheme,
            "table": self.table,
            "shoe": self.shoe,
            "decks": self.decks,
            "commitment": self.commitment,
            "client_seed": self.client_seed,
            "contributions": list(self.contributions),
            "nonce": self.nonce,
            "server_seed": self.server_seed,
            "secret": self.secret,
            "table_seed": self.table_seed,
            "source": self.source,
            "contributors": list(self.contributors),
            "house": list(self.house),
            "server_only": self.server_only,
            "dealt": [str(c) for c in self.dealt],
            "commitments": [
                {"name": c.name, "digest": c.digest, "time": c.time} for c in self.commits
            ],
            "reveals": [
                {"name": c.name, "value": c.value, "time": c.revealed}
                for c in self.commits
                if c.value is not None
            ],
            "excluded": list(self.excluded),
            "times": dict(self.times),
            "windows": None
            if self.windows is None
            else {"commit_seconds": self.windows[0], "reveal_seconds": self.windows[1]},
        }

    @classmethod
    def from_dict(cls, data: object) -> FairShoe:
        """Read the JSON form; ``FairnessError`` naming the field that is wrong."""
        if not isinstance(data, dict):
            raise FairnessError("fair.error.field", field="shoe", value=data)

        def get(name: str, kind: type | tuple[type, ...]) -> Any:
            value = data.get(name)
            if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
                raise FairnessError("fair.error.field", field=name, value=value)
            return value

        dealt_codes = get("dealt", list)
        try:
            dealt = tuple(Card.parse(c) for c in dealt_codes)
            if any(str(card) != code for card, code in zip(dealt, dealt_codes, strict=True)):
                raise ValueError
        except (ValueError, TypeError, AttributeError):
            raise FairnessError("fair.error.field", field="dealt", value=dealt_codes) from None
        contributions = data.get("contributions", [])
        if not isinstance(contributions, list) or not all(
            isinstance(c, str) for c in contributions
        ):
            raise FairnessError("fair.error.field", field="contributions", value=contributions)
        commits = _read_commits(data)
        excluded = data.get("excluded", [])
        if not isinstance(excluded, list) or not all(isinstance(n, str) for n in excluded):
            raise FairnessError("fair.error.field", field="excluded", value=excluded)
        table_seed = data.get("table_seed")
        if table_seed is not None and (
            not isinstance(table_seed, int) or isinstance(table_seed, bool)
        ):
            raise FairnessError("fair.error.field", field="table_seed", value=table_seed)
        times = data.get("times", {})
        if not isinstance(times, dict) or not all(isinstance(v, str) for v in times.values()):
            raise FairnessError("fair.error.field", field="times", value=times)
        windows = data.get("windows")
        if windows is not None:
            pair = (
                (windows.get("commit_seconds"), windows.get("reveal_seconds"))
                if isinstance(windows, dict)
                else None
            )
            if pair is None or not all(isinstance(v, int) for v in pair):
                raise FairnessError("fair.error.field", field="windows", value=windows)
        scheme = data.get("scheme", SCHEME_COMMITTED if commits else SCHEME_TYPED)
        if scheme not in (SCHEME_TYPED, SCHEME_COMMITTED):
            raise FairnessError("fair.error.field", field="scheme", value=scheme)
        source = data.get("source")
        if source not in (None, INJECTED):
            raise FairnessError("fair.error.field", field="source", value=source)
        secret = get("secret", bool)
        if secret and (source is not None or table_seed is not None):
            raise FairnessError("fair.error.field", field="secret", value=secret)
        revealed = [c.name for c in commits if c.value is not None]
        contributors = data.get("contributors", revealed if commits else [""] * len(contributions))
        house = data.get("house", [])
        for name, names in (("contributors", contributors), ("house", house)):
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise FairnessError("fair.error.field", field=name, value=names)
        if len(contributors) != len(contributions) or (commits and contributors != revealed):
            raise FairnessError("fair.error.field", field="contributors", value=contributors)
        if not set(house) <= set(contributors):
            raise FairnessError("fair.error.field", field="house", value=house)
        flagged = data.get("server_only")
        if flagged is not None and flagged != server_only(secret, contributors, house):
            raise FairnessError("fair.error.field", field="server_only", value=flagged)
        return cls(
            table=get("table", str),
            shoe=get("shoe", int),
            decks=get("decks", int),
            commitment=get("commitment", str),
            client_seed=get("client_seed", str),
            nonce=get("nonce", int),
            server_seed=get("server_seed", (str, type(None))),
            secret=secret,
            dealt=dealt,
            contributions=tuple(contributions),
            scheme=scheme,
            commits=commits,
            excluded=tuple(excluded),
            times=tuple(times.items()),
            windows=None
            if windows is None
            else (windows["commit_seconds"], windows["reveal_seconds"]),
            table_seed=table_seed,
            source=source,
            contributors=tuple(contributors),
            house=tuple(house),
        )


def _read_commits(data: dict[str, Any]) -> tuple[Commit, ...]:
    """A record's ``commitments`` and ``reveals``, as ``Commit``s (``FairnessError``)."""
    listed, reveals = data.get("commitments", []), data.get("reveals", [])
    fields = {"commitments": listed, "reveals": reveals}
    for name, value in fields.items():
        if not isinstance(value, list) or not all(
            isinstance(x, dict) and isinstance(x.get("name"), str) for x in value
        ):
            raise FairnessError("fair.error.field", field=name, value=value)
    values = {r["name"]: (r.get("value"), r.get("time")) for r in reveals}
    commits = []
    for c in listed:
        digest = c.get("digest")
        if not isinstance(digest, str):
            raise FairnessError("fair.error.field", field="commitments", value=c)
        value, when = values.get(c["name"], (None, None))
        commits.append(Commit(c["name"], digest, c.get("time"), value, when))
    return tuple(commits)


def verify_shoe(shoe: FairShoe) -> bool:
    """Check a shoe: the commitment, and every dealt card against the order.

    Returns True when checked, False when its seed is not revealed yet (only
    the commitment's form is checked then). Raises ``FairnessError`` naming
    the first thing that does not match.
    """
    if not _HEX64.fullmatch(shoe.commitment):
        raise FairnessError("fair.error.commitment_form", shoe=shoe.shoe, value=shoe.commitment)
    if shoe.nonce != shoe.shoe:
        raise FairnessError("fair.error.nonce", shoe=shoe.shoe, nonce=shoe.nonce)
    expected_client = client_seed(shoe.table, shoe.nonce, shoe.contributions)
    if shoe.client_seed != expected_client:
        raise FairnessError(
            "fair.error.client_seed",
            shoe=shoe.shoe,
            found=shoe.client_seed,
            expected=expected_client,
        )
    if isinstance(shoe.decks, bool) or not 1 <= shoe.decks <= 8:
        raise FairnessError("fair.error.field", field="decks", value=shoe.decks)
    if shoe.commits or shoe.excluded:
        _check_commits(shoe)
    if shoe.server_seed is None:
        return False
    if not _HEX64.fullmatch(shoe.server_seed):
        raise FairnessError("fair.error.seed_form", shoe=shoe.shoe, value=shoe.server_seed)
    seed = bytes.fromhex(shoe.server_seed)
    if shoe.table_seed is not None and seed != derived_server_seed(shoe.table_seed, shoe.nonce):
        raise FairnessError("fair.error.table_seed", shoe=shoe.shoe, seed=shoe.table_seed)
    if commitment(seed) != shoe.commitment:
        raise FairnessError(
            "fair.error.commitment", shoe=shoe.shoe, found=commitment(seed), shown=shoe.commitment
        )
    order = shoe_order(seed, shoe.client_seed, shoe.nonce, shoe.decks)
    if len(shoe.dealt) > len(order):
        raise FairnessError("fair.error.too_many", shoe=shoe.shoe, dealt=len(shoe.dealt))
    for position, (card, expected) in enumerate(zip(shoe.dealt, order, strict=False)):
        if card != expected:
            raise FairnessError(
                "fair.error.card",
                shoe=shoe.shoe,
                position=position,
                card=str(card),
                expected=str(expected),
            )
    return True


def _check_commits(shoe: FairShoe) -> None:
    """The contributions are the values revealed, each matching its commitment, in
    commit order; ``excluded`` names exactly the committed players who did not reveal."""
    from puntobanco.fair.contributions import digest

    for c in shoe.commits:
        if c.value is None:
            continue
        if (
            not _HEX64.fullmatch(c.value)
            or digest(shoe.table, shoe.nonce, c.name, bytes.fromhex(c.value)) != c.digest
        ):
            raise FairnessError("fair.error.reveal", shoe=shoe.shoe, name=c.name)
    silent = tuple(c.name for c in shoe.commits if c.value is None)
    if shoe.excluded != silent:
        raise FairnessError(
            "fair.error.excluded",
            shoe=shoe.shoe,
            found=", ".join(shoe.excluded) or "-",
            expected=", ".join(silent) or "-",
        )
    values = tuple(c.value for c in shoe.commits if c.value is not None)
    if shoe.contributions != values:
        raise FairnessError("fair.error.values", shoe=shoe.shoe)
