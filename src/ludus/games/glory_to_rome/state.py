"""The Glory to Rome state: plain data with a hand-written :meth:`GtrState.clone`.

Cards are integer ids (see :mod:`.components`).  Every Order card is always in
exactly one place: the deck, the pool, a hand, a camp (played this turn), a
clientele, a stockpile, a vault, a structure (foundation card or material), the
Fountain slot, or out of play (simplified game).  Jacks are counted, not named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludus.core.rng import Rng

if TYPE_CHECKING:
    from ludus.games.glory_to_rome import GloryToRome

# Phases.
LEAD = 0
FOLLOW = 1
ACT = 2
END_OF_TURN = 3
OVER = 4
PHASE_NAMES = ("lead", "follow", "act", "end_of_turn", "over")

# Frame kinds: why a batch of actions exists.
MAIN = 0  # the role led this turn (lead/follow units + clients)
BATH = 1  # a client hired under Bath acts at once
BONUS = 2  # Amphitheatre, Foundry, Garden, School upon completion
PRISON = 3  # Prison upon completion: the steal decision

# Pseudo-roles of frames besides the six roles.
THINK_ROLE = 6
PRISON_ROLE = 7

# Vault card visibility.
VIS_PUBLIC = -1
VIS_NOBODY = -2

# End-of-turn decision kinds (rulings §15: Academy, Sewer, Senate in that order).
ACADEMY = 0
SEWER = 1
SENATE = 2
END_NAMES = ("academy", "sewer", "senate")


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


class Frame:
    """A batch of actions of one role owed to one player (a pending sub-decision)."""

    __slots__ = ("cm", "granted", "kind", "left", "open", "player", "role")

    def __init__(
        self, player: int, role: int, left: int, kind: int, granted: int = 0, open: int = 0, cm: int = 0
    ) -> None:
        self.player = player
        self.role = role
        self.left = left  # actions not yet started
        self.kind = kind
        self.granted = granted  # client actions counted so far (MAIN frames, before doubling)
        self.open = open  # bit flags of an action in progress (see rules.py)
        self.cm = cm  # Circus Maximus doubling already applied (MAIN frames)

    def copy(self) -> Frame:
        """An independent copy."""
        return Frame(self.player, self.role, self.left, self.kind, self.granted, self.open, self.cm)

    def to_json(self) -> list[int]:
        """Plain list form."""
        return [self.player, self.role, self.left, self.kind, self.granted, self.open, self.cm]

    @classmethod
    def from_json(cls, data: list[int]) -> Frame:
        """Inverse of :meth:`to_json`."""
        return cls(*data)


def _lists(rows: list[list[int]]) -> list[list[int]]:
    return [r[:] for r in rows]


class GtrStateData:
    """All fields of a Glory to Rome state (the base of :class:`GtrState`)."""

    game: GloryToRome
    rng: Rng
    n: int
    deck: list[int]
    pool: list[int]
    removed: list[int]
    jack_pile: int
    in_town: list[int]
    out_town: list[int]
    sites_removed: list[int]
    hands: list[list[int]]
    hand_jacks: list[int]
    clients: list[list[int]]
    fresh: list[list[int]]
    stock: list[list[int]]
    vault: list[list[int]]
    vault_vis: list[list[int]]
    inf_sites: list[list[int]]
    buildings: list[list[Structure]]
    camp: list[list[int]]
    camp_jacks: list[int]
    leader: int
    role: int
    phase: int
    current: int
    units: list[int]
    petition: list[int]
    palace_open: int
    pre_think: int
    act_index: int
    stack: list[Frame]
    demands: list[int]
    revealed: list[list[int]]
    gives: list[list[int]]
    fountain: int
    did_craft: list[int]
    endq: list[list[int]]
    over: int
    end_reason: str
    forum_winners: list[int]
    colosseum: list[int]
    half_lay: list[int]
    conceded: list[int]
    turn: int
    active: list[int]

    FIELDS_INT = (
        "n", "jack_pile", "leader", "role", "phase", "current", "palace_open", "pre_think",
        "act_index", "fountain", "over", "turn",
    )  # fmt: skip
    FIELDS_LIST = ("deck", "pool", "removed", "in_town", "out_town", "sites_removed", "hand_jacks",
                   "camp_jacks", "units", "petition", "demands", "did_craft", "forum_winners", "colosseum",
                   "half_lay", "conceded")
    FIELDS_LISTS = ("hands", "clients", "fresh", "stock", "vault", "vault_vis", "inf_sites", "camp",
                    "revealed", "gives", "endq")

    def copy_into(self, o: GtrStateData) -> None:
        """Copy every field into ``o`` (used by clone; written out for speed)."""
        o.game = self.game
        o.rng = self.rng.clone()
        o.n = self.n
        o.jack_pile = self.jack_pile
        o.leader = self.leader
        o.role = self.role
        o.phase = self.phase
        o.current = self.current
        o.palace_open = self.palace_open
        o.pre_think = self.pre_think
        o.act_index = self.act_index
        o.fountain = self.fountain
        o.over = self.over
        o.turn = self.turn
        o.end_reason = self.end_reason
        o.deck = self.deck[:]
        o.pool = self.pool[:]
        o.removed = self.removed[:]
        o.in_town = self.in_town[:]
        o.out_town = self.out_town[:]
        o.sites_removed = self.sites_removed[:]
        o.hand_jacks = self.hand_jacks[:]
        o.camp_jacks = self.camp_jacks[:]
        o.units = self.units[:]
        o.petition = self.petition[:]
        o.demands = self.demands[:]
        o.did_craft = self.did_craft[:]
        o.forum_winners = self.forum_winners[:]
        o.colosseum = self.colosseum[:]
        o.half_lay = self.half_lay[:]
        o.conceded = self.conceded[:]
        o.hands = [r[:] for r in self.hands]
        o.clients = [r[:] for r in self.clients]
        o.fresh = [r[:] for r in self.fresh]
        o.stock = [r[:] for r in self.stock]
        o.vault = [r[:] for r in self.vault]
        o.vault_vis = [r[:] for r in self.vault_vis]
        o.inf_sites = [r[:] for r in self.inf_sites]
        o.camp = [r[:] for r in self.camp]
        o.revealed = [r[:] for r in self.revealed]
        o.gives = [r[:] for r in self.gives]
        o.endq = [r[:] for r in self.endq]
        o.buildings = [[st.copy() for st in row] for row in self.buildings]
        o.stack = [f.copy() for f in self.stack]
        o.active = self.active[:]

    def data_to_json(self) -> dict[str, Any]:
        """Every field as JSON-ready data."""
        out: dict[str, Any] = {"rng": self.rng.state, "end_reason": self.end_reason}
        for name in self.FIELDS_INT:
            out[name] = getattr(self, name)
        for name in self.FIELDS_LIST:
            out[name] = getattr(self, name)[:]
        for name in self.FIELDS_LISTS:
            out[name] = _lists(getattr(self, name))
        out["buildings"] = [[st.to_json() for st in row] for row in self.buildings]
        out["stack"] = [f.to_json() for f in self.stack]
        return out

    def data_from_json(self, data: dict[str, Any]) -> None:
        """Inverse of :meth:`data_to_json` (``active`` is recomputed by the caller)."""
        self.rng = Rng(0)
        self.rng.state = int(data["rng"])
        self.end_reason = str(data["end_reason"])
        for name in self.FIELDS_INT:
            setattr(self, name, int(data[name]))
        for name in self.FIELDS_LIST:
            setattr(self, name, [int(x) for x in data[name]])
        for name in self.FIELDS_LISTS:
            setattr(self, name, [[int(x) for x in row] for row in data[name]])
        self.buildings = [[Structure.from_json(st) for st in row] for row in data["buildings"]]
        self.stack = [Frame.from_json([int(x) for x in f]) for f in data["stack"]]
