"""What every command shares at the edge: argument types with bounds, files
checked before work starts, the optional extras, and the one place where an
exception becomes a sentence for a person.

Kept free of heavy imports (no ``sqlite3``, no tables): ``coup`` and ``odds``
load it too.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable

from puntobanco.errors import CommandLineError, PuntoBancoError
from puntobanco.i18n import Lang, current_language, t

#: The file formats matplotlib writes (``savefig`` refuses any other extension).
PLOT_FORMATS = ("eps", "gif", "jpeg", "jpg", "pdf", "png", "ps", "svg", "svgz", "tif", "tiff")

#: Errors of the system put into words; any other keeps the system's own words.
_REASONS = {
    errno.ENOENT: "cli.reason.missing",
    errno.EISDIR: "cli.reason.directory",
    errno.ENOTDIR: "cli.reason.not_directory",
    errno.EEXIST: "cli.reason.not_directory",
    errno.EACCES: "cli.reason.denied",
    errno.EPERM: "cli.reason.denied",
    errno.EROFS: "cli.reason.read_only",
    errno.ENOSPC: "cli.reason.full",
    errno.EBADF: "cli.reason.closed",
}


#: The width every command's text output keeps to.
WIDTH = 80


def echo(text: str) -> None:
    """Print a sentence wrapped at ``WIDTH`` columns (tables are laid out to fit)."""
    if len(text) <= WIDTH and text == text.strip(" ") and not any(c in text for c in "\t\n\v\f\r"):
        print(text)  # what fill would give, without loading textwrap at every start
        return
    import textwrap

    print(textwrap.fill(text, WIDTH, break_long_words=False, break_on_hyphens=False))


def whole_number(minimum: int | None = None, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number within bounds, refused in words otherwise.

    >>> whole_number(0)("12")
    12
    """

    def parse(text: str) -> int:
        try:
            value = int(text.strip().replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(
                t("cli.error.not_whole", current_language(), value=text)
            ) from None
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(_bounds_text(value, minimum, maximum))
        return value

    parse.__name__ = "whole_number"
    return parse


def _bounds_text(value: int, minimum: int | None, maximum: int | None) -> str:
    lang = current_language()
    if maximum is None:
        return t("cli.error.at_least", lang, value=value, minimum=minimum)
    if minimum is None:
        return t("cli.error.at_most", lang, value=value, maximum=maximum)
    return t("cli.error.between", lang, value=value, minimum=minimum, maximum=maximum)


def add_decks_argument(p: argparse.ArgumentParser, lang: Lang) -> None:
    """``--decks N``: the shoe's decks, eight unless given (``shoe.SESSION_DECKS``)."""
    from puntobanco.shoe import SESSION_DECKS

    decks = t("cli.help.decks", lang, default=SESSION_DECKS)
    p.add_argument("--decks", type=int, default=SESSION_DECKS, help=decks)


def need_extra(extra: str, *modules: str) -> None:
    """Refuse, in words, a command whose optional dependencies are not installed."""
    import importlib.util

    for module in modules:
        if importlib.util.find_spec(module) is None:
            raise CommandLineError("error.sim.extra", extra=extra, missing=module)


def check_output(path: str, formats: tuple[str, ...] | None = None) -> None:
    """Refuse an output file that cannot be written, before any work is done:
    a missing folder, a folder, an extension not in ``formats``, a full device."""
    from pathlib import Path  # not at import: coup and odds start without it

    target = Path(path)
    if formats is not None and target.suffix.lower().lstrip(".") not in formats:
        raise CommandLineError(
            "cli.error.extension", path=path, formats=", ".join(f".{f}" for f in formats)
        )
    if target.is_dir():
        raise CommandLineError("cli.error.file", path=path, reason=t("cli.reason.directory"))
    folder = target.parent
    if not folder.is_dir():
        missing = "cli.reason.missing" if not folder.exists() else "cli.reason.not_directory"
        raise CommandLineError("cli.error.file", path=str(folder), reason=t(missing))
    existed = target.exists()
    try:
        # Write one byte and flush: a full disk or /dev/full says so now, not after the run.
        with open(target, "ab") as handle:
            if existed and target.is_file():
                return
            handle.write(b"\n")
            handle.flush()
    except OSError as error:
        raise CommandLineError(
            "cli.error.file", path=path, reason=_reason(error, current_language())
        ) from None
    if not existed:
        target.unlink()


def read_text(path: str) -> str:
    """A text file (or standard input for ``-``) as UTF-8; refused in words if it is not text."""
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as handle:
            data = handle.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CommandLineError("cli.error.not_text", path=path, offset=error.start) from None
    if "\x00" in text:
        raise CommandLineError("cli.error.not_text", path=path, offset=text.index("\x00"))
    return text


def failure(error: BaseException, lang: Lang, db: str | None = None) -> str | None:
    """The sentence for an error that a person caused or can fix; None for a bug.

    The one place where exceptions become messages: named errors speak for
    themselves, the system's file errors name the file and the reason, and a
    file that is not a database names the database.
    """
    if isinstance(error, PuntoBancoError):
        return error.message(lang)
    if isinstance(error, OSError):
        reason = _reason(error, lang)
        if error.filename is None:
            return t("cli.error.output", lang, reason=reason)
        return t("cli.error.file", lang, path=os.fsdecode(error.filename), reason=reason)
    sqlite3 = sys.modules.get("sqlite3")  # loaded only by the commands that use a log
    if sqlite3 is not None and isinstance(error, sqlite3.Error):
        return t("cli.error.database", lang, db=db or "-", reason=_db_reason(error, db, lang))
    return None


#: SQLite's result codes put into words.
_DB_REASONS = {
    "SQLITE_NOTADB": "cli.reason.not_db",
    "SQLITE_CORRUPT": "cli.reason.corrupt",
    "SQLITE_READONLY": "cli.reason.read_only",
    "SQLITE_FULL": "cli.reason.full",
    "SQLITE_BUSY": "cli.reason.busy",
    "SQLITE_LOCKED": "cli.reason.busy",
    "SQLITE_PERM": "cli.reason.denied",
    "SQLITE_AUTH": "cli.reason.denied",
}


def _db_reason(error: Exception, db: str | None, lang: Lang) -> str:
    name = str(getattr(error, "sqlite_errorname", ""))
    if name.startswith("SQLITE_CANTOPEN") and db:
        from pathlib import Path

        path = Path(db)
        if path.is_dir():
            return t("cli.reason.directory", lang)
        if not path.parent.is_dir():
            missing = not path.parent.exists()
            return t("cli.reason.missing" if missing else "cli.reason.not_directory", lang)
        return t("cli.reason.cannot_open", lang)
    key = _DB_REASONS.get("_".join(name.split("_")[:2]))  # SQLITE_IOERR_READ -> SQLITE_IOERR
    return t(key, lang) if key else str(error)


def _reason(error: OSError, lang: Lang) -> str:
    key = _REASONS.get(error.errno or 0)
    return t(key, lang) if key else (error.strerror or str(error))
