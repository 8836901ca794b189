"""The pages quote speed only from the last run of ``bench/report.py``.

Every figure of speed in README.md and docs/ stands between ``<!--bench:KEY-->``
and ``<!--/bench-->``, and is the text ``docs/benchmarks.json`` holds for KEY;
``docs/benchmarks.md`` is that same full run's table.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_report", ROOT / "bench" / "report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


REPORT = report()


def last_run() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DOCS / "benchmarks.json").read_text(encoding="utf-8"))
    return data


def test_the_pages_table_comes_from_a_full_run_in_which_every_step_ran() -> None:
    data = last_run()
    assert data["meta"]["quick"] is False
    table = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    assert f"commit `{data['meta']['commit']}`" in table
    assert data["meta"]["date"] in table
    assert "**failed**" not in table
    ran = {key.split(".")[0] for key in data["figures"]}
    assert ran == {step.name for step in REPORT.STEPS}


@pytest.mark.parametrize("page", REPORT.PAGES, ids=lambda p: p.name)
def test_every_figure_a_page_quotes_is_the_last_runs(page: Path) -> None:
    data = last_run()
    texts = {key: f["text"] for key, f in data["figures"].items()} | REPORT.run_texts(data["meta"])
    for key, text in REPORT.quoted_keys(page.read_text(encoding="utf-8")):
        assert key in texts, f"{page.name} quotes {key}, which the last run did not give"
        assert text == texts[key], f"{page.name}: {key} is {text!r}, the last run {texts[key]!r}"


def test_figures_are_put_into_a_page_and_missing_ones_named() -> None:
    page = "takes <!--bench:odds.x-->1 ms<!--/bench--> and <!--bench:gone-->2 s<!--/bench-->"
    text, missing = REPORT.requote(page, {"odds.x": "5.21 ms"})
    assert (
        text
        == "takes <!--bench:odds.x-->5.21 ms<!--/bench--> and <!--bench:gone-->2 s<!--/bench-->"
    )
    assert missing == ["gone"]


def test_an_examples_output_is_made_again_from_its_command_line() -> None:
    command = 'puntobanco coup "4h 2s 9c Ad 8d" --json'
    page = f"<!--bench:example-->\n```\n$ {command}\nold\n```\nafter\n"
    assert REPORT.examples(page) == [command]
    again = REPORT.rerun_examples(page)
    assert again.startswith(f"<!--bench:example-->\n```\n$ {command}\n{{")
    assert again.endswith("}\n```\nafter\n")
    assert '"winner": "banco"' in again


def test_a_figure_is_written_with_three_significant_digits_and_its_unit() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from figures import shown
    finally:
        sys.path.pop(0)
    assert shown(5.4372, "ms") == "5.44 ms"
    assert shown(15_167_925.4, "coups/s") == "15,167,925 coups/s"
    assert shown(0.0812, "s") == "0.0812 s"
    assert shown(1.4999, "x") == "1.50x"
    assert shown(100_000, "") == "100,000"
