"""``puntobanco serve [--host H] [--port N] [--db URL] [--lan]``: the web table."""

from __future__ import annotations

import argparse
import socket

from puntobanco.i18n import LANGS, Lang, t

NAME = "serve"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser], lang: Lang) -> None:
    """Declare ``serve [--host H] [--port N] [--db URL] [--lan] [--origin O]``."""
    from puntobanco.paths import default_db_path

    p = sub.add_parser(NAME, help=t("web.serve.help", lang), description=t("web.serve.help", lang))
    p.add_argument(
        "--lang", choices=LANGS, default=argparse.SUPPRESS, help=t("cli.help.lang", lang)
    )
    p.add_argument("--host", default="127.0.0.1", help=t("web.serve.host", lang))
    p.add_argument("--port", type=int, default=8000, help=t("web.serve.port", lang))
    p.add_argument(
        "--db", default=None, help=t("web.serve.db", lang, default=str(default_db_path()))
    )
    p.add_argument("--lan", action="store_true", help=t("web.serve.lan", lang))
    p.add_argument("--origin", action="append", default=[], help=argparse.SUPPRESS)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent to find it)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found[0] if found else "127.0.0.1"


def run(args: argparse.Namespace, lang: Lang) -> int:
    """Start the server and print the host screen's address (and a QR code with ``--lan``)."""
    try:
        import uvicorn

        from puntobanco.web.app import create_app
    except ImportError as error:
        print(t("web.serve.missing", lang, module=error.name or "fastapi"))
        return 1
    from puntobanco.paths import default_db_path

    db = args.db or str(default_db_path())
    host = "0.0.0.0" if args.lan else args.host
    shown = lan_address() if args.lan else ("127.0.0.1" if host in ("0.0.0.0", "") else host)
    url = f"http://{shown}:{args.port}/"
    origins = [url.rstrip("/"), *args.origin]
    app = create_app(store=db, origins=origins, short_gc_pauses=True)
    print(t("web.serve.open", lang, url=url), flush=True)
    if args.lan:
        import segno

        segno.make(url, error="m").terminal(compact=True)
    uvicorn.run(
        app,
        host=host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        # Every client of a table gets the same few KB after each commit;
        # compressing them once per connection costs more CPU than it saves.
        ws_per_message_deflate=False,
    )
    return 0
