"""Messages of the web table: the server's refusals and the words of its pages
(keys ``web.ui.*`` are sent to the host screen and the phones)."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # Refusals of the HTTP and WebSocket API.
    "web.error.unknown_table": M(
        "There is no table {table!r} on this server.",
        "Il n'y a pas de table {table!r} sur ce serveur.",
        "No hay ninguna mesa {table!r} en este servidor.",
    ),
    "web.error.unknown_code": M(
        "No table has the join code {code!r}; check the code on the host's screen.",
        "Aucune table n'a le code {code!r} ; vérifiez le code sur l'écran de la table.",
        "Ninguna mesa tiene el código {code!r}; compruebe el código en la pantalla de la mesa.",
    ),
    "web.error.no_token": M(
        "You are not at this table yet: join it first.",
        "Vous n'êtes pas encore à cette table : rejoignez-la d'abord.",
        "Todavía no está en esta mesa: únase primero.",
    ),
    "web.error.bad_token": M(
        "This token does not belong to this table.",
        "Ce jeton n'appartient pas à cette table.",
        "Este token no pertenece a esta mesa.",
    ),
    "web.error.host_only": M(
        "Only the host can {command}.",
        "Seul l'hôte peut faire « {command} ».",
        "Solo el anfitrión puede hacer «{command}».",
    ),
    "web.error.player_only": M(
        "Only a seated player can {command}; the host acts for the table.",
        "Seul un joueur assis peut faire « {command} » ; l'hôte agit pour la table.",
        "Solo un jugador sentado puede hacer «{command}»; el anfitrión actúa por la mesa.",
    ),
    "web.error.predict_at_casino": M(
        "Predictions are for a session; at this table, bet with a stake.",
        "Les prédictions sont pour une séance ; à cette table, misez un montant.",
        "Las predicciones son para una sesión; en esta mesa, apueste un importe.",
    ),
    "web.error.cards_expected": M(
        "The coup is not complete: enter its next card first.",
        "Le coup n'est pas complet : entrez d'abord sa carte suivante.",
        "La mano no está completa: introduzca primero su carta siguiente.",
    ),
    "web.error.shoe_deals": M(
        "This table deals from its own shoe: use Deal ({command} is for real cards).",
        "Cette table distribue avec son propre sabot : utilisez Distribuer ({command} est "
        "pour les vraies cartes).",
        "Esta mesa reparte con su propio zapato: use Repartir ({command} es para cartas reales).",
    ),
    "web.error.real_cards": M(
        "real_cards is true or false, not {value}.",
        "real_cards vaut true ou false, pas {value}.",
        "real_cards es true o false, no {value}.",
    ),
    "web.error.real_cards_seed": M(
        "A table of real cards takes no seed: the cards are shuffled by hand.",
        "Une table de vraies cartes ne prend pas de graine : les cartes sont battues à la main.",
        "Una mesa de cartas reales no lleva semilla: las cartas se barajan a mano.",
    ),
    "web.error.missing_field": M(
        "The command {command!r} needs {field!r}.",
        "La commande {command!r} demande {field!r}.",
        "La orden {command!r} necesita {field!r}.",
    ),
    "web.error.format": M(
        "{format!r} is not a table format: session, casino or croupier.",
        "{format!r} n'est pas un format de table : session, casino ou croupier.",
        "{format!r} no es un formato de mesa: session, casino o croupier.",
    ),
    "web.error.setting": M(
        "This format does not know these settings: {names}. Allowed: {allowed}.",
        "Ce format ne connaît pas ces réglages : {names}. Possibles : {allowed}.",
        "Este formato no conoce estos ajustes: {names}. Posibles: {allowed}.",
    ),
    "web.error.store": M(
        "The table's log could not be written ({reason}); nothing was done, try again.",
        "Le journal de la table n'a pas pu être écrit ({reason}) ; rien n'a été fait, réessayez.",
        "No se pudo escribir el registro de la mesa ({reason}); no se hizo nada, reinténtelo.",
    ),
    "web.error.too_large": M(
        "Message too large: at most {limit} bytes.",
        "Message trop long : {limit} octets au plus.",
        "Mensaje demasiado largo: {limit} bytes como máximo.",
    ),
    "web.error.rate": M(
        "Too many messages: at most {rate} a second. Wait a moment.",
        "Trop de messages : {rate} par seconde au plus. Patientez un instant.",
        "Demasiados mensajes: {rate} por segundo como máximo. Espere un momento.",
    ),
    "web.error.json": M(
        "The message is not JSON.",
        "Le message n'est pas du JSON.",
        "El mensaje no es JSON.",
    ),
    "web.error.schema": M(
        "The message is malformed at {field!r} ({problem}).",
        "Le message est mal formé en {field!r} ({problem}).",
        "El mensaje está mal formado en {field!r} ({problem}).",
    ),
    "web.error.origin": M(
        "Requests from {origin!r} are not accepted by this server.",
        "Les requêtes venant de {origin!r} ne sont pas acceptées par ce serveur.",
        "Este servidor no acepta peticiones de {origin!r}.",
    ),
    # The terminal, for ``puntobanco serve``.
    "web.serve.help": M(
        "start the web table: a host screen that phones join",
        "lancer la table web : un écran de table que les téléphones rejoignent",
        "iniciar la mesa web: una pantalla de mesa a la que se unen los teléfonos",
    ),
    "web.serve.host": M("address to listen on", "adresse d'écoute", "dirección de escucha"),
    "web.serve.port": M("port to listen on", "port d'écoute", "puerto de escucha"),
    "web.serve.lan": M(
        "listen on the local network and show its address as a QR code",
        "écouter sur le réseau local et afficher son adresse en QR code",
        "escuchar en la red local y mostrar su dirección como código QR",
    ),
    "web.serve.db": M(
        "event log (path or URL; default {default})",
        "journal des événements (chemin ou URL ; par défaut {default})",
        "registro de eventos (ruta o URL; por defecto {default})",
    ),
    "web.serve.open": M(
        "Host screen: {url}  (open it on the laptop or TV; phones join from it). Ctrl+C stops.",
        "Écran de la table : {url}  (ouvrez-le sur l'ordinateur ou la télé ; les téléphones "
        "le rejoignent). Ctrl+C arrête.",
        "Pantalla de la mesa: {url}  (ábrala en el portátil o la tele; los teléfonos se unen "
        "desde ella). Ctrl+C para.",
    ),
    "web.serve.missing": M(
        "The web table needs its extra: pip install 'puntobanco[web]' ({module} is missing).",
        "La table web demande son extra : pip install 'puntobanco[web]' ({module} manque).",
        "La mesa web necesita su extra: pip install 'puntobanco[web]' (falta {module}).",
    ),
    # The pages.
    "web.ui.title": M("Punto Banco", "Punto Banco", "Punto Banco"),
    "web.ui.new_table": M("Open a table", "Ouvrir une table", "Abrir una mesa"),
    "web.ui.format": M("Format", "Format", "Formato"),
    "web.ui.format.session": M(
        "Session: 2 to 8 people, 10 deals, predictions",
        "Séance : 2 à 8 personnes, 10 donnes, prédictions",
        "Sesión: de 2 a 8 personas, 10 rondas, predicciones",
    ),
    "web.ui.format.casino": M(
        "Casino table: up to 14 seats, bankrolls, a shoe",
        "Table de casino : jusqu'à 14 places, caves, un sabot",
        "Mesa de casino: hasta 14 puestos, saldos, un zapato",
    ),
    "web.ui.format.croupier": M(
        "Virtual croupier: bets close on a countdown",
        "Croupier virtuel : les mises ferment au compte à rebours",
        "Crupier virtual: las apuestas cierran con una cuenta atrás",
    ),
    "web.ui.deals": M("Deals", "Donnes", "Rondas"),
    "web.ui.seats": M("Seats", "Places", "Puestos"),
    "web.ui.decks": M("Decks", "Jeux", "Barajas"),
    "web.ui.paytable": M("Paytable", "Table de paiement", "Tabla de pagos"),
    "web.ui.paytable.standard": M(
        "Standard (Tie 8:1)", "Standard (Égalité 8 pour 1)", "Estándar (Igualdad 8 a 1)"
    ),
    "web.ui.paytable.tie_nine": M("Tie 9:1", "Égalité 9 pour 1", "Igualdad 9 a 1"),
    "web.ui.minimum": M("Minimum", "Minimum", "Mínimo"),
    "web.ui.maximum": M("Maximum", "Maximum", "Máximo"),
    "web.ui.tie_minimum": M("Tie minimum", "Minimum Égalité", "Mínimo Igualdad"),
    "web.ui.tie_maximum": M("Tie maximum", "Maximum Égalité", "Máximo Igualdad"),
    "web.ui.bankroll": M("Starting bankroll", "Cave de départ", "Saldo inicial"),
    "web.ui.countdown": M(
        "Countdown (seconds)", "Compte à rebours (secondes)", "Cuenta atrás (segundos)"
    ),  # fmt: skip
    "web.ui.open": M("Open the table", "Ouvrir la table", "Abrir la mesa"),
    "web.ui.join_here": M(
        "Join from your phone", "Rejoignez depuis votre téléphone", "Únase desde su teléfono"
    ),
    "web.ui.code": M("Join code", "Code", "Código"),
    "web.ui.players": M("Players", "Joueurs", "Jugadores"),
    "web.ui.nobody": M(
        "Nobody has joined yet.", "Personne n'a encore rejoint.", "Nadie se ha unido todavía."
    ),
    "web.ui.deal": M("Deal", "Distribuer", "Repartir"),
    "web.ui.close_bets": M("No more bets", "Rien ne va plus", "No va más"),
    "web.ui.close": M("Close the table", "Fermer la table", "Cerrar la mesa"),
    "web.ui.phase.bets_open": M("Bets are open", "Faites vos jeux", "Hagan sus apuestas"),
    "web.ui.phase.bets_closed": M("No more bets", "Rien ne va plus", "No va más"),
    "web.ui.phase.dealt": M("Dealing", "Distribution", "Reparto"),
    "web.ui.phase.settled": M("Settled", "Réglé", "Pagado"),
    "web.ui.phase.ended": M(
        "The table has closed", "La table est fermée", "La mesa está cerrada"
    ),  # fmt: skip
    "web.ui.coup": M("Coup", "Coup", "Mano"),
    "web.ui.of": M("of", "sur", "de"),
    "web.ui.predicted": M("has predicted", "a prédit", "ha predicho"),
    "web.ui.waiting": M("waiting", "en attente", "esperando"),
    "web.ui.holder": M("holds the shoe", "tient le sabot", "tiene el zapato"),
    "web.ui.next_holder": M(
        "If Punto wins, the shoe passes to",
        "Si Punto gagne, le sabot passe à",
        "Si gana Punto, el zapato pasa a",
    ),
    "web.ui.punto_cards": M(
        "Punto's cards go to", "Les cartes de Punto vont à", "Las cartas de Punto van a"
    ),
    "web.ui.shoe": M("Shoe", "Sabot", "Zapato"),
    "web.ui.cards_left": M("cards left", "cartes restantes", "cartas restantes"),
    "web.ui.commitment": M(
        "Commitment (SHA-256 of the server seed) of shoe",
        "Engagement (SHA-256 de la graine du serveur) du sabot",
        "Compromiso (SHA-256 de la semilla del servidor) del zapato",
    ),
    "web.ui.client_seed": M("client seed", "graine client", "semilla del cliente"),
    "web.ui.seed_title": M(
        "The next shoe's seed", "La graine du prochain sabot", "La semilla del próximo zapato"
    ),
    "web.ui.contribution": M("Your contribution", "Votre contribution", "Su contribución"),
    "web.ui.contribute": M("Add it to the seed", "L'ajouter à la graine", "Añadirla a la semilla"),
    "web.ui.seed_help": M(
        "The server has already committed to this shoe's seed; your text goes into its "
        "shuffle with it. One text per player, 1 to 64 characters, no |.",
        "Le serveur s'est déjà engagé sur la graine de ce sabot ; votre texte entre avec elle "
        "dans son mélange. Un texte par joueur, de 1 à 64 caractères, sans |.",
        "El servidor ya se ha comprometido con la semilla de este zapato; su texto entra con "
        "ella en su barajado. Un texto por jugador, de 1 a 64 caracteres, sin |.",
    ),
    "web.ui.chain_head": M("Log:", "Journal :", "Registro:"),
    "web.ui.last_coups": M("Last coups", "Derniers coups", "Últimas manos"),
    "web.ui.roads": M("Roads", "Tableaux", "Marcadores"),
    "web.ui.bead_plate": M("Bead plate", "Bead plate", "Bead plate"),
    "web.ui.big_road": M("Big road", "Big road", "Big road"),
    "web.ui.ranking": M("Ranking", "Classement", "Clasificación"),
    "web.ui.winners": M("Winners", "Gagnants", "Ganadores"),
    "web.ui.shared": M("share the win", "partagent la victoire", "comparten la victoria"),
    "web.ui.countdown_left": M(
        "Bets close in", "Les mises ferment dans", "Las apuestas cierran en"
    ),
    "web.ui.seconds": M("s", "s", "s"),
    "web.ui.name": M("Your name", "Votre nom", "Su nombre"),
    "web.ui.join": M("Join the table", "Rejoindre la table", "Unirse a la mesa"),
    "web.ui.enter_code": M("Join code", "Code de la table", "Código de la mesa"),
    "web.ui.find": M("Find the table", "Trouver la table", "Buscar la mesa"),
    "web.ui.balance": M("Balance", "Solde", "Saldo"),
    "web.ui.score": M("Score", "Score", "Puntuación"),
    "web.ui.your_bets": M("Your bets", "Vos mises", "Sus apuestas"),
    "web.ui.your_prediction": M("Your prediction", "Votre prédiction", "Su predicción"),
    "web.ui.none": M("none", "aucune", "ninguna"),
    "web.ui.predict": M("Predict", "Prédire", "Predecir"),
    "web.ui.chip": M("Chip", "Jeton", "Ficha"),
    "web.ui.withdraw": M("Take back", "Retirer", "Retirar"),
    "web.ui.leave": M("Leave the table", "Quitter la table", "Dejar la mesa"),
    "web.ui.left": M(
        "You have left the table.", "Vous avez quitté la table.", "Ha dejado la mesa."
    ),
    "web.ui.recall": M("Your last coups", "Vos derniers coups", "Sus últimas manos"),
    "web.ui.net": M("net", "gain", "neto"),
    "web.ui.language": M("Language", "Langue", "Idioma"),
    "web.ui.connecting": M("Connecting…", "Connexion…", "Conectando…"),
    "web.ui.offline": M(
        "Connection lost; reconnecting…",
        "Connexion perdue ; reconnexion…",
        "Conexión perdida; reconectando…",
    ),
    "web.ui.host": M("Table", "Table", "Mesa"),
    "web.ui.you": M("you", "vous", "usted"),
    "web.ui.real_cards": M(
        "Real cards: I turn them and enter each one",
        "Vraies cartes : je les retourne et j'entre chacune",
        "Cartas reales: las descubro e introduzco cada una",
    ),
    "web.ui.card": M("Card (9H, K♠, 10d…)", "Carte (9H, R♠, 10d…)", "Carta (9H, K♠, 10d…)"),
    "web.ui.place": M("Place", "Poser", "Colocar"),
    "web.ui.undo": M(
        "Take the last card back", "Reprendre la dernière carte", "Retirar la última carta"
    ),
    "web.ui.next": M("Next coup", "Coup suivant", "Siguiente mano"),
    "web.ui.rank": M("Rank", "Valeur", "Valor"),
    "web.ui.suit": M("Suit", "Couleur", "Palo"),
    "web.ui.expect.punto": M(
        "Next card: Punto", "Carte suivante : Punto", "Siguiente carta: Punto"
    ),
    "web.ui.expect.banco": M(
        "Next card: Banco", "Carte suivante : Banco", "Siguiente carta: Banco"
    ),
    "web.ui.expect.punto_third": M(
        "Next card: Punto's third",
        "Carte suivante : la troisième de Punto",
        "Siguiente carta: la tercera de Punto",
    ),
    "web.ui.expect.banco_third": M(
        "Next card: Banco's third",
        "Carte suivante : la troisième de Banco",
        "Siguiente carta: la tercera de Banco",
    ),
    "web.ui.suit.S": M("spades", "pique", "picas"),
    "web.ui.suit.H": M("hearts", "cœur", "corazones"),
    "web.ui.suit.D": M("diamonds", "carreau", "diamantes"),
    "web.ui.suit.C": M("clubs", "trèfle", "tréboles"),
    "web.ui.session_hidden": M(
        "Predictions stay hidden until the deal.",
        "Les prédictions restent cachées jusqu'à la donne.",
        "Las predicciones quedan ocultas hasta el reparto.",
    ),
}
