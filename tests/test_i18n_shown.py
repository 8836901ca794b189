"""An error's parameters are put into words when its message is written, in the
reader's language; programs read the same parameters as plain text."""

from __future__ import annotations

from puntobanco.errors import InvalidBetError, PuntoBancoError
from puntobanco.i18n.shown import Listing, Quoted, Word


def test_a_word_parameter_is_written_in_each_reader_s_language() -> None:
    error = InvalidBetError(
        "table.error.no_bet", name="Ana", box=Word("outcome.egalite", "egalite")
    )
    assert error.message("fr") == "Ana n’a pas de mise sur Égalité à retirer."
    assert error.message("es") == "Ana no tiene ninguna apuesta a Igualdad que retirar."
    assert error.message("en") == "Ana has no stake on Tie to withdraw."
    assert str(error.params["box"]) == "egalite"  # what an API's params show


def test_a_word_the_catalogue_lacks_shows_its_identifier() -> None:
    assert Word("bet.no_such_bet", "no_such_bet").words("fr") == "no_such_bet"


def test_a_list_joins_words_and_texts_and_a_quoted_text_takes_the_language_s_quotes() -> None:
    listing = Listing((Quoted("bogus"), Word("outcome.punto", "punto")))
    assert listing.words("fr") == "«\u00a0bogus\u00a0», Punto"
    assert listing.words("en") == "'bogus', Punto"
    assert str(listing) == "bogus, punto"


def test_a_nested_error_and_a_word_inside_it_read_in_the_same_language() -> None:
    inner = InvalidBetError("table.error.no_bet", name="Ana", box=Word("outcome.banco", "banco"))
    outer = PuntoBancoError("engine.error.not_written", reason=inner)
    assert "Ana no tiene ninguna apuesta a Banco que retirar." in outer.message("es")
