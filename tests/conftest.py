"""Shared test fixtures.

PostgreSQL: ``PUNTOBANCO_TEST_PG`` names a database to use (``.ci/run`` starts a
cluster and sets it); without it the tests start their own throwaway cluster
(``tools/pgcluster.py``) for the session. Each test gets a schema of
its own in that database (``pg_url``). Under CI (``CI=true``) a server that
cannot be reached or started fails the PostgreSQL tests instead of skipping them.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn
from urllib.parse import quote

import pytest

from puntobanco.errors import StoreError
from puntobanco.i18n import set_language


@pytest.fixture(autouse=True)
def _english_by_default() -> Iterator[None]:
    """Each test starts in English whatever an earlier ``main()`` chose."""
    set_language(None)
    yield
    set_language(None)


PG_ENV = "PUNTOBANCO_TEST_PG"


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL is required under CI: {reason}")
    pytest.skip(f"PostgreSQL not available: {reason}")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL database for the whole test session."""
    url = os.environ.get(PG_ENV)
    if url:
        yield url
        return
    from tools import pgcluster

    folder = Path(tempfile.mkdtemp(prefix="puntobanco-pg-"))
    try:
        cluster = pgcluster.start(folder)
    except StoreError as error:
        pgcluster.stop(folder, remove=True)
        _unavailable(str(error))
    try:
        yield cluster.url
    finally:
        pgcluster.stop(folder, remove=True)


@pytest.fixture
def pg_schemas(pg_server: str) -> Iterator[Callable[[], str]]:
    """Makes URLs of fresh, empty schemas in the session's database (dropped afterwards)."""
    from puntobanco.store.postgres import connect

    try:
        admin = connect(pg_server)
    except StoreError as error:
        _unavailable(str(error))
    made: list[str] = []

    def new() -> str:
        schema = f"t_{uuid.uuid4().hex[:12]}"
        admin.execute(f"CREATE SCHEMA {schema}")
        made.append(schema)
        sep = "&" if "?" in pg_server else "?"
        return f"{pg_server}{sep}options={quote(f'-csearch_path={schema}')}"

    yield new
    for schema in made:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
    admin.close()


@pytest.fixture
def pg_url(pg_schemas: Callable[[], str]) -> str:
    """A fresh, empty PostgreSQL database (a schema of its own)."""
    return pg_schemas()
