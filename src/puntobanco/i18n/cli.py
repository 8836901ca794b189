"""Messages of the command line's edge: refused arguments, files, the database,
standard output; and argparse's own words in the three languages."""

from __future__ import annotations

from typing import NamedTuple

from puntobanco.i18n import Message as M


class Forms(NamedTuple):
    """A sentence's singular and plural forms in each language."""

    en: tuple[str, str]
    fr: tuple[str, str]
    es: tuple[str, str]


MESSAGES: dict[str, M] = {
    "cli.command": M("COMMAND", "COMMANDE", "ORDEN"),
    "cli.help.version": M(
        "show the version and exit", "afficher la version et quitter", "mostrar la versión y salir"
    ),
    # Arguments refused.
    "cli.error.not_whole": M(
        "{value!r} is not a whole number",
        "{value!r} n'est pas un nombre entier",
        "{value!r} no es un número entero",
    ),
    "cli.error.at_least": M(
        "{value} is too small: {minimum} at least",
        "{value} est trop petit : {minimum} au moins",
        "{value} es demasiado pequeño: {minimum} como mínimo",
    ),
    "cli.error.at_most": M(
        "{value} is too large: {maximum} at most",
        "{value} est trop grand : {maximum} au plus",
        "{value} es demasiado grande: {maximum} como máximo",
    ),
    "cli.error.between": M(
        "{value} is out of range: {minimum} to {maximum}",
        "{value} est hors limites : de {minimum} à {maximum}",
        "{value} está fuera de rango: de {minimum} a {maximum}",
    ),
    "cli.error.only_with": M(
        "{option} goes with {other}.",
        "{option} s'emploie avec {other}.",
        "{option} se usa con {other}.",
    ),
    "cli.error.not_with": M(
        "{option} cannot go with {other}: without a log there is nothing to read or resume.",
        "{option} ne peut pas aller avec {other} : sans journal, rien à lire ni à reprendre.",
        "{option} no puede ir con {other}: sin registro no hay nada que leer ni reanudar.",
    ),
    # Files.
    "cli.error.file": M("{path}: {reason}.", "{path} : {reason}.", "{path}: {reason}."),
    "cli.error.output": M(
        "the output cannot be written: {reason}.",
        "impossible d'écrire la sortie : {reason}.",
        "no se puede escribir la salida: {reason}.",
    ),
    "cli.error.extension": M(
        "{path}: unknown picture format; use one of {formats}.",
        "{path} : format d'image inconnu ; utilisez l'un de {formats}.",
        "{path}: formato de imagen desconocido; use uno de {formats}.",
    ),
    "cli.error.not_text": M(
        "{path} is not a text file in UTF-8 (byte {offset}); give a JSON lines file "
        "written by 'puntobanco export'.",
        "{path} n'est pas un fichier texte en UTF-8 (octet {offset}) ; donnez un fichier de "
        "lignes JSON écrit par « puntobanco export ».",
        "{path} no es un archivo de texto en UTF-8 (byte {offset}); dé un archivo de líneas "
        "JSON escrito por 'puntobanco export'.",
    ),
    "cli.error.empty_import": M(
        "{path} is empty: there is nothing to import.",
        "{path} est vide : il n'y a rien à importer.",
        "{path} está vacío: no hay nada que importar.",
    ),
    "cli.error.database": M(
        "{db} cannot be used as a game log ({reason}). Give another file with --db.",
        "{db} ne peut pas servir de journal des parties ({reason}). Donnez un autre fichier "
        "avec --db.",
        "{db} no puede servir de registro de partidas ({reason}). Dé otro archivo con --db.",
    ),
    "cli.reason.missing": M(
        "no such file or folder",
        "fichier ou dossier introuvable",
        "no existe tal archivo o carpeta",
    ),  # fmt: skip
    "cli.reason.directory": M("this is a folder", "c'est un dossier", "es una carpeta"),
    "cli.reason.not_directory": M(
        "a part of the path is a file, not a folder",
        "une partie du chemin est un fichier, pas un dossier",
        "una parte de la ruta es un archivo, no una carpeta",
    ),
    "cli.reason.not_db": M(
        "it is not a SQLite database", "ce n'est pas une base SQLite", "no es una base SQLite"
    ),
    "cli.reason.corrupt": M(
        "the database is damaged", "la base est endommagée", "la base está dañada"
    ),
    "cli.reason.busy": M(
        "another program holds the database locked",
        "un autre programme garde la base verrouillée",
        "otro programa mantiene la base bloqueada",
    ),
    "cli.reason.cannot_open": M(
        "it cannot be opened", "impossible de l'ouvrir", "no se puede abrir"
    ),
    "cli.reason.denied": M("permission denied", "permission refusée", "permiso denegado"),
    "cli.reason.read_only": M(
        "read-only file system",
        "système de fichiers en lecture seule",
        "sistema de archivos de solo lectura",
    ),  # fmt: skip
    "cli.reason.full": M(
        "no space left on the device", "plus de place sur le disque", "no queda espacio en el disco"
    ),  # fmt: skip
    "cli.reason.closed": M(
        "standard output is closed",
        "la sortie standard est fermée",
        "la salida estándar está cerrada",
    ),  # fmt: skip
    "odds.error.too_few": M(
        "{left} {left:plural:card is|cards are} left in the shoe; this needs {needed} at least "
        "(a coup can take six cards).",
        "Il reste {left} {left:plural:carte|cartes} dans le sabot ; il en faut {needed} au moins "
        "(un coup peut prendre six cartes).",
        "{left:plural:Queda|Quedan} {left} {left:plural:carta|cartas} en el zapato; hacen falta "
        "{needed} como mínimo (una mano puede usar seis cartas).",
    ),
    "error.sim.chunk_shoe": M(
        "A chunk of {chunk} {chunk:plural:coup|coups} is shorter than one shoe: "
        "every shoe would be cut short. Give --chunk {minimum} or more.",
        "Un lot de {chunk} {chunk:plural:coup|coups} est plus court qu'un sabot : "
        "chaque sabot serait écourté. Donnez --chunk {minimum} ou plus.",
        "Un lote de {chunk} {chunk:plural:mano|manos} es más corto que un zapato: "
        "cada zapato quedaría cortado. Dé --chunk {minimum} o más.",
    ),
    "cli.error.game": M(
        "the game stopped on an unexpected error: {reason}",
        "la partie s'est arrêtée sur une erreur inattendue : {reason}",
        "la partida se detuvo por un error inesperado: {reason}",
    ),
}

#: argparse's sentences (its English is the key), as ``argparse`` asks gettext for them.
ARGPARSE: dict[str, M] = {
    "usage: ": M("usage: ", "utilisation : ", "uso: "),
    "positional arguments": M("positional arguments", "arguments", "argumentos"),
    "options": M("options", "options", "opciones"),
    "show this help message and exit": M(
        "show this help message and exit",
        "afficher cette aide et quitter",
        "mostrar esta ayuda y salir",
    ),  # fmt: skip
    "%(prog)s: error: %(message)s\n": M(
        "%(prog)s: error: %(message)s\n",
        "%(prog)s : erreur : %(message)s\n",
        "%(prog)s: error: %(message)s\n",
    ),  # fmt: skip
    "argument %(argument_name)s: %(message)s": M(
        "argument %(argument_name)s: %(message)s",
        "argument %(argument_name)s : %(message)s",
        "argumento %(argument_name)s: %(message)s",
    ),  # fmt: skip
    "unrecognized arguments: %s": M(
        "unrecognized arguments: %s", "arguments inconnus : %s", "argumentos desconocidos: %s"
    ),
    "the following arguments are required: %s": M(
        "the following arguments are required: %s",
        "ces arguments sont obligatoires : %s",
        "estos argumentos son obligatorios: %s",
    ),  # fmt: skip
    "one of the arguments %s is required": M(
        "one of the arguments %s is required",
        "l'un des arguments %s est obligatoire",
        "uno de los argumentos %s es obligatorio",
    ),  # fmt: skip
    "expected one argument": M(
        "expected one argument", "une valeur est attendue", "se espera un valor"
    ),
    "expected at most one argument": M(
        "expected at most one argument",
        "une valeur au plus est attendue",
        "se espera un valor como máximo",
    ),  # fmt: skip
    "expected at least one argument": M(
        "expected at least one argument",
        "une valeur au moins est attendue",
        "se espera un valor como mínimo",
    ),  # fmt: skip
    "invalid choice: %(value)r (choose from %(choices)s)": M(
        "invalid choice: %(value)r (choose from %(choices)s)",
        "choix invalide : %(value)r (choisissez parmi %(choices)s)",
        "opción no válida: %(value)r (elija entre %(choices)s)",
    ),
    "invalid %(type)s value: %(value)r": M(
        "invalid %(type)s value: %(value)r",
        "valeur invalide (%(type)s) : %(value)r",
        "valor no válido (%(type)s): %(value)r",
    ),  # fmt: skip
    "not allowed with argument %s": M(
        "not allowed with argument %s",
        "impossible avec l'argument %s",
        "no se permite con el argumento %s",
    ),  # fmt: skip
    "ambiguous option: %(option)s could match %(matches)s": M(
        "ambiguous option: %(option)s could match %(matches)s",
        "option ambiguë : %(option)s peut désigner %(matches)s",
        "opción ambigua: %(option)s puede ser %(matches)s",
    ),
    "ignored explicit argument %r": M(
        "ignored explicit argument %r", "valeur %r non admise ici", "valor %r no admitido aquí"
    ),
}

#: argparse's one sentence with a plural (``ngettext``): singular and plural forms.
ARGPARSE_PLURAL: dict[str, Forms] = {
    "expected %s argument": Forms(
        ("expected %s argument", "expected %s arguments"),
        ("%s valeur attendue", "%s valeurs attendues"),
        ("se espera %s valor", "se esperan %s valores"),
    ),
}

#: The names of the values in ``--help`` (argparse's metavars), keyed by the English one:
#: an option's is its name in capitals (``--db DB``), a positional argument's its name.
#: ``cli._same_everywhere`` looks every argument's up here.
METAVARS: dict[str, M] = {
    "BANKROLL": M("BANKROLL", "CAPITAL", "CAPITAL"),
    "CHUNK": M("CHUNK", "LOT", "LOTE"),
    "COUPS": M("COUPS", "COUPS", "MANOS"),
    "CUT_CARD": M("CUT_CARD", "COUPE", "CORTE"),
    "DB": M("DB", "JOURNAL", "REGISTRO"),
    "DECKS": M("DECKS", "JEUX", "BARAJAS"),
    "FILE": M("FILE", "FICHIER", "ARCHIVO"),
    "FILE.png": M("FILE.png", "FICHIER.png", "ARCHIVO.png"),
    "HEAD": M("HEAD", "EMPREINTE", "HUELLA"),
    "HOST": M("HOST", "ADRESSE", "DIRECCIÓN"),
    "MAXIMUM": M("MAXIMUM", "MAXIMUM", "MÁXIMO"),
    "MINIMUM": M("MINIMUM", "MINIMUM", "MÍNIMO"),
    "N": M("N", "N", "N"),
    "NAME": M("NAME", "NOM", "NOMBRE"),
    "ORIGIN": M("ORIGIN", "ORIGINE", "ORIGEN"),
    "PORT": M("PORT", "PORT", "PUERTO"),
    "REMOVE": M("CARDS", "CARTES", "CARTAS"),
    "S,...": M("S,...", "P,...", "A,..."),
    "SCHEDULER": M("SCHEDULER", "ORDONNANCEUR", "PLANIFICADOR"),
    "SEED": M("SEED", "GRAINE", "SEMILLA"),
    "UNIT": M("UNIT", "UNITÉ", "UNIDAD"),
    "WORKERS": M("WORKERS", "PROCESSUS", "PROCESOS"),
    "cards": M("cards", "cartes", "cartas"),
    "dest": M("dest", "copie", "copia"),
    "file": M("file", "fichier", "archivo"),
    "name": M("name", "nom", "nombre"),
    "results": M("results", "résultats", "resultados"),
    "table": M("table", "table", "mesa"),
    "target": M("target", "cible", "objetivo"),
    "text": M("text", "texte", "texto"),
}
