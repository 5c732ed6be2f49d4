"""What every web request needs, whichever router serves it: the language, the rate limit,
the origin check of a WebSocket and the HTTP status of an error.

At the bottom of the web package's routing: :mod:`ludus.web.api`, :mod:`ludus.web.pages`
and :mod:`ludus.web.session` import it; it imports only the web's errors.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from ludus.core.errors import IllegalActionError, LudusError
from ludus.core.i18n import LANGUAGES, Lang, get_lang
from ludus.web.table import Forbidden, NotFound, Refused, TooMany

__all__ = ["HERE", "RateLimit", "language", "origin_allowed", "status_of"]

HERE = Path(__file__).resolve().parent
"""The web package's folder (its templates and static files)."""


class RateLimit:
    """A token bucket per key: ``rate`` actions a second, bursts of ``burst``.

    At most ``max_keys`` buckets are kept: past that, the fullest half is forgotten (a full
    bucket is the same as none), so a flood of new keys (made-up tokens) can neither exhaust
    the memory nor give an emptied bucket back its burst.
    """

    def __init__(self, rate: float, burst: int, max_keys: int = 100_000) -> None:
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def _tokens(self, key: str, now: float) -> float:
        tokens, last = self.buckets.get(key, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - last) * self.rate)

    def allow(self, key: str) -> bool:
        """Take one token of ``key``'s bucket; False when it is empty."""
        now = time.monotonic()
        with self.lock:
            tokens = self._tokens(key, now)
            if tokens < 1.0:
                self.buckets[key] = (tokens, now)
                return False
            self.buckets[key] = (tokens - 1.0, now)
            if len(self.buckets) > self.max_keys:
                fullest = sorted(self.buckets, key=lambda k: self._tokens(k, now), reverse=True)
                for forgotten in fullest[: len(fullest) // 2 + 1]:
                    del self.buckets[forgotten]
            return True


def language(request_lang: str | None, accept: str | None) -> Lang:
    """The language of a request: ``?lang=``, else the browser's Accept-Language, else English."""
    if request_lang in LANGUAGES:
        return get_lang(request_lang)
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return get_lang(code)
    return get_lang("en")


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket from ``origin`` may connect to ``host`` (no Origin: not a browser, allowed)."""
    if not origin:
        return True
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == (host or "")


def status_of(error: LudusError) -> int:
    """The HTTP status of an error a request caused."""
    if isinstance(error, NotFound):
        return 404
    if isinstance(error, Forbidden):
        return 403
    if isinstance(error, (Refused, IllegalActionError)):
        return 409
    if isinstance(error, TooMany):
        return 429
    return 400
