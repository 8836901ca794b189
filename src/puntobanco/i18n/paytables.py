"""Messages of the paytables and side bets: their names, descriptions and refusals."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # Errors.
    "error.bet.not_offered": M(
        "The {paytable} table does not offer {box!r}.",
        "La table {paytable} ne propose pas {box!r}.",
        "La mesa {paytable} no ofrece {box!r}.",
    ),
    "error.bet.needs_coup": M(
        "The {box} bet of the {paytable} table is settled from the whole coup, not only "
        "from its winner.",
        "La mise {box} de la table {paytable} se règle sur le coup entier, pas seulement "
        "sur son gagnant.",
        "La apuesta {box} de la mesa {paytable} se liquida con la mano entera, no solo "
        "con su ganador.",
    ),
    "error.bet.side_bet": M(
        "Unknown side bet {name!r}; choose among: {choices}.",
        "Mise annexe inconnue {name!r} ; choisissez parmi : {choices}.",
        "Apuesta adicional desconocida {name!r}; elija entre: {choices}.",
    ),
    # Names of the bets, as tables and reports show them.
    "bet.dragon_7": M("Dragon 7", "Dragon 7", "Dragón 7"),
    "bet.panda_8": M("Panda 8", "Panda 8", "Panda 8"),
    "bet.punto_pair": M("Punto pair", "Paire Punto", "Pareja Punto"),
    "bet.banco_pair": M("Banco pair", "Paire Banco", "Pareja Banco"),
    "bet.dragon_bonus_punto": M("Dragon Bonus Punto", "Bonus Dragon Punto", "Bono Dragón Punto"),
    "bet.dragon_bonus_banco": M("Dragon Bonus Banco", "Bonus Dragon Banco", "Bono Dragón Banco"),
    # What each paytable pays, in a sentence.
    "paytable.standard": M(
        "Punto 1:1, Banco 19 for 20, Tie 8:1",
        "Punto 1:1, Banco 19 pour 20, Égalité 8:1",
        "Punto 1:1, Banco 19 por 20, Igualdad 8:1",
    ),
    "paytable.tie-nine": M(
        "Punto 1:1, Banco 19 for 20, Tie 9:1",
        "Punto 1:1, Banco 19 pour 20, Égalité 9:1",
        "Punto 1:1, Banco 19 por 20, Igualdad 9:1",
    ),
    "paytable.no-commission": M(
        "Punto 1:1, Banco 1:1 but 1:2 on a win with 6, Tie 8:1",
        "Punto 1:1, Banco 1:1 mais 1:2 quand il gagne avec 6, Égalité 8:1",
        "Punto 1:1, Banco 1:1 pero 1:2 si gana con 6, Igualdad 8:1",
    ),
    "paytable.commission-4": M(
        "Punto 1:1, Banco 0.96 to 1, Tie 8:1",
        "Punto 1:1, Banco 0,96 pour 1, Égalité 8:1",
        "Punto 1:1, Banco 0,96 por 1, Igualdad 8:1",
    ),
    "paytable.ez": M(
        "Punto 1:1, Banco 1:1 but a push on a three-card 7, Tie 8:1; Dragon 7 40:1, Panda 8 25:1",
        "Punto 1:1, Banco 1:1 mais remboursé sur un 7 à trois cartes, Égalité 8:1 ; "
        "Dragon 7 40:1, Panda 8 25:1",
        "Punto 1:1, Banco 1:1 pero devuelta con un 7 de tres cartas, Igualdad 8:1; "
        "Dragón 7 40:1, Panda 8 25:1",
    ),
    "paytable.side_bets": M("; with {names}", " ; avec {names}", "; con {names}"),
    "odds.paytable.any": M(
        "Paytable: {name} ({description}).",
        "Barème : {name} ({description}).",
        "Tabla de pagos: {name} ({description}).",
    ),
    "odds.help.side_bets": M(
        "side bets to add, comma-separated: {names}",
        "mises annexes à ajouter, séparées par des virgules : {names}",
        "apuestas adicionales, separadas por comas: {names}",
    ),
}
