"""Fixtures of the store tests: every backend (PostgreSQL's fixtures, ``pg_url``
and ``pg_schemas``, are in ``tests/conftest.py``, shared with the web tests)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

BACKENDS = ["sqlite", "postgresql"]
#: Makes a new, empty database of the test's backend: a SQLite path or a PostgreSQL URL.
NewDb = Callable[[], str]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The store under test: ``"sqlite"`` or ``"postgresql"``."""
    name: str = request.param
    return name


@pytest.fixture
def new_db(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> NewDb:
    """Makes empty databases of the test's backend."""
    if backend == "postgresql":
        schemas: Callable[[], str] = request.getfixturevalue("pg_schemas")
        return schemas
    made = iter(range(1, 1000))
    return lambda: str(tmp_path / f"log{next(made)}.db")


@pytest.fixture
def db(new_db: NewDb) -> str:
    """One empty database of the test's backend."""
    return new_db()
