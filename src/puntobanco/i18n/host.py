"""Words of the host screen's scoreboards, statistics, odds and options, and of
the phone's chips (keys ``web.ui.host.*``: sent to the pages with the others).

Placeholders are filled by the page (``{n}``, ``{card}``...), numbers written
with the page language's ``Intl.NumberFormat``. French: a narrow no-break
space (U+202F) before ; ! ?, a no-break space (U+00A0) before : and %.
"""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # The five roads and their text for screen readers.
    "web.ui.host.road.bead_plate": M("Bead plate", "Plateau de perles", "Plato de cuentas"),
    "web.ui.host.road.big_road": M("Big road", "Grande route", "Gran camino"),
    "web.ui.host.road.big_eye_boy": M("Big eye boy", "Gros œil", "Ojo grande"),
    "web.ui.host.road.small_road": M("Small road", "Petite route", "Camino pequeño"),
    "web.ui.host.road.cockroach_pig": M("Cockroach pig", "Cafard", "Cucaracha"),
    "web.ui.host.road.empty": M("Nothing yet.", "Rien encore.", "Nada todavía."),
    "web.ui.host.road.column": M(
        "Column {n}: {marks}", "Colonne {n}\u00a0: {marks}", "Columna {n}: {marks}"
    ),
    "web.ui.host.road.run": M("{result} ×{n}", "{result} ×{n}", "{result} ×{n}"),
    "web.ui.host.road.ties": M("ties: {n}", "égalités\u00a0: {n}", "igualdades: {n}"),
    "web.ui.host.road.held": M(
        "Ties before the first decided coup: {n}",
        "Égalités avant le premier coup décidé\u00a0: {n}",
        "Igualdades antes de la primera mano decidida: {n}",
    ),
    "web.ui.host.road.red": M("red", "rouge", "rojo"),
    "web.ui.host.road.blue": M("blue", "bleu", "azul"),
    "web.ui.host.bead.B": M("B", "B", "B"),
    "web.ui.host.bead.P": M("P", "P", "P"),
    "web.ui.host.bead.T": M("T", "E", "I"),
    "web.ui.host.ask": M(
        "Ask: what the next coup would add",
        "Et si\u202f? Ce qu'ajouterait le prochain coup",
        "¿Y si…? Lo que añadiría la próxima mano",
    ),
    "web.ui.host.ask.if": M("If {outcome} wins", "Si {outcome} gagne", "Si gana {outcome}"),
    "web.ui.host.ask.mark": M("{road}: {mark}", "{road}\u00a0: {mark}", "{road}: {mark}"),
    "web.ui.host.ask.none": M("no mark", "aucune marque", "ninguna marca"),
    # The shoe's statistics.
    "web.ui.host.stats.shoe": M("Shoe {n}", "Sabot {n}", "Zapato {n}"),
    "web.ui.host.stats.session": M("This session", "Cette séance", "Esta sesión"),
    "web.ui.host.stats.coups": M("Coups", "Coups", "Manos"),
    "web.ui.host.stats.naturals": M("Naturals", "Abattages", "Naturales"),
    "web.ui.host.stats.cards_left": M("Cards left", "Cartes restantes", "Cartas restantes"),
    "web.ui.host.stats.turned": M(
        "Burn card turned", "Carte de brûlage retournée", "Carta de quemado descubierta"
    ),
    "web.ui.host.stats.burned": M("Burned face down", "Brûlées face cachée", "Quemadas boca abajo"),
    "web.ui.host.stats.reshuffled": M(
        "Every deal is dealt from a freshly shuffled shoe.",
        "Chaque donne vient d'un sabot mélangé à neuf.",
        "Cada ronda sale de un zapato recién barajado.",
    ),
    # The exact odds of the next coup.
    "web.ui.host.odds.title": M(
        "Odds of the next coup", "Chances du prochain coup", "Probabilidades de la próxima mano"
    ),
    "web.ui.host.odds.bet": M("Bet", "Mise", "Apuesta"),
    "web.ui.host.odds.win": M("Wins", "Gagne", "Gana"),
    "web.ui.host.odds.push": M("Stake returned", "Mise rendue", "Se devuelve"),
    "web.ui.host.odds.edge": M("House edge", "Avantage maison", "Ventaja de la casa"),
    "web.ui.host.odds.shoe": M(
        "Exact, from the cards left as the room knows them: {cards} (seen: {seen}; burned "
        "face down, unknown: {burned}). The house edge is what the house keeps per unit "
        "staked; the player's expectation is its opposite.",
        "Exactes, d'après les cartes restantes telles que la salle les connaît\u00a0: "
        "{cards} (vues\u00a0: {seen}\u202f; brûlées face cachée, inconnues\u00a0: "
        "{burned}). L'avantage maison est ce que la maison garde par unité misée\u202f; "
        "l'espérance du joueur est son opposé.",
        "Exactas, según las cartas restantes tal como la sala las conoce: {cards} (vistas: "
        "{seen}; quemadas boca abajo, desconocidas: {burned}). La ventaja de la casa es lo "
        "que la casa se queda por unidad apostada; la esperanza del jugador es su opuesto.",
    ),
    "web.ui.host.odds.fresh": M(
        "Exact, for a full shoe (decks: {decks}): the next coup is dealt from a freshly "
        "shuffled shoe. The house edge is what the house keeps per unit staked; the "
        "player's expectation is its opposite.",
        "Exactes, pour un sabot complet (jeux\u00a0: {decks})\u00a0: le prochain coup vient "
        "d'un sabot mélangé à neuf. L'avantage maison est ce que la maison garde par unité "
        "misée\u202f; l'espérance du joueur est son opposé.",
        "Exactas, para un zapato completo (barajas: {decks}): la próxima mano sale de un "
        "zapato recién barajado. La ventaja de la casa es lo que la casa se queda por "
        "unidad apostada; la esperanza del jugador es su opuesto.",
    ),
    "web.ui.host.odds.pending": M("Computing the odds…", "Calcul des chances…", "Calculando…"),
    "web.ui.host.odds.none": M(
        "Too few cards left for a coup.",
        "Trop peu de cartes restantes pour un coup.",
        "Quedan muy pocas cartas para una mano.",
    ),
    # The host's options.
    "web.ui.host.options": M("Options", "Options", "Opciones"),
    "web.ui.host.shortcuts": M(
        "Key D deals while the table has focus",
        "Touche D pour distribuer quand la table a le focus",
        "Tecla D para repartir cuando la mesa tiene el foco",
    ),
    "web.ui.host.speech": M(
        "Speak the croupier's announcements",
        "Dire à voix haute les annonces du croupier",
        "Decir en voz alta los anuncios del crupier",
    ),
    "web.ui.host.speech_missing": M(
        "This browser cannot speak.",
        "Ce navigateur ne sait pas parler.",
        "Este navegador no puede hablar.",
    ),
    "web.ui.host.felt_hint": M(
        "Press D to deal.", "Appuyez sur D pour distribuer.", "Pulse D para repartir."
    ),
}
