"""The casino scoreboards ("roads") of one shoe, as data.

A pure module: the results of a shoe's coups in, the five roads and the "ask"
previews out. No I/O; the terminal text is in ``render_roads`` (strings only)
and the web table reads the same data.

The rules, from issue 4 (the common casino convention, see ``docs/roads.md``):

* **Bead plate**: one cell per coup, ties included, filled column by column
  from top to bottom, 6 rows.
* **Big road**: ties get no cell; each adds one to the tie count of the most
  recent cell, and ties before the first decided coup are held and attached to
  the first cell. A change of winner starts a new column at row 0, in the
  column right after the previous column's *start* (further right if that cell
  is taken). A streak goes down while the cell below exists and is free,
  otherwise it turns right along the same row and keeps going right (the
  dragon tail), never dropping back.
* **Derived roads** (big eye boy, small road, cockroach pig; offset k = 1, 2,
  3) read the big road's *logical* columns, with their full heights ``h``, not
  the 6-row picture. A decided entry at column n, row m (0-based):
  if m = 0 it needs column n-k-1 and is red when h[n-1] = h[n-1-k], else blue;
  if m >= 1 it needs column n-k and, with p = h[n-k], is red when p > m, blue
  when p = m and red when p < m (the "straight fall": the compared column
  stopped two or more rows short). An entry whose needed column does not exist
  gives no mark. The marks are laid out like a big road of red and blue runs.
* **Ask**: the mark each derived road would add if the next coup were Banco,
  and if it were Punto.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Final, TypeVar

from puntobanco.coup import Coup, Outcome
from puntobanco.errors import InvalidRoadError
from puntobanco.i18n import Lang, t

ROWS: Final = 6
#: The derived roads and their offsets k, in the order casinos show them.
DERIVED: Final[tuple[tuple[str, int], ...]] = (
    ("big_eye_boy", 1),
    ("small_road", 2),
    ("cockroach_pig", 3),
)
#: Outcome <-> the one-letter code of the JSON and of the command line.
LETTERS: Final[Mapping[Outcome, str]] = MappingProxyType(
    {Outcome.BANCO: "B", Outcome.PUNTO: "P", Outcome.EGALITE: "T"}
)
#: What a person types for a result: B, P, and a tie's letter in any of the three
#: languages (T for tie, E for égalité, I for igualdad: catalogue roads.letter.T).
_TOKEN_OUTCOMES: Final[Mapping[str, Outcome]] = MappingProxyType(
    {
        "B": Outcome.BANCO,
        "P": Outcome.PUNTO,
        "T": Outcome.EGALITE,
        "E": Outcome.EGALITE,
        "I": Outcome.EGALITE,
    }
)
_TOKEN = re.compile(r"(?i)([BPTEI])((?:\+(?:PP|BP))*)")


class Mark(Enum):
    """A derived road's mark: red (the shoe repeats its pattern) or blue (it breaks)."""

    RED = "R"
    BLUE = "B"


@dataclass(frozen=True, slots=True)
class Result:
    """What the roads need of one coup: its winner and the two pair flags."""

    outcome: Outcome
    punto_pair: bool = False
    banco_pair: bool = False

    @classmethod
    def of(cls, coup: Coup) -> Result:
        """The result of a dealt coup, pairs read from the first two cards of each hand."""
        return cls(coup.outcome, coup.punto.pair, coup.banco.pair)

    @property
    def letter(self) -> str:
        """``"B"``, ``"P"`` or ``"T"``."""
        return LETTERS[self.outcome]


def parse_results(text: str) -> tuple[Result, ...]:
    """``"B P P T B"`` -> results; tokens B, P, and T, E or I for a tie (each
    language's letter), case-insensitive.

    A token may carry pair flags: ``B+PP`` (Banco won, Punto pair), ``T+BP``,
    ``P+PP+BP``. Tokens are separated by spaces or commas. Raises
    ``InvalidRoadError`` naming the first token that is not a result.

    >>> [r.letter for r in parse_results("b P, e T i")]
    ['B', 'P', 'T', 'T', 'T']
    >>> parse_results("B+PP")[0].punto_pair
    True
    """
    results: list[Result] = []
    for token in text.replace(",", " ").split():
        match = _TOKEN.fullmatch(token)
        if match is None:
            raise InvalidRoadError("error.roads.token", token=token)
        flags = match.group(2).upper()
        results.append(
            Result(_TOKEN_OUTCOMES[match.group(1).upper()], "+PP" in flags, "+BP" in flags)
        )
    return tuple(results)


@dataclass(frozen=True, slots=True)
class BeadCell:
    """One coup on the bead plate."""

    col: int
    row: int
    result: Result


@dataclass(frozen=True, slots=True)
class BigRoadEntry:
    """One decided coup on the big road.

    ``col``/``row`` place it in the 6-row picture; ``column``/``depth`` are its
    logical column (the n-th streak) and its 0-based place in that streak,
    which is what the derived roads read.
    """

    col: int
    row: int
    winner: Outcome
    ties: int
    column: int
    depth: int
    coup: int  # index of the coup in the shoe's results


@dataclass(frozen=True, slots=True)
class DerivedMark:
    """One mark of a derived road and why it has that colour.

    ``compared`` holds the logical columns whose heights were compared:
    ``(n-1, n-1-k)`` for the first entry of a column, else ``(n-k,)``.
    ``entry`` is the index of the big-road entry that made the mark.
    """

    col: int
    row: int
    mark: Mark
    entry: int
    compared: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DerivedRoad:
    """A derived road: its name, its offset k and its marks in order."""

    name: str
    offset: int
    marks: tuple[DerivedMark, ...]

    @property
    def text(self) -> str:
        """The marks in order, ``"RBBR..."``."""
        return "".join(m.mark.value for m in self.marks)


@dataclass(frozen=True, slots=True)
class Roads:
    """The five roads of one shoe and the ask previews.

    ``held_ties`` counts ties that have no cell yet: only when no coup of the
    shoe has been decided (they go to the first cell when one is). ``heights``
    are the big road's logical column heights. ``ask[Outcome.BANCO]`` maps each
    derived road's name to the mark it would add if the next coup were Banco
    (``None``: it would add none).
    """

    results: tuple[Result, ...]
    bead_plate: tuple[BeadCell, ...]
    big_road: tuple[BigRoadEntry, ...]
    held_ties: int
    heights: tuple[int, ...]
    derived: tuple[DerivedRoad, ...]
    ask: Mapping[Outcome, Mapping[str, Mark | None]] = field(repr=False)

    def road(self, name: str) -> DerivedRoad:
        """The derived road called ``name`` (``"big_eye_boy"``, ...)."""
        for road in self.derived:
            if road.name == name:
                return road
        raise KeyError(name)

    def to_json(self) -> dict[str, object]:
        """The roads as ``puntobanco roads --json`` prints them (format of issue 4)."""
        data: dict[str, object] = {
            "bead_plate": [[c.col, c.row, c.result.letter] for c in self.bead_plate],
            "big_road": [
                {"col": e.col, "row": e.row, "winner": LETTERS[e.winner], "ties": e.ties}
                for e in self.big_road
            ],
        }
        for road in self.derived:
            data[road.name] = road.text
        data["ask"] = {
            LETTERS[outcome]: {
                name: (mark.value if mark is not None else None)
                for name, mark in self.ask[outcome].items()
            }
            for outcome in (Outcome.BANCO, Outcome.PUNTO)
        }
        return data


# --------------------------------------------------------------------------- layout

K = TypeVar("K", bound=Hashable)


def place_runs(keys: Sequence[K], rows: int = ROWS) -> list[tuple[int, int]]:
    """The (col, row) cell of each item laid out as runs of equal keys, big-road style.

    A new run starts at row 0 in the column right after the previous run's
    start column, further right while that cell is taken. A run goes down while
    the cell below exists and is free, else it turns right and keeps going
    right (the dragon tail).

    >>> place_runs("BBPBBBBBBBP")
    [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 5), (3, 0)]
    """
    taken: set[tuple[int, int]] = set()
    cells: list[tuple[int, int]] = []
    start = -1
    turned = False
    previous: K | None = None
    for i, key in enumerate(keys):
        if i == 0 or key != previous:
            col = start + 1
            while (col, 0) in taken:
                col += 1
            start, row, turned = col, 0, False
        else:
            col, row = cells[-1]
            if not turned and row + 1 < rows and (col, row + 1) not in taken:
                row += 1
            else:
                turned = True
                col += 1
        # A tail only ever runs into free cells: any earlier run that reached
        # this row further right would have stopped this run higher up.
        assert (col, row) not in taken, (col, row)
        taken.add((col, row))
        cells.append((col, row))
        previous = key
    return cells


# --------------------------------------------------------------------------- derived rule


def derived_mark(heights: Sequence[int], column: int, depth: int, offset: int) -> Mark | None:
    """The mark of the big-road entry at logical ``column`` n, row ``depth`` m.

    ``heights`` are the logical column heights (only columns before n are read).
    m = 0: needs column n-k-1; red when h[n-1] = h[n-1-k], else blue.
    m >= 1: needs column n-k; with p = h[n-k], red when p > m, blue when p = m,
    red when p < m. None when the needed column does not exist.

    >>> derived_mark([1, 1], 1, 0, 1), derived_mark([1, 1, 1], 2, 0, 1)
    (None, <Mark.RED: 'R'>)
    >>> [derived_mark([3], 1, m, 1).value for m in (1, 2, 3, 4)]  # p=3 vs m
    ['R', 'R', 'B', 'R']
    """
    if depth == 0:
        if column - offset - 1 < 0:
            return None
        return Mark.RED if heights[column - 1] == heights[column - 1 - offset] else Mark.BLUE
    if column - offset < 0:
        return None
    p = heights[column - offset]
    if p > depth:
        return Mark.RED
    if p == depth:
        return Mark.BLUE
    return Mark.RED  # p < m: the straight fall


def _compared(column: int, depth: int, offset: int) -> tuple[int, ...]:
    if depth == 0:
        return (column - 1, column - 1 - offset)
    return (column - offset,)


# --------------------------------------------------------------------------- the roads


def build_roads(results: Iterable[Result | Coup | Outcome]) -> Roads:
    """The roads of a shoe from its coups' results in order.

    Accepts ``Result`` records, the core's ``Coup`` records (pairs are read
    from the cards) or bare ``Outcome`` values (no pairs).

    >>> roads = build_roads(parse_results("T B P P T B B B"))
    >>> [(e.col, e.row, e.ties) for e in roads.big_road]
    [(0, 0, 1), (1, 0, 0), (1, 1, 1), (2, 0, 0), (2, 1, 0), (2, 2, 0)]
    >>> roads.road("big_eye_boy").text, roads.road("small_road").text
    ('BBRB', 'BR')
    """
    normal = tuple(_as_result(r) for r in results)
    bead = tuple(BeadCell(i // ROWS, i % ROWS, r) for i, r in enumerate(normal))

    decided: list[tuple[int, Outcome]] = []  # (coup index, winner)
    ties: list[int] = []
    held = 0
    for i, result in enumerate(normal):
        if result.outcome is Outcome.EGALITE:
            if ties:
                ties[-1] += 1
            else:
                held += 1
            continue
        decided.append((i, result.outcome))
        ties.append(held if len(decided) == 1 else 0)
        if len(decided) == 1:
            held = 0

    heights: list[int] = []
    logical: list[tuple[int, int]] = []  # (n, m) of each entry
    for index, (_, winner) in enumerate(decided):
        if index == 0 or winner is not decided[index - 1][1]:
            heights.append(0)
        logical.append((len(heights) - 1, heights[-1]))
        heights[-1] += 1

    cells = place_runs([winner for _, winner in decided])
    big_road = tuple(
        BigRoadEntry(col, row, winner, tie_count, n, m, coup)
        for (col, row), (coup, winner), tie_count, (n, m) in zip(
            cells, decided, ties, logical, strict=True
        )
    )

    derived: list[DerivedRoad] = []
    for name, offset in DERIVED:
        found = [
            (entry, mark, _compared(n, m, offset))
            for entry, (n, m) in enumerate(logical)
            if (mark := derived_mark(heights, n, m, offset)) is not None
        ]
        spots = place_runs([mark for _, mark, _ in found])
        marks = tuple(
            DerivedMark(col, row, mark, entry, compared)
            for (col, row), (entry, mark, compared) in zip(spots, found, strict=True)
        )
        derived.append(DerivedRoad(name, offset, marks))

    ask = MappingProxyType(
        {outcome: _ask(heights, decided, outcome) for outcome in (Outcome.BANCO, Outcome.PUNTO)}
    )
    return Roads(normal, bead, big_road, held, tuple(heights), tuple(derived), ask)


def _as_result(item: Result | Coup | Outcome) -> Result:
    if isinstance(item, Result):
        return item
    if isinstance(item, Coup):
        return Result.of(item)
    return Result(item)


def _ask(
    heights: Sequence[int], decided: Sequence[tuple[int, Outcome]], outcome: Outcome
) -> Mapping[str, Mark | None]:
    """The marks a next coup won by ``outcome`` would add to each derived road."""
    if decided and decided[-1][1] is outcome:
        column, depth = len(heights) - 1, heights[-1]
    else:
        column, depth = len(heights), 0
    return MappingProxyType(
        {name: derived_mark(heights, column, depth, offset) for name, offset in DERIVED}
    )


# --------------------------------------------------------------------------- text


def grid(cells: Mapping[tuple[int, int], str], width: int, rows: int = ROWS) -> list[str]:
    """Rows of text for cells at (col, row); empty cells show ``.``.

    >>> grid({(0, 0): "B", (1, 1): "P1"}, 2, rows=2)
    ['B  .', '.  P1']
    """
    columns = max((c for c, _ in cells), default=-1) + 1
    lines = []
    for row in range(rows):
        texts = [cells.get((col, row), ".").ljust(width) for col in range(columns)]
        lines.append(" ".join(texts).rstrip() if columns else "")
    return lines


def render_roads(roads: Roads, lang: Lang | None = None) -> list[str]:
    """The five roads and the ask previews as lines of plain text in ``lang``.

    Bead plate cells show the winner's letter then ``p``/``b`` for a Punto or
    Banco pair; big road cells show the winner's letter then the tie count;
    derived roads show red and blue marks by letter.
    """
    lines: list[str] = []

    def block(title: str, cells: Mapping[tuple[int, int], str], width: int) -> None:
        lines.append(title)
        if cells:
            lines.extend("  " + line for line in grid(cells, width))
        else:
            lines.append("  " + t("roads.empty", lang))

    def letter(code: str) -> str:
        return t(f"roads.letter.{code}", lang)

    bead = {
        (c.col, c.row): letter(c.result.letter)
        + (letter("pp") if c.result.punto_pair else "")
        + (letter("bp") if c.result.banco_pair else "")
        for c in roads.bead_plate
    }
    block(t("roads.bead_plate", lang), bead, 3)
    big = {
        (e.col, e.row): letter(LETTERS[e.winner]) + (str(e.ties) if e.ties else "")
        for e in roads.big_road
    }
    block(t("roads.big_road", lang), big, 3)
    if roads.held_ties:
        lines.append("  " + t("roads.ties_held", lang, n=roads.held_ties))
    for road in roads.derived:
        block(
            t(f"roads.{road.name}", lang),
            {(m.col, m.row): letter(m.mark.name.lower()) for m in road.marks},
            1,
        )
    lines.append(t("roads.ask", lang))
    for outcome in (Outcome.BANCO, Outcome.PUNTO):
        parts = [
            t(
                "roads.ask_mark",
                lang,
                road=t(f"roads.{name}", lang),
                mark=letter(mark.name.lower()) if mark is not None else "-",
            )
            for name, mark in roads.ask[outcome].items()
        ]
        lines.append(
            f"  {t('roads.ask_if', lang, outcome=t(f'outcome.{outcome.value}', lang))} "
            + ", ".join(parts)
        )
    lines.append(t("roads.legend", lang))
    return lines


def explain_mark(roads: Roads, road: DerivedRoad, index: int, lang: Lang | None = None) -> str:
    """One sentence: why mark ``index`` of ``road`` has its colour.

    Columns and rows are counted from 1 for the reader; heights are the big
    road's logical column heights.

    >>> roads = build_roads(parse_results("B P P P"))
    >>> explain_mark(roads, roads.road("big_eye_boy"), 1, "en")  # doctest: +NORMALIZE_WHITESPACE
    'Big eye boy, mark 2: Punto in column 2, row 3; column 1 is 1 high, it stopped two or
    more rows above (straight fall): red.'
    """
    mark = road.marks[index]
    entry = roads.big_road[mark.entry]
    h = roads.heights
    params: dict[str, object] = {
        "road": t(f"roads.{road.name}", lang),
        "i": index + 1,
        "winner": t(f"outcome.{entry.winner.value}", lang),
        "col": entry.column + 1,
        "row": entry.depth + 1,
        "colour": t(f"roads.colour.{mark.mark.name.lower()}", lang),
    }
    if entry.depth == 0:
        a, b = mark.compared
        key = "roads.why.same" if h[a] == h[b] else "roads.why.different"
        return t(key, lang, a=a + 1, ha=h[a], b=b + 1, hb=h[b], **params)
    (c,) = mark.compared
    p, m = h[c], entry.depth
    key = "roads.why.reaches" if p > m else "roads.why.stops" if p == m else "roads.why.fall"
    return t(key, lang, c=c + 1, p=p, **params)
