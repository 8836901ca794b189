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
}
