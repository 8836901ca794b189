"""docs/learn.md runs as written: each ``$ puntobanco ...`` of its fenced blocks prints
the lines quoted under it (an ``$ echo '...' > FILE`` before it writes the answers'
file it reads), and its Python example prints the block that follows it."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from tests.test_docs_translations import matches, printed

PAGE = Path(__file__).resolve().parents[1] / "docs" / "learn.md"
ECHO = re.compile(r"^echo '(?P<text>[^']*)' > (?P<file>[\w.-]+)$")


def blocks() -> list[tuple[str, list[str]]]:
    """Each fenced block of the page: its language and its lines."""
    found: list[tuple[str, list[str]]] = []
    current: list[str] | None = None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            if current is None:
                current = []
                found.append((line[3:].strip(), current))
            else:
                current = None
        elif current is not None:
            current.append(line)
    return found


def commands() -> list[tuple[str, list[str]]]:
    """Each ``$`` line of the page's shell blocks and the output quoted under it."""
    out: list[tuple[str, list[str]]] = []
    for language, lines in blocks():
        if language:
            continue
        for line in lines:
            if line.startswith("$ "):
                out.append((line[2:], []))
            elif out:
                out[-1][1].append(line)
    return [(command, _trimmed(quoted)) for command, quoted in out]


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def test_the_page_shows_every_drill_and_both_commands() -> None:
    text = PAGE.read_text(encoding="utf-8")
    shown = " ".join(c for c, _ in commands())
    for kind in ("third-card", "totals", "winner", "payout", "call", "count", "dealer"):
        assert f"| `{kind}` |" in text, kind
    for kind in ("third-card", "payout", "winner", "call", "count"):
        assert f"drill {kind}" in shown, kind
    assert "--answers" in shown and "--json" in shown and "puntobanco learn" in text


def test_every_command_of_the_page_prints_what_the_page_quotes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    ran = 0
    for command, quoted in commands():
        echo = ECHO.match(command)
        if echo:
            (tmp_path / echo["file"]).write_text(echo["text"], encoding="utf-8")
            continue
        assert shlex.split(command)[0] == "puntobanco", command
        shown = printed(command, tmp_path, monkeypatch)
        assert matches(quoted, shown), "\n".join([command, *quoted, "printed:", *shown])
        ran += 1
    assert ran >= 8


def test_the_python_examples_print_what_the_page_says() -> None:
    """The drills' example and the classroom's each print the block under them."""
    found = blocks()
    examples = [i for i, (language, _) in enumerate(found) if language == "python"]
    assert len(examples) == 2
    for code in examples:
        language, expected = found[code + 1]
        assert language == "text"
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile("\n".join(found[code][1]), str(PAGE), "exec"), {})  # noqa: S102
        assert out.getvalue().splitlines() == expected
