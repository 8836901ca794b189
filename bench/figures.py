"""The figures a benchmark hands to ``bench/report.py``, beside what it prints.

A benchmark calls ``figure(key, value, unit, label)`` for each figure the
documentation may quote. Run by hand, it only prints; run by the report (which
sets ``PUNTOBANCO_BENCH_FIGURES`` to a file), each figure is also appended to
that file as one line of JSON, with the text the pages show.
"""

from __future__ import annotations

import json
import math
import os

#: Where the report collects the figures of the benchmark it runs.
FIGURES_ENV = "PUNTOBANCO_BENCH_FIGURES"


def shown(value: float, unit: str) -> str:
    """The figure as the pages write it: three significant digits, thousands
    separated, then the unit (none for a count).

    >>> shown(5.4372, "ms"), shown(15167925.4, "coups/s"), shown(0.0812, "s"), shown(3, "")
    ('5.44 ms', '15,167,925 coups/s', '0.0812 s', '3')
    >>> shown(1.4999, "x"), shown(66.0, "ms"), shown(123.44, "ms")
    ('1.50x', '66.0 ms', '123 ms')
    """
    if value != value or math.isinf(value):
        number = "n/a"
    elif float(value).is_integer() and abs(value) >= 1 and unit in ("", "coups/s"):
        number = f"{value:,.0f}"
    elif abs(value) >= 100:
        number = f"{value:,.0f}"
    elif value == 0:
        number = "0"
    else:
        decimals = max(0, 2 - math.floor(math.log10(abs(value))))
        number = f"{value:,.{decimals}f}"
    if not unit:
        return number
    return f"{number}{unit}" if unit in ("x", "%") else f"{number} {unit}"


def figure(key: str, value: float, unit: str, label: str, *, text: str | None = None) -> None:
    """Record one figure for the report (nothing when the benchmark runs alone).

    ``key`` names it in the pages (``sim.flat_1_core``), ``label`` says what it
    is, ``text`` overrides how it is written (``shown`` by default).
    """
    path = os.environ.get(FIGURES_ENV)
    if not path:
        return
    record = {
        "key": key,
        "value": value,
        "unit": unit,
        "label": label,
        "text": shown(value, unit) if text is None else text,
    }
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
