"""Reading a TestClient WebSocket with a time limit (a bound for a failing test, not a measure)."""

from __future__ import annotations

import json
from typing import Any

import anyio
from starlette.testclient import WebSocketTestSession

WAIT = 120.0
"""Seconds a test waits for a push before it fails (a generous bound, not a measurement)."""


def receive(socket: WebSocketTestSession, seconds: float = WAIT) -> dict[str, Any]:
    """The next JSON message of ``socket``; fails after ``seconds`` without one."""

    async def next_message() -> Any:
        with anyio.fail_after(seconds):
            return await socket._send_rx.receive()

    message = socket.portal.call(next_message)
    socket._raise_on_close(message)
    data: dict[str, Any] = json.loads(message["text"])
    return data
