"""What a server that people operate adds to the web table: health, metrics, an
access log, the static files with their caching, and the API's documentation page.

``install(app, tables, lang_of)`` is called by ``create_app``:

- ``GET /healthz``: 200 while the process serves requests;
- ``GET /readyz``: 200 when the store commits a write that changes nothing
  (``store.probe``) within ``READY_SECONDS``, else 503 with the reason: the
  store cannot write (a read-only file, a full disk: ``ops.ready.write``) or
  does not answer (a stopped PostgreSQL server: ``ops.ready.store``);
- ``GET /metrics``: the server's metrics (``web.metrics``) in Prometheus's text format,
  to the addresses of ``metrics_from`` only (this machine by default);
- ``GET /api/docs``: Swagger UI over ``/api/openapi.json``, from vendored files;
- ``/static/...``: the files of ``web/static`` (``web.assets``);
- one ASGI middleware: the access log (method, path without its query string,
  status, latency) and the count of open WebSocket connections.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puntobanco import __version__
from puntobanco.errors import PuntoBancoError, StoreError
from puntobanco.i18n import Lang, t
from puntobanco.web.assets import Assets
from puntobanco.web.errors import AccessError
from puntobanco.web.metrics import CONTENT_TYPE, Metrics
from puntobanco.web.tables import Tables

#: The access log: one INFO line per HTTP request answered.
ACCESS_LOG: Final = logging.getLogger("puntobanco.web.access")
LOG: Final = logging.getLogger("puntobanco.web")
#: How long the store has to answer ``/readyz``.
READY_SECONDS: Final = 2.0
NO_STORE: Final = {"Cache-Control": "no-store"}


class OpsMiddleware:
    """The access log and the WebSocket count, around the whole application.

    A WebSocket connection is counted from its first message to its end; its
    messages pass untouched (no wrapper on the views pushed after each commit).
    """

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.sockets = metrics.sockets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            self.sockets.inc()
            try:
                await self.app(scope, receive, send)
            finally:
                self.sockets.dec()
            return
        if scope["type"] != "http" or not ACCESS_LOG.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # what the client gets if the application fails before answering

        async def watched(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, watched)
        finally:
            access(scope, status, time.perf_counter() - started)


def access(scope: Scope, status: int, seconds: float) -> None:
    """One access log line; the path only (a query string could carry a token)."""
    client = scope.get("client")
    address = client[0] if client else "-"
    method = str(scope.get("method", "-"))
    path = str(scope.get("root_path", "")) + str(scope.get("path", ""))
    ACCESS_LOG.info(
        '%s "%s %s" %d %.1f ms',
        address,
        method,
        path,
        status,
        seconds * 1000,
        extra={
            "client": address,
            "method": method,
            "path": path,
            "status": status,
            "latency_ms": round(seconds * 1000, 3),
        },
    )


def allowed(networks: Iterable[str]) -> Callable[[str], bool]:
    """Whether an address is in one of ``networks`` (``10.0.0.0/8``, ``::1``); a
    client known by no address (a test's) is in none."""
    nets = [ipaddress.ip_network(n, strict=False) for n in networks]

    def check(host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in n for n in nets if n.version == address.version)

    return check


def install(
    app: FastAPI,
    tables: Tables,
    lang_of: Callable[[Request | WebSocket], Lang],
    folder: Path,
    metrics_from: Iterable[str],
) -> Assets:
    """Add the routes and the middleware of this module to ``app``; returns its static
    files, read from ``folder`` (``create_app`` serves its pages through them).
    ``/metrics`` answers the addresses of ``metrics_from`` only (403 to others)."""
    may_scrape = allowed(metrics_from)
    assets = Assets(folder)
    metrics = tables.metrics
    app.add_middleware(OpsMiddleware, metrics=metrics)

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok", "version": __version__}, headers=NO_STORE)

    @app.get("/readyz", include_in_schema=False)
    async def readyz(request: Request) -> JSONResponse:
        try:
            await asyncio.wait_for(tables.ready(), READY_SECONDS)
        except Exception as error:  # noqa: BLE001 - whatever the store raised, it is not ready
            reason = _reason(error)
            writing = isinstance(error, StoreError) and error.key == "store.error.cannot_write"
            code = "ops.ready.write" if writing else "ops.ready.store"
            if writing:
                LOG.warning("not ready: the store cannot write (%s)", reason)
            else:
                LOG.warning("not ready: the store does not answer (%s)", reason)
            lang = lang_of(request)
            body: dict[str, Any] = {
                "status": "unavailable",
                "error": {"code": code, "message": t(code, lang), "reason": _detail(error)},
            }
            return JSONResponse(body, 503, headers=NO_STORE)
        return JSONResponse({"status": "ready"}, headers=NO_STORE)

    @app.get("/metrics", include_in_schema=False)
    async def prometheus(request: Request) -> Response:
        if not may_scrape(request.client.host if request.client else ""):
            raise AccessError("web.error.metrics", status=403)
        return Response(await tables.scrape(), media_type=CONTENT_TYPE, headers=NO_STORE)

    @app.get("/api/docs", include_in_schema=False)
    async def docs(request: Request) -> Response:
        # Under the pages' own policy: Swagger UI sets its styles through the DOM,
        # which the policy allows, and loads nothing but these files and the schema.
        return assets.page(request, "api-docs.html", lang_of(request))

    @app.api_route("/static/{path:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def static(path: str, request: Request) -> Response:
        return assets.serve(request, path, lang_of(request))

    return assets


def _detail(error: BaseException) -> str:
    """Why the store is not ready, for whoever asks (``/readyz`` is not private): the
    store's own words (SQLite's, libpq's), without the log's name (file or URL)."""
    if isinstance(error, TimeoutError):
        return f"no answer within {READY_SECONDS:g} s"
    if isinstance(error, PuntoBancoError) and "reason" in error.params:
        return str(error.params["reason"])
    return type(error).__name__


def _reason(error: BaseException) -> str:
    """Why the store is not ready, in English as the log is (no secret: a database is
    named without its password)."""
    if isinstance(error, TimeoutError):
        return f"no answer within {READY_SECONDS:g} s"
    if isinstance(error, PuntoBancoError):
        return error.message("en")
    first = str(error).strip().splitlines()
    return f"{type(error).__name__}: {first[0] if first else ''}".rstrip(": ")
