"""A log's contributions are checked step by step, by ``puntobanco verify`` and by the
standalone ``tools/verify_shoe.py``: each kind of tampering with them is refused, naming
the line and the event; a server that grinds its seed is caught by the order alone; an
older table's log still verifies as it did."""

from __future__ import annotations

import copy
import importlib.util
import json
import subprocess
import sys
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import puntobanco.fair as fair
import puntobanco.fair.contributions as contributions
from puntobanco import CasinoTable
from puntobanco.cli import main
from puntobanco.engine import (
    Bet,
    CloseTable,
    CommitContribution,
    Deal,
    Engine,
    Leave,
    RevealContribution,
    Tick,
    Viewer,
)
from puntobanco.errors import IllegalActionError, StoreError
from puntobanco.fair.log import fair_shoes
from puntobanco.shoe import Shoe
from puntobanco.store import MemoryStore
from puntobanco.store.chain import hashes
from puntobanco.store.jsonl import check_log, export_lines, import_lines, read_lines
from tests.test_entropy import Clock

ROOT = Path(__file__).resolve().parents[1]
VERIFIER = ROOT / "tools" / "verify_shoe.py"
DATA = Path(__file__).parent / "data"
Line = dict[str, Any]


def standalone() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_shoe", VERIFIER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


verify_shoe = standalone()


def honest_log() -> list[Line]:
    """A one-deck casino table over two shoes: Dora's phone never commits to shoe 1 (its
    reveals open when the commitment time is up), Chloé withholds her reveal of shoe 2
    (left out when the reveal time is up)."""
    clock = Clock()
    engine = Engine(MemoryStore(clock=clock.text), clock=clock)
    players = [(n, 10**6) for n in ("Ana", "Bruno", "Chloé", "Dora")]
    # Each sat down from their own phone (a seat the operator took would be its own).
    own = [name for name, _ in players]
    engine.open("club", "casino", settings={"decks": 1}, players=players, own=own)
    values: dict[tuple[str, int], bytes] = {}

    def step(seconds: float = 0.05) -> None:
        clock.now += seconds

    def commit(name: str, shoe: int) -> None:
        step()
        value = values[name, shoe] = contributions.new_contribution()
        digest = contributions.digest("club", shoe, name, value)
        engine.do("club", CommitContribution(name, shoe, digest), Viewer.player(name))

    def reveal(name: str, shoe: int) -> None:
        step()
        command = RevealContribution(name, shoe, values[name, shoe].hex())
        engine.do("club", command, Viewer.player(name))

    for name in ("Ana", "Bruno", "Chloé"):
        commit(name, 1)
    engine.do("club", Tick())
    step(3.4)
    engine.do("club", Tick())  # Dora's commitment is not waited for any longer
    for name in ("Ana", "Bruno", "Chloé"):
        reveal(name, 1)
    step()
    engine.do("club", Leave("Dora"), Viewer.player("Dora"))
    for name in ("Ana", "Bruno", "Chloé"):
        commit(name, 2)
    while engine.state("club").phase.value != "shuffling":
        step(5)
        engine.do("club", Bet("Ana", "banco", 1000), Viewer.player("Ana"))
        engine.do("club", Bet("Bruno", "punto", 1000), Viewer.player("Bruno"))
        step()
        engine.do("club", Deal())
    reveal("Ana", 2)
    reveal("Bruno", 2)
    engine.do("club", Tick())
    step(3.4)
    engine.do("club", Tick())  # Chloé is left out
    step(5)
    engine.do("club", Bet("Ana", "banco", 1000), Viewer.player("Ana"))
    engine.do("club", Deal())
    step()
    engine.do("club", CloseTable())
    return [json.loads(line) for line in export_lines(engine.store.load("club"))]


HONEST = honest_log()


def chained(lines: list[Line]) -> list[str]:
    """The lines renumbered and their chain redone, as a forger would."""
    for seq, line in enumerate(lines, start=1):
        line["seq"] = seq
    links = hashes((x["table"], x["seq"], x["time"], x["event"]) for x in lines)
    return [
        json.dumps({**x, "prev": p, "hash": h}, ensure_ascii=False)
        for x, (p, h) in zip(lines, links, strict=True)
    ]


def find(lines: list[Line], kind: str, **fields: Any) -> int:
    """The index of the first line whose event is ``kind`` with ``fields``."""
    return next(
        i
        for i, line in enumerate(lines)
        if line["event"]["type"] == kind
        and all(line["event"].get(k) == v for k, v in fields.items())
    )


def move(lines: list[Line], index: int, to: int) -> None:
    """Move line ``index`` to just before the line now at ``to`` (its time taken from
    the line before its new place, so that the times still go forward)."""
    line = lines.pop(index)
    to -= 1 if to > index else 0
    line["time"] = lines[to - 1]["time"]
    lines.insert(to, line)


def later(text: str, seconds: float) -> str:
    return (datetime.fromisoformat(text) + timedelta(seconds=seconds)).isoformat(
        timespec="milliseconds"
    )


def other_hex(text: str) -> str:
    return ("1" if text[0] == "0" else "0") + text[1:]


# Each tampering changes the honest log and says which line must be named, and why:
# (the library's key after "entropy.log.", the standalone verifier's key).
Tampering = Callable[[list[Line]], int]
TAMPERINGS: dict[str, tuple[Tampering, str, str]] = {}


def tampering(
    name: str, key: str, standalone_key: str | None = None
) -> Callable[[Tampering], Tampering]:
    def register(change: Tampering) -> Tampering:
        TAMPERINGS[name] = (change, key, standalone_key or key)
        return change

    return register


@tampering("a commitment moved after the reveals opened", "commit_after_reveals")
def _late_commit(lines: list[Line]) -> int:
    at = find(lines, "ContributionCommitted", shoe=1, name="Bruno")
    move(lines, at, find(lines, "RevealsOpened", shoe=1) + 1)
    return find(lines, "ContributionCommitted", shoe=1, name="Bruno")


@tampering("a changed commitment", "mismatch")
def _changed_digest(lines: list[Line]) -> int:
    event = lines[find(lines, "ContributionCommitted", shoe=1, name="Ana")]["event"]
    event["digest"] = other_hex(event["digest"])
    return find(lines, "ContributionRevealed", shoe=1, name="Ana")


@tampering("a changed value", "mismatch")
def _changed_value(lines: list[Line]) -> int:
    event = lines[find(lines, "ContributionRevealed", shoe=1, name="Ana")]["event"]
    event["value"] = other_hex(event["value"])
    return find(lines, "ContributionRevealed", shoe=1, name="Ana")


@tampering("an extra reveal", "twice")
def _extra_reveal(lines: list[Line]) -> int:
    at = find(lines, "ContributionRevealed", shoe=1, name="Ana")
    lines.insert(at + 1, copy.deepcopy(lines[at]))
    return at + 1


@tampering("a missing close", "unclosed")
def _missing_close(lines: list[Line]) -> int:
    del lines[find(lines, "ContributionsClosed", shoe=1)]
    return find(lines, "ShoeShuffled", shoe=1)


@tampering("a wrong list of players left out", "excluded")
def _wrong_excluded(lines: list[Line]) -> int:
    at = find(lines, "ContributionsClosed", shoe=2)
    lines[at]["event"]["excluded"] = []
    return at


@tampering("a shuffle before the reveal time was up", "early_close")
def _early_close(lines: list[Line]) -> int:
    at = find(lines, "ContributionsClosed", shoe=2)
    opened = lines[find(lines, "RevealsOpened", shoe=2)]["time"]
    lines[at]["time"] = later(opened, 1.0)
    return at


@tampering(
    "the server seed committed after a contribution", "before_commitment", "before_commitment"
)
def _late_seed(lines: list[Line]) -> int:
    at = find(lines, "NextShoeCommitted", shoe=2)
    move(lines, at, find(lines, "ContributionCommitted", shoe=2) + 1)
    return find(lines, "ContributionCommitted", shoe=2)


@tampering("a copied commitment", "copied")
def _copied(lines: list[Line]) -> int:
    ana = lines[find(lines, "ContributionCommitted", shoe=1, name="Ana")]["event"]
    at = find(lines, "ContributionCommitted", shoe=1, name="Bruno")
    lines[at]["event"]["digest"] = ana["digest"]
    return at


@tampering("a changed client seed", "client_seed")
def _client_seed(lines: list[Line]) -> int:
    at = find(lines, "ShoeShuffled", shoe=1)
    lines[at]["event"]["client_seed"] = lines[at]["event"]["client_seed"].rsplit("|", 1)[0]
    return at


@tampering("a reveal by a seat that never committed", "uncommitted")
def _uncommitted(lines: list[Line]) -> int:
    at = find(lines, "ContributionsClosed", shoe=1)
    forged = copy.deepcopy(lines[at - 1])
    forged["event"].update(name="Dora", value="ab" * 32)
    lines.insert(at, forged)
    return at


@tampering("a commitment from nobody seated", "not_seated")
def _not_seated(lines: list[Line]) -> int:
    at = find(lines, "ContributionCommitted", shoe=1, name="Bruno")
    lines[at]["event"]["name"] = "Zoé"
    return at


@tampering("reveals opened before the commitment time was up", "early_reveals")
def _early_reveals(lines: list[Line]) -> int:
    at = find(lines, "RevealsOpened", shoe=1)
    lines[at]["time"] = lines[at - 1]["time"]
    return at


@tampering("a call removed", "order", "out_of_order")
def _no_call(lines: list[Line]) -> int:
    del lines[find(lines, "ShoeCalled", shoe=1)]
    return find(lines, "RevealsOpened", shoe=1)


@tampering("the opening of the reveals removed", "order", "out_of_order")
def _no_opening(lines: list[Line]) -> int:
    del lines[find(lines, "RevealsOpened", shoe=2)]
    return find(lines, "ContributionRevealed", shoe=2)


@tampering("a second commitment", "twice")
def _second_commitment(lines: list[Line]) -> int:
    at = find(lines, "ContributionCommitted", shoe=1, name="Ana")
    lines.insert(at + 1, copy.deepcopy(lines[at]))
    return at + 1


@tampering("a commitment that is not 64 lowercase hex digits", "hex", "not_hex")
def _not_hex(lines: list[Line]) -> int:
    at = find(lines, "ContributionCommitted", shoe=1, name="Ana")
    lines[at]["event"]["digest"] = lines[at]["event"]["digest"].upper()
    return at


@tampering("a window of other seconds", "seconds")
def _seconds(lines: list[Line]) -> int:
    at = find(lines, "ShoeCalled", shoe=1)
    lines[at]["event"]["seconds"] = 1
    return at


@tampering("a bet while the shoe waits for its contributions", "waiting")
def _bet_waiting(lines: list[Line]) -> int:
    at = find(lines, "BetPlaced")
    move(lines, at, find(lines, "ShoeCalled", shoe=1) + 1)
    return find(lines, "BetPlaced")


@tampering("a shuffle with another server seed", "seed")
def _other_seed(lines: list[Line]) -> int:
    at = find(lines, "ShoeShuffled", shoe=1)
    event = lines[at]["event"]
    seed = other_hex(event["server_seed"])
    order = fair.shoe_order(bytes.fromhex(seed), event["client_seed"], 1, 1)
    event.update(server_seed=seed, order=[str(c) for c in order])  # a shoe in itself sound
    return at


@tampering("the reveals closed before the last reveal", "excluded")
def _close_first(lines: list[Line]) -> int:
    at = find(lines, "ContributionsClosed", shoe=1)
    move(lines, at, find(lines, "ContributionRevealed", shoe=1, name="Chloé"))
    return find(lines, "ContributionsClosed", shoe=1)


@tampering("a typed contribution at a table of this version", "typed")
def _typed(lines: list[Line]) -> int:
    at = find(lines, "BetsOpened")
    typed = copy.deepcopy(lines[at])
    typed["event"] = {"type": "SeedContributed", "shoe": 2, "name": "Ana", "text": "lucky"}
    lines.insert(at + 1, typed)
    return at + 1


@tampering("two commitments swapped (the values' order)", "client_seed")
def _swapped(lines: list[Line]) -> int:
    ana = find(lines, "ContributionCommitted", shoe=1, name="Ana")
    bruno = find(lines, "ContributionCommitted", shoe=1, name="Bruno")
    lines[ana]["event"], lines[bruno]["event"] = lines[bruno]["event"], lines[ana]["event"]
    return find(lines, "ShoeShuffled", shoe=1)


@tampering("shoe 2 called before shoe 1 ended", "early_call")
def _early_call(lines: list[Line]) -> int:
    # After shoe 1's last coup was settled, before its end (ShoeFinished, ShoeRevealed):
    # no bet comes between, so only the rule on the ends of shoes can catch it.
    move(lines, find(lines, "ShoeCalled", shoe=2), find(lines, "ShoeFinished", shoe=1))
    return find(lines, "ShoeCalled", shoe=2)


def test_the_honest_log_verifies_with_both_verifiers() -> None:
    lines = chained(copy.deepcopy(HONEST))
    records = read_lines(lines)["club"]
    check_log("club", records)
    report = verify_shoe.check_table("club", verify_shoe.read_log("\n".join(lines))["club"])
    assert report["gathered"] == 2 and report["excluded"] == ["Chloé (2)"]
    assert [number for number, *_ in report["shoes"]] == [1, 2]


def test_there_are_twenty_kinds_of_tampering_at_least() -> None:
    assert len(TAMPERINGS) >= 20


@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_each_tampering_with_the_contributions_is_refused_naming_the_event(name: str) -> None:
    change, key, standalone_key = TAMPERINGS[name]
    lines = copy.deepcopy(HONEST)
    at = change(lines)
    kind = lines[at]["event"]["type"]
    text = chained(lines)
    with pytest.raises(StoreError) as refused:
        check_log("club", read_lines(text)["club"])
    assert refused.value.key == f"entropy.log.{key}", refused.value.message("en")
    assert f"Line {at + 1} ({kind}, shoe " in refused.value.message("en")
    with pytest.raises(verify_shoe.LogFault) as fault:
        verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    assert (fault.value.key, fault.value.line, fault.value.event) == (standalone_key, at + 1, kind)


def test_both_verifiers_refuse_a_stored_time_that_goes_back() -> None:
    """The deadlines are read from the stored times: a table's times never go back
    (docs/fair.md), or a window could be shown longer than it was."""
    lines = copy.deepcopy(HONEST)
    at = find(lines, "RevealsOpened", shoe=2)
    lines[at]["time"] = later(lines[at - 1]["time"], -60.0)
    text = chained(lines)
    with pytest.raises(StoreError) as refused:
        main_verify_log(text)
    assert refused.value.key == "import.error.time_back" and refused.value.params["line"] == at + 1
    with pytest.raises(verify_shoe.LogFault) as fault:
        verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    assert (fault.value.key, fault.value.line) == ("time_back", at + 1)


def main_verify_log(lines: list[str]) -> None:
    """What ``puntobanco verify`` does with a log: import it through the live checks."""
    from puntobanco.store import MemoryStore
    from puntobanco.store.jsonl import import_lines

    import_lines(MemoryStore(), lines)


def test_the_standalone_verifier_refuses_a_tampered_log_on_the_command_line(tmp_path: Path) -> None:
    lines = copy.deepcopy(HONEST)
    at = _changed_value(lines)
    path = tmp_path / "club.jsonl"
    path.write_text("\n".join(chained(lines)) + "\n", encoding="utf-8")
    for lang, said in [("en", "FAILED"), ("fr", "ÉCHEC"), ("es", "FALLO")]:
        result = subprocess.run(
            [sys.executable, "-I", "-S", str(VERIFIER), str(path), "--lang", lang],
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
        )
        assert result.returncode == 1 and said in result.stdout
        assert f"{at + 1} (ContributionRevealed" in result.stdout
    assert main(["verify", str(path)]) == 2


def ground(lines: list[Line], *, early: bool) -> tuple[list[Line], int]:
    """What a server that grinds its seed writes: it lets shoe 2's players commit and
    reveal, then tries 64 seeds and keeps the one whose first coup Banco wins, either
    committing to it only then (``early`` False), or having committed to another one
    before (``early`` True). The log is cut after the shoe's first bets open."""
    lines = copy.deepcopy(lines)
    lines = lines[: _opens(lines) + 1]
    at = find(lines, "ShoeShuffled", shoe=2)
    shuffled = lines[at]["event"]
    client = shuffled["client_seed"]
    candidates = [bytes([n]) * 32 for n in range(64)]

    def banco_wins(seed: bytes) -> bool:
        shoe = Shoe.stacked(fair.shoe_order(seed, client, 2, 1), decks=1)
        shoe.burn()
        return shoe.deal_coup().outcome.value == "banco"

    chosen = next(seed for seed in candidates if banco_wins(seed))
    order = fair.shoe_order(chosen, client, 2, 1)
    shuffled.update(server_seed=chosen.hex(), order=[str(c) for c in order])
    burn = Shoe.stacked(order, decks=1).burn()
    lines[at + 1]["event"].update(turned=str(burn.turned), burned=[str(c) for c in burn.burned])
    committed = find(lines, "NextShoeCommitted", shoe=2)
    if early:
        return lines, at  # committed to another seed: the shuffle is refused
    lines[committed]["event"]["server_seed"] = chosen.hex()
    move(lines, committed, at)
    return lines, find(lines, "ContributionCommitted", shoe=2)


def _opens(lines: list[Line]) -> int:
    """The line where bets open on shoe 2."""
    return next(
        i
        for i in range(find(lines, "ShoeShuffled", shoe=2), len(lines))
        if lines[i]["event"]["type"] == "BetsOpened"
    )


@pytest.mark.parametrize("early", [False, True])
def test_a_server_that_grinds_its_seed_is_caught_by_the_order_of_the_log(early: bool) -> None:
    lines, at = ground(HONEST, early=early)
    kind = lines[at]["event"]["type"]
    text = chained(lines)
    records = read_lines(text)["club"]
    if not early:
        # Every shoe of it checks out on its own: seed, commitment, every card dealt.
        assert all(
            fair.verify_shoe(s) for s in fair_shoes(r.event for r in records) if s.server_seed
        )
    key = "seed" if early else "before_commitment"
    with pytest.raises(StoreError) as refused:
        check_log("club", records)
    assert refused.value.key == f"entropy.log.{key}"
    assert f"Line {at + 1} ({kind}, shoe 2)" in refused.value.message("en")
    with pytest.raises(verify_shoe.LogFault) as fault:
        verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    assert (fault.value.key, fault.value.line) == (key, at + 1)
    with pytest.raises(StoreError):
        import_lines(MemoryStore(), text)


def test_the_documented_example_log_verifies_as_the_docs_show() -> None:
    example = ROOT / "docs" / "examples" / "contributions.jsonl"
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(example)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout
    docs = (ROOT / "docs" / "fair.md").read_text(encoding="utf-8")
    assert result.stdout.strip() in docs
    lines = [json.loads(x) for x in example.read_text(encoding="utf-8").splitlines()]
    move(lines, find(lines, "NextShoeCommitted", shoe=2), find(lines, "ShoeShuffled", shoe=2))
    text = chained(lines)
    with pytest.raises(verify_shoe.LogFault) as fault:
        verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    shown = verify_shoe.say(
        "en",
        "log_bad",
        table="club",
        line=fault.value.line,
        event=fault.value.event,
        shoe=fault.value.shoe,
        reason=verify_shoe.say("en", fault.value.key, **fault.value.params),
    )
    assert shown in docs


def test_a_revealed_seed_that_is_not_the_shuffled_one_is_refused_by_both() -> None:
    """A shoe's ``ShoeRevealed`` shows the seed it was shuffled with (docs/fair.md):
    another one, the chain redone, is refused by the replay and by the standalone file."""
    lines = copy.deepcopy(HONEST)
    at = find(lines, "ShoeRevealed", shoe=1)
    lines[at]["event"]["server_seed"] = other_hex(lines[at]["event"]["server_seed"])
    text = chained(lines)
    with pytest.raises(StoreError) as refused:
        check_log("club", read_lines(text)["club"])
    assert refused.value.params["line"] == at + 1
    with pytest.raises(verify_shoe.LogFault) as fault:
        verify_shoe.check_table("club", verify_shoe.read_log("\n".join(text))["club"])
    assert (fault.value.key, fault.value.line) == ("revealed_seed", at + 1)


def test_puntobanco_verify_prints_what_the_docs_show_of_the_example_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = (ROOT / "docs" / "fair.md").read_text(encoding="utf-8")
    example = ROOT / "docs" / "examples" / "contributions.jsonl"
    command = "$ puntobanco verify docs/examples/contributions.jsonl\n"
    quoted = docs.split(command, 1)[1].split("```", 1)[0]
    assert main(["verify", str(example)]) == 0
    assert capsys.readouterr().out == quoted
    # And its refusal of the example with shoe 2's commitment moved before its shuffle.
    lines = [json.loads(x) for x in example.read_text(encoding="utf-8").splitlines()]
    move(lines, find(lines, "NextShoeCommitted", shoe=2), find(lines, "ShoeShuffled", shoe=2))
    path = tmp_path / "moved.jsonl"
    path.write_text("\n".join(chained(lines)) + "\n", encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    said = capsys.readouterr().err
    quote = docs.split("`puntobanco verify club.jsonl` checks the same (`", 1)[1]
    shown = " ".join(quote.split("...")[0].split())
    assert shown.startswith("error: Line 16 (ContributionCommitted, shoe 2)")
    assert shown in " ".join(said.split()), said


@pytest.mark.parametrize("name", ["older_scheme_club.jsonl", "older_scheme_session.jsonl"])
def test_a_log_of_the_older_scheme_still_verifies_imports_and_plays_on(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Source: exported by puntobanco before contributions were committed (typed texts,
    # the first shoe shuffled as the table opened); the session's with --with-secrets.
    path = DATA / name
    assert main(["verify", str(path)]) == 0
    assert "hash chain unbroken" in capsys.readouterr().out
    result = subprocess.run(
        [sys.executable, "-I", "-S", str(VERIFIER), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0 and "0 not revealed yet" in result.stdout, result.stdout
    text = path.read_text(encoding="utf-8").splitlines()
    events = [r.event for r in read_lines(text)[json.loads(text[0])["table"]]]
    shoes = fair_shoes(events)
    assert any(s.contributions for s in shoes)  # its typed texts, in the client seeds
    assert all(fair.verify_shoe(s) for s in shoes if s.server_seed)
    db = tmp_path / "copy.db"
    assert main(["import", str(path), "--db", str(db)]) == 0
    table = json.loads(text[0])["table"]
    if table == "session":
        from puntobanco import Session

        again = Session.resume(db=db)
        assert again.config.reveal_seconds is None  # it plays on under its own scheme
        again.contribute("Ana", "still typed")
        again.predict("Ana", "banco")
        again.predict("Bruno", "punto")
        again.deal()
        again.close_table()
        (shoe,) = [s for s in fair_shoes(again.events) if "still typed" in s.contributions]
        assert shoe.client_seed == "session/3|deal three|still typed"
        assert fair.verify_shoe(shoe) is True
        again.close()
    else:
        with pytest.raises(IllegalActionError):
            CasinoTable.resume("club", db=db).sit("Ana", 10)  # closed: nothing more
