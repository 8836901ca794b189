"""Messages of the PostgreSQL store and its throwaway cluster."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    "store.error.pg_no_server": M(
        "PostgreSQL's server is not installed (no initdb under /usr/lib/postgresql/*/bin "
        "nor on PATH); on Debian: apt-get install postgresql.",
        "Le serveur PostgreSQL n'est pas installé (pas d'initdb sous /usr/lib/postgresql/*/bin "
        "ni dans le PATH) ; sous Debian : apt-get install postgresql.",
        "El servidor PostgreSQL no está instalado (no hay initdb en /usr/lib/postgresql/*/bin "
        "ni en el PATH); en Debian: apt-get install postgresql.",
    ),
    "store.error.pg_start": M(
        "The PostgreSQL cluster in {folder} did not start ({what}): {reason}",
        "Le cluster PostgreSQL de {folder} n'a pas démarré ({what}) : {reason}",
        "El clúster PostgreSQL de {folder} no arrancó ({what}): {reason}",
    ),
    "store.error.pg_folder": M(
        "The user {user!r} cannot write to {folder}: choose a folder under /tmp or one it "
        "can reach.",
        "L'utilisateur {user!r} ne peut pas écrire dans {folder} : choisissez un dossier sous /tmp "
        "ou un dossier qu'il peut atteindre.",
        "El usuario {user!r} no puede escribir en {folder}: elija una carpeta en /tmp o una a la "
        "que pueda llegar.",
    ),
    "store.error.pg_no_driver": M(
        "The PostgreSQL store needs psycopg: pip install 'puntobanco[pg]'.",
        "Le journal PostgreSQL a besoin de psycopg : pip install 'puntobanco[pg]'.",
        "El registro PostgreSQL necesita psycopg: pip install 'puntobanco[pg]'.",
    ),
    "store.error.pg_unreachable": M(
        "Cannot reach the PostgreSQL database {db}: {reason}",
        "Impossible de joindre la base PostgreSQL {db} : {reason}",
        "No se puede conectar con la base PostgreSQL {db}: {reason}",
    ),
    "store.error.applied": M(
        "Command {command!r} was already carried out at table {table!r} (event {seq}); "
        "it is not applied twice.",
        "La commande {command!r} a déjà été exécutée à la table {table!r} (événement {seq}) ; "
        "elle n'est pas appliquée deux fois.",
        "La orden {command!r} ya se ejecutó en la mesa {table!r} (evento {seq}); no se aplica "
        "dos veces.",
    ),
    "store.error.busy": M(
        "Table {table!r} changes too fast elsewhere: the command lost the race {tries} times; "
        "try again.",
        "La table {table!r} change trop vite ailleurs : la commande a perdu la course {tries} "
        "fois ; réessayez.",
        "La mesa {table!r} cambia demasiado rápido en otro sitio: la orden perdió la carrera "
        "{tries} veces; inténtelo de nuevo.",
    ),
    "store.error.pg_newer_schema": M(
        "The database {db} holds a newer log (schema {found}) than this puntobanco knows "
        "({known}); upgrade puntobanco.",
        "La base {db} contient un journal plus récent (schéma {found}) que ce puntobanco ne "
        "connaît ({known}) ; mettez puntobanco à jour.",
        "La base {db} contiene un registro más nuevo (esquema {found}) del que este puntobanco "
        "conoce ({known}); actualice puntobanco.",
    ),
    # Reading a SQLite log, and what can be wrong with its file.
    "store.error.not_log": M(
        "{db} is not a game log: {reason}.",
        "{db} n'est pas un journal de parties : {reason}.",
        "{db} no es un registro de partidas: {reason}.",
    ),
    "store.reason.folder": M("it is a folder", "c'est un dossier", "es una carpeta"),
    "store.reason.empty": M("the file is empty", "le fichier est vide", "el archivo está vacío"),
    "store.reason.not_sqlite": M(
        "it is not a SQLite database", "ce n'est pas une base SQLite", "no es una base SQLite"
    ),
    "store.reason.no_events": M(
        "this SQLite database holds no puntobanco events",
        "cette base SQLite ne contient aucun événement puntobanco",
        "esta base SQLite no contiene ningún evento de puntobanco",
    ),
    "store.error.damaged": M(
        "The game log {db} is damaged ({reason}); nothing is read from it. Restore a copy "
        "made with 'puntobanco backup'.",
        "Le journal de parties {db} est endommagé ({reason}) ; rien n'en est lu. Restaurez une "
        "copie faite avec « puntobanco backup ».",
        "El registro de partidas {db} está dañado ({reason}); no se lee nada de él. Restaure "
        "una copia hecha con «puntobanco backup».",
    ),
    "store.reason.sqlite": M(
        "SQLite's check says: {detail}",
        "la vérification de SQLite dit : {detail}",
        "la comprobación de SQLite dice: {detail}",
    ),
    "store.reason.gap": M(
        "event {seq} of table {table!r} is missing",
        "l'événement {seq} de la table {table!r} manque",
        "falta el evento {seq} de la mesa {table!r}",
    ),
    "store.reason.checksum": M(
        "event {seq} of table {table!r} does not match its checksum",
        "l'événement {seq} de la table {table!r} ne correspond pas à sa somme de contrôle",
        "el evento {seq} de la mesa {table!r} no coincide con su suma de control",
    ),
    "store.reason.chain": M(
        "event {seq} of table {table!r} does not match its link of the hash chain "
        "(its content or the event before it was changed)",
        "l'événement {seq} de la table {table!r} ne correspond pas à son maillon de la chaîne "
        "de hachage (lui ou l'événement d'avant a été modifié)",
        "el evento {seq} de la mesa {table!r} no coincide con su eslabón de la cadena de hash "
        "(él o el evento anterior fue modificado)",
    ),
    "store.error.no_event": M(
        "Table {table!r} has no event {seq} in {db}.",
        "La table {table!r} n'a pas d'événement {seq} dans {db}.",
        "La mesa {table!r} no tiene evento {seq} en {db}.",
    ),
    "store.reason.row": M(
        "event {seq} of table {table!r} cannot be read back ({detail})",
        "l'événement {seq} de la table {table!r} est illisible ({detail})",
        "el evento {seq} de la mesa {table!r} no se puede leer ({detail})",
    ),
    "store.error.locked": M(
        "The game log {db} is locked by another program; gave up after waiting {seconds} s. "
        "Try again once it has finished.",
        "Le journal de parties {db} est verrouillé par un autre programme ; abandon après "
        "{seconds} s d'attente. Réessayez quand il aura fini.",
        "El registro de partidas {db} está bloqueado por otro programa; se abandonó tras "
        "esperar {seconds} s. Inténtelo de nuevo cuando haya terminado.",
    ),
    "store.error.cannot_open": M(
        "The game log {db} cannot be opened for reading ({detail}).",
        "Le journal de parties {db} ne peut pas être ouvert en lecture ({detail}).",
        "El registro de partidas {db} no se puede abrir para leer ({detail}).",
    ),
    "store.error.read_only_wal": M(
        "The game log {db} cannot be read here: its folder is read-only and {wal} holds "
        "coups not yet merged into it. Open it once where the folder can be written, or copy "
        "it with 'puntobanco backup'.",
        "Le journal de parties {db} ne peut pas être lu ici : son dossier est en lecture "
        "seule et {wal} contient des coups pas encore intégrés. Ouvrez-le une fois là où le "
        "dossier est modifiable, ou copiez-le avec « puntobanco backup ».",
        "El registro de partidas {db} no se puede leer aquí: su carpeta es de solo lectura y "
        "{wal} contiene manos aún no integradas. Ábralo una vez donde la carpeta se pueda "
        "escribir, o cópielo con «puntobanco backup».",
    ),
    "store.error.old_schema": M(
        "The game log {db} is in an older format (version {found}; this puntobanco uses "
        "{known}). Reading does not convert it: a command that writes (play, import) does, "
        "after a 'puntobanco backup' if you want to keep the old file.",
        "Le journal de parties {db} est dans un ancien format (version {found} ; ce "
        "puntobanco utilise la {known}). La lecture ne le convertit pas : une commande qui "
        "écrit (play, import) le fait, après un « puntobanco backup » si vous voulez garder "
        "l'ancien fichier.",
        "El registro de partidas {db} está en un formato antiguo (versión {found}; este "
        "puntobanco usa la {known}). La lectura no lo convierte: una orden que escribe (play, "
        "import) lo hace, tras un «puntobanco backup» si quiere conservar el archivo antiguo.",
    ),
    "store.error.read_only_store": M(
        "The game log {db} is open for reading only; nothing is written to it.",
        "Le journal de parties {db} est ouvert en lecture seule ; rien n'y est écrit.",
        "El registro de partidas {db} está abierto solo para leer; no se escribe nada en él.",
    ),
    # puntobanco backup
    "cli.help.backup": M(
        "copy the game log safely, even while tables are being played",
        "copier le journal des parties sans risque, même pendant qu'on joue aux tables",
        "copiar el registro de partidas sin riesgo, incluso mientras se juega en las mesas",
    ),
    "cli.help.backup_dest": M(
        "the new file to write the copy to",
        "le nouveau fichier où écrire la copie",
        "el archivo nuevo donde escribir la copia",
    ),
    "backup.done": M(
        "Copied {db} to {dest}: {tables:,} {tables:plural:table|tables}, {events:,} "
        "{events:plural:event|events}.",
        "{db} copié dans {dest} : {tables:,} {tables:plural:table|tables}, {events:,} "
        "{events:plural:événement|événements}.",
        "{db} copiado en {dest}: {tables:,} {tables:plural:mesa|mesas}, {events:,} "
        "{events:plural:evento|eventos}.",
    ),
    "cli.error.backup_exists": M(
        "{path} already exists: a backup is written to a new file only.",
        "{path} existe déjà : une copie ne s'écrit que dans un nouveau fichier.",
        "{path} ya existe: una copia solo se escribe en un archivo nuevo.",
    ),
    "store.error.backup_pg": M(
        "{db} is a PostgreSQL database: copy it with PostgreSQL's own tool, pg_dump "
        "(for example: pg_dump -Fc -f puntobanco.dump '{db}').",
        "{db} est une base PostgreSQL : copiez-la avec l'outil de PostgreSQL, pg_dump "
        "(par exemple : pg_dump -Fc -f puntobanco.dump '{db}').",
        "{db} es una base PostgreSQL: cópiela con la herramienta de PostgreSQL, pg_dump "
        "(por ejemplo: pg_dump -Fc -f puntobanco.dump '{db}').",
    ),
    "store.error.backup_scheme": M(
        "{db} is not a SQLite game log; backup copies SQLite files.",
        "{db} n'est pas un journal de parties SQLite ; backup copie des fichiers SQLite.",
        "{db} no es un registro de partidas SQLite; backup copia archivos SQLite.",
    ),
}
