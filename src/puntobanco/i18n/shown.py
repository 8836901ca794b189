"""Parameters of a message that are put into words only when the message is written.

An error is raised where its reader's language is unknown (the engine serves two
viewers of one table in two languages), so what it names cannot be text yet: a
box, a command, a setting or an amount is kept as a value that writes itself in
the reader's language (``Shown.words``), and as the same plain text for programs
(``str``: an API's ``params``, a log) whatever the language.

>>> done = Word("outcome.egalite", "egalite")
>>> done.words("fr"), done.words("es"), str(done)
('Égalité', 'Igualdad', 'egalite')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from puntobanco.i18n import DEFAULT_LANG, Lang, QuotedValue, messages, t


class Shown(ABC):
    """A parameter of a message that writes itself in the reader's language."""

    __slots__ = ()

    @abstractmethod
    def words(self, lang: Lang) -> str:
        """The parameter as a sentence in ``lang`` shows it."""

    @abstractmethod
    def __str__(self) -> str:
        """The same, as programs read it in any language (``"close_bets"``, ``"5000.00"``)."""


@dataclass(frozen=True, slots=True)
class Word(Shown):
    """An identifier a person reads as the catalogue's word for it: a command
    (``command.close_bets``: "close the bets"), a setting, a box. A key the
    catalogue lacks shows the identifier itself."""

    key: str
    plain: str

    def words(self, lang: Lang) -> str:
        return t(self.key, lang) if self.key in messages(DEFAULT_LANG) else self.plain

    def __str__(self) -> str:
        return self.plain


@dataclass(frozen=True, slots=True)
class Listing(Shown):
    """A list of parameters (words, or texts as they are), joined by commas.

    >>> Listing((Word("outcome.punto", "punto"), "x")).words("es")
    'Punto, x'
    """

    items: tuple[Shown | str, ...]

    def words(self, lang: Lang) -> str:
        return ", ".join(i.words(lang) if isinstance(i, Shown) else i for i in self.items)

    def __str__(self) -> str:
        return ", ".join(map(str, self.items))


@dataclass(frozen=True, slots=True)
class Quoted(Shown):
    """A text a person gave, between the language's quotes (``format.quoted``):
    « bogus » in French; for a list of such texts among words.

    >>> Quoted("bogus").words("fr"), str(Quoted("bogus"))
    ('«\\xa0bogus\\xa0»', 'bogus')
    """

    text: str

    def words(self, lang: Lang) -> str:
        return t("format.quoted", lang, value=QuotedValue(self.text))

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Number(Shown):
    """A number that need not be whole (a rate), as the reader's language writes it.

    >>> Number(2.5).words("fr"), Number(10.0).words("es"), str(Number(10.0))
    ('2,5', '10', '10')
    """

    value: float

    def words(self, lang: Lang) -> str:
        from puntobanco.i18n.numbers import decimal_text

        return decimal_text(str(self), lang)

    def __str__(self) -> str:
        return f"{self.value:g}"
