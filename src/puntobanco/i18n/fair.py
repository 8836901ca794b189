"""Messages of provably fair shoes, the log's hash chain, ``shoes`` and ``verify``."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    "fair.error.contribution": M(
        "A contribution to the client seed is 1 to {high} printable characters without '|', "
        "not {text!r}.",
        "Une contribution à la graine client fait de 1 à {high} caractères imprimables sans "
        "'|', pas {text!r}.",
        "Una contribución a la semilla del cliente tiene de 1 a {high} caracteres imprimibles "
        "sin '|', no {text!r}.",
    ),
    "fair.error.field": M(
        "The shoe's field {field!r} is missing or wrong: {value!r}.",
        "Le champ {field!r} du sabot est absent ou faux : {value!r}.",
        "El campo {field!r} del zapato falta o es incorrecto: {value!r}.",
    ),
    "fair.error.commitment_form": M(
        "Shoe {shoe}: the commitment {value!r} is not 64 lowercase hexadecimal digits.",
        "Sabot {shoe} : l'engagement {value!r} n'est pas fait de 64 chiffres hexadécimaux "
        "minuscules.",
        "Zapato {shoe}: el compromiso {value!r} no son 64 dígitos hexadecimales en minúscula.",
    ),
    "fair.error.seed_form": M(
        "Shoe {shoe}: the server seed {value!r} is not 64 lowercase hexadecimal digits.",
        "Sabot {shoe} : la graine du serveur {value!r} n'est pas faite de 64 chiffres "
        "hexadécimaux minuscules.",
        "Zapato {shoe}: la semilla del servidor {value!r} no son 64 dígitos hexadecimales en "
        "minúscula.",
    ),
    "fair.error.nonce": M(
        "Shoe {shoe}: its nonce is {nonce}, but a shoe's nonce is its number.",
        "Sabot {shoe} : son nonce est {nonce}, alors que le nonce d'un sabot est son numéro.",
        "Zapato {shoe}: su nonce es {nonce}, pero el nonce de un zapato es su número.",
    ),
    "fair.error.client_seed": M(
        "Shoe {shoe}: the client seed is {found!r}, but the table, the shoe's number and the "
        "contributions give {expected!r}.",
        "Sabot {shoe} : la graine client est {found!r}, mais la table, le numéro du sabot et "
        "les contributions donnent {expected!r}.",
        "Zapato {shoe}: la semilla del cliente es {found!r}, pero la mesa, el número del zapato "
        "y las contribuciones dan {expected!r}.",
    ),
    "fair.error.commitment": M(
        "Shoe {shoe}: the revealed server seed hashes to {found}, not to the commitment shown, "
        "{shown}.",
        "Sabot {shoe} : la graine du serveur révélée a pour empreinte {found}, pas l'engagement "
        "affiché, {shown}.",
        "Zapato {shoe}: la semilla del servidor revelada da el hash {found}, no el compromiso "
        "mostrado, {shown}.",
    ),
    "fair.error.too_many": M(
        "Shoe {shoe}: {dealt} cards dealt, more than the shoe holds.",
        "Sabot {shoe} : {dealt} cartes distribuées, plus que le sabot n'en contient.",
        "Zapato {shoe}: {dealt} cartas repartidas, más de las que tiene el zapato.",
    ),
    "fair.error.card": M(
        "Shoe {shoe}: card {position} (from 0) dealt was {card}, but the seeds give {expected}.",
        "Sabot {shoe} : la carte {position} (à partir de 0) distribuée était {card}, mais les "
        "graines donnent {expected}.",
        "Zapato {shoe}: la carta {position} (desde 0) repartida fue {card}, pero las semillas "
        "dan {expected}.",
    ),
}
MESSAGES.update(
    {
        "store.error.chain_prev": M(
            "Line {line} of the log breaks its hash chain: it follows {found}, but the previous "
            "event of table {table!r} has the hash {prev} (an event was removed, inserted, moved "
            "or changed before it).",
            "La ligne {line} du journal rompt sa chaîne de hachage : elle suit {found}, mais "
            "l'événement précédent de la table {table!r} a pour empreinte {prev} (un événement a "
            "été supprimé, inséré, déplacé ou modifié avant elle).",
            "La línea {line} del registro rompe su cadena de hash: sigue a {found}, pero el "
            "evento anterior de la mesa {table!r} tiene el hash {prev} (se quitó, insertó, movió "
            "o cambió un evento antes de ella).",
        ),
        "store.error.chain_hash": M(
            "Line {line} of the log breaks its hash chain: it says its hash is {found}, but its "
            "content hashes to {own} (the line was changed).",
            "La ligne {line} du journal rompt sa chaîne de hachage : elle annonce l'empreinte "
            "{found}, mais son contenu donne {own} (la ligne a été modifiée).",
            "La línea {line} del registro rompe su cadena de hash: dice que su hash es {found}, "
            "pero su contenido da {own} (la línea fue cambiada).",
        ),
    }
)
MESSAGES.update(
    {
        "cli.help.verify": M(
            "check a table's log, or an exported file: its hash chain and every event",
            "vérifier le journal d'une table, ou un fichier exporté : sa chaîne de hachage et "
            "chaque événement",
            "comprobar el registro de una mesa, o un archivo exportado: su cadena de hash y cada "
            "evento",
        ),
        "cli.help.verify_target": M(
            "a table in the log, or a FILE.jsonl written by export (- for standard input)",
            "une table du journal, ou un FICHIER.jsonl écrit par export (- pour l'entrée standard)",
            "una mesa del registro, o un ARCHIVO.jsonl escrito por export (- para la entrada "
            "estándar)",
        ),
        "cli.help.verify_head": M(
            "a chain head you noted earlier (whole, or its first 16 hex digits): it must be "
            "the hash of one of the log's events",
            "une tête de chaîne notée plus tôt (entière, ou ses 16 premiers chiffres "
            "hexadécimaux) : ce doit être l'empreinte d'un des événements du journal",
            "una cabeza de cadena anotada antes (entera, o sus 16 primeras cifras "
            "hexadecimales): debe ser el hash de uno de los eventos del registro",
        ),
        "verify.table": M(
            "Table {table!r}: {events} events checked, hash chain unbroken; chain head {head}.",
            "Table {table!r} : {events} événements vérifiés, chaîne de hachage intacte ; tête "
            "de chaîne {head}.",
            "Mesa {table!r}: {events} eventos comprobados, cadena de hash intacta; cabeza de "
            "cadena {head}.",
        ),
        "verify.head_found": M(
            "Table {table!r}: the noted head {head} is event {seq}: nothing up to it has changed.",
            "Table {table!r} : la tête notée {head} est l'événement {seq} : rien n'a changé "
            "jusqu'à lui.",
            "Mesa {table!r}: la cabeza anotada {head} es el evento {seq}: nada ha cambiado hasta "
            "él.",
        ),
        "verify.error.head": M(
            "The noted chain head {head} is the hash of no event in this log: the log was changed "
            "after it was noted (or it belongs to another log).",
            "La tête de chaîne notée {head} n'est l'empreinte d'aucun événement de ce journal : "
            "le journal a été modifié après qu'elle a été notée (ou elle vient d'un autre "
            "journal).",
            "La cabeza de cadena anotada {head} no es el hash de ningún evento de este registro: "
            "el registro se cambió después de anotarla (o es de otro registro).",
        ),
    }
)
MESSAGES.update(
    {
        "import.error.fair_shoe": M(
            "Line {line}: shoe {shoe}'s order is not the one its server seed and client seed "
            "give (or its seeds are not well formed).",
            "Ligne {line} : l'ordre du sabot {shoe} n'est pas celui que donnent sa graine du "
            "serveur et sa graine client (ou ses graines sont mal formées).",
            "Línea {line}: el orden del zapato {shoe} no es el que dan su semilla del servidor "
            "y su semilla del cliente (o sus semillas están mal formadas).",
        ),
    }
)
MESSAGES.update(
    {
        "cli.help.shoes": M(
            "a table's fair shoes: commitment, client seed, server seed once revealed, cards dealt",
            "les sabots loyaux d'une table : engagement, graine client, graine du serveur une "
            "fois révélée, cartes distribuées",
            "los zapatos verificables de una mesa: compromiso, semilla del cliente, semilla del "
            "servidor una vez revelada, cartas repartidas",
        ),
        "cli.help.shoes_json": M(
            "one JSON list of shoes (what tools/verify_shoe.py reads)",
            "une liste JSON de sabots (ce que lit tools/verify_shoe.py)",
            "una lista JSON de zapatos (lo que lee tools/verify_shoe.py)",
        ),
        "shoes.none": M(
            "Table {table!r} has no fair shoe (a table opened with a seed, or with real cards).",
            "La table {table!r} n'a pas de sabot loyal (table ouverte avec une graine, ou avec "
            "de vraies cartes).",
            "La mesa {table!r} no tiene zapato verificable (mesa abierta con una semilla, o con "
            "cartas reales).",
        ),
        "shoes.line": M(
            "Shoe {shoe}: {decks} decks, commitment {commitment}, client seed {client!r}, "
            "{dealt} cards dealt.",
            "Sabot {shoe} : {decks} jeux, engagement {commitment}, graine client {client!r}, "
            "{dealt} cartes distribuées.",
            "Zapato {shoe}: {decks} barajas, compromiso {commitment}, semilla del cliente "
            "{client!r}, {dealt} cartas repartidas.",
        ),
        "shoes.hidden": M(
            "  server seed: revealed when the shoe ends",
            "  graine du serveur : révélée à la fin du sabot",
            "  semilla del servidor: se revela al terminar el zapato",
        ),
        "shoes.not_secret": M(
            "  not secret: its server seed is derived from the table's seed",
            "  pas secret : sa graine du serveur est tirée de la graine de la table",
            "  no secreto: su semilla del servidor se deriva de la semilla de la mesa",
        ),
        "shoes.revealed": M(
            "  server seed: {seed}",
            "  graine du serveur : {seed}",
            "  semilla del servidor: {seed}",
        ),
        "verify.shoes": M(
            "Table {table!r}: revealed shoes that match their commitment and every card dealt: "
            "{checked}; shoes not revealed yet: {hidden}.",
            "Table {table!r} : sabots révélés conformes à leur engagement et à chaque carte "
            "distribuée : {checked} ; sabots pas encore révélés : {hidden}.",
            "Mesa {table!r}: zapatos revelados que coinciden con su compromiso y con cada carta "
            "repartida: {checked}; zapatos aún no revelados: {hidden}.",
        ),
    }
)
MESSAGES.update(
    {
        "import.error.hidden": M(
            "Line {line}: table {table!r}'s shoe {shoe} is hidden in this export (it was still "
            "in play), so the table can be checked with verify but not imported to play on. "
            "To move a table that is still in play, export it with --with-secrets.",
            "Ligne {line} : le sabot {shoe} de la table {table!r} est caché dans cet export (il "
            "était encore en jeu) : la table peut être vérifiée avec verify, pas importée pour "
            "y jouer. Pour déplacer une table encore en jeu, exportez-la avec --with-secrets.",
            "Línea {line}: el zapato {shoe} de la mesa {table!r} está oculto en esta exportación "
            "(aún estaba en juego): la mesa se puede comprobar con verify, no importar para "
            "seguir jugando. Para trasladar una mesa aún en juego, expórtela con --with-secrets.",
        ),
        "table.event.revealed": M(
            "Shoe {shoe} has ended: its server seed is {seed} (check the shoe with puntobanco "
            "verify).",
            "Le sabot {shoe} est terminé : sa graine du serveur est {seed} (vérifiez le sabot "
            "avec puntobanco verify).",
            "El zapato {shoe} ha terminado: su semilla del servidor es {seed} (compruebe el "
            "zapato con puntobanco verify).",
        ),
        "table.event.hidden": M(
            "Shoe {shoe}, still in play, is hidden in this export ({cards} cards dealt from it).",
            "Le sabot {shoe}, encore en jeu, est caché dans cet export ({cards} cartes en sont "
            "sorties).",
            "El zapato {shoe}, aún en juego, está oculto en esta exportación ({cards} cartas "
            "repartidas de él).",
        ),
        "cli.help.with_secrets": M(
            "also write the shoes still in play (server seeds, cards not yet dealt): an "
            "operator's copy, to move a table that is still in play; never give it to players",
            "écrire aussi les sabots encore en jeu (graines du serveur, cartes pas encore "
            "distribuées) : la copie de l'exploitant, pour déplacer une table encore en jeu ; "
            "ne jamais la donner aux joueurs",
            "escribir también los zapatos aún en juego (semillas del servidor, cartas aún no "
            "repartidas): la copia del operador, para trasladar una mesa aún en juego; nunca "
            "se entrega a los jugadores",
        ),
    }
)
MESSAGES.update(
    {
        "table.error.contribute.real_cards": M(
            "No contributions at a table of real cards: the host's cards are not shuffled from "
            "a seed.",
            "Pas de contribution à une table de vraies cartes : les cartes de l'hôte ne sont pas "
            "mélangées à partir d'une graine.",
            "No hay contribuciones en una mesa de cartas reales: las cartas del anfitrión no se "
            "barajan a partir de una semilla.",
        ),
        "table.error.contribute.no_next_shoe": M(
            "No shoe is waiting for contributions now: this is the session's last deal, or the "
            "next shoe's server seed has not been committed yet.",
            "Aucun sabot n'attend de contribution maintenant : c'est la dernière donne de la "
            "partie, ou la graine du serveur du prochain sabot n'est pas encore engagée.",
            "Ningún zapato espera contribuciones ahora: es la última mano de la partida, o la "
            "semilla del servidor del próximo zapato aún no está comprometida.",
        ),
        "table.error.contribute.twice": M(
            "{name} has already contributed to the client seed of shoe {shoe}: one contribution "
            "per player and shoe, final once recorded.",
            "{name} a déjà contribué à la graine client du sabot {shoe} : une contribution par "
            "joueur et par sabot, définitive une fois enregistrée.",
            "{name} ya ha contribuido a la semilla del cliente del zapato {shoe}: una "
            "contribución por jugador y zapato, definitiva una vez registrada.",
        ),
        "table.error.contribute.full": M(
            "The client seed of shoe {shoe} already has {high} contributions, the most a shoe "
            "takes.",
            "La graine client du sabot {shoe} a déjà {high} contributions, le maximum pour un "
            "sabot.",
            "La semilla del cliente del zapato {shoe} ya tiene {high} contribuciones, el máximo "
            "por zapato.",
        ),
        "table.event.next_committed": M(
            "The server seed of shoe {shoe} is drawn in advance, commitment {commitment}: "
            "players may contribute to its client seed until it is shuffled.",
            "La graine du serveur du sabot {shoe} est tirée d'avance, engagement {commitment} : "
            "les joueurs peuvent contribuer à sa graine client jusqu'à son mélange.",
            "La semilla del servidor del zapato {shoe} se extrae por adelantado, compromiso "
            "{commitment}: los jugadores pueden contribuir a su semilla del cliente hasta que "
            "se baraje.",
        ),
        "table.event.contributed": M(
            "{name} adds {text!r} to the client seed of shoe {shoe}.",
            "{name} ajoute {text!r} à la graine client du sabot {shoe}.",
            "{name} añade {text!r} a la semilla del cliente del zapato {shoe}.",
        ),
    }
)
MESSAGES.update(
    {
        "cli.help.contribute": M(
            "add a player's text to the client seed of a table's next shoe (its server seed is "
            "already committed)",
            "ajouter le texte d'un joueur à la graine client du prochain sabot d'une table (sa "
            "graine du serveur est déjà engagée)",
            "añadir el texto de un jugador a la semilla del cliente del próximo zapato de una "
            "mesa (su semilla del servidor ya está comprometida)",
        ),
        "cli.help.contributor": M(
            "the seated player who contributes",
            "le joueur assis qui contribue",
            "el jugador sentado que contribuye",
        ),
        "cli.help.contribution": M(
            "1 to 64 printable characters without '|' (quote it)",
            "de 1 à 64 caractères imprimables sans '|' (entre guillemets)",
            "de 1 a 64 caracteres imprimibles sin '|' (entre comillas)",
        ),
        "contribute.done": M(
            "Table {table!r}, shoe {shoe} (commitment {commitment}): its client seed is now "
            "{client!r}.",
            "Table {table!r}, sabot {shoe} (engagement {commitment}) : sa graine client est "
            "maintenant {client!r}.",
            "Mesa {table!r}, zapato {shoe} (compromiso {commitment}): su semilla del cliente es "
            "ahora {client!r}.",
        ),
    }
)
