"""Shared test fixtures."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from puntobanco.i18n import set_language


@pytest.fixture(autouse=True)
def _english_by_default() -> Iterator[None]:
    """Each test starts in English whatever an earlier ``main()`` chose."""
    set_language(None)
    yield
    set_language(None)
