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
