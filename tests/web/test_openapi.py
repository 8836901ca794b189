"""The API answers only what its OpenAPI document lists, and never a 5xx: a bounded
schemathesis run against ``/api/openapi.json`` on a live server.

Every route is tried with bodies, paths and queries drawn from the document. One
call in two is aimed at a real table with a real token (the host's, or a seated
player's), so the commands reach the engine and its refusals (wrong phase, not
this sender, unknown bet) are checked too; the other keeps what was drawn
(unknown tables, no token).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from puntobanco.web.app import create_app
from tests.web.conftest import LiveServer

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
#: Enough draws to reach every route's refusals, few enough for a few seconds.
EXAMPLES = 30


class Served:
    """A live server with one open table, its host and one seated player."""

    def __init__(self, server: LiveServer) -> None:
        self.url = server.url
        made = requests.post(f"{self.url}/api/tables", json={"format": "casino"}, timeout=10)
        made.raise_for_status()
        self.table = made.json()["table"]
        self.code = made.json()["join_code"]
        seated = requests.post(
            f"{self.url}/api/tables/{self.table}/players", json={"name": "Ada"}, timeout=10
        )
        seated.raise_for_status()
        self.tokens = itertools.cycle([made.json()["host_token"], seated.json()["token"]])
        self.turns = itertools.count()

    def aim(self, case: Any) -> None:
        """Every other call: at the real table, with a real token."""
        if next(self.turns) % 2:
            return
        parameters = case.path_parameters or {}
        if "table" in parameters:
            parameters["table"] = self.table
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {next(self.tokens)}"}
        if "code" in parameters:
            parameters["code"] = self.code


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    # A rate high enough that the run reaches past the rate limit to the table.
    with LiveServer(rate=10_000.0, burst=10_000.0) as server:
        yield Served(server)


#: The document as the server serves it at ``/api/openapi.json`` (made from the
#: same types: nothing is served to build it).
schema = schemathesis.openapi.from_dict(create_app().openapi())


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_of_the_api_is_one_its_document_lists_and_none_is_a_5xx(
    case: Any, served: Served
) -> None:
    served.aim(case)
    case.call_and_validate(base_url=served.url, checks=CHECKS, timeout=10)


def test_the_run_checks_the_document_the_server_serves(served: Served) -> None:
    """The document the run draws from is the one ``/api/openapi.json`` serves."""
    answer = requests.get(f"{served.url}/api/openapi.json", timeout=10)
    assert answer.status_code == 200
    assert answer.json() == json.loads(json.dumps(create_app().openapi()))
