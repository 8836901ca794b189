"""Messages of the dealer's assistant (``puntobanco.assist``) and its errors."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # What the next card is for.
    "assist.expect.punto": M("Card for Punto.", "Carte pour Punto.", "Carta para Punto."),
    "assist.expect.banco": M("Card for Banco.", "Carte pour Banco.", "Carta para Banco."),
    "assist.expect.punto_third": M(
        "Third card for Punto.", "Troisième carte pour Punto.", "Tercera carta para Punto."
    ),
    "assist.expect.banco_third": M(
        "Third card for Banco.", "Troisième carte pour Banco.", "Tercera carta para Banco."
    ),
    "assist.expect.over": M("The coup is over.", "Le coup est terminé.", "La mano ha terminado."),
    # A decision taken before its card is out.
    "step.punto_draw_pending": M(
        "Punto has {total}: draws (0 to 5).",
        "Punto a {total} : il tire (0 à 5).",
        "Punto tiene {total}: pide carta (0 a 5).",
    ),
    "step.banco_refus_draw_pending": M(
        "Punto stood; Banco has {total}: draws (0 to 5).",
        "Punto est resté ; Banco a {total} : il tire (0 à 5).",
        "Punto se plantó; Banco tiene {total}: pide carta (0 a 5).",
    ),
    "step.banco_table_draw_pending": M(
        "Banco has {total} and Punto's third card counts {column}: draws.",
        "Banco a {total} et la troisième carte de Punto est un {column} : il tire.",
        "Banco tiene {total} y la tercera carta de Punto es un {column}: pide carta.",
    ),
    # Errors.
    "error.assist.no_more": M(
        "{card} cannot come out: a shoe of {decks} {decks:plural:deck|decks} holds {count} "
        "of it and all are dealt.",
        "{card} ne peut pas sortir : un sabot de {decks} {decks:plural:jeu|jeux} en contient "
        "{count} et tous sont déjà sortis.",
        "{card} no puede salir: un zapato de {decks} {decks:plural:baraja|barajas} tiene "
        "{count} y ya salieron todos.",
    ),
    "error.assist.empty_name": M(
        "A participant's name cannot be empty.",
        "Le nom d'un participant ne peut pas être vide.",
        "El nombre de un participante no puede estar vacío.",
    ),
    "error.assist.same_name": M(
        "{name!r} is already taken: give each participant a different name.",
        "{name!r} est déjà pris : donnez un nom différent à chaque participant.",
        "{name!r} ya está en uso: dé un nombre distinto a cada participante.",
    ),
    "error.assist.participants": M(
        "A session has {low} to {high} participants, not {count}.",
        "Une séance compte de {low} à {high} participants, pas {count}.",
        "Una sesión tiene de {low} a {high} participantes, no {count}.",
    ),
    "error.assist.unknown_name": M(
        "{name!r} is not a participant of this session.",
        "{name!r} ne participe pas à cette séance.",
        "{name!r} no participa en esta sesión.",
    ),
    "error.assist.bets_closed": M(
        "Bets are closed: {name} cannot change the prediction now.",
        "Les jeux sont faits : {name} ne peut plus changer de prédiction.",
        "No va más: {name} ya no puede cambiar su predicción.",
    ),
    "error.assist.no_prediction": M(
        "{name} has no prediction to take back.",
        "{name} n'a pas de prédiction à reprendre.",
        "{name} no tiene ninguna predicción que retirar.",
    ),
    "error.assist.not_predicting": M(
        "Bets are already closed.",
        "Les jeux sont déjà faits.",
        "Las apuestas ya están cerradas.",
    ),
    "error.assist.waiting": M(
        "Still waiting for the prediction of: {names}.",
        "Il manque encore la prédiction de : {names}.",
        "Falta todavía la predicción de: {names}.",
    ),
    "error.assist.bets_open": M(
        "Bets are still open: every participant predicts before the first card.",
        "Les jeux sont encore ouverts : chacun prédit avant la première carte.",
        "Las apuestas siguen abiertas: todos predicen antes de la primera carta.",
    ),
    "error.assist.over": M(
        "The coup is over: no more cards for this deal.",
        "Le coup est terminé : plus de carte pour cette donne.",
        "La mano ha terminado: no hay más cartas en esta ronda.",
    ),
    "error.assist.nothing_to_undo": M(
        "There is no card to take back.",
        "Il n'y a pas de carte à reprendre.",
        "No hay ninguna carta que retirar.",
    ),
    "error.assist.not_over": M(
        "The coup is not over yet.",
        "Le coup n'est pas encore terminé.",
        "La mano todavía no ha terminado.",
    ),
    "error.assist.finished": M(
        "The session is over: all deals are played.",
        "La séance est terminée : toutes les donnes sont jouées.",
        "La sesión ha terminado: se jugaron todas las rondas.",
    ),
}
