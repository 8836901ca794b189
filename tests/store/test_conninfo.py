"""A PostgreSQL connection string in libpq's keyword/value form (``host=... password=...``)
names a PostgreSQL database, never a SQLite file: the security review found a file
named after the password. Its password is never shown."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from puntobanco.cli import main
from puntobanco.errors import StoreError
from puntobanco.store import backup_source, existing_log, is_conninfo, open_store, redact
from puntobanco.store.postgres import PostgresStore
from puntobanco.table import TableConfig
from puntobanco.table.events import TableOpened

SECRET = "s3cretPW"
#: Nobody listens on port 1: the connection is refused at once.
UNREACHABLE = f"host=127.0.0.1 port=1 dbname=pb user=club password={SECRET} connect_timeout=2"


@pytest.fixture
def here(tmp_path: Path) -> Iterator[Path]:
    """The test runs in an empty folder of its own (a file made there is seen)."""
    before = Path.cwd()
    os.chdir(tmp_path)
    try:
        yield tmp_path
    finally:
        os.chdir(before)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = int(stop.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_a_keyword_connection_string_is_postgresql_and_never_a_file(here: Path) -> None:
    with pytest.raises(StoreError) as refused:
        open_store(UNREACHABLE)
    assert refused.value.key == "store.error.pg_unreachable"
    message = refused.value.message("en")
    assert "password=***" in message and SECRET not in message
    assert list(here.iterdir()) == []  # no file named after the password
    for argv in (["history"], ["play", "--seed", "1"], ["backup", "copy.db"]):
        code, out, err = run(*argv, "--db", UNREACHABLE)
        assert code == 2 and SECRET not in out + err, (argv, err)
    assert list(here.iterdir()) == []


def test_serve_names_such_a_database_without_its_password(here: Path) -> None:
    code, out, err = run("serve", "--print-config", "--db", UNREACHABLE)
    assert code == 0 and "password=***" in out and SECRET not in out + err
    code, out, err = run("serve", "--db", UNREACHABLE, "--port", "1")
    assert code == 2 and "password=***" in err and SECRET not in out + err
    assert list(here.iterdir()) == []


def test_the_same_database_opens_by_url_or_by_keywords(pg_url: str, here: Path) -> None:
    keywords = psycopg.conninfo.make_conninfo(pg_url, password=SECRET)  # trusted: unused
    assert is_conninfo(keywords) and "dbname=" in keywords
    store = open_store(keywords)
    assert isinstance(store, PostgresStore)
    assert SECRET not in store.name and "password=***" in store.name
    store.append("t", 0, [TableOpened("t", TableConfig.session())])
    store.close()
    again = open_store(pg_url)
    assert [r.seq for r in again.load("t")] == [1]
    again.close()
    assert existing_log(keywords) == keywords  # its server says whether it is there
    with pytest.raises(StoreError, match="pg_dump") as refused:
        backup_source(keywords)
    assert SECRET not in refused.value.message("en")
    assert list(here.iterdir()) == []


def test_a_file_whose_name_looks_like_keywords_is_still_reachable(here: Path) -> None:
    assert not is_conninfo("./host=x.db") and not is_conninfo("hosts.db")
    store = open_store("sqlite:///host=x.db")
    store.close()
    assert (here / "host=x.db").is_file()


def test_every_password_of_a_connection_string_is_hidden() -> None:
    text = "host=db password='it is \\'s3cret' sslpassword = k3y dbname=pb"
    assert redact(text) == "host=db password=*** sslpassword = *** dbname=pb"
