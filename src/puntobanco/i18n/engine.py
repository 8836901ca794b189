"""Messages of the table engine: settings' bounds, commands, viewers, imports."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    "table.error.bound": M(
        "{name} must be a whole number from {low} to {high}, not {value!r}.",
        "{name} doit être un nombre entier de {low} à {high}, et non {value!r}.",
        "{name} debe ser un número entero de {low} a {high}, no {value!r}.",
    ),
    "table.error.no_countdown": M(
        "A {format} table has no countdown (countdown={value!r}); only the virtual croupier "
        "closes bets on its own.",
        "Une table {format} n'a pas de compte à rebours (countdown={value!r}) ; seul le "
        "croupier virtuel ferme les mises de lui-même.",
        "Una mesa {format} no tiene cuenta atrás (countdown={value!r}); solo el crupier "
        "virtual cierra las apuestas por sí mismo.",
    ),
    "table.event.card_placed": M(
        "Coup {coup}: the host places {card}.",
        "Coup {coup} : le donneur pose {card}.",
        "Mano {coup}: el crupier coloca {card}.",
    ),
    "table.event.card_undone": M(
        "Coup {coup}: {card} goes back into the shoe.",
        "Coup {coup} : {card} retourne dans le sabot.",
        "Mano {coup}: {card} vuelve al zapato.",
    ),
    "table.event.rebought": M(
        "{name} adds {amount} to their bankroll.",
        "{name} ajoute {amount} à sa cave.",
        "{name} añade {amount} a su banca.",
    ),
    "table.error.players_list": M(
        "The players are a list of names, not {players!r}.",
        "Les joueurs sont une liste de noms, et non {players!r}.",
        "Los jugadores son una lista de nombres, no {players!r}.",
    ),
    "table.error.name.type": M(
        "A name is text, not {name!r}.",
        "Un nom est un texte, et non {name!r}.",
        "Un nombre es un texto, no {name!r}.",
    ),
    "table.error.card_type": M(
        "A card is text such as 4h or K♠, not {card!r}.",
        "Une carte s'écrit comme 4h ou K♠, et non {card!r}.",
        "Una carta se escribe como 4h o K♠, no {card!r}.",
    ),
    "table.error.box_type": M(
        "A box is punto, banco or egalite, not {box!r}.",
        "Une case est punto, banco ou egalite, et non {box!r}.",
        "Una casilla es punto, banco o egalite, no {box!r}.",
    ),
    "table.error.host_cards": M(
        "Coup {coup} is dealt with the host's cards: place them one by one.",
        "Le coup {coup} se joue avec les cartes du donneur : posez-les une à une.",
        "La mano {coup} se juega con las cartas del crupier: colóquelas una a una.",
    ),
    "table.error.shoe_cards": M(
        "This table deals from its own shoe: no card is placed by hand.",
        "Cette table distribue depuis son propre sabot : aucune carte n'est posée à la main.",
        "Esta mesa reparte de su propio zapato: ninguna carta se coloca a mano.",
    ),
    "table.error.no_rebuy": M(
        "Scores are points here: there is nothing to buy.",
        "Ici les scores sont des points : il n'y a rien à racheter.",
        "Aquí los tantos son puntos: no hay nada que comprar.",
    ),
    "engine.error.command": M(
        "{command!r} is not a command a table knows.",
        "{command!r} n'est pas une commande qu'une table connaisse.",
        "{command!r} no es una orden que una mesa conozca.",
    ),
    "engine.error.command_fields": M(
        "The command {command} is not well formed: {reason}.",
        "La commande {command} est mal formée : {reason}.",
        "La orden {command} está mal formada: {reason}.",
    ),
    "engine.error.format": M(
        "{format!r} is not a table format; the formats are {choices}.",
        "{format!r} n'est pas un format de table ; les formats sont {choices}.",
        "{format!r} no es un formato de mesa; los formatos son {choices}.",
    ),
    "engine.error.settings": M(
        "Settings refused for a {format} table: {reason}.",
        "Réglages refusés pour une table {format} : {reason}.",
        "Ajustes rechazados para una mesa {format}: {reason}.",
    ),
    "engine.error.not_allowed": M(
        "A {role} ({name}) may not send {command} here.",
        "Un {role} ({name}) ne peut pas envoyer {command} ici.",
        "Un {role} ({name}) no puede enviar {command} aquí.",
    ),
    "store.error.url": M(
        "{url!r} names no event store; give a file path or a URL of the form {schemes}.",
        "{url!r} ne désigne aucun journal ; donnez un chemin de fichier ou une URL de la forme "
        "{schemes}.",
        "{url!r} no designa ningún registro; indique una ruta de archivo o una URL de la forma "
        "{schemes}.",
    ),
    "import.error.refused": M(
        "Line {line} (table {table!r}) is refused, as it would be in play: {error}",
        "Ligne {line} (table {table!r}) refusée, comme elle le serait en jeu : {error}",
        "Línea {line} (mesa {table!r}) rechazada, como lo sería en juego: {error}",
    ),
    "import.error.mismatch": M(
        "Line {line} (table {table!r}) says {found}, but the cards and bets give {expected}.",
        "La ligne {line} (table {table!r}) dit {found}, mais les cartes et les mises donnent "
        "{expected}.",
        "La línea {line} (mesa {table!r}) dice {found}, pero las cartas y las apuestas dan "
        "{expected}.",
    ),
    "import.error.unexpected": M(
        "Line {line} (table {table!r}): {found} does not follow from anything done at the table.",
        "Ligne {line} (table {table!r}) : {found} ne découle de rien de ce qui s'est passé à la "
        "table.",
        "Línea {line} (mesa {table!r}): {found} no se sigue de nada de lo ocurrido en la mesa.",
    ),
    "import.error.truncated": M(
        "The log of table {table!r} stops in the middle of an action after line {line}: "
        "{expected} is missing.",
        "Le journal de la table {table!r} s'arrête au milieu d'une action après la ligne "
        "{line} : il manque {expected}.",
        "El registro de la mesa {table!r} se corta en medio de una acción tras la línea "
        "{line}: falta {expected}.",
    ),
    "import.error.first": M(
        "Line {line}: a table's log starts with TableOpened, not {found}.",
        "Ligne {line} : le journal d'une table commence par TableOpened, et non {found}.",
        "Línea {line}: el registro de una mesa empieza por TableOpened, no por {found}.",
    ),
    "import.error.time": M(
        "Line {line} (table {table!r}): {time!r} is not a time with its zone, in order "
        "(ISO 8601, never before the line above).",
        "Ligne {line} (table {table!r}) : {time!r} n'est pas une heure avec son fuseau, dans "
        "l'ordre (ISO 8601, jamais avant la ligne précédente).",
        "Línea {line} (mesa {table!r}): {time!r} no es una hora con su zona, en orden "
        "(ISO 8601, nunca antes de la línea anterior).",
    ),
    "import.error.shoe": M(
        "Line {line}: shoe {shoe} does not hold exactly the cards of {decks} "
        "{decks:plural:deck|decks}.",
        "Ligne {line} : le sabot {shoe} ne contient pas exactement les cartes de {decks} "
        "{decks:plural:jeu|jeux}.",
        "Línea {line}: el zapato {shoe} no contiene exactamente las cartas de {decks} "
        "{decks:plural:baraja|barajas}.",
    ),
    "table.error.bad_event": M(
        "The log cannot be read back: {reason}.",
        "Le journal ne peut pas être relu : {reason}.",
        "El registro no se puede volver a leer: {reason}.",
    ),
    "import.error.unfinished": M(
        "The log of table {table!r} stops in the middle of a coup, after line {line} "
        "(a coup is dealt, settled and the next one opened in one commit).",
        "Le journal de la table {table!r} s'arrête au milieu d'un coup, après la ligne {line} "
        "(un coup est distribué, réglé et le suivant ouvert en une seule écriture).",
        "El registro de la mesa {table!r} se corta en medio de una mano, tras la línea {line} "
        "(una mano se reparte, se paga y se abre la siguiente en una sola escritura).",
    ),
    "table.event.coup_retracted": M(
        "Coup {coup}: {card} goes back into the shoe; the coup's settlement is undone.",
        "Coup {coup} : {card} retourne dans le sabot ; le règlement du coup est annulé.",
        "Mano {coup}: {card} vuelve al zapato; el pago de la mano se anula.",
    ),
}
