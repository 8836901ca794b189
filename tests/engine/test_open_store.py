"""``open_store`` chooses the backend by the URL's scheme."""

from __future__ import annotations

from pathlib import Path

import pytest

from puntobanco.errors import StoreError
from puntobanco.store import MemoryStore, existing_log, open_store
from puntobanco.store.sqlite import SQLiteStore


def test_a_plain_path_and_a_sqlite_url_open_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "a.db"
    plain = open_store(path)
    assert isinstance(plain, SQLiteStore)
    plain.close()
    url = open_store(f"sqlite:///{path}")
    assert isinstance(url, SQLiteStore) and Path(url.name) == path
    url.close()
    assert existing_log(f"sqlite:///{path}") == f"sqlite:///{path}"


def test_memory_urls_and_none_give_a_memory_store() -> None:
    assert isinstance(open_store(None), MemoryStore)
    assert isinstance(open_store("memory://"), MemoryStore)


@pytest.mark.parametrize("url", ["", "  ", "ftp://host/x", "sqlite://", "sqlite:///", "memory://x"])
def test_names_that_mean_no_store_are_refused(url: str) -> None:
    with pytest.raises(StoreError) as error:
        open_store(url)
    assert error.value.key == "store.error.url"


def test_reading_a_missing_sqlite_url_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        existing_log(f"sqlite:///{tmp_path / 'none.db'}")
    assert list(tmp_path.iterdir()) == []
