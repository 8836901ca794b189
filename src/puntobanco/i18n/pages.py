"""The pages' words: the part of the catalogue the host screen and the phones read.

``GET /api/i18n/{lang}`` sends them, from the same compiled catalogue as the
terminal's and the command line's words: the ``web.ui.*`` keys without their
prefix, and the names of the boxes, the paytables and the drills.
A plural message is the list of its forms, in the order of the language's CLDR
plural categories (``_plural``, what ``Intl.PluralRules`` answers); the pages
write numbers and money with ``Intl.NumberFormat`` in the page's language.
"""

from __future__ import annotations

from typing import Final

from puntobanco.i18n import Lang, language

#: The keys the pages use, by prefix (``web.ui.`` is dropped from theirs).
PREFIXES: Final = ("web.ui.", "outcome.", "bet.", "paytable.", "card.letter.", "learn.name.")
_cache: dict[str, dict[str, object]] = {}


def page_words(lang: Lang) -> dict[str, object]:
    """The pages' words in ``lang``."""
    found = _cache.get(lang)
    if found is None:
        catalogue = language(lang)
        # The pages' own words (web.ui.paytable.standard, "Standard (Tie 8:1)") come
        # last: they win over the key they shorten to (paytable.standard).
        chosen = sorted(
            (key.startswith("web.ui."), key, entry)
            for key, entry in catalogue.messages.items()
            if key.startswith(PREFIXES)
        )
        found = {
            key.removeprefix("web.ui."): entry.forms[0]
            if entry.number is None
            else list(entry.forms)
            for _, key, entry in chosen
        }
        found["_plural"] = catalogue.fact("plural_tags").split()
        _cache[lang] = found
    return found
