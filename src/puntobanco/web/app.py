"""The web table's application factory: HTTP API, WebSocket, pages.

``create_app(store=..., clock=...)`` builds a new FastAPI application each
time (no module-global app): its tables, its store and its clock are its own,
which is what lets a test run two servers side by side.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse, Response

import puntobanco.web.ops as ops
from puntobanco.errors import PuntoBancoError
from puntobanco.i18n import Lang, parse_lang
from puntobanco.i18n.shown import Number
from puntobanco.store import EventStore
from puntobanco.web.auth import HOST, Identity
from puntobanco.web.errors import AccessError, MessageError, error_body
from puntobanco.web.gcpause import POLL as GC_POLL
from puntobanco.web.gcpause import GcTuning
from puntobanco.web.hub import Answer, Hub, status_of
from puntobanco.web.limits import BURST, RATE, Bucket
from puntobanco.web.schemas import MAX_MESSAGE, Command, NewPlayer, NewTable, parse
from puntobanco.web.words import page_words
from puntobanco.web.ws import serve_socket

STATIC: Final = Path(str(files("puntobanco.web") / "static"))
HOST_COOKIE: Final = "pb_host"
PLAYER_COOKIE: Final = "pb_player"
ROLE_HEADER: Final = "x-puntobanco-role"


def request_lang(request: Request | WebSocket) -> Lang:
    """``?lang=``, else the first of ``Accept-Language`` we speak, else English."""
    asked = parse_lang(request.query_params.get("lang"))
    if asked:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        lang = parse_lang(part.split(";")[0])
        if lang:
            return lang
    return "en"


def content_security_policy(host: str) -> str:
    """Only this origin: no inline script or style, no other site, no framing."""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self' ws://{host} wss://{host}; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'self'; object-src 'none'"
    )


async def _poll_gc(tuning: GcTuning) -> None:
    while True:
        await asyncio.sleep(GC_POLL)
        tuning.poll()


def create_app(
    *,
    store: str | EventStore | None = None,
    clock: Callable[[], float] = time.monotonic,
    origins: Iterable[str] = (),
    rate: float = RATE,
    burst: float = BURST,
    secure_cookies: bool = False,
    short_gc_pauses: bool = False,
) -> FastAPI:
    """A new web table server.

    ``store``: where the tables' logs are (a path or URL for ``open_store``,
    an ``EventStore``, or None for memory); ``clock``: the croupier's clock in
    seconds; ``origins``: WebSocket and form origins allowed besides the
    server's own address; ``rate``/``burst``: each client's message rate;
    ``short_gc_pauses``: freeze what survives each garbage collection and
    shorten the GIL's switch interval (``web.gcpause``;
    process-wide, for a process that serves only this app).
    """
    hub = Hub(store, clock=clock)
    allowed = {o.rstrip("/") for o in origins}
    buckets: dict[str, Bucket] = {}

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        tuning = GcTuning() if short_gc_pauses else None
        watch: asyncio.Task[None] | None = None
        if tuning is not None:
            tuning.start()
            watch = asyncio.get_running_loop().create_task(_poll_gc(tuning))
        try:
            yield
        finally:
            if watch is not None and tuning is not None:
                watch.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watch
                tuning.stop()
            await hub.stop()

    app = FastAPI(
        title="puntobanco",
        summary="Punto Banco tables: host screen, phones, bots.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.hub = hub
    app.state.origins = allowed
    app.state.rate = (rate, burst)

    @app.middleware("http")
    async def security_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_MESSAGE):
            error = MessageError("web.error.too_large", status=413, limit=MAX_MESSAGE)
            response: Response = JSONResponse(error_body(error, request_lang(request)), 413)
        else:
            response = await call_next(request)
        host = request.headers.get("host", "localhost")
        response.headers["Content-Security-Policy"] = content_security_policy(host)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Frame-Options"] = "DENY"
        if request.url.path.startswith("/api/"):
            response.headers["Cache-Control"] = "no-store"
        return response

    # After the middleware above: the access log (outermost) sees its answers too.
    assets = ops.install(
        app, hub, request_lang, STATIC
    )  # health, metrics, access log, static files

    def origin_ok(request: Request | WebSocket) -> bool:
        origin = request.headers.get("origin")
        if origin is None:
            return True  # not a browser: bots and tools authenticate by token alone
        own = {
            f"http://{request.headers.get('host', '')}",
            f"https://{request.headers.get('host', '')}",
        }
        return origin.rstrip("/") in allowed | own

    def limited(key: str) -> None:
        bucket = buckets.get(key)
        if bucket is None:
            if len(buckets) > 100_000:
                buckets.clear()
            bucket = buckets[key] = Bucket(time.monotonic, rate, burst)
        if not bucket.take():
            raise MessageError("web.error.rate", status=429, rate=Number(rate))

    async def body(request: Request, model: type[Any]) -> Any:
        if not origin_ok(request):
            raise AccessError("web.error.origin", status=403, origin=request.headers["origin"])
        data = b""
        async for chunk in request.stream():
            data += chunk
            if len(data) > MAX_MESSAGE:
                raise MessageError("web.error.too_large", status=413, limit=MAX_MESSAGE)
        try:
            parsed = json.loads(data or b"null")
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise MessageError("web.error.json") from None
        return parse(model, parsed)

    def token_of(request: Request | WebSocket, role: str | None = None) -> str | None:
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            return auth[7:].strip()
        wanted = role or request.headers.get(ROLE_HEADER)
        if wanted == HOST:
            return request.cookies.get(HOST_COOKIE)
        return request.cookies.get(PLAYER_COOKIE) or (
            None if wanted == "player" else request.cookies.get(HOST_COOKIE)
        )

    def who(request: Request, table: str) -> Identity:
        token = token_of(request)
        if token:
            limited("t:" + token[:16])
        return hub.identify(table, token)

    def cookie(response: Response, name: str, table: str, token: str) -> None:
        response.set_cookie(
            name,
            token,
            max_age=60 * 60 * 24 * 30,
            path=f"/api/tables/{table}",
            httponly=True,
            samesite="strict",
            secure=secure_cookies,
        )

    @app.exception_handler(PuntoBancoError)
    async def refused(request: Request, error: PuntoBancoError) -> JSONResponse:
        status = getattr(error, "status", None) or status_of(error)
        return JSONResponse(error_body(error, request_lang(request)), status)

    # -- the API -------------------------------------------------------------------

    def schema_of(model: type[Any]) -> dict[str, Any]:
        return {
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": model.model_json_schema()}},
            }
        }

    @app.post("/api/tables", status_code=201, openapi_extra=schema_of(NewTable))
    async def new_table(request: Request) -> JSONResponse:
        """Open a table: ``{"format", "settings"}`` -> ``{"table", "join_code", "host_token"}``."""
        limited("ip:" + (request.client.host if request.client else "-"))
        data: NewTable = await body(request, NewTable)
        table, code, token = await hub.create(data.format, dict(data.settings))
        response = JSONResponse({"table": table, "join_code": code, "host_token": token}, 201)
        cookie(response, HOST_COOKIE, table, token)
        return response

    @app.get("/api/codes/{code}")
    async def by_code(code: str) -> dict[str, str]:
        """The table a join code opens: ``{"table"}``."""
        return {"table": hub.by_code(code)}

    @app.post("/api/tables/{table}/players", status_code=201, openapi_extra=schema_of(NewPlayer))
    async def new_player(table: str, request: Request) -> JSONResponse:
        """Sit at the table: ``{"name"}`` -> ``{"player", "token"}``."""
        limited("ip:" + (request.client.host if request.client else "-"))
        hub.meta(table)
        data: NewPlayer = await body(request, NewPlayer)
        player, token = await hub.join(table, data.name)
        response = JSONResponse({"player": player, "token": token}, 201)
        cookie(response, PLAYER_COOKIE, table, token)
        return response

    @app.post("/api/tables/{table}/commands", openapi_extra=schema_of(Command))
    async def command(table: str, request: Request) -> JSONResponse:
        """One command (Bearer token) -> ``{"seq", "events"}`` or ``{"error"}``."""
        identity = who(request, table)
        data: Command = await body(request, Command)
        answer = await hub.command(identity, data.model_dump())
        return answer_response(answer, request_lang(request))

    @app.get("/api/tables/{table}/view")
    async def view(table: str, request: Request) -> dict[str, Any]:
        """The caller's view of the table (Bearer token)."""
        return await hub.view(who(request, table), request_lang(request))

    @app.get("/api/tables/{table}/history")
    async def history(table: str, request: Request, last: int | None = None) -> JSONResponse:
        """The settled coups, as ``puntobanco history --json`` (any token of the table)."""
        who(request, table)
        return JSONResponse(await hub.history(table, last))

    @app.get("/api/tables/{table}/shoes")
    async def shoes(table: str, request: Request) -> JSONResponse:
        """The fair shoes, as ``puntobanco shoes --json`` (any token of the table):
        commitment, client seed, nonce, every card dealt, the server seed once revealed."""
        who(request, table)
        return JSONResponse(await hub.shoes(table))

    @app.get("/api/i18n/{lang}")
    async def words(lang: str) -> dict[str, object]:
        """The pages' words in ``lang`` (fr, en, es)."""
        return page_words(parse_lang(lang) or "en")

    @app.post("/api/tables/{table}/logout", status_code=204)
    async def logout(table: str) -> Response:
        """Forget this browser's cookies for the table (after leaving)."""
        response = Response(status_code=204)
        for name in (PLAYER_COOKIE,):
            response.delete_cookie(name, path=f"/api/tables/{table}")
        return response

    @app.websocket("/api/tables/{table}/ws")
    async def socket(websocket: WebSocket, table: str) -> None:
        """Views pushed after each commit; commands as messages (see docs/web.md)."""
        if not origin_ok(websocket):
            # Accepted only to be closed with a reason a browser can read (1008);
            # nothing from this connection is read.
            await websocket.accept()
            await websocket.close(code=1008)
            return
        await serve_socket(
            websocket,
            hub,
            table,
            cookies=lambda role: token_of(websocket, role),
            lang=request_lang(websocket),
            rate=(rate, burst),
        )

    # -- the pages -------------------------------------------------------------------

    def page(name: str, request: Request) -> Response:
        return assets.page(request, name, request_lang(request))

    @app.get("/", include_in_schema=False)
    async def home(request: Request) -> Response:
        return page("host.html", request)

    @app.get("/host/{table}", include_in_schema=False)
    async def host_page(table: str, request: Request) -> Response:
        return page("host.html", request)

    @app.get("/j/{code}", include_in_schema=False)
    @app.get("/j", include_in_schema=False)
    async def join_page(request: Request, code: str = "") -> Response:
        return page("phone.html", request)

    @app.get("/p/{table}", include_in_schema=False)
    async def phone_page(table: str, request: Request) -> Response:
        return page("phone.html", request)

    return app


def answer_response(answer: Answer, lang: Lang) -> JSONResponse:
    """A command's answer as HTTP: 200 with ``{"seq", "events"}``, else the refusal."""
    if answer.error is not None:
        return JSONResponse(error_body(answer.error, lang), answer.status)
    return JSONResponse(answer.body, answer.status)
