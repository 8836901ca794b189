"""``tools/web_screenshots.py`` fixes its tables' ids and join codes (each table's
shoes and QR code the same at every run, so that an image changes only when the
pages do). Its shots need Chromium and take a minute; what they stand on is
checked here: the server it starts opens its tables with those ids and codes."""

from __future__ import annotations

import httpx
from tools import web_screenshots as tool


def test_the_screenshot_server_opens_its_tables_with_fixed_ids_and_codes() -> None:
    with tool.serve() as url:
        opened = [
            httpx.post(f"{url}/api/tables", json={"format": "casino", "settings": {"seed": 1}})
            for _ in range(2)
        ]
    assert [r.status_code for r in opened] == [201, 201]
    assert [r.json()["table"] for r in opened] == tool.IDS[:2]
    assert [r.json()["join_code"] for r in opened] == tool.CODES[:2]
