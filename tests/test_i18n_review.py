"""The French and Spanish review of December 2026, item by item: each test is
named after the item it checks and holds the wording a French croupier and a
Spanish player expect (the typography is ``test_i18n_typography``'s, the one
word per concept ``test_glossary``'s)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puntobanco.cli import main
from puntobanco.i18n import t
from tests.catalogue_texts import catalogue

STATIC = Path(__file__).resolve().parents[1] / "src" / "puntobanco" / "web" / "static"
NBSP, NNBSP = "\u00a0", "\u202f"


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    found = capsys.readouterr()
    return code, found.out, found.err


def _all(lang: str) -> str:
    """Every message of ``lang``, without its placeholders."""
    text = "\n".join(getattr(m, lang) for m in catalogue().values())
    return re.sub(r"\{[^{}]*\}", "", text)


def test_01_a_king_counts_0_it_is_not_a_0(capsys: pytest.CaptureFixture[str]) -> None:
    _, fr, _ = _out(capsys, "--lang", "fr", "coup", "4h 2s Ac Ad Kd 5c")
    _, es, _ = _out(capsys, "--lang", "es", "coup", "4h 2s Ac Ad Kd 5c")
    assert "la troisième carte de Punto vaut 0" in fr and "est un 0" not in fr
    assert "la tercera carta de Punto vale 0" in es and "es un 0" not in es


def test_02_the_card_hint_is_in_the_reader_s_language(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, fr = _out(capsys, "--lang", "fr", "coup", "11x")
    _, _, es = _out(capsys, "--lang", "es", "coup", "11x")
    assert "(as)" in fr and "ace" not in fr and f"couleurs{NBSP}:" in fr
    assert "(as)" in es and not re.search(r"\b(ace|valet|dame|roi)\b", es)


def test_03_spanish_types_the_tie_letter_it_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _out(capsys, "--lang", "es", "roads", "B I P")
    assert code == 0 and "Plato de cuentas" in out
    assert "o I (Igualdad)" in t("error.roads.token", "es", token="X")
    assert "B, P, I" in t("cli.help.results", "es") and "T/E" not in _all("es")
    assert "B, P, E" in t("cli.help.results", "fr") and "T/E" not in _all("fr")


def test_04_french_cards_are_r_d_v(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _out(capsys, "--lang", "fr", "coup", "Kh Qs Jd 9c")
    assert "R♥ V♦" in out and "D♠ 9♣" in out and not re.search("[KQJ][♠♥♦♣]", out)


def test_05_the_french_example_card_is_not_dame_de_coeur() -> None:
    for key in ("tui.prompt.type_card", "tui.error.card"):
        assert "Dc" not in catalogue()[key].fr and "D♣" in catalogue()[key].fr


def test_06_the_holder_s_legend_has_a_verb() -> None:
    assert t("tui.seats.holder_legend", "es", mark="*") == "* tiene el zapato"


def test_07_a_rebuy_adds_to_the_balance_not_to_the_banca() -> None:
    assert t("table.event.rebought", "es", name="Ana", amount="100,00").endswith("a su saldo.")
    assert not re.search(r"\bbanca\b", _all("es"), re.I)


def test_08_the_pages_write_no_words_of_their_own() -> None:
    """A sentence of the pages is one catalogue message with its placeholders, never
    a word joined in the page's code to a colon, a value or another word."""
    found = {
        page.name: sentences_built_in_code(page.read_text("utf-8")) for page in STATIC.glob("*.js")
    }
    assert {page: built for page, built in found.items() if built} == {}
    assert t("web.ui.recall_coup", "fr", n=3) == f"Coup 3{NBSP}:"
    assert t("web.ui.winners", "fr", name="Ana") == f"Victoire{NBSP}: Ana"


def _templates(source: str) -> list[tuple[list[str], list[str]]]:
    """The template literals of a page's code: their texts and their ``${...}``."""
    found = []
    i = 0
    while i < len(source):
        char = source[i]
        if char in "'\"":  # a string: skipped whole
            i = source.index(char, i + 1 + (source[i + 1] == char) * 0)
            while source[i - 1] == "\\":
                i = source.index(char, i + 1)
        elif source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else len(source)
        elif char == "`":
            texts, values, text, i = [], [], "", i + 1
            while source[i] != "`":
                if source.startswith("${", i):
                    depth, j = 1, i + 2
                    while depth:
                        depth += {"{": 1, "}": -1}.get(source[j], 0)
                        j += 1
                    texts.append(text)
                    values.append(source[i + 2 : j - 1])
                    text, i = "", j
                else:
                    text, i = text + source[i], i + 1
            texts.append(text)
            found.append((texts, values))
        i += 1
    return found


def sentences_built_in_code(source: str) -> list[str]:
    """Template literals that join a catalogue word (``w(...)``) to a colon, to
    letters, or to a value with only a space between: a sentence whose words or
    order the code decides."""
    built = []
    for texts, values in _templates(source):
        words = [bool(re.match(r"\s*(PB\.)?wn?\(", v)) for v in values]
        asks = any(re.search(r"\b(w|wn|fmt)\(", v) for v in values)
        if (
            asks
            and re.search(r"[:\w]", "".join(texts))
            or any(
                words[k] != words[k + 1] and not texts[k + 1].strip()
                for k in range(len(values) - 1)
            )
        ):
            built.append("`" + "${}".join(texts) + "`")
    return built


def test_08_a_page_fills_the_placeholders_of_every_message_it_shows() -> None:
    """A message with placeholders is written by ``fmt`` with its values; ``w`` alone
    would show "{name} holds the shoe"."""
    bare = {
        (page.name, key)
        for page in STATIC.glob("*.js")
        for key in re.findall(
            r"""(?<![\w.])(?:PB\.)?w\(["']([\w.]+)["']\)""", page.read_text("utf-8")
        )
        if f"web.ui.{key}" in catalogue() and "{" in catalogue()[f"web.ui.{key}"].en
    }
    assert bare == set()


def test_09_a_french_net_is_a_result_not_a_gain() -> None:
    assert t("web.ui.net_amount", "fr", amount="−20,00") == "Résultat\u00a0: −20,00"


def test_10_spanish_quotes_what_the_player_typed_in_guillemets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, _, err = _out(capsys, "--lang", "es", "coup", "11x")
    assert "«11x» no es una carta" in err and "'11x'" not in err


def test_11_the_second_column_has_its_verb() -> None:
    text = t("roads.why.different", "fr", road="R", i=1, winner="B", col=5, a=4, ha=3, b=3,
             hb=2, colour="rouge")  # fmt: skip
    assert "la colonne 4 a 3 de haut, la colonne 3 en a 2" in text


def test_12_on_a_tie_the_bets_on_punto_and_banco_come_back() -> None:
    for key in ("tui.casino.rules", "tui.help.rules"):
        assert "les mises sur Punto et Banco sont rendues" in catalogue()[key].fr
        assert "se devuelven las apuestas a Punto y a Banco" in catalogue()[key].es
        assert "empate" not in catalogue()[key].es


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("error.assist.bets_open", "Les jeux ne sont pas encore faits"),
        ("tui.noted", "jusqu’à ce que les jeux soient faits"),
        ("tui.prompt.bots", "Appuyez sur une touche de 0 à"),
        ("tui.confirm.quit", "enregistrer et quitter"),
        ("tui.keys.common", "enregistrer et quitter"),
        ("tui.keys.typing", "enregistrer et quitter"),
    ],
)
def test_13_the_table_s_idioms_in_french(key: str, words: str) -> None:
    assert words in catalogue()[key].fr
    assert "sauver" not in _all("fr")


def test_14_the_french_dealer_is_the_croupier() -> None:
    assert t("tui.mode.assist", "fr") == "Assistant du croupier"
    assert not re.search(r"\bdonneur", _all("fr"))


def test_15_a_spanish_deal_is_a_ronda_a_coup_a_mano_a_settled_coup_pagada() -> None:
    assert "las 10 rondas" in t("table.error.session_over", "es", deals=10)
    assert t("table.error.missing", "es", coup=3, names="Ana").startswith("La ronda 3")
    assert "última ronda de la sesión" in t("table.error.contribute.no_next_shoe", "es")
    assert "pagada" in t("tui.prompt.settled", "es") and "pagada" in t(
        "table.event.settled", "es", coup=1
    )
    assert "liquid" not in _all("es")


def test_16_a_spanish_seat_is_an_asiento() -> None:
    for key in ("table.error.full", "table.error.seat", "table.error.seats", "web.ui.seats",
                "web.ui.format.casino", "setting.seats"):  # fmt: skip
        assert re.search("[Aa]siento", catalogue()[key].es), key
    assert not re.search(r"\b[Pp]uestos?\b", _all("es"))


def test_17_the_house_edge_is_the_house_s() -> None:
    assert t("odds.col.edge", "es") == "Ventaja de la casa"
    assert t("odds.col.edge", "fr") == t("web.ui.host.odds.edge", "fr") == "Avantage de la maison"
    assert "avantage maison" not in _all("fr").lower()


def test_18_a_french_paytable_is_a_bareme() -> None:
    assert t("web.ui.paytable", "fr") == "Barème" and t("setting.paytable", "fr") == "barème"
    assert "table de paiement" not in _all("fr").lower()


def test_19_a_french_bankroll_is_a_cave(capsys: pytest.CaptureFixture[str]) -> None:
    assert "bankroll" not in _all("fr").lower()
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "simulate", "--help"])
    help_line = capsys.readouterr().out.split("  --bankroll ")[1].split("\n")[0]
    assert help_line.split() == ["CAVE", "cave", "apportée", "à", "chaque", "sabot"]


def test_20_a_french_bet_is_a_mise() -> None:
    assert t("odds.col.bet", "fr") == t("sim.col.name", "fr") == "Mise"


def test_21_the_spanish_paytable_is_named_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _out(capsys, "--lang", "es", "odds", "--decks", "1")
    assert "Tabla de pagos: estándar (" in out and "standard" not in out
    _, out, _ = _out(capsys, "--lang", "fr", "odds", "--decks", "1", "--paytable", "no-commission")
    assert f"Barème{NBSP}: sans commission (" in out


def test_22_spanish_payouts_are_x_a_1() -> None:
    assert t("paytable.standard", "es") == "Punto 1 a 1, Banco 19 a 20, Igualdad 8 a 1"
    assert "Igualdad 8 a 1" in t("tui.casino.rules", "es")


def test_23_to_27_the_commands_help_reads_as_spanish_and_french() -> None:
    assert "mano por mano" in t("sim.help.simulate", "es")
    assert t("web.serve.open", "es", url="u").endswith("Ctrl+C la detiene.")
    assert t("error.sim.workers", "es", workers=0).startswith("Hace falta al menos 1 proceso")
    assert "dans les règles de l’art" in t("cli.description", "fr")
    assert t("cli.help.json", "es") == "mostrar en JSON"


def test_28_roads_are_routes_and_caminos() -> None:
    assert (t("web.ui.roads", "fr"), t("web.ui.roads", "es")) == ("Routes", "Caminos")
    assert not re.search(r"\b[Tt]ableaux\b", _all("fr"))
    assert "arcador" not in _all("es")


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("metavar.S,...", "M,…"),
        ("sim.col.exact", "Exacte"),
        ("table.error.name.taken", "sans tenir compte de la casse"),
        ("web.ui.real_cards", "je les saisis une à une"),
        ("cli.help.shoes", "sabots vérifiables"),
        ("web.error.bad_token", "Cette clé d’accès"),
    ],
)
def test_smaller_french_wordings(key: str, words: str) -> None:
    assert words in catalogue()[key].fr


def test_french_uses_one_word_for_shuffled_face_down_and_token() -> None:
    fr = _all("fr")
    assert not re.search(r"\bbatt(u|ue|us|ues|re)\b", fr)
    assert "faces cachées" not in fr and "loyaux" not in fr
    assert not re.search(r"\bjeton\b", t("web.field.token", "fr"))


@pytest.mark.parametrize(
    ("key", "words"),
    [
        ("sim.col.q05", f"final 5{NBSP}%"),
        ("cli.error.not_text", "«puntobanco export»"),
        ("web.error.bad_token", "credencial"),
        ("table.error.phase.settled", "las apuestas se abren"),
        ("table.error.phase.shuffling", "las apuestas se abren"),
        ("tui.croupier.prompt", "Cierre de apuestas en"),
        ("table.error.name.taken", "sin distinguir mayúsculas y minúsculas"),
        ("table.error.no_rebuy", "se juega a puntos"),
        ("cli.help.with_secrets", "no la entregue nunca"),
    ],
)
def test_smaller_spanish_wordings(key: str, words: str) -> None:
    assert words in catalogue()[key].es


def test_spanish_abbreviates_points_with_a_period() -> None:
    assert t("tui.points", "es", n=1) == "1 pto." and t("tui.points", "es", n=3) == "3 ptos."


def test_argparse_quotes_a_refused_choice_as_the_language_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "odds", "--paytable", "x"])
    fr = capsys.readouterr().err
    assert f"«{NBSP}x{NBSP}» (choisissez parmi «{NBSP}commission-4{NBSP}»" in fr
    with pytest.raises(SystemExit):
        main(["--lang", "es", "odds", "--paytable", "x"])
    assert "«x» (elija entre «commission-4»" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["odds", "--paytable", "x"])
    assert "'x' (choose from 'commission-4'" in capsys.readouterr().err
