"""Names from outside are held to the same rules as names typed in, and printed safely."""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from pathlib import Path

import pytest

from puntobanco import CasinoTable, Session
from puntobanco.cli import main
from puntobanco.errors import InvalidNameError
from puntobanco.table.names import check_name, same_name, shown


def test_names_compare_under_nfkc_case_folding() -> None:
    assert same_name("Ａｎａ", "Ana") and same_name("ANA", "ana")
    assert same_name(unicodedata.normalize("NFD", "Chloé"), "CHLOÉ")
    table = CasinoTable(seed=1)
    table.sit("Ana", 10_000)
    with pytest.raises(InvalidNameError):
        table.sit("Ａｎａ", 10_000)  # the same player, already seated
    assert table.available("ａｎａ") == 10_000


@pytest.mark.parametrize(
    "name", ["\u0301\u0301", "\u0301Ana", "Ana \u0301", "\u20dd", "A\u202eB", "\x1b[31m", ""]
)
def test_marks_without_a_letter_controls_and_overrides_are_refused(name: str) -> None:
    with pytest.raises(InvalidNameError):
        check_name(name)


def test_a_5000_character_name_is_refused_with_a_short_message() -> None:
    with pytest.raises(InvalidNameError) as caught:
        check_name("x" * 5000)
    assert len(str(caught.value)) < 200


def test_names_from_a_log_are_escaped_before_reaching_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "s.db"
    with Session(["Ana", "Bruno"], seed=2, db=db) as s:
        s.predict("Ana", "banco")
        s.predict("Bruno", "punto")
        s.deal()
    # A log written by something else: a name carrying a terminal escape.
    raw = sqlite3.connect(db)
    raw.execute("UPDATE events SET body = replace(body, 'Bruno', 'Bru\\u001b[2Jno')")
    from puntobanco.store.chain import hashes  # its checksums and chain written as it would
    from puntobanco.store.seal import file_sealer, open_event
    from puntobanco.store.sqlite_schema import row_crc

    # The chain links each event as it reads back: the cards to come opened from their seal.
    sealer = file_sealer(db, create=False)
    rows = raw.execute("SELECT table_id, seq, time, type, body FROM events ORDER BY seq").fetchall()
    opened = [open_event(lambda: sealer, json.loads(row[4]), "") for row in rows]
    links = hashes((r[0], r[1], r[2], data) for r, data in zip(rows, opened, strict=True))
    raw.executemany(
        "UPDATE events SET crc = ?, hash = ? WHERE table_id = ? AND seq = ?",
        [(row_crc(*row), own, row[0], row[1]) for row, (_, own) in zip(rows, links, strict=True)],
    )
    raw.commit()
    raw.close()
    capsys.readouterr()
    main(["history", "--db", str(db)])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "Bru\\u001b[2Jno" in out
    assert shown("Ana\u202e") == "Ana\\u202e"
