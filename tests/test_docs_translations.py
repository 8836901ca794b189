"""The French and Spanish outputs quoted in the README and in docs/ are what the
commands print today (and the README's English ones of ``coup`` and ``odds``): each
``$ puntobanco --lang fr ...`` or ``--lang es`` line of a
fenced block is run in this process (``puntobanco.cli.main``) and what it prints
(standard output, then standard error, as a terminal shows them) is compared with
the lines quoted under it, up to the next ``$`` line or the end of the block,
character for character, no-break spaces included. A line ``...`` in a quote stands
for lines left out: the lines before it must begin the output, the lines after it
end it (or come next, when another ``...`` follows).

A command that reads a log (``--db FILE``) runs in a folder where ``FILE`` holds the
tables that the page's examples put there (``LOGS``).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from puntobanco.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A command in another language than English, as the pages write it.
COMMAND = re.compile(r"^\$ puntobanco (?:.* )?--lang (?:fr|es)(?: |$)")
#: The README's English examples of the commands whose output depends on nothing but
#: their arguments (no clock, no log): quoted as they print too.
ENGLISH = re.compile(r"^\$ puntobanco --lang en (?:coup|odds) ")
ELIDED = "..."


class Quote(NamedTuple):
    """One command of a page and the output quoted under it."""

    page: str
    line: int
    command: str
    output: list[str]


def quotes() -> list[Quote]:
    """Every French or Spanish command of the pages' fenced blocks, with its output."""
    found: list[Quote] = []
    for page in PAGES:
        fenced = False
        current: Quote | None = None
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                fenced = not fenced
                current = None
            elif fenced and line.startswith("$ "):
                current = None
                readme = page.name == "README.md"
                if COMMAND.match(line) or (readme and ENGLISH.match(line)):
                    current = Quote(page.relative_to(ROOT).as_posix(), number, line[2:], [])
                    found.append(current)
            elif current is not None:
                current.output.append(line)
    for quote in found:
        while quote.output and not quote.output[-1].strip():
            quote.output.pop()  # the blank line between two commands of one block
    return found


def game_db(folder: Path) -> None:
    """docs/tables.md's ``game.db``: its session, then its casino table ``club``."""
    from puntobanco import CasinoTable, Session

    db = str(folder / "game.db")
    Session(["Ana", "Bruno", "Chloé"], seed=7, db=db)
    CasinoTable(decks=6, seed=1, db=db, table="club")


#: The logs that the pages' commands read, made as the pages make them.
LOGS: dict[str, Callable[[Path], None]] = {"game.db": game_db}


def printed(command: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines ``command`` prints, run in ``folder``."""
    argv = shlex.split(command)
    assert argv[0] == "puntobanco", command
    assert not {"|", ">", "<", "&", ";"} & set(argv), f"not one command: {command}"
    if "--db" in argv:
        db = argv[argv.index("--db") + 1]
        assert db in LOGS, f"{command}: no recipe for {db} in LOGS"
        LOGS[db](folder)
    monkeypatch.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(argv[1:])
    return (out.getvalue() + err.getvalue()).splitlines()


def matches(quoted: list[str], shown: list[str]) -> bool:
    """``shown`` is ``quoted``, where a line ``...`` of ``quoted`` stands for any lines."""
    parts: list[list[str]] = [[]]
    for line in quoted:
        if line == ELIDED:
            parts.append([])
        else:
            parts[-1].append(line)
    if len(parts) == 1:
        return shown == quoted
    first, *middle, last = parts
    if shown[: len(first)] != first or shown[len(shown) - len(last) :] != last:
        return False
    at, end = len(first), len(shown) - len(last)
    if at > end:
        return False
    for part in middle:
        found = next(
            (i for i in range(at, end - len(part) + 1) if shown[i : i + len(part)] == part), None
        )
        if found is None:
            return False
        at = found + len(part)
    return True


QUOTES = quotes()


def test_the_pages_quote_the_french_and_spanish_examples_this_test_checks() -> None:
    where = {(q.page, q.command.split(" --lang ")[1].split()[1]) for q in QUOTES}
    assert ("README.md", "coup") in where and ("README.md", "odds") in where
    assert ("docs/roads.md", "roads") in where and ("docs/tables.md", "history") in where
    assert all(q.output for q in QUOTES), [q for q in QUOTES if not q.output]


@pytest.mark.parametrize("quote", QUOTES, ids=[f"{q.page}:{q.line}" for q in QUOTES])
def test_a_quoted_output_is_what_the_command_prints(
    quote: Quote, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    shown = printed(quote.command, tmp_path, monkeypatch)
    assert matches(quote.output, shown), "\n".join(
        [f"{quote.page}:{quote.line}: $ {quote.command}", "quoted:", *quote.output]
        + ["printed:", *shown]
    )


@pytest.mark.parametrize(
    ("quoted", "shown", "ok"),
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "b"], ["a", "b", "c"], False),
        (["a", ELIDED, "d"], ["a", "b", "c", "d"], True),
        (["a", ELIDED, "d"], ["a", "d"], True),
        (["a", ELIDED, "c", ELIDED, "e"], ["a", "b", "c", "d", "e"], True),
        (["a", ELIDED, "x", ELIDED, "e"], ["a", "b", "c", "d", "e"], False),
        (["a", ELIDED, "d"], ["a", "b", "c", "e"], False),
        (["a", "b", ELIDED, "b", "c"], ["a", "b", "c"], False),  # lines are not shared
    ],
)
def test_an_elision_stands_for_lines_left_out_and_nothing_else(
    quoted: list[str], shown: list[str], ok: bool
) -> None:
    assert matches(quoted, shown) is ok
