"""The Glory to Rome state's data: every field declared once, with the derived quantities.

Cards are integer ids (see :mod:`.components`).  Every Order card is always in
exactly one place: the deck, the pool, a hand, a camp (played this turn), a
clientele, a stockpile, a vault, a structure (foundation card or material), the
Fountain slot, or out of play (simplified game).  Jacks are counted, not named.

The pending sub-decisions (frames of actions, gives, end-of-turn steps ...) are
typed objects declared beside their classes in :mod:`.decisions`, which adds
them to this data as :class:`~.decisions.GtrData`.
"""

from __future__ import annotations

from typing import Any

from ludus.core.api import Game
from ludus.core.fields import Derived, PlainData, Shared, Transient, plain_state
from ludus.core.rng import Rng
from ludus.games.glory_to_rome.components import (
    CARD_BUILDING,
    CARD_MATERIAL,
    HAND_LIMIT,
    MARBLE,
    STARTING_INFLUENCE,
    STONE,
    VALUE,
    ActionTable,
    B,
    Phase,
)
from ludus.games.glory_to_rome.config import GtrConfig

_VALUE_OF = VALUE.__getitem__


class Structure:
    """A foundation or completed structure: its card, site, materials and status."""

    __slots__ = ("card", "complete", "materials", "out", "public", "site")

    def __init__(
        self,
        card: int,
        site: int,
        out: bool = False,
        materials: list[int] | None = None,
        complete: bool = False,
        public: bool = False,
    ) -> None:
        self.card = card
        self.site = site
        self.out = out
        self.materials = materials if materials is not None else []
        self.complete = complete
        self.public = public

    def copy(self) -> Structure:
        """An independent copy."""
        return Structure(self.card, self.site, self.out, self.materials[:], self.complete, self.public)

    def to_json(self) -> list[Any]:
        """Plain list form."""
        return [self.card, self.site, int(self.out), self.materials[:], int(self.complete), int(self.public)]

    @classmethod
    def from_json(cls, data: list[Any]) -> Structure:
        """Inverse of :meth:`to_json`."""
        return cls(data[0], data[1], bool(data[2]), list(data[3]), bool(data[4]), bool(data[5]))


@plain_state
class GtrStateData(PlainData):
    """The plain fields of a Glory to Rome state, declared in the key order of the saved JSON."""

    game: Shared[Game[Any]]
    cfg: Shared[GtrConfig]
    acts: Shared[ActionTable]
    rng: Rng
    n: int
    jack_pile: int
    leader: int
    role: int
    phase: Phase
    current: int
    palace_open: int
    pre_think: int
    act_index: int
    fountain: int
    over: int
    turn: int
    end_reason: str
    deck: list[int]
    pool: list[int]
    removed: list[int]
    in_town: list[int]
    out_town: list[int]
    sites_removed: list[int]
    hand_jacks: list[int]
    camp_jacks: list[int]
    units: list[int]
    did_craft: list[int]
    forum_winners: list[int]
    conceded: list[int]
    hands: list[list[int]]
    clients: list[list[int]]
    fresh: list[list[int]]
    stock: list[list[int]]
    vault: list[list[int]]
    vault_vis: list[list[int]]
    inf_sites: list[list[int]]
    camp: list[list[int]]
    revealed: list[list[int]]
    buildings: list[list[Structure]]
    active: Derived[list[int]]
    """Bit mask of the building functions active for each seat (recomputed on loading)."""
    active_any: Derived[int]
    """The union of ``active`` (one test tells whether anybody has a Forum, an Academy ...,
    asked after every action)."""
    _deals: Transient[dict[int | None, Any]]
    """Each seat's :class:`~.view.DealPlan` of this position (``Any``: the layers below
    :mod:`.view` do not import it); emptied when the position changes (the State's hooks)."""


# ---------------------------------------------------------------------------
# Derived quantities (read by rules, scoring, views and bots)
# ---------------------------------------------------------------------------


def has(s: GtrStateData, p: int, b: int) -> bool:
    """Whether building function ``b`` is active for player ``p`` (own, Gate, or Stairway)."""
    return bool((s.active[p] >> b) & 1)


def influence(s: GtrStateData, p: int) -> int:
    """Influence: 2 + the values of the sites in ``p``'s influence row."""
    return STARTING_INFLUENCE + sum(map(_VALUE_OF, s.inf_sites[p]))  # (no generator: a hot path)


def hand_limit(s: GtrStateData, p: int) -> int:
    """Hand limit: 5, Shrine +2, Temple +4."""
    mask = s.active[p]
    return HAND_LIMIT + (2 if (mask >> B.SHRINE) & 1 else 0) + (4 if (mask >> B.TEMPLE) & 1 else 0)


def clientele_limit(s: GtrStateData, p: int) -> int:
    """Clientele limit: influence, +2 Insula, then ×2 Aqueduct (PL: (5 + 2) × 2 = 14)."""
    limit = influence(s, p)
    mask = s.active[p]
    if (mask >> B.INSULA) & 1:
        limit += 2
    if (mask >> B.AQUEDUCT) & 1:
        limit *= 2
    return limit


def vault_limit(s: GtrStateData, p: int) -> int:
    """Vault limit: influence, +2 Market."""
    return influence(s, p) + (2 if has(s, p, B.MARKET) else 0)


def hand_size(s: GtrStateData, p: int) -> int:
    """Cards in hand, Jacks included."""
    return len(s.hands[p]) + s.hand_jacks[p]


def structure_materials(st: Structure) -> tuple[int, ...]:
    """The materials a structure counts as (a Statue: Marble and its site's material)."""
    b = CARD_BUILDING[st.card]
    if b == B.STATUE:
        return (MARBLE, st.site) if st.site != MARBLE else (MARBLE,)
    return (CARD_MATERIAL[st.card],)


def counts_as_marble(st: Structure) -> bool:
    """A Marble structure for Gate: Marble (a Statue always), or a Stone structure that
    holds a Marble material (added with a Road; EN07 "Gate + Road", reference §12)."""
    mats = structure_materials(st)
    if MARBLE in mats:
        return True
    return STONE in mats and any(CARD_MATERIAL[c] == MARBLE for c in st.materials)


def owned_names(s: GtrStateData, p: int) -> int:
    """Bit mask of building names ``p`` owns (foundations, structures, stolen)."""
    mask = 0
    for st in s.buildings[p]:
        mask |= 1 << CARD_BUILDING[st.card]
    return mask


def find_structure(s: GtrStateData, p: int, b: int) -> Structure | None:
    """``p``'s structure of building ``b``, if any."""
    for st in s.buildings[p]:
        if CARD_BUILDING[st.card] == b:
            return st
    return None
