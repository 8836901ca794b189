#!/usr/bin/env python3
"""Check a puntobanco shoe, or a whole table's log, yourself: one file, Python 3.6+
standard library only.

Usage:
    python3 verify_shoe.py SHOES.json [--lang en|fr|es]
    puntobanco shoes TABLE --json | python3 verify_shoe.py -
    python3 verify_shoe.py TABLE.jsonl [--lang en|fr|es]

SHOES.json is what ``puntobanco shoes TABLE --json`` (or ``GET
/api/tables/TABLE/shoes``) prints: one shoe object or a list of them. For
every shoe whose server seed is revealed it checks that

1. SHA-256 of the server seed is the commitment shown before the shoe began;
2. the client seed is the table and shoe number, plus each contribution;
3. every card dealt is the card the seeds put at that position.

TABLE.jsonl is a log as ``puntobanco export TABLE --jsonl`` writes it (one
event a line). For each table in it this checks the hash chain and that its
stored times never go back (the deadlines are read from them), then, at a
table that takes its players' contributions, every step of every shoe's:
the server seed committed before anything else of the shoe; each seated
player's commitment once, before the reveals open; the call; the reveals
opened no sooner than the commitment time after the call unless everyone
seated had committed; each reveal matching its commitment; the reveals
closed naming exactly who did not reveal, no sooner than the reveal time
unless nobody is left out; the shoe shuffled after that, with the committed
server seed and the revealed values in commit order; no bet while a shoe
waits. Every shoe written whole (revealed) is shuffled again from its seeds
and every card that left it (the burn included) compared.

The scheme, so that you can check this file against it:
stream = HMAC-SHA256(key=server_seed, msg=f"{client_seed}:{nonce}:{k}")
for k = 0, 1, 2, ..., read as 32-bit big-endian unsigned integers; a uniform
integer in [0, m) rejects u >= 2^32 - (2^32 mod m) and returns u mod m; the
unshuffled shoe is each deck spades, hearts, diamonds, clubs, A to K; Fisher-
Yates for i from n-1 down to 1 swaps i with a uniform j in [0, i+1); position 0
is the first card out of the shoe. A contribution's commitment is SHA-256 of
b"puntobanco-contribution-v1", then the table id, the shoe number (4 bytes
big-endian), the player's name, each text in UTF-8 preceded by its length in
4 bytes big-endian, then the 32 bytes; client_seed = f"{table}/{shoe}" and
"|" + value (64 hex digits) for each revealed value in commit order. A log's
hash: SHA-256 of the JSON {"event", "prev", "seq", "table", "time"}, keys
sorted, separators "," and ":", non-ASCII as it is, UTF-8.

Exit status: 0 when everything checks out, 1 when something does not (the
first thing that does not match is named), 2 when the input cannot be read.
"""

import hashlib
import hmac
import json
import os
import re
import struct
import sys
from datetime import datetime, timedelta
from functools import partial

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
    "injected": {
        "en": "  not secret: the seeds came from a source other than the operating system's",
        "fr": "  pas secret\u00a0: les graines viennent d'une autre source que celle du système "
        "d'exploitation",
        "es": "  no es secreto: las semillas vienen de otra fuente que la del sistema operativo",
    },
    "server_only": {
        "en": "  no player contributed: the server alone chose this shoe",
        "fr": "  aucun joueur n'y a contribué\u00a0: le serveur seul a choisi ce sabot",
        "es": "  ningún jugador contribuyó: solo el servidor eligió este zapato",
    },
    "source": {
        "en": "the shoe is shuffled with a seed from another source ({found}) than the one its "
        "commitment said ({expected})",
        "fr": "le sabot est mélangé avec une graine d'une autre source ({found}) que celle "
        "annoncée avec son engagement ({expected})",
        "es": "el zapato se baraja con una semilla de otra fuente ({found}) que la anunciada "
        "con su compromiso ({expected})",
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
    "log_table": {
        "en": "table {table}: {events} event(s), hash chain unbroken, head {head}",
        "fr": "table {table}\u00a0: {events} événement(s), chaîne de hachage intacte, tête {head}",
        "es": "mesa {table}: {events} evento(s), cadena de hash intacta, cabeza {head}",
    },
    "log_contributions": {
        "en": "table {table}: {shoes} shoe(s) shuffled with their players' contributions, every "
        "step in order: {revealed} value(s) revealed, {excluded} player(s) left out: {names}",
        "fr": "table {table}\u00a0: {shoes} sabot(s) mélangé(s) avec les contributions de leurs "
        "joueurs, chaque étape dans l'ordre\u00a0: {revealed} valeur(s) révélée(s), {excluded} "
        "joueur(s) laissé(s) de côté\u00a0: {names}",
        "es": "mesa {table}: {shoes} zapato(s) barajado(s) con las contribuciones de sus "
        "jugadores, cada paso en orden: {revealed} valor(es) revelado(s), {excluded} "
        "jugador(es) excluido(s): {names}",
    },
    "log_bad": {
        "en": "table {table}, line {line} ({event}, shoe {shoe}): FAILED: {reason}",
        "fr": "table {table}, ligne {line} ({event}, sabot {shoe})\u00a0: ÉCHEC\u00a0: {reason}",
        "es": "mesa {table}, línea {line} ({event}, zapato {shoe}): FALLO: {reason}",
    },
    "line": {
        "en": "line {line} is not an event of a log: {reason}",
        "fr": "la ligne {line} n'est pas un événement de journal\u00a0: {reason}",
        "es": "la línea {line} no es un evento de un registro: {reason}",
    },
    "chain": {
        "en": "the hash chain is broken here (an event edited, removed, inserted or moved)",
        "fr": "la chaîne de hachage est rompue ici (un événement modifié, retiré, inséré ou "
        "déplacé)",
        "es": "la cadena de hash está rota aquí (un evento modificado, quitado, insertado o "
        "movido)",
    },
    "time": {
        "en": "the stored time {time} is not a time with its zone (ISO 8601)",
        "fr": "l’heure enregistrée {time} n’est pas une heure avec son fuseau (ISO 8601)",
        "es": "la hora guardada {time} no es una hora con su zona (ISO 8601)",
    },
    "time_back": {
        "en": "the stored time {time} comes before the line above's ({previous}): a table's "
        "times never go back (the deadlines are read from them); the clock of the machine "
        "that wrote it went back, or the line was edited",
        "fr": "l’heure enregistrée {time} précède celle de la ligne d’avant ({previous})"
        "\u00a0: les heures d’une table ne reculent jamais (les délais s’y lisent)\u202f; "
        "l’horloge de la machine qui l’a écrite a reculé, ou la ligne a été modifiée",
        "es": "la hora guardada {time} es anterior a la de la línea de antes ({previous}): las "
        "horas de una mesa nunca retroceden (los plazos se leen en ellas); el reloj de la "
        "máquina que la escribió retrocedió, o la línea fue modificada",
    },
    "seq": {
        "en": "event number {seq} where {expected} was expected",
        "fr": "événement numéro {seq} là où le {expected} était attendu",
        "es": "evento número {seq} donde se esperaba el {expected}",
    },
    "before_commitment": {
        "en": "a step of the shoe before its server seed was committed: whoever knew the seed "
        "could have chosen it after seeing the contributions",
        "fr": "une étape du sabot avant que sa graine du serveur ne soit engagée\u202f; qui "
        "connaissait la graine aurait pu la choisir après avoir vu les contributions",
        "es": "un paso del zapato antes de que se comprometiera su semilla del servidor: quien "
        "la conocía pudo elegirla tras ver las contribuciones",
    },
    "out_of_order": {
        "en": "a step out of order (commitment, commitments, call, reveals open, reveals, "
        "close, shuffle)",
        "fr": "une étape hors de son ordre (engagement, engagements des joueurs, appel, "
        "ouverture des révélations, révélations, clôture, mélange)",
        "es": "un paso fuera de orden (compromiso, compromisos, llamada, apertura de "
        "revelaciones, revelaciones, cierre, barajado)",
    },
    "commit_after_reveals": {
        "en": "{name} commits after the reveals opened",
        "fr": "{name} s'engage après l'ouverture des révélations",
        "es": "{name} se compromete después de abrirse las revelaciones",
    },
    "not_seated": {
        "en": "{name} commits without a seat at the table",
        "fr": "{name} s'engage sans être assis à la table",
        "es": "{name} se compromete sin estar sentado a la mesa",
    },
    "twice": {
        "en": "{name} commits or reveals a second time",
        "fr": "{name} s'engage ou révèle une deuxième fois",
        "es": "{name} se compromete o revela por segunda vez",
    },
    "not_hex": {
        "en": "{value!r} is not 64 lowercase hexadecimal digits",
        "fr": "{value!r} n'est pas fait de 64 chiffres hexadécimaux minuscules",
        "es": "{value!r} no son 64 dígitos hexadecimales en minúscula",
    },
    "copied": {
        "en": "the commitment of {name} is a copy of another player's",
        "fr": "l'engagement de {name} est la copie de celui d'un autre joueur",
        "es": "el compromiso de {name} es una copia del de otro jugador",
    },
    "seconds": {
        "en": "{found} seconds, where the table's setting is {setting}",
        "fr": "{found}\u00a0secondes, alors que le réglage de la table est {setting}",
        "es": "{found} segundos, cuando el ajuste de la mesa es {setting}",
    },
    "early_reveals": {
        "en": "the reveals opened before the commitment time was up, while {names} had not "
        "committed",
        "fr": "les révélations ont ouvert avant la fin du temps d'engagement, alors que "
        "{names} ne s'étai(en)t pas engagé(s)",
        "es": "las revelaciones se abrieron antes de acabar el tiempo de compromiso, cuando "
        "{names} no se había(n) comprometido",
    },
    "uncommitted": {
        "en": "{name} reveals without having committed",
        "fr": "{name} révèle sans s'être engagé",
        "es": "{name} revela sin haberse comprometido",
    },
    "mismatch": {
        "en": "the value {name} reveals is not the one their commitment binds",
        "fr": "la valeur que révèle {name} n'est pas celle que lie son engagement",
        "es": "el valor que revela {name} no es el que vincula su compromiso",
    },
    "excluded": {
        "en": "the players left out are {found}, but those who committed and did not reveal "
        "are {expected}",
        "fr": "les joueurs laissés de côté sont {found}, mais ceux qui se sont engagés sans "
        "révéler sont {expected}",
        "es": "los jugadores excluidos son {found}, pero los que se comprometieron sin revelar "
        "son {expected}",
    },
    "early_close": {
        "en": "the reveals closed before their time was up, leaving out {names}",
        "fr": "les révélations ont été closes avant la fin de leur temps, laissant de côté {names}",
        "es": "las revelaciones se cerraron antes de acabar su tiempo, excluyendo a {names}",
    },
    "unclosed": {
        "en": "the shoe is shuffled before its reveals closed",
        "fr": "le sabot est mélangé avant la clôture de ses révélations",
        "es": "el zapato se baraja antes del cierre de sus revelaciones",
    },
    "seed": {
        "en": "the shoe is shuffled with another server seed than the one committed for it",
        "fr": "le sabot est mélangé avec une autre graine du serveur que celle engagée pour lui",
        "es": "el zapato se baraja con otra semilla del servidor que la comprometida para él",
    },
    "typed": {
        "en": "a typed contribution at a table that takes committed ones only",
        "fr": "une contribution tapée à une table qui ne prend que des contributions engagées",
        "es": "una contribución escrita en una mesa que solo admite contribuciones comprometidas",
    },
    "not_taken": {
        "en": "a contribution at a table that takes none (real cards, a seed, an older table)",
        "fr": "une contribution à une table qui n'en prend pas (vraies cartes, graine, table "
        "plus ancienne)",
        "es": "una contribución en una mesa que no las admite (cartas reales, semilla, mesa "
        "más antigua)",
    },
    "waiting": {
        "en": "a bet or a coup while the next shoe waits for its contributions",
        "fr": "une mise ou un coup alors que le prochain sabot attend ses contributions",
        "es": "una apuesta o una mano mientras el próximo zapato espera sus contribuciones",
    },
    "early_call": {
        "en": "the shoe is called before shoe {before} ended (its seed is not revealed yet)",
        "fr": "le sabot est appelé avant la fin du sabot {before} (sa graine n'est pas encore "
        "révélée)",
        "es": "el zapato se llama antes de que acabe el zapato {before} (su semilla aún no se "
        "ha revelado)",
    },
    "revealed_seed": {
        "en": "the seed revealed is not the one the shoe was shuffled with",
        "fr": "la graine révélée n'est pas celle avec laquelle le sabot a été mélangé",
        "es": "la semilla revelada no es la que barajó el zapato",
    },
    "server_only_dealt": {
        "en": "a coup dealt from a shoe the server alone chose, at a table set to deal only "
        "shoes a player contributed to",
        "fr": "un coup distribué d'un sabot que le serveur seul a choisi, à une table réglée "
        "pour ne distribuer que des sabots auxquels un joueur a contribué",
        "es": "una mano repartida de un zapato que solo eligió el servidor, en una mesa "
        "ajustada para repartir solo zapatos a los que contribuyó un jugador",
    },
    "derived": {
        "en": "the server seed is not the one the table's public seed gives",
        "fr": "la graine du serveur n'est pas celle que donne la graine publique de la table",
        "es": "la semilla del servidor no es la que da la semilla pública de la mesa",
    },
    "order": {
        "en": "card {position} (from 0) of the shoe is {card}, but the seeds put {expected} there",
        "fr": "la carte {position} (à partir de 0) du sabot est {card}, mais les graines y "
        "mettent {expected}",
        "es": "la carta {position} (desde 0) del zapato es {card}, pero las semillas ponen "
        "{expected}",
    },
    "dealt": {
        "en": "card {position} (from 0) dealt was {card}, but the shoe holds {expected} there",
        "fr": "la carte {position} (à partir de 0) distribuée était {card}, mais le sabot y a "
        "{expected}",
        "es": "la carta {position} (desde 0) repartida fue {card}, pero el zapato tiene {expected}",
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
    secret = field(shoe, "secret", (bool,))
    source = shoe.get("source")
    if source not in (None, INJECTED):
        raise Mismatch("field", field="source", value=source)
    if secret and (source is not None or shoe.get("table_seed") is not None):
        raise Mismatch("field", field="secret", value=secret)
    if shoe.get("server_only") not in (None, server_only(shoe)):
        raise Mismatch("field", field="server_only", value=shoe.get("server_only"))
    steps = [shoe.get(name) for name in ("commitments", "reveals", "excluded")]
    if shoe.get("scheme") == 2 and any(steps):  # a record with its steps: checked too
        check_steps(shoe, table, number, contributions)
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


def server_only(shoe):
    """True for a secret shoe none of whose contributions came from a seat that is not
    the operator's own: ``contributors`` (who gave each contribution; in an older
    record, the players who revealed, in commit order) all in ``house``."""
    if not shoe.get("secret"):
        return False
    contributors = shoe.get("contributors")
    if contributors is None:  # a record written before the field
        reveals = shoe.get("reveals") or []
        contributors = [r.get("name") for r in reveals if isinstance(r, dict)]
        if not reveals:
            contributors = [None] * len(shoe.get("contributions") or [])
    if not isinstance(contributors, list):
        raise Mismatch("field", field="contributors", value=contributors)
    if len(contributors) != len(shoe.get("contributions") or []):
        raise Mismatch("field", field="contributors", value=contributors)
    house = shoe.get("house") or []
    if not isinstance(house, list):
        raise Mismatch("field", field="house", value=house)
    return all(name in house for name in contributors)


def check_steps(shoe, table, number, contributions):
    """A record's commitments, reveals and players left out, as the log's rules 5 to 7
    check them: each value revealed is the one its commitment binds, the contributions
    are the values revealed in commit order, ``excluded`` is exactly the committed
    players who did not reveal (in commit order), and when it is not empty the reveals
    were open at least ``reveal_seconds`` (``windows``) by the stored ``times``."""
    commits = field(shoe, "commitments", (list,))
    reveals = field(shoe, "reveals", (list,))
    excluded = field(shoe, "excluded", (list,))
    digests = {}
    for commit in commits:
        if not isinstance(commit, dict) or not isinstance(commit.get("name"), str):
            raise Mismatch("field", field="commitments", value=commit)
        if not is_hex64(commit.get("digest")):
            raise Mismatch("field", field="commitments", value=commit)
        digests[commit["name"]] = commit["digest"]
    values = {}
    for reveal in reveals:
        name = reveal.get("name") if isinstance(reveal, dict) else None
        value = reveal.get("value") if isinstance(reveal, dict) else None
        if name not in digests or not is_hex64(value):
            raise Mismatch("field", field="reveals", value=reveal)
        if contribution_digest(table, number, name, bytes.fromhex(value)) != digests[name]:
            raise Mismatch("mismatch", name=name)
        values[name] = value
    order = [c["name"] for c in commits]
    named = shoe.get("contributors")
    if named is not None and named != [n for n in order if n in values]:
        raise Mismatch("field", field="contributors", value=named)
    if contributions != [values[n] for n in order if n in values]:
        expected = "|".join([f"{table}/{number}"] + [values[n] for n in order if n in values])
        raise Mismatch("client_seed", found=shoe.get("client_seed"), expected=expected)
    silent = [n for n in order if n not in values]
    if excluded != silent:
        raise Mismatch("excluded", found=", ".join(map(str, excluded)) or "-",
                       expected=", ".join(silent) or "-")  # fmt: skip
    windows, times = shoe.get("windows"), shoe.get("times")
    if silent and isinstance(windows, dict) and isinstance(times, dict):
        opened, closed = stamp(times.get("reveals_opened")), stamp(times.get("closed"))
        if not waited(opened, closed, windows.get("reveal_seconds", 0)):
            raise Mismatch("early_close", names=", ".join(silent))


# -- a whole log ---------------------------------------------------------------

GENESIS = "0" * 64
#: A seed's ``source`` when it came from a random source the program gave the table,
#: not the operating system's (absent or null: the operating system's).
INJECTED = "injected"
TAG = b"puntobanco-contribution-v1"
STEPS = (
    "ContributionCommitted",
    "ShoeCalled",
    "RevealsOpened",
    "ContributionRevealed",
    "ContributionsClosed",
)
TIME = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-]\d\d:\d\d|Z)$")


class LogFault(Exception):
    """A log that does not check out: where (line, event, shoe), a message key, its values."""

    def __init__(self, line, event, shoe, key, **params):
        super().__init__(key)
        self.line, self.event, self.shoe = line, event, shoe
        self.key, self.params = key, params


def link(line):
    """The hash of one exported line: SHA-256 of its canonical JSON."""
    data = {k: line[k] for k in ("event", "prev", "seq", "table", "time")}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def stamp(text):
    """A stored time (ISO 8601 with its offset) in UTC, or None."""
    found = TIME.match(text) if isinstance(text, str) else None
    if found is None:
        return None
    year, month, day, hour, minute, second, fraction, offset = found.groups()
    micro = int((fraction or "0").ljust(6, "0"))
    numbers = (year, month, day, hour, minute, second)
    moment = datetime(*(int(n) for n in numbers), micro)
    if offset != "Z":
        sign = -1 if offset[0] == "-" else 1
        moment -= sign * timedelta(hours=int(offset[1:3]), minutes=int(offset[4:6]))
    return moment


def counted(text):
    data = text.encode("utf-8")
    return struct.pack(">I", len(data)) + data


def contribution_digest(table, shoe, name, value):
    """The commitment to ``value`` (bytes) by ``name`` to shoe ``shoe`` of ``table``."""
    message = TAG + counted(table) + struct.pack(">I", shoe) + counted(name) + value
    return hashlib.sha256(message).hexdigest()


def read_log(text):
    """Each table's lines, in order: ``{table: [(line_number, line), ...]}``."""
    tables = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
            ok = isinstance(line, dict) and set(line) == {
                "table",
                "seq",
                "time",
                "event",
                "prev",
                "hash",
            }
            ok = ok and isinstance(line["event"], dict) and isinstance(line["table"], str)
            if not ok:
                raise ValueError("expected the keys table, seq, time, event, prev, hash")
        except ValueError as error:
            raise Mismatch("line", line=number, reason=error) from None
        tables.setdefault(line["table"], []).append((number, line))
    return tables


class Shoe:
    """What the log says of one shoe so far."""

    def __init__(self):
        self.commitment = None  # of its server seed, committed in advance
        self.window = "commit"  # commit, called, reveal, closed
        self.commits = []  # (name, digest), in the order recorded
        self.revealed = {}  # name -> value
        self.excluded = []
        self.called_at = self.opened_at = None
        self.texts = []  # the typed contributions of a table of the older scheme
        self.typed_by = []  # (name, the operator's own seat) of each typed text
        self.house = set()  # who committed from one of the operator's own seats
        self.source = None  # where its server seed came from: None, the OS's source
        self.seed = None  # the server seed it was shuffled with, when written whole
        self.shuffled = False

    def values(self):
        return [self.revealed[n] for n, _ in self.commits if n in self.revealed]


def check_table(table, lines):
    """Check one table's lines; returns what to report; raises LogFault or Mismatch."""
    seq, prev, last, last_time = 0, GENESIS, None, None
    for number, line in lines:
        seq += 1
        event = line["event"]
        kind = event.get("type", "?")
        if line["seq"] != seq:
            raise LogFault(number, kind, "-", "seq", seq=line["seq"], expected=seq)
        if line["prev"] != prev or line["hash"] != link(line):
            raise LogFault(number, kind, "-", "chain")
        prev = line["hash"]
        moment = stamp(line["time"])
        if moment is None:
            raise LogFault(number, kind, "-", "time", time=line["time"])
        if last is not None and moment < last:
            raise LogFault(number, kind, "-", "time_back", time=line["time"], previous=last_time)
        last, last_time = moment, line["time"]
    opened = lines[0][1]["event"]
    if opened.get("type") != "TableOpened" or not isinstance(opened.get("config"), dict):
        raise LogFault(lines[0][0], opened.get("type", "?"), "-", "out_of_order")
    config = opened["config"]
    decks, seed = config.get("decks"), config.get("seed")
    if not isinstance(decks, int) or not 1 <= decks <= 8:
        raise Mismatch("field", field="decks", value=decks)
    newer = config.get("reveal_seconds") is not None
    strict = config.get("contributed_only") is True  # deals no shoe the server alone chose
    alone = False  # the shoe being dealt is the server's alone
    takes = newer and seed is None and config.get("format") != "assist"
    seated, shoes, waiting = set(), {}, takes
    revealed = set()  # the shoes that have ended, their seeds public (ShoeRevealed)
    seeds_shown = set()  # the shoes whose ShoeRevealed has come (once each)
    house = set()  # the seated players whose seats are the operator's own
    report = {"events": len(lines), "head": prev, "shoes": [], "gathered": 0, "values": 0}
    report["excluded"] = []
    current = None  # the shoe being dealt: [number, order, position] when its order is known

    for number, line in lines:
        event = line["event"]
        kind = event.get("type", "?")
        shoe_no = event.get("shoe", "-")

        fault = partial(LogFault, number, kind, shoe_no)

        if kind == "PlayerSeated":
            seated.add(event["name"])
            if event.get("house", True) is not True:  # true, or absent (a player's own)
                raise fault("field", field="house", value=event["house"])
            if event.get("house") is True:
                house.add(event["name"])
            else:
                house.discard(event["name"])
        elif kind == "PlayerLeft":
            seated.discard(event["name"])
        elif kind == "ShoeRevealed":
            revealed.add(shoe_no)
            ended = shoes.get(shoe_no)
            if ended is None or not ended.shuffled or shoe_no in seeds_shown:
                raise fault("out_of_order")
            seeds_shown.add(shoe_no)
            shown = event.get("server_seed")
            if ended.seed is not None and shown != ended.seed:
                raise fault("revealed_seed")
            if (
                ended.seed is None
                and ended.commitment is not None
                and (
                    not is_hex64(shown)
                    or hashlib.sha256(bytes.fromhex(shown)).hexdigest() != ended.commitment
                )
            ):
                raise fault("revealed_seed")
        elif kind == "PlayerRenamed":  # a commitment keeps the name it binds
            seated.discard(event["name"])
            seated.add(event["new_name"])
            if event["name"] in house:  # the same seat, under its new name
                house.discard(event["name"])
                house.add(event["new_name"])
        elif kind == "SeedContributed":
            if newer:
                raise fault("typed")
            typed = shoes.setdefault(shoe_no, Shoe())
            typed.texts.append(event["text"])
            typed.typed_by.append((event["name"], event["name"] in house))
        elif kind in STEPS and not takes:
            raise fault("not_taken")
        elif kind in ("BetPlaced", "BetsClosed", "CoupDealt", "BetsOpened") and waiting:
            raise fault("waiting")
        elif kind == "CoupDealt" and strict and alone:
            raise fault("server_only_dealt")
        if kind in ("NextShoeCommitted", "NextShoeHidden"):
            shoe = shoes.setdefault(shoe_no, Shoe())
            if shoe.commitment is not None or shoe.shuffled:
                raise fault("out_of_order")
            shoe.source = event.get("source")
            if shoe.source not in (None, INJECTED):
                raise fault("field", field="source", value=shoe.source)
            if kind == "NextShoeHidden":
                shoe.commitment = event.get("commitment")
            else:
                shoe.commitment = hashlib.sha256(bytes.fromhex(event["server_seed"])).hexdigest()
        elif kind in STEPS:
            shoe = shoes.get(shoe_no)
            if shoe is None or shoe.commitment is None:
                raise fault("before_commitment")
            if shoe.shuffled:
                raise fault("out_of_order")
            now = stamp(line["time"])
            name = event.get("name")
            if kind == "ContributionCommitted":
                digest = event.get("digest")
                if shoe.window not in ("commit", "called"):
                    raise fault("commit_after_reveals", name=name)
                if name not in seated:
                    raise fault("not_seated", name=name)
                if any(n == name for n, _ in shoe.commits):
                    raise fault("twice", name=name)
                if not is_hex64(digest):
                    raise fault("not_hex", value=digest)
                if any(d == digest for _, d in shoe.commits):
                    raise fault("copied", name=name)
                shoe.commits.append((name, digest))
                if name in house:
                    shoe.house.add(name)
            elif kind == "ShoeCalled":
                if shoe.window != "commit":
                    raise fault("out_of_order")
                if shoe_no > 1 and shoe_no - 1 not in revealed:
                    raise fault("early_call", before=shoe_no - 1)
                if event.get("seconds") != config.get("commit_seconds"):
                    raise fault(
                        "seconds", found=event.get("seconds"), setting=config["commit_seconds"]
                    )
                shoe.window, shoe.called_at, waiting = "called", now, True
            elif kind == "RevealsOpened":
                if shoe.window != "called":
                    raise fault("out_of_order")
                if event.get("seconds") != config.get("reveal_seconds"):
                    raise fault(
                        "seconds", found=event.get("seconds"), setting=config["reveal_seconds"]
                    )
                committed = {n for n, _ in shoe.commits}
                missing = sorted(n for n in seated if n not in committed)
                if missing and not waited(shoe.called_at, now, config["commit_seconds"]):
                    raise fault("early_reveals", names=", ".join(missing))
                shoe.window, shoe.opened_at = "reveal", now
            elif kind == "ContributionRevealed":
                if shoe.window != "reveal":
                    raise fault("out_of_order")
                committed = dict(shoe.commits).get(name)
                if committed is None:
                    raise fault("uncommitted", name=name)
                if name in shoe.revealed:
                    raise fault("twice", name=name)
                value = event.get("value")
                if not is_hex64(value):
                    raise fault("not_hex", value=value)
                if contribution_digest(table, shoe_no, name, bytes.fromhex(value)) != committed:
                    raise fault("mismatch", name=name)
                shoe.revealed[name] = value
            else:  # ContributionsClosed
                if shoe.window != "reveal":
                    raise fault("out_of_order")
                unrevealed = [n for n, _ in shoe.commits if n not in shoe.revealed]
                excluded = event.get("excluded")
                if excluded != unrevealed:
                    found = ", ".join(excluded) if isinstance(excluded, list) else repr(excluded)
                    raise fault(
                        "excluded", found=found or "-", expected=", ".join(unrevealed) or "-"
                    )
                if excluded and not waited(shoe.opened_at, now, config["reveal_seconds"]):
                    raise fault("early_close", names=", ".join(excluded))
                shoe.window, shoe.excluded = "closed", excluded
        elif kind in ("ShoeShuffled", "ShoeHidden"):
            current, alone = None, False
            shoe = shoes.setdefault(shoe_no, Shoe())
            if shoe.shuffled:
                raise fault("out_of_order")
            if takes:
                if shoe.commitment is None:
                    raise fault("before_commitment")
                if shoe.window != "closed":
                    raise fault("unclosed")
            client = event.get("client_seed")
            if client is None:  # physical cards, or a shoe of a log before the fair scheme
                shoe.shuffled = True
                continue
            parts = shoe.values() if takes else shoe.texts
            expected = "|".join([f"{table}/{shoe_no}"] + parts)
            if client != expected:
                raise fault("client_seed", found=client, expected=expected)
            if kind == "ShoeHidden":
                used = event.get("commitment")
            else:
                server_seed = event.get("server_seed")
                if not is_hex64(server_seed):
                    raise fault("not_hex", value=server_seed)
                used = hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()
                if seed is not None:
                    derived = f"puntobanco-seed:{seed}:{shoe_no}"
                    if hashlib.sha256(derived.encode()).hexdigest() != server_seed:
                        raise fault("derived")
            if shoe.commitment is not None and used != shoe.commitment:
                raise fault("seed")
            source = event.get("source")
            if source not in (None, INJECTED) or (
                shoe.commitment is not None and source != shoe.source
            ):
                raise fault("source", found=source or "-", expected=shoe.source or "-")
            shoe.shuffled, waiting = True, False
            if kind == "ShoeShuffled":
                shoe.seed = server_seed
            # Who gave the values in its client seed, and whether each seat was the
            # operator's own: a secret shoe none of whose values came from another
            # seat is the server's alone.
            if takes:
                givers = [(n, n in shoe.house) for n, _ in shoe.commits if n in shoe.revealed]
            else:
                givers = shoe.typed_by
            secret = seed is None and source is None
            alone = secret and all(own for _, own in givers)
            flags = {"secret": secret, "source": source, "server_only": alone}
            if takes:
                report["gathered"] += not all(own for _, own in givers)
                report["values"] += len(shoe.revealed)
                report["excluded"] += [f"{n} ({shoe_no})" for n in shoe.excluded]
            if kind == "ShoeHidden":
                report["shoes"].append((shoe_no, shoe.commitment or used, None, flags))
                continue
            order = event.get("order")
            expected_order = shuffled(bytes.fromhex(server_seed), client, shoe_no, decks)
            if not isinstance(order, list) or len(order) != len(expected_order):
                raise Mismatch("field", field="order", value=order)
            for position, card in enumerate(order):
                if card != expected_order[position]:
                    raise fault(
                        "order", position=position, card=card, expected=expected_order[position]
                    )
            current = [shoe_no, order, 0]
            report["shoes"].append((shoe_no, used, current, flags))
        elif kind in ("ShoeBurned", "CoupDealt") and current is not None:
            cards = [event["turned"], *event["burned"]] if kind == "ShoeBurned" else event["cards"]
            for card in cards:
                position = current[2]
                held = current[1][position] if position < len(current[1]) else None
                if card != held:
                    raise fault("dealt", position=position, card=card, expected=held)
                current[2] += 1
    return report


def waited(start, now, seconds):
    """True when ``now`` is at least ``seconds`` after ``start`` (stored times)."""
    return start is not None and now is not None and now - start >= timedelta(seconds=seconds)


def main_log(text, lang):
    """Check every table of a log; the exit status."""
    try:
        tables = read_log(text)
    except Mismatch as error:
        print(say(lang, "unreadable", source="-", reason=say(lang, error.key, **error.params)))
        return 2
    for table, lines in tables.items():
        try:
            report = check_table(table, lines)
        except LogFault as error:
            reason = say(lang, error.key, **error.params)
            bad = say(
                lang,
                "log_bad",
                table=table,
                line=error.line,
                event=error.event,
                shoe=error.shoe,
                reason=reason,
            )
            print(bad)
            return 1
        except (Mismatch, KeyError, TypeError, ValueError) as error:
            if isinstance(error, Mismatch):
                reason = say(lang, error.key, **error.params)
            else:
                reason = say(lang, "field", field=str(error), value=None)
            print(say(lang, "bad", shoe="-", reason=reason))
            return 1
        print(say(lang, "log_table", table=table, events=report["events"], head=report["head"]))
        checked = hidden = 0
        for number, commitment, dealing, flags in report["shoes"]:
            if dealing is None:
                hidden += 1
                print(say(lang, "hidden", shoe=number, commitment=commitment))
            else:
                checked += 1
                print(say(lang, "ok", shoe=number, commitment=commitment, dealt=dealing[2]))
            note(lang, flags["secret"], flags["source"], flags["server_only"])
        if report["gathered"]:
            names = ", ".join(report["excluded"]) or "-"
            print(
                say(
                    lang,
                    "log_contributions",
                    table=table,
                    shoes=report["gathered"],
                    revealed=report["values"],
                    excluded=len(report["excluded"]),
                    names=names,
                )
            )
        print(say(lang, "summary", checked=checked, hidden=hidden))
    return 0


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


def is_log(text):
    """True for JSON lines of a log (``puntobanco export --jsonl``), not shoes' JSON."""
    first = text.lstrip().split("\n", 1)[0]
    try:
        data = json.loads(first)
    except ValueError:
        return False
    return isinstance(data, dict) and "event" in data and "hash" in data


def main(argv):
    argv = list(argv)
    lang = language(argv)
    if len(argv) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    source = argv[0]
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, ValueError) as error:
        print(say(lang, "unreadable", source=source, reason=error), file=sys.stderr)
        return 2
    if is_log(text):
        return main_log(text, lang)
    try:
        data = json.loads(text)
    except ValueError as error:
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
        else:
            hidden += 1
            print(say(lang, "hidden", shoe=number, commitment=shoe["commitment"]))
        note(lang, shoe["secret"], shoe.get("source"), server_only(shoe))
    print(say(lang, "summary", checked=checked, hidden=hidden))
    return 0


def note(lang, secret, source, alone):
    """What is known of a shoe's fairness, under its line: a seed not secret (from
    another source than the operating system's, or the table's public seed), or a
    shoe the server alone chose."""
    if source is not None:
        print(say(lang, "injected"))
    elif not secret:
        print(say(lang, "not_secret"))
    if alone:
        print(say(lang, "server_only"))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
