"""Numbers as each language writes them, from CLDR's facts in the compiled catalogue.

The decimal mark, the digit group separator, from how many digits a number is
grouped, and the percent sign come from the Unicode CLDR (through Babel, when
the catalogue is compiled: ``build.cldr_facts``); ``tests/test_i18n_numbers.py``
checks what these functions write against Babel over many numbers.

- Digit groups: English ``1,236``; French ``1 236`` with a narrow no-break
  space; Spanish ``12.345`` but ``1236`` (Spanish groups from five digits on).
- Decimal mark: ``.`` in English, ``,`` in French and Spanish; percent signs:
  ``44.7110%`` in English, ``44,7110 %`` (no-break space) in French and Spanish.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def _fact(lang: str, name: str) -> str:
    from puntobanco.i18n.loader import LANGS, language

    return language(lang if lang in LANGS else "en").fact(name)


def _group(digits: str, lang: str) -> str:
    if len(digits) < int(_fact(lang, "group_from")):
        return digits
    head = len(digits) % 3 or 3
    parts = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return _fact(lang, "group").join(parts)


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
        text += _fact(lang, "decimal") + fraction
    return sign + text


def signed(value: int | float | Fraction | Decimal, lang: str, places: int = 0) -> str:
    """``number`` with a sign always shown: ``+1,5``, ``-20``, ``0``."""
    text = number(value, lang, places)
    return text if text.startswith("-") or value == 0 else "+" + text


def percent(value: int | float | Fraction | Decimal, lang: str, places: int = 2) -> str:
    """A ratio as a percentage: ``percent(0.44711, "fr", 4)`` -> ``'44,7110 %'``."""
    return _fact(lang, "percent").replace("{}", number(Fraction(value) * 100, lang, places))


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
