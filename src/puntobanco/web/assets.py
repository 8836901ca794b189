"""The files under ``web/static``: fingerprinted, compressed once, cached as they should be.

Every file found there when the server starts gets a second name carrying
the first 8 hex digits of its SHA-256 (``host.js`` -> ``host.3f2a1c9b.js``),
and the pages (``*.html``) are served with their ``/static/...`` references
rewritten to those names (the files themselves are never changed). A
fingerprinted name never changes content, so it is cached for a year
(``immutable``); a plain name and a page are revalidated on each use
(``no-cache``, with an ``ETag``), so a new version shows at the next load.
Text files are gzipped once, at start-up, and sent compressed to a client
that accepts gzip (``Vary: Accept-Encoding``). The API's JSON answers are not
compressed: they are small, and compressing each would cost the hot path.

The scan is cached per process and redone when a file changes (a test
process builds many servers).
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import mimetypes
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Final

from starlette.requests import Request
from starlette.responses import Response

from puntobanco.i18n import LANGS, Lang, t
from puntobanco.web.schemas import form_data

PREFIX: Final = "/static/"
IMMUTABLE: Final = "public, max-age=31536000, immutable"
REVALIDATE: Final = "no-cache"
DIGITS: Final = 8
#: Media types worth compressing (the rest, images, are compressed already).
TEXT: Final = ("text/", "application/javascript", "application/json", "image/svg+xml")
_TYPES: Final = {
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".map": "application/json",
}
_FINGERPRINTED: Final = re.compile(
    rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{DIGITS}}})(?P<ext>\.[^./]+)$"
)
_REFERENCE: Final = re.compile(r"""(?<=["'(])/static/(?P<name>[^"'()\s?#]+)""")
_DESCRIPTION: Final = re.compile(rb"""<meta\s+name=["']?description""", re.IGNORECASE)


def media_type(name: str) -> str:
    """The Content-Type of a file named ``name``."""
    suffix = Path(name).suffix.lower()
    return _TYPES.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def fingerprinted(name: str, digest: str) -> str:
    """``host.js`` -> ``host.1a2b3c4d.js``.

    >>> fingerprinted("host.js", "1a2b3c4d")
    'host.1a2b3c4d.js'
    >>> fingerprinted("LICENSE", "1a2b3c4d")
    'LICENSE.1a2b3c4d'
    """
    path = Path(name)
    if not path.suffix:
        return f"{name}.{digest}"
    return str(path.with_name(f"{path.stem}.{digest}{path.suffix}"))


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (``q=0`` refuses it).

    >>> accepts_gzip("gzip, deflate, br"), accepts_gzip("br"), accepts_gzip("gzip;q=0")
    (True, False, False)
    """
    for part in header.lower().split(","):
        coding, *params = (p.strip() for p in part.split(";"))
        if coding not in ("gzip", "*"):
            continue
        for param in params:
            name, _, value = param.partition("=")
            if name.strip() == "q":
                try:
                    return float(value) > 0
                except ValueError:
                    return False
        return True
    return False


@dataclass(frozen=True, slots=True)
class Asset:
    """One file: its bytes, its gzipped bytes (text only) and its digest."""

    name: str
    body: bytes
    gzipped: bytes | None
    media_type: str
    digest: str

    @property
    def url(self) -> str:
        """Its fingerprinted address."""
        return PREFIX + fingerprinted(self.name, self.digest)


def _asset(name: str, body: bytes) -> Asset:
    kind = media_type(name)
    packed = gzip.compress(body, compresslevel=9, mtime=0) if kind.startswith(TEXT) else None
    if packed is not None and len(packed) >= len(body):
        packed = None
    digest = hashlib.sha256(body).hexdigest()[:DIGITS]
    return Asset(name, body, packed, kind, digest)


@dataclass
class _Scan:
    files: dict[str, Asset]
    pages: dict[tuple[str, Lang], Asset] = field(default_factory=dict)


def _stamp(root: Path) -> tuple[tuple[str, int, int], ...]:
    found = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if path.is_file() and not any(part.startswith(".") for part in relative.parts):
            info = path.stat()
            found.append((relative.as_posix(), info.st_mtime_ns, info.st_size))
    return tuple(found)


@functools.lru_cache(maxsize=4)
def _scan(root: Path, stamp: tuple[tuple[str, int, int], ...]) -> _Scan:
    return _Scan({name: _asset(name, (root / name).read_bytes()) for name, _, _ in stamp})


class Assets:
    """The static files of one server, as found when it was created."""

    def __init__(self, root: Path) -> None:
        self._scan = _scan(root, _stamp(root))
        self.files: Mapping[str, Asset] = self._scan.files

    def url(self, name: str) -> str:
        """The fingerprinted address of ``name`` (``KeyError`` if there is no such file)."""
        return self.files[name].url

    def page(self, request: Request, name: str, lang: Lang) -> Response:
        """The page ``name`` (``host.html``): references fingerprinted, described in ``lang``."""
        key = (name, lang)
        page = self._scan.pages.get(key)
        if page is None:
            page = self._scan.pages[key] = _asset(name, self._rewrite(self.files[name].body, lang))
        return _send(request, page, REVALIDATE, by_language=True)

    def serve(self, request: Request, path: str, lang: Lang) -> Response:
        """``/static/{path}``: a fingerprinted name (immutable), a plain one (revalidated),
        a page, or 404. A fingerprint that is not the file's now (a page from before
        an upgrade) gets today's file, revalidated: never a year of the wrong file."""
        asset = self.files.get(path)
        cache = REVALIDATE
        if asset is None and (match := _FINGERPRINTED.match(path)) is not None:
            asset = self.files.get(match["stem"] + match["ext"])
            if asset is not None and asset.digest == match["digest"]:
                cache = IMMUTABLE
        if asset is None:
            return Response(status_code=404)
        if asset.media_type.startswith("text/html"):
            return self.page(request, asset.name, lang)
        return _send(request, asset, cache)

    def _rewrite(self, html: bytes, lang: Lang) -> bytes:
        def fingerprint(match: re.Match[str]) -> str:
            asset = self.files.get(match["name"])
            return match[0] if asset is None else asset.url

        text = _REFERENCE.sub(fingerprint, html.decode("utf-8"))
        # The languages the pages offer: the catalogue's, written in i18n only; and
        # what the host's form offers: the API's formats, paytables and side bets.
        text = text.replace("<html ", f'<html data-langs="{",".join(LANGS)}" ', 1)
        for name, value in form_data().items():
            text = text.replace(f'{name}=""', f'{name}="{escape(value)}"', 1)
        if not _DESCRIPTION.search(html) and "</head>" in text:
            words = t("ops.meta.description", lang).replace("&", "&amp;").replace('"', "&quot;")
            meta = f'<meta name="description" content="{words}">\n'
            text = text.replace("</head>", meta + "</head>", 1)
        return text.encode("utf-8")


def _send(request: Request, asset: Asset, cache: str, *, by_language: bool = False) -> Response:
    """``asset`` gzipped if the client takes it, or 304 if the client has it."""
    packed = asset.gzipped is not None and accepts_gzip(request.headers.get("accept-encoding", ""))
    body = asset.gzipped if packed and asset.gzipped is not None else asset.body
    etag = f'"{asset.digest}{"-gz" if packed else ""}"'
    headers = {"Cache-Control": cache, "ETag": etag}
    vary = [
        name
        for name, on in (("Accept-Encoding", asset.gzipped), ("Accept-Language", by_language))
        if on
    ]
    if vary:
        headers["Vary"] = ", ".join(vary)
    if packed:
        headers["Content-Encoding"] = "gzip"
    if etag in (e.strip() for e in request.headers.get("if-none-match", "").split(",")):
        return Response(status_code=304, headers=headers)
    headers["Content-Length"] = str(len(body))
    content = b"" if request.method == "HEAD" else body
    return Response(content, media_type=asset.media_type, headers=headers)
