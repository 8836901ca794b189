"""Several web servers on one PostgreSQL database: the credentials one of them
handed out work on every other."""

from __future__ import annotations

from fastapi.testclient import TestClient

from puntobanco.store.postgres import connect
from puntobanco.web.app import create_app
from puntobanco.web.auth import (
    HOST,
    PLAYER,
    Identity,
    PgCredentials,
    TableMeta,
    open_credentials,
)
from tests.web.helpers import bearer, join, open_table


def test_credentials_live_in_the_database_tables_of_the_versioned_schema(pg_url: str) -> None:
    first = open_credentials(pg_url)
    assert isinstance(first, PgCredentials) and first.shared
    first.add_table(TableMeta("t1", "ACDEF", {"format": "casino", "seed": 3}), "hash-host")
    first.add_token("hash-ana", Identity("t1", PLAYER, "Ana"))
    first.add_table(TableMeta("t2", "HJKMN", {"format": "session"}), "hash-host-2")
    other = PgCredentials(pg_url)  # another process, started later
    tables, tokens = other.load()
    assert [m.table for m in tables] == ["t1", "t2"]
    assert tables[0].settings == {"format": "casino", "seed": 3}
    assert tokens["hash-host"] == Identity("t1", HOST) and tokens["hash-ana"].player == "Ana"
    first.add_token("hash-bruno", Identity("t2", PLAYER, "Bruno"))  # after other's load
    assert other.find_token("hash-bruno") == Identity("t2", PLAYER, "Bruno")
    assert other.find_token("nobody") is None
    assert other.find_code("HJKMN") == tables[1] and other.find_table("t1") == tables[0]
    assert other.find_code("XXXXX") is None and other.find_table("t9") is None
    raw = connect(pg_url)
    stored = raw.execute("SELECT digest FROM web_tokens ORDER BY digest").fetchall()
    raw.close()
    assert [d for (d,) in stored] == ["hash-ana", "hash-bruno", "hash-host", "hash-host-2"]
    first.close()
    other.close()


def test_a_token_and_a_join_code_from_one_server_work_on_another(pg_url: str) -> None:
    with (
        TestClient(create_app(store=pg_url)) as a,
        TestClient(create_app(store=pg_url)) as b,
    ):
        t = open_table(a, "casino", seed=5)  # b started before the table existed
        assert b.get(f"/api/codes/{t['join_code'].lower()}").json() == {"table": t["table"]}
        ana = join(a, t["table"], "Ana")
        r = b.get(f"/api/tables/{t['table']}/view", headers=bearer(ana))
        assert r.status_code == 200 and r.json()["me"]["role"] == "player"
        host = b.get(f"/api/tables/{t['table']}/view", headers=bearer(t["host_token"]))
        assert host.status_code == 200 and host.json()["me"]["role"] == "host"
        wrong = b.get(f"/api/tables/{t['table']}/view", headers=bearer("not-a-token"))
        assert wrong.status_code == 401
    with TestClient(create_app(store=pg_url)) as c:  # a restart keeps them too
        assert c.get(f"/api/tables/{t['table']}/view", headers=bearer(ana)).status_code == 200
