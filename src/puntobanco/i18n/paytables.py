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
    # Errors: side bets at a table.
    "table.error.side_bets": M(
        "The side bets are a list of names (such as punto_pair or pairs), not {value!r}.",
        "Les mises annexes sont une liste de noms (comme punto_pair ou pairs), pas {value!r}.",
        "Las apuestas adicionales son una lista de nombres (como punto_pair o pairs), "
        "no {value!r}.",
    ),
    "table.error.side_limits": M(
        "The limits of {box!r} are two whole numbers, its minimum and its maximum, not {value!r}.",
        "Les limites de {box!r} sont deux nombres entiers, son minimum et son maximum, "
        "pas {value!r}.",
        "Los límites de {box!r} son dos números enteros, su mínimo y su máximo, no {value!r}.",
    ),
    "table.error.side_limit_box": M(
        "This table has no side bet {box!r} to give limits to; it offers: {offered}.",
        "Cette table n'a pas de mise annexe {box!r} à qui donner des limites ; "
        "elle propose : {offered}.",
        "Esta mesa no tiene la apuesta adicional {box!r} a la que dar límites; ofrece: {offered}.",
    ),
    "table.error.session_side_bets": M(
        "A {format} table plays no side bets: each participant makes one prediction on "
        "Punto, Banco or Tie.",
        "Une table {format} ne joue pas de mises annexes : chaque participant fait une "
        "prédiction, sur Punto, Banco ou Égalité.",
        "Una mesa {format} no juega apuestas adicionales: cada participante hace una "
        "predicción, a Punto, Banco o Igualdad.",
    ),
    "table.error.session_box": M(
        "At a {format} table a prediction is on Punto, Banco or Tie, not on the side bet {box}.",
        "À une table {format}, une prédiction porte sur Punto, Banco ou Égalité, pas sur la "
        "mise annexe {box}.",
        "En una mesa {format}, una predicción es a Punto, Banco o Igualdad, no a la apuesta "
        "adicional {box}.",
    ),
    "table.error.side_bet_not_offered": M(
        "This table does not offer the side bet {box}; it offers: {offered}.",
        "Cette table ne propose pas la mise annexe {box} ; elle propose : {offered}.",
        "Esta mesa no ofrece la apuesta adicional {box}; ofrece: {offered}.",
    ),
    # The web table's words about side bets (the host's form, the phone's boxes).
    "web.ui.side_bets": M(
        "Side bets (limits: the tie's)",
        "Mises annexes (limites : celles de l'égalité)",
        "Apuestas adicionales (límites: los de la igualdad)",
    ),
    "web.ui.paytable.no_commission": M(
        "No commission (Banco 1:2 on a 6)",
        "Sans commission (Banco 1 pour 2 sur un 6)",
        "Sin comisión (Banco 1 a 2 con un 6)",
    ),
    "web.ui.paytable.commission_4": M("4% commission", "Commission de 4 %", "Comisión del 4 %"),
    "web.ui.paytable.ez": M(
        "EZ Baccarat (Dragon 7, Panda 8)",
        "EZ Baccarat (Dragon 7, Panda 8)",
        "EZ Baccarat (Dragón 7, Panda 8)",
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
    "play.help.paytable": M(
        "the paytable of the casino and croupier tables",
        "le barème des tables casino et croupier",
        "la tabla de pagos de las mesas de casino y de crupier",
    ),
    "play.help.side_bets": M(
        "side bets of the casino and croupier tables, comma-separated (keys 1, 2...): {names}",
        "mises annexes des tables casino et croupier, séparées par des virgules "
        "(touches 1, 2...) : {names}",
        "apuestas adicionales de las mesas de casino y de crupier, separadas por comas "
        "(teclas 1, 2...): {names}",
    ),
    "odds.help.side_bets": M(
        "side bets to add, comma-separated: {names}",
        "mises annexes à ajouter, séparées par des virgules : {names}",
        "apuestas adicionales, separadas por comas: {names}",
    ),
}
