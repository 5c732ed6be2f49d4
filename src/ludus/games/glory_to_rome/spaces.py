"""Glory to Rome for research tools: a fixed action numbering and a flat observation.

**Actions** (:func:`action_kinds`). Every verb of :class:`~.components.Verb`, in its
declaration order, is one kind (``demand`` two: with and without ``nopool``); each
argument takes every value the component data allow, in the data's order: the 40 buildings as
``data/cards.toml`` lists them, then ``jack`` where a Jack may stand for a card; the six roles and the six
materials in the order rubble/laborer … marble/patron; seats ``0 … n - 1`` (absolute seats, as the
notation writes them). The domains are products, so some numbers are never legal (a
``lead`` names a card of the led role, or any card for an Architect with a Circus, so
``lead laborer temple`` has a number but is never offered): the legal-action mask says
which are.

The numbering depends on the player count only (the seats are arguments): no option
adds or removes a verb (``concede`` is numbered even where the option is off, and
``legacy_petition``, only offered while replaying a record older than 0.4.0, is last).
The golden files ``tests/games/glory_to_rome/action_space_<n>p.txt`` keep it stable.

>>> kinds = action_kinds(3)
>>> [k.verb for k in kinds][:4]
['lead', 'follow', 'petition', 'think_jack']
>>> sum(k.size for k in kinds)
4962

**Observation** (:func:`observe`, from a view alone). The vector is laid out by
:func:`observation_parts` (OpenSpiel observer style): card counts are plain counts (a place holds a handful),
the deck and the cards out of play are fractions of the 144 Orders, influence is divided by 10, everything
else is a count, a 0/1 flag or a one-hot. Seat blocks (``n`` values, or ``n`` groups of 6 or 40) are rotated
so the observing seat comes first, then the seat on its left and so on; the spectator's
blocks start at seat 0. Seat-valued one-hots (``frame_seat``, ``give_seat`` …) use the same
rotation. Buildings are indexed as in ``data/cards.toml`` (``bar`` = 0 … ``temple`` = 39),
materials and roles rubble/laborer = 0 … marble/patron = 5.

The seat's private parts are ``hand`` and ``fountain_card`` (and in ``vault``, the cards
it alone may see, e.g. its Basilica cards); the spectator's view has none of them, so
they stay zero. Left out (the view has them): the order of the cards in a place, the
sites of structures and whether they are out of town, the turn number.

>>> import ludus
>>> game = ludus.load("glory-to-rome", players=3)
>>> state = game.new_state(1)
>>> seen = observe(state.view(0), 0)
>>> len(seen) == sum(size for _, size, _ in observation_parts(3))
True
>>> layout = game.observation_layout
>>> seen[layout["hand_size"].start:layout["hand_size"].stop]
[5.0, 5.0, 5.0]
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ludus.core.actions import Arg
from ludus.core.spaces import ActionKind, ObservationLayout
from ludus.games.glory_to_rome.components import (
    BUILDINGS,
    END_NAMES,
    MATERIAL_NAMES,
    N_CARDS,
    PHASE_NAMES,
    ROLE_NAMES,
    SLUGS,
    Verb,
)

__all__ = ["action_kinds", "observation_parts", "observe", "observe_into"]

_JACK = "jack"
_NOPOOL = "nopool"
_WHERE = ("in", "out")


def _arguments(players: int) -> dict[Verb, tuple[tuple[tuple[Arg, ...], ...], ...]]:
    """Each verb's argument domains; a verb with two arities has two entries (fewest first)."""
    buildings: tuple[Arg, ...] = SLUGS
    roles: tuple[Arg, ...] = ROLE_NAMES
    materials: tuple[Arg, ...] = MATERIAL_NAMES
    seats: tuple[Arg, ...] = tuple(range(players))
    card_or_jack = (*buildings, _JACK)
    return {
        Verb.LEAD: ((roles, card_or_jack),),
        Verb.FOLLOW: ((card_or_jack,),),
        Verb.PETITION: (((*roles, *buildings),),),  # the role first, then its cards one by one
        Verb.LATRINE: ((card_or_jack,),),
        Verb.CONCEDE: ((seats,),),
        Verb.HIRE: ((roles,),),
        Verb.HIRE_HAND: ((buildings,),),
        Verb.GATHER: ((materials,),),
        Verb.GATHER_HAND: ((buildings,),),
        Verb.SELL: ((materials,),),
        Verb.SELL_HAND: ((buildings,),),
        Verb.DEMAND: ((materials,), (materials, (_NOPOOL,))),
        Verb.LAY: ((buildings, materials, _WHERE),),
        Verb.BUILD: ((buildings, (*buildings, *materials)),),  # a card from hand, or a stockpile material
        Verb.BUILD_POOL: ((buildings, materials),),
        Verb.STAIRWAY: ((seats, buildings, materials),),
        Verb.STAIRWAY_POOL: ((seats, buildings, materials),),
        Verb.PRISON: ((seats, buildings),),
        Verb.GIVE: ((buildings,),),
        Verb.COLOSSEUM: ((seats, roles),),
        Verb.SENATE: ((seats,),),
        Verb.LEGACY_PETITION: ((roles, buildings),),
    }


def action_kinds(players: int) -> list[ActionKind]:
    """Every kind of action of a ``players``-seat game, in the order they are numbered."""
    arguments = _arguments(players)
    kinds: list[ActionKind] = []
    for verb in Verb:
        for args in arguments.get(verb, ((),)):
            kinds.append(ActionKind(verb.value, args))
    return kinds


# --- the observation ------------------------------------------------------------
_B = len(SLUGS)
_BUILDING = {slug: i for i, slug in enumerate(SLUGS)}
_MATERIAL = {name: i for i, name in enumerate(MATERIAL_NAMES)}
_MATERIAL_OF = {b.slug: b.material for b in BUILDINGS}
_ROLE = {name: i for i, name in enumerate((*ROLE_NAMES, "thinker", "prison"))}
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_END = {name: i for i, name in enumerate(END_NAMES)}
_FRAME_KINDS = 4


def observation_parts(players: int) -> list[tuple[str, int, str]]:
    """``(name, size, what it holds)`` of each slice of a ``players``-seat observation."""
    n = players
    return [
        # the seat's own hidden cards
        ("hand", _B, "own hand: cards of each building (0 for the spectator)"),
        ("fountain_card", _B, "1 at the building of the Fountain card the seat drew (0 for others)"),
        # the public board
        ("pool", _B, "pool: cards of each building"),
        ("deck", 1, "cards in the deck / 144"),
        ("out_of_play", 1, "cards out of play (training game) / 144"),
        ("jack_pile", 1, "Jacks in the pile"),
        ("sites_in_town", 6, "in-town sites left, per material"),
        ("sites_out_of_town", 6, "out-of-town sites left, per material"),
        ("public_buildings", _B, "1 at a completed building made public by a Stairway (any seat's)"),
        # the phase and the pending decision
        ("phase", len(PHASE_NAMES), "one-hot: lead, follow, act, end_of_turn, over"),
        ("role", 8, "one-hot role led this turn: the six roles, thinker, prison (none: all 0)"),
        ("palace_open", 1, "1 while the seat to move may add Palace units"),
        ("pre_think", 2, "1 where a Latrine / a Vomitorium discard was made before this think"),
        ("petition_role", 6, "one-hot role of the petition in progress"),
        ("petition_material", 6, "one-hot material of the petition's cards so far"),
        ("petition_left", 1, "cards still to play in the petition"),
        ("frames", 1, "batches of actions pending (the stack's depth)"),
        ("frame_seat", n, "one-hot seat of the batch on top (rotated)"),
        ("frame_role", 8, "one-hot role of the batch on top (as in `role`)"),
        ("frame_left", 1, "actions left in the batch on top"),
        ("frame_open", 3, "bits of the action in progress on top (1, 2, 4: see decisions.py O_*)"),
        ("frame_kind", _FRAME_KINDS, "one-hot kind of the batch on top: main, bath, bonus, prison"),
        ("frame_client_actions", 1, "client actions counted in the batch on top"),
        ("frame_doubled", 1, "1 if the Circus Maximus doubles the batch on top"),
        ("demands", 6, "Legionary demands revealed so far that take a pool card, per material"),
        ("demands_nopool", 6, "demands revealed so far that leave the pool card, per material"),
        ("gives", 1, "gives pending"),
        ("give_seat", n, "one-hot seat asked to give now (rotated)"),
        ("give_material", 6, "one-hot material it is asked for"),
        ("give_demander", n, "one-hot seat that demands (rotated)"),
        ("give_voluntary", 1, "1 if the seat asked may refuse"),
        ("half_laid_seat", n, "one-hot seat with an out-of-town foundation half laid (rotated)"),
        ("half_laid_building", _B, "one-hot building of that foundation"),
        ("colosseum_seat", n, "one-hot seat choosing Colosseum clients (rotated)"),
        ("colosseum_clients", 6 * n, "clients it may take: per opponent (rotated), per role"),
        ("end_steps", 1, "end-of-turn steps pending"),
        ("end_step", 3, "one-hot next end-of-turn step: academy, sewer, senate"),
        ("end_seat", n, "one-hot seat of that step (rotated)"),
        ("fountain_seat", n, "one-hot seat holding a drawn Fountain card (rotated)"),
        ("over", 1, "1 when the game is over"),
        # per seat, the observing seat first
        ("to_move", n, "1 at the seat to move"),
        ("leader", n, "1 at the leader of the turn"),
        ("influence", n, "influence / 10"),
        ("influence_sites", 6 * n, "completed buildings' sites, per material"),
        ("hand_size", n, "cards in hand (Jacks included)"),
        ("hand_jacks", n, "Jacks in hand"),
        ("hand_limit", n, "hand limit"),
        ("clientele", 6 * n, "clients per role"),
        ("new_clients", 6 * n, "clients hired this turn per role"),
        ("clientele_limit", n, "clientele limit"),
        ("stockpile", 6 * n, "stockpile materials"),
        ("vault", 6 * n, "vault cards whose material this seat sees, per material"),
        ("vault_unknown", n, "vault cards whose material this seat does not see"),
        ("vault_limit", n, "vault limit"),
        ("structures", _B * n, "1 at each building the seat has (a foundation or completed)"),
        ("complete", _B * n, "1 at each completed building"),
        ("structure_materials", _B * n, "materials added to each structure"),
        ("camp", 6 * n, "Orders played this turn, per material"),
        ("camp_jacks", n, "Jacks played this turn"),
        ("units", n, "units of the role played this turn"),
        ("revealed", 6 * n, "hand cards shown for a demand, per material"),
        ("did_craftsman", n, "1 if the seat performed a Craftsman action this turn (Academy)"),
        ("conceded", n, "1 if the seat has conceded"),
        ("forum_winner", n, "1 at each Forum winner"),
    ]


_SEAT_FIELDS = (
    "influence", "influence_sites", "hand_size", "hand_jacks", "hand_limit", "clientele", "new_clients",
    "clientele_limit", "stockpile", "vault", "vault_unknown", "vault_limit", "structures", "complete",
    "structure_materials", "camp", "camp_jacks", "units", "revealed", "did_craftsman", "conceded",
)
"""The per-seat slices :func:`observe` fills seat by seat."""
_WIDTH = {"influence_sites": 6, "clientele": 6, "new_clients": 6, "stockpile": 6, "vault": 6, "camp": 6,
          "revealed": 6, "structures": _B, "complete": _B, "structure_materials": _B}


class _Starts:
    """Where each slice of a ``players``-seat observation starts (attributes: slice names),
    and for each rotated seat, where its part of every per-seat slice starts."""

    def __init__(self, players: int) -> None:
        self.size = 0
        for name, size, _doc in observation_parts(players):
            setattr(self, name, self.size)
            self.size += size
        self.seats = [tuple(getattr(self, name) + r * _WIDTH.get(name, 1) for name in _SEAT_FIELDS)
                      for r in range(players)]

    # the slice names are set in __init__ (no __getattr__ at run time: it slows every look-up)
    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> int: ...


@cache
def _starts(players: int) -> _Starts:
    return _Starts(players)


def observe(view: Mapping[str, Any], player: int | None,
            shape: ObservationLayout | None = None) -> list[float]:
    """The observation of ``player`` (None: the spectator) from its ``view`` alone (the player count
    is the view's; ``shape``, the game's layout, is the one :func:`observation_parts` gives for it)."""
    n = len(view["players"])
    out = shape.zeros() if shape is not None else [0.0] * _starts(n).size
    observe_into(out, view, player)
    return out


def observe_into(out: MutableSequence[float], view: Mapping[str, Any], player: int | None,
                 shape: ObservationLayout | None = None) -> None:
    """:func:`observe` written into ``out``, all zeros on entry (a list, or a float32 ``memoryview`` of
    a numpy buffer: :func:`ludus.core.spaces.observe_into`); ``shape`` is not needed."""
    n = len(view["players"])
    o = _starts(n)
    first = 0 if player is None else player
    building, material, role = _BUILDING, _MATERIAL, _ROLE

    seats = view["players"]
    if player is not None:
        at = o.hand
        for name in seats[player].get("hand", ()):
            out[at + building[name]] += 1.0
    fountain = view["fountain"]
    if fountain is not None:
        out[o.fountain_seat + (fountain["owner"] - first) % n] = 1.0
        if fountain["card"] != "?":
            out[o.fountain_card + building[fountain["card"]]] = 1.0

    at = o.pool
    for name in view["pool"]:
        out[at + building[name]] += 1.0
    out[o.deck] = view["deck_size"] / N_CARDS
    out[o.out_of_play] = view["out_of_play"] / N_CARDS
    out[o.jack_pile] = view["jack_pile"] + 0.0
    town, out_of_town = view["sites_in_town"], view["sites_out_of_town"]
    for k, m in enumerate(MATERIAL_NAMES):
        out[o.sites_in_town + k] = town[m] + 0.0
        out[o.sites_out_of_town + k] = out_of_town[m] + 0.0

    out[o.phase + _PHASE[view["phase"]]] = 1.0
    if view["role"]:
        out[o.role + role[view["role"]]] = 1.0
    if view["palace_open"]:
        out[o.palace_open] = 1.0
    pre = view["pre_think"]
    if pre:
        out[o.pre_think] = (pre & 1) + 0.0
        out[o.pre_think + 1] = (pre >> 1 & 1) + 0.0
    petition = view["petition"]
    if petition:
        _decision_petition(out, o, petition)
    frames = view["frames"]
    if frames:
        _decision_frame(out, o, frames, (frames[-1]["player"] - first) % n)
    for demand in view["demands"]:
        name, _, rest = demand.partition(" ")
        out[(o.demands_nopool if rest else o.demands) + material[name]] += 1.0
    if view["gives"] or view["half_laid"] or view["colosseum"] or view["end_of_turn"]:
        _decisions(out, o, view, first, n)
    if view["over"]:
        out[o.over] = 1.0
        for who in view["forum_winners"]:
            out[o.forum_winner + (who - first) % n] = 1.0

    for who in view["to_move"]:
        out[o.to_move + (who - first) % n] = 1.0
    out[o.leader + (view["leader"] - first) % n] = 1.0
    conceded = view["conceded"]
    public = o.public_buildings
    starts = o.seats
    for p, seat in enumerate(seats):
        (influence, inf_sites, hand_size, hand_jacks, hand_limit, clientele, new_clients, clientele_limit,
         stockpile, vault, vault_unknown, vault_limit, structures, complete, structure_materials, camp,
         camp_jacks, units, revealed, did_craftsman, conceded_at) = starts[(p - first) % n]
        out[influence] = seat["influence"] / 10
        for name in seat["influence_sites"]:
            out[inf_sites + material[name]] += 1.0
        out[hand_size] = seat["hand_size"] + 0.0
        out[hand_jacks] = seat["hand_jacks"] + 0.0
        out[hand_limit] = seat["hand_limit"] + 0.0
        for name in seat["clientele"]:
            out[clientele + role[name]] += 1.0
        for name in seat["new_clients"]:
            out[new_clients + role[name]] += 1.0
        out[clientele_limit] = seat["clientele_limit"] + 0.0
        for name in seat["stockpile"]:
            out[stockpile + material[name]] += 1.0
        for name in seat["vault"]:
            if name == "?":
                out[vault_unknown] += 1.0
            else:
                out[vault + material[name]] += 1.0
        out[vault_limit] = seat["vault_limit"] + 0.0
        for st in seat["buildings"]:
            b = building[st["name"]]
            out[structures + b] = 1.0
            out[structure_materials + b] = len(st["materials"]) + 0.0
            if st["complete"]:
                out[complete + b] = 1.0
                if st["public"]:
                    out[public + b] = 1.0
        for name in seat["camp"]:
            out[camp + _MATERIAL_OF[name]] += 1.0
        out[camp_jacks] = seat["camp_jacks"] + 0.0
        out[units] = seat["units"] + 0.0
        for name in seat["revealed"]:
            out[revealed + _MATERIAL_OF[name]] += 1.0
        if seat["did_craftsman"]:
            out[did_craftsman] = 1.0
        if conceded[p] >= 0:
            out[conceded_at] = 1.0


def _decision_petition(out: MutableSequence[float], o: _Starts, petition: list[Any]) -> None:
    """The petition in progress: its role, its material so far, the cards still to play."""
    name, left, role = petition
    out[o.petition_role + _ROLE[role]] = 1.0
    if name is not None:
        out[o.petition_material + _MATERIAL[name]] = 1.0
    out[o.petition_left] = left + 0.0


def _decision_frame(out: MutableSequence[float], o: _Starts, frames: list[dict[str, Any]], seat: int) -> None:
    """The batch of actions on top of the stack (``seat``: its player, rotated)."""
    top = frames[-1]
    out[o.frames] = len(frames) + 0.0
    out[o.frame_seat + seat] = 1.0
    out[o.frame_role + _ROLE[top["role"]]] = 1.0
    out[o.frame_left] = top["left"] + 0.0
    bits = top["open"]
    at = o.frame_open
    out[at] = (bits & 1) + 0.0
    out[at + 1] = (bits >> 1 & 1) + 0.0
    out[at + 2] = (bits >> 2 & 1) + 0.0
    out[o.frame_kind + top["kind"]] = 1.0
    out[o.frame_client_actions] = top["client_actions"] + 0.0
    out[o.frame_doubled] = top["doubled"] + 0.0


def _decisions(out: MutableSequence[float], o: _Starts, view: Mapping[str, Any], first: int, n: int) -> None:
    """The rarer pending decisions: a give, a half-laid foundation, a Colosseum choice, end-of-turn steps."""
    gives = view["gives"]
    if gives:
        who, name, demander, voluntary = gives[0]
        out[o.gives] = len(gives) + 0.0
        out[o.give_seat + (who - first) % n] = 1.0
        out[o.give_material + _MATERIAL[name]] = 1.0
        out[o.give_demander + (demander - first) % n] = 1.0
        out[o.give_voluntary] = voluntary + 0.0
    half = view["half_laid"]
    if half:
        out[o.half_laid_seat + (half[0] - first) % n] = 1.0
        out[o.half_laid_building + _BUILDING[half[1]]] = 1.0
    colosseum = view["colosseum"]
    if colosseum:
        out[o.colosseum_seat + (colosseum[0] - first) % n] = 1.0
        at = o.colosseum_clients
        for victim, role in colosseum[1:]:
            out[at + 6 * ((victim - first) % n) + _ROLE[role]] += 1.0
    steps = view["end_of_turn"]
    if steps:
        kind, who = steps[0]
        out[o.end_steps] = len(steps) + 0.0
        out[o.end_step + _END[kind]] = 1.0
        out[o.end_seat + (who - first) % n] = 1.0
