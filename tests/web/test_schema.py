"""The HTTP API against its own OpenAPI schema (schemathesis, in-process over ASGI).

Every operation gets generated requests, valid ones and invalid ones, both at a table
id the generator makes up and at a real table with a real seat's token (so actions,
undo, hand-overs and replays reach the game). No answer may be a server error, and
every answer must be one the schema declares, in the declared shape, and an invalid request
must be refused (a 4xx). Deterministic:
Hypothesis runs derandomized, with no example database.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from ludus.web.app import Settings, create_app

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          negative_data_rejection]
EXAMPLES = 25
OPERATIONS = [
    ("GET", "/api/games"), ("GET", "/api/tables"), ("POST", "/api/tables"), ("GET", "/api/tables/{table_id}"),
    ("POST", "/api/tables/{table_id}/actions"), ("POST", "/api/tables/{table_id}/undo"),
    ("POST", "/api/tables/{table_id}/handover"), ("POST", "/api/tables/{table_id}/return"),
    ("POST", "/api/tables/{table_id}/rematch"), ("POST", "/api/tables/{table_id}/join"),
    ("GET", "/api/tables/{table_id}/record"), ("GET", "/api/tables/{table_id}/replay"),
]
NOTHING_TO_GET_WRONG = {False: {("GET", "/api/tables")},
                        True: {("GET", "/api/tables/{table_id}/record")}}


class Served:
    """The application under test, its schema, and a real table with one seat's token."""

    def __init__(self, app: Any, schema: Any, table: str, tokens: list[str]) -> None:
        self.app, self.schema, self.table, self.tokens = app, schema, table, tokens

    def mover(self, pick: int) -> tuple[str, str]:
        """The token of a seat to move now, and one of its legal actions."""
        live = self.app.state.hub.get(self.table)
        with live.lock:
            seat = live.state.to_move()[0] if live.status == "playing" else 0
            mine = live.state.legal_actions(seat) if live.status == "playing" else []
        return self.tokens[seat], str(mine[pick % len(mine)]) if mine else "pass"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The application (no rate limit in the generator's way), its schema and a table."""
    db = Path(tmp_path_factory.mktemp("schema")) / "web.db"
    app = create_app(Settings(db=f"sqlite:///{db}", actions_per_second=1e6, action_burst=1_000_000,
                              reads_per_second=1e6, read_burst=1_000_000))
    try:
        with asgi.get_client(app) as client:
            made = client.post("/api/tables",
                               json={"game": "glory-to-rome", "players": 2, "seed": 3, "listed": True,
                                    "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert made.status_code == 201, made.text
        schema = schemathesis.openapi.from_asgi("/openapi.json", app)
        yield Served(app, schema, made.json()["id"], [s["token"] for s in made.json()["seats"]])
    finally:
        asgi.shutdown_lifespans()


def test_every_operation_is_exercised(served: Served) -> None:
    found = {(op.ok().method.upper(), op.ok().path) for op in served.schema.get_all_operations()}
    assert found == set(OPERATIONS)


def valid_token(value: Any) -> bool:
    """Whether ``value`` has the shape of a token (the schema's pattern)."""
    return isinstance(value, str) and re.fullmatch(r"[A-Za-z0-9_-]{8,64}", value) is not None


def _run(served: Served, method: str, path: str, mode: GenerationMode, real: bool) -> None:
    operation = served.schema[path][method]
    fixed = {"table_id": served.table} if real and "{table_id}" in path else None

    @given(case=operation.as_strategy(generation_mode=mode, path_parameters=fixed))
    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def check(case: Any) -> None:
        # at the real table, a valid made-up token becomes a real one (an invalid one stays: it is
        # what an invalid request is about), and some valid actions become legal ones
        if real and isinstance(case.body, dict) and valid_token(case.body.get("token")):
            pick = case.body.get("action", "")
            case.body["token"], legal = served.mover(len(pick) if isinstance(pick, str) else 0)
            if isinstance(pick, str) and 0 < len(pick) <= 200 and len(pick) % 2 == 0:
                case.body["action"] = legal  # the game moves
        if real and isinstance(case.query, dict) and valid_token(case.query.get("token")):
            case.query["token"] = served.mover(0)[0]
        case.call_and_validate(checks=CHECKS)

    check()


def cases(real: bool) -> list[Any]:
    """(mode, method, path) of the runs: every operation, valid and invalid requests (an
    operation with nothing to get wrong, like ``GET /api/tables``, only valid ones)."""
    out = []
    for method, path in OPERATIONS:
        if real and "{table_id}" not in path:
            continue
        for mode in GenerationMode.POSITIVE, GenerationMode.NEGATIVE:
            if mode is GenerationMode.NEGATIVE and (method, path) in NOTHING_TO_GET_WRONG[real]:
                continue
            out.append(pytest.param(mode, method, path, id=f"{mode}-{method} {path}"))
    return out


@pytest.mark.parametrize(("mode", "method", "path"), cases(real=False))
def test_made_up_requests(served: Served, method: str, path: str, mode: GenerationMode) -> None:
    _run(served, method, path, mode, real=False)


@pytest.mark.parametrize(("mode", "method", "path"), cases(real=True))
def test_requests_at_a_real_table(served: Served, method: str, path: str, mode: GenerationMode) -> None:
    _run(served, method, path, mode, real=True)

