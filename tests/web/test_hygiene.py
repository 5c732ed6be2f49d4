"""The web platform open to the public (issue 35): security headers on every answer, one-line
422s, seat tokens kept out of logged URLs, the access log's redaction, and the smaller points
(the WebSocket's Origin scheme, its rate limit per client and token, deeply nested JSON, the
lobby without unlisted tables)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient


def table(client: TestClient, game: str, seats: list[dict[str, Any]], **more: Any) -> tuple[str, list[str]]:
    """Open a table; its id and the tokens of its people's seats, in seat order."""
    made = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **more})
    assert made.status_code == 201, made.text
    return made.json()["id"], [s["token"] for s in made.json()["seats"]]


# --- security headers ------------------------------------------------------------------------------------
def directives(policy: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as {directive: its sources}."""
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    """Pages, static files, JSON, errors and refusals all say: no framing, no referrer, no sniffing,
    and a policy that runs scripts from the server only and lets the page's WebSocket connect back."""
    table_id, (token,) = table(client, "glory-to-rome", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    answers = [client.get(path) for path in ("/", "/static/ludus.js", "/api/games", "/api/tables/nosuchtable",
                                             f"/watch/{table_id}", f"/replay/{table_id}", "/no/such/page")]
    answers.append(client.get(f"/api/tables/{table_id}", params={"log": -1}))  # 422
    answers.append(client.post(f"/api/tables/{table_id}/actions", json={"token": token, "action": "0:"}))
    assert {a.status_code for a in answers} >= {200, 400, 404, 422}
    for answer in answers:
        assert answer.headers["x-frame-options"] == "DENY", answer.url
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["x-content-type-options"] == "nosniff"
        policy = directives(answer.headers["content-security-policy"])
        assert policy["default-src"] == ["'self'"] and policy["script-src"] == ["'self'"]
        assert policy["frame-ancestors"] == ["'none'"] and policy["object-src"] == ["'none'"]
        assert policy["connect-src"] == ["'self'", "ws://testserver", "wss://testserver"]
        assert "data:" not in policy["img-src"]


def test_a_made_up_host_cannot_write_into_the_policy(client: TestClient) -> None:
    """A Host header with a ``;`` or a space adds no directive: the WebSocket sources are left out."""
    policy = client.get("/", headers={"Host": "evil; script-src *"}).headers["content-security-policy"]
    assert directives(policy)["script-src"] == ["'self'"] and "evil" not in policy


def test_the_pages_have_no_inline_script_for_the_policy_to_block(client: TestClient) -> None:
    """What the policy forbids is not used: no inline ``<script>``, no ``on...=`` handler, no
    ``javascript:`` link, on the lobby, a seat's page, the spectator's and the replay."""
    table_id, (token,) = table(client, "trajan", [{"kind": "human"}, {"kind": "bot"}], seed=7)
    pages = [client.get(path).text for path in ("/", f"/play/{table_id}/{token}", f"/watch/{table_id}",
                                                f"/replay/{table_id}", "/games/trajan/rules")]
    for page in pages:
        assert 'id="live"' in page or "<form" in page or "<dl>" in page or 'class="replay-nav"' in page
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
        assert not re.search(r"\son[a-z]+\s*=", page, re.I) and "javascript:" not in page.lower()


def test_the_schema_browser_keeps_its_cdn(client: TestClient) -> None:
    """``/docs`` (Swagger UI from its CDN, started by an inline script) gets a policy that lets it
    run, and still may not be framed."""
    answer = client.get("/docs")
    policy = directives(answer.headers["content-security-policy"])
    assert "https://cdn.jsdelivr.net" in policy["script-src"] and policy["frame-ancestors"] == ["'none'"]
    assert answer.headers["x-frame-options"] == "DENY"
