"""Messages of running the server as a service: its configuration, its logs,
its health checks, the pages' description and shell completion."""

from __future__ import annotations

from puntobanco.i18n import Message as M

MESSAGES: dict[str, M] = {
    "ops.meta.description": M(
        "Punto Banco (baccarat) for everyone at the table: the host screen and each "
        "player's phone, in French, English or Spanish.",
        "Le punto banco (baccara) pour toute la table\u00a0: l'écran de l'hôte et le "
        "téléphone de chaque joueur, en français, en anglais ou en espagnol.",
        "Punto banco (bacará) para toda la mesa: la pantalla del anfitrión y el "
        "teléfono de cada jugador, en francés, inglés o español.",
    ),
    "ops.ready.store": M(
        "The server is up but its store does not answer.",
        "Le serveur tourne mais son journal ne répond pas.",
        "El servidor funciona pero su registro no responde.",
    ),
    # serve's flags.
    "ops.serve.config": M(
        "read the settings from this TOML file too (flags win, then PUNTOBANCO_* variables)",
        "lire aussi les réglages dans ce fichier TOML (les options l'emportent, puis les "
        "variables PUNTOBANCO_*)",
        "leer también los ajustes de este archivo TOML (las opciones mandan, luego las "
        "variables PUNTOBANCO_*)",
    ),
    "ops.serve.print_config": M(
        "print the settings in force (as TOML, secrets masked) and stop",
        "afficher les réglages en vigueur (en TOML, secrets masqués) et s'arrêter",
        "mostrar los ajustes vigentes (en TOML, con los secretos ocultos) y terminar",
    ),
    "ops.serve.log_level": M(
        "the least serious log lines written (default info)",
        "les lignes de journal les moins graves écrites (par défaut info)",
        "las líneas de registro menos graves que se escriben (por defecto info)",
    ),
    "ops.serve.log_format": M(
        "log lines as text, or as one JSON object a line for a log shipper (default text)",
        "lignes de journal en texte, ou en un objet JSON par ligne pour un collecteur de "
        "journaux (par défaut text)",
        "líneas de registro en texto, o un objeto JSON por línea para un recolector de "
        "registros (por defecto text)",
    ),
    "ops.serve.access_log": M(
        "one log line per HTTP request (default: on)",
        "une ligne de journal par requête HTTP (par défaut\u00a0: oui)",
        "una línea de registro por petición HTTP (por defecto: sí)",
    ),
    "ops.serve.origin": M(
        "another address the pages are opened from (a reverse proxy's), allowed to connect; "
        "repeat for several",
        "une autre adresse d'où les pages sont ouvertes (celle d'un proxy inverse), autorisée "
        "à se connecter\u202f; à répéter pour plusieurs",
        "otra dirección desde la que se abren las páginas (la de un proxy inverso), "
        "autorizada a conectarse; repítala para varias",
    ),
    # The settings of serve (file, environment, flags).
    "ops.config.header": M(
        "puntobanco serve: the settings in force (a flag wins over PUNTOBANCO_*, which wins "
        "over the file, which wins over the default)",
        "puntobanco serve\u00a0: les réglages en vigueur (une option l'emporte sur "
        "PUNTOBANCO_*, qui l'emporte sur le fichier, qui l'emporte sur le défaut)",
        "puntobanco serve: los ajustes vigentes (una opción manda sobre PUNTOBANCO_*, que "
        "manda sobre el archivo, que manda sobre el valor por defecto)",
    ),
    "ops.config.default": M("default", "par défaut", "por defecto"),
    "ops.config.syntax": M(
        "{path} is not a valid TOML file: {reason}.",
        "{path} n'est pas un fichier TOML valide\u00a0: {reason}.",
        "{path} no es un archivo TOML válido: {reason}.",
    ),
    "ops.config.unknown": M(
        "{path}: there is no setting {key!r}; the settings are {known}.",
        "{path}\u00a0: il n'y a pas de réglage {key!r}\u202f; les réglages sont {known}.",
        "{path}: no existe el ajuste {key!r}; los ajustes son {known}.",
    ),
    "ops.config.type": M(
        "{where}: {key} is {expected}, not {value!r}.",
        "{where}\u00a0: {key} est {expected}, pas {value!r}.",
        "{where}: {key} es {expected}, no {value!r}.",
    ),
    "ops.config.choice": M(
        "{where}: {key} is one of {choices}, not {value!r}.",
        "{where}\u00a0: {key} prend l'une des valeurs {choices}, pas {value!r}.",
        "{where}: {key} es uno de {choices}, no {value!r}.",
    ),
    "ops.config.port": M(
        "{where}: the port is a number from 1 to 65535, not {value}.",
        "{where}\u00a0: le port est un nombre de 1 à 65535, pas {value}.",
        "{where}: el puerto es un número de 1 a 65535, no {value}.",
    ),
    "ops.config.kind.int": M("a whole number", "un nombre entier", "un número entero"),
    "ops.config.kind.bool": M("true or false", "true ou false", "true o false"),
    "ops.config.kind.str": M(
        "a text in quotes", "un texte entre guillemets", "un texto entre comillas"
    ),
    "ops.config.kind.list": M(
        "a list of texts in quotes",
        "une liste de textes entre guillemets",
        "una lista de textos entre comillas",
    ),
    # Shell completion.
    "ops.help.completion": M(
        "print the tab completion script of a shell (bash, zsh, fish)",
        "afficher le script de complétion d'un shell (bash, zsh, fish)",
        "mostrar el script de autocompletado de un shell (bash, zsh, fish)",
    ),
    "ops.help.shell": M("the shell", "le shell", "el shell"),
    "ops.completion.missing": M(
        "Completion needs its extra: pip install 'puntobanco[completion]' ({module} is missing).",
        "La complétion demande son extra\u00a0: pip install 'puntobanco[completion]' "
        "({module} manque).",
        "El autocompletado necesita su extra: pip install 'puntobanco[completion]' "
        "(falta {module}).",
    ),
}
