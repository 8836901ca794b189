"""The dealer's assistant's sessions kept on disk, to resume them.

Sessions played with the table's own shoes live in the table's event store
(``puntobanco.store``). A session with physical cards has no shoe order to
store: it is kept as the host's actions (predictions, typed cards, undos) in
one JSON file per session, and rebuilt by replaying them.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from puntobanco.tui.games import AssistGame


@dataclass(slots=True)
class AssistSaves:
    """A folder of assisted sessions."""

    folder: Path

    def new_path(self) -> Path:
        """A fresh file name for a session that starts now."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.folder / f"assist-{stamp}.json"
        n = 1
        while path.exists():
            n += 1
            path = self.folder / f"assist-{stamp}-{n}.json"
        return path

    def save(self, path: Path, game: AssistGame, *, finished: bool) -> None:
        """Write the session (atomically: a crash never leaves half a file)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        record = {"version": 1, **game.settings(), "finished": finished, "actions": game.actions}
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)

    def latest_unfinished(self) -> Path | None:
        """The most recent session that was not played to its end."""
        if not self.folder.is_dir():
            return None
        for path in sorted(self.folder.glob("assist-*.json"), reverse=True):
            try:
                record = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if not record.get("finished"):
                return path
        return None


def load(path: Path) -> AssistGame:
    """Build the session saved in ``path`` again by replaying its actions."""
    record = json.loads(path.read_text(encoding="utf-8"))
    game = AssistGame(record["names"], decks=record["decks"], reshuffle=record["reshuffle"])
    for action in record["actions"]:
        game.apply(action)
    return game
