"""Messages of the core and of the ``coup`` and ``odds`` commands."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # The game's own words (seed 003 gives the Spanish).
    "outcome.punto": M("Punto", "Punto", "Punto"),
    "outcome.banco": M("Banco", "Banco", "Banco"),
    "outcome.egalite": M("Tie", "Égalité", "Igualdad"),
    # Errors: cards and shoes.
    "error.card.invalid": M(
        "{text!r} is not a card. Write a rank then a suit, for example: {forms}.",
        "{text!r} n'est pas une carte. Écrivez une valeur puis une couleur, par exemple : {forms}.",
        "{text!r} no es una carta. Escriba un valor y luego un palo, por ejemplo: {forms}.",
    ),
    "error.card.empty": M(
        "No card given ({text!r}). Write cards separated by spaces or commas, "
        "for example: {forms}.",
        "Aucune carte donnée ({text!r}). Écrivez des cartes séparées par des espaces ou des "
        "virgules, par exemple : {forms}.",
        "Ninguna carta dada ({text!r}). Escriba cartas separadas por espacios o comas, por "
        "ejemplo: {forms}.",
    ),
    "error.shoe.too_many_copies": M(
        "{card} appears {count} times, but a shoe of {decks} {decks:plural:deck|decks} holds "
        "only {decks} of it.",
        "{card} apparaît {count} fois, mais un sabot de {decks} {decks:plural:jeu|jeux} n'en "
        "contient que {decks}.",
        "{card} aparece {count} veces, pero un zapato de {decks} {decks:plural:baraja|barajas} "
        "solo tiene {decks}.",
    ),
    "error.shoe.decks": M(
        "A shoe holds {low} to {high} decks, not {decks!r}.",
        "Un sabot contient de {low} à {high} jeux, pas {decks!r}.",
        "Un zapato contiene de {low} a {high} barajas, no {decks!r}.",
    ),
    "error.shoe.cut_card": M(
        "The cut card must leave {low} to {high} cards behind it, not {cut_card!r}.",
        "La carte de coupe doit laisser de {low} à {high} cartes derrière elle, pas {cut_card!r}.",
        "La carta de corte debe dejar de {low} a {high} cartas detrás, no {cut_card!r}.",
    ),
    "error.shoe.seed": M(
        "A seed is a whole number from 0 to {maximum}, not {seed!r}.",
        "Une graine est un nombre entier de 0 à {maximum}, pas {seed!r}.",
        "Una semilla es un número entero de 0 a {maximum}, no {seed!r}.",
    ),
    "error.shoe.seed_and_rng": M(
        "Give either a seed or a random source, not both.",
        "Donnez une graine ou une source aléatoire, pas les deux.",
        "Dé una semilla o una fuente aleatoria, no ambas.",
    ),
    "error.shoe.exhausted": M(
        "The shoe is empty: all {size} cards have been dealt.",
        "Le sabot est vide : les {size} cartes ont été distribuées.",
        "El zapato está vacío: se han repartido las {size} cartas.",
    ),
    "error.shoe.finished": M(
        "This shoe is finished (the cut card has come out); a new shoe is needed.",
        "Ce sabot est terminé (la carte de coupe est sortie) ; il faut un nouveau sabot.",
        "Este zapato ha terminado (salió la carta de corte); hace falta un zapato nuevo.",
    ),
    # Errors: coups.
    "error.coup.too_few": M(
        "{given} {given:plural:card|cards} given: this coup needs {more} more.",
        "{given} {given:plural:carte donnée|cartes données} : ce coup en demande encore {more}.",
        "{given} {given:plural:carta dada|cartas dadas}: esta mano necesita {more} más.",
    ),
    "error.coup.extra": M(
        "The coup is over after {used} cards; {card} (card {position}) is not used.",
        "Le coup est terminé après {used} cartes ; {card} (carte {position}) n'est pas utilisée.",
        "La mano termina tras {used} cartas; {card} (carta {position}) no se usa.",
    ),
    "error.coup.not_cards": M(
        "A coup is dealt from a list of cards, not from {cards}.",
        "Un coup se donne à partir d'une liste de cartes, pas de {cards}.",
        "Una mano se reparte a partir de una lista de cartas, no de {cards}.",
    ),
    # Errors: bets.
    "error.bet.box": M(
        "{box!r} is not a box: choose Punto, Banco or Tie (p, b, t).",
        "{box!r} n'est pas une case : choisissez Punto, Banco ou Égalité (p, b, e).",
        "{box!r} no es una casilla: elija Punto, Banco o Igualdad (p, b, i).",
    ),
    "error.bet.stake": M(
        "A stake must be a positive whole or exact amount, not {stake!r}.",
        "Une mise doit être un montant positif entier ou exact, pas {stake!r}.",
        "Una apuesta debe ser una cantidad positiva entera o exacta, no {stake!r}.",
    ),
    "error.paytable": M(
        "Unknown paytable {name!r}; choose one of: {choices}.",
        "Barème inconnu {name!r} ; choisissez parmi : {choices}.",
        "Tabla de pagos desconocida {name!r}; elija entre: {choices}.",
    ),
    # The coup, explained (one sentence per decision).
    "step.natural": M(
        "{hand} has {total} with two cards: a natural, nobody draws.",
        "{hand} a {total} avec deux cartes : abattage, personne ne tire.",
        "{hand} tiene {total} con dos cartas: natural, nadie pide carta.",
    ),
    "step.other_natural": M(
        "{hand} has {total} and stands: the other hand has a natural.",
        "{hand} a {total} et reste : l'autre main fait abattage.",
        "{hand} tiene {total} y se planta: la otra mano tiene natural.",
    ),
    "step.punto_draw": M(
        "Punto has {total}: draws (0 to 5) and receives {card}.",
        "Punto a {total} : il tire (0 à 5) et reçoit {card}.",
        "Punto tiene {total}: pide carta (0 a 5) y recibe {card}.",
    ),
    "step.punto_stand": M(
        "Punto has {total}: stands (6 or 7).",
        "Punto a {total} : il reste (6 ou 7).",
        "Punto tiene {total}: se planta (6 o 7).",
    ),
    "step.banco_refus_draw": M(
        "Punto stood; Banco has {total}: draws (0 to 5) and receives {card}.",
        "Punto est resté ; Banco a {total} : il tire (0 à 5) et reçoit {card}.",
        "Punto se plantó; Banco tiene {total}: pide carta (0 a 5) y recibe {card}.",
    ),
    "step.banco_refus_stand": M(
        "Punto stood; Banco has {total}: stands (6 or 7).",
        "Punto est resté ; Banco a {total} : il reste (6 ou 7).",
        "Punto se plantó; Banco tiene {total}: se planta (6 o 7).",
    ),
    "step.banco_table_draw": M(
        "Banco has {total} and Punto's third card counts {column}: draws and receives {card}.",
        "Banco a {total} et la troisième carte de Punto est un {column} : "
        "il tire et reçoit {card}.",
        "Banco tiene {total} y la tercera carta de Punto es un {column}: pide y recibe {card}.",
    ),
    "step.banco_table_stand": M(
        "Banco has {total} and Punto's third card counts {column}: stands.",
        "Banco a {total} et la troisième carte de Punto est un {column} : il reste.",
        "Banco tiene {total} y la tercera carta de Punto es un {column}: se planta.",
    ),
    # The coup command.
    "coup.hand": M(
        "{hand}: {cards}  (two cards: {two}, final: {total})",
        "{hand} : {cards}  (deux cartes : {two}, final : {total})",
        "{hand}: {cards}  (dos cartas: {two}, final: {total})",
    ),
    "coup.announce": M(
        "Banco {banco}, Punto {punto}: {winner}.",
        "Banco {banco}, Punto {punto} : {winner}.",
        "Banco {banco}, Punto {punto}: {winner}.",
    ),
    "coup.wins": M("{outcome} wins", "{outcome} gagne", "gana {outcome}"),
    "coup.tie": M("a tie", "égalité", "igualdad"),
    "coup.settlement": M(
        "A {stake}-point prediction on each chance:",
        "Une prédiction de {stake} points sur chaque chance :",
        "Una predicción de {stake} puntos en cada opción:",
    ),
    # The odds command.
    "odds.header": M(
        "{decks} {decks:plural:deck|decks}, {cards:,} {cards:plural:card|cards}{removed}; "
        "{total:,} ordered six-card {total:plural:sequence|sequences}.",
        "{decks} {decks:plural:jeu|jeux}, {cards:,} {cards:plural:carte|cartes}{removed} ; "
        "{total:,} {total:plural:suite ordonnée|suites ordonnées} de six cartes.",
        "{decks} {decks:plural:baraja|barajas}, {cards:,} {cards:plural:carta|cartas}{removed}; "
        "{total:,} {total:plural:secuencia ordenada|secuencias ordenadas} de seis cartas.",
    ),
    "odds.removed": M(", removed: {cards}", ", retirées : {cards}", ", retiradas: {cards}"),
    "odds.columns": M(
        "{bet:<10} {count:>24} {probability:>16} {edge:>16}",
        "{bet:<10} {count:>24} {probability:>16} {edge:>16}",
        "{bet:<10} {count:>24} {probability:>16} {edge:>16}",
    ),
    "odds.col.bet": M("Bet", "Chance", "Apuesta"),
    "odds.col.count": M("Sequences", "Suites", "Secuencias"),
    "odds.col.probability": M("Probability", "Probabilité", "Probabilidad"),
    "odds.col.edge": M("House edge", "Avantage maison", "Ventaja casa"),
    "odds.paytable": M(
        "Paytable: {name} (Punto 1:1, Banco 19 for 20, Tie {tie}:1).",
        "Barème : {name} (Punto 1:1, Banco 19 pour 20, Égalité {tie}:1).",
        "Tabla de pagos: {name} (Punto 1:1, Banco 19 por 20, Igualdad {tie}:1).",
    ),
    # The command line itself.
    "cli.description": M(
        "Punto Banco (casino baccarat), played right.",
        "Le Punto Banco (baccara de casino), joué juste.",
        "Punto Banco (bacará de casino), jugado como es debido.",
    ),
    "cli.error": M("error: {message}", "erreur : {message}", "error: {message}"),
    "cli.help.lang": M(
        "language: fr, en or es (default: the locale, else English)",
        "langue : fr, en ou es (par défaut : celle du système, sinon l'anglais)",
        "idioma: fr, en o es (por defecto: el del sistema, si no inglés)",
    ),
    "cli.help.coup": M(
        "resolve one coup from cards in dealing order",
        "résoudre un coup à partir des cartes dans l'ordre de distribution",
        "resolver una mano a partir de las cartas en orden de reparto",
    ),
    "cli.help.cards": M(
        'cards in the order they leave the shoe, e.g. "4h 2s 9c Ad 8d"',
        'cartes dans l\'ordre de sortie du sabot, par ex. "4h 2s 9c Ad 8d"',
        'cartas en el orden en que salen del zapato, p. ej. "4h 2s 9c Ad 8d"',
    ),
    "cli.help.decks": M(
        "decks in the shoe (1 to 8, default {default})",
        "jeux dans le sabot (1 à 8, par défaut {default})",
        "barajas en el zapato (1 a 8, por defecto {default})",
    ),
    "cli.help.json": M("print JSON", "afficher du JSON", "imprimir JSON"),
    "cli.help.odds": M(
        "exact odds and house edges for a shoe",
        "probabilités exactes et avantage de la maison pour un sabot",
        "probabilidades exactas y ventaja de la casa para un zapato",
    ),
    "cli.help.remove": M(
        'cards already out of the shoe, e.g. "5h 5d 6c"',
        'cartes déjà sorties du sabot, par ex. "5h 5d 6c"',
        'cartas ya fuera del zapato, p. ej. "5h 5d 6c"',
    ),
    "cli.help.paytable": M("paytable", "barème", "tabla de pagos"),
}
