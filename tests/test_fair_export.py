"""Exports keep the secrets of the shoes still in play: no unrevealed server
seed, no card still in a shoe; ``--with-secrets`` is the operator's copy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puntobanco import fair
from puntobanco.cli import main
from puntobanco.engine import Bet, CloseTable, Deal, Engine, Viewer
from puntobanco.engine.contributor import Contributor
from puntobanco.errors import StoreError
from puntobanco.fairlog import fair_shoes
from puntobanco.rng import SeededRandom
from puntobanco.store import MemoryStore
from puntobanco.store.chain import hashes
from puntobanco.store.jsonl import check_log, export_lines, import_lines, read_lines
from puntobanco.table.events import ShoeShuffled

VERIFIER = Path(__file__).resolve().parents[1] / "tools" / "verify_shoe.py"


def played(coups: int, *, close: bool = False, seed: int | None = None) -> Engine:
    engine = Engine(rng=SeededRandom(11))
    settings = {"seed": seed} if seed is not None else None
    engine.open("club", "casino", players=[("Ana", 10**9)], settings=settings)
    ana = Contributor()  # her phone: a contribution to every shoe (none with a seed)
    ana.run(engine, "club")
    for _ in range(coups):
        engine.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        engine.do("club", Deal())
        ana.run(engine, "club")
    if close:
        engine.do("club", CloseTable())
    return engine


def secrets_of(engine: Engine) -> tuple[list[str], list[list[str]]]:
    """The store's server seeds of the shoes not ended, and their undealt cards."""
    records = engine.store.load("club")
    shown = {s.shoe: s for s in fair_shoes(r.event for r in records)}
    seeds, undealt = [], []
    for record in records:
        event = record.event
        if isinstance(event, ShoeShuffled) and shown[event.shoe].server_seed is None:
            assert event.server_seed is not None
            seeds.append(event.server_seed)
            undealt.append([str(c) for c in event.order[len(shown[event.shoe].dealt) :]])
    return seeds, undealt


def test_an_export_mid_shoe_holds_no_unrevealed_seed_and_no_card_still_in_the_shoe() -> None:
    engine = played(100)  # past a shoe change: one shoe revealed, one in play
    seeds, undealt = secrets_of(engine)
    assert len(seeds) == 1 and len(undealt[0]) > 50
    text = "\n".join(export_lines(engine.store.load("club")))
    assert seeds[0] not in text
    events = [json.loads(line)["event"] for line in text.splitlines()]
    hidden = [e for e in events if e["type"] == "ShoeHidden"]
    assert len(hidden) == 1 and "order" not in hidden[0] and "server_seed" not in hidden[0]
    # The shoe's rest, or even its next 6 cards in order, appears nowhere.
    assert json.dumps(undealt[0][:6])[1:-1] not in text
    revealed = [e for e in events if e["type"] == "ShoeShuffled"]
    assert len(revealed) == 1 and revealed[0]["server_seed"]  # the ended shoe shows all
    (shoe_hidden,) = [
        s
        for s in fair_shoes(r.event for r in read_lines(text.splitlines())["club"])
        if s.server_seed is None
    ]
    assert shoe_hidden.commitment == fair.commitment(bytes.fromhex(seeds[0]))
    assert len(shoe_hidden.dealt) == len(hidden[0]["dealt"])


def test_a_hidden_export_verifies_but_is_not_imported_to_play_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = played(30)
    path = tmp_path / "club.jsonl"
    path.write_text("\n".join(export_lines(engine.store.load("club"))) + "\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    assert "shoes not revealed yet: 1." in capsys.readouterr().out
    with pytest.raises(StoreError, match="hidden in this export") as refused:
        import_lines(MemoryStore(), path.read_text(encoding="utf-8").splitlines())
    assert refused.value.params["line"] == 2  # the shoe's commitment, right after TableOpened
    assert main(["import", str(path), "--db", str(tmp_path / "copy.db")]) != 0
    assert "--with-secrets" in capsys.readouterr().err


def test_an_altered_card_of_a_hidden_shoe_is_refused() -> None:
    engine = played(3)
    lines = export_lines(engine.store.load("club"))
    data = [json.loads(line) for line in lines]
    (index,) = [i for i, d in enumerate(data) if d["event"]["type"] == "ShoeHidden"]
    dealt = data[index]["event"]["dealt"]
    dealt[-1] = "AS" if dealt[-1] != "AS" else "KD"
    links = list(hashes((d["table"], d["seq"], d["time"], d["event"]) for d in data))
    for d, (prev, own) in zip(data, links, strict=True):
        d["prev"], d["hash"] = prev, own
    tables = read_lines([json.dumps(d) for d in data])
    with pytest.raises(StoreError):
        check_log("club", tables["club"])


def test_the_operators_copy_moves_a_table_in_play_with_the_same_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = played(30)
    db = tmp_path / "club.db"
    source = tmp_path / "source.db"
    other = Engine(source, rng=SeededRandom(11))
    other.open("club", "casino", players=[("Ana", 10**9)])
    other.shutdown()
    assert main(["export", "club", "--db", str(source)]) == 0
    assert "ShoeHidden" in capsys.readouterr().out
    assert main(["export", "club", "--with-secrets", "--db", str(source)]) == 0
    full = capsys.readouterr().out
    assert "ShoeHidden" not in full and '"server_seed": "' in full
    path = tmp_path / "club.jsonl"
    path.write_text("\n".join(export_lines(engine.store.load("club"), secrets=True)) + "\n")
    assert main(["import", str(path), "--db", str(db)]) == 0
    moved = Engine(db)
    moved.resume("club")
    for target in (engine, moved):
        target.do("club", Bet("Ana", "banco", 1000), by=Viewer.player("Ana"))
        target.do("club", Deal())
        Contributor().run(target, "club")
    assert moved.view("club")["last"] == engine.view("club")["last"]
    moved.shutdown()


def test_a_finished_tables_export_hides_nothing_and_its_shoes_pass_the_standalone_verifier(
    tmp_path: Path,
) -> None:
    engine = played(100, close=True)
    lines = export_lines(engine.store.load("club"))
    assert lines == export_lines(engine.store.load("club"), secrets=True)
    shoes = fair_shoes(r.event for r in read_lines(lines)["club"])
    assert len(shoes) >= 2 and all(s.server_seed is not None for s in shoes)
    path = tmp_path / "shoes.json"
    path.write_text(json.dumps([s.to_dict() for s in shoes]), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout
    assert f"{len(shoes)} shoe(s) checked, 0 not revealed yet." in result.stdout


def test_a_table_with_a_public_seed_exports_its_shoes_whole() -> None:
    engine = played(5, seed=42)
    text = "\n".join(export_lines(engine.store.load("club")))
    assert "ShoeHidden" not in text and '"order": ["' in text
