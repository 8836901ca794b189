"""The terminal game's panels as plain lines of text (no Textual here).

Everything is readable without colour: hands are named, totals are written,
winners are words or the roads' letters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from puntobanco.cards import Card, format_cards
from puntobanco.coup import Coup, Expect, Outcome, Side, decisions, expected, resolve, split_hands
from puntobanco.explain import announce, describe_decision, expect_sentence, outcome_name
from puntobanco.i18n import Lang, t
from puntobanco.i18n.numbers import decimal_text
from puntobanco.paytable import Amount, format_amount
from puntobanco.roads import build_roads, grid
from puntobanco.rules import total

if TYPE_CHECKING:
    from rich.text import Text


#: Colours that carry meaning: Banco red, Punto blue, ties green, red suits red. Every
#: coloured thing is also a word or a letter, so the screen reads the same in
#: monochrome (Textual drops colours under ``NO_COLOR``).
BANCO_STYLE = "bold red"
PUNTO_STYLE = "bold blue"
TIE_STYLE = "green"


def coloured(text: str, lang: Lang) -> Text:
    """``text`` with Punto, Banco, the tie and the red suits in their colours."""
    from rich.text import Text

    out = Text(text)
    out.highlight_regex(r"[♥♦]", "red")
    out.highlight_words(["Banco"], BANCO_STYLE)
    out.highlight_words(["Punto"], PUNTO_STYLE)
    out.highlight_words([outcome_name(Outcome.EGALITE, lang)], TIE_STYLE)
    return out


def coloured_roads(text: str, lang: Lang) -> Text:
    """The roads panel with each letter in its box's colour."""
    from rich.text import Text

    out = Text(text)
    for code, style in (("B", BANCO_STYLE), ("P", PUNTO_STYLE), ("T", TIE_STYLE)):
        letter = re.escape(t(f"roads.letter.{code}", lang))
        out.highlight_regex(rf"(?<![^\s·]){letter}(?=[\dpb\s·]|$)", style)
    return out


def fit(text: str, width: int) -> str:
    """``text`` in exactly ``width`` columns: padded, or cut visibly with an ellipsis.

    >>> fit("Ana", 5), fit("María José", 8)
    ('Ana  ', 'María J…')
    """
    if len(text) <= width:
        return text.ljust(width)
    return text[: width - 1] + "…"


def signed(value: Amount, lang: Lang) -> str:
    """``+19``, ``-20``, ``0``, ``+9.5`` (``+9,5`` in French and Spanish)."""
    text = decimal_text(format_amount(value), lang)
    return f"+{text}" if value > 0 else text


def coup_lines(cards: Sequence[Card], lang: Lang) -> list[str]:
    """The coup so far: both hands with totals, one sentence per decision, then
    what comes next or the croupier's announcement."""
    if not cards:
        return [expect_sentence(Expect.PUNTO, lang)]
    punto, banco = split_hands(cards)
    lines = []
    for side, hand in ((Side.PUNTO, punto), (Side.BANCO, banco)):
        if not hand:  # no card yet: no point either
            lines.append(f"{outcome_name(side, lang):<6} -")
            continue
        shown = format_cards(hand, lang=lang)
        points = total(sum(c.point for c in hand))
        lines.append(f"{outcome_name(side, lang):<6} {shown:<13} {t('tui.points', lang, n=points)}")
    lines.extend(describe_decision(step, lang) for step in decisions(cards))
    nxt = expected(cards)
    if nxt is Expect.OVER:
        lines.append(announce(resolve(cards), lang))
    else:
        lines.append(expect_sentence(nxt, lang))
    return lines


def road_lines(outcomes: Iterable[Coup | Outcome], lang: Lang, columns: int = 8) -> list[str]:
    """The bead plate and the big road side by side, the last ``columns`` columns of each."""
    roads = build_roads(outcomes)

    def letter(code: str) -> str:
        return t(f"roads.letter.{code}", lang)

    bead = {(c.col, c.row): letter(c.result.letter) for c in roads.bead_plate}
    big = {
        (e.col, e.row): letter("B" if e.winner is Outcome.BANCO else "P")
        + (str(e.ties) if e.ties else "")
        for e in roads.big_road
    }
    left = _last_columns(bead, columns, 1)
    right = _last_columns(big, columns, 2)
    return [f"{a:<{2 * columns}}  {b}" for a, b in zip(left, right, strict=True)]


def roads_title(lang: Lang) -> str:
    """The roads panel's title: which two roads it shows."""
    return f"{t('roads.bead_plate', lang)} | {t('roads.big_road', lang)}"


def _last_columns(cells: dict[tuple[int, int], str], columns: int, width: int) -> list[str]:
    first = max(0, max((c for c, _ in cells), default=0) - columns + 1)
    shown = {(c - first, r): text for (c, r), text in cells.items() if c >= first}
    lines = grid(shown, width) if shown else [""] * 6
    return [line.replace(".", "·") for line in lines]


def history_line(number: int, coup: Coup, lang: Lang, width: int = 40) -> str:
    """``3. Banco 3-1  P 4♥ 9♣ 8♦ / B 2♠ A♦`` (Banco's point first, as announced)."""
    winner = outcome_name(coup.outcome, lang)
    punto = format_cards(coup.punto.cards, lang=lang)
    banco = format_cards(coup.banco.cards, lang=lang)
    return t(
        "tui.history.line",
        lang,
        n=number,
        winner=winner,
        banco=coup.banco.total,
        punto=coup.punto.total,
        punto_cards=punto,
        banco_cards=banco,
    )[:width]
