"""A classroom never lets an answer out before the host shows it: not the right
answer, not what a student sent. Checked on everything the server sends a phone
and the host's screen over the WebSocket, on a student's view over HTTP and on
the answer to a student's command, for every drill a classroom puts.

Two lessons of the same seed are played side by side, a student answering right
in one and wrong in the other: until the answer is shown, every other viewer
receives the same bytes in both. Then the answer is shown and the same messages
carry it, so the test looks where a leak would be."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from puntobanco.i18n import Lang
from puntobanco.learn.lesson import ROOM_KINDS, lesson_questions
from puntobanco.learn.question import Question
from puntobanco.web.app import create_app
from tests.web.helpers import bearer, join

SEED = 31
STUDENTS = ("Ana", "Bruno")
#: Each viewer's language.
LANGS: dict[str, Lang] = {"host": "fr", "Ana": "en", "Bruno": "es"}
#: What a lesson's question shows before its answer (``engine.lessons._question``).
QUESTION_KEYS = {
    "number", "kind", "kind_name", "prompt", "text", "hands", "input", "choices",
    "answered", "students",
}  # fmt: skip


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(rate=50, burst=50)) as c:
        yield c


def until(ws: WebSocketTestSession, kind: str, seen: list[str]) -> dict[str, Any]:
    """The next message of ``kind``; every message received on the way is kept."""
    while True:
        text = ws.receive_text()
        seen.append(text)
        message = json.loads(text)
        if message["type"] == kind:
            return dict(message)


def last_view(texts: list[str]) -> dict[str, Any]:
    """The last view among these messages."""
    views = (json.loads(t) for t in reversed(texts))
    return dict(next(m for m in views if m.get("type") == "view")["view"])


def right_and_wrong(question: Question) -> tuple[str, str]:
    """The right answer as a phone sends it, and a wrong one no view could show."""
    right = str(question.expected("en"))
    if question.kind in ("third-card", "winner"):
        choices = {"third-card": ("draw", "stand"), "winner": ("punto", "banco", "egalite")}
        return right, next(c for c in choices[question.kind] if c != right)
    return right, str(int(right) + 7919)


def lesson(client: TestClient, kind: str, answers: dict[str, str]) -> dict[str, list[str]]:
    """A two-question lesson of ``kind``: the host puts the first question, each
    student sends their answer of ``answers``, which closes the question and shows
    its answer. What each viewer received before the answer was shown
    (``"<name>"``) and with it (``"<name> shown"``)."""
    r = client.post(
        "/api/tables",
        json={
            "format": "classroom",
            "settings": {"seed": SEED, "questions": 2, "seconds": 60, "drills": [kind]},
        },
    )
    assert r.status_code == 201, r.text
    client.cookies.clear()
    table, host, code = r.json()["table"], r.json()["host_token"], r.json()["join_code"]
    tokens = {name: join(client, table, name) for name in STUDENTS}
    url = f"/api/tables/{table}/ws"
    seen: dict[str, list[str]] = {name: [] for name in (*LANGS, *(f"{n} shown" for n in LANGS))}
    with (
        client.websocket_connect(url) as h,
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as b,
    ):
        sockets = {"host": h, "Ana": a, "Bruno": b}

        def views_until(name: str, done: str, ready: Callable[[dict[str, Any]], bool]) -> None:
            while not ready(last_view(seen[done])["lesson"]):
                until(sockets[name], "view", seen[done])

        for name, ws in sockets.items():
            ws.send_json({"type": "hello", "token": tokens.get(name, host), "lang": LANGS[name]})
            until(ws, "view", seen[name])
        h.send_json({"id": "n1", "type": "NextQuestion"})
        until(h, "ack", seen["host"])
        for name in sockets:
            views_until(name, name, lambda lesson: lesson["put"] == 1)
        a.send_json({"id": "a1", "type": "AnswerQuestion", "name": "Ana", "answer": answers["Ana"]})
        until(a, "ack", seen["Ana"])
        for name in sockets:
            views_until(name, name, lambda lesson: lesson["question"]["answered"] == 1)
        # A student's view and a student's command over HTTP, before the answer is shown.
        r = client.get(f"/api/tables/{table}/view", headers=bearer(tokens["Bruno"]))
        assert r.status_code == 200, r.text
        seen["Bruno"].append(r.text)
        r = client.post(
            f"/api/tables/{table}/commands",
            json={
                "id": "b1",
                "type": "AnswerQuestion",
                "name": "Bruno",
                "answer": answers["Bruno"],
            },
            headers=bearer(tokens["Bruno"]),
        )
        assert r.status_code == 200, r.text
        # Every student has answered: the question closes and its answer is shown.
        seen["Bruno shown"].append(r.text)
        for name, ws in sockets.items():
            until(ws, "view", seen[f"{name} shown"])
            views_until(name, f"{name} shown", lambda lesson: lesson["shown"] is not None)
    # The two lessons are two tables: their names and join codes differ.
    return {
        name: [t.replace(table, "<table>").replace(code, "<code>") for t in texts]
        for name, texts in seen.items()
    }


def views(texts: list[str]) -> list[dict[str, Any]]:
    """The views among these messages (a view pushed, or asked for over HTTP)."""
    found = []
    for text in texts:
        message = json.loads(text)
        if message.get("type") == "view":
            found.append(message["view"])
        elif "lesson" in message:
            found.append(message)
    return found


def by_seq(texts: list[str]) -> dict[int, set[str]]:
    """Each view's text by its event count, without the log's chain head and the
    clock's seconds left (the question's seconds count from the server's next tick,
    whenever it comes, and may push a view more)."""
    found: dict[int, set[str]] = {}
    for view in views(texts):
        for key in ("chain_head", "countdown", "turn_left"):
            view.pop(key)
        found.setdefault(view["seq"], set()).add(json.dumps(view, sort_keys=True))
    return found


def leaves(value: object, path: str = "") -> Iterator[tuple[str, object]]:
    """Every key path and leaf of a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}/{key}")
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item, f"{path}[]")
    else:
        yield path, value


def answer_fields(texts: list[str]) -> list[tuple[str, object]]:
    """The fields of these messages that name or explain an answer."""
    found = []
    for text in texts:
        for path, leaf in leaves(json.loads(text)):
            last = path.rsplit("/", 1)[-1]
            if last in ("expected", "why", "tally", "answer") and leaf is not None:
                found.append((path, leaf))
    return found


@pytest.mark.parametrize("kind", ROOM_KINDS)
def test_no_viewer_receives_an_answer_before_the_host_shows_it(
    client: TestClient, kind: str
) -> None:
    # A classroom opened without a paytable plays the standard one.
    question = lesson_questions((kind,), count=2, seed=SEED, paytable="standard")[0]
    right, wrong = right_and_wrong(question)
    one = lesson(client, kind, {"Ana": right, "Bruno": wrong})
    other = lesson(client, kind, {"Ana": wrong, "Bruno": wrong})

    # What Ana sent reaches no other viewer: they receive the same views either way
    # (but for the clock and the log's chain head: two tables, two chains).
    assert by_seq(one["host"]) == by_seq(other["host"])
    assert by_seq(one["Bruno"]) == by_seq(other["Bruno"])
    # While the question takes answers no view carries the chain head: it hashes them.
    for name in LANGS:
        shown = [v["chain_head"] is not None for v in views(one[name])]
        assert shown == [not v["lesson"]["open"] for v in views(one[name])]
        assert shown[0] and not shown[-1], name
    sent = {"host": None, "Ana": right, "Bruno": wrong}
    for name in LANGS:
        # Nothing names or explains an answer, but a student's own answer to them.
        mine = {(path, leaf) for path, leaf in answer_fields(one[name])}
        assert mine <= {("/view/my_lesson/answer", sent[name])}, (name, mine)
        for text in one[name]:
            for lang in ("fr", "en", "es"):
                assert question.why(lang) not in text, (name, lang)
            data = json.loads(text)
            if data.get("type") == "view":
                put = data["view"]["lesson"]["question"]
                assert put is None or set(put) == QUESTION_KEYS, put
    assert ("/view/my_lesson/answer", right) in answer_fields(one["Ana"])
    # Shown: the same channels now carry the answer and why, in each viewer's
    # language, and how the room answered.
    for name, lang in LANGS.items():
        view = last_view(one[f"{name} shown"])
        assert view["chain_head"] is not None
        shown = view["lesson"]["shown"]
        assert shown["expected"] == question.shown(lang)
        assert shown["why"] == question.why(lang)
        assert (shown["answered"], shown["right"]) == (2, 1)
        assert sorted(t["right"] for t in shown["tally"]) == [False, True]


def test_no_student_can_learn_the_lesson_s_seed(client: TestClient) -> None:
    """The seed gives every question, so every answer (``lesson_questions``): a
    student reads neither it nor anything derived from it (a shoe's server seed or
    commitment, which a seed a teacher typed, such as 31, is found from at once)."""
    r = client.post(
        "/api/tables",
        json={
            "format": "classroom",
            "settings": {"seed": SEED, "questions": 2, "drills": ["winner"]},
        },
    )
    assert r.status_code == 201, r.text
    client.cookies.clear()
    table, code = r.json()["table"], r.json()["join_code"]
    texts = [client.get(f"/api/codes/{code}").text]
    joined = client.post(f"/api/tables/{table}/players", json={"name": "Ana"})
    client.cookies.clear()
    assert joined.status_code == 201, joined.text
    texts.append(joined.text)
    token = joined.json()["token"]
    for path in ("view", "shoes", "history"):
        answer = client.get(f"/api/tables/{table}/{path}", headers=bearer(token))
        assert answer.status_code == 200, answer.text
        texts.append(answer.text)
    assert json.loads(texts[-2]) == []  # a lesson deals no shoe
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"type": "hello", "token": token, "lang": "fr"})
        until(ws, "view", texts)
    secret = {"seed", "table_seed", "server_seed", "commitment"}
    for text in texts:
        found = [(p, v) for p, v in leaves(json.loads(text)) if p.rsplit("/", 1)[-1] in secret]
        assert all(v is None for _, v in found), found
