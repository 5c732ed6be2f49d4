"""The ludus games as OpenSpiel (``pyspiel``) Python games.

>>> from ludus.rl.openspiel import register      # doctest: +SKIP
>>> register()                                   # doctest: +SKIP
>>> game = pyspiel.load_game("ludus_trajan", {"players": 3})   # doctest: +SKIP

The OpenSpiel section of docs/research.md says it in full.

:func:`register` registers ``ludus_<game id, - as _>`` for every installed game with a
fixed action numbering. Parameters: ``players``, ``deals`` (0, the default: any 63-bit
seed; ``k > 0``: one of the seeds ``0 … k - 1``), ``reactions`` (offer out-of-turn
actions, see :mod:`ludus.rl.table`), ``max_actions`` (0: the game's ``action_cap``),
``recall`` (how many of a seat's past decisions its information-state tensor shows,
see :mod:`ludus.rl.infostate`) and every option of the game with its default.

The ``GameType`` flags, and why:

- dynamics **sequential**, Hadrian's Wall too: its simultaneous phases are played
  seat after seat (the AEC way, :mod:`ludus.rl.table`); each seat's choice is hidden
  from the others by the views, so nothing leaks, and OpenSpiel's Python IS-MCTS
  (which requires sequential games) can play it;
- chance mode **explicit stochastic, the deal only**: the randomness of a ludus game
  lives in its state's own generator, a function of the seed, so a game is the seed and
  then deterministic moves. The seed is drawn by chance nodes at the start: with
  ``deals=0`` seven of them, each choosing 9 bits of a 63-bit seed among 512 equally likely
  outcomes (listing 2**63 outcomes at one node would cost time and memory at every reset;
  512 at a node cost a few microseconds); with ``deals=k`` one node choosing among ``k``
  seeds. Sampled stochastic would be the natural flag, but OpenSpiel serializes a
  sampled-stochastic game's RNG in C++, which a Python game cannot provide, so
  ``random_sim_test(serialize=True)`` could not pass;
- information **imperfect**, reward model **terminal**;
- utility **identical** for a co-operative game (``returns()`` is the team's
  result), **zero-sum** for a competitive game of two or more seats (each seat's
  ``returns()`` less their mean, which changes nothing but a tie), **general-sum**
  for a competitive solo game.

Bounds (:class:`LudusSpielGame` computes them, :func:`utility_bounds`, :func:`max_game_length`):
``min_utility``/``max_utility`` are exact over every result the ranking can give; the
maximum game length counts decisions up to the action cap (chance nodes apart, as OpenSpiel
counts them).

The information-state string of a seat is JSON: the seat, its canonical view
(``view(seat)``, keys sorted), the numbers of its own past actions, and the turn
order (selected seat, reaction window, seats that declined). The information-state
tensor is :mod:`ludus.rl.infostate`'s layout. Both hold nothing the seat may not see.
The observation string is the JSON without the own actions; the observation tensor is
:meth:`Game.observe <ludus.core.api.Game.observe>`, its slices named as in the game's
layout. ``resample_from_infostate(seat, sampler)`` is ``determinize(seat, seed)`` with a
seed drawn from ``sampler``; the state it returns has a history as long as this one's and
the same move number, in which the seat's own actions are kept and every entry it did not
see (the deal, the other seats' actions) is ``pyspiel.INVALID_ACTION`` (-1); the other
seats' records (their own actions, for their information states) are unknown and start
empty. Serialization pickles the wrapper, and the wrapper pickles the state as
:meth:`State.to_json <ludus.core.api.State.to_json>`.
"""

from __future__ import annotations

import base64
import json
import pickle
from typing import Any

import numpy as np
import pyspiel

import ludus
from ludus.core import registry
from ludus.core.api import Game, GameInfo
from ludus.rl.infostate import InfoStateLayout, SeatRecord
from ludus.rl.table import Turns, observation

__all__ = ["DEAL_BITS", "DEAL_NODES", "RECALL", "max_game_length", "register", "short_name",
           "utility_bounds"]

DEAL_BITS = 9
"""Bits of the seed each opening chance node chooses (``deals=0``): 512 outcomes a node."""
DEAL_NODES = 7
"""Opening chance nodes with ``deals=0``: 7 × 9 = 63 bits, any seed ``0 … 2**63 - 1``."""
RECALL = 2
"""How many of a seat's past decisions its information-state tensor shows, by default."""
_OWN = ("players", "deals", "reactions", "max_actions", "recall")
"""The adapter's parameters (every other one is an option of the game)."""
_NO_ATTRIBUTES = base64.b64encode(pickle.dumps({})).decode()
"""A serialized state's Python attributes when there are none (see ``resample_from_infostate``)."""


def short_name(game_id: str) -> str:
    """The OpenSpiel name of ludus game ``game_id``: ``ludus_glory_to_rome``."""
    return "ludus_" + game_id.replace("-", "_")


def utility_bounds(game: Game[Any]) -> tuple[float, float]:
    """``(min_utility, max_utility)`` of ``game`` in the adapter: exact, but for a free solo game of
    Hadrian's Wall (a bound).

    Derived from :func:`~ludus.core.info.returns_of` and :func:`~ludus.core.info.rank_by` (a seat's
    place is 1 + the seats strictly ahead of it), and from a game stopped at the cap (0 for
    every seat):

    - co-operative: every seat gets +1 or -1 together: ``[-1, 1]``;
    - competitive solo: 1 for a win, 0 otherwise: ``[0, 1]``; but a free solo game of Hadrian's
      Wall (no Campaign fort) returns its score, ``tanh((VP - 30) / 25)``: ``[-1, 1]``, the
      scale's bounds — a bound, not exact (the exact ones are the tanh of the lowest and highest
      solo scores, not derived);
    - competitive, ``n`` >= 2 seats, zero-sum (``v_i`` less the mean of all ``v``, with
      ``v = 1 - 2 (place - 1) / (n - 1)``): the most is a seat alone in first place, the others
      in places 2 … n (their ``v`` sum to -1): ``1 - 0 = 1``; the least is a seat alone in last
      place (-1) with every other seat tied first (+1 each): ``-1 - (n - 2) / n = -2 (n - 1) / n``
      (-1 for 2 seats, -4/3 for 3, -3/2 for 4, -8/5 for 5, -5/3 for 6).
    """
    n = game.players
    if game.info.cooperative:
        return -1.0, 1.0
    if n == 1:
        return (-1.0, 1.0) if _scored_solo(game) else (0.0, 1.0)
    return -2.0 * (n - 1) / n, 1.0


def _scored_solo(game: Game[Any]) -> bool:
    """Whether ``game`` is a solo game whose returns are a score (Hadrian's Wall without a Campaign
    fort: its ``returns()``), not a win or a loss."""
    return game.info.id == "hadrians-wall" and not game.option_dict.get("campaign_fort")


def max_game_length(game: Game[Any], cap: int, reactions: bool) -> int:
    """The most decisions a game can take in the adapter (OpenSpiel's ``max_game_length``: chance
    nodes apart).

    ``cap`` ludus actions at most (the game is truncated there); with reaction windows, each
    action may be preceded by one decline of every seat not to move (a window opens only when
    some seat is not to move, and a seat that declined is not asked again before the next
    action): at most ``n - 1`` declines an action, so ``cap × n`` in all; without, ``cap``.
    The rules' own bound is shorter in every game (none of them runs near its cap of 20 times
    its typical length), but it is not derived here: this is the adapter's bound.
    """
    return cap * (game.players if reactions and game.players > 1 else 1)


def _parameters(info: GameInfo) -> dict[str, Any]:
    params: dict[str, Any] = {"players": info.default_players or info.min_players, "deals": 0,
                              "reactions": False, "max_actions": 0, "recall": RECALL}
    for spec in info.options:
        if isinstance(spec.default, bool | int | float | str):
            params[spec.name] = spec.default
    return params


def _game_type(info: GameInfo, utility: pyspiel.GameType.Utility | None = None,
               tensor: bool = True) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"ludus: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # per player count (see _utility); the registered type says general-sum
        utility=utility if utility is not None else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(info),
    )


def _utility(game: Game[Any]) -> pyspiel.GameType.Utility:
    if game.info.cooperative:
        return pyspiel.GameType.Utility.IDENTICAL
    if game.players >= 2:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


class _Seen(dict[int, tuple[Turns, int, int, Any]]):
    """Each seat's observation at one position of the game (its turn order, steps and declines),
    so that recording it before the seat's action costs nothing when a learner has just asked for
    it. Never copied: a clone or a pickle starts empty (an entry is checked before it is used)."""

    def get_for(self, turns: Turns, seat: int) -> Any:
        """The observation of ``seat`` at ``turns``'s position now, computed once (read-only)."""
        entry = self.get(seat)
        if entry is not None and entry[0] is turns and entry[1] == turns.steps \
                and entry[2] == len(turns.asked):
            return entry[3]
        seen = observation(turns.game, turns.state, seat)
        seen.setflags(write=False)
        self[seat] = (turns, turns.steps, len(turns.asked), seen)
        return seen

    def __deepcopy__(self, memo: dict[int, Any]) -> _Seen:
        return _Seen()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Seen, ())


class LudusSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A ludus game and player count as a ``pyspiel.Game``."""

    ludus_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = registry.game_class(self.ludus_id).info
        values = {**_parameters(info), **(params or {})}
        options = {k: v for k, v in values.items() if k not in _OWN}
        self.ludus: Game[Any] = ludus.load(self.ludus_id, players=int(values["players"]), **options)
        game = self.ludus
        self.reacting = tuple(range(game.players)) if values["reactions"] else ()
        self.cap = int(values["max_actions"]) or game.action_cap
        self.deals = int(values["deals"])
        if self.deals < 0:
            raise ValueError(f"deals must be >= 0, got {self.deals}")
        self.deal_nodes = DEAL_NODES if self.deals == 0 else 1
        """How many chance nodes open a game (they choose its seed)."""
        outcomes = 2**DEAL_BITS if self.deals == 0 else self.deals
        self.outcomes = [(k, 1.0 / outcomes) for k in range(outcomes)]
        """One opening chance node's outcomes (the same at each: made once)."""
        self.recall = int(values["recall"])
        self.num_actions = game.num_distinct_actions + (1 if self.reacting else 0)
        self.infostate = (InfoStateLayout(game, self.num_actions, self.recall)
                          if game.observation_layout.size else None)
        """The information-state tensor's layout (``None``: the game declares no observation)."""
        self.utility = _utility(game)
        game_type = _game_type(info, self.utility, tensor=self.infostate is not None)
        low, high = utility_bounds(game)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.num_actions,
            max_chance_outcomes=outcomes,
            num_players=game.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if self.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=max_game_length(game, self.cap, bool(self.reacting)),
        )
        super().__init__(game_type, game_info, values)

    def new_initial_state(self) -> LudusSpielState:
        """A new game: its first nodes are the chance nodes that pick the seed."""
        return LudusSpielState(self)

    def deal_actions(self, seed: int) -> list[int]:
        """The opening chance outcomes that deal ludus seed ``seed`` (to replay a given game)."""
        if self.deals:
            if not 0 <= seed < self.deals:
                raise ValueError(f"seed must be in 0 … {self.deals - 1}, got {seed}")
            return [seed]
        if not 0 <= seed < 2 ** (DEAL_BITS * DEAL_NODES):
            raise ValueError(f"seed must be in 0 … 2**{DEAL_BITS * DEAL_NODES} - 1, got {seed}")
        mask = 2**DEAL_BITS - 1
        return [(seed >> (DEAL_BITS * k)) & mask for k in range(DEAL_NODES)]

    def dealt_state(self, seed: int) -> LudusSpielState:
        """A new game dealt with ludus seed ``seed`` (its chance nodes played)."""
        state = self.new_initial_state()
        for action in self.deal_actions(seed):
            state.apply_action(action)
        return state

    def max_chance_nodes_in_history(self) -> int:
        """The opening chance nodes (there are no others)."""
        return self.deal_nodes

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LudusObserver:
        """The information-state observer (perfect recall) or the observation observer."""
        perfect = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return LudusObserver(self, perfect)


class LudusSpielState(pyspiel.State):  # type: ignore[misc]
    """A ``pyspiel.State`` around a :class:`~ludus.rl.table.Turns` (after the opening chance nodes)."""

    def __init__(self, game: LudusSpielGame) -> None:
        super().__init__(game)
        self._turns_or_none: Turns | None = None
        self._deal: list[int] = []
        self._records = [SeatRecord(game.recall) for _ in range(game.ludus.players)]
        self._seen = _Seen()

    @classmethod
    def at(cls, game: LudusSpielGame, turns: Turns) -> LudusSpielState:
        """A state of ``game`` at a position already dealt (``turns``, of ``game.ludus``); the seats'
        records and the history start empty (a bot searching from a position it was handed)."""
        state = cls(game)
        state._turns_or_none = turns
        return state

    @property
    def turns(self) -> Turns:
        """The ludus state and its turn order (an error before the deal)."""
        if self._turns_or_none is None:
            raise pyspiel.SpielError("the game has not been dealt yet")
        return self._turns_or_none

    @property
    def seed(self) -> int | None:
        """The ludus seed the opening chance nodes chose (``None`` until they all have)."""
        game = self.get_game()
        if len(self._deal) < game.deal_nodes:
            return None
        if game.deals:
            return self._deal[0]
        return sum(part << (DEAL_BITS * k) for k, part in enumerate(self._deal))

    def records(self, player: int) -> SeatRecord:
        """What ``player`` did and saw (:class:`~ludus.rl.infostate.SeatRecord`)."""
        return self._records[player]

    def observed(self, player: int) -> Any:
        """``player``'s observation now (a read-only float32 array; ``None`` before the deal)."""
        if self._turns_or_none is None:
            return None
        return self._seen.get_for(self._turns_or_none, player)

    def current_player(self) -> int:
        """``CHANCE`` before the deal, then the selected seat, or ``TERMINAL``."""
        if self._turns_or_none is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._turns_or_none.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        """Over, or stopped at the cap."""
        return self._turns_or_none is not None and self._turns_or_none.seat is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """One opening node's outcomes, equally likely: 9 bits of the seed, or one of ``deals`` seeds."""
        outcomes: list[tuple[int, float]] = self.get_game().outcomes
        return outcomes

    def _legal_actions(self, player: int) -> list[int]:
        return self.turns.legal_ids(player)

    def _apply_action(self, action: int) -> None:
        if self._turns_or_none is None:
            self._deal.append(int(action))
            seed = self.seed
            if seed is not None:
                g = self.get_game()
                self._turns_or_none = Turns(g.ludus, g.ludus.new_state(seed), g.reacting, g.cap)
            return
        turns = self.turns
        seat = turns.seat
        if seat is None:  # over: Turns.play says so
            turns.play(int(action))
            return
        record = self._records[seat]
        seen = self._seen.get_for(turns, seat) if record.recall else None
        turns.play(int(action))
        record.add(int(action), seen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        turns = self.turns
        if turns.reacting and action == turns.pass_id:
            return "pass"
        return turns.game.action_space.decode(int(action), max(player, 0)).notation()

    def returns(self) -> list[float]:
        """Utilities: 0 before the end and when stopped at the cap (see the module's documentation)."""
        turns = self._turns_or_none
        n = self.get_game().ludus.players
        if turns is None or not turns.terminal:
            return [0.0] * n
        values = [float(v) for v in turns.state.returns()]
        if self.get_game().get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
            mean = sum(values) / n
            values = [v - mean for v in values]
        return values

    def information_state_json(self, player: int, own_actions: bool = True) -> str:
        """The seat's information state as JSON (see the module's documentation)."""
        if self._turns_or_none is None:
            return json.dumps({"seat": player})
        turns = self.turns
        data: dict[str, Any] = {"seat": player, "view": turns.state.view(player),
                                "turn": [turns.seat, turns.window, sorted(turns.asked)]}
        if own_actions:
            data["actions"] = self._records[player].actions
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudusSpielState:
        """A state ``player_id`` cannot tell from this one, through ``determinize``, with a history of
        the same length and the same move number (see the module's documentation)."""
        seed = int(probability_sampler() * 2**53)
        turns = self.turns.clone()
        turns.state = self.turns.state.determinize(player_id, seed)
        # The C++ history can only be written through deserialization: the seat's own actions kept,
        # every entry it did not see unknown (-1); the Python attributes are set afterwards.
        seen = ",".join(f"{p}:{a if p == player_id else pyspiel.INVALID_ACTION}"
                        for p, a in ((e.player, e.action) for e in self.full_history()))
        text = f"history={seen}\nmove_number={self.move_number()}\n__dict__={_NO_ATTRIBUTES}"
        other: LudusSpielState = self.get_game().deserialize_state(text)
        other._turns_or_none = turns
        other._deal = list(self._deal)
        other._records = [r.copy() if p == player_id else SeatRecord(r.recall)
                          for p, r in enumerate(self._records)]
        return other

    def __str__(self) -> str:
        if self._turns_or_none is None:
            return f"(not dealt: {len(self._deal)} of {self.get_game().deal_nodes} chance outcomes)"
        return self.turns.game.render(self.turns.state.view(None), None)


class LudusObserver:
    """OpenSpiel's observer interface (``tensor``, ``dict``, ``set_from``, ``string_from``).

    With ``perfect_recall`` the tensor is the information-state tensor (:mod:`ludus.rl.infostate`;
    ``None`` when the game declares no observation, and then :meth:`set_from` raises), otherwise the
    observation tensor; ``dict`` names their slices.
    """

    def __init__(self, game: LudusSpielGame, perfect_recall: bool) -> None:
        self.game = game.ludus
        self.perfect_recall = perfect_recall
        self.infostate = game.infostate if perfect_recall else None
        layout = self.infostate.layout if self.infostate is not None else self.game.observation_layout
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, Any] = {}
        if perfect_recall and self.infostate is None:
            return
        self.tensor = np.zeros(layout.size, np.float32)
        for piece in layout.slices:
            if piece.size or not perfect_recall:
                self.dict[piece.name] = self.tensor[piece.start:piece.stop]

    def set_from(self, state: LudusSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s information state, or its observation."""
        if self.tensor is None:
            raise pyspiel.SpielError(
                f"{self.game.info.id} declares no observation, so it has no information-state tensor")
        seen = state.observed(player)
        if self.infostate is not None:
            self.infostate.fill(self.tensor, seen, state.records(player))
        elif seen is not None:
            self.tensor[:] = seen
        else:
            self.tensor[:] = 0.0  # before the deal: nothing seen

    def string_from(self, state: LudusSpielState, player: int) -> str:
        """``player``'s information-state string, or its observation string."""
        return state.information_state_json(player, own_actions=self.perfect_recall)


def register() -> list[str]:
    """Register every installed ludus game that has a fixed action numbering; return their OpenSpiel names.

    Safe to call again (a game already registered is skipped).
    """
    done: list[str] = []
    known = set(pyspiel.registered_names())
    for info in registry.games():
        game_id = info.id
        game = ludus.load(game_id)
        if game.num_distinct_actions == 0:
            continue
        name = short_name(game_id)
        if name not in known:
            game_class = type(f"Spiel_{name}", (LudusSpielGame,), {"ludus_id": game_id})
            pyspiel.register_game(_game_type(info, tensor=game.observation_layout.size > 0), game_class)
        done.append(name)
    return done
