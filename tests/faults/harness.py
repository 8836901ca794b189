"""The fault-injection suite's harness, shared by its tests and ``bench/bench_faults.py``.

Players and a host send commands to ``serve`` over HTTP, each with an ``id``, and send
the same ``id`` again (to the next address they were given) until they get an answer
that is not "try again": a server killed, a 503, a 429 are retried, never given up.
Every answer is kept. ``check`` then reads the table's log and asks, without trusting
the server's own bookkeeping:

- nothing acknowledged lost: each acknowledged command's events stand in the log at
  the numbers its answer gave;
- nothing acted twice: every event the players' commands made belongs to exactly one
  acknowledged command (an event no answer owns is a command acted although refused,
  or acted twice), and no bet, unique by its stake, is stored twice;
- the coups re-settled: each coup's cards are dealt again by the tableau written out
  here, each open bet is paid, returned or collected by the standard paytable, and
  the result is compared with the log's settlement and with the balances the server
  shows each player.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from puntobanco.store import EventStore
from puntobanco.table.codec import to_dict

#: Answers that mean "not done, send the same id again".
RETRY = frozenset({429, 500, 502, 503, 504})
BOXES = ("punto", "banco", "egalite")
#: The test hook that makes a store kill its process (kill -9) right after its Nth commit,
#: before any answer goes out: the commit made, its answers lost.
KILL_AFTER_COMMIT = "PUNTOBANCO_TEST_KILL_AFTER_COMMIT"
BANKROLL = 100_000_000  # 1,000,000.00: no player runs out in a run
GIVE_UP = 120.0  # seconds a client sends one command again before the run fails


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve:
    """``python -m puntobanco serve --db DB`` on a loopback port that stays the same
    across restarts; its output appended to ``log``."""

    def __init__(self, db: str, log: Path, *, port: int | None = None) -> None:
        self.db = db
        self.log = log
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.child: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def start(self, env: dict[str, str] | None = None, *, wait: bool = True) -> None:
        base = {k: v for k, v in os.environ.items() if not k.startswith("PUNTOBANCO_")}
        argv = [sys.executable, "-m", "puntobanco", "serve", "--db", self.db]
        with self.log.open("ab") as out:
            self.child = subprocess.Popen(
                [*argv, "--port", str(self.port)],
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**base, **(env or {})},
            )
        self.starts += 1
        if wait:
            self.wait_ready()

    def wait_ready(self, timeout: float = 60) -> None:
        assert self.child is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.child.poll() is not None:
                return  # it died (a kill after a commit may come at once): the caller sees
            try:
                if httpx.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"serve did not answer: {self.log.read_text()[-2000:]}")

    def wait_dead(self, timeout: float) -> None:
        """Wait for the process to end by itself; kill -9 it after ``timeout`` s."""
        assert self.child is not None
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.child.wait(timeout)
        self.kill()

    def alive(self) -> bool:
        return self.child is not None and self.child.poll() is None

    def kill(self) -> None:
        """kill -9, and wait for the process to be gone."""
        if self.child is not None:
            if self.child.poll() is None:
                self.child.send_signal(signal.SIGKILL)
            self.child.wait(30)

    def stop(self) -> None:
        """A clean stop (SIGTERM), as systemd gives."""
        if self.child is not None and self.child.poll() is None:
            self.child.send_signal(signal.SIGTERM)
            try:
                self.child.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


@dataclass(frozen=True)
class Seat:
    """A player's or the host's token at a table."""

    table: str
    name: str  # the player's name; "" for the host
    token: str


@dataclass
class Answers:
    """Every answer each command got, by (table, sender, id); and the tries."""

    answers: dict[tuple[str, str, str], list[tuple[int, Any]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    tries: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: Each seat's command numbers, carried on from one round of play to the next, so
    #: that an id and a stake are never used twice in a run.
    numbers: dict[str, Iterator[int]] = field(default_factory=dict)

    def number(self, seat: Seat) -> int:
        with self.lock:
            return next(self.numbers.setdefault(seat.token, itertools.count(1)))

    def add(self, key: tuple[str, str, str], status: int, body: Any) -> None:
        with self.lock:
            self.answers[key].append((status, body))

    def final(self) -> dict[tuple[str, str, str], tuple[int, Any]]:
        """Each command's definitive answer (the last; ``check`` asks that any other
        definitive answer to the same id was the same)."""
        return {k: v[-1] for k, v in self.answers.items() if v and v[-1][0] not in RETRY}


def open_tables(url: str, tables: int, players: int, seed: int) -> list[list[Seat]]:
    """``tables`` casino tables (the dealer turns every card) of ``players`` players
    each, opened before any fault: each table's seats, the host's first."""
    opened: list[list[Seat]] = []
    with httpx.Client(base_url=url, timeout=30) as client:
        for n in range(tables):
            settings = {"seed": seed + n, "turn_seconds": None, "bankroll": BANKROLL}
            t = client.post("/api/tables", json={"format": "casino", "settings": settings})
            assert t.status_code == 201, t.text
            table = t.json()["table"]
            seats = [Seat(table, "", t.json()["host_token"])]
            for p in range(players):
                name = f"P{n}{p}"
                j = client.post(f"/api/tables/{table}/players", json={"name": name})
                assert j.status_code == 201, j.text
                client.cookies.clear()
                seats.append(Seat(table, name, j.json()["token"]))
            opened.append(seats)
    return opened


class Client(threading.Thread):
    """One seat's phone: a command, sent with the same id until it is answered for
    good, then the next; the host deals, a player bets (a stake no other bet of the
    run has) or now and then takes a bet back."""

    def __init__(
        self,
        seat: Seat,
        addresses: Callable[[], Sequence[str]],
        answers: Answers,
        stop: threading.Event,
        rng: random.Random,
        pace: float,
    ) -> None:
        super().__init__(daemon=True)
        self.seat = seat
        self.addresses = addresses
        self.answers = answers
        self.halt = stop
        self.rng = rng
        self.pace = pace
        self.failed: BaseException | None = None

    def body(self, n: int) -> dict[str, Any]:
        if not self.seat.name:
            return {"id": f"deal-{n}", "type": "Deal"}
        if self.rng.random() < 0.1:
            return {"id": f"w-{n}", "type": "Withdraw", "box": self.rng.choice(BOXES[:2])}
        box = self.rng.choices(BOXES, weights=(45, 45, 10))[0]
        return {"id": f"b-{n}", "type": "Bet", "box": box, "stake": 1000 + n}

    def send(self, client: httpx.Client, body: dict[str, Any]) -> None:
        key = (self.seat.table, self.seat.name, str(body["id"]))
        headers = {"Authorization": f"Bearer {self.seat.token}"}
        path = f"/api/tables/{self.seat.table}/commands"
        deadline = time.monotonic() + GIVE_UP
        for address in itertools.cycle(self.addresses()):
            assert time.monotonic() < deadline, f"{key}: no answer for good in {GIVE_UP} s"
            with self.answers.lock:
                self.answers.tries += 1
            try:
                r = client.post(address + path, json=body, headers=headers)
            except httpx.TransportError:
                time.sleep(0.1)
                continue
            self.answers.add(key, r.status_code, r.json() if r.content else None)
            if r.status_code not in RETRY:
                return
            time.sleep(0.1 if r.status_code == 429 else 0.05)

    def run(self) -> None:
        try:
            with httpx.Client(timeout=30) as client:
                while not self.halt.is_set():
                    time.sleep(
                        self.rng.uniform(0.5, 1.5) * self.pace * (1 if self.seat.name else 3)
                    )
                    self.send(client, self.body(self.answers.number(self.seat)))
        except BaseException as error:  # reported by the harness, never lost in a thread
            self.failed = error


@contextmanager
def playing(
    seats: Sequence[Sequence[Seat]],
    addresses: Callable[[Seat], Sequence[str]],
    answers: Answers,
    *,
    seed: int,
    pace: float = 0.15,
) -> Iterator[None]:
    """Every seat's client plays while the block runs; on leaving, each finishes the
    command it is sending (so the servers must be up then)."""
    stop = threading.Event()
    rng = random.Random(seed)
    clients = [
        Client(s, functools.partial(addresses, s), answers, stop, random.Random(rng.random()), pace)
        for table in seats
        for s in table
    ]
    for c in clients:
        c.start()
    try:
        yield
    finally:
        stop.set()
        for c in clients:
            c.join(120)
    for c in clients:
        assert not c.is_alive(), f"{c.seat} still sending"
        if c.failed is not None:
            raise c.failed


# The rules, written out again for the check (not the library's): a card's point, the
# tableau, and the standard paytable (Banco 19/20 rounded down to the cent, Punto 1:1,
# Égalité 8:1, Punto and Banco returned on a tie).


def point(card: str) -> int:
    rank = card[:-1]
    return 1 if rank == "A" else int(rank) % 10 if rank.isdigit() else 0


def total(cards: Sequence[str]) -> int:
    return sum(point(c) for c in cards) % 10


def tableau(cards: Sequence[str]) -> tuple[int, int]:
    """Punto's and Banco's points from the cards in dealing order; AssertionError if
    the cards are not what the tableau deals."""
    punto, banco, rest = [cards[0], cards[2]], [cards[1], cards[3]], list(cards[4:])
    if total(punto) < 8 and total(banco) < 8:
        third = None
        if total(punto) <= 5:
            assert rest, f"cards {cards} are not the tableau's: Punto's third is missing"
            third = point(rest.pop(0))
            punto.append(cards[4])
        b = total(banco)
        if third is None:
            draws = b <= 5
        else:
            draws = (
                b <= 2
                or (b == 3 and third != 8)
                or (b == 4 and 2 <= third <= 7)
                or (b == 5 and 4 <= third <= 7)
                or (b == 6 and third in (6, 7))
            )
        if draws:
            assert rest, f"cards {cards} are not the tableau's: Banco's third is missing"
            banco.append(rest.pop(0))
    assert not rest, f"cards {cards} are not the tableau's"
    return total(punto), total(banco)


def settle(box: str, stake: int, punto: int, banco: int) -> tuple[str, int]:
    """A bet's fate: ("BetPaid", win), ("BetReturned", 0) or ("BetCollected", 0)."""
    winner = "egalite" if punto == banco else "punto" if punto > banco else "banco"
    if box == winner:
        win = {"punto": stake, "banco": stake * 19 // 20, "egalite": 8 * stake}[box]
        return "BetPaid", win
    if winner == "egalite":
        return "BetReturned", 0
    return "BetCollected", 0


@dataclass
class Figures:
    """What a run showed."""

    kills: int = 0
    commands: int = 0  # acknowledged commands checked at their numbers
    refused: int = 0  # commands answered with a refusal (checked to have done nothing)
    lost: int = 0
    duplicated: int = 0
    coups: int = 0
    settlement_errors: int = 0
    balance_errors: int = 0
    retries: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        for name in ("commands", "refused", "lost", "duplicated", "coups"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.settlement_errors += other.settlement_errors
        self.balance_errors += other.balance_errors
        self.problems += other.problems


#: Events a player is shown in their public form: the shoe's order, its burned cards and
#: the next shoe's seed stay in the log, the answer carries a commitment or a count.
SECRET = frozenset({"ShoeShuffled", "ShoeBurned", "NextShoeCommitted"})


def same(shown: dict[str, Any], stored: dict[str, Any]) -> bool:
    """Whether an event of an answer is the event stored (by kind alone for the events
    whose secrets an answer leaves out)."""
    return shown == stored or (shown["type"] == stored["type"] and shown["type"] in SECRET)


def check(
    store: EventStore,
    seats: Sequence[Seat],
    answers: Answers,
    balances: dict[str, tuple[int, int]] | None = None,
) -> Figures:
    """The log of ``seats``' table against every answer its commands got (see the
    module's docstring); ``balances``: each player's balance as the server shows it."""
    table = seats[0].table
    found = Figures()
    log = [to_dict(r.event) for r in store.load(table)]
    first = answers.final()
    owner: dict[int, tuple[str, str]] = {}
    for (t, name, cid), (status, body) in sorted(first.items()):
        if t != table:
            continue
        definitive = {
            repr(b) for s, b in answers.answers[(t, name, cid)] if s not in RETRY and s == 200
        }
        if status != 200:
            found.refused += 1
            if definitive:  # acknowledged once, refused when sent again
                found.duplicated += 1
                found.problems.append(f"{name or 'host'} {cid}: acknowledged, then {body}")
            continue
        found.commands += 1
        if len(definitive) > 1:
            found.duplicated += 1
            found.problems.append(f"{name or 'host'} {cid}: answered differently when sent again")
        seq, events = body["seq"], body["events"]
        stored = log[seq - len(events) : seq]
        if not all(map(same, events, stored)) or len(stored) != len(events):
            found.lost += 1
            found.problems.append(f"{name or 'host'} {cid}: {events} not at {seq}: {stored}")
        for n in range(seq - len(events), seq):
            if n in owner:
                found.duplicated += 1
                found.problems.append(f"event {n + 1} answered to {owner[n]} and {cid}")
            owner[n] = (name, cid)
    opened = max(i for i, e in enumerate(log) if e["type"] == "PlayerSeated") + 1
    unowned = [n for n in range(opened, len(log)) if n not in owner]
    if unowned:
        found.duplicated += len({log[n]["type"] for n in unowned} & {"BetPlaced", "CoupDealt"})
        found.problems.append(f"events no answer owns: {[log[n] for n in unowned][:5]}")
    bets = Counter((e["name"], e["stake"]) for e in log if e["type"] == "BetPlaced")
    twice = [b for b, k in bets.items() if k > 1]
    found.duplicated += len(twice)
    if twice:
        found.problems.append(f"bets stored twice: {twice}")
    resettle(log, found, balances)
    return found


def resettle(
    log: Sequence[dict[str, Any]], found: Figures, shown: dict[str, tuple[int, int]] | None
) -> None:
    """Each coup settled again from its cards; each player's balance (what was won and
    lost since the seat was taken) and what is available (less the bets on the table)
    followed from the log's seats, bets and withdrawals, and compared with ``shown``."""
    balance: dict[str, int] = {}
    open_bets: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    settled: dict[int, list[tuple[str, str, str, int, int]]] = defaultdict(list)
    mine: dict[int, list[tuple[str, str, str, int, int]]] = {}
    for e in log:
        kind = e["type"]
        if kind == "PlayerSeated":
            balance[e["name"]] = e["bankroll"]
        elif kind == "BetPlaced":
            open_bets[e["name"]][e["box"]] += e["stake"]
        elif kind == "BetWithdrawn":
            if open_bets[e["name"]][e["box"]] != e["stake"]:
                found.settlement_errors += 1
                found.problems.append(f"withdrawn {e}, open {dict(open_bets[e['name']])}")
            open_bets[e["name"]][e["box"]] = 0
        elif kind == "CoupDealt":
            found.coups += 1
            try:
                punto, banco = tableau(e["cards"])
            except AssertionError as wrong:
                found.settlement_errors += 1
                found.problems.append(str(wrong))
                continue
            fates = []
            for name, boxes in sorted(open_bets.items()):
                for box, stake in sorted(boxes.items()):
                    if stake:
                        fate, win = settle(box, stake, punto, banco)
                        fates.append((fate, name, box, stake, win))
                        balance[name] += -stake if fate == "BetCollected" else win
            open_bets.clear()
            mine[e["coup"]] = sorted(fates)
        elif kind in ("BetPaid", "BetReturned", "BetCollected"):
            win = e.get("win", 0)
            settled[e["coup"]].append((kind, e["name"], e["box"], e["stake"], win))
    for coup, fates in mine.items():
        if sorted(settled[coup]) != fates:
            found.settlement_errors += 1
            found.problems.append(
                f"coup {coup}: the log {sorted(settled[coup])}, the cards {fates}"
            )
    for name, (money, available) in (shown or {}).items():
        mine_now = (balance.get(name), balance.get(name, 0) - sum(open_bets[name].values()))
        if mine_now != (money, available):
            found.balance_errors += 1
            found.problems.append(f"{name}: shown {(money, available)}, re-settled {mine_now}")


def balances_shown(
    url: str, seats: Sequence[Seat], *, client: Any = None
) -> dict[str, tuple[int, int]]:
    """Each player's balance and what is available, as the server at ``url`` (or the
    ``client`` given) shows them to the player."""
    shown = {}
    with contextlib.ExitStack() as stack:
        http = client or stack.enter_context(httpx.Client(timeout=30))
        for s in seats:
            if s.name:
                headers = {"Authorization": f"Bearer {s.token}"}
                view = http.get(f"{url}/api/tables/{s.table}/view", headers=headers)
                assert view.status_code == 200, view.text
                me = view.json()["me"]
                shown[s.name] = (int(me["balance"]), int(me["available"]))
    return shown
