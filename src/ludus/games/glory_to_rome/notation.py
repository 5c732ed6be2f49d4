"""Glory to Rome actions: the generic ``<seat>:<verb> <args>`` notation, prebuilt.

Every action is a :class:`ludus.core.actions.Action`; this module builds the
frequent ones once per game (they are immutable), so legal-action lists are
assembled from ready objects instead of constructing thousands of actions.
"""

from __future__ import annotations

from ludus.core.actions import Action, Arg
from ludus.games.glory_to_rome.components import BUILDINGS, MATERIAL_NAMES, ROLE_NAMES

SLUGS = tuple(b.slug for b in BUILDINGS)


class ActionTable:
    """Prebuilt actions of every seat (indexed ``[seat][...]``) and a memo for the rest."""

    def __init__(self, players: int) -> None:
        seats = range(players)
        nb = len(BUILDINGS)
        self.lead = [[Action(p, "lead", (ROLE_NAMES[BUILDINGS[b].material], SLUGS[b])) for b in range(nb)] for p in seats]
        self.lead_architect = [[Action(p, "lead", ("architect", SLUGS[b])) for b in range(nb)] for p in seats]
        self.lead_jack = [[Action(p, "lead", (ROLE_NAMES[r], "jack")) for r in range(6)] for p in seats]
        self.follow = [[Action(p, "follow", (SLUGS[b],)) for b in range(nb)] for p in seats]
        self.follow_jack = [Action(p, "follow", ("jack",)) for p in seats]
        self.petition = [
            [[Action(p, "petition", (ROLE_NAMES[r], SLUGS[b])) for b in range(nb)] for r in range(6)] for p in seats
        ]
        self.think_jack = [Action(p, "think_jack") for p in seats]
        self.think_draw = [Action(p, "think_draw") for p in seats]
        self.pass_ = [Action(p, "pass") for p in seats]
        self.next = [Action(p, "next") for p in seats]
        self.done = [Action(p, "done") for p in seats]
        self.gather = [[Action(p, "gather", (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.hire = [[Action(p, "hire", (ROLE_NAMES[m],)) for m in range(6)] for p in seats]
        self.sell = [[Action(p, "sell", (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.demand = [[Action(p, "demand", (MATERIAL_NAMES[m],)) for m in range(6)] for p in seats]
        self.demand_nopool = [[Action(p, "demand", (MATERIAL_NAMES[m], "nopool")) for m in range(6)] for p in seats]
        self.give = [[Action(p, "give", (SLUGS[b],)) for b in range(nb)] for p in seats]
        self.memo: dict[tuple[int, str, tuple[Arg, ...]], Action] = {}

    def get(self, player: int, verb: str, args: tuple[Arg, ...] = ()) -> Action:
        """The action ``player:verb args`` (built once, then reused)."""
        key = (player, verb, args)
        action = self.memo.get(key)
        if action is None:
            action = self.memo[key] = Action(player, verb, args)
        return action
