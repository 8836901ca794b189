"""Numbers and plural forms as the compiled catalogue writes them agree with Babel (CLDR)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from babel import Locale
from babel.numbers import format_decimal
from hypothesis import given, settings
from hypothesis import strategies as st

from puntobanco.i18n import LANGS, language, t
from puntobanco.i18n.build import plural_tags
from puntobanco.i18n.numbers import number, percent


@settings(max_examples=300, deadline=None)
@given(n=st.integers(-(10**12), 10**12), places=st.integers(0, 6))
@pytest.mark.parametrize("lang", LANGS)
def test_numbers_are_written_as_babel_writes_them(lang: str, n: int, places: int) -> None:
    value = Fraction(n, 10**places)
    pattern = "#,##0" + ("." + "0" * places if places else "")
    expected = format_decimal(value.numerator / value.denominator, pattern, locale=lang)
    if lang == "es" and len(str(abs(n) // 10**places)) == 4:
        # CLDR gives Spanish minimumGroupingDigits=2 (the RAE: four-digit numbers stay whole);
        # Babel does not apply it.
        expected = expected.replace(".", "", 1)
    if abs(n) < 10**15:  # exact as a float: Babel's input
        assert number(value, lang, places) == expected


@pytest.mark.parametrize(("lang", "text"), [("fr", "1\u202f236"), ("en", "1,236"), ("es", "1236")])
def test_the_four_digits_of_the_issue(lang: str, text: str) -> None:
    assert number(1236, lang) == text


@pytest.mark.parametrize("lang", LANGS)
def test_percent_signs_follow_the_locale(lang: str) -> None:
    suffix = Locale.parse(lang).percent_formats[None].suffix[0]
    decimal = Locale.parse(lang).number_symbols["latn"]["decimal"]
    assert percent(Fraction(447110, 10**6), lang, 4) == f"44{decimal}7110{suffix}"


@given(n=st.integers(0, 10**7) | st.integers(1, 10**3).map(lambda k: k * 10**6))
@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_the_cldr_s(lang: str, n: int) -> None:
    """The catalogue's Plural-Forms (gettext's numbering) picks CLDR's category of n."""
    category = Locale.parse(lang).plural_form(n)
    assert plural_tags(lang)[language(lang).plural(n)] == category  # type: ignore[arg-type]


def test_messages_agree_with_their_number() -> None:
    assert "A chunk of 1 coup is" in t("error.sim.chunk_shoe", "en", chunk=1, minimum=104)
    assert "Un lot de 0 coup est" in t("error.sim.chunk_shoe", "fr", chunk=0, minimum=104)
    assert "Un lote de 0 manos" in t("error.sim.chunk_shoe", "es", chunk=0, minimum=104)
    assert t("odds.error.too_few", "es", left=1, needed=6).startswith("Queda 1 carta")
