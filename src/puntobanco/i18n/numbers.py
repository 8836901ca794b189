"""Numbers and plurals as each language writes them (standard library only).

The rules are the Unicode CLDR's for these three languages, written out because
the core keeps to the standard library; ``tests/test_i18n_numbers.py`` checks
them against Babel (the CLDR's Python implementation) over many numbers.

- Plurals of whole numbers: English and Spanish use the singular for 1 only,
  French for 0 and 1 ("0 coup joué", "2 coups joués"). CLDR's French and
  Spanish "many" (exact millions: "1 million de coups") takes the plural form.
- Digit groups: English ``1,236``; French ``1 236`` with a narrow no-break
  space; Spanish ``12.345`` but ``1236`` (Spanish groups from five digits on).
- Decimal mark: ``.`` in English, ``,`` in French and Spanish; percent signs:
  ``44.7110%`` in English, ``44,7110 %`` (no-break space) in French and Spanish.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Final, Literal

Lang = Literal["en", "fr", "es"]

GROUP: Final[dict[str, str]] = {"en": ",", "fr": "\u202f", "es": "."}
DECIMAL: Final[dict[str, str]] = {"en": ".", "fr": ",", "es": ","}
#: Smallest number of digits that gets grouped (CLDR ``minimumGroupingDigits`` + 3).
GROUP_FROM: Final[dict[str, int]] = {"en": 4, "fr": 4, "es": 5}
PERCENT: Final[dict[str, str]] = {"en": "%", "fr": "\u00a0%", "es": "\u00a0%"}


def plural_index(n: int, lang: str) -> int:
    """0 for the singular form, 1 for the plural form of ``n`` things.

    >>> [plural_index(n, "fr") for n in (0, 1, 2)], [plural_index(n, "en") for n in (0, 1, 2)]
    ([0, 0, 1], [1, 0, 1])
    """
    n = abs(n)
    if lang == "fr":
        return 0 if n in (0, 1) else 1
    return 0 if n == 1 else 1


def _group(digits: str, lang: str) -> str:
    if len(digits) < GROUP_FROM[lang]:
        return digits
    head = len(digits) % 3 or 3
    parts = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return GROUP[lang].join(parts)


def number(value: int | float | Fraction | Decimal, lang: str, places: int = 0) -> str:
    """``value`` with ``places`` decimals (rounded half to even), grouped as ``lang`` writes it.

    >>> number(1236, "fr"), number(1236, "es"), number(12345, "es"), number(2.5, "en", 1)
    ('1\\u202f236', '1236', '12.345', '2.5')
    """
    scaled = round(Fraction(value) * 10**places)  # exact, half to even
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    whole, fraction = digits[: len(digits) - places], digits[len(digits) - places :]
    text = _group(whole, lang)
    if places:
        text += DECIMAL[lang] + fraction
    return sign + text


def signed(value: int | float | Fraction | Decimal, lang: str, places: int = 0) -> str:
    """``number`` with a sign always shown: ``+1,5``, ``-20``, ``0``."""
    text = number(value, lang, places)
    return text if text.startswith("-") or value == 0 else "+" + text


def percent(value: int | float | Fraction | Decimal, lang: str, places: int = 2) -> str:
    """A ratio as a percentage: ``percent(0.44711, "fr", 4)`` -> ``'44,7110 %'``."""
    return number(Fraction(value) * 100, lang, places) + PERCENT[lang]


def decimal_text(text: object, lang: str) -> str:
    """A decimal string (``"10014.09"``, ``"-20"``) written as ``lang`` writes numbers
    (``10 014,09`` in French); anything else (``"-"``, ``"1/3"``) as it is.

    >>> decimal_text("-12.50", "fr"), decimal_text("9.5", "es"), decimal_text("1/3", "fr")
    ('-12,50', '9,5', '1/3')
    """
    from decimal import InvalidOperation

    try:
        value = Decimal(str(text))
    except InvalidOperation:
        return str(text)
    if not value.is_finite():
        return str(text)
    exponent = value.as_tuple().exponent
    return number(value, lang, max(0, -exponent if isinstance(exponent, int) else 0))
