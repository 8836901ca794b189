"""Refusals read in the viewer's language, over HTTP and over the WebSocket: no
command, setting, box or field named as the code names it, no validator code,
no ``None``, amounts written as the language writes numbers (CLDR: French
groups digits with a narrow no-break space, Spanish from five digits on)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puntobanco.engine import COMMANDS as ENGINE_COMMANDS
from puntobanco.engine.commands import ANYONE, command_word
from puntobanco.i18n import Lang, messages, t
from puntobanco.table.config import CREATED
from puntobanco.web.app import create_app
from puntobanco.web.errors import SchemaError
from puntobanco.web.schemas import COMMAND_MODELS, SetLang, parse
from tests.web.helpers import bearer, join, open_table

#: What a refusal must never show a person: an identifier (close_bets,
#: dragon_bonus_punto, extra_forbidden), Python's None, an amount written 5000.00.
IDENTIFIER = re.compile(r"[a-z]+_[a-z]+")
ENGLISH_AMOUNT = re.compile(r"\d\.\d\d(?!\d)")

NNBSP, NBSP = "\u202f", "\u00a0"

#: (who sends it, the command, the French, the Spanish).
COMMANDS: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "ana",
        {"type": "Bet", "box": "banco", "stake": 1_000, "zzz": 1},
        f"Ce message ne prend pas de champ «{NBSP}zzz{NBSP}».",
        "Este mensaje no admite el campo «zzz».",
    ),
    (
        "ana",
        {"type": "shuffle"},
        f"«{NBSP}shuffle{NBSP}» n’est pas une commande de cette table.",
        "«shuffle» no es una orden de esta mesa.",
    ),
    (
        "ana",
        {"type": None},
        f"«{NBSP}null{NBSP}» n’est pas une commande de cette table.",
        "«null» no es una orden de esta mesa.",
    ),
    (
        "ana",
        {"type": "Bet", "box": "banco", "stake": "10"},
        "Dans ce message, la mise doit être un nombre entier.",
        "En este mensaje, el importe debe ser un número entero.",
    ),
    (
        "ana",
        {"type": "Bet", "box": "banco", "stake": 0},
        "Dans ce message, la mise doit valoir au moins 1.",
        "En este mensaje, el importe debe ser al menos 1.",
    ),
    (
        "ana",
        {"type": "Bet", "box": ["banco"], "stake": 1_000},
        "Dans ce message, la case doit être un texte.",
        "En este mensaje, la casilla debe ser un texto.",
    ),
    (
        "ana",
        {"id": None, "type": "Bet"},
        "Dans ce message, l’identifiant de la commande doit être un texte.",
        "En este mensaje, el identificador de la orden debe ser un texto.",
    ),
    (
        "ana",
        {"id": "", "type": "Bet"},
        "Dans ce message, l’identifiant de la commande ne peut pas être vide.",
        "En este mensaje, el identificador de la orden no puede quedar en blanco.",
    ),
    (
        "host",
        {"id": "x" * 65, "type": "CloseBets"},
        "Dans ce message, l’identifiant de la commande dépasse 64 caractères.",
        "En este mensaje, el identificador de la orden pasa de 64 caracteres.",
    ),
    (
        "ana",
        {"type": "CloseBets"},
        "Seul l’hôte peut fermer les mises.",
        "Solo el anfitrión puede cerrar las apuestas.",
    ),
    (
        "ana",
        {"type": "NextCoup"},
        "Seul l’hôte peut passer au coup suivant.",
        "Solo el anfitrión puede pasar a la mano siguiente.",
    ),
    (
        "host",
        {"type": "Bet", "box": "banco", "stake": 1_000},
        f"Seul un joueur assis peut miser{NNBSP}; l’hôte agit pour la table.",
        "Solo un jugador sentado puede apostar; el anfitrión actúa por la mesa.",
    ),
    (
        "ana",
        {"type": "Bet", "stake": 1_000},
        "Il manque la case dans ce message.",
        "Falta la casilla en este mensaje.",
    ),
    (
        "ana",
        {"type": "Bet", "box": "banco"},
        "Une mise sur Banco demande un montant.",
        "Una apuesta a Banco necesita un importe.",
    ),
    (
        "ana",
        {"type": "Bet", "box": "banco", "stake": 600_000},
        f"6{NNBSP}000,00 sur Banco porterait la case au-delà du maximum de la table, "
        f"5{NNBSP}000,00.",
        "6000,00 a Banco llevaría la casilla por encima del máximo de la mesa, 5000,00.",
    ),
    (
        "ana",
        {"type": "Bet", "box": "banco", "stake": 1_500_000},
        f"15{NNBSP}000,00 sur Banco porterait la case au-delà du maximum de la table, "
        f"5{NNBSP}000,00.",
        "15.000,00 a Banco llevaría la casilla por encima del máximo de la mesa, 5000,00.",
    ),
    (
        "ana",
        {"type": "Bet", "box": "dragon_bonus_punto", "stake": 60_000},
        "600,00 sur Bonus Dragon Punto porterait la case au-delà du maximum de la table, 500,00.",
        "600,00 a Bono Dragón Punto llevaría la casilla por encima del máximo de la mesa, 500,00.",
    ),
    (
        "ana",
        {"type": "Bet", "box": "punto_pair", "stake": 1_000},
        f"Cette table ne propose pas la mise annexe Paire Punto{NNBSP}; elle propose{NBSP}: "
        "Bonus Dragon Punto, Bonus Dragon Banco.",
        "Esta mesa no ofrece la apuesta adicional Pareja Punto; ofrece: Bono Dragón Punto, "
        "Bono Dragón Banco.",
    ),
    (
        "ana",
        {"type": "Withdraw", "box": "dragon_bonus_banco"},
        "Ana n’a pas de mise sur Bonus Dragon Banco à retirer.",
        "Ana no tiene ninguna apuesta a Bono Dragón Banco que retirar.",
    ),
]
CASES = [
    pytest.param(who, body, lang, words, id=f"{lang}-{i}")
    for i, (who, body, fr, es) in enumerate(COMMANDS)
    for lang, words in (("fr", fr), ("es", es))
]


def readable(message: str) -> None:
    """Nothing in ``message`` is the code's or Python's rather than the language's."""
    assert not IDENTIFIER.search(message), message
    assert "None" not in message, message
    assert not ENGLISH_AMOUNT.search(message), message


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(rate=1000, burst=1000)) as c:
        yield c


@pytest.fixture
def tokens(client: TestClient) -> dict[str, str]:
    table = open_table(client, "casino", seed=5, bankroll=10**7, side_bets=["dragon-bonus"])
    return {
        "table": table["table"],
        "host": table["host_token"],
        "ana": join(client, table["table"], "Ana"),
    }


@pytest.mark.parametrize(("who", "body", "lang", "words"), CASES)
def test_a_refused_command_reads_in_the_viewer_s_language_over_http(
    client: TestClient,
    tokens: dict[str, str],
    who: str,
    body: dict[str, Any],
    lang: str,
    words: str,
) -> None:
    r = client.post(
        f"/api/tables/{tokens['table']}/commands",
        json={"id": "c1", **body},
        headers={**bearer(tokens[who]), "Accept-Language": lang},
    )
    assert r.status_code >= 400
    message = r.json()["error"]["message"]
    assert message == words
    readable(message)


@pytest.mark.parametrize(("who", "body", "lang", "words"), CASES)
def test_a_refused_command_reads_in_the_viewer_s_language_over_the_websocket(
    client: TestClient,
    tokens: dict[str, str],
    who: str,
    body: dict[str, Any],
    lang: str,
    words: str,
) -> None:
    with client.websocket_connect(f"/api/tables/{tokens['table']}/ws") as ws:
        ws.send_json({"type": "hello", "token": tokens[who], "lang": lang})
        ws.send_json({"id": "w1", **body})
        while (answer := ws.receive_json())["type"] != "error":
            pass
    assert answer["error"]["message"] == words
    readable(answer["error"]["message"])


def test_programs_still_read_the_codes_and_plain_parameters(
    client: TestClient, tokens: dict[str, str]
) -> None:
    url = f"/api/tables/{tokens['table']}/commands"
    headers = {**bearer(tokens["ana"]), "Accept-Language": "fr"}
    body = {"id": "p1", "type": "Bet", "box": "banco", "stake": 600_000}
    error = client.post(url, json=body, headers=headers).json()["error"]
    assert error["code"] == "table.error.above_maximum"
    assert error["params"] == {"box": "banco", "stake": "6000.00", "maximum": "5000.00"}
    error = client.post(url, json={**body, "zzz": 1}, headers=headers).json()["error"]
    assert error["code"] == "web.error.schema"
    assert error["params"] == {"field": "zzz", "problem": "extra_forbidden"}


def test_a_value_out_of_a_list_is_refused_with_the_list() -> None:
    with pytest.raises(SchemaError) as refused:
        parse(SetLang, {"type": "lang", "lang": "de"})
    assert refused.value.message("fr") == (
        f"Dans ce message, la langue ne peut pas valoir «{NBSP}de{NBSP}»{NNBSP}; "
        f"possibles{NBSP}: en, fr, es."
    )
    assert refused.value.message("es") == (
        "En este mensaje, el idioma no puede valer «de»; posibles: en, fr, es."
    )


OPENINGS: list[tuple[dict[str, Any], str, str]] = [
    (
        {"format": "casino", "settings": {"bogus": 1, "countdown": 5}},
        f"Ce format ne connaît pas ces réglages{NBSP}: «{NBSP}bogus{NBSP}», compte à rebours. "
        f"Possibles{NBSP}: cave de départ, jeux, maximum, minimum, barème, "
        "accord de l’hôte pour les recaves, places, graine, mises annexes, "
        "limites des mises annexes, maximum Égalité, minimum Égalité, "
        "délai pour retourner les cartes de Punto.",
        "Este formato no conoce estos ajustes: «bogus», cuenta atrás. Posibles: saldo inicial, "
        "barajas, máximo, mínimo, tabla de pagos, aprobación de las recargas por el anfitrión, "
        "asientos, semilla, apuestas adicionales, "
        "límites de las apuestas adicionales, máximo Igualdad, mínimo Igualdad, "
        "tiempo para descubrir las cartas de Punto.",
    ),
    (
        {"format": "session", "settings": {"real_cards": None}},
        f"Le réglage «{NBSP}vraies cartes{NBSP}» vaut true ou false, pas «{NBSP}null{NBSP}».",
        "El ajuste «cartas reales» es true o false, no «null».",
    ),
    (
        {"format": "casino", "settings": {"bankroll": None}},
        "Une cave est un nombre entier positif de centimes (aucune en séance), "
        f"pas «{NBSP}null{NBSP}».",
        "Un saldo es un número entero positivo de céntimos (ninguno en sesión), no «null».",
    ),
    (
        {"format": "casino", "settings": {"side_limits": 1.5}},
        f"Le réglage «{NBSP}limites des mises annexes{NBSP}» ne peut pas prendre cette valeur.",
        "El ajuste «límites de las apuestas adicionales» no admite este valor.",
    ),
    (
        {"format": "casino", "settings": [1]},
        "Dans ce message, le champ des réglages doit être un objet JSON (des noms avec leurs "
        "valeurs).",
        "En este mensaje, el campo de ajustes debe ser un objeto JSON (nombres con sus valores).",
    ),
]


@pytest.mark.parametrize(
    ("body", "lang", "words"),
    [
        pytest.param(body, lang, words, id=f"{lang}-{i}")
        for i, (body, fr, es) in enumerate(OPENINGS)
        for lang, words in (("fr", fr), ("es", es))
    ],
)
def test_a_refused_table_reads_in_the_host_s_language(
    client: TestClient, body: dict[str, Any], lang: str, words: str
) -> None:
    r = client.post("/api/tables", json=body, headers={"Accept-Language": lang})
    assert r.status_code in (400, 422)
    message = r.json()["error"]["message"]
    assert message == words
    readable(message)


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_every_command_field_and_setting_a_client_names_has_its_words(lang: Lang) -> None:
    known = messages(lang)
    settings = frozenset().union(*CREATED.values())
    sent = {m.__name__ for m in COMMAND_MODELS}
    keys = [
        command_word(c).key
        for c in ENGINE_COMMANDS
        if c.__name__ in sent and c.SENDERS != ANYONE  # a refusal names it
    ]
    keys += [f"setting.{s}" for s in settings]
    keys += [f"web.field.{f}" for model in COMMAND_MODELS for f in model.model_fields]
    assert [k for k in keys if k not in known] == []
    assert t("command.close_bets", lang) != "close_bets"
