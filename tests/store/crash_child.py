"""The child of the crash test: plays a casino table and a session in one log,
writing an acknowledgement line after each call returns. Run again on the same
log, it continues where the log stopped (``python crash_child.py DB ACKS COUPS``)."""

from __future__ import annotations

import sys
from pathlib import Path

from puntobanco import CasinoTable, Session
from puntobanco.coup import Outcome

NAMES = ["Ana", "Bruno", "Chloé", "Dmitri", "Eun-ji", "Fatou"]
PLAYERS = ["Ana", "Bruno", "Chloé", "Dédé"]
BOXES = ["punto", "banco", "egalite"]


def bets(coup: int, seat: int) -> list[tuple[str, int]]:
    """Each casino player's bets on each coup (odd Banco stakes: rounding)."""
    k = (coup * 5 + seat * 3) % 5
    return [
        [("banco", 1010 + 10 * seat)],
        [("punto", 1500), ("egalite", 500)],
        [("banco", 2000)],
        [("punto", 1000 + 250 * seat)],
        [("egalite", 700)],
    ][k]


def main(db: str, acks: Path, coups: int) -> None:
    with acks.open("a", encoding="utf-8") as ack:

        def done(line: str) -> None:
            ack.write(line + "\n")
            ack.flush()

        casino = CasinoTable(seed=77, db=db, table="club")
        session = Session(PLAYERS, seed=78, db=db, table="friday", deals=coups)
        for name in NAMES:
            if casino.state.find(name) is None:
                casino.sit(name, 5_000_000)
                done(f"sit club {name}")
        while casino.state.completed < coups or not session.finished:
            if casino.state.completed < coups:
                n = casino.coup_number
                for seat, name in enumerate(NAMES):
                    for box, stake in bets(n, seat):
                        if casino.bets(name).get(Outcome.parse(box)) != stake:
                            casino.bet(name, box, stake)
                            done(f"bet club {n} {name} {box} {stake}")
                casino.deal()
                done(f"deal club {n}")
            if not session.finished:
                n = session.coup_number
                for seat, name in enumerate(PLAYERS):
                    box = BOXES[(n + seat) % 3]
                    if session.predictions[name] is None:
                        session.predict(name, box)
                        done(f"bet friday {n} {name} {box} 20")
                session.deal()
                done(f"deal friday {n}")
        casino.close()
        session.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]))
