"""The static files: fingerprinted names cached for a year, plain names and pages
revalidated, gzip for clients that take it, any file added to the folder served
the same way; the pages described in the viewer's language; and the API's
documentation page, whose every request stays on this server."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.requests import Request

from puntobanco.web.app import STATIC, create_app
from puntobanco.web.assets import IMMUTABLE, Assets
from tests.web.conftest import LiveServer


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def url_of(client: TestClient, name: str) -> str:
    page = client.get("/").text
    stem, ext = name.rsplit(".", 1)
    found = re.search(rf'"(/static/{re.escape(stem)}\.[0-9a-f]{{8}}\.{ext})"', page)
    assert found is not None, (name, page[:800])
    return found[1]


def test_the_pages_name_every_script_and_style_by_its_fingerprint(client: TestClient) -> None:
    head = client.get("/").text.split("</head>")[0]
    referenced = re.findall(r'(?:src|href)="(/static/[^"]+)"', head)
    # Every script and style the page's own file names (app.css, common.js, host.js...).
    source = (STATIC / "host.html").read_text(encoding="utf-8").split("</head>")[0]
    assert len(referenced) == len(re.findall(r'(?:src|href)="/static/', source)) >= 4
    for url in referenced:
        assert re.search(r"\.[0-9a-f]{8}\.(js|css)$", url), url
        r = client.get(url)
        assert r.status_code == 200 and r.headers["cache-control"] == IMMUTABLE
        plain = re.sub(r"\.[0-9a-f]{8}(\.\w+)$", r"\1", url.removeprefix("/static/"))
        assert r.content == (STATIC / plain).read_bytes()
    for page in ("/", "/host/t1", "/j/ABCDE", "/j", "/p/t1", "/api/docs"):
        r = client.get(page)
        assert r.headers["cache-control"] in ("no-cache", "no-store"), page
        assert r.headers["content-type"] == "text/html; charset=utf-8"


def test_a_plain_name_is_revalidated_with_its_etag(client: TestClient) -> None:
    r = client.get("/static/host.js")
    assert r.headers["cache-control"] == "no-cache"
    again = client.get("/static/host.js", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    head = client.head("/static/host.js")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == r.headers["content-length"]


def test_gzip_only_for_a_client_that_takes_it(client: TestClient) -> None:
    url = url_of(client, "host.js")
    body = (STATIC / "host.js").read_bytes()
    packed = client.get(url, headers={"Accept-Encoding": "gzip, br"})
    assert packed.headers["content-encoding"] == "gzip" and packed.content == body
    assert int(packed.headers["content-length"]) == len(gzip.compress(body, 9, mtime=0))
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == body
    refused = client.get(url, headers={"Accept-Encoding": "gzip;q=0"})
    assert "content-encoding" not in refused.headers
    assert plain.headers["vary"] == packed.headers["vary"] == "Accept-Encoding"
    api = client.get("/api/i18n/en", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in api.headers  # the API's answers go as they are


def test_an_old_fingerprint_gets_todays_file_revalidated_and_an_unknown_file_404(
    client: TestClient,
) -> None:
    old = client.get("/static/host.00000000.js")
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
    assert old.content == (STATIC / "host.js").read_bytes()
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/static/../app.py").status_code == 404


def request(headers: dict[str, str] | None = None) -> Request:
    raw = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    return Request({"type": "http", "method": "GET", "headers": raw, "query_string": b""})


def test_a_file_added_to_the_folder_later_is_fingerprinted_and_compressed(
    tmp_path: Path,
) -> None:
    (tmp_path / "page.html").write_text(
        '<html><head><script src="/static/later/new.js"></script></head></html>',
        encoding="utf-8",
    )
    (tmp_path / "later").mkdir()
    (tmp_path / "later" / "new.js").write_text("console.log('new');\n" * 50, encoding="utf-8")
    first = Assets(tmp_path)
    url = first.url("later/new.js")
    assert re.fullmatch(r"/static/later/new\.[0-9a-f]{8}\.js", url)
    page = first.page(request(), "page.html", "es")
    assert url.encode() in page.body and b'name="description"' in page.body
    served = first.serve(request({"Accept-Encoding": "gzip"}), url.removeprefix("/static/"), "en")
    assert served.headers["cache-control"] == IMMUTABLE
    assert gzip.decompress(served.body) == (tmp_path / "later" / "new.js").read_bytes()
    (tmp_path / "later" / "new.js").write_text("console.log('changed');\n", encoding="utf-8")
    assert Assets(tmp_path).url("later/new.js") != url  # a new server sees the new content


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "for everyone at the table"), ("fr", "pour toute la table"), ("es", "toda la mesa")],
)
def test_the_pages_carry_a_description_in_the_viewers_language(
    client: TestClient, lang: str, words: str
) -> None:
    r = client.get("/", headers={"Accept-Language": lang})
    found = re.search(r'<meta name="description" content="([^"]+)">', r.text)
    assert found is not None and words in found[1]
    assert "Accept-Language" in r.headers["vary"]
    assert "http" not in r.text.split("<body")[0]


def test_a_page_that_describes_itself_keeps_its_own_description(tmp_path: Path) -> None:
    (tmp_path / "p.html").write_text(
        '<head><meta name="description" content="mine"></head>', encoding="utf-8"
    )
    body = bytes(Assets(tmp_path).page(request(), "p.html", "fr").body)
    assert body.count(b'name="description"') == 1 and b"mine" in body


def test_the_api_docs_page_loads_from_this_server_alone(browser: Any, tmp_path: Path) -> None:
    with LiveServer(store=str(tmp_path / "docs.db")) as server:
        page = browser.new_page()
        requests: list[str] = []
        problems: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(server.url + "/api/docs")
        page.wait_for_selector(".opblock", timeout=20_000)
        operations = page.locator(".opblock-summary-path").all_inner_texts()
        assert "/api/tables/{table}/commands" in [o.replace("\u200b", "") for o in operations]
        page.close()
    hosts = {urlparse(u).hostname for u in requests}
    assert hosts == {"127.0.0.1"}, requests
    assert any("swagger-ui-bundle." in u for u in requests)
    assert any(u.endswith("/api/openapi.json") for u in requests)
    assert problems == []


def test_the_docs_page_is_not_the_api_and_fastapi_serves_no_other(client: TestClient) -> None:
    app: FastAPI = client.app  # type: ignore[assignment]
    assert app.docs_url is None and app.redoc_url is None  # FastAPI's own pages use a CDN
    assert client.get("/docs").status_code == 404
    assert "/api/docs" not in client.get("/api/openapi.json").json()["paths"]


def test_the_join_qr_code_is_the_join_address_at_the_pages_own_origin(
    client: TestClient,
) -> None:
    import io

    import segno

    r = client.get("/j/K7QXM/qr.svg", params={"origin": "http://192.168.1.20:8000"})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "image/svg+xml"
    expected = io.BytesIO()
    segno.make_qr("http://192.168.1.20:8000/j/K7QXM", error="m", boost_error=False).save(
        expected, kind="svg", border=4, xmldecl=False
    )
    assert r.content == expected.getvalue()
    for origin in ("javascript:alert(1)", "http://a.example/path", "http://" + "a" * 101):
        assert client.get("/j/K7QXM/qr.svg", params={"origin": origin}).status_code == 404
    for code in ("K7 QXM", "K" * 17):
        assert client.get(f"/j/{code}/qr.svg", params={"origin": "http://a"}).status_code == 404
