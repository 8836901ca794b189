"""The tableau, cell by cell, against transcriptions of the seeds that share no code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puntobanco.rules import banco_draws, is_natural, punto_draws, total

DATA = Path(__file__).parent / "data" / "tableau.txt"
#: The specification beside the project, where a checkout has it.
SHARED_SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
#: Copies of seeds 000 and 003, byte for byte, so that the tables are checked
#: against the seeds' own text in any clone (checked against the originals below).
SEEDS = Path(__file__).with_name("data") / "seeds"


def _transcription() -> tuple[dict[int, list[str]], list[str]]:
    banco: dict[int, list[str]] = {}
    punto: list[str] = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, *cells = line.split()
        if head == "PUNTO":
            punto = cells
        else:
            banco[int(head)] = cells
    return banco, punto


BANCO_CELLS, PUNTO_CELLS = _transcription()


def test_the_transcription_covers_every_cell() -> None:
    assert sorted(BANCO_CELLS) == list(range(8))
    assert all(len(row) == 11 for row in BANCO_CELLS.values())
    assert len(PUNTO_CELLS) == 10


@pytest.mark.parametrize("two_card_total", range(10))
def test_punto_table_of_seed_000(two_card_total: int) -> None:
    cell = PUNTO_CELLS[two_card_total]
    assert punto_draws(two_card_total) is (cell == "T")
    assert is_natural(two_card_total) is (cell == "A")


@pytest.mark.parametrize("banco_total", range(8))
@pytest.mark.parametrize("column", [*range(10), None])
def test_banco_table_of_seed_000_cell(banco_total: int, column: int | None) -> None:
    cell = BANCO_CELLS[banco_total][10 if column is None else column]
    assert banco_draws(banco_total, column) is (cell == "T")


def _seed_tokens(name: str) -> list[str]:
    path = next(SEEDS.glob(f"{name}_*.txt"))
    return [w for w in re.split(r"[|\s]+", path.read_text(encoding="utf-8")) if w]


@pytest.mark.parametrize(
    ("seed", "after", "draw"),
    [("000", "Refus", "T"), ("003", "Denegación", "H")],
)
def test_the_seed_files_print_the_same_banco_rows_3_to_6(seed: str, after: str, draw: str) -> None:
    tokens = _seed_tokens(seed)
    start = tokens.index(after) + 1
    rows = [tokens[start + 12 * i : start + 12 * (i + 1)] for i in range(4)]
    for row in rows:
        banco_total = int(row[0])
        for column, cell in enumerate(row[1:]):
            third = None if column == 10 else column
            assert banco_draws(banco_total, third) is (cell == draw), (seed, banco_total, column)


# Seed 004 section 04, its compact table: Banco's total -> the third cards it draws on.
SEED_004 = {0: range(10), 1: range(10), 2: range(10), 3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
            4: range(2, 8), 5: range(4, 8), 6: range(6, 8), 7: []}  # fmt: skip


@pytest.mark.parametrize("banco_total", range(8))
def test_banco_table_of_seed_004(banco_total: int) -> None:
    draws_on = [v for v in range(10) if banco_draws(banco_total, v)]
    assert draws_on == list(SEED_004[banco_total])


@pytest.mark.parametrize("banco_total", range(8))
def test_banco_draws_on_0_to_5_when_punto_stood(banco_total: int) -> None:
    # Seed 004: "Si Punto reste, Banco tire sur 0-5 et reste sur 6-7."
    assert banco_draws(banco_total, None) is (banco_total <= 5)


def test_banco_on_3_stands_against_a_third_card_8() -> None:
    assert not banco_draws(3, 8)
    assert banco_draws(3, 9)


def test_totals_keep_the_units_digit_only() -> None:
    assert [total(n) for n in (0, 9, 10, 15, 21, 27)] == [0, 9, 0, 5, 1, 7]


def test_the_copied_seeds_are_the_seeds_themselves() -> None:
    copies = sorted(SEEDS.glob("*.txt"))
    assert [p.name[:3] for p in copies] == ["000", "003"]
    for copy in copies:
        original = SHARED_SEEDS / copy.name
        if original.exists():  # a checkout with the specification beside it
            assert copy.read_bytes() == original.read_bytes(), copy.name
