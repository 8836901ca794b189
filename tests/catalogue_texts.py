"""Every message's text in the three languages, by key, for the tests that read the
catalogue's words (a plural message: its most general form, the last one)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from puntobanco.i18n import messages


class Texts(NamedTuple):
    en: str
    fr: str
    es: str


@cache
def catalogue() -> dict[str, Texts]:
    en, fr, es = messages("en"), messages("fr"), messages("es")
    return {
        key: Texts(e.forms[-1], fr.get(key, e).forms[-1], es.get(key, e).forms[-1])
        for key, e in en.items()
    }
