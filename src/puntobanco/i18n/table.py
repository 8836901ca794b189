"""Messages of the tables (session, casino, croupier), their store and commands."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # Phases, as a refused action names them.
    "table.error.phase.bets_open": M(
        "Not now: bets are still open for coup {coup}; close them first.",
        "Pas maintenant : les mises sont encore ouvertes pour le coup {coup} ; fermez-les d'abord.",
        "Ahora no: las apuestas siguen abiertas para la mano {coup}; ciérrelas primero.",
    ),
    "table.error.phase.bets_closed": M(
        "Not now: bets are closed for coup {coup} (rien ne va plus); the coup must be dealt.",
        "Pas maintenant : rien ne va plus pour le coup {coup} ; le coup doit être distribué.",
        "Ahora no: no va más para la mano {coup}; hay que repartirla.",
    ),
    "table.error.phase.dealt": M(
        "Not now: coup {coup} has been dealt and must be settled first.",
        "Pas maintenant : le coup {coup} est distribué et doit d'abord être réglé.",
        "Ahora no: la mano {coup} está repartida y primero hay que pagarla.",
    ),
    "table.error.phase.settled": M(
        "Not now: coup {coup} is settled; bets open with the next coup.",
        "Pas maintenant : le coup {coup} est réglé ; les mises ouvrent au coup suivant.",
        "Ahora no: la mano {coup} está pagada; las apuestas abren con la siguiente.",
    ),
    "table.error.phase.ended": M(
        "Not now: this table has closed (after coup {coup}).",
        "Pas maintenant : cette table est fermée (après le coup {coup}).",
        "Ahora no: esta mesa está cerrada (tras la mano {coup}).",
    ),
    # Names and seats.
    "table.error.name.empty": M(
        "A name cannot be empty ({name!r}).",
        "Un nom ne peut pas être vide ({name!r}).",
        "Un nombre no puede estar vacío ({name!r}).",
    ),
    "table.error.name.long": M(
        "{name!r} has {length} characters; a name has at most {high}.",
        "{name!r} a {length} caractères ; un nom en a au plus {high}.",
        "{name!r} tiene {length} caracteres; un nombre tiene como máximo {high}.",
    ),
    "table.error.name.chars": M(
        "{name!r} contains {char!r}: a name has letters, digits, spaces, hyphens, "
        "apostrophes and full stops only.",
        "{name!r} contient {char!r} : un nom ne contient que des lettres, des chiffres, "
        "des espaces, des traits d'union, des apostrophes et des points.",
        "{name!r} contiene {char!r}: un nombre solo tiene letras, cifras, espacios, "
        "guiones, apóstrofos y puntos.",
    ),
    "table.error.name.letter": M(
        "{name!r} has no letter; a name needs at least one.",
        "{name!r} ne contient aucune lettre ; un nom en demande au moins une.",
        "{name!r} no tiene ninguna letra; un nombre necesita al menos una.",
    ),
    "table.error.name.taken": M(
        "{name!r} is already at this table (names are compared without case).",
        "{name!r} est déjà à cette table (les noms sont comparés sans la casse).",
        "{name!r} ya está en esta mesa (los nombres se comparan sin mayúsculas).",
    ),
    "table.error.full": M(
        "The table is full: all {seats} places are taken.",
        "La table est complète : les {seats} places sont prises.",
        "La mesa está completa: los {seats} puestos están ocupados.",
    ),
    "table.error.seat": M(
        "Seat {seat!r} is not free: seats are numbered 1 to {seats}.",
        "La place {seat!r} n'est pas libre : les places sont numérotées de 1 à {seats}.",
        "El puesto {seat!r} no está libre: los puestos van del 1 al {seats}.",
    ),
    "table.error.unknown_player": M(
        "{name!r} is not at this table. Seated: {players}.",
        "{name!r} n'est pas à cette table. Assis : {players}.",
        "{name!r} no está en esta mesa. Sentados: {players}.",
    ),
    "table.error.bankroll": M(
        "A bankroll is a positive whole number of cents (none in a session), not {bankroll!r}.",
        "Une cave est un nombre entier positif de centimes (aucune en séance), pas {bankroll!r}.",
        "Un saldo es un número entero positivo de céntimos (ninguno en sesión), no {bankroll!r}.",
    ),
    "table.error.session_started": M(
        "The session has begun: nobody can join or leave until it ends.",
        "La séance a commencé : personne ne peut entrer ni sortir avant la fin.",
        "La sesión ha empezado: nadie puede entrar ni salir hasta el final.",
    ),
    "table.error.leave_with_bets": M(
        "{name} still has stakes on the table; withdraw them before leaving.",
        "{name} a encore des mises sur la table ; retirez-les avant de partir.",
        "{name} aún tiene apuestas en la mesa; retírelas antes de irse.",
    ),
    "table.error.too_few_players": M(
        "A session needs at least {low} participants; {count} seated.",
        "Une séance demande au moins {low} participants ; {count} assis.",
        "Una sesión necesita al menos {low} participantes; {count} sentados.",
    ),
    # Bets.
    "table.error.missing": M(
        "Deal {coup} cannot start: no prediction yet from {names}.",
        "La donne {coup} ne peut pas commencer : il manque encore une prédiction ({names}).",
        "La mano {coup} no puede empezar: todavía sin predicción de {names}.",
    ),
    "table.error.no_bets": M(
        "No bet on the table for coup {coup}: nothing to deal for.",
        "Aucune mise sur la table pour le coup {coup} : rien à distribuer.",
        "Ninguna apuesta en la mesa para la mano {coup}: nada que repartir.",
    ),
    "table.error.session_stake": M(
        "In this session every prediction is worth {fixed} points, not {stake!r}.",
        "Dans cette séance chaque prédiction vaut {fixed} points, pas {stake!r}.",
        "En esta sesión cada predicción vale {fixed} puntos, no {stake!r}.",
    ),
    "table.error.stake": M(
        "A stake is a positive whole number of cents, not {stake!r}.",
        "Une mise est un nombre entier positif de centimes, pas {stake!r}.",
        "Una apuesta es un número entero positivo de céntimos, no {stake!r}.",
    ),
    "table.error.punto_and_banco": M(
        "{name} cannot bet on Punto and Banco at once; Tie may go beside either.",
        "{name} ne peut pas miser à la fois sur Punto et sur Banco ; l'Égalité peut "
        "accompagner l'un ou l'autre.",
        "{name} no puede apostar a Punto y a Banco a la vez; Igualdad puede acompañar a "
        "cualquiera de los dos.",
    ),
    "table.error.below_minimum": M(
        "{stake} on {box} is below the table minimum of {minimum} for that box.",
        "{stake} sur {box} est sous le minimum de la table, {minimum} pour cette case.",
        "{stake} a {box} está por debajo del mínimo de la mesa, {minimum} en esa casilla.",
    ),
    "table.error.above_maximum": M(
        "{stake} on {box} would take the box above the table maximum of {maximum}.",
        "{stake} sur {box} porterait la case au-delà du maximum de la table, {maximum}.",
        "{stake} a {box} llevaría la casilla por encima del máximo de la mesa, {maximum}.",
    ),
    "table.error.above_bankroll": M(
        "{name} has only {available} left to bet, not {stake} on {box}.",
        "{name} n'a plus que {available} à miser, pas {stake} sur {box}.",
        "A {name} solo le quedan {available} para apostar, no {stake} a {box}.",
    ),
    "table.error.no_bet": M(
        "{name} has no stake on {box} to withdraw.",
        "{name} n'a pas de mise sur {box} à retirer.",
        "{name} no tiene apuesta en {box} que retirar.",
    ),
    "table.error.no_prediction": M(
        "{name} has no prediction to take back.",
        "{name} n'a pas de prédiction à reprendre.",
        "{name} no tiene ninguna predicción que retirar.",
    ),
    "table.error.session_over": M(
        "All {deals} deals have been played: the session is over.",
        "Les {deals} donnes ont été jouées : la séance est terminée.",
        "Se han jugado las {deals} manos: la sesión ha terminado.",
    ),
    "table.error.close_with_bets": M(
        "Stakes are still on the table; they must be settled or withdrawn first.",
        "Des mises sont encore sur la table ; elles doivent d'abord être réglées ou retirées.",
        "Aún hay apuestas en la mesa; primero hay que pagarlas o retirarlas.",
    ),
    # Settings.
    "table.error.table_id": M(
        "A table's name has 1 to {high} printable characters, not {table!r}.",
        "Le nom d'une table a de 1 à {high} caractères imprimables, pas {table!r}.",
        "El nombre de una mesa tiene de 1 a {high} caracteres imprimibles, no {table!r}.",
    ),
    "table.error.seats": M(
        "This table has {low} to {high} places, not {seats!r}.",
        "Cette table a de {low} à {high} places, pas {seats!r}.",
        "Esta mesa tiene de {low} a {high} puestos, no {seats!r}.",
    ),
    "table.error.setting": M(
        "The setting {name} must be a positive whole number, not {value!r}.",
        "Le réglage {name} doit être un nombre entier positif, pas {value!r}.",
        "El ajuste {name} debe ser un número entero positivo, no {value!r}.",
    ),
    "table.error.limits": M(
        "The table maximum ({high!r}) must be a whole number not below its minimum ({low!r}).",
        "Le maximum de la table ({high!r}) doit être un entier au moins égal au minimum ({low!r}).",
        "El máximo de la mesa ({high!r}) debe ser un entero no inferior al mínimo ({low!r}).",
    ),
    "table.error.other_table": M(
        "Table {table!r} already exists in this log as a {format} table with other "
        "settings or players; open it by its name alone, or choose another name.",
        "La table {table!r} existe déjà dans ce journal (table {format}) avec d'autres "
        "réglages ou joueurs ; rouvrez-la par son seul nom, ou choisissez un autre nom.",
        "La mesa {table!r} ya existe en este registro (mesa {format}) con otros ajustes o "
        "jugadores; ábrala solo por su nombre, o elija otro nombre.",
    ),
    # The store.
    "store.error.conflict": M(
        "Table {table!r} changed elsewhere: expected {expected} events, found {found}.",
        "La table {table!r} a changé ailleurs : {expected} événements attendus, {found} trouvés.",
        "La mesa {table!r} cambió en otro sitio: se esperaban {expected} eventos, hay {found}.",
    ),
    "store.error.unknown_table": M(
        "No table {table!r} in {db}. Tables: {tables}.",
        "Pas de table {table!r} dans {db}. Tables : {tables}.",
        "No hay mesa {table!r} en {db}. Mesas: {tables}.",
    ),
    "store.error.no_log": M(
        "There is no game log at {db}.",
        "Il n'y a pas de journal de parties à {db}.",
        "No hay registro de partidas en {db}.",
    ),
    "store.error.exists": M(
        "Table {table!r} already exists in {db}; it is not imported again.",
        "La table {table!r} existe déjà dans {db} ; elle n'est pas importée à nouveau.",
        "La mesa {table!r} ya existe en {db}; no se importa de nuevo.",
    ),
    "store.error.bad_line": M(
        "Line {line} of the log cannot be read: {reason}.",
        "La ligne {line} du journal est illisible : {reason}.",
        "La línea {line} del registro no se puede leer: {reason}.",
    ),
    "store.error.bad_log": M(
        "The log of table {table!r} is not a valid game: {reason}.",
        "Le journal de la table {table!r} n'est pas une partie valide : {reason}.",
        "El registro de la mesa {table!r} no es una partida válida: {reason}.",
    ),
    # Commands.
    "cli.help.history": M(
        "recall past coups of a table (or of every table)",
        "rappeler les coups passés d'une table (ou de toutes)",
        "recordar las manos pasadas de una mesa (o de todas)",
    ),
    "cli.help.table": M("the table's name", "le nom de la table", "el nombre de la mesa"),
    "cli.help.last": M(
        "only the last N coups", "seulement les N derniers coups", "solo las N últimas manos"
    ),
    "cli.help.db": M(
        "the game log (SQLite file; default: {default})",
        "le journal des parties (fichier SQLite ; par défaut : {default})",
        "el registro de partidas (archivo SQLite; por defecto: {default})",
    ),
    "cli.help.export": M(
        "write a table's event log as JSON lines",
        "écrire le journal d'une table en lignes JSON",
        "escribir el registro de una mesa en líneas JSON",
    ),
    "cli.help.jsonl": M(
        "JSON lines, one event per line (the only format)",
        "lignes JSON, un événement par ligne (le seul format)",
        "líneas JSON, un evento por línea (el único formato)",
    ),
    "cli.help.import": M(
        "read tables' event logs from JSON lines (checked by replaying them)",
        "lire des journaux de tables en lignes JSON (vérifiés en les rejouant)",
        "leer registros de mesas en líneas JSON (comprobados al reproducirlos)",
    ),
    "cli.help.file": M(
        "the JSON lines file ('-' for standard input)",
        "le fichier de lignes JSON ('-' pour l'entrée standard)",
        "el archivo de líneas JSON ('-' para la entrada estándar)",
    ),
    "history.none": M("No coup recorded.", "Aucun coup enregistré.", "Ninguna mano registrada."),
    "history.coup": M(
        "{table} coup {coup} ({time}): {cards}. {announce}",
        "{table} coup {coup} ({time}) : {cards}. {announce}",
        "{table} mano {coup} ({time}): {cards}. {announce}",
    ),
    "history.player": M(
        "  {player:<16} {bets:<22} {net:>10}   {before} -> {after}",
        "  {player:<16} {bets:<22} {net:>10}   {before} -> {after}",
        "  {player:<16} {bets:<22} {net:>10}   {before} -> {after}",
    ),
    "import.done": M(
        "Imported table {table!r}: {events:,} {events:plural:event|events}, {coups:,} "
        "{coups:plural:coup|coups} settled.",
        "Table {table!r} importée : {events:,} {events:plural:événement|événements}, {coups:,} "
        "{coups:plural:coup réglé|coups réglés}.",
        "Mesa {table!r} importada: {events:,} {events:plural:evento|eventos}, {coups:,} "
        "{coups:plural:mano pagada|manos pagadas}.",
    ),
    # Events, as players see them.
    "table.event.opened": M(
        "Table {table} opens.", "La table {table} ouvre.", "La mesa {table} abre."
    ),
    "table.event.seated": M(
        "{name} sits at place {seat}.",
        "{name} s'assied à la place {seat}.",
        "{name} se sienta en el puesto {seat}.",
    ),
    "table.event.left": M(
        "{name} leaves the table with {amount}.",
        "{name} quitte la table avec {amount}.",
        "{name} deja la mesa con {amount}.",
    ),
    "table.event.bet": M(
        "{name} bets {amount} on {box}.",
        "{name} mise {amount} sur {box}.",
        "{name} apuesta {amount} a {box}.",
    ),
    "table.event.withdrawn": M(
        "{name} takes back the bet on {box}.",
        "{name} retire sa mise sur {box}.",
        "{name} retira su apuesta a {box}.",
    ),
    "table.event.closed": M(
        "Rien ne va plus: bets are closed for coup {coup}.",
        "Rien ne va plus : les mises sont closes pour le coup {coup}.",
        "No va más: apuestas cerradas para la mano {coup}.",
    ),
    "table.event.shuffled": M(
        "New shoe (no. {shoe}): {cards} cards shuffled.",
        "Nouveau sabot (n° {shoe}) : {cards} cartes mélangées.",
        "Zapato nuevo (n.º {shoe}): {cards} cartas barajadas.",
    ),
    "table.event.burned": M(
        "The first card, {card}, is turned: {count} cards are burned.",
        "La première carte, {card}, est retournée : {count} cartes sont brûlées.",
        "La primera carta, {card}, se descubre: se queman {count} cartas.",
    ),
    "table.event.handed": M(
        "Punto's cards go to {name}, the largest Punto bet.",
        "Les cartes de Punto vont à {name}, la plus forte mise sur Punto.",
        "Las cartas de Punto van a {name}, la mayor apuesta a Punto.",
    ),
    "table.event.handed_croupier": M(
        "No bet on Punto: the croupier turns Punto's cards.",
        "Aucune mise sur Punto : le croupier retourne les cartes de Punto.",
        "Ninguna apuesta a Punto: el crupier descubre las cartas de Punto.",
    ),
    "table.event.dealt": M(
        "Coup {coup} is dealt: {cards}.",
        "Le coup {coup} est distribué : {cards}.",
        "Se reparte la mano {coup}: {cards}.",
    ),
    "table.event.collected": M(
        "{name}'s {amount} on {box} is collected.",
        "{name} : la mise de {amount} sur {box} est ramassée.",
        "{name}: se recoge la apuesta de {amount} a {box}.",
    ),
    "table.event.returned": M(
        "{name}'s {amount} on {box} is returned (tie).",
        "{name} : la mise de {amount} sur {box} est rendue (égalité).",
        "{name}: se devuelve la apuesta de {amount} a {box} (igualdad).",
    ),
    "table.event.paid": M(
        "{name} is paid {amount} on {box}.",
        "{name} reçoit {amount} sur {box}.",
        "Se pagan {amount} a {name} por {box}.",
    ),
    "table.event.settled": M(
        "Coup {coup} is settled.", "Le coup {coup} est réglé.", "La mano {coup} está pagada."
    ),
    "table.event.holder": M(
        "The shoe passes to {name}.", "Le sabot passe à {name}.", "El zapato pasa a {name}."
    ),
    "table.event.holder_none": M(
        "Nobody holds the shoe.", "Personne ne tient le sabot.", "Nadie tiene el zapato."
    ),
    "table.event.shoe_finished": M(
        "Shoe no. {shoe} is finished: the shoe is changed.",
        "Le sabot n° {shoe} est terminé : on change de sabot.",
        "El zapato n.º {shoe} ha terminado: se cambia el zapato.",
    ),
    "table.event.opened_bets": M(
        "Place your bets for coup {coup}.",
        "Faites vos jeux pour le coup {coup}.",
        "Hagan sus apuestas para la mano {coup}.",
    ),
    "table.event.winners": M(
        "The session is over. {count:plural:Winner|Winners}: {names}.",
        "La séance est terminée. {count:plural:Gagnant|Gagnants} : {names}.",
        "La sesión ha terminado. {count:plural:Ganador|Ganadores}: {names}.",
    ),
    "table.event.table_closed": M("The table closes.", "La table ferme.", "La mesa cierra."),
}
