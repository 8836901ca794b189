"""Messages of the players' committed contributions to each shoe (commit, reveal, checks).

French typography: a narrow no-break space (U+202F) before ; ! ? and a no-break
space (U+00A0) before : and %.
"""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    # -- refusals ----------------------------------------------------------------
    "entropy.error.hex": M(
        "The {field} of a contribution is 32 bytes as 64 lowercase hexadecimal digits, "
        "not {value!r}.",
        "Le champ {field} d'une contribution fait 32 octets en 64 chiffres hexadécimaux "
        "minuscules, pas {value!r}.",
        "El campo {field} de una contribución son 32 bytes en 64 dígitos hexadecimales en "
        "minúscula, no {value!r}.",
    ),
    "entropy.error.seeded": M(
        "Table {table} was opened with a seed: its shoes come from the seed alone (not "
        "secret, not fair play) and take no contributions.",
        "La table {table} a été ouverte avec une graine\u202f; ses sabots viennent de la "
        "graine seule (ni secrets ni loyaux) et ne prennent aucune contribution.",
        "La mesa {table} se abrió con una semilla: sus zapatos salen solo de la semilla (ni "
        "secretos ni juego limpio) y no admiten contribuciones.",
    ),
    "entropy.error.older_table": M(
        "Table {table} was opened before contributions were committed: it takes the typed "
        "contributions of that time (contribute), not commitments.",
        "La table {table} a été ouverte avant que les contributions ne soient engagées"
        "\u202f; elle prend les contributions tapées de ce temps-là (contribute), pas des "
        "engagements.",
        "La mesa {table} se abrió antes de que las contribuciones se comprometieran: admite "
        "las contribuciones escritas de entonces (contribute), no compromisos.",
    ),
    "entropy.error.typed": M(
        "Table {table} takes no typed contribution: every seated player's phone (or the "
        "program that plays the seat through the Python API) commits to 256 random bits for "
        "every shoe and reveals them once every commitment is in, by itself. There is nothing "
        "to type.",
        "La table {table} ne prend pas de contribution tapée\u00a0: le téléphone de chaque "
        "joueur assis (ou le programme qui joue la place par l'API Python) s'engage sur "
        "256 bits aléatoires pour chaque sabot et les révèle une fois tous les engagements "
        "reçus, tout seul. Il n'y a rien à taper.",
        "La mesa {table} no admite contribuciones escritas: el teléfono de cada jugador "
        "sentado (o el programa que juega el asiento por la API de Python) se compromete con "
        "256 bits aleatorios para cada zapato y los revela cuando están todos los "
        "compromisos, por sí solo. No hay nada que escribir.",
    ),
    "entropy.error.other_shoe": M(
        "That was for shoe {shoe}, but the shoe to come is shoe {next}.",
        "C'était pour le sabot {shoe}, mais le sabot à venir est le sabot {next}.",
        "Eso era para el zapato {shoe}, pero el zapato que viene es el {next}.",
    ),
    "entropy.error.commit_closed": M(
        "The reveals of shoe {shoe} are open: it takes no more commitments (yours goes to "
        "the shoe after it).",
        "Les révélations du sabot {shoe} sont ouvertes\u00a0: il ne prend plus "
        "d'engagement (le vôtre ira au sabot suivant).",
        "Las revelaciones del zapato {shoe} están abiertas: ya no admite compromisos (el suyo "
        "irá al zapato siguiente).",
    ),
    "entropy.error.committed": M(
        "{name} has already committed to a contribution to shoe {shoe}: one per player and shoe.",
        "{name} s'est déjà engagé sur une contribution au sabot {shoe}\u00a0: une par "
        "joueur et par sabot.",
        "{name} ya se comprometió con una contribución al zapato {shoe}: una por jugador y zapato.",
    ),
    "entropy.error.copied": M(
        "That commitment to shoe {shoe} is another player's: a commitment copied can never "
        "be revealed.",
        "Cet engagement au sabot {shoe} est celui d'un autre joueur\u00a0: un engagement "
        "copié ne peut jamais être révélé.",
        "Ese compromiso con el zapato {shoe} es el de otro jugador: un compromiso copiado "
        "nunca puede revelarse.",
    ),
    "entropy.error.not_revealing": M(
        "Not now: the reveals of shoe {shoe} are not open.",
        "Pas maintenant\u00a0: les révélations du sabot {shoe} ne sont pas ouvertes.",
        "Ahora no: las revelaciones del zapato {shoe} no están abiertas.",
    ),
    "entropy.error.not_committed": M(
        "{name!r} made no commitment to shoe {shoe}: there is nothing to reveal.",
        "{name!r} n'a pris aucun engagement pour le sabot {shoe}\u00a0: il n'y a rien à révéler.",
        "{name!r} no se comprometió con el zapato {shoe}: no hay nada que revelar.",
    ),
    "entropy.error.revealed": M(
        "{name} has already revealed their contribution to shoe {shoe}.",
        "{name} a déjà révélé sa contribution au sabot {shoe}.",
        "{name} ya reveló su contribución al zapato {shoe}.",
    ),
    "entropy.error.mismatch": M(
        "That value is not the one {name} committed to for shoe {shoe}: refused (until the "
        "reveals close, the right value is still taken).",
        "Cette valeur n'est pas celle sur laquelle {name} s'est engagé pour le sabot "
        "{shoe}\u00a0: refusée (jusqu'à la fin des révélations, la bonne valeur est encore "
        "acceptée).",
        "Ese valor no es aquel con el que {name} se comprometió para el zapato {shoe}: "
        "rechazado (hasta que se cierren las revelaciones, el valor correcto aún se acepta).",
    ),
    "entropy.error.no_window": M(
        "No window of the shoe to come is open: nothing to close.",
        "Aucune fenêtre du prochain sabot n'est ouverte\u202f: rien à clore.",
        "No hay ninguna ventana abierta del próximo zapato: nada que cerrar.",
    ),
    "table.error.phase.shuffling": M(
        "Not now: the next shoe is gathering its players' contributions; bets open as soon "
        "as it is shuffled.",
        "Pas maintenant\u00a0: le prochain sabot recueille les contributions des joueurs"
        "\u202f; les mises ouvrent dès qu'il est mélangé.",
        "Ahora no: el próximo zapato recoge las contribuciones de los jugadores; las apuestas "
        "abren en cuanto se baraje.",
    ),
    # -- the log, in words (history) ---------------------------------------------------
    "table.event.contribution_committed": M(
        "{name} commits to a contribution to shoe {shoe}.",
        "{name} s'engage sur une contribution au sabot {shoe}.",
        "{name} se compromete con una contribución al zapato {shoe}.",
    ),
    "table.event.shoe_called": M(
        "Shoe {shoe} is called: bets wait for it; seated players have {seconds} s more to commit.",
        "Le sabot {shoe} est appelé\u00a0: les mises l'attendent\u202f; les joueurs assis "
        "ont encore {seconds}\u00a0s pour s'engager.",
        "Se llama al zapato {shoe}: las apuestas lo esperan; los jugadores sentados tienen "
        "{seconds} s más para comprometerse.",
    ),
    "table.event.reveals_opened": M(
        "No more commitments to shoe {shoe}: the committed players reveal within {seconds} s.",
        "Plus d'engagement pour le sabot {shoe}\u00a0: les joueurs engagés révèlent sous "
        "{seconds}\u00a0s.",
        "No más compromisos para el zapato {shoe}: los jugadores comprometidos revelan en "
        "{seconds} s.",
    ),
    "table.event.contribution_revealed": M(
        "{name} reveals their contribution to shoe {shoe}: {value}.",
        "{name} révèle sa contribution au sabot {shoe}\u00a0: {value}.",
        "{name} revela su contribución al zapato {shoe}: {value}.",
    ),
    "table.event.contributions_closed": M(
        "The reveals of shoe {shoe} are over; left out: {names}.",
        "Les révélations du sabot {shoe} sont terminées\u202f; laissés de côté\u00a0: {names}.",
        "Las revelaciones del zapato {shoe} terminaron; excluidos: {names}.",
    ),
    # -- the log's check (verify, import) ------------------------------------------
    "entropy.log.before_commitment": M(
        "Line {line} ({event}, shoe {shoe}): a step of the shoe's contributions before its server "
        "seed was committed: whoever knew the seed could have chosen it after seeing them.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: une étape des contributions du sabot avant "
        "que sa graine du serveur ne soit engagée\u202f; qui connaissait la graine aurait pu la "
        "choisir après les avoir vues.",
        "Línea {line} ({event}, zapato {shoe}): un paso de las contribuciones del zapato antes de "
        "que se comprometiera su semilla del servidor: quien la conocía pudo elegirla tras verlas.",
    ),
    "entropy.log.order": M(
        "Line {line} ({event}, shoe {shoe}): a step out of order: the order is commitment, "
        "commitments, call, reveals open, reveals, close, shuffle.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: une étape hors de son ordre\u202f; l'ordre "
        "est engagement, engagements des joueurs, appel, ouverture des révélations, révélations, "
        "clôture, mélange.",
        "Línea {line} ({event}, zapato {shoe}): un paso fuera de orden: el orden es compromiso, "
        "compromisos, llamada, apertura de revelaciones, revelaciones, cierre, barajado.",
    ),
    "entropy.log.commit_after_reveals": M(
        "Line {line} ({event}, shoe {shoe}): {name} commits after the reveals opened.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: {name} s'engage après l'ouverture des "
        "révélations.",
        "Línea {line} ({event}, zapato {shoe}): {name} se compromete después de abrirse las "
        "revelaciones.",
    ),
    "entropy.log.not_seated": M(
        "Line {line} ({event}, shoe {shoe}): {name} commits without a seat at the table.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: {name} s'engage sans être assis à la table.",
        "Línea {line} ({event}, zapato {shoe}): {name} se compromete sin estar sentado a la mesa.",
    ),
    "entropy.log.twice": M(
        "Line {line} ({event}, shoe {shoe}): {name} commits or reveals a second time.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: {name} s'engage ou révèle une deuxième fois.",
        "Línea {line} ({event}, zapato {shoe}): {name} se compromete o revela por segunda vez.",
    ),
    "entropy.log.hex": M(
        "Line {line} ({event}, shoe {shoe}): the commitment of {name}, {value!r}, is not 64 "
        "lowercase hexadecimal digits.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: l'engagement que prend {name}, {value!r}, "
        "n'est pas fait de 64 chiffres hexadécimaux minuscules.",
        "Línea {line} ({event}, zapato {shoe}): el compromiso de {name}, {value!r}, no son 64 "
        "dígitos hexadecimales en minúscula.",
    ),
    "entropy.log.copied": M(
        "Line {line} ({event}, shoe {shoe}): the commitment of {name} is a copy of another "
        "player's.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: l'engagement que prend {name} est la copie "
        "de celui d'un autre joueur.",
        "Línea {line} ({event}, zapato {shoe}): el compromiso de {name} es una copia del de otro "
        "jugador.",
    ),
    "entropy.log.seconds": M(
        "Line {line} ({event}, shoe {shoe}): {found} seconds, where the table's setting is "
        "{setting}.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: {found}\u00a0secondes, alors que le réglage "
        "de la table est {setting}.",
        "Línea {line} ({event}, zapato {shoe}): {found} segundos, cuando el ajuste de la mesa es "
        "{setting}.",
    ),
    "entropy.log.early_reveals": M(
        "Line {line} ({event}, shoe {shoe}): the reveals opened before the commitment time "
        "was up, while these seated players had not committed: {names}.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: les révélations ont ouvert avant la fin du "
        "temps d'engagement, alors que ces joueurs assis ne s'étaient pas engagés\u00a0: "
        "{names}.",
        "Línea {line} ({event}, zapato {shoe}): las revelaciones se abrieron antes de acabar el "
        "tiempo de compromiso, cuando estos jugadores sentados no se habían comprometido: "
        "{names}.",
    ),
    "entropy.log.uncommitted": M(
        "Line {line} ({event}, shoe {shoe}): {name} reveals without having committed.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: {name} révèle sans s'être engagé.",
        "Línea {line} ({event}, zapato {shoe}): {name} revela sin haberse comprometido.",
    ),
    "entropy.log.mismatch": M(
        "Line {line} ({event}, shoe {shoe}): the value {name} reveals is not the one their "
        "commitment binds.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: la valeur que révèle {name} n'est pas celle "
        "que lie son engagement.",
        "Línea {line} ({event}, zapato {shoe}): el valor que revela {name} no es el que vincula "
        "su compromiso.",
    ),
    "entropy.log.excluded": M(
        "Line {line} ({event}, shoe {shoe}): the players left out are {found}, but the committed "
        "players who did not reveal are {expected}.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: les joueurs laissés de côté sont {found}, "
        "mais les joueurs engagés qui n'ont pas révélé sont {expected}.",
        "Línea {line} ({event}, zapato {shoe}): los jugadores excluidos son {found}, pero los "
        "jugadores comprometidos que no revelaron son {expected}.",
    ),
    "entropy.log.early_close": M(
        "Line {line} ({event}, shoe {shoe}): the reveals closed before their time was up, leaving "
        "out {names}.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: les révélations ont été closes avant la fin "
        "de leur temps, laissant de côté {names}.",
        "Línea {line} ({event}, zapato {shoe}): las revelaciones se cerraron antes de acabar su "
        "tiempo, excluyendo a {names}.",
    ),
    "entropy.log.unclosed": M(
        "Line {line} ({event}, shoe {shoe}): the shoe is shuffled before its reveals closed.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: le sabot est mélangé avant la clôture de ses "
        "révélations.",
        "Línea {line} ({event}, zapato {shoe}): el zapato se baraja antes del cierre de sus "
        "revelaciones.",
    ),
    "entropy.log.client_seed": M(
        "Line {line} ({event}, shoe {shoe}): the client seed is {found!r}, but the table, the "
        "shoe and the values revealed give {expected!r}.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: la graine client est {found!r}, mais la "
        "table, le sabot et les valeurs révélées donnent {expected!r}.",
        "Línea {line} ({event}, zapato {shoe}): la semilla del cliente es {found!r}, pero la "
        "mesa, el zapato y los valores revelados dan {expected!r}.",
    ),
    "entropy.log.seed": M(
        "Line {line} ({event}, shoe {shoe}): the shoe is shuffled with another server seed than "
        "the one committed for it.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: le sabot est mélangé avec une autre graine "
        "du serveur que celle engagée pour lui.",
        "Línea {line} ({event}, zapato {shoe}): el zapato se baraja con otra semilla del servidor "
        "que la comprometida para él.",
    ),
    "entropy.log.typed": M(
        "Line {line} ({event}, shoe {shoe}): a typed contribution at a table that takes committed "
        "ones only.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: une contribution tapée à une table qui ne "
        "prend que des contributions engagées.",
        "Línea {line} ({event}, zapato {shoe}): una contribución escrita en una mesa que solo "
        "admite contribuciones comprometidas.",
    ),
    "entropy.log.not_taken": M(
        "Line {line} ({event}, shoe {shoe}): a contribution at a table that takes none (real "
        "cards, a seed, or an older table).",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: une contribution à une table qui n'en prend "
        "pas (vraies cartes, graine, ou table plus ancienne).",
        "Línea {line} ({event}, zapato {shoe}): una contribución en una mesa que no las admite "
        "(cartas reales, semilla o mesa más antigua).",
    ),
    "entropy.log.waiting": M(
        "Line {line} ({event}, shoe {shoe}): a bet or a coup while the next shoe waits for its "
        "contributions.",
        "Ligne {line} ({event}, sabot {shoe})\u00a0: une mise ou un coup alors que le prochain "
        "sabot attend ses contributions.",
        "Línea {line} ({event}, zapato {shoe}): una apuesta o una mano mientras el próximo zapato "
        "espera sus contribuciones.",
    ),
    # -- the phone ----------------------------------------------------------------
    "web.ui.phase.shuffling": M(
        "Shuffling the next shoe", "Mélange du prochain sabot", "Barajando el próximo zapato"
    ),
    "web.ui.entropy.help": M(
        "Your phone adds 256 random bits of its own to every shoe: it commits to them before "
        "anyone knows the others', and reveals them once every commitment is in.",
        "Votre téléphone ajoute 256 bits aléatoires à lui à chaque sabot\u00a0: il s'engage "
        "dessus avant que quiconque connaisse ceux des autres, et les révèle une fois tous les "
        "engagements reçus.",
        "Su teléfono añade 256 bits aleatorios propios a cada zapato: se compromete con ellos "
        "antes de que nadie conozca los de los demás, y los revela cuando están todos los "
        "compromisos.",
    ),
    "web.ui.entropy.committed": M(
        "Your phone has committed to its contribution to shoe",
        "Votre téléphone s'est engagé sur sa contribution au sabot",
        "Su teléfono se comprometió con su contribución al zapato",
    ),
    "web.ui.entropy.revealed": M(
        "Your phone has revealed its contribution to shoe",
        "Votre téléphone a révélé sa contribution au sabot",
        "Su teléfono reveló su contribución al zapato",
    ),
    "web.ui.entropy.included": M(
        "Your phone's contribution is in this shoe, number",
        "La contribution de votre téléphone est dans ce sabot, le numéro",
        "La contribución de su teléfono está en este zapato, el número",
    ),
    "web.ui.entropy.excluded": M(
        "Your phone's contribution was left out of shoe",
        "La contribution de votre téléphone a été laissée de côté pour le sabot",
        "La contribución de su teléfono quedó fuera del zapato",
    ),
    "web.ui.entropy.none": M(
        "This shoe was shuffled before your phone could contribute to it: yours goes to shoe",
        "Ce sabot a été mélangé avant que votre téléphone puisse y contribuer\u00a0: la "
        "vôtre ira au sabot",
        "Este zapato se barajó antes de que su teléfono pudiera contribuir: la suya irá al zapato",
    ),
    "web.ui.entropy.lost": M(
        "This phone no longer holds its contribution to shoe",
        "Ce téléphone n'a plus sa contribution au sabot",
        "Este teléfono ya no tiene su contribución al zapato",
    ),
    "web.ui.entropy.unsupported": M(
        "This browser cannot draw random numbers: your phone does not contribute to the shoes.",
        "Ce navigateur ne sait pas tirer de nombres aléatoires\u00a0: votre téléphone ne "
        "contribue pas aux sabots.",
        "Este navegador no puede generar números aleatorios: su teléfono no contribuye a los "
        "zapatos.",
    ),
    # -- the command line ---------------------------------------------------------------
    "entropy.cli.help.contribute": M(
        "add a typed text to the next shoe's client seed, at a table opened before "
        "contributions were committed (newer tables take their players' contributions by "
        "themselves)",
        "ajouter un texte tapé à la graine client du prochain sabot, à une table ouverte "
        "avant que les contributions ne soient engagées (les tables plus récentes prennent "
        "d'elles-mêmes les contributions de leurs joueurs)",
        "añadir un texto escrito a la semilla del cliente del próximo zapato, en una mesa "
        "abierta antes de que las contribuciones se comprometieran (las mesas más recientes "
        "toman por sí solas las contribuciones de sus jugadores)",
    ),
    "entropy.verify.summary": M(
        "Table {table!r}: {shoes} {shoes:plural:shoe|shoes} shuffled with their players' "
        "contributions, every step in order and every value matching its commitment: "
        "{revealed} {revealed:plural:value|values} revealed, {excluded} "
        "{excluded:plural:player|players} left out: {names}.",
        "Table {table!r}\u00a0: {shoes} {shoes:plural:sabot mélangé|sabots mélangés} avec les "
        "contributions de leurs joueurs, chaque étape dans l'ordre et chaque valeur conforme "
        "à son engagement\u00a0: {revealed} {revealed:plural:valeur révélée|valeurs révélées}, "
        "{excluded} {excluded:plural:joueur laissé|joueurs laissés} de côté\u00a0: {names}.",
        "Mesa {table!r}: {shoes} {shoes:plural:zapato barajado|zapatos barajados} con las "
        "contribuciones de sus jugadores, cada paso en orden y cada valor conforme a su "
        "compromiso: {revealed} {revealed:plural:valor revelado|valores revelados}, "
        "{excluded} {excluded:plural:jugador excluido|jugadores excluidos}: {names}.",
    ),
}
