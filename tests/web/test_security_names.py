"""Attacks by names: a lookalike of another player's name (a Cyrillic "В" in
"Bruno", full-width letters), a name drawn over its neighbours by stacked marks.

Each test is one probe of the December 2026 attacker's pass against ``serve``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from puntobanco.errors import InvalidNameError
from puntobanco.table.names import MAX_MARKS, check_name
from puntobanco.web.app import create_app
from tests.web.helpers import join, open_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(store=str(tmp_path / "n.db"))) as c:
        yield c


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("\u0412runo", "table.error.name.scripts"),  # Cyrillic capital Ve, then Latin
        ("Bru\u03bfo", "table.error.name.scripts"),  # Greek omicron
        ("Ana\u0430", "table.error.name.scripts"),  # Cyrillic a after Latin
        ("B" + "\u0301" * 20, "table.error.name.marks"),  # Zalgo
        ("\uff22runo", "table.error.name.taken"),  # full-width B: "Bruno" after NFKC
    ],
)
def test_a_lookalike_of_a_seated_name_cannot_sit(client: TestClient, name: str, code: str) -> None:
    table = open_table(client, "casino", seed=1)["table"]
    join(client, table, "Bruno")
    r = client.post(f"/api/tables/{table}/players", json={"name": name})
    assert r.status_code == 400 and r.json()["error"]["code"] == code, r.text


@pytest.mark.parametrize(
    "name",
    ["Chloé", "Nguyễn Thị", "山田たろう", "김민준", "Алёна", "Ελένη", "أحمد", "राम सिंह", "Ｅｖａ"],
)
def test_names_in_one_script_of_any_language_sit(name: str) -> None:
    import unicodedata

    assert check_name(name) == unicodedata.normalize("NFKC", name)


def test_a_letter_may_carry_a_few_marks_not_more() -> None:
    assert check_name("e" + "\u0323\u0302") == "ệ"
    check_name("a" + "\u0300\u0301\u0302")  # MAX_MARKS marks that compose to nothing
    with pytest.raises(InvalidNameError):
        check_name("a" + "\u0300\u0301\u0302\u0303" * MAX_MARKS)
