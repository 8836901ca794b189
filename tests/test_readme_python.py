"""The README's Python example of the event log runs as written, and gives the
scores it shows however many times it is run (a second run used to continue the
stored session and print others)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def example() -> str:
    text = README.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    (found,) = [b for b in blocks if 'db="game.db"' in b]
    return str(found)


def test_the_log_example_shows_its_scores_run_after_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code = example()
    line = next(li for li in code.splitlines() if li.startswith("s.scores  # "))
    shown = ast.literal_eval(line.split("# ", 1)[1])
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        scope: dict[str, object] = {}
        exec(compile(code, "README.md", "exec"), scope)  # noqa: S102 - the page's own example
        assert scope["s"].scores == shown  # type: ignore[attr-defined]
        scope["s"].close()  # type: ignore[attr-defined]
