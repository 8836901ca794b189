#!/usr/bin/env python3
"""Check a puntobanco shoe yourself: one file, Python 3.6+ standard library only.

Usage:
    python3 verify_shoe.py SHOES.json [--lang en|fr|es]
    puntobanco shoes TABLE --json | python3 verify_shoe.py -

The input is what ``puntobanco shoes TABLE --json`` (or ``GET
/api/tables/TABLE/shoes``) prints: one shoe object or a list of them. For
every shoe whose server seed is revealed it checks that

1. SHA-256 of the server seed is the commitment shown before the shoe began;
2. the client seed is the table and shoe number, plus each contribution;
3. every card dealt is the card the seeds put at that position.

The scheme, so that you can check this file against it:
stream = HMAC-SHA256(key=server_seed, msg=f"{client_seed}:{nonce}:{k}")
for k = 0, 1, 2, ..., read as 32-bit big-endian unsigned integers; a uniform
integer in [0, m) rejects u >= 2^32 - (2^32 mod m) and returns u mod m; the
unshuffled shoe is each deck spades, hearts, diamonds, clubs, A to K; Fisher-
Yates for i from n-1 down to 1 swaps i with a uniform j in [0, i+1); position 0
is the first card out of the shoe.

Exit status: 0 when every revealed shoe checks out, 1 when one does not (the
first thing that does not match is named), 2 when the input cannot be read.
"""

import hashlib
import hmac
import json
import os
import struct
import sys

SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
HEX = set("0123456789abcdef")

TEXT = {
    "ok": {
        "en": "shoe {shoe}: OK, commitment {commitment}, {dealt} card(s) dealt match the seeds",
        "fr": "sabot {shoe} : OK, engagement {commitment}, les {dealt} carte(s) distribuées "
        "correspondent aux graines",
        "es": "zapato {shoe}: OK, compromiso {commitment}, las {dealt} carta(s) repartidas "
        "coinciden con las semillas",
    },
    "not_secret": {
        "en": "  (this shoe was opened with an explicit seed: not secret, not fair play)",
        "fr": "  (ce sabot a été ouvert avec une graine explicite : pas secret, pas du jeu loyal)",
        "es": "  (este zapato se abrió con una semilla explícita: no es secreto ni juego limpio)",
    },
    "hidden": {
        "en": "shoe {shoe}: not revealed yet; note its commitment {commitment}",
        "fr": "sabot {shoe} : pas encore révélé ; notez son engagement {commitment}",
        "es": "zapato {shoe}: aún no revelado; anote su compromiso {commitment}",
    },
    "bad": {
        "en": "shoe {shoe}: FAILED: {reason}",
        "fr": "sabot {shoe} : ÉCHEC : {reason}",
        "es": "zapato {shoe}: FALLO: {reason}",
    },
    "summary": {
        "en": "{checked} shoe(s) checked, {hidden} not revealed yet.",
        "fr": "{checked} sabot(s) vérifié(s), {hidden} pas encore révélé(s).",
        "es": "{checked} zapato(s) comprobado(s), {hidden} aún no revelado(s).",
    },
    "unreadable": {
        "en": "cannot read {source}: {reason}",
        "fr": "impossible de lire {source} : {reason}",
        "es": "no se puede leer {source}: {reason}",
    },
    "field": {
        "en": "the field {field!r} is missing or wrong: {value!r}",
        "fr": "le champ {field!r} est absent ou faux : {value!r}",
        "es": "el campo {field!r} falta o es incorrecto: {value!r}",
    },
    "commitment": {
        "en": "SHA-256 of the server seed is {found}, not the commitment {shown}",
        "fr": "le SHA-256 de la graine du serveur est {found}, pas l'engagement {shown}",
        "es": "el SHA-256 de la semilla del servidor es {found}, no el compromiso {shown}",
    },
    "client_seed": {
        "en": "the client seed is {found!r}; the table, shoe and contributions give {expected!r}",
        "fr": "la graine client est {found!r} ; la table, le sabot et les contributions "
        "donnent {expected!r}",
        "es": "la semilla del cliente es {found!r}; la mesa, el zapato y las contribuciones "
        "dan {expected!r}",
    },
    "nonce": {
        "en": "the nonce is {nonce}, not the shoe's number",
        "fr": "le nonce est {nonce}, pas le numéro du sabot",
        "es": "el nonce es {nonce}, no el número del zapato",
    },
    "too_many": {
        "en": "{dealt} cards dealt, more than {size} in the shoe",
        "fr": "{dealt} cartes distribuées, plus que les {size} du sabot",
        "es": "{dealt} cartas repartidas, más que las {size} del zapato",
    },
    "card": {
        "en": "card {position} (from 0) dealt was {card}, but the seeds give {expected}",
        "fr": "la carte {position} (à partir de 0) distribuée était {card}, mais les graines "
        "donnent {expected}",
        "es": "la carta {position} (desde 0) repartida fue {card}, pero las semillas dan "
        "{expected}",
    },
}


class Mismatch(Exception):
    """A shoe that does not check out: a message key and its values."""

    def __init__(self, key, **params):
        super().__init__(key)
        self.key = key
        self.params = params


def say(lang, key, **params):
    return TEXT[key][lang].format(**params)


def words(server_seed, client_seed, nonce):
    """The stream as 32-bit big-endian unsigned integers."""
    k = 0
    while True:
        message = f"{client_seed}:{nonce}:{k}".encode()
        block = hmac.new(server_seed, message, hashlib.sha256).digest()
        yield from struct.unpack(">8I", block)
        k += 1


def uniform(stream, m):
    """A uniform integer in [0, m): reject u >= 2^32 - (2^32 mod m), return u mod m."""
    limit = 2**32 - (2**32 % m)
    u = next(stream)
    while u >= limit:
        u = next(stream)
    return u % m


def shuffled(server_seed, client_seed, nonce, decks):
    """Every card of the shoe in the order it leaves the shoe."""
    cards = [rank + suit for _ in range(decks) for suit in SUITS for rank in RANKS]
    stream = words(server_seed, client_seed, nonce)
    for i in range(len(cards) - 1, 0, -1):
        j = uniform(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def is_hex64(value):
    return isinstance(value, str) and len(value) == 64 and set(value) <= HEX


def field(shoe, name, kinds):
    value = shoe.get(name)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise Mismatch("field", field=name, value=value)
    return value


def check(shoe):
    """True when checked, False when not revealed yet; raises Mismatch."""
    if not isinstance(shoe, dict):
        raise Mismatch("field", field="shoe", value=shoe)
    number = field(shoe, "shoe", (int,))
    table = field(shoe, "table", (str,))
    decks = field(shoe, "decks", (int,))
    if not 1 <= decks <= 8:
        raise Mismatch("field", field="decks", value=decks)
    shown = field(shoe, "commitment", (str,))
    if not is_hex64(shown):
        raise Mismatch("field", field="commitment", value=shown)
    client_seed = field(shoe, "client_seed", (str,))
    nonce = field(shoe, "nonce", (int,))
    if nonce != number:
        raise Mismatch("nonce", nonce=nonce)
    contributions = shoe.get("contributions", [])
    if not isinstance(contributions, list) or not all(isinstance(c, str) for c in contributions):
        raise Mismatch("field", field="contributions", value=contributions)
    expected = "|".join([f"{table}/{nonce}"] + contributions)
    if client_seed != expected:
        raise Mismatch("client_seed", found=client_seed, expected=expected)
    field(shoe, "secret", (bool,))
    dealt = field(shoe, "dealt", (list,))
    seed = shoe.get("server_seed")
    if seed is None:
        return False
    if not is_hex64(seed):
        raise Mismatch("field", field="server_seed", value=seed)
    found = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    if found != shown:
        raise Mismatch("commitment", found=found, shown=shown)
    order = shuffled(bytes.fromhex(seed), client_seed, nonce, decks)
    if len(dealt) > len(order):
        raise Mismatch("too_many", dealt=len(dealt), size=len(order))
    for position, card in enumerate(dealt):
        if card != order[position]:
            raise Mismatch("card", position=position, card=card, expected=order[position])
    return True


def language(argv):
    if "--lang" in argv:
        i = argv.index("--lang")
        if i + 1 < len(argv) and argv[i + 1] in ("en", "fr", "es"):
            lang = argv[i + 1]
            del argv[i : i + 2]
            return lang
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        code = os.environ.get(name, "")[:2].lower()
        if code in ("en", "fr", "es"):
            return code
    return "en"


def main(argv):
    argv = list(argv)
    lang = language(argv)
    if len(argv) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    source = argv[0]
    try:
        if source == "-":
            data = json.load(sys.stdin)
        else:
            with open(source, encoding="utf-8") as handle:
                data = json.load(handle)
    except (OSError, ValueError) as error:
        print(say(lang, "unreadable", source=source, reason=error), file=sys.stderr)
        return 2
    shoes = data if isinstance(data, list) else [data]
    checked = hidden = 0
    for shoe in shoes:
        number = shoe.get("shoe", "?") if isinstance(shoe, dict) else "?"
        try:
            revealed = check(shoe)
        except Mismatch as error:
            reason = say(lang, error.key, **error.params)
            print(say(lang, "bad", shoe=number, reason=reason))
            return 1
        if revealed:
            checked += 1
            print(
                say(
                    lang, "ok", shoe=number, commitment=shoe["commitment"], dealt=len(shoe["dealt"])
                )
            )
            if not shoe["secret"]:
                print(say(lang, "not_secret"))
        else:
            hidden += 1
            print(say(lang, "hidden", shoe=number, commitment=shoe["commitment"]))
    print(say(lang, "summary", checked=checked, hidden=hidden))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
