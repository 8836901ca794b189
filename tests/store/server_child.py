"""A process of the several-servers tests (``python server_child.py ROLE URL ACKS``).

``listen``: subscribes to the table ``club`` and prints, for each commit heard,
its event count and the (system-wide) monotonic time. ``owner``: claims
``club`` and plays the script; ``standby``: waits until it can claim ``club``
(its owner died), prints the time it took it, and plays the script from the
start. The script sends every command with an id, so commands that the dead
owner applied are not applied again; an acknowledgement line is written after
each command returns (the engine stores each id as its sender's: ``host::ID``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from puntobanco.engine import Bet, Committed, Deal, Engine

COUPS = 12
PLAYERS = [("Ana", 10_000_000), ("Bruno", 10_000_000), ("Chloé", 10_000_000)]
SETTINGS = {"seed": 77}


def script(engine: Engine, ack: Path | None, pace: float = 0.0) -> None:
    """Open the table (if needed) and play every coup, each command with its id
    (``pace`` seconds after each, as a person would)."""
    with (ack or Path("/dev/null")).open("a", encoding="utf-8") as out:
        engine.open("club", "casino", settings=SETTINGS, players=PLAYERS)
        for n in range(1, COUPS + 1):
            for seat, (name, _) in enumerate(PLAYERS):
                box = ["banco", "punto", "egalite"][(n + seat) % 3]
                stake = 1010 + 10 * seat if box != "egalite" else 500
                do(engine, Bet(name, box, stake), f"b{n}-{name}")
                out.write(f"b{n}-{name}\n")
                out.flush()
                time.sleep(pace)
            do(engine, Deal(), f"d{n}")
            out.write(f"d{n}\n")
            out.flush()
            time.sleep(pace)


def do(engine: Engine, command: Bet | Deal, id: str) -> None:
    engine.do("club", command, id=id)


def main(role: str, url: str, acks: Path) -> None:
    engine = Engine(url)
    if role == "listen":

        def heard(committed: Committed) -> None:
            print(committed.seq, time.monotonic(), flush=True)

        engine.subscribe("club", heard)
        print("listening", flush=True)
        sys.stdin.read()  # until the test closes our input
    elif role == "owner":
        engine.open("club", "casino", settings=SETTINGS, players=PLAYERS)
        assert engine.claim("club")
        print("owned", flush=True)
        script(engine, acks, pace=0.05)
    else:
        print("standing by", flush=True)
        while not engine.take_over(["club"]):
            time.sleep(0.02)
        print("took", time.monotonic(), flush=True)
        script(engine, acks)
    engine.shutdown()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], Path(sys.argv[3]))
