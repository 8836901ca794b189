"""The API's interactive documentation (/api/docs) passes axe-core with no violation
at all, with its vendored viewer and the local stylesheet that corrects its contrast."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.web.conftest import LiveServer
from tests.web.test_browser_keyboard import all_violations

#: The viewer's colours move (CSS transitions): axe reads them once they have ended.
SETTLED = "() => Promise.all(document.getAnimations().map((a) => a.finished))"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    path = tmp_path_factory.mktemp("apidocs") / "apidocs.db"
    with LiveServer(store=str(path), rate=1000, burst=1000, tables_per_hour=1e6) as s:
        yield s


def test_the_api_docs_page_has_no_violation_at_all(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(locale="en-GB", bypass_csp=True)
    page = context.new_page()
    page.goto(server.url + "/api/docs")
    page.wait_for_selector(".opblock")
    page.wait_for_load_state("networkidle")
    page.evaluate(SETTLED)
    closed = all_violations(page)
    # Two operations opened, with their parameters, responses and "Try it out".
    opened_ops = ("view_api_tables__table__view_get", "command_api_tables__table__commands_post")
    for operation in opened_ops:
        page.click(f"#operations-default-{operation} .opblock-summary-control")
        page.wait_for_selector(f"#operations-default-{operation} .responses-wrapper")
    page.evaluate(SETTLED)
    opened = all_violations(page)
    context.close()
    assert closed == []
    assert opened == []
