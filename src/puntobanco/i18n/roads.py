"""Messages of the scoreboards (roads) and of the ``roads`` command."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # Road names: the English names are the casino floor's; French and Spanish
    # tables show translated names next to them.
    "roads.bead_plate": M("Bead plate", "Plateau de perles", "Plato de cuentas"),
    "roads.big_road": M("Big road", "Grande route", "Gran camino"),
    "roads.big_eye_boy": M("Big eye boy", "Gros œil", "Ojo grande"),
    "roads.small_road": M("Small road", "Petite route", "Camino pequeño"),
    "roads.cockroach_pig": M("Cockroach pig", "Cafard", "Cucaracha"),
    "roads.empty": M("(nothing yet)", "(rien encore)", "(nada todavía)"),
    "roads.ties_held": M(
        "{n} {n:plural:tie|ties} held until the first Punto or Banco win",
        "{n} {n:plural:égalité|égalités} en attente du premier coup gagné par Punto ou Banco",
        "{n} {n:plural:igualdad|igualdades} en espera de la primera mano ganada por Punto o Banco",
    ),
    "roads.ask": M(
        "Ask (the mark each derived road would add):",
        "Prévision (la marque qu'ajouterait chaque route dérivée) :",
        "Previsión (la marca que añadiría cada camino derivado):",
    ),
    "roads.ask_if": M("if {outcome} wins:", "si {outcome} gagne :", "si gana {outcome}:"),
    "roads.ask_mark": M("{road}: {mark}", "{road} : {mark}", "{road}: {mark}"),
    "roads.legend": M(
        "B Banco, P Punto, T Tie; p Punto pair, b Banco pair; "
        "big road: number = ties; derived roads: R red, B blue; - no mark.",
        "B Banco, P Punto, E Égalité ; p paire Punto, b paire Banco ; "
        "grande route : nombre = égalités ; routes dérivées : R rouge, B bleu ; - pas de marque.",
        "B Banco, P Punto, I Igualdad; p pareja Punto, b pareja Banco; "
        "gran camino: número = igualdades; caminos derivados: R rojo, A azul; - sin marca.",
    ),
    # Why a derived mark has its colour (explain_mark); columns and rows from 1.
    "roads.colour.red": M("red", "rouge", "rojo"),
    "roads.colour.blue": M("blue", "bleu", "azul"),
    "roads.why.same": M(
        "{road}, mark {i}: {winner} starts column {col}; columns {a} and {b} are both "
        "{ha} high: {colour}.",
        "{road}, marque {i} : {winner} commence la colonne {col} ; les colonnes {a} et {b} "
        "ont toutes deux {ha} de haut : {colour}.",
        "{road}, marca {i}: {winner} empieza la columna {col}; las columnas {a} y {b} "
        "miden ambas {ha}: {colour}.",
    ),
    "roads.why.different": M(
        "{road}, mark {i}: {winner} starts column {col}; column {a} is {ha} high, "
        "column {b} is {hb} high: {colour}.",
        "{road}, marque {i} : {winner} commence la colonne {col} ; la colonne {a} a {ha} de "
        "haut, la colonne {b} {hb} : {colour}.",
        "{road}, marca {i}: {winner} empieza la columna {col}; la columna {a} mide {ha}, "
        "la columna {b} mide {hb}: {colour}.",
    ),
    "roads.why.reaches": M(
        "{road}, mark {i}: {winner} in column {col}, row {row}; column {c} is {p} high, "
        "it reaches that row: {colour}.",
        "{road}, marque {i} : {winner} en colonne {col}, ligne {row} ; la colonne {c} a {p} "
        "de haut, elle atteint cette ligne : {colour}.",
        "{road}, marca {i}: {winner} en la columna {col}, fila {row}; la columna {c} mide "
        "{p}, llega a esa fila: {colour}.",
    ),
    "roads.why.stops": M(
        "{road}, mark {i}: {winner} in column {col}, row {row}; column {c} is {p} high, "
        "it stopped just above: {colour}.",
        "{road}, marque {i} : {winner} en colonne {col}, ligne {row} ; la colonne {c} a {p} "
        "de haut, elle s'arrête juste au-dessus : {colour}.",
        "{road}, marca {i}: {winner} en la columna {col}, fila {row}; la columna {c} mide "
        "{p}, se detuvo justo encima: {colour}.",
    ),
    "roads.why.fall": M(
        "{road}, mark {i}: {winner} in column {col}, row {row}; column {c} is {p} high, "
        "it stopped two or more rows above (straight fall): {colour}.",
        "{road}, marque {i} : {winner} en colonne {col}, ligne {row} ; la colonne {c} a {p} "
        "de haut, elle s'arrête deux lignes ou plus au-dessus (chute directe) : {colour}.",
        "{road}, marca {i}: {winner} en la columna {col}, fila {row}; la columna {c} mide "
        "{p}, se detuvo dos filas o más arriba (caída directa): {colour}.",
    ),
    "cli.help.explain": M(
        "say why each derived mark is red or blue",
        "dire pourquoi chaque marque dérivée est rouge ou bleue",
        "decir por qué cada marca derivada es roja o azul",
    ),
    # Letters shown in the text rendering (the JSON always uses B, P, T, R, B).
    "roads.letter.B": M("B", "B", "B"),
    "roads.letter.P": M("P", "P", "P"),
    "roads.letter.T": M("T", "E", "I"),
    "roads.letter.pp": M("p", "p", "p"),
    "roads.letter.bp": M("b", "b", "b"),
    "roads.letter.red": M("R", "R", "R"),
    "roads.letter.blue": M("B", "B", "A"),
    # The command.
    "cli.help.roads": M(
        "show a shoe's scoreboards (bead plate, big road, derived roads) and the ask previews",
        "afficher les tableaux d'un sabot (perles, grande route, routes dérivées) et les "
        "prévisions",
        "mostrar los marcadores de un zapato (cuentas, gran camino, caminos derivados) y las "
        "previsiones",
    ),
    "cli.help.results": M(
        "the coups' results in order: B, P, T (or E); B+PP / B+BP add a Punto / Banco pair",
        "les résultats des coups dans l'ordre : B, P, T (ou E) ; B+PP / B+BP ajoutent une "
        "paire Punto / Banco",
        "los resultados de las manos en orden: B, P, T (o E); B+PP / B+BP añaden una pareja "
        "Punto / Banco",
    ),
    "cli.help.history_roads": M(
        "show the roads (scoreboards) of a past shoe instead of the coups",
        "afficher les tableaux (routes) d'un sabot passé au lieu des coups",
        "mostrar los marcadores (caminos) de un zapato pasado en lugar de las manos",
    ),
    "cli.help.history_shoe": M(
        "with --roads: the shoe's number (default: the last shoe)",
        "avec --roads : le numéro du sabot (par défaut : le dernier)",
        "con --roads: el número del zapato (por defecto: el último)",
    ),
    "roads.history.title": M(
        "Table {table}, shoe {shoe} ({coups} coups)",
        "Table {table}, sabot {shoe} ({coups} coups)",
        "Mesa {table}, zapato {shoe} ({coups} manos)",
    ),
    "error.roads.no_shoe": M(
        "Table {table} has no shoe {shoe}; its shoes: {shoes}.",
        "La table {table} n'a pas de sabot {shoe} ; ses sabots : {shoes}.",
        "La mesa {table} no tiene zapato {shoe}; sus zapatos: {shoes}.",
    ),
    "error.roads.token": M(
        "{token!r} is not a result. Write B (Banco), P (Punto) or T/E (tie), "
        "optionally followed by +PP or +BP for a pair, for example: B P+PP T B.",
        "{token!r} n'est pas un résultat. Écrivez B (Banco), P (Punto) ou T/E (égalité), "
        "suivi éventuellement de +PP ou +BP pour une paire, par exemple : B P+PP T B.",
        "{token!r} no es un resultado. Escriba B (Banco), P (Punto) o T/E (igualdad), "
        "seguido opcionalmente de +PP o +BP para una pareja, por ejemplo: B P+PP T B.",
    ),
}
