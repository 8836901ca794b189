"""``puntobanco serve [--port N] [--db URL] [--no-lan] [--config FILE] ...``: the web table.

It listens on the local network and sends phones to this machine's address there
(``--no-lan``: this machine only).

Every setting may also come from a ``PUNTOBANCO_*`` variable or a TOML file
(``cli.serveconfig``); ``--print-config`` shows what is in force and stops.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from typing import Any, Final

from puntobanco.i18n import LANGS, Lang, set_language, t

NAME = "serve"


def add_arguments(p: argparse.ArgumentParser, lang: Lang) -> None:
    """Declare ``serve``'s flags: each defaults to None, so that a flag given wins over
    the environment and the file, and one not given leaves them their say."""
    from puntobanco.paths import default_db_path
    from puntobanco.web.logs import FORMATS, LEVELS

    p.add_argument(
        "--lang", choices=LANGS, default=argparse.SUPPRESS, help=t("cli.help.lang", lang)
    )
    p.add_argument("--host", default=None, help=t("web.serve.host", lang))
    p.add_argument("--port", type=int, default=None, help=t("web.serve.port", lang))
    p.add_argument(
        "--db", default=None, help=t("web.serve.db", lang, default=str(default_db_path()))
    )
    p.add_argument(
        "--lan", action=argparse.BooleanOptionalAction, default=None, help=t("web.serve.lan", lang)
    )
    p.add_argument("--origin", action="append", default=None, help=t("ops.serve.origin", lang))
    p.add_argument(
        "--secure-cookies",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=t("ops.serve.secure_cookies", lang),
    )
    p.add_argument(
        "--metrics-from",
        action="append",
        default=None,
        metavar="NETWORK",
        help=t("ops.serve.metrics_from", lang),
    )
    p.add_argument(
        "--idle-minutes",
        type=int,
        default=None,
        metavar="N",
        help=t("ops.serve.idle_minutes", lang),
    )
    p.add_argument("--config", default=None, metavar="FILE", help=t("ops.serve.config", lang))
    p.add_argument("--print-config", action="store_true", help=t("ops.serve.print_config", lang))
    p.add_argument("--log-level", choices=LEVELS, default=None, help=t("ops.serve.log_level", lang))
    p.add_argument(
        "--log-format", choices=FORMATS, default=None, help=t("ops.serve.log_format", lang)
    )
    p.add_argument(
        "--access-log",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=t("ops.serve.access_log", lang),
    )


#: Addresses outside this machine that a socket may be "connected" to, to learn which
#: of its addresses the route there leaves from (UDP: nothing is sent). TEST-NET-1
#: (RFC 5737) follows the default route; 10/8 a private network's, when there is no
#: default route.
ROUTE_PROBES: Final = ("192.0.2.1", "10.255.255.254")


def reachable(address: str) -> bool:
    """Whether phones could reach ``address``: not loopback, not "any", not link-local."""
    return not address.startswith(("127.", "0.", "169.254.")) and address not in ("", "::1")


def lan_address() -> str | None:
    """This machine's address on the local network, or None when it has none.

    It is the address the route to another machine leaves from (a UDP socket
    connected, which sends no packet), else one of the host name's addresses. The
    host name alone is not enough: Debian and Ubuntu map it to 127.0.1.1."""
    for probe in ROUTE_PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = str(s.getsockname()[0])
        except OSError:
            continue
        if reachable(address):
            return address
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    found = [str(info[4][0]) for info in infos if reachable(str(info[4][0]))]
    return found[0] if found else None


def listening(settings: dict[str, object], host_given: bool) -> tuple[str, str | None]:
    """Where the server listens and the address phones are sent to (None: they cannot
    reach it). On the local network (``lan``, the default) unless ``--no-lan``; an
    address given with ``--host`` is listened on as given."""
    host = str(settings["host"])
    if settings["lan"] and not host_given:
        host = "0.0.0.0"
    if host in ("0.0.0.0", "", "::"):
        return host, lan_address()
    return host, host if reachable(host) and host != "localhost" else None


def own_origins(shown: str, port: int, given: list[str]) -> list[str]:
    """The origins whose pages may send forms and open sockets: the address printed,
    this machine's own names for itself at that port, and those the settings give.
    Never a name taken from a request.

    >>> own_origins("192.168.1.5", 8000, ["https://club.example"])[:2]
    ['http://192.168.1.5:8000', 'http://127.0.0.1:8000']
    """
    local = [f"http://{name}:{port}" for name in ("127.0.0.1", "localhost", "[::1]")]
    found = [f"http://{shown}:{port}", *local, *(o.rstrip("/") for o in given)]
    return list(dict.fromkeys(found))


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Start the server and print the host screen's address (and a QR code with ``lan``)."""
    from puntobanco.cli.serveconfig import as_toml, resolve

    resolved = resolve(args, os.environ, lang)
    settings = resolved.values
    lang = settings["lang"]
    set_language(lang)
    if args.print_config:
        sys.stdout.write(as_toml(resolved, lang))
        return 0
    try:
        import uvicorn

        from puntobanco.web.app import REVEAL_STEP, create_app
        from puntobanco.web.gcpause import GcTuning
    except ImportError as error:
        print(t("web.serve.missing", lang, module=error.name or "fastapi"))
        return 1
    from puntobanco.web import logs

    logs.configure(settings["log_level"], settings["log_format"], access=settings["access_log"])
    port = settings["port"]
    host, public = listening(settings, resolved.sources["host"] is not None)
    shown = public or ("127.0.0.1" if host in ("0.0.0.0", "", "::") else host)
    url = f"http://{shown}:{port}/"
    join = f"http://{public}:{port}" if public else None
    origins = own_origins(shown, port, settings["origins"])
    try:
        app = create_app(
            store=settings["db"],
            origins=origins,
            secure_cookies=settings["secure_cookies"],
            metrics_from=settings["metrics_from"],
            idle_seconds=settings["idle_minutes"] * 60 if settings["idle_minutes"] > 0 else None,
            join_origin=join,
            reveal_step=REVEAL_STEP,
        )
    except Exception as error:
        if settings["log_format"] != "json" or not _logged(error, settings["db"]):
            raise  # said as ``error: ...`` by ``cli.main``, or a bug's traceback
        return 2
    print(t("web.serve.open", lang, url=url), flush=True)
    if public is None:
        # Said plainly: a room following the Quickstart must not find out from its phones.
        key = "web.serve.no_lan" if host in ("0.0.0.0", "", "::") else "web.serve.local_only"
        print(t(key, lang), flush=True)
    else:
        import segno

        segno.make(url, error="m").terminal(compact=True)
    # The process serves this app alone: its garbage collector and its switch
    # interval are tuned for it (``web.gcpause``).
    with GcTuning():
        uvicorn.run(app, host=host, port=port, **uvicorn_settings())
    return 0


def uvicorn_settings() -> dict[str, Any]:
    """How ``serve`` runs uvicorn, besides the address: its limits and timeouts."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as base
    except ImportError:  # pragma: no cover - uvicorn without httptools
        from uvicorn.protocols.http.h11_impl import H11Protocol as base  # type: ignore[assignment]

    from puntobanco.web.deadline import with_deadline

    return {
        # A request's headers and body within ten seconds (``web.deadline``).
        "http": with_deadline(base),
        # A connection silent after an answer is closed after five seconds.
        "timeout_keep_alive": 5,
        # Logging is ours (``web.logs``): uvicorn's configuration and its access
        # log (which prints query strings) are left out.
        "log_config": None,
        "log_level": None,
        "access_log": False,
        "ws_max_size": 65536,
        # A room's phones joining at once (a casino's floor: thousands) wait in the
        # kernel's queue rather than being refused (the kernel caps it at somaxconn).
        "backlog": 4096,
        "ws_ping_interval": 20,
        "ws_ping_timeout": 20,
        # Every client of a table gets the same few KB after each commit;
        # compressing them once per connection costs more CPU than it saves.
        "ws_per_message_deflate": False,
    }


def _logged(error: Exception, db: str) -> bool:
    """Log why the server cannot start as one line of the log (a JSON object, that a
    log shipper reads like the others), in English as the log is; False for a bug."""
    import logging

    from puntobanco.cli.common import failure
    from puntobanco.errors import PuntoBancoError
    from puntobanco.store import redact

    message = failure(error, "en", redact(db))
    if message is None:
        return False
    result = error.key if isinstance(error, PuntoBancoError) else type(error).__name__
    logging.getLogger("puntobanco.web").critical(
        "cannot start: %s", message, extra={"result": result}
    )
    return True
