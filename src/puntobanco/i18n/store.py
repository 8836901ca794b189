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
}
