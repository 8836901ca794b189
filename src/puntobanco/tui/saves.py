"""Games kept on disk: a game's settings and its actions, replayed to resume.

One JSON file per game under the store folder (``--store``, else
``$PUNTOBANCO_HOME``, else ``~/.local/share/puntobanco/games``). The shoes
are seeded, so replaying the actions deals the same cards again.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from puntobanco.tui.games import AssistGame, CasinoGame, SessionGame

Game = SessionGame | CasinoGame


def default_folder() -> Path:
    """Where games are kept when no ``--store`` is given."""
    home = os.environ.get("PUNTOBANCO_HOME")
    if home:
        return Path(home) / "games"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "puntobanco" / "games"


@dataclass(slots=True)
class Store:
    """A folder of saved games."""

    folder: Path

    def new_path(self, mode: str) -> Path:
        """A fresh file name for a game that starts now."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.folder / f"{stamp}-{mode}.json"
        n = 1
        while path.exists():
            n += 1
            path = self.folder / f"{stamp}-{mode}-{n}.json"
        return path

    def save(self, path: Path, game: Game, *, finished: bool) -> None:
        """Write the game (atomically: a crash never leaves half a file)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        record = {"version": 1, **game.settings(), "finished": finished, "actions": game.actions}
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)

    def latest_unfinished(self, modes: tuple[str, ...]) -> Path | None:
        """The most recent game of one of ``modes`` that was not played to its end."""
        if not self.folder.is_dir():
            return None
        for path in sorted(self.folder.glob("*.json"), reverse=True):
            try:
                record = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if not record.get("finished") and record.get("mode") in modes:
                return path
        return None


def load(path: Path) -> Game:
    """Build the game saved in ``path`` again by replaying its actions."""
    record = json.loads(path.read_text(encoding="utf-8"))
    mode = record["mode"]
    game: Game
    if mode == "session":
        game = SessionGame(record["names"], seed=record["seed"])
    elif mode == "assist":
        game = AssistGame(record["names"], decks=record["decks"], reshuffle=record["reshuffle"])
    else:
        game = CasinoGame(
            record["name"], seed=record["seed"], bots=record["bots"], croupier=mode == "croupier"
        )
    for action in record["actions"]:
        game.apply(action)
    return game
