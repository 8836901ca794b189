"""Messages of the terminal game (``puntobanco play``) and the assistant's screen."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # The opening screen: the game's own words, Punto and Banco, in every language.
    "tui.app_title": M("Punto Banco", "Punto Banco", "Punto Banco"),
    "tui.subtitle": M(
        "Punto Banco, the casino baccarat: bet on Punto, on Banco, or on a Tie.",
        "Le Punto Banco, baccara de casino : jouez Punto, Banco ou Égalité.",
        "Punto Banco, el bacará de casino: apueste a Punto, a Banco o a Igualdad.",
    ),
    "tui.menu.session": M(
        "[1] Session: {low} to {high} participants, 10 deals, predictions of 20 points",
        "[1] Séance : {low} à {high} participants, 10 donnes, prédictions de 20 points",
        "[1] Sesión: de {low} a {high} participantes, 10 rondas, predicciones de 20 puntos",
    ),
    "tui.menu.casino": M(
        "[2] Casino table: your seat, computer players, a six-deck shoe",
        "[2] Table de casino : votre place, des joueurs virtuels, sabot de six jeux",
        "[2] Mesa de casino: su asiento, jugadores virtuales, un zapato de seis barajas",
    ),
    "tui.menu.croupier": M(
        "[3] Virtual croupier: you bet, the croupier deals by itself",
        "[3] Croupier virtuel : vous misez, le croupier distribue seul",
        "[3] Crupier virtual: usted apuesta, el crupier reparte solo",
    ),
    "tui.menu.quit": M("[Q] Quit", "[Q] Quitter", "[Q] Salir"),
    "tui.prompt.choose": M(
        "Choose a game: press 1, 2 or 3.",
        "Choisissez un jeu : appuyez sur 1, 2 ou 3.",
        "Elija un juego: pulse 1, 2 o 3.",
    ),
    "tui.nothing_to_resume": M(
        "No interrupted game to resume: start a new one.",
        "Aucune partie interrompue à reprendre : commencez-en une nouvelle.",
        "No hay ninguna partida interrumpida que continuar: empiece una nueva.",
    ),
    # Modes and titles.
    "tui.mode.session": M("Session", "Séance", "Sesión"),
    "tui.mode.assist": M("Dealer's assistant", "Assistant du donneur", "Asistente del crupier"),
    "tui.mode.casino": M("Casino table", "Table de casino", "Mesa de casino"),
    "tui.mode.croupier": M("Virtual croupier", "Croupier virtuel", "Crupier virtual"),
    "tui.title.session": M(
        "PUNTO BANCO · {mode} · deal {n} of {deals}",
        "PUNTO BANCO · {mode} · donne {n} sur {deals}",
        "PUNTO BANCO · {mode} · ronda {n} de {deals}",
    ),
    "tui.title.casino": M(
        "PUNTO BANCO · {mode} · shoe {shoe} · coup {n} · {left} cards",
        "PUNTO BANCO · {mode} · sabot {shoe} · coup {n} · {left} cartes",
        "PUNTO BANCO · {mode} · zapato {shoe} · mano {n} · {left} cartas",
    ),
    "tui.title.names": M(
        "PUNTO BANCO · Who is playing?",
        "PUNTO BANCO · Qui joue ?",
        "PUNTO BANCO · ¿Quién juega?",
    ),
    "tui.title.setup": M("PUNTO BANCO · {mode}", "PUNTO BANCO · {mode}", "PUNTO BANCO · {mode}"),
    "tui.title.ranking": M(
        "PUNTO BANCO · Final ranking",
        "PUNTO BANCO · Classement final",
        "PUNTO BANCO · Clasificación final",
    ),
    "tui.title.roads": M(
        "PUNTO BANCO · The roads of this shoe",
        "PUNTO BANCO · Les routes de ce sabot",
        "PUNTO BANCO · Los caminos de este zapato",
    ),
    "tui.seed": M("(seed {seed})", "(graine {seed})", "(semilla {seed})"),
    # Panels.
    "tui.panel.scores": M(
        "Scores and predictions", "Scores et prédictions", "Puntos y predicciones"
    ),
    "tui.panel.seats": M("Seats and bankrolls", "Places et caves", "Asientos y saldos"),
    "tui.panel.coup": M("The coup", "Le coup", "La mano"),
    "tui.panel.history": M("Deals", "Donnes", "Rondas"),
    "tui.panel.shoe_history": M("Coups of this shoe", "Coups de ce sabot", "Manos de este zapato"),
    "tui.scores.header": M(
        "Name        Score  Prediction",
        "Nom         Score  Prédiction",
        "Nombre     Puntos  Predicción",
    ),
    "tui.seats.header": M(
        " Seat     Bankroll Bets",
        " Place        Cave Mises",
        " Asiento     Saldo Apuestas",
    ),
    "tui.points": M("{n} {n:plural:pt|pts}", "{n} {n:plural:pt|pts}", "{n} {n:plural:pto|ptos}"),
    "tui.hidden": M("noted", "notée", "anotada"),
    "tui.your_turn": M("now", "à vous", "le toca"),
    "tui.history.empty": M("No deal yet.", "Aucune donne encore.", "Ninguna ronda todavía."),
    "tui.history.line": M(
        "{n:>2} {winner} {banco}-{punto} P {punto_cards} B {banco_cards}",
        "{n:>2} {winner} {banco}-{punto} P {punto_cards} B {banco_cards}",
        "{n:>2} {winner} {banco}-{punto} P {punto_cards} B {banco_cards}",
    ),
    # Names.
    "tui.names.placeholder": M(
        "a name, then Enter", "un nom, puis Entrée", "un nombre y luego Intro"
    ),
    "tui.names.removed": M(
        "{name} leaves the table.", "{name} quitte la table.", "{name} deja la mesa."
    ),
    "tui.names.none": M("Nobody yet.", "Personne pour l'instant.", "Nadie todavía."),
    "tui.names.added": M(
        "{name} joins the table.", "{name} rejoint la table.", "{name} se une a la mesa."
    ),
    "tui.prompt.name": M(
        "Name of participant {n} ({low} to {high} participants):",
        "Nom du participant {n} (de {low} à {high} participants) :",
        "Nombre del participante {n} (de {low} a {high} participantes):",
    ),
    "tui.prompt.name_more": M(
        "Name of participant {n}, or Enter on an empty line to start:",
        "Nom du participant {n}, ou Entrée sur une ligne vide pour commencer :",
        "Nombre del participante {n}, o Intro en una línea vacía para empezar:",
    ),
    "tui.prompt.your_name": M(
        "Your name at the table, then Enter:",
        "Votre nom à la table, puis Entrée :",
        "Su nombre en la mesa y luego Intro:",
    ),
    # A default name, not a pronoun: sentences about a player are in the third person.
    "tui.you": M("Player 1", "Joueur 1", "Jugador 1"),
    "tui.prompt.bots": M(
        "How many computer-played seats beside you? Press 0 to {high}.",
        "Combien de places jouées par l'ordinateur à côté de vous ? Appuyez sur 0 à {high}.",
        "¿Cuántos asientos jugados por el ordenador a su lado? Pulse de 0 a {high}.",
    ),
    "tui.casino.rules": M(
        "Each seat starts with 1000.00. Punto and Banco: 10 to 5000; Tie: 5 to 500.\n"
        "Punto pays 1:1, Banco 19 for 20, Tie 8:1; on a tie Punto and Banco bets come back.",
        "Chaque place commence avec 1000.00. Punto et Banco : 10 à 5000 ; Égalité : 5 à 500.\n"
        "Punto paie 1:1, Banco 19 pour 20, Égalité 8:1 ; sur une égalité, Punto et Banco "
        "sont rendus.",
        "Cada asiento empieza con 1000.00. Punto y Banco: de 10 a 5000; Igualdad: de 5 a 500.\n"
        "Punto paga 1:1, Banco 19 por 20, Igualdad 8:1; en un empate se devuelven Punto y Banco.",
    ),
    # The session.
    "tui.predictions_open": M(
        "Predictions, one participant at a time.",
        "Les prédictions, un participant à la fois.",
        "Las predicciones, un participante cada vez.",
    ),
    "tui.stake_rules": M(
        "Stake 20: Punto +20, Banco +19, Tie +160, a loss -20; on a tie Punto and Banco get 0.",
        "Enjeu 20 : Punto +20, Banco +19, Égalité +160, perte -20 ; sur une égalité Punto et "
        "Banco font 0.",
        "Apuesta 20: Punto +20, Banco +19, Igualdad +160, pérdida -20; en un empate Punto y "
        "Banco quedan en 0.",
    ),
    "tui.prompt.predict": M(
        "{name}, your prediction? (the others look away)",
        "{name}, votre prédiction ? (les autres détournent les yeux)",
        "{name}, ¿su predicción? (los demás no miran)",
    ),
    "tui.noted": M(
        "{name}'s prediction is noted, hidden until bets close.",
        "Prédiction notée pour {name}, cachée jusqu'à la fin des jeux.",
        "La predicción de {name} está anotada, oculta hasta que se cierren las apuestas.",
    ),
    "tui.unnoted": M(
        "{name}'s prediction is taken back: {name} predicts again.",
        "Prédiction reprise pour {name} : {name} prédit à nouveau.",
        "Se retira la predicción de {name}: {name} vuelve a predecir.",
    ),
    "tui.bets_closed": M(
        "Bets are closed: every prediction is shown.",
        "Les jeux sont faits : toutes les prédictions sont dévoilées.",
        "No va más: se muestran todas las predicciones.",
    ),
    "tui.prompt.deal": M(
        "{what} Press Enter to turn it over.",
        "{what} Appuyez sur Entrée pour la retourner.",
        "{what} Pulse Intro para darle la vuelta.",
    ),
    "tui.prompt.type_card": M(
        "{what} Type it (4h, 10d, Qs, 4♥) and Enter:",
        "{what} Tapez-la (4h, 10d, Dc, 4♥) puis Entrée :",
        "{what} Escríbala (4h, 10d, Qs, 4♥) e Intro:",
    ),
    "tui.prompt.settled": M(
        "The coup is settled. Press Enter for the next deal.",
        "Le coup est réglé. Appuyez sur Entrée pour la donne suivante.",
        "La mano está liquidada. Pulse Intro para la ronda siguiente.",
    ),
    "tui.prompt.finished": M(
        "That was the last deal. Press Enter for the ranking.",
        "C'était la dernière donne. Appuyez sur Entrée pour le classement.",
        "Era la última ronda. Pulse Intro para ver la clasificación.",
    ),
    "tui.assist.placeholder": M("card, e.g. 4h", "carte, par ex. 4h", "carta, p. ej. 4h"),
    "tui.assist.undone": M(
        "The last card is taken back.",
        "La dernière carte est reprise.",
        "Se retira la última carta.",
    ),
    # The ranking.
    "tui.ranking.deals": M(
        "The coups (Banco's point, then Punto's):",
        "Les coups (point de Banco, puis de Punto) :",
        "Las manos (punto de Banco, luego de Punto):",
    ),
    "tui.ranking.points": M("{banco}-{punto}", "{banco}-{punto}", "{banco}-{punto}"),
    "tui.ranking.winner": M("winner", "vainqueur", "ganador"),
    "tui.ranking.single": M(
        "{name} wins the game.", "{name} gagne la partie.", "{name} gana la partida."
    ),
    "tui.ranking.shared": M(
        "Shared win: {names}.",
        "Victoire partagée : {names}.",
        "Victoria compartida: {names}.",
    ),
    "tui.prompt.ranking": M(
        "Press N for a new game, Q to quit.",
        "Appuyez sur N pour une nouvelle partie, Q pour quitter.",
        "Pulse N para una partida nueva, Q para salir.",
    ),
    # The casino table.
    "tui.casino.prompt": M(
        "Chip {amount}: P, B or T puts it on Punto, Banco or Tie; Enter deals.",
        "Jeton {amount} : P, B ou E le pose sur Punto, Banco ou Égalité ; Entrée distribue.",
        "Ficha {amount}: P, B o I la pone en Punto, Banco o Igualdad; Intro reparte.",
    ),
    "tui.casino.place_bets": M(
        "Place your bets (Faites vos jeux).",
        "Faites vos jeux.",
        "Hagan sus apuestas (Faites vos jeux).",
    ),
    "tui.casino.no_more_bets": M(
        "No more bets (Rien ne va plus).",
        "Rien ne va plus.",
        "No va más (Rien ne va plus).",
    ),
    "tui.casino.dealing": M(
        "The coup is being dealt.", "Le coup est en cours.", "Se reparte la mano."
    ),
    "tui.casino.bet": M(
        "{amount} on {box}.",
        "{amount} sur {box}.",
        "{amount} en {box}.",
    ),
    "tui.help.title": M("HELP", "AIDE", "AYUDA"),
    "tui.help.keys": M("Keys here:", "Touches ici :", "Teclas aquí:"),
    "tui.help.always": M(
        "[?] or [F1] this help  [Ctrl+Q] quit at once (--resume continues)",
        "[?] ou [F1] cette aide  [Ctrl+Q] sortir tout de suite (--resume pour reprendre)",
        "[?] o [F1] esta ayuda  [Ctrl+Q] salir enseguida (--resume para seguir)",
    ),
    "tui.help.rules": M(
        "The coup:\n"
        "- A = 1, 2 to 9 their number, 10 J Q K = 0; a hand counts its units digit.\n"
        "- Two cards each, Punto first. 8 or 9 is a natural: nobody draws.\n"
        "- Punto draws on 0 to 5 and stands on 6 or 7.\n"
        "- Banco, when Punto stood, draws on 0 to 5. When Punto drew, Banco's total\n"
        "  and Punto's third card decide: 0-2 draws; 3 draws unless it is an 8;\n"
        "  4 draws on 2-7; 5 on 4-7; 6 on 6-7; 7 stands.\n"
        "- The higher total wins; equal totals are a tie. Punto pays 1:1, Banco 19\n"
        "  for 20, Tie 8:1; on a tie, bets on Punto and Banco are returned.",
        "Le coup :\n"
        "- As = 1, 2 à 9 leur valeur, 10 V D R = 0 ; une main compte ses unités.\n"
        "- Deux cartes chacun, Punto d'abord. 8 ou 9 est un abattage : personne ne tire.\n"
        "- Punto tire à 0-5 et reste à 6 ou 7.\n"
        "- Banco, si Punto est resté, tire à 0-5. Si Punto a tiré, le total de\n"
        "  Banco et la troisième carte de Punto décident : 0-2 tire ; 3 tire sauf\n"
        "  sur un 8 ; 4 tire sur 2-7 ; 5 sur 4-7 ; 6 sur 6-7 ; 7 reste.\n"
        "- Le plus haut total gagne ; à totaux égaux, égalité. Punto paie 1 pour 1,\n"
        "  Banco 19 pour 20, Égalité 8 pour 1 ; sur égalité, Punto et Banco sont rendus.",
        "La mano:\n"
        "- As = 1, 2 a 9 su número, 10 J Q K = 0; una mano cuenta sus unidades.\n"
        "- Dos cartas cada uno, primero Punto. 8 o 9 es natural: nadie pide.\n"
        "- Punto pide con 0 a 5 y se planta con 6 o 7.\n"
        "- Banco, si Punto se plantó, pide con 0 a 5. Si Punto pidió, deciden el\n"
        "  total de Banco y la tercera carta de Punto: 0-2 pide; 3 pide salvo con\n"
        "  un 8; 4 pide con 2-7; 5 con 4-7; 6 con 6-7; 7 se planta.\n"
        "- Gana el total más alto; totales iguales son igualdad. Punto paga 1 a 1,\n"
        "  Banco 19 por 20, Igualdad 8 a 1; en igualdad se devuelven Punto y Banco.",
    ),
    "tui.help.back": M(
        "[Esc] [Enter] back  [Up] [Down] scroll",
        "[Échap] [Entrée] retour  [Haut] [Bas] défiler",
        "[Esc] [Intro] volver  [Arriba] [Abajo] desplazar",
    ),
    "tui.casino.broke": M(
        "{name} has {zero} left. Press [$] to buy in again for {amount}, or [Q] to leave.",
        "Il reste {zero} à {name}. Appuyez sur [$] pour racheter {amount}, ou sur [Q] pour partir.",
        "A {name} le queda {zero}. Pulse [$] para volver a comprar {amount}, o [Q] para irse.",
    ),
    "tui.casino.rebought": M(
        "Bought in again for {amount}.",
        "Nouvelle cave de {amount}.",
        "Nueva compra de {amount}.",
    ),  # fmt: skip
    "tui.ranking.none": M(
        "Nobody wins: no bankroll is above 0.",
        "Personne ne gagne : aucune cave au-dessus de 0.",
        "Nadie gana: ningún saldo por encima de 0.",
    ),  # fmt: skip
    "tui.ctrl_c": M(
        "Press Ctrl+Q to quit (--resume continues).",
        "Appuyez sur Ctrl+Q pour quitter (--resume pour reprendre).",
        "Pulse Ctrl+Q para salir (--resume para seguir).",
    ),
    "tui.ctrl_c.title": M("Quit?", "Quitter ?", "¿Salir?"),
    "tui.confirm.leave": M(
        "Leave the table? Press Q again to leave, any other key to stay.",
        "Quitter la table ? Appuyez de nouveau sur Q pour partir, sur une autre touche pour "
        "rester.",
        "¿Dejar la mesa? Pulse Q otra vez para irse, otra tecla para quedarse.",
    ),
    "tui.confirm.quit": M(
        "Stop the game? Press Q again to save and quit (--resume continues), any other key "
        "to stay.",
        "Arrêter la partie ? Appuyez de nouveau sur Q pour sauver et quitter (--resume pour "
        "reprendre), sur une autre touche pour rester.",
        "¿Parar la partida? Pulse Q otra vez para guardar y salir (--resume para seguir), "
        "otra tecla para quedarse.",
    ),
    "tui.casino.chip": M("Chip: {amount}.", "Jeton : {amount}.", "Ficha: {amount}."),
    "tui.casino.cleared": M(
        "Your bets are taken back.", "Vos mises sont reprises.", "Se retiran sus apuestas."
    ),
    "tui.casino.burn": M(
        "New shoe: {card} turned, {n} {n:plural:card|cards} burned.",
        "Nouveau sabot : {card} retournée, {n} {n:plural:carte brûlée|cartes brûlées}.",
        "Zapato nuevo: {card} descubierta, {n} {n:plural:carta quemada|cartas quemadas}.",
    ),
    "tui.casino.new_shoe": M(
        "The shoe is over; a new one is shuffled: {card} turned, {n} {n:plural:card|cards} burned.",
        "Le sabot est fini ; un nouveau est battu : {card} retournée, {n} "
        "{n:plural:carte brûlée|cartes brûlées}.",
        "El zapato ha terminado; se baraja otro: {card} descubierta, {n} "
        "{n:plural:carta quemada|cartas quemadas}.",
    ),
    "tui.casino.last_coup": M(
        "The cut card is out: that was the shoe's last coup.",
        "La carte de coupe est sortie : c'était le dernier coup du sabot.",
        "Salió la carta de corte: era la última mano del zapato.",
    ),
    "tui.style.banco": M("always Banco", "toujours Banco", "siempre Banco"),
    "tui.style.follow": M("follows the winner", "suit le gagnant", "sigue al ganador"),
    "tui.style.contrary": M("plays against", "joue contre", "juega en contra"),
    "tui.seats.legend": M("* your seat", "* votre place", "* su asiento"),
    "tui.seats.holder_mark": M("S", "S", "Z"),
    "tui.seats.holder_legend": M(
        "{mark} holds the shoe", "{mark} tient le sabot", "{mark} el zapato"
    ),
    "tui.croupier.prompt": M(
        "Chip {amount}: P, B, T to bet; Enter: done. Bets close in {seconds} s.",
        "Jeton {amount} : P, B, E pour miser ; Entrée : fini. Fin des mises dans {seconds} s.",
        "Ficha {amount}: P, B, I para apostar; Intro: listo. Cierre en {seconds} s.",
    ),
    "tui.keys.croupier": M(
        "[P][B][T] bet  [+][-] chip  [X] take back  [Enter] done\n"
        "[R] roads  [Q] leave the table  [Ctrl+Q] quit, --resume continues  [?] help",
        "[P][B][E] miser  [+][-] jeton  [X] reprendre  [Entrée] fini\n"
        "[R] routes  [Q] quitter la table  [Ctrl+Q] sortir (--resume)  [?] aide",
        "[P][B][I] apostar  [+][-] ficha  [X] retirar  [Intro] listo\n"
        "[R] caminos  [Q] dejar la mesa  [Ctrl+Q] salir (--resume)  [?] ayuda",
    ),
    "tui.error.bet_first": M(
        "Place a bet first (P, B or T), or wait: the croupier deals when the time is up.",
        "Misez d'abord (P, B ou E), ou attendez : le croupier distribue à la fin du temps.",
        "Apueste primero (P, B o I), o espere: el crupier reparte al acabar el tiempo.",
    ),
    # Key hints (the first line depends on the moment, the second is always there).
    "tui.keys.title": M(
        "[1] [2] [3] choose  [Q] quit",
        "[1] [2] [3] choisir  [Q] quitter",
        "[1] [2] [3] elegir  [Q] salir",
    ),
    "tui.keys.names": M(
        "[Enter] add / start  [Backspace] remove the last name  [Esc] back",
        "[Entrée] ajouter / commencer  [Retour arrière] retirer le dernier  [Échap] retour",
        "[Intro] añadir / empezar  [Retroceso] quitar el último  [Esc] volver",
    ),
    "tui.keys.your_name": M(
        "[Enter] confirm  [Esc] back",
        "[Entrée] valider  [Échap] retour",
        "[Intro] confirmar  [Esc] volver",
    ),
    "tui.keys.bots": M(
        "[0]-[3] computer seats  [Esc] back",
        "[0]-[3] places de l'ordinateur  [Échap] retour",
        "[0]-[3] asientos del ordenador  [Esc] volver",
    ),
    "tui.keys.predict": M(
        "[P] Punto  [B] Banco  [T] Tie  [Backspace] take back",
        "[P] Punto  [B] Banco  [E] Égalité  [Retour arrière] reprendre",
        "[P] Punto  [B] Banco  [I] Igualdad  [Retroceso] retirar",
    ),
    "tui.keys.deal": M(
        "[Enter] next card  [A] all the cards",
        "[Entrée] carte suivante  [A] toutes les cartes",
        "[Intro] carta siguiente  [A] todas las cartas",
    ),
    "tui.keys.type_card": M(
        "type a card + [Enter]",
        "tapez une carte + [Entrée]",
        "escriba una carta + [Intro]",
    ),
    "tui.keys.undo": M(
        "[Backspace] on empty: take back the last card",
        "[Retour arrière] à vide : reprendre la dernière carte",
        "[Retroceso] en vacío: retirar la última carta",
    ),
    "tui.keys.next": M("[Enter] next deal", "[Entrée] donne suivante", "[Intro] ronda siguiente"),
    "tui.keys.ranking": M("[Enter] ranking", "[Entrée] classement", "[Intro] clasificación"),
    "tui.keys.common": M(
        "[R] roads  [Q] save and quit (--resume continues)  [?] help",
        "[R] routes  [Q] sauver et quitter (--resume pour reprendre)  [?] aide",
        "[R] caminos  [Q] guardar y salir (--resume para seguir)  [?] ayuda",
    ),
    "tui.keys.typing": M(
        "[Esc] save and quit (--resume continues)",
        "[Échap] sauver et quitter (--resume pour reprendre)",
        "[Esc] guardar y salir (--resume para seguir)",
    ),
    "tui.keys.casino": M(
        "[P][B][T] bet  [+][-] chip  [X] take back  [Enter] deal\n"
        "[R] roads  [Q] leave the table  [Ctrl+Q] quit, --resume continues  [?] help",
        "[P][B][E] miser  [+][-] jeton  [X] reprendre  [Entrée] distribuer\n"
        "[R] routes  [Q] quitter la table  [Ctrl+Q] sortir (--resume)  [?] aide",
        "[P][B][I] apostar  [+][-] ficha  [X] retirar  [Intro] repartir\n"
        "[R] caminos  [Q] dejar la mesa  [Ctrl+Q] salir (--resume)  [?] ayuda",
    ),
    "tui.keys.croupier_dealing": M(
        "the croupier deals...", "le croupier distribue...", "el crupier reparte..."
    ),
    "tui.keys.roads_only": M("[R] roads", "[R] routes", "[R] caminos"),
    "tui.keys.roads": M(
        "[Up] [Down] scroll  [Esc] back",
        "[Haut] [Bas] défiler  [Échap] retour",
        "[Arriba] [Abajo] desplazar  [Esc] volver",
    ),
    "tui.keys.end": M(
        "[N] new game  [Q] quit", "[N] nouvelle partie  [Q] quitter", "[N] partida nueva  [Q] salir"
    ),
    # Key names, for the message about a key that does nothing.
    "tui.keyname.enter": M("Enter", "Entrée", "Intro"),
    "tui.keyname.space": M("Space", "Espace", "Espacio"),
    "tui.keyname.backspace": M("Backspace", "Retour arrière", "Retroceso"),
    "tui.keyname.escape": M("Esc", "Échap", "Esc"),
    "tui.keyname.up": M("Up", "Haut", "Arriba"),
    "tui.keyname.down": M("Down", "Bas", "Abajo"),
    "tui.keyname.left": M("Left", "Gauche", "Izquierda"),
    "tui.keyname.right": M("Right", "Droite", "Derecha"),
    "tui.keyname.delete": M("Delete", "Suppr", "Supr"),
    # Errors.
    "tui.error.key": M(
        "The key {key!r} does nothing here: the keys are listed at the bottom.",
        "La touche {key!r} ne fait rien ici : les touches sont indiquées en bas.",
        "La tecla {key!r} no hace nada aquí: las teclas se indican abajo.",
    ),
    "tui.error.card": M(
        "{text!r} is not a card: a rank, then a suit (h ♥, d ♦, c ♣, s ♠), e.g. 4h, 10d, Qs.",
        "{text!r} n'est pas une carte : une valeur, puis une couleur (h ♥, d ♦, c ♣, s ♠), "
        "ex. 4h, 10d, Dc (dame).",
        "{text!r} no es una carta: un valor y luego un palo (h ♥, d ♦, c ♣, s ♠), p. ej. 4h, "
        "10d, Qs.",
    ),
    "tui.error.action": M(
        "Unknown action {action!r} in a saved game.",
        "Action inconnue {action!r} dans une partie sauvegardée.",
        "Acción desconocida {action!r} en una partida guardada.",
    ),
    "tui.error.too_many": M(
        "The table is full: at most {high} participants. Press Enter on an empty line to start.",
        "La table est complète : {high} participants au plus. Entrée sur une ligne vide pour "
        "commencer.",
        "La mesa está completa: {high} participantes como máximo. Intro en una línea vacía para "
        "empezar.",
    ),
    "tui.error.bots": M(
        "From 0 to {high} computer seats.",
        "De 0 à {high} places jouées par l'ordinateur.",
        "De 0 a {high} asientos del ordenador.",
    ),
    # The commands.
    "cli.help.play": M(
        "play Punto Banco in the terminal: a session, a casino table or the virtual croupier",
        "jouer au Punto Banco dans le terminal : séance, table de casino ou croupier virtuel",
        "jugar al Punto Banco en la terminal: sesión, mesa de casino o crupier virtual",
    ),
    "cli.help.assist": M(
        "the dealer's assistant for a table with real cards: type each card as it comes out",
        "l'assistant du donneur pour une table avec de vraies cartes : tapez chaque carte",
        "el asistente del crupier para una mesa con cartas reales: escriba cada carta",
    ),
    "cli.help.seed": M(
        "seed of the shoes, for a reproducible game",
        "graine des sabots, pour une partie reproductible",
        "semilla de los zapatos, para una partida reproducible",
    ),
    "cli.help.resume": M(
        "continue the last interrupted game",
        "reprendre la dernière partie interrompue",
        "continuar la última partida interrumpida",
    ),
    "cli.help.no_store": M(
        "do not keep this game", "ne pas garder cette partie", "no guardar esta partida"
    ),
    "cli.help.reshuffle": M(
        "all cards back in the shoe after each deal (seed 004); default: the shoe runs on",
        "toutes les cartes remises dans le sabot après chaque donne (source 004) ; par défaut "
        "le sabot continue",
        "todas las cartas vuelven al zapato tras cada ronda (fuente 004); por defecto el "
        "zapato sigue",
    ),
}
