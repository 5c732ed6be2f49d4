"""Who may open a table, and how often: the limits a stranger meets when creating.

Every route that opens a table (the API's ``POST /api/tables``, the lobby's form) asks
:func:`may_open` first: a token bucket per client address (``ludus serve --tables-per-minute``,
bursts of ``--table-burst``); the table then remembers :func:`opener` (a hash of the address,
not the address) so that the hub can cap one client's unfinished tables of bots only
(:attr:`ludus.web.live.Hub.bot_tables`). Behind a reverse proxy the client's address is the one
the proxy forwards (uvicorn's ``--forwarded-allow-ips``; docs/web.md, "Deployment").
"""

from __future__ import annotations

from fastapi import Request

from ludus.web.http import RateLimit
from ludus.web.store import hash_token

__all__ = ["may_open", "opener"]


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def opener(request: Request) -> str:
    """What a table keeps of the client that opened it: the SHA-256 of its address."""
    return hash_token(_address(request))


def may_open(request: Request) -> bool:
    """Take one of the client's table openings; False when it has opened too many lately."""
    openings: RateLimit = request.app.state.openings
    return openings.allow(_address(request))
