"""Generated bad input to every command: a non-zero status, a sentence on
standard error, never a traceback, and the game log left as it was.

Commands run in this process through ``puntobanco.cli.main`` (argparse's
refusals are its ``SystemExit``); each case builds input that is wrong by
construction, so a success is a bug too.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import sqlite3
import string
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puntobanco.cards import parse_cards
from puntobanco.cli import COMMANDS, main
from puntobanco.errors import PuntoBancoError
from puntobanco.paytable import PAYTABLES
from puntobanco.roads import parse_results

EXAMPLES = 250  # per command: about 3,000 cases in all, a few seconds each command
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class Place:
    """The files the cases point at: one good log and every kind of wrong path."""

    def __init__(self, root: Path) -> None:
        from puntobanco import Session

        self.root = root
        self.db = root / "game.db"
        s = Session(["Ana", "Bruno"], seed=7, db=self.db)
        s.predict("Ana", "banco")
        s.predict("Bruno", "egalite")
        s.deal()
        s.close()
        (root / "notadb.db").write_text("hello\n")
        (root / "folder").mkdir()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["export", "session", "--db", str(self.db)]) == 0
        self.export = out.getvalue()
        (root / "session.jsonl").write_text(self.export)
        self.bad_dbs = [
            str(root / "folder"),
            str(root / "notadb.db"),
            str(root / "notadb.db" / "below.db"),
            "/proc/puntobanco.db",
        ]
        self.missing_dbs = [str(root / "missing.db"), str(root / "nowhere" / "x.db")]

    def dump(self) -> list[str]:
        """The log's whole content, row by row."""
        with contextlib.closing(sqlite3.connect(self.db)) as db:
            return list(db.iterdump())


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Place:
    return Place(tmp_path_factory.mktemp("fuzz"))


@pytest.fixture(autouse=True)
def _nothing_starts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    def started(app: object) -> int:
        raise AssertionError("the terminal game started on bad input")

    import puntobanco.cli.assist
    import puntobanco.cli.play

    monkeypatch.setattr(puntobanco.cli.play, "run_app", started)
    monkeypatch.setattr(puntobanco.cli.assist, "run_app", started)
    if importlib.util.find_spec("numba") is not None:
        import puntobanco.sim.runner

        def simulated(*args: object, **kwargs: object) -> bool:
            raise AssertionError("the simulation started on bad input")

        monkeypatch.setattr(puntobanco.sim.runner, "run_local", simulated)
    yield


def check_refused(place: Place, argv: list[str]) -> None:
    """``argv`` ends in a non-zero status and one sentence; the log is unchanged."""
    before = place.dump()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code: object = main(argv)
        except SystemExit as stop:
            code = stop.code
        except Exception:  # anything else is a traceback a person would read
            pytest.fail(f"{argv!r} raised:\n{traceback.format_exc()}")
    message = err.getvalue()
    assert code not in (0, None), (argv, out.getvalue())
    assert message.strip(), argv
    assert "Traceback" not in message, (argv, message)
    assert place.dump() == before, argv


# -- what is wrong, by kind ----------------------------------------------------------

WORD = st.text(string.ascii_letters + string.digits + string.punctuation + "♥♦éß\u202e", min_size=1)
LANG = st.sampled_from([[], ["--lang", "fr"], ["--lang", "es"], ["--lang", "en"]])


def _not(parse: Callable[[str], object]) -> Callable[[str], bool]:
    def bad(token: str) -> bool:
        try:
            parse(token)
        except (PuntoBancoError, ValueError):
            return True
        return False

    return bad


# Text that leaves a list of cards (results) wrong wherever it is put: ``parse_cards`` and
# ``parse_results`` read separators of their own, so a word is judged after a good token.
NOT_A_CARD = WORD.filter(lambda w: " " not in w).filter(_not(lambda w: parse_cards(f"5h {w}")))
NOT_A_RESULT = WORD.filter(lambda w: " " not in w).filter(_not(lambda w: parse_results(f"B {w}")))
NOT_WHOLE = st.one_of(
    st.floats().filter(lambda f: not f.is_integer()).map(str),  # "1e+16" is a whole number
    st.text(string.ascii_letters, min_size=1),
    st.just(""),
)
CARDS = st.lists(st.sampled_from([f"{r}{s}" for r in "A23456789TJQK" for s in "hsdc"]), max_size=10)


def out_of(low: int, high: int) -> st.SearchStrategy[str]:
    """A whole number outside ``low..high``, or not a whole number at all."""
    return st.one_of(
        st.integers(max_value=low - 1).map(str),
        st.integers(min_value=high + 1).map(str),
        NOT_WHOLE,
    )


def bad_db(place: Place, *, reader: bool) -> st.SearchStrategy[str]:
    return st.sampled_from(place.bad_dbs + (place.missing_dbs if reader else []))


def bad_output(place: Place) -> st.SearchStrategy[str]:
    root = place.root
    return st.sampled_from(
        [
            str(root / "folder"),
            str(root / "nowhere" / "run.csv"),
            str(root / "notadb.db" / "run.csv"),
            "/dev/full",
        ]
    )


def bad_plot(place: Place) -> st.SearchStrategy[str]:
    root = place.root
    return st.sampled_from(
        [str(root / "nowhere" / "p.png"), str(root / "notadb.db" / "p.svg"), str(root / "folder")]
        + [str(root / f"p.{e}") for e in ("txt", "csv", "", "png.txt")]
        + ["/dev/full"]
    )


def cases(place: Place, command: str) -> st.SearchStrategy[list[str]]:
    """Argument lists for ``command`` that are wrong in one or more ways."""
    db = ["--db", str(place.db)]
    if command == "coup":
        return st.one_of(
            st.builds(
                lambda cards, bad, at: ["coup", " ".join(cards[:at] + [bad] + cards[at:])],
                CARDS,
                NOT_A_CARD,
                st.integers(0, 10),
            ),
            CARDS.filter(lambda c: not 4 <= len(c) <= 6).map(lambda c: ["coup", " ".join(c)]),
            st.builds(lambda d: ["coup", "4h 2s 9c Ad 8d", "--decks", d], out_of(1, 8)),
        )
    if command == "odds":
        return st.one_of(
            st.builds(lambda d: ["odds", "--decks", d], out_of(1, 8)),
            st.builds(lambda w: ["odds", "--remove", f"5h {w}"], NOT_A_CARD),
            st.builds(
                lambda w: ["odds", "--paytable", w], WORD.filter(lambda w: w not in PAYTABLES)
            ),
            st.just(["odds", "--effects", "--totals"]),
        )
    if command == "roads":
        return st.builds(lambda a, w: ["roads", f"{a} {w}"], st.sampled_from(["", "B", "P T"]),
                         NOT_A_RESULT)  # fmt: skip
    if command in ("history", "export"):
        table = ["session"] if command == "export" else []
        return st.one_of(
            st.builds(lambda p: [command, *table, "--db", p], bad_db(place, reader=True)),
            st.builds(lambda w: [command, f"x{w}", *db], WORD),
            *(
                [
                    st.builds(
                        lambda n: ["history", "--last", n, *db],
                        st.integers(max_value=-1).map(str) | NOT_WHOLE,
                    ),
                    st.builds(lambda n: ["history", "--shoe", n, *db], st.integers(1).map(str)),
                    st.builds(
                        lambda n: ["history", "--roads", "--shoe", n, *db],
                        st.integers(2, 10**6).map(str) | out_of(1, 10**9),
                    ),
                ]
                if command == "history"
                else []
            ),
        )
    if command == "import":
        lines = place.export.splitlines()
        return st.one_of(
            st.builds(
                lambda p: ["import", str(place.root / "session.jsonl"), "--db", p],
                bad_db(place, reader=False),
            ),  # fmt: skip
            st.just(["import", str(place.root / "session.jsonl"), *db]),  # already there
            st.builds(
                lambda data: ["import", _file(place, data), *db],
                st.one_of(
                    st.binary(min_size=1).filter(_not_utf8),
                    st.builds(
                        lambda i, cut: _cut(lines, i, cut), st.integers(0, 16), st.integers(1, 60)
                    ),  # fmt: skip
                    st.builds(lambda i, w: _insert(lines, i, w), st.integers(0, 17), WORD),
                    st.just(b"") | st.just(b"\n\n"),
                ),
            ),
        )
    if command == "backup":
        root = place.root
        return st.one_of(
            st.builds(
                lambda p: ["backup", str(root / "copy.db"), "--db", p], bad_db(place, reader=True)
            ),
            st.builds(
                lambda d: ["backup", d, *db],
                st.sampled_from(
                    [str(place.db), str(root / "notadb.db"), str(root / "folder"),
                     str(root / "nowhere" / "c.db"), str(root / "notadb.db" / "c.db")]
                ),
            ),  # fmt: skip
            st.builds(lambda u: ["backup", str(root / "copy.db"), "--db", u],
                      st.sampled_from(["postgresql://u@localhost/x", "memory://", "ftp://x"])),
        )  # fmt: skip
    if command == "simulate":
        base = ["simulate", "--coups", "1000"]
        return st.one_of(
            st.builds(
                lambda n: ["simulate", "--coups", n],
                st.integers(max_value=0).map(str)
                | st.integers(min_value=10**15 + 1).map(str)  # MAX_COUPS is 10**15
                | st.text(string.ascii_letters, min_size=1),
            ),
            st.builds(lambda n: [*base, "--decks", n], out_of(1, 8)),
            st.builds(lambda n: [*base, "--chunk", n], st.integers(-5, 103).map(str) | NOT_WHOLE),
            st.builds(lambda w: [*base, "--strategy", f"z{w}"], WORD),
            st.builds(lambda n: [*base, "--workers", n], st.integers(max_value=0).map(str)),
            st.builds(lambda p: [*base, "--csv", p], bad_output(place)),
            st.builds(lambda p: [*base, "--plot", p], bad_plot(place)),
        )
    # play, assist
    return st.one_of(
        st.builds(
            lambda o: [command, "--no-store", *o],
            st.sampled_from([["--resume"], db, ["--db", "x.db", "--resume"]]),
        ),  # fmt: skip
        st.builds(lambda p: [command, "--db", p], bad_db(place, reader=False)),
        st.builds(
            lambda n: [command, "--no-store", "--seed" if command == "play" else "--decks", n],
            out_of(0, 2**64 - 1) if command == "play" else out_of(1, 8),
        ),  # fmt: skip
    )


def _not_utf8(data: bytes) -> bool:
    try:
        return "\x00" in data.decode("utf-8") or not data.strip()
    except UnicodeDecodeError:
        return True


def _cut(lines: list[str], index: int, cut: int) -> bytes:
    """The export with one line cut short: that line is not JSON any more."""
    line = lines[index % len(lines)]
    changed = [*lines]
    changed[index % len(lines)] = line[: max(1, len(line) - cut)]
    return "\n".join(changed).encode()


def _insert(lines: list[str], index: int, word: str) -> bytes:
    """The export with a line of text that is not a JSON object."""
    return "\n".join([*lines[:index], f"x{word}", *lines[index:]]).encode()


_files = iter(range(10**9))


def _file(place: Place, data: bytes) -> str:
    path = place.root / f"in-{next(_files)}.jsonl"
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_bad_input_to_every_command_is_refused_in_words(place: Place, command: str) -> None:
    @SETTINGS
    @given(argv=cases(place, command), lang=LANG)
    def check(argv: list[str], lang: list[str]) -> None:
        check_refused(place, [*lang, *argv])

    check()
