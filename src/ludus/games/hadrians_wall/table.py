"""Every action a seat can ever take, built once per game (actions are immutable values).

Legal-action generation picks prebuilt :class:`~ludus.core.actions.Action` objects from
these tables instead of constructing new ones, which keeps ``legal_actions`` cheap.
"""

from __future__ import annotations

from ludus.core.actions import Action

from .components import (
    ATTRIBUTES,
    BATHS_BOXES,
    BUILDING_IDS,
    CITIZENS,
    COHORTS,
    GLADIATORS,
    ITEMS,
    MARKET_HEXAGONS,
    PATTERN_CELLS,
    PLAYER_CARDS,
    THEATRE_BOXES,
    mask_token,
    placements,
)

COURT_BOXES: tuple[str, ...] = tuple(f"{col}{row + 1}" for col in "LCR" for row in range(3))
FORUM_TYPES: tuple[int, ...] = (1, 2, 3)  # builder, servant, civilian (Soldiers never)


class ActionTable:
    """The prebuilt actions of one seat."""

    __slots__ = (
        "attribute",
        "battle",
        "bribe",
        "build",
        "buy",
        "cippi",
        "citizen",
        "cohort",
        "defend",
        "diplomat",
        "end",
        "favour_diplomat",
        "favour_temple",
        "fort",
        "forum",
        "guard",
        "mine",
        "path",
        "perform",
        "place",
        "ruling",
        "scout",
        "temple",
        "train",
        "train_gladiator",
        "wall",
    )

    def __init__(self, p: int, players: int) -> None:
        self.end = Action(p, "end")
        self.mine = Action(p, "mine")
        self.guard = Action(p, "guard")
        self.train = Action(p, "train")
        self.wall = Action(p, "wall")
        self.cippi = Action(p, "cippi")
        self.defend = Action(p, "defend")
        self.fort = (Action(p, "fort", ("builder",)), Action(p, "fort", ("soldier",)))
        self.build = tuple(Action(p, "build", (key,)) for key in BUILDING_IDS)
        forum: list[tuple[int, int, int, Action]] = []
        for i, x in enumerate(FORUM_TYPES):
            for y in FORUM_TYPES[i:]:
                for g in FORUM_TYPES:
                    if g != x and g != y:
                        forum.append((x, y, g, Action(p, "forum", (ITEMS[x], ITEMS[y], ITEMS[g]))))
        self.forum = tuple(forum)
        self.citizen = tuple(Action(p, "citizen", (name,)) for name in CITIZENS)
        sources = ["deck", "own", *(f"p{q}" for q in range(players) if q != p), "n0", "n1"]
        self.buy = {s: tuple(Action(p, "buy", (s, h)) for h in MARKET_HEXAGONS) for s in sources}
        self.perform = tuple(Action(p, "perform", (name,)) for name in THEATRE_BOXES)
        self.train_gladiator = tuple(
            (Action(p, "train_gladiator", (g, "servant")), Action(p, "train_gladiator", (g, "civilian")))
            for g in GLADIATORS
        )
        self.battle = tuple(Action(p, "battle", (g,)) for g in GLADIATORS)
        self.temple = tuple(Action(p, "temple", (w,)) for w in ITEMS[:4])
        self.bribe = tuple(Action(p, "bribe", (name,)) for name in BATHS_BOXES)
        self.ruling = tuple(Action(p, "ruling", (name,)) for name in COURT_BOXES)
        self.diplomat = tuple(Action(p, "diplomat", (c,)) for c in COHORTS)
        self.scout = {s: Action(p, "scout", (s,)) for s in sources if s != "deck"}
        self.place = {m: Action(p, "place", (mask_token(m),)) for pat in PATTERN_CELLS for m in placements(pat)}
        self.cohort = tuple(Action(p, "cohort", (c,)) for c in COHORTS)
        self.attribute = {a: Action(p, "attribute", (a,)) for a in ATTRIBUTES}
        self.path = tuple(Action(p, "path", (card.id,)) for card in PLAYER_CARDS)
        self.favour_temple = tuple(Action(p, "favour", ("temple", c)) for c in COHORTS)
        self.favour_diplomat = tuple(Action(p, "favour", ("diplomat", c)) for c in COHORTS)
