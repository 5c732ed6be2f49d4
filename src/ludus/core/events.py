"""Events: what :meth:`State.apply` reports.

The terminal log, replays and any future web log are built from events. An event
that carries hidden information names the players who may see it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``text`` is a one-line English description. ``visible_to`` is ``None`` for a
    public event, otherwise the seats that may see it. ``kind`` and ``data`` are
    machine-readable (for animation or statistics).
    """

    text: str
    kind: str = "log"
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def is_visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (``None`` = spectator) may see this event."""
        if self.visible_to is None:
            return True
        return player is not None and player in self.visible_to


def public(text: str, kind: str = "log", **data: Any) -> Event:
    """Return a public event."""
    return Event(text, kind, data)


def private(players: int | frozenset[int], text: str, kind: str = "log", **data: Any) -> Event:
    """Return an event that only ``players`` may see."""
    seen = frozenset((players,)) if isinstance(players, int) else players
    return Event(text, kind, data, seen)
