"""The logs of ``puntobanco serve``: the standard ``logging`` module, on standard error.

``configure(level, fmt)`` sends puntobanco's loggers (``puntobanco.web``: the
server; ``puntobanco.web.access``: one line per HTTP request;
``puntobanco.web.commands``: one line per command; ``puntobanco.web.store``:
failed commits) and uvicorn's (``uvicorn.error``: start, stop, WebSocket
connections) to one handler, as text or as one JSON object a line (``fmt``).
Other libraries log their warnings only.

Nothing secret is logged. Two of uvicorn's habits are held back for that:
its own access log (replaced by ours) and its WebSocket lines name the query
string, where a careless client could put a token, so the query string is cut
off; and at DEBUG the ``websockets`` library logs every frame under
``uvicorn.error`` (a hello with its token, a view with a player's own bets),
so ``uvicorn.error`` never goes below INFO. Log lines are in English, as
uvicorn's are: one search finds a line on every server, whatever its language.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import IO, Final

LEVELS: Final = ("critical", "error", "warning", "info", "debug")
FORMATS: Final = ("text", "json")
#: The fields our log lines carry beside the message (``extra=`` of each call).
FIELDS: Final = (
    "table",
    "command",
    "role",
    "result",
    "method",
    "path",
    "status",
    "client",
    "latency_ms",
)
_OURS: Final = ("puntobanco", "uvicorn")


class _Utc(logging.Formatter):
    """The standard formatter, its times in UTC to the millisecond (``...T20:15:00.123Z``)."""

    converter = time.gmtime  # type: ignore[assignment]  # typeshed: gmtime()'s overloads
    default_time_format = "%Y-%m-%dT%H:%M:%S"
    default_msec_format = "%s.%03dZ"


class JsonFormatter(_Utc):
    """One JSON object a line: ``time`` (UTC), ``level``, ``logger``, ``message``, and
    the line's fields (table, command, role, result, latency_ms, method, path, status...)."""

    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, object] = {
            "time": self.formatTime(record),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = record.__dict__.get(name)
            if value is not None:
                data[name] = value
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


class TextFormatter(_Utc):
    """``2026-01-01T20:15:00.123Z INFO puntobanco.web.access: 127.0.0.1 "GET /" 200 0.4 ms``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")


class NoQueryStrings(logging.Filter):
    """Cut the query string off the paths of uvicorn's WebSocket lines
    (``'%s - "WebSocket %s" [accepted]'``, the path as second argument)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if (
            isinstance(args, tuple)
            and len(args) >= 2
            and isinstance(record.msg, str)
            and '"WebSocket %s"' in record.msg
            and isinstance(args[1], str)
        ):
            record.args = (args[0], args[1].split("?", 1)[0], *args[2:])
        return True


def level_number(level: str) -> int:
    """``"info"`` -> ``logging.INFO``."""
    number = logging.getLevelName(level.upper())
    assert isinstance(number, int), level
    return number


def configure(
    level: str = "info", fmt: str = "text", stream: IO[str] | None = None, *, access: bool = True
) -> None:
    """Send the server's logs to ``stream`` (standard error) at ``level``, as ``fmt``;
    ``access``: with the access log (at INFO and below)."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    handler.addFilter(NoQueryStrings())
    number = level_number(level)
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "puntobanco", False)]:
        root.removeHandler(old)
    handler.puntobanco = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(max(number, logging.WARNING))
    for name in _OURS:
        logging.getLogger(name).setLevel(number)
    logging.getLogger("uvicorn.error").setLevel(max(number, logging.INFO))
    logging.getLogger("puntobanco.web.access").setLevel(number if access else logging.WARNING)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).propagate = True
