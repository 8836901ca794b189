"""The examples of docs/engine.md run as written and print what the page says."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).parents[2] / "docs" / "engine.md"


def examples() -> list[tuple[str, str]]:
    text = PAGE.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(
        r"```python\n(.*?)```\n\nprints( `(.*?)`\.|\n\n```\n(.*?)```)", text, re.S
    ):
        expected = match.group(3) if match.group(3) is not None else match.group(4)
        found.append((match.group(1), expected.strip()))
    return found


@pytest.mark.parametrize("code, expected", examples())
def test_the_example_prints_what_the_page_says(
    code: str, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(PAGE), "exec"), {})  # noqa: S102 - the page's own code
    assert out.getvalue().strip() == expected
    # The log, and the key that seals its cards to come beside it (``store.seal``).
    assert sorted(os.listdir(tmp_path)) in ([], ["club.db"], ["club.db", "club.db.key"])


def test_the_page_has_examples() -> None:
    assert len(examples()) == 4
