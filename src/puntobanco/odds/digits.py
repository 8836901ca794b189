"""Exact fractions written as decimals, as ``puntobanco odds --json`` and the web
table's host screen give them (the same digits in both)."""

from __future__ import annotations

from fractions import Fraction

DIGITS = 15  # significant digits of decimal output


def decimal(value: Fraction, digits: int = DIGITS) -> str:
    """A fraction as a decimal string with ``digits`` significant digits.

    >>> decimal(Fraction(1, 3), 5), decimal(Fraction(-1, 80), 4), decimal(Fraction(0), 4)
    ('0.33333', '-0.0125', '0')
    """
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    value = abs(value)
    exponent = 0
    while value >= 1:
        value /= 10
        exponent += 1
    while value < Fraction(1, 10):
        value *= 10
        exponent -= 1
    scaled = round(value * 10**digits)  # 0.1 <= value < 1, round half to even
    text = str(scaled).rjust(digits, "0")
    if len(text) > digits:  # rounding carried to 1.000...
        text, exponent = text[:digits], exponent + 1
    point = exponent
    if point <= 0:
        out = "0." + "0" * (-point) + text
    elif point >= len(text):
        out = text + "0" * (point - len(text))
    else:
        out = text[:point] + "." + text[point:]
    if "." in out:
        out = out.rstrip("0").rstrip(".")
    return sign + out
