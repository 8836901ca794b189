"""The web table's application factory: HTTP API, WebSocket, pages.

``create_app(store=..., clock=...)`` builds a new FastAPI application each
time (no module-global app): its tables, its store and its clock are its own,
which is what lets a test run two servers side by side. The API is a router of
typed bodies and answers (``web.schemas``: its OpenAPI document is made from
them), the caller known by a dependency (``caller``); every refusal, a body
that breaks its schema included, is ``{"error": {"code", "message", "params"}}``
in the caller's language, with the status of its kind (``status_of``).
"""

from __future__ import annotations

import io
import math
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Annotated, Any, Final
from urllib.parse import quote

import segno
from fastapi import APIRouter, Body, Depends, FastAPI, Request, Security, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import puntobanco.web.ops as ops
from puntobanco.engine import Engine, TableInfo
from puntobanco.engine.doors import viewer_of
from puntobanco.errors import PuntoBancoError, UnknownTableError
from puntobanco.i18n import Lang, parse_lang
from puntobanco.i18n.pages import page_words
from puntobanco.i18n.shown import Number
from puntobanco.store import EventStore
from puntobanco.store.credentials import HOST, Identity, TableMeta
from puntobanco.web.errors import (
    AccessError,
    MessageError,
    error_body,
    status_of,
)
from puntobanco.web.limits import (
    BURST,
    RATE,
    TABLES_AT_ONCE,
    TABLES_PER_HOUR,
    Backoff,
    Bucket,
)
from puntobanco.web.schemas import (
    MAX_MESSAGE,
    Answer,
    Command,
    Created,
    Found,
    Joined,
    NewPlayer,
    NewTable,
    Refusal,
    Rematched,
    Sent,
    reason,
)
from puntobanco.web.tables import Tables
from puntobanco.web.ws import KeepSend, serve_socket

STATIC: Final = Path(str(files("puntobanco.web") / "static"))
HOST_COOKIE: Final = "pb_host"
PLAYER_COOKIE: Final = "pb_player"
ROLE_HEADER: Final = "x-puntobanco-role"
#: The token a table gave (host or player), as the OpenAPI document names it.
BEARER: Final = HTTPBearer(auto_error=False, description="the token the table gave")
#: The refusals each route may answer, as the OpenAPI document lists them.
REFUSED: Final = {
    400: "a command or a setting the table refuses (its reason), or a body that is not JSON",
    401: "no token, or a token not of this table",
    403: "a foreign Origin, or a command this token may not send",
    404: "an unknown table or join code",
    409: "a command the table refuses now (the phase, the turn)",
    413: "a body over 4 KiB",
    422: "a body that breaks its schema",
    429: "over the client's rate, or an address that guessed too many codes",
    503: "the store could not write or read",
    500: "a fault of the server (its log says which), in the error's form",
}


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route: each status with the refusal's model."""
    return {s: {"model": Refusal, "description": REFUSED[s]} for s in statuses}


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


def secured(request: Request, response: Response) -> Response:
    """``response`` with the security headers every answer carries."""
    host = request.headers.get("host", "localhost")
    response.headers["Content-Security-Policy"] = content_security_policy(host)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    if request.url.path.startswith("/api/"):
        response.headers["Cache-Control"] = "no-store"
    return response


class Bodies:
    """Refuses (413) a request body over ``MAX_MESSAGE`` bytes before the application
    reads it: by its length where the request gives one, else as it arrives."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_MESSAGE):
            await self._refuse(scope, send)
            return
        if length is not None:
            await self.app(scope, receive, send)
            return
        body, more, messages = b"", True, []
        while more:
            message = await receive()
            messages.append(message)
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_MESSAGE:
                await self._refuse(scope, send)
                return

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        error = MessageError("web.error.too_large", status=413, limit=MAX_MESSAGE)
        request = Request(scope)
        # Outside the middleware that sets the security headers: set here.
        answer = secured(request, JSONResponse(error_body(error, request_lang(request)), 413))
        await answer(scope, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}


#: The seconds the host screen takes to turn each card of a coup (host.js's step).
REVEAL_STEP: Final = 0.65


def create_app(
    *,
    store: str | EventStore | None = None,
    clock: Callable[[], float] = time.monotonic,
    origins: Iterable[str] = (),
    rate: float = RATE,
    burst: float = BURST,
    secure_cookies: bool = False,
    metrics_from: Iterable[str] = ("127.0.0.0/8", "::1"),
    idle_seconds: float | None = None,
    tables_per_hour: float = TABLES_PER_HOUR,
    join_origin: str | None = None,
    reveal_step: float = 0.0,
) -> FastAPI:
    """A new web table server.

    ``store``: where the tables' logs are (a path or URL for ``open_store``,
    an ``EventStore``, or None for memory); ``clock``: the tables' clock in
    seconds; ``origins``: the origins whose pages may send forms and open sockets (the
    server's public origins, ``scheme://name:port``; the request's ``Host`` is
    never trusted); ``secure_cookies``: cookies marked ``Secure`` (they are
    anyway on a request that came over https); ``metrics_from``: the networks
    that may read ``/metrics``; ``idle_seconds``: how long a table nobody acts at
    is kept open (None: for ever); ``tables_per_hour``: the tables one address may
    open in an hour, after a first ``TABLES_AT_ONCE``; ``rate``/``burst``: each
    client's message rate; ``join_origin``: where phones reach this
    server (``http://192.168.1.20:8000``, ``serve``'s address on the local network),
    which the host screen's join address and QR code show, or None: the host
    page's own address; ``reveal_step``: the seconds the host screen takes to turn
    each card of a coup over, for which the players' views wait before they show
    its result (``REVEAL_STEP`` for ``serve``; 0: at once).
    """
    tables = Tables(store, clock=clock, idle_seconds=idle_seconds, reveal_step=reveal_step)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await tables.start()
        try:
            yield
        finally:
            await tables.stop()

    app = FastAPI(
        title="puntobanco",
        summary="Punto Banco tables: host screen, phones, bots.",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.tables = tables
    app.state.origins = {o.rstrip("/") for o in origins}
    app.state.rate = (rate, burst)
    app.state.buckets = {}
    app.state.guesses = Backoff(clock)
    app.state.openings = (tables_per_hour / 3600, TABLES_AT_ONCE)
    app.state.secure_cookies = secure_cookies
    app.state.join_origin = join_origin

    @app.middleware("http")
    async def security_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        return secured(request, await call_next(request))

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> Response:
        # A bug's answer: Starlette's outermost layer sends it past the middleware
        # above, so it carries the headers itself (and says nothing of the bug).
        body = error_body(PuntoBancoError("web.error.internal"), request_lang(request))
        return secured(request, JSONResponse(body, 500))

    app.add_middleware(Bodies)
    app.add_middleware(KeepSend)  # outside the layers above: given the server's own send
    # After the middleware above: the access log (outermost) sees its answers too.
    assets = ops.install(app, tables, request_lang, STATIC, metrics_from)

    @app.exception_handler(PuntoBancoError)
    async def refused(request: Request, error: PuntoBancoError) -> JSONResponse:
        return JSONResponse(error_body(error, request_lang(request)), status_of(error))

    @app.exception_handler(HTTPException)
    async def unread(request: Request, error: HTTPException) -> Response:
        if error.status_code == 400:  # a body FastAPI could not decode: not JSON text
            return await refused(request, MessageError("web.error.json", status=400))
        if error.status_code in (404, 405):  # no such address, or not with this method
            key = "web.error.not_found" if error.status_code == 404 else "web.error.method"
            answer = await refused(request, MessageError(key, status=error.status_code))
            answer.headers.update(error.headers or {})  # a 405's Allow
            return answer
        return await http_exception_handler(request, error)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        problem = reason(error.errors()[0])  # the first problem, in the caller's words
        return JSONResponse(error_body(problem, request_lang(request)), status_of(problem))

    app.include_router(api)
    app.include_router(sockets)

    pages = APIRouter(include_in_schema=False)

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            return assets.page(request, name, request_lang(request))

        return serve

    for path, name in (
        ("/", "host.html"),
        ("/host/{table}", "host.html"),
        ("/j/{code}", "phone.html"),
        ("/j", "phone.html"),
        ("/p/{table}", "phone.html"),
        ("/w/{code}", "watch.html"),
    ):
        pages.add_api_route(path, page(name), methods=["GET"])

    @pages.get("/j/{code}/qr.svg")
    async def join_qr(code: str, origin: str) -> Response:
        # The host page's QR code of its join address, drawn by the encoder that
        # ``serve`` prints to the terminal; ``origin`` is the page's, as phones reach it.
        url = f"{origin}/j/{code}"
        if not re.fullmatch(r"https?://[^/?#\s]{1,100}/j/\w{1,16}", url):
            raise HTTPException(404)
        svg = io.BytesIO()
        qr = segno.make_qr(url, error="m", boost_error=False)
        qr.save(svg, kind="svg", border=4, xmldecl=False)
        return Response(svg.getvalue(), media_type="image/svg+xml")

    app.include_router(pages)
    return app


# -- the API (its dependencies are coroutines: run on the event loop, no thread hop) --------


async def tables_of(request: Request) -> Tables:
    """The server's tables (``create_app``'s)."""
    tables: Tables = request.app.state.tables
    return tables


def origin_ok(request: Request | WebSocket) -> bool:
    """No ``Origin`` (a bot, a tool: known by its token alone), or one of the public
    origins given to ``create_app(origins=...)``. Never the request's ``Host``: a page
    whose name an attacker points at this server (DNS rebinding) sends a ``Host`` and
    an ``Origin`` that agree."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    allowed: set[str] = request.app.state.origins
    return origin.rstrip("/") in allowed


def bucket_of(app: FastAPI, key: str, rate: tuple[float, float] | None = None) -> Bucket:
    """The rate bucket of ``key`` (an address, a token): one per key for the whole
    server, so that a token's HTTP requests and all its sockets share one rate
    (``rate``: its rate and burst, full at first; else the clients' rate)."""
    buckets: dict[str, Bucket] = app.state.buckets
    bucket = buckets.get(key)
    if bucket is None:
        if len(buckets) > 100_000:
            buckets.clear()
        every, burst = rate or app.state.rate
        bucket = buckets[key] = Bucket(time.monotonic, every, burst, burst if rate else BURST)
    return bucket


def token_key(token: str) -> str:
    """The bucket key of a token (its first characters: enough to tell tokens apart)."""
    return "t:" + token[:16]


def limited(request: Request, key: str) -> None:
    """Refuse (429) a client over its rate: one bucket per ``key``."""
    if not bucket_of(request.app, key).take():
        raise MessageError("web.error.rate", status=429, rate=Number(request.app.state.rate[0]))


def token_of(request: Request | WebSocket, role: str | None = None) -> str | None:
    """The Bearer token, else the cookie of ``role`` (or of the role header)."""
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    wanted = role or request.headers.get(ROLE_HEADER)
    if wanted == HOST:
        return request.cookies.get(HOST_COOKIE)
    return request.cookies.get(PLAYER_COOKIE) or (
        None if wanted == "player" else request.cookies.get(HOST_COOKIE)
    )


async def same_origin(request: Request) -> None:
    """A form posted from another site is refused (403)."""
    if not origin_ok(request):
        raise AccessError("web.error.origin", status=403, origin=request.headers["origin"])


def address_of(request: Request | WebSocket) -> str:
    """The client's address (the proxy's, behind one that uvicorn does not trust)."""
    return request.client.host if request.client else "-"


async def by_address(request: Request) -> AsyncIterator[None]:
    """Each address's rate of tables opened, codes looked up and seats taken; an
    address that has tried too many unknown codes or tables waits, longer each time
    (the route's ``UnknownTableError`` is such a try)."""
    address = address_of(request)
    guesses: Backoff = request.app.state.guesses
    wait = guesses.wait(address)
    if wait > 0:
        raise MessageError("web.error.guesses", status=429, seconds=math.ceil(wait))
    limited(request, "ip:" + address)
    try:
        yield
    except UnknownTableError:
        guesses.missed(address)
        raise


async def openings(request: Request) -> None:
    """Each address's tables opened: ``TABLES_AT_ONCE``, then a few an hour."""
    if not bucket_of(request.app, "open:" + address_of(request), request.app.state.openings).take():
        per_hour = Number(round(request.app.state.openings[0] * 3600))
        raise MessageError("web.error.tables_rate", status=429, rate=per_hour)


async def caller(
    request: Request,
    table: str,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Security(BEARER)],
) -> Identity:
    """Who holds the request's token (``Authorization: Bearer``, else the role's
    cookie) at ``table``, its rate counted."""
    token = bearer.credentials if bearer is not None else token_of(request)
    if token:
        limited(request, token_key(token))
    tables: Tables = request.app.state.tables
    return await tables.identify(table, token)


Served = Annotated[Tables, Depends(tables_of)]
Caller = Annotated[Identity, Depends(caller)]


def cookie(request: Request, response: Response, name: str, table: str, token: str) -> None:
    """The token as a cookie of the table's API path (a browser's)."""
    response.set_cookie(
        name,
        token,
        max_age=60 * 60 * 24 * 30,
        path=quote(f"/api/tables/{table}"),
        httponly=True,
        samesite="strict",
        # Behind a proxy that says https (X-Forwarded-Proto, trusted by uvicorn from
        # the addresses it is told to trust), the scheme is https: Secure by itself.
        secure=request.app.state.secure_cookies or request.url.scheme == "https",
    )


#: A body too large, or one or a parameter that breaks its schema, is refused alike
#: on every route; a body sent without a ``Content-Type`` is read as JSON (the API
#: takes nothing else).
api = APIRouter(prefix="/api", responses=refusals(413, 422, 500), strict_content_type=False)


@api.post(
    "/tables",
    status_code=201,
    responses=refusals(400, 403, 429, 503),
    dependencies=[Depends(same_origin), Depends(by_address), Depends(openings)],
)
async def new_table(
    data: NewTable, tables: Served, request: Request, response: Response
) -> Created:
    """Open a table: its format and settings; its id, join code and host token."""
    opened = await tables.create(data.format, dict(data.settings))
    table = opened.identity.table
    cookie(request, response, HOST_COOKIE, table, opened.token)
    return Created(table=table, join_code=opened.join_code, host_token=opened.token)


@api.get(
    "/codes/{code}",
    response_model=Found,
    responses=refusals(404, 429),
    dependencies=[Depends(by_address)],
)
async def by_code(code: str, tables: Served) -> dict[str, Any]:
    """The table a join code opens, and what its join page says of it: its format,
    its stakes or deals, its players and seats."""

    def found(engine: Engine) -> tuple[TableMeta, TableInfo]:
        meta = tables.doors.by_code(code)
        return meta, engine.info(meta.table)

    meta, info = await tables.run(found)
    return {
        "table": meta.table,
        "format": meta.settings["format"],  # as created (one of real cards opens another)
        "minimum": info.minimum,
        "maximum": info.maximum,
        "deals": info.deals,
        "players": len(info.players),
        "seats": info.seats,
    }


@api.post(
    "/tables/{table}/players",
    status_code=201,
    responses=refusals(400, 403, 404, 409, 429, 503),
    dependencies=[Depends(same_origin), Depends(by_address)],
)
async def new_player(
    table: str, data: NewPlayer, tables: Served, request: Request, response: Response
) -> Joined:
    """Sit at the table: the player's name as seated, and their token."""
    seated = await tables.join(table, data.name)
    cookie(request, response, PLAYER_COOKIE, table, seated.token)
    return Joined(player=str(seated.identity.player), token=seated.token, waiting=seated.waiting)


@api.post(
    "/tables/{table}/commands",
    response_model=Answer,
    responses=refusals(400, 401, 403, 404, 409, 429, 503),
    dependencies=[Depends(same_origin)],
)
async def command(who: Caller, data: Annotated[Command, Body()], tables: Served) -> JSONResponse:
    """One of the engine's commands (Bearer token): the log's event count after it
    and its events; a command sent again with its ``id``: its first answer."""
    sent: Sent = data  # one of the command models (``web.schemas.COMMAND_MODELS``)
    done = await tables.command(who, sent.command(viewer_of(who)), sent.id)
    return JSONResponse({"seq": done.seq, "events": list(done.events)})


@api.post(
    "/tables/{table}/rematch",
    responses=refusals(400, 401, 403, 404, 409, 429, 503),
    dependencies=[Depends(same_origin)],
)
async def rematch(who: Caller, tables: Served, request: Request, response: Response) -> Rematched:
    """Play again with the same players (an ended table): the host's first asking
    opens the rematch, every later one answers the same table; each caller gets a
    new token of their own place there (a player seated at the end: their seat)."""
    there = await tables.rematch(who)
    place = there.identity
    name = HOST_COOKIE if place.role == HOST else PLAYER_COOKIE
    cookie(request, response, name, place.table, there.token)
    return Rematched(
        table=place.table,
        join_code=there.join_code,
        role=place.role,
        player=place.player,
        token=there.token,
    )


@api.get("/tables/{table}/view", responses=refusals(401, 404, 429, 503))
async def view(who: Caller, tables: Served, request: Request) -> dict[str, Any]:
    """The caller's view of the table (Bearer token)."""
    return await tables.view(who, request_lang(request))


@api.get(
    "/tables/{table}/history",
    responses=refusals(401, 404, 429, 503),
)
async def history(who: Caller, tables: Served, last: int | None = None) -> list[dict[str, Any]]:
    """The settled coups, as ``puntobanco history --json`` (any token of the table; a
    player's, once the host's screen has revealed the coup just dealt)."""
    by = viewer_of(who)
    coups = await tables.hosted.read(who.table, by, lambda e: e.history(who.table, last, by=by))
    return [c.to_json() for c in coups]


@api.get(
    "/tables/{table}/shoes",
    responses=refusals(401, 404, 429, 503),
)
async def shoes(who: Caller, tables: Served) -> list[dict[str, Any]]:
    """The fair shoes, as ``puntobanco shoes --json`` (any token of the table):
    commitment, client seed, nonce, every card dealt, the server seed once revealed.
    The burned cards of the shoe in play, which nobody has seen, are ``null``."""
    by = viewer_of(who)
    shown: list[dict[str, Any]] = await tables.hosted.read(
        who.table, by, lambda engine: engine.shoes(who.table, by=by)
    )
    return shown


@api.get("/i18n/{lang}")
async def words(lang: str) -> dict[str, object]:
    """The pages' words in ``lang`` (one of the catalogue's languages; else English)."""
    return page_words(parse_lang(lang) or "en")


@api.post(
    "/tables/{table}/logout",
    status_code=204,
    responses=refusals(403, 404),
    dependencies=[Depends(same_origin)],
)
async def logout(table: str, tables: Served) -> Response:
    """Forget this browser's cookie of a player of the table (after leaving): from
    the table's own pages only, and of a table this server knows."""
    await tables.meta(table)
    response = Response(status_code=204)
    response.delete_cookie(PLAYER_COOKIE, path=quote(f"/api/tables/{table}"))
    return response


sockets = APIRouter()


@sockets.websocket("/api/tables/{table}/ws")
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
        websocket.app.state.tables,
        table,
        cookies=lambda role: token_of(websocket, role),
        lang=request_lang(websocket),
        rate=websocket.app.state.rate,
        bucket=lambda token: bucket_of(websocket.app, token_key(token)),
        join_origin=websocket.app.state.join_origin,
        watcher=lambda: bucket_of(websocket.app, "watch:" + address_of(websocket)),
    )
